"""The compiled cores as a WebAssembly module (``solver_cores.wasm``, built by
``build_compiled.py`` from ``wasm_cores.c``), run in Pyodide through its JavaScript bridge.

The module imports nothing; Python copies a run's words into its memory, runs a core and copies
the answer's words out, so it answers exactly as the CPython extension does."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

MODULE_FILE = Path(__file__).with_name("solver_cores.wasm")
_NO_MEMORY = "the WebAssembly search ran out of memory"


class WasmUnavailable(Exception):
    """Why the WebAssembly module cannot run in this interpreter."""


class WasmTrap(RuntimeError):
    """The module stopped with a trap during a run (its memory may be inconsistent after it, so
    it is instantiated afresh); the solve is left to pure Python."""


class WasmCores:
    """The module, instantiated: :meth:`search` and :meth:`piles` take and return words
    (:mod:`.wire`)."""

    def __init__(self, wasm: bytes) -> None:
        self.js: Any = importlib.import_module("js")  # Pyodide's bridge to JavaScript
        to_js = importlib.import_module("pyodide.ffi").to_js
        self.module = self.js.WebAssembly.Module.new(to_js(wasm))
        self.imports = to_js({}, dict_converter=self.js.Object.fromEntries)
        self.exports: Any = None
        self._instantiate()

    def _instantiate(self) -> None:
        self.exports = self.js.WebAssembly.Instance.new(self.module, self.imports).exports

    def search(self, words: bytes) -> bytes:
        return self._run("run_search", words)

    def piles(self, words: bytes) -> bytes:
        return self._run("run_piles", words)

    def memory_bytes(self) -> int:
        """The module's memory now (it grows, and never shrinks)."""
        return int(self.exports.memory.buffer.byteLength)

    def _view(self, pointer: int, length: int) -> Any:
        """Bytes of the module's memory (its buffer is new whenever the memory grows)."""
        return self.js.Uint8Array.new(self.exports.memory.buffer, pointer, length)

    def _run(self, core: str, words: bytes) -> bytes:
        exports = self.exports
        count = len(words) // 4
        pointer = exports.reserve(count)
        if not pointer:
            raise MemoryError(_NO_MEMORY)
        try:
            self._view(pointer, len(words)).assign(words)
            status = getattr(exports, core)(pointer, count)
        except Exception as error:  # a trap: JavaScript's RuntimeError, through the bridge
            self._instantiate()
            raise WasmTrap(f"the WebAssembly search stopped: {error}") from error
        exports.release(pointer)
        if status == 1:
            message = exports.error_message()
            length = min(200, self.memory_bytes() - message)
            raise ValueError(bytes(self._view(message, length).to_bytes()).split(b"\0")[0].decode())
        if status != 0:
            raise MemoryError(_NO_MEMORY)
        answer = exports.answer_pointer()
        try:
            return bytes(self._view(answer, 4 * exports.answer_length()).to_bytes())
        finally:
            exports.release(answer)


def load() -> WasmCores:
    """The module of this installation, instantiated; :class:`WasmUnavailable` says why not."""
    if sys.platform != "emscripten":
        raise WasmUnavailable("the WebAssembly search runs in Pyodide, not in this interpreter")
    if not MODULE_FILE.is_file():
        raise WasmUnavailable(
            f"{MODULE_FILE.name} is not in this installation (a wheel built without clang)"
        )
    try:
        return WasmCores(MODULE_FILE.read_bytes())
    except Exception as error:  # a corrupt file: the bridge raises JavaScript's own error
        raise WasmUnavailable(f"{MODULE_FILE.name} does not load: {error}") from error
