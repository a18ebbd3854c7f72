"""The built documentation site for the tests that read it (``docs/build_site.py``).

With an interpreter that has ``docs/requirements-site.txt`` and the package installed (the one
``PYRAMIDE_DOCS_PYTHON`` names, else ``docs/_build/venv``'s where the docs say to make it, else
this one if it has them), the fixture rebuilds the site when a source changed
(``--if-changed``); otherwise a missing or stale site skips the tests that need it, or fails
them under ``PYRAMIDE_REQUIRE_BROWSER`` (CI).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD_SCRIPT = ROOT / "docs" / "build_site.py"
DOCS_PYTHON_ENV = "PYRAMIDE_DOCS_PYTHON"
DOCS_VENV_PYTHON = ROOT / "docs" / "_build" / "venv" / "bin" / "python"
REQUIRED = bool(os.environ.get("PYRAMIDE_REQUIRE_BROWSER"))


def load_build_site() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pyramide_docs_build_site", BUILD_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def docs_python() -> str | None:
    """The interpreter of the documentation site's environment, if there is one."""
    explicit = os.environ.get(DOCS_PYTHON_ENV)
    if explicit:
        return explicit
    if (DOCS_VENV_PYTHON.parent / "sphinx-build").is_file():  # made with requirements-site.txt
        return str(DOCS_VENV_PYTHON)
    if all(importlib.util.find_spec(name) for name in ("sphinx", "myst_nb", "jupyterlite_sphinx")):
        return sys.executable
    return None


@pytest.fixture(scope="session")
def docs_site() -> Path:
    """The built site, rebuilt first if its sources changed and a build environment exists."""
    build_site = load_build_site()
    python = docs_python()
    if python is not None:
        started = time.monotonic()
        result = subprocess.run(
            [python, str(BUILD_SCRIPT), "--if-changed"], cwd=ROOT, capture_output=True, text=True
        )
        if result.returncode:
            pytest.fail(
                f"docs/build_site.py failed:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
            )
        print(f"documentation site ready in {time.monotonic() - started:.1f}s")
    output: Path = build_site.OUTPUT
    if not build_site.is_current(output, check_tools=False):
        reason = (
            f"the documentation site in {output} is missing or older than its sources; build it "
            f"with 'python docs/build_site.py' (docs/requirements-site.txt installed) or set "
            f"{DOCS_PYTHON_ENV}"
        )
        if REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    return output
