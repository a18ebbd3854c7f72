"""The games a store holds: :class:`GameEntry`, :class:`Totals`, and the check that a row read
from the file describes a game (a file may have been damaged or edited)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ...engine.clock import MAX_TIME
from ...engine.record import Record
from ...engine.rules import CUSTOM_LETTER, PRESETS
from ...engine.text import ascii_upper

OUTCOMES = ("won", "no_moves", "abandoned")


def rules_letters() -> tuple[str, ...]:
    """The rules letters a store shows, in preset order, custom rules (``X``) last; read from
    :data:`PRESETS` on each call, so a preset added later is shown too."""
    return (*PRESETS, CUSTOM_LETTER)


@dataclass(frozen=True)
class GameEntry:
    """One finished game as stored. ``time`` is in seconds, ``finished_at`` an aware UTC time."""

    id: int
    code: str | None
    rules: str
    outcome: str
    score: int
    time: float
    moves: int
    finished_at: datetime
    record_json: str
    assisted: bool = False

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    def record(self) -> Record:
        """The game's record, to replay it (``Game.replay(entry.record())``)."""
        return Record.from_json(self.record_json)

    def __repr__(self) -> str:
        return (
            f"<GameEntry #{self.id} {self.code or 'custom layout'} {self.rules} {self.outcome}"
            f"{' (assisted)' if self.assisted else ''}: "
            f"score {self.score}, {clock(self.time)}, {self.moves} moves, "
            f"{self.finished_at:%Y-%m-%d %H:%M:%S}Z>"
        )


@dataclass(frozen=True)
class Totals:
    """Totals of one rules preset (or of all games). ``won`` counts every win and
    ``won_assisted`` those of them the player had help with; ``best_time`` and
    ``fewest_moves`` are those of the wins without help. ``win_rate`` is ``None`` with no game."""

    rules: str | None
    played: int
    won: int
    best_time: float | None
    fewest_moves: int | None
    won_assisted: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    def __repr__(self) -> str:
        rate = "—" if self.win_rate is None else f"{self.win_rate:.1%}"
        best = "—" if self.best_time is None else clock(self.best_time)
        fewest = "—" if self.fewest_moves is None else str(self.fewest_moves)
        return (
            f"<Totals {self.rules or 'all rules'}: played {self.played}, won {self.won} ({rate}, "
            f"{self.won_assisted} assisted), "
            f"best time {best}, fewest moves {fewest}>"
        )


def check_letter(letter: str | None) -> str | None:
    """A rules letter, upper-cased, or ``None`` for all rules; ``ValueError`` for another."""
    if letter is None:
        return None
    upper = ascii_upper(letter) if isinstance(letter, str) else None
    if upper not in PRESETS and upper != "X":
        known = ", ".join([*list(PRESETS), "X"])
        raise ValueError(
            f"unknown rules letter {letter!r}: expected one of {known}, or None for all"
        )
    return upper


# A file's columns hold whatever was put there (SQLite keeps text in a REAL column): the best
# time and fewest moves come only from rows whose time and moves are both numbers, the time
# one a record keeps (engine.clock.MAX_TIME: 1e308 would break every view that shows it).
VALID_RESULT = (
    f"typeof(time) IN ('integer', 'real') AND time >= 0 AND time <= {MAX_TIME!r}"
    " AND typeof(moves) = 'integer' AND moves >= 0"
)
"""SQL: the row's time and moves are those of a game."""

SELECTED = "id, code, rules, outcome, score, time, moves, finished_at, record, assisted"
"""The columns :func:`entry_from_row` reads, in its order."""


def entry_from_row(row: tuple[Any, ...]) -> GameEntry | None:
    """The entry a row of :data:`SELECTED` describes, or ``None`` for a row whose values are
    not those of a game (a damaged or tampered file): nothing a file holds reaches a page
    unchecked."""
    entry_id, code, rules, outcome, score, time, moves, finished_at, record, assisted = row
    numbers_ok = (
        _is_whole(score)
        and _is_whole(moves)
        and moves >= 0
        and isinstance(time, (int, float))
        and not isinstance(time, bool)
        and 0 <= time <= MAX_TIME
    )
    if not (
        numbers_ok
        and (code is None or isinstance(code, str))
        and isinstance(rules, str)
        and rules in rules_letters()
        and outcome in OUTCOMES
        and isinstance(finished_at, str)
        and isinstance(record, str)
        and assisted in (0, 1)
    ):
        return None
    try:
        when = datetime.fromisoformat(finished_at)
    except ValueError:
        return None
    if when.tzinfo is None:  # not written by this package, but a readable time: read it as UTC
        when = when.replace(tzinfo=timezone.utc)
    return GameEntry(
        entry_id, code, rules, outcome, score, float(time), moves, when, record, bool(assisted)
    )


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def clock(seconds: float | None) -> str:
    """A time as minutes, seconds and tenths (``1:05.3``), or ``—`` for none."""
    if seconds is None:
        return "—"
    whole, tenths = divmod(round(seconds * 10), 10)
    minutes, secs = divmod(whole, 60)
    return f"{minutes}:{secs:02d}.{tenths}"
