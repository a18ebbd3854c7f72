"""The hatchling build hook that adds the solver's compiled searches to a wheel when they build
(build_compiled.py says how, and when each is skipped): the CPython extension, which tags the
wheel for this interpreter and platform, and the WebAssembly module, which does not (a wheel
built with ``PYRAMIDE_PURE_PYTHON_WHEEL=1`` stays pure Python and carries the module for
Pyodide). Without them the solver runs in pure Python."""

from __future__ import annotations

import importlib.util
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ROOT = Path(__file__).resolve().parent


def _build_script() -> Any:
    spec = importlib.util.spec_from_file_location("build_compiled", ROOT / "build_compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CompiledSearchHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        script = _build_script()
        editable = version == "editable"
        # An editable install imports from the checkout, so the files go next to their sources.
        output = script.SOLVER if editable else Path(tempfile.mkdtemp(prefix="pyramide-compiled-"))
        for built in script.build_all(output):
            if not editable:
                build_data["force_include"][str(built)] = f"pyramide_widget/solver/{built.name}"
            if built.suffix != ".wasm":  # the extension ties the wheel to this interpreter
                build_data["pure_python"] = False
                build_data["infer_tag"] = True
