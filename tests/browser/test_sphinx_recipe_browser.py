"""The guide's three steps give a live table in a fresh Sphinx site, playable offline.

A new Sphinx project in a temporary folder holds exactly the guide's lines (``conf.py`` its one
line of configuration, a page its directive: ``sphinx_recipe.py``), built by the guide's command
in an environment that has the package's ``sphinx`` extra, whose installed versions must be in
the extra's ranges: the documentation site's (``tests/docs_site.py``, the pinned versions), and
one with the lowest Sphinx the extra allows (``PYRAMIDE_SPHINX_LOWEST_PYTHON``, made by
``.ci/run``). The page is
served from 127.0.0.1; Chromium refuses every other request and counts them on the browser
context (service workers included): none. The table in the page plays a king and a pair, and
the browser's Python sees both moves.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest
from docs_site import REQUIRED, docs_python
from jupyter_harness import requests_off_site
from packaging.specifiers import SpecifierSet
from playwright.sync_api import Frame, Page, expect
from sphinx_recipe import ROOT, build_project, recipe, serve
from test_docs_site_browser import ConsoleSession
from test_jupyterlite import LiteServer, _plan, play_a_king_and_a_pair

EXTRAS_CHECK = """
import json, sys, importlib.metadata as md
from packaging.requirements import Requirement
wanted = [Requirement(r) for r in md.requires("pyramide-widget") or []]
extras = set(sys.argv[1:])
out = []
for req in wanted:
    if req.marker is None or not any(req.marker.evaluate({"extra": e}) for e in extras):
        continue
    if req.name == "pyramide-widget":
        continue
    version = md.version(req.name)
    out.append([req.name, str(req.specifier), version, req.specifier.contains(version)])
print(json.dumps(out))
"""


LOWEST_SPHINX_PYTHON = "PYRAMIDE_SPHINX_LOWEST_PYTHON"


def _environment(which: str) -> str:
    """The interpreter of the documentation site's environment, or of the one with the lowest
    Sphinx the extra allows."""
    if which == "pinned":
        python, reason = docs_python(), "no environment with the sphinx extra (tests/docs_site.py)"
    else:
        python = os.environ.get(LOWEST_SPHINX_PYTHON)
        reason = f"no environment with the extra's lowest Sphinx ({LOWEST_SPHINX_PYTHON})"
    if python is None:
        if REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    return python


@pytest.fixture(scope="module", params=["pinned", "lowest-sphinx"])
def recipe_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    python = _environment(request.param)
    steps = recipe()
    assert steps.install.strip() == 'pip install "pyramide-widget[sphinx]"'
    assert steps.configuration.strip() == 'extensions = ["pyramide_widget.sphinx"]'
    assert steps.directive.strip() == ".. pyramide:: PY1-N-AAAAAAS"
    # The environment that stands for the guide's install has what the extra asks for.
    checked = json.loads(
        subprocess.run(
            [python, "-c", EXTRAS_CHECK, "sphinx", "lite"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    assert {name for name, *_ in checked} >= {
        "sphinx",
        "jupyterlite-core",
        "jupyterlite-pyodide-kernel",
    }
    assert [row for row in checked if not row[3]] == []
    if request.param == "lowest-sphinx":
        ((_, allowed, installed, _),) = [row for row in checked if row[0] == "sphinx"]
        lowest = [spec.version for spec in SpecifierSet(allowed) if spec.operator == ">="]
        assert [installed] == lowest, (allowed, installed)
    started = time.monotonic()
    html = build_project(
        steps, tmp_path_factory.mktemp("recipe") / "docs", Path(python).parent / "sphinx-build"
    )
    print(f"the recipe's site built in {time.monotonic() - started:.1f} s")
    return html


def test_the_guide_recipe_builds_a_page_whose_table_plays_a_pair_offline(
    page: Page, recipe_site: Path
) -> None:
    outside = requests_off_site(page.context)
    with serve(recipe_site) as url:
        started = time.monotonic()
        page.goto(f"{url}/index.html", wait_until="domcontentloaded")
        frame_element = page.locator(".pyramide-frame").first
        expect(frame_element).to_be_visible()
        frame = frame_element.element_handle().content_frame()
        assert isinstance(frame, Frame)
        table = frame.locator(".pyr-root").last
        expect(table.locator('.pyr-card[data-free="true"]').first).to_be_visible(timeout=180_000)
        print(f"playable {time.monotonic() - started:.1f} s after the page was opened")

        # The frame is sized to the table: all of it shows, with no more than a margin below.
        frame_box, table_box = frame_element.bounding_box(), table.bounding_box()
        assert frame_box is not None and table_box is not None
        assert table_box["y"] >= frame_box["y"]
        bottom_gap = frame_box["y"] + frame_box["height"] - (table_box["y"] + table_box["height"])
        assert 0 <= bottom_gap <= 40, (frame_box, table_box)

        console = ConsoleSession(frame, LiteServer(url), "console")  # type: ignore[arg-type]
        console.wait_kernel_ready(timeout=60)
        assert console.eval_python("__import__('sys').platform") == "emscripten"
        assert console.eval_python("w.game.code") == "PY1-N-AAAAAAS"
        # The kernel imported byte code built for this Python: the libraries' only, and beside
        # pyramide-widget's sources.
        assert console.eval_python("__import__('IPython').__file__").endswith(".pyc")
        cached = "__import__('os').path.isfile(__import__('pyramide_widget').__cached__)"
        assert console.eval_python(cached) is True
        if list((ROOT / "pyramide_widget" / "solver").glob("*.wasm")):  # built by the install
            engines = "__import__('pyramide_widget.solver', fromlist=['_']).available_engines()"
            assert console.eval_python(engines)[0] == "wasm"
        plan = _plan(console, "w")
        assert plan is not None
        play_a_king_and_a_pair(console, table, "w", plan)
    assert outside == [], f"the page tried to reach outside 127.0.0.1: {outside[:5]}"
    assert not (recipe_site / "lite" / ".jupyterlite.doit.db").exists()
    assert ROOT not in recipe_site.parents  # a project of its own, not in the checkout
