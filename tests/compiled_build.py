"""The compiled searches built afresh from their C sources, for the tests that compare them with
pure Python: they judge the source as it is, never a library left over from an older install.

Where no C compiler is present the tests that use them are skipped; where
``PYRAMIDE_REQUIRE_COMPILED`` is set (CI), a build that fails is a failure, never a skip.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = bool(os.environ.get("PYRAMIDE_REQUIRE_COMPILED"))


def build_script() -> Any:
    """``build_compiled.py``, loaded as a module."""
    spec = importlib.util.spec_from_file_location("build_compiled", ROOT / "build_compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fresh_module(directory: Path) -> ModuleType:
    """The extension (the cores and their CPython binding) compiled now into ``directory`` and
    loaded."""
    script = build_script()
    try:
        library = script.build(directory)
    except RuntimeError as error:
        message = (
            f"the compiled search cannot be built here, the solver runs in pure Python: {error}"
        )
        if REQUIRED:
            pytest.fail(f"PYRAMIDE_REQUIRE_COMPILED is set but {message}")
        pytest.skip(message)
    spec = importlib.util.spec_from_file_location("pyramide_widget.solver._compiled", library)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
