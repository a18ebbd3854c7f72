"""Which engine a solve runs on: the compiled cores through the CPython extension
(``"native"``), through the WebAssembly module in Pyodide (``"wasm"``), or the pure-Python
searches (``"python"``), the reference. All three give the same answers, lines and node counts.

Each compiled binding is loaded once, at its first use. One that is present but does not load
(a corrupt file), or a WebAssembly module missing from a Pyodide install, warns once and the
solver runs in pure Python."""

from __future__ import annotations

import importlib
import os
import sys
import warnings
from typing import Protocol

from .wasm import WasmUnavailable
from .wasm import load as load_wasm

ENGINES = ("auto", "native", "wasm", "compiled", "python")
"""What ``engine=`` accepts: ``"compiled"`` is whichever compiled binding runs here."""
COMPILED = ("native", "wasm")
"""The compiled bindings, fastest first."""
ENVIRONMENT_VARIABLE = "PYRAMIDE_SOLVER"


class Cores(Protocol):
    """A binding of the compiled cores: words in, words out (:mod:`.wire`)."""

    def search(self, words: bytes) -> bytes: ...

    def piles(self, words: bytes) -> bytes: ...


_NOT_BUILT = {
    "native": "the compiled search is not built in this installation (see the solver guide: the compiled search)",
    "wasm": "the WebAssembly search is not in this installation (see the solver guide: the compiled search)",
}
_loaded: dict[str, Cores | None] = {}
_why_not: dict[str, str] = {}


def cores(name: str) -> Cores | None:
    """The binding ``name`` (``"native"`` or ``"wasm"``), loaded, or ``None`` where it cannot run
    (:func:`why_not` says why)."""
    if name not in _loaded:
        _loaded[name] = _load_native() if name == "native" else _load_wasm()
    return _loaded[name]


def why_not(name: str) -> str:
    """Why the binding ``name`` does not run here."""
    return _why_not.get(name, _NOT_BUILT[name])


def available_engines() -> list[str]:
    """The engines this interpreter can run, fastest first: ``["native", "python"]`` in CPython
    with the extension built, ``["wasm", "python"]`` in Pyodide with the module,
    ``["python"]`` elsewhere."""
    return [name for name in COMPILED if cores(name) is not None] + ["python"]


def requested(engine: str) -> str:
    """The engine asked for: the argument, with ``"auto"`` read from the environment
    (``PYRAMIDE_SOLVER``); a value not in :data:`ENGINES` is a ``ValueError``."""
    if not isinstance(engine, str) or engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(map(repr, ENGINES))}, got {engine!r}")
    if engine != "auto":
        return engine
    variable = os.environ.get(ENVIRONMENT_VARIABLE, "auto")
    if variable not in ENGINES:
        raise ValueError(
            f"the environment variable {ENVIRONMENT_VARIABLE} must be one of {', '.join(ENGINES)}, got {variable!r}"
        )
    return variable


def compiled_binding(engine: str) -> tuple[str, Cores] | tuple[None, str]:
    """For an engine asked for (not ``"python"``): the compiled binding to run, by name, or
    ``None`` with why none can."""
    names = COMPILED if engine in ("auto", "compiled") else (engine,)
    for name in names:
        binding = cores(name)
        if binding is not None:
            return name, binding
    return None, "; ".join(why_not(name) for name in names)


def _load_native() -> Cores | None:
    try:
        module: Cores = importlib.import_module("._compiled", __package__)
        return module
    except ModuleNotFoundError:
        pass  # not built here (no compiler at install): the install said so
    except ImportError as error:  # present, but this interpreter cannot load it
        _unusable("native", f"the compiled search does not load: {error}")
    return None


def _load_wasm() -> Cores | None:
    try:
        return load_wasm()
    except WasmUnavailable as error:
        if sys.platform == "emscripten":
            _unusable("wasm", str(error))
        else:
            _why_not["wasm"] = str(error)
    return None


def _unusable(name: str, reason: str) -> None:
    _why_not[name] = reason
    warnings.warn(
        f"pyramide-widget: {reason}; the solver runs in pure Python", RuntimeWarning, stacklevel=3
    )
