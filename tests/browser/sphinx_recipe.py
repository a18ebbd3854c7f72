"""The guide's recipe for a live table in your own Sphinx docs, as a reader follows it.

``recipe()`` reads the three steps of "Your own docs" in ``docs/guides/jupyterlite.md`` (the
install command, the line of ``conf.py``, the directive), ``build_project`` makes a fresh Sphinx
project of exactly those lines and builds it with the guide's command, and ``serve`` serves a
folder on 127.0.0.1 with the MIME types a browser insists on. ``static_site_recipe()`` reads
the guide's "Any other static site": its commands and its ``<iframe>``. Used by
``test_sphinx_recipe_browser.py``, ``test_iframe_recipe_browser.py`` and
``benchmarks/bench_docs_table.py``.
"""

from __future__ import annotations

import functools
import re
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "guides" / "jupyterlite.md"
SECTION = "## Your own docs"
STATIC_SECTION = "## Any other static site"
FENCE = re.compile(r"^ *```(\w+)\n(.*?)^ *```$", re.MULTILINE | re.DOTALL)
BUILD_COMMAND = re.compile(r"`(sphinx-build [^`]+)`")
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".ipynb": "application/json",
}


@dataclass(frozen=True)
class Recipe:
    install: str
    configuration: str
    directive: str
    build: list[str]


@dataclass(frozen=True)
class StaticSiteRecipe:
    commands: list[list[str]]  # the shell block's commands, split into words
    iframe: str


def _section(guide: Path, title: str) -> str:
    text = guide.read_text(encoding="utf-8")
    return text[text.index(title) : text.index("\n## ", text.index(title) + 1)]


def static_site_recipe(guide: Path = GUIDE) -> StaticSiteRecipe:
    """The guide's commands for any other static site, and its ``<iframe>`` as written."""
    blocks = dict(FENCE.findall(_section(guide, STATIC_SECTION)))
    commands = [
        line.split("#", 1)[0].split()
        for line in _dedent(blocks["bash"]).splitlines()
        if line.split("#", 1)[0].strip()
    ]
    return StaticSiteRecipe(commands, _dedent(blocks["html"]))


def recipe(guide: Path = GUIDE) -> Recipe:
    """The three steps as the guide writes them, and its build command."""
    section = _section(guide, SECTION)
    blocks = [(info, _dedent(body)) for info, body in FENCE.findall(section)]
    assert [info for info, _ in blocks[:3]] == ["bash", "python", "rst"], blocks
    command = BUILD_COMMAND.search(section)
    assert command is not None, "the guide gives no sphinx-build command"
    return Recipe(blocks[0][1], blocks[1][1], blocks[2][1], command[1].split())


def _dedent(body: str) -> str:
    lines = body.splitlines()
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    return "\n".join(line[indent:] for line in lines) + "\n"


def build_project(steps: Recipe, folder: Path, sphinx_build: Path) -> Path:
    """A fresh project of the guide's lines, built by its command; returns the HTML folder."""
    folder.mkdir(parents=True)
    (folder / "conf.py").write_text(steps.configuration, encoding="utf-8")
    (folder / "index.rst").write_text(f"A game\n======\n\n{steps.directive}", encoding="utf-8")
    command = [str(sphinx_build), *steps.build[1:]]
    result = subprocess.run(command, cwd=folder, capture_output=True, text=True)
    if result.returncode:
        raise AssertionError(
            f"{' '.join(command)} failed:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
        )
    return folder / steps.build[-1]


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``folder`` on a free 127.0.0.1 port; yields its address."""

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {  # noqa: RUF012 (the handler class's own table, never mutated)
            **SimpleHTTPRequestHandler.extensions_map,
            **MIME_TYPES,
        }

        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)
