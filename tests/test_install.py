"""Install advice fits how the package was installed (pyramide_widget/install.py).

The installations are real metadata folders (``*.dist-info`` with or without the installer's
``direct_url.json``), read through ``importlib.metadata`` as pip's own records are."""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from pyramide_widget.install import install_command, missing_dependency

ROOT = Path(__file__).resolve().parent.parent


def _installed(tmp_path: Path, direct_url: dict | None) -> importlib.metadata.Distribution:
    """A package's metadata as pip leaves it in site-packages."""
    info = tmp_path / "pyramide_widget-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pyramide-widget\nVersion: 0.1.0\n")
    if direct_url is not None:
        (info / "direct_url.json").write_text(json.dumps(direct_url))
    return importlib.metadata.PathDistribution(info)


def test_an_editable_install_gets_the_editable_command_for_its_checkout(tmp_path):
    checkout = tmp_path / "my checkout"
    origin = {"url": checkout.as_uri(), "dir_info": {"editable": True}}
    assert (
        install_command("plot", _installed(tmp_path, origin))
        == f'pip install -e "{checkout}[plot]"'
    )


def test_an_install_from_a_folder_gets_that_folder(tmp_path):
    origin = {"url": (tmp_path / "src").as_uri(), "dir_info": {}}
    assert (
        install_command("plot", _installed(tmp_path, origin))
        == f'pip install "{tmp_path / "src"}[plot]"'
    )


@pytest.mark.parametrize(
    "direct_url",
    [None, {"url": "https://example.org/pyramide_widget-0.1.0.tar.gz", "archive_info": {}}],
    ids=["from-an-index", "from-an-archive-url"],
)
def test_a_normal_install_gets_the_package_with_its_extra(tmp_path, direct_url):
    assert (
        install_command("plot", _installed(tmp_path, direct_url))
        == 'pip install "pyramide-widget[plot]"'
    )


def test_this_checkout_installed_editable_gets_its_own_folder():
    """The test environment is the README's: ``pip install -e ".[test]"`` in this checkout."""
    assert install_command("plot") == f'pip install -e "{ROOT}[plot]"'


@pytest.mark.parametrize("extra", ["", "plot]; rm -rf ~", None])
def test_an_extra_that_is_not_a_name_is_refused(extra):
    with pytest.raises(ValueError, match="extra must be the name"):
        install_command(extra)


def test_without_matplotlib_the_plots_name_the_command_that_fits():
    """In a fresh interpreter where matplotlib cannot be imported, a chart's Axes raise ImportError
    with the editable install of this checkout (the old advice named the index package)."""
    code = (
        "import sys\n"
        "sys.modules['matplotlib'] = None  # an interpreter without matplotlib\n"
        "from pyramide_widget import Game\nfrom pyramide_widget.analysis import plot\n"
        "try:\n"
        "    plot.score_curve(Game.from_code('PY1-N-AAAAAAS')).to_matplotlib()\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.startswith("pyramide_widget.analysis.plot needs matplotlib (")
    assert out.rstrip().endswith(f'install it with: pip install -e "{ROOT}[plot]"')


def test_in_pyodide_the_advice_is_the_kernels_pip_or_no_charts(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    error = missing_dependency(
        "pyramide_widget.analysis.plot",
        "matplotlib",
        "plot",
        ImportError("No module named 'matplotlib'"),
    )
    assert isinstance(error, ImportError)
    assert "%pip install matplotlib" in str(error)
    assert "offline JupyterLite site" in str(error) and "pip install -e" not in str(error)


def test_the_wheel_ships_its_type_marker_and_front_end(tmp_path: Path) -> None:
    """A built wheel carries ``py.typed`` (type checkers read the package's hints), the
    widget's front end and the published rates, as a user's ``pip install`` gets them; and,
    pure Python as the sites' wheel is, the solver's WebAssembly module for Pyodide wherever
    clang can build it (``PYRAMIDE_REQUIRE_WASM``, as in CI, requires it)."""
    env = {**os.environ, "PYRAMIDE_PURE_PYTHON_WHEEL": "1"}
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        env=env,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("pyramide_widget-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for expected in (
        "pyramide_widget/py.typed",
        "pyramide_widget/widget/static/widget.js",
        "pyramide_widget/widget/static/widget.css",
        "pyramide_widget/analysis/published_rates.json",
    ):
        assert expected in names
    assert wheel.name.endswith("-py3-none-any.whl")
    assert not [name for name in names if name.endswith((".so", ".pyd"))]
    if shutil.which("clang") or os.environ.get("PYRAMIDE_REQUIRE_WASM"):
        assert "pyramide_widget/solver/solver_cores.wasm" in names
