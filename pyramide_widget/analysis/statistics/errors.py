"""The exceptions and the warning of the statistics store."""

from __future__ import annotations


class StatsError(Exception):
    """The statistics store cannot be used (unreadable, from a newer version, no sqlite3)."""


class CorruptStatsError(StatsError):
    """The statistics file is not a store of this package (random bytes, another schema)."""


class StatsBusyError(StatsError):
    """Another process kept the statistics file locked for longer than the busy timeout. The
    file is busy, not damaged: it is left as it is, and the read or write can be tried again."""


class StatsWarning(UserWarning):
    """A statistics file was set aside, or a game could not be added; the message says why."""
