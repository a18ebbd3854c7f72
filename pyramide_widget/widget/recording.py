"""The widget's statistics: finished and abandoned games written to a store, and what the
Statistics panel reads from it. A store that fails never stops the game: it warns or logs.
``sqlite3`` and the statistics module are imported on first use."""

from __future__ import annotations

import logging
import warnings
from typing import TYPE_CHECKING, Any

from ..engine.game import Game

if TYPE_CHECKING:
    from ..analysis.statistics import StatsStore

logger = logging.getLogger(__name__)


def open_store(option: Any) -> StatsStore | None:
    """The store for ``stats=`` (see :func:`~pyramide_widget.analysis.statistics.open_stats`);
    a default store that cannot even be located becomes a warning and statistics off."""
    from ..analysis.statistics import StatsWarning, open_stats

    try:
        return open_stats(option)
    except TypeError:
        raise
    except Exception as error:
        warnings.warn(f"statistics are off: {error}", StatsWarning, stacklevel=3)
        return None


def record(store: StatsStore | None, game: Game, *, abandoned: bool = False) -> bool:
    """Add ``game`` to ``store``; whether it was added (a failure is a warning)."""
    if store is None:
        return False
    from ..analysis.statistics import record_safely

    return record_safely(store, game, abandoned=abandoned) is not None


def view(store: StatsStore | None, letter: str) -> dict[str, Any]:
    """What the Statistics panel shows for the rules ``letter``: ``{"rules", "stats":
    StatsStore.view(letter) | None, "error": str | None}``."""
    if store is None:
        return {"rules": letter, "stats": None, "error": "statistics are off (stats=False)"}
    try:
        return {"rules": letter, "stats": store.view(letter), "error": None}
    except Exception as error:
        logger.warning("PyramideWidget could not read the statistics: %s", error)
        return {"rules": letter, "stats": None, "error": str(error)}


__all__ = ["open_store", "record", "view"]
