"""Build the solver's compiled searches: the C cores (``pyramide_widget/solver/search_core.c``
and ``piles_core.c``, the search of the games with other piles) with each of their two bindings.

* The CPython extension (``_compiled.c``) is compiled with the C compiler Python was built with
  (``sysconfig``), with no download and no build tool beyond it.
* The WebAssembly module (``solver_cores.wasm``, from ``wasm_cores.c``), which Pyodide runs, is
  compiled with clang for ``wasm32-wasi`` and linked with lld against wasi-libc (Debian:
  ``apt-get install clang lld wasi-libc``); it imports nothing and runs on any platform.

``pip install -e .`` and ``pip install .`` run this through ``hatch_build.py``; run it by hand
after changing a C file::

    python build_compiled.py            # builds next to the sources, where an editable install looks

Where one cannot be built (no compiler, no Python headers, no clang for wasm32-wasi) the solver
runs in pure Python there with the same answers; ``PYRAMIDE_REQUIRE_COMPILED=1`` (CI) makes a
missing extension an error and ``PYRAMIDE_REQUIRE_WASM=1`` a missing WebAssembly module.
``PYRAMIDE_PURE_PYTHON_WHEEL=1`` skips the extension on purpose (a wheel for any platform, as the
JupyterLite sites install in Pyodide) and still builds the WebAssembly module.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

SOLVER = Path(__file__).resolve().parent / "pyramide_widget" / "solver"
CORES = (SOLVER / "search_core.c", SOLVER / "piles_core.c")
SOURCE = SOLVER / "_compiled.c"
"""The CPython binding; the extension is it and :data:`CORES`."""
WASM_SOURCE = SOLVER / "wasm_cores.c"
WASM_NAME = "solver_cores.wasm"
SKIP_VARIABLE = "PYRAMIDE_PURE_PYTHON_WHEEL"
REQUIRE_VARIABLE = "PYRAMIDE_REQUIRE_COMPILED"  # CI: an extension that fails is an error
REQUIRE_WASM_VARIABLE = "PYRAMIDE_REQUIRE_WASM"  # CI: a WebAssembly module that fails is an error
CLANG = "clang"
WASM_FLAGS = (
    "--target=wasm32-wasi",
    "-O3",
    "-DNDEBUG",
    "-fwrapv",
    "-nostartfiles",  # a library of exported functions: no entry point, no WASI start-up
    "-nodefaultlibs",
    "-lc",  # wasi-libc's malloc and string functions, which import nothing
    "-Wl,--no-entry",
    "-Wl,-z,stack-size=8388608",  # the native stack's room (8 MB) for the searches' frames
    "-Wl,--stack-first",  # a stack that overflows traps instead of writing over the data
    "-mexception-handling",  # setjmp/longjmp lowered onto WebAssembly exceptions
    "-mllvm",
    "-wasm-enable-sjlj",
)


def library_name() -> str:
    """The file name Python imports the extension from on this interpreter."""
    return SOURCE.stem + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")


def _compile(command: list[str], target: Path) -> Path:
    """Run ``command``, which writes ``target``'s ``.part`` file, then move it in place, so a
    half-written file is never left; ``RuntimeError`` with the compiler's message on failure."""
    partial = target.with_name(target.name + ".part")
    done = subprocess.run([*command, "-o", str(partial)], capture_output=True, text=True)
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        raise RuntimeError(f"{shlex.join(command)} failed:\n{done.stderr.strip()}")
    os.replace(partial, target)
    return target


def build(output_dir: Path) -> Path:
    """Compile the CPython extension into ``output_dir``; its path. ``RuntimeError`` says why
    it could not be built (no compiler, no headers, a compile error)."""
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")
    if not shutil.which(compiler[0]):
        raise RuntimeError(f"no C compiler ({compiler[0]!r} is not on PATH)")
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").is_file():
        raise RuntimeError(f"no Python headers (Python.h is not in {include})")
    output_dir.mkdir(parents=True, exist_ok=True)
    command = [*compiler, "-O3", "-shared", "-fPIC", "-fwrapv", "-DNDEBUG", f"-I{include}"]
    return _compile([*command, str(SOURCE), *map(str, CORES)], output_dir / library_name())


def build_wasm(output_dir: Path) -> Path:
    """Compile the WebAssembly module into ``output_dir``; its path. ``RuntimeError`` says why
    it could not be built (no clang, no wasm32-wasi target or wasi-libc, a compile error)."""
    if not shutil.which(CLANG):
        raise RuntimeError(f"no {CLANG} on PATH for the WebAssembly module")
    output_dir.mkdir(parents=True, exist_ok=True)
    sources = [str(WASM_SOURCE), *map(str, CORES)]
    return _compile([CLANG, *WASM_FLAGS, *sources], output_dir / WASM_NAME)


def build_all(output_dir: Path) -> list[Path]:
    """The extension and the WebAssembly module built into ``output_dir``, as far as this
    machine can, each warned about or (where required) failing when it cannot be built."""
    built = []
    builds = [(build_wasm, REQUIRE_WASM_VARIABLE, "the WebAssembly module")]
    if not os.environ.get(SKIP_VARIABLE):
        builds.insert(0, (build, REQUIRE_VARIABLE, "the compiled search"))
    for builder, required, what in builds:
        try:
            built.append(builder(output_dir))
        except RuntimeError as error:
            if os.environ.get(required):
                raise RuntimeError(
                    f"pyramide-widget: {required} is set and {what} could not be built: {error}"
                ) from error
            print(
                f"pyramide-widget: {what} was not built, the solver runs in pure Python "
                f"where it would have ({error})",
                file=sys.stderr,
            )
    return built


if __name__ == "__main__":
    try:
        for library in build_all(SOLVER):
            print(library)
    except RuntimeError as error:
        sys.exit(f"build_compiled.py: {error}")
