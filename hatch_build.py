"""The hatchling build hook that adds the solver's compiled searches to a wheel when they build
(build_compiled.py says how, and when it is skipped). A wheel with it is tagged for this
interpreter and platform; without it the wheel stays pure Python, and so does the solver."""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
import warnings
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
        if os.environ.get(script.SKIP_VARIABLE):
            return
        editable = version == "editable"
        # An editable install imports from the checkout, so the library goes next to its source.
        output = (
            script.SOURCE.parent
            if editable
            else Path(tempfile.mkdtemp(prefix="pyramide-compiled-"))
        )
        try:
            libraries = script.build_all(output)
        except RuntimeError as error:
            if os.environ.get(script.REQUIRE_VARIABLE):
                raise RuntimeError(
                    f"pyramide-widget: {script.REQUIRE_VARIABLE} is set and the compiled search "
                    f"could not be built: {error}"
                ) from error
            message = f"pyramide-widget: the compiled search was not built, the solver will run in pure Python ({error})"
            warnings.warn(message, stacklevel=1)
            print(message, file=sys.stderr)
            return
        if not editable:
            for library in libraries:
                build_data["force_include"][str(library)] = f"pyramide_widget/solver/{library.name}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
