"""The example notebooks as a reader runs them: Run All in JupyterLab, then each widget's output
shows what the text above it says.

``examples/replay_and_score_curves.ipynb`` shows the game in one widget and a replay of its
record in a second one: after Run All the first still shows the game (its toolbar, its moves)
and the second the replay at the step the notebook asked for (its step bar).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from jupyter_harness import NotebookSession
from playwright.sync_api import Page, expect

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = REPO / "examples" / "replay_and_score_curves.ipynb"


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_after_run_all_the_replay_output_shows_the_replay_and_the_game_output_the_game(
    page: Page, jupyter_app: Any
) -> None:
    shutil.copy(NOTEBOOK, jupyter_app.root_dir / NOTEBOOK.name)
    page.goto(jupyter_app.notebook_url(NOTEBOOK.name), wait_until="domcontentloaded")
    page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.shell)")
    nb = NotebookSession(page, jupyter_app, NOTEBOOK.name)
    nb.wait_kernel_ready()
    nb.run_all(timeout=120)
    tables = page.locator(".pyr-root")
    expect(tables).to_have_count(2, timeout=30_000)
    game, replay = tables.nth(0), tables.nth(1)
    # The game: played on from Python, never replayed.
    expect(game.locator(".pyr-toolbar")).to_be_visible()
    expect(game.locator(".pyr-replaybar")).to_be_hidden()
    expect(game.locator('[data-field="moves"]')).to_have_text("3")
    # The replay: at step 2 of the record's 3, and it stays there once every cell has run.
    expect(replay.locator(".pyr-replaybar")).to_be_visible()
    expect(replay.locator('[data-field="replay-step"]')).to_have_text("2 / 3")
    expect(replay.locator(".pyr-toolbar")).to_be_hidden()
    assert nb.eval_python("[widget.replaying, viewer.replaying, viewer.replay_index]") == [
        False,
        True,
        2,
    ]
