"""The game clock: starts at the first action, stops when the game ends (R20).

The time source is any zero-argument callable returning seconds (``time.monotonic`` by
default); every reading is checked to be a finite number (docs/design/engine.md)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

TimeSource = Callable[[], float]

MAX_TIME = 1e9
"""The largest time, in seconds, a game shows, a record keeps and the statistics accept: over
thirty years, longer than any game, and small enough to show as minutes and seconds. A time
source that jumps further (a machine suspended for decades, a bad source) shows this."""

ClockState = tuple[float | None, float | None, float]
"""What :meth:`GameClock.state` saves: start, stop and the paused time to subtract."""


class GameClock:
    """Elapsed playing time of one game."""

    __slots__ = ("_now", "_offset", "_started_at", "_stopped_at")

    def __init__(self, now: TimeSource | None = None) -> None:
        if now is not None and not callable(now):
            raise TypeError(
                f"clock must be a function returning seconds (like time.monotonic), got {type(now).__name__}"
            )
        self._now = now if now is not None else time.monotonic
        self._started_at: float | None = None
        self._stopped_at: float | None = None
        self._offset = 0.0

    def _read(self) -> float:
        """One reading of the time source, checked to be a finite number of seconds."""
        value = self._now()
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(
                f"the clock must return seconds as a number, returned {type(value).__name__}"
            )
        if not math.isfinite(value):
            raise ValueError(
                f"the clock must return a finite number of seconds, returned {value!r}"
            )
        return float(value)

    @property
    def running(self) -> bool:
        return self._started_at is not None and self._stopped_at is None

    @property
    def started(self) -> bool:
        return self._started_at is not None

    def start(self) -> None:
        """Start at the first action; later calls do nothing."""
        if self._started_at is None:
            self._started_at = self._read()

    def stop(self) -> None:
        """Stop at the end of the game (won, or no more moves)."""
        if self.running:
            self._stopped_at = self._read()

    def resume(self) -> None:
        """Run again after an undo out of a finished game; the stopped interval does not count."""
        if self._started_at is not None and self._stopped_at is not None:
            self._offset -= self._read() - self._stopped_at
            self._stopped_at = None

    def state(self) -> ClockState:
        """The clock's state, for :meth:`restore` when the action it timed is called off."""
        return (self._started_at, self._stopped_at, self._offset)

    def restore(self, state: ClockState) -> None:
        """Put back a state saved by :meth:`state`."""
        self._started_at, self._stopped_at, self._offset = state

    @property
    def elapsed(self) -> float:
        """Seconds of play so far (0 before the first action, at most :data:`MAX_TIME`)."""
        if self._started_at is None:
            return 0.0
        end = self._stopped_at if self._stopped_at is not None else self._read()
        return min(MAX_TIME, max(0.0, end - self._started_at + self._offset))
