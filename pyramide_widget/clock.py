"""The game clock: starts at the first action, stops when the game ends (R20).

The time source is injectable (any zero-argument callable returning seconds), so tests and
replays can drive the clock deterministically; the default is ``time.monotonic``, which does
not jump when the wall clock is changed.
"""

from __future__ import annotations

import time
from typing import Callable

TimeSource = Callable[[], float]


class GameClock:
    """Elapsed playing time of one game."""

    __slots__ = ("_now", "_started_at", "_stopped_at", "_offset")

    def __init__(self, now: TimeSource | None = None) -> None:
        self._now = now or time.monotonic
        self._started_at: float | None = None
        self._stopped_at: float | None = None
        self._offset = 0.0

    @property
    def running(self) -> bool:
        return self._started_at is not None and self._stopped_at is None

    @property
    def started(self) -> bool:
        return self._started_at is not None

    def start(self) -> None:
        """Start at the first action; later calls do nothing."""
        if self._started_at is None:
            self._started_at = self._now()

    def stop(self) -> None:
        """Stop at the end of the game (won, or no more moves)."""
        if self.running:
            self._stopped_at = self._now()

    def resume(self) -> None:
        """Run again after an undo out of a finished game; the stopped interval does not count."""
        if self._started_at is not None and self._stopped_at is not None:
            self._offset -= self._now() - self._stopped_at
            self._stopped_at = None

    @property
    def elapsed(self) -> float:
        """Seconds of play so far (0 before the first action)."""
        if self._started_at is None:
            return 0.0
        end = self._stopped_at if self._stopped_at is not None else self._now()
        return max(0.0, end - self._started_at + self._offset)
