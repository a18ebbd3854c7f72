"""``python -m pyramide_widget lite OUTDIR`` builds a whole offline JupyterLite site, in the
environment that has the lite extra's tools (the documentation site's, ``tests/docs_site.py``).

The same builder makes the documentation site's JupyterLite, which the browser tests play
(tests/browser/test_jupyterlite.py); here the command's own site is checked file by file: the
example notebooks with the Pyodide kernel, the installed package as a pure wheel, the local
Pyodide, nothing off the site.
"""

from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import pytest
from docs_site import REQUIRED, docs_python

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def lite_command_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    python = docs_python()
    if python is None:
        reason = "no environment with the lite extra's tools (see tests/docs_site.py)"
        if REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    site = tmp_path_factory.mktemp("lite") / "site"
    result = subprocess.run(
        [python, "-m", "pyramide_widget", "lite", str(site)],
        capture_output=True,
        text=True,
        cwd=tmp_path_factory.mktemp("elsewhere"),  # the package is found installed, not here
    )
    assert result.returncode == 0, result.stderr[-4000:]
    return site, result.stdout


def test_the_site_has_the_example_notebooks_with_the_browser_kernel(
    lite_command_site: tuple[Path, str],
) -> None:
    site, out = lite_command_site
    assert f"wrote {site}" in out and "offline" in out
    examples = sorted((ROOT / "examples").glob("*.ipynb"))
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == [p.name for p in examples]
    for example in examples:
        notebook = json.loads((site / "files" / example.name).read_text(encoding="utf-8"))
        assert notebook["metadata"]["kernelspec"]["name"] == "python"
        original = json.loads(example.read_text(encoding="utf-8"))
        assert [c["source"] for c in notebook["cells"]] == [c["source"] for c in original["cells"]]


def test_the_site_carries_the_installed_package_as_a_pure_wheel_preloaded(
    lite_command_site: tuple[Path, str],
) -> None:
    site, _ = lite_command_site
    (wheel,) = (site / "pypi").glob("pyramide_widget-*-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "pyramide_widget/widget/static/widget.js" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc"))]
    # The solver's WebAssembly module travels with it wherever the install built it.
    built = sorted(p.name for p in (ROOT / "pyramide_widget" / "solver").glob("*.wasm"))
    assert sorted(n.split("/")[-1] for n in names if n.endswith(".wasm")) == built
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    assert lock["packages"]["pyramide-widget"]["file_name"] == wheel.name
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert not list(site.rglob("*.map"))  # no source maps unless asked for


def test_the_kernel_starts_from_the_lock_with_byte_code_and_the_console_without_a_drive(
    lite_command_site: tuple[Path, str],
) -> None:
    site, _ = lite_command_site
    static = site / "static" / "pyodide"
    data = json.loads((static / "pyodide-lock.json").read_text("utf-8"))
    lock = data["packages"]
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    # Everything the kernel would install one by one at start is loaded from the lock file.
    preload = kernel["loadPyodideOptions"]["packages"]
    assert set(preload) >= {"micropip", "piplite", "ipykernel", "pyodide-kernel", "ipython"}
    assert preload[-1] == "pyramide-widget"
    assert all(name in lock and (static / lock[name]["file_name"]).is_file() for name in preload)
    # The libraries are byte code for Pyodide's Python only; pyramide-widget keeps its sources.
    tag = "cpython-" + "".join(data["info"]["python"].split(".")[:2])
    with zipfile.ZipFile(static / lock["ipython"]["file_name"]) as archive:
        names = archive.namelist()
    assert "IPython/core/interactiveshell.pyc" in names
    assert not [n for n in names if n.endswith(".py")]
    # So is the standard library, which Pyodide's npm package ships as sources.
    with zipfile.ZipFile(static / "python_stdlib.zip") as archive:
        names = archive.namelist()
    assert "asyncio/base_events.pyc" in names
    assert not [n for n in names if n.endswith(".py")]
    with zipfile.ZipFile(static / lock["pyramide-widget"]["file_name"]) as archive:
        names = archive.namelist()
    assert "pyramide_widget/engine/game.py" in names
    assert f"pyramide_widget/engine/__pycache__/game.{tag}.pyc" in names
    # The console that shows the tables runs without the service worker, so no drive.
    repl = json.loads((site / "repl" / "jupyter-lite.json").read_text(encoding="utf-8"))
    assert repl["jupyter-config-data"]["disabledExtensions"] == [
        "@jupyterlite/application-extension:service-worker-manager"
    ]
