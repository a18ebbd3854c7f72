"""The front end anywidget loads, ``pyramide_widget/widget/static/widget.js``, is the bundle of
the modules under ``js/src`` (``npm run build --prefix js``). It is committed, so that installing
the package needs no Node; these tests make sure it is never stale."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = ROOT / "pyramide_widget" / "widget" / "static" / "widget.js"
ESBUILD = ROOT / "js" / "node_modules" / "esbuild"
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
