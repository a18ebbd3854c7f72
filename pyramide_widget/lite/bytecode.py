"""Byte code inside the wheels the browser's Python loads, so importing them compiles nothing.

The wheels from PyPI carry only sources, and Pyodide compiles every module it imports: IPython
and the widget libraries that the kernel imports at start take seconds to compile in a browser.
So does the standard library, which Pyodide's npm package ships as sources in
``python_stdlib.zip`` (the kernel's start imports pdb, pydoc, asyncio and more).
``add_bytecode(archive)`` compiles each ``.py`` file of a wheel or zip with the interpreter that
runs it. A library's wheel and the standard library become byte code only, as the wheels of
Pyodide's own distribution are (unpacked and imported faster); a wheel whose sources are kept
(pyramide-widget's, so that its tracebacks show their lines) gets ``__pycache__`` files beside
them, unchecked hash-based ones (PEP 552), since an unpacked file's time is the time it was
unpacked. The site's archives are compiled by Pyodide's own interpreter under Node at build time
(:func:`compile_in_pyodide`); this file is that program too, so it uses only the standard library.
"""

from __future__ import annotations

import importlib.util
import json
import py_compile
import sys
import tempfile
import warnings
import zipfile
from pathlib import Path

# Node loads Pyodide from its folder, mounts the wheels' folder as /wheels and runs this file's
# main() there; the arguments are Pyodide's folder, the wheels' folder, this file and the names
# of the wheels that keep their sources (JSON).
NODE_RUNNER = """
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
const [pyodideDir, wheels, script, keep] = process.argv.slice(-4);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: wheels }, "/wheels");
pyodide.globals.set("keep_sources", keep);
pyodide.runPython(readFileSync(script, "utf8") + "\\nmain('/wheels', keep_sources)");
"""
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
# Pyodide's standard library, a zip on the interpreter's path (beside the wheels in the site).
STDLIB = "python_stdlib.zip"


def add_bytecode(wheel: Path, keep_sources: bool) -> int:
    """Rewrite ``wheel`` (or a zip of modules, as the standard library's) with byte code for
    every ``.py`` file that compiles (in place of the file, or beside it in ``__pycache__`` if
    ``keep_sources``); returns how many it compiled."""
    with zipfile.ZipFile(wheel) as archive:
        entries = {info.filename: (info, archive.read(info)) for info in archive.infolist()}
    compiled: dict[str, bytes] = {}
    dropped: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        source, pyc = Path(tmp) / "module.py", Path(tmp) / "module.pyc"
        for name, (_, data) in entries.items():
            if not name.endswith(".py") or ".dist-info/" in name:
                continue
            source.write_bytes(data)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    py_compile.compile(
                        str(source),
                        cfile=str(pyc),
                        dfile=name,
                        doraise=True,
                        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
                    )
            except py_compile.PyCompileError:
                continue  # e.g. a template or a test written for another Python: left as source
            if keep_sources:
                compiled[importlib.util.cache_from_source(name)] = pyc.read_bytes()
            else:
                compiled[name + "c"] = pyc.read_bytes()
                dropped.append(name)
    if not compiled or any(name in entries for name in compiled):
        return 0  # nothing to compile, or compiled already
    for name in dropped:
        del entries[name]
    record = next((name for name in entries if name.endswith(".dist-info/RECORD")), None)
    if record is not None:
        info, data = entries[record]
        lines = [
            line
            for line in data.decode("utf-8").splitlines()
            if line.split(",", 1)[0] not in dropped
        ]
        lines += [f"{name},," for name in compiled]
        entries[record] = (info, ("\n".join(lines) + "\n").encode("utf-8"))
    partial = wheel.with_suffix(".partial")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for info, data in entries.values():
            archive.writestr(info, data)
        for name, data in compiled.items():
            entry = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    partial.replace(wheel)
    return len(compiled)


def main(folder: str, keep_sources: str = "[]") -> None:
    """Add byte code to every wheel in ``folder`` and to its standard library zip, if there is
    one; the wheels named in the JSON list ``keep_sources`` keep their sources."""
    keep = set(json.loads(keep_sources))
    archives = sorted(Path(folder).glob("*.whl")) + sorted(Path(folder).glob(STDLIB))
    for archive in archives:
        count = add_bytecode(archive, archive.name in keep)
        print(f"{archive.name}: {count} modules compiled for {sys.implementation.cache_tag}")


def compile_in_pyodide(wheels: Path, pyodide_dir: Path, keep_sources: list[str]) -> None:
    """Add byte code for Pyodide's Python to every wheel in ``wheels`` and to the standard
    library zip beside them (the wheels named in ``keep_sources`` keep their sources), compiled
    by the Pyodide distribution in ``pyodide_dir`` under Node."""
    import shutil

    from .errors import LiteBuildError
    from .pyodide import run

    node = shutil.which("node")
    if node is None:
        raise LiteBuildError(
            "Node is needed to compile the site's wheels (Debian: apt-get install -y nodejs)"
        )
    script = str(Path(__file__).resolve())
    arguments = [str(pyodide_dir), str(wheels), script, json.dumps(keep_sources)]
    run([node, "--input-type=module", "-e", NODE_RUNNER, "--", *arguments])
