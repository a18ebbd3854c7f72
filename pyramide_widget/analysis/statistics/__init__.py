"""Statistics of finished games (R20), kept in a small SQLite file: :class:`StatsStore` records
games and reads totals and rankings, :func:`stats` shows them. ``sqlite3`` is imported on
first use only, so the engine and the widget work where it is missing (Pyodide loads it on
demand). What counts as a game and how the file is kept safe: ``docs/statistics.md``.

One job per module: :mod:`.store` records and queries games, :mod:`.entries` is a stored
game and its totals, :mod:`.report` shows them, :mod:`.schema` is the file's table and its
versions, :mod:`.database` opens the file in transactions, :mod:`.corruption` tells a damaged
file from a busy one and sets it aside, :mod:`.lock` is the cross-process lock for that, and
:mod:`.location` says where the file lives.
"""

from __future__ import annotations

from .entries import GameEntry, Totals
from .errors import CorruptStatsError, StatsBusyError, StatsError, StatsWarning
from .location import default_path
from .report import Statistics
from .schema import APPLICATION_ID, SCHEMA_VERSION
from .store import StatsStore, open_stats, record_safely, stats

__all__ = [
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "CorruptStatsError",
    "GameEntry",
    "Statistics",
    "StatsBusyError",
    "StatsError",
    "StatsStore",
    "StatsWarning",
    "Totals",
    "default_path",
    "open_stats",
    "record_safely",
    "stats",
]
