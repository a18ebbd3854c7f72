"""The example notebooks as a reader runs them: Run All in JupyterLab, then each widget's output
shows what the text above it says.

``examples/replay_and_score_curves.ipynb`` shows the game in one widget and a replay of its
record in a second one: after Run All the first still shows the game (its toolbar, its moves)
and the second the replay at the step the notebook asked for (its step bar).
"""

from __future__ import annotations

import json
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


LESSON = REPO / "examples" / "probability_lesson.ipynb"
# Once the kernel has told the page which language it speaks (the model's language_info has a
# version): whether the notebook is marked modified, and its metadata.
OPENED_JS = """
(path) => {
  const model = [...window.jupyterapp.shell.widgets('main')]
    .find((w) => w.context && w.context.path === path).context.model;
  const language = model.getMetadata('language_info');
  return language && language.version ? {dirty: model.dirty, metadata: model.toJSON().metadata} : null;
}
"""


def open_in_lab(page: Page, server: Any, path: Path) -> dict[str, Any]:
    shutil.copy(path, server.root_dir / path.name)
    page.goto(server.notebook_url(path.name), wait_until="domcontentloaded")
    page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.shell)")
    NotebookSession(page, server, path.name).wait_kernel_ready()
    opened: dict[str, Any] = page.wait_for_function(
        OPENED_JS, arg=path.name, timeout=60_000
    ).json_value()
    return opened


@pytest.mark.parametrize("jupyter_app", ["lab"], indirect=True)
def test_the_lesson_is_marked_modified_in_jupyterlab_only_by_the_kernels_python_version(
    page: Page, jupyter_app: Any, tmp_path: Path
) -> None:
    """JupyterLab writes the kernel's ``language_info`` (with its Python version) into a notebook
    when the kernel starts, which marks modified any notebook saved under another Python; no
    file can match every teacher's Python. Nothing else in the lesson does: saved with this
    kernel's ``language_info``, it opens unmodified."""
    saved = json.loads(LESSON.read_text(encoding="utf-8"))
    first = open_in_lab(page, jupyter_app, LESSON)
    assert {**saved["metadata"], "language_info": None} == {
        **first["metadata"],
        "language_info": None,
    }
    assert first["metadata"]["language_info"]["name"] == saved["metadata"]["language_info"]["name"]

    same_python = tmp_path / "lesson_saved_here.ipynb"
    saved["metadata"]["language_info"] = first["metadata"]["language_info"]
    same_python.write_text(json.dumps(saved, indent=1, ensure_ascii=False) + "\n", "utf-8")
    again = open_in_lab(page, jupyter_app, same_python)
    assert again["dirty"] is False, "something besides the Python version marks it modified"
