"""The WebAssembly engine where it runs: in Pyodide, under Node, offline.

The module is built afresh from the C sources (``build_compiled.py``: clang for wasm32-wasi) and
``tests/pyodide/agreement.py`` runs in the pinned npm package ``pyodide`` (``js/package-lock.json``)
against it: the deals of the native-against-Python tests (answers, lines, node counts, budgets,
hints, ``optimal=True``, the pile games, the verdict without lines) with the WebAssembly engine
against pure Python, the module's memory over many solves, and the fallback to pure Python of a
corrupt module and of a run that traps.

Without Node, ``npm ci --prefix js`` or clang the test is skipped; where
``PYRAMIDE_REQUIRE_BROWSER`` (Pyodide) or ``PYRAMIDE_REQUIRE_WASM`` (clang) is set, as in CI, it
fails instead.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from compiled_build import build_script

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "js" / "node_modules" / "pyodide" / "pyodide.mjs"
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"


def _missing(what: str, variable: str) -> None:
    if os.environ.get(variable):
        pytest.fail(f"{variable} is set but {what}")
    pytest.skip(what)


@pytest.fixture(scope="module")
def fresh_module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The WebAssembly module built now from the C sources."""
    script = build_script()
    try:
        return Path(script.build_wasm(tmp_path_factory.mktemp("wasm")))
    except RuntimeError as error:
        _missing(
            f"the WebAssembly module cannot be built here: {error}", script.REQUIRE_WASM_VARIABLE
        )
        raise


def _run_in_pyodide(*arguments: str, mount: Path) -> subprocess.CompletedProcess[str]:
    if shutil.which("node") is None or not PYODIDE.is_file():
        _missing(
            "no Node or no js/node_modules/pyodide (npm ci --prefix js)", "PYRAMIDE_REQUIRE_BROWSER"
        )
    return subprocess.run(
        ["node", str(RUNNER), "--mount", f"{mount}:/fresh", *arguments],
        capture_output=True,
        text=True,
        timeout=1_800,
    )


def test_the_module_imports_nothing(fresh_module: Path) -> None:
    """No WASI or other imports: it runs wherever WebAssembly does, given no host functions."""
    code = (
        "const m = new WebAssembly.Module(require('fs').readFileSync(process.argv[1]));"
        "console.log(JSON.stringify([WebAssembly.Module.imports(m), "
        "WebAssembly.Module.exports(m).map(e => e.name)]))"
    )
    if shutil.which("node") is None:
        _missing("no Node", "PYRAMIDE_REQUIRE_BROWSER")
    done = subprocess.run(
        ["node", "-e", code, str(fresh_module)], capture_output=True, text=True, check=True
    )
    imports, exports = json.loads(done.stdout)
    assert imports == []
    assert {"memory", "reserve", "release", "run_search", "run_piles"} <= set(exports)


def test_in_pyodide_the_wasm_engine_gives_the_python_answers(fresh_module: Path) -> None:
    done = _run_in_pyodide(
        "tests/pyodide/agreement.py",
        f"/fresh/{fresh_module.name}",
        "1000",
        mount=fresh_module.parent,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    checked = report["checked"]
    assert checked["presets"] >= 50 and checked["knobs"] >= 200 and checked["pile presets"] >= 40
    assert checked["optimal knobs"] and checked["budgets"] and checked["hints"]
    assert checked["verdicts"] >= 300  # the verdict without lines: the same answers and nodes
    assert checked["traps"] == 2  # a trap mid-run: that solve in pure Python, then the module
    assert report["memory_after"] == report["memory_before"]  # flat over a thousand solves
