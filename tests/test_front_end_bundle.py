"""The front end anywidget loads, ``pyramide_widget/widget/static/widget.js``, is the bundle of
the modules under ``js/src`` (``npm run build --prefix js``), each with one job. The bundle is
committed, so that installing the package needs no Node; these tests make sure it is never
stale, and that the sources stay modules a newcomer can read."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = ROOT / "pyramide_widget" / "widget" / "static" / "widget.js"
SOURCES = ROOT / "js" / "src"
ESBUILD = ROOT / "js" / "node_modules" / "esbuild"
MAX_LINES = 600
"""The longest a front-end module may grow before it is split along its jobs."""
REQUIRED = bool(os.environ.get("PYRAMIDE_REQUIRE_BROWSER"))  # CI: `npm ci --prefix js` has run


def test_the_committed_bundle_is_what_the_sources_build() -> None:
    node = shutil.which("node")
    if node is None or not (ESBUILD / "package.json").is_file():
        reason = f"Node or esbuild ({ESBUILD}) is missing: run 'npm ci --prefix js'"
        if REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    check = subprocess.run(
        [node, str(ROOT / "js" / "build.mjs"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert check.returncode == 0, check.stderr


def test_the_bundle_says_it_is_generated_from_where_and_how() -> None:
    header = BUNDLE.read_text(encoding="utf-8").split("\n\n", 1)[0]
    assert header.startswith("// Generated from js/src/")
    assert "`npm run build --prefix js`" in header


def test_the_sources_are_modules_none_too_long_the_entry_thin() -> None:
    modules = sorted(SOURCES.rglob("*.js"))
    assert len(modules) >= 6
    lengths = {
        str(path.relative_to(SOURCES)): len(path.read_text(encoding="utf-8").splitlines())
        for path in modules
    }
    assert {name: n for name, n in lengths.items() if n > MAX_LINES} == {}
    entry = (SOURCES / "widget.js").read_text(encoding="utf-8")
    assert "export default" in entry and lengths["widget.js"] < 30
