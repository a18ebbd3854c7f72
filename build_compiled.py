"""Build the solver's optional compiled searches (``pyramide_widget/solver/_compiled_search.c``
and ``_compiled_piles.c``, the search of the games with other piles).

Each extension is one C file against the CPython C API: this script compiles them with the C
compiler Python was built with (``sysconfig``), with no download and no build tool beyond it.
``pip install -e .`` and ``pip install .`` run it through ``hatch_build.py``; run it by hand
after changing a C file::

    python build_compiled.py            # builds next to the sources, where an editable install looks

Where it cannot build (no compiler, no Python headers) the solver runs in pure Python with the
same answers (``PYRAMIDE_REQUIRE_COMPILED=1``, as CI sets it, makes that an error);
``PYRAMIDE_PURE_PYTHON_WHEEL=1`` skips the build on purpose (the JupyterLite
site's wheel, docs/build.py, must stay pure for Pyodide).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "pyramide_widget" / "solver" / "_compiled_search.c"
SOURCES = (SOURCE, SOURCE.with_name("_compiled_piles.c"))
SKIP_VARIABLE = "PYRAMIDE_PURE_PYTHON_WHEEL"
REQUIRE_VARIABLE = "PYRAMIDE_REQUIRE_COMPILED"  # CI: a build that fails is an error, not a warning


def library_name(source: Path = SOURCE) -> str:
    """The file name Python imports the module of ``source`` from on this interpreter."""
    return source.stem + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")


def build_all(output_dir: Path) -> list[Path]:
    """Compile every extension (:data:`SOURCES`) into ``output_dir``; their paths."""
    return [build(output_dir, source) for source in SOURCES]


def build(output_dir: Path, source: Path = SOURCE) -> Path:
    """Compile ``source`` into ``output_dir``; the library's path. ``RuntimeError`` says why
    it could not be built (no compiler, no headers, a compile error)."""
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")
    if not shutil.which(compiler[0]):
        raise RuntimeError(f"no C compiler ({compiler[0]!r} is not on PATH)")
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").is_file():
        raise RuntimeError(f"no Python headers (Python.h is not in {include})")
    output_dir.mkdir(parents=True, exist_ok=True)
    target = output_dir / library_name(source)
    partial = target.with_name(target.name + ".part")  # never leave a half-written library
    command = [
        *compiler,
        "-O3",
        "-shared",
        "-fPIC",
        "-fwrapv",
        "-DNDEBUG",
        f"-I{include}",
        str(source),
        "-o",
        str(partial),
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        raise RuntimeError(f"{shlex.join(command)} failed:\n{done.stderr.strip()}")
    os.replace(partial, target)
    return target


if __name__ == "__main__":
    try:
        for library in build_all(SOURCE.parent):
            print(library)
    except RuntimeError as error:
        sys.exit(f"build_compiled.py: {error}")
