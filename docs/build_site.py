"""Build the documentation site: the pages, the API reference, the example notebooks with their
outputs, and live tables in the pages with an offline JupyterLite.

    python docs/build_site.py            # -> docs/_build/site/ (serve it with any static server)

Run it with an interpreter that has ``docs/requirements-site.txt`` and pyramide-widget installed
(``.ci/run`` shows how). Sphinx reads ``docs/conf.py``; the package's own extension
(``pyramide_widget.sphinx``) builds the site's JupyterLite into ``lite/`` as for any other site.
Every build starts from an empty output; the executed notebooks are cached by content in
``docs/_build/jupyter_cache``, Pyodide and the wheels in ``docs/_build/cache``. Warnings are
errors. ``--if-changed`` does nothing when the output's stamp matches the inputs.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import shutil
import sys
import time
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(DOCS / "_ext"))

import site_data  # noqa: E402 (docs/_ext, put on the path above)

OUTPUT = DOCS / "_build" / "site"
DOCTREES = DOCS / "_build" / "doctrees"
STAMP = ".pyramide-docs-site.json"
TOOLS = (
    "sphinx",
    "myst-nb",
    "myst-parser",
    "furo",
    "jupyterlite-core",
    "jupyterlite-pyodide-kernel",
    "anywidget",
    "ipywidgets",
    "jupyterlab-widgets",
    "matplotlib",
)
# Generated or built here, never sources of the site.
NOT_SOURCES = ("_build", "notebooks")
COMPILED = (".so", ".pyd")  # the solver's compiled search: the site's wheel leaves it out


def sources() -> list[Path]:
    """Every file the site is built from: the package as the site's wheel has it, the example
    notebooks, the pages, pictures, configuration and extension, the README (its list of test
    steps is included in the testing page) and the benchmarks' results the tables draw."""
    package = [
        path
        for path in (ROOT / "pyramide_widget").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in COMPILED
    ]
    pages = [
        path
        for path in DOCS.rglob("*")
        if path.is_file()
        and not set(path.relative_to(DOCS).parts[:1]) & set(NOT_SOURCES)
        and "__pycache__" not in path.parts
    ]
    examples = sorted((ROOT / "examples").glob("*.ipynb"))
    extra = [ROOT / "README.md", ROOT / "pyproject.toml", *site_data.BENCHMARK_SOURCES]
    return sorted({*package, *pages, *examples, *extra})


def files_hash() -> str:
    digest = hashlib.sha256()
    for path in sources():
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def tool_versions() -> dict[str, str | None]:
    versions: dict[str, str | None] = {}
    for name in TOOLS:
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
        print(f"[docs/build_site] {output} is up to date", flush=True)
        return output
    from sphinx.cmd.build import build_main

    started = time.monotonic()
    shutil.rmtree(output, ignore_errors=True)
    shutil.rmtree(DOCTREES, ignore_errors=True)
    inputs = files_hash()
    status = build_main(
        ["-b", "html", "-W", "--keep-going", "-q", "-d", str(DOCTREES), str(DOCS), str(output)]
    )
    if status:
        raise SystemExit(f"[docs/build_site] sphinx-build failed ({status})")
    (output / STAMP).write_text(
        json.dumps({"files": inputs, "tools": tool_versions()}, indent=2), encoding="utf-8"
    )
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    print(
        f"[docs/build_site] built {output} ({size / 1e6:.0f} MB) in "
        f"{time.monotonic() - started:.0f} s",
        flush=True,
    )
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
