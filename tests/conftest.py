"""Shared test setup: no test ever writes the user's real statistics file.

``PyramideWidget`` records finished games by default (``stats=True``) in
:func:`pyramide_widget.analysis.statistics.default_path`, which ``$PYRAMIDE_STATS`` overrides. Every test gets
its own temporary file; the browser harness gives each Jupyter server (and so its kernels) one
too (``jupyter_harness.start_jupyter_server``).
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_stats_file(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """``$PYRAMIDE_STATS`` for this test: a fresh file in a folder of its own (never created
    unless a game is recorded), apart from the test's own ``tmp_path``."""
    path = tmp_path_factory.mktemp("stats") / "stats.sqlite3"
    monkeypatch.setenv("PYRAMIDE_STATS", str(path))
    return path


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the browser tests last. Playwright's sync driver (one per session) keeps its event
    loop marked as running on the main thread from its first use to the end of the session; a
    kernel-side test after it would see a "running loop" and take the widget's background
    path (widget/background.py), which only a real kernel should take."""
    browser = Path(__file__).parent / "browser"
    items.sort(key=lambda item: browser in Path(str(item.path)).resolve().parents)
