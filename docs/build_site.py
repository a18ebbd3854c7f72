"""Build the documentation site: the pages, the API reference, the example notebooks with their
outputs, and the widget live in the pages through an offline JupyterLite.

    python docs/build_site.py            # -> docs/_build/site/ (serve it with any static server)

Run it with an interpreter that has ``docs/requirements-site.txt`` and pyramide-widget installed
(``.ci/run`` shows how). Sphinx reads ``docs/conf.py``; its extension ``_ext/pyramide_site.py``
prepares the JupyterLite folder with ``build.py``'s steps, so the site's ``lite/`` is offline in
the same way as the standalone site. Every build starts from an empty output (an incremental
JupyterLite build once dropped the local Pyodide); the executed notebooks are cached by content
in ``docs/_build/jupyter_cache``, Pyodide and the wheels in ``docs/_build/cache``. Warnings are
errors. ``--if-changed`` does nothing when the output's stamp matches the inputs.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import shutil
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import build
import site_data

DOCS = build.DOCS
ROOT = build.ROOT
OUTPUT = build.WORK / "site"
DOCTREES = build.WORK / "doctrees"
STAMP = ".pyramide-docs-site.json"
SITE_TOOLS = ("sphinx", "myst-nb", "myst-parser", "furo", "jupyterlite-sphinx", "matplotlib")
# Generated or built here, never sources of the site (JupyterLite's build database included).
NOT_SOURCES = ("_build", "_output", "notebooks", ".jupyterlite.doit.db")
DOIT_DB = DOCS / ".jupyterlite.doit.db"


def site_sources() -> list[Path]:
    """The files the site is built from besides the package and the notebooks: its pages,
    pictures, configuration and extension."""
    files = [
        path
        for path in DOCS.rglob("*")
        if path.is_file()
        and not set(path.relative_to(DOCS).parts[:1]) & set(NOT_SOURCES)
        and "__pycache__" not in path.parts
    ]
    # The README's list of extra test steps is included in the testing page; the benchmarks'
    # tables are drawn from their results files.
    return sorted([*files, ROOT / "README.md", *site_data.BENCHMARK_SOURCES])


def files_hash() -> str:
    """A hash of every input: ``build.py``'s (the package, the notebooks) and the site's."""
    return build.files_hash([*build.default_contents(), *site_sources()])


def tool_versions() -> dict[str, str | None]:
    versions = build.tool_versions()
    for name in SITE_TOOLS:
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def read_stamp(output: Path = OUTPUT) -> dict[str, Any] | None:
    try:
        return json.loads((output / STAMP).read_text())
    except (OSError, ValueError):
        return None


def is_current(output: Path = OUTPUT, check_tools: bool = True) -> bool:
    """Whether ``output`` holds a whole site built from the current inputs (the tests, which run
    in another environment, check the files only)."""
    stamp = read_stamp(output)
    if stamp is None or stamp.get("files") != files_hash():
        return False
    return not check_tools or stamp.get("tools") == tool_versions()


def build_site(output: Path = OUTPUT, if_changed: bool = False) -> Path:
    if if_changed and is_current(output):
        build.log(f"{output} is up to date")
        return output
    from sphinx.cmd.build import build_main

    started = time.monotonic()
    shutil.rmtree(output, ignore_errors=True)
    shutil.rmtree(DOCTREES, ignore_errors=True)
    DOIT_DB.unlink(missing_ok=True)
    inputs = files_hash()
    status = build_main(
        ["-b", "html", "-W", "--keep-going", "-q", "-d", str(DOCTREES), str(DOCS), str(output)]
    )
    DOIT_DB.unlink(missing_ok=True)
    if status:
        raise SystemExit(f"[docs/build_site] sphinx-build failed ({status})")
    (output / STAMP).write_text(
        json.dumps({"files": inputs, "tools": tool_versions()}, indent=2), encoding="utf-8"
    )
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    build.log(f"built {output} ({size / 1e6:.0f} MB) in {time.monotonic() - started:.0f} s")
    return output


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help="default docs/_build/site")
    parser.add_argument(
        "--if-changed",
        action="store_true",
        help="do nothing if the output was built from the same inputs",
    )
    args = parser.parse_args(argv)
    build_site(args.output.resolve(), args.if_changed)


if __name__ == "__main__":
    main()
