"""Recording finished games and reading totals and rankings: :class:`StatsStore`.

One game, from its first action to a restart or a new deal, is one row (its session), whose
result is the game's last ending; see ``docs/statistics.md`` for what counts and why."""

from __future__ import annotations

import json
import os
import reprlib
import uuid
import warnings
import weakref
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from ...engine.game import Game
from . import schema
from .database import Database, OnCorrupt
from .entries import (
    SELECTED,
    VALID_RESULT,
    GameEntry,
    Totals,
    check_letter,
    entry_from_row,
    rules_letters,
)
from .errors import StatsBusyError, StatsWarning
from .location import default_path
from .report import Statistics, entry_dict, rules_name, totals_dict

if TYPE_CHECKING:
    import sqlite3


class StatsStore:
    """The statistics file at ``path`` (:func:`default_path` by default).

    The file and its folder are created on the first write; reading a store that does not exist
    yet gives empty results. ``on_corrupt`` says what to do with a file that is not a store:
    ``"move"`` (default) renames it aside with a :class:`StatsWarning`, ``"raise"`` raises
    :class:`CorruptStatsError`. Each call opens and closes its own connection, so a store can be
    shared by kernels and processes; SQLite serialises the writers, and a call waits up to
    ``busy_timeout`` seconds for another process's lock before raising :class:`StatsBusyError`.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        on_corrupt: OnCorrupt = "move",
        busy_timeout: float = 10.0,
    ) -> None:
        if on_corrupt not in ("move", "raise"):
            raise ValueError(f"on_corrupt must be 'move' or 'raise', got {on_corrupt!r}")
        if (
            isinstance(busy_timeout, bool)
            or not isinstance(busy_timeout, (int, float))
            or not 0 <= busy_timeout < float("inf")
        ):
            raise ValueError(
                f"busy_timeout must be a finite number of seconds >= 0, got {busy_timeout!r}"
            )
        path = Path(path).expanduser() if path is not None else default_path()
        self._database = Database(path, on_corrupt, float(busy_timeout))
        self._recorded: weakref.WeakKeyDictionary[Game, object] = weakref.WeakKeyDictionary()
        self._pending: dict[str, tuple[Any, ...]] = {}  # session -> row the busy file refused

    @property
    def path(self) -> Path:
        return self._database.path

    @property
    def on_corrupt(self) -> OnCorrupt:
        return self._database.on_corrupt

    @property
    def busy_timeout(self) -> float:
        return self._database.busy_timeout

    def __repr__(self) -> str:
        return f"StatsStore({str(self.path)!r})"

    # ------------------------------------------------------------------ writing

    def record_game(
        self, game: Game, *, abandoned: bool = False, finished_at: datetime | None = None
    ) -> GameEntry | None:
        """Store ``game`` if it is finished: its first ending adds its row, a later ending of
        the same game (after an undo) updates that row. Returns the entry as stored, or
        ``None`` when there is nothing to record (still playing, abandoned before any action or
        after it had ended, or this ending already recorded). ``finished_at`` defaults to now
        (UTC).

        Raises :class:`StatsError` if the file cannot be used. A game refused by a busy file
        (:class:`StatsBusyError`) is kept by this store and written with the next game it
        records (as long as the process runs).
        """
        if not isinstance(game, Game):
            raise TypeError(f"record_game takes a pyramide_widget.Game, got {type(game).__name__}")
        if not isinstance(abandoned, bool):
            raise TypeError(f"abandoned must be True or False, got {abandoned!r}")
        when = _utc(finished_at) if finished_at is not None else datetime.now(timezone.utc)
        if game.is_over:
            outcome = game.status.value
        elif abandoned and game.actions:
            outcome = "abandoned"
        else:
            return None
        ending = (game.clock, outcome, len(game.actions))  # the clock is new after a restart
        if self._recorded.get(game) == ending:
            return None
        session = _session_of(game)
        row = (
            game.code,
            game.rules.letter,
            json.dumps(game.rules.to_dict(), sort_keys=True),
            outcome,
            int(outcome == "won"),
            game.score,
            round(game.elapsed, 3),
            game.moves,
            when.isoformat(timespec="milliseconds"),
            game.record().to_json(),
            int(game.assisted),
            session,
        )
        try:
            with self._database.writing() as conn:
                for waiting in self._pending.values():
                    _write_row(conn, waiting)
                entry_id = _write_row(conn, row)
        except StatsBusyError as error:
            self._pending[session] = row
            raise StatsBusyError(
                f"{error}; the game is kept and will be added with the next one"
            ) from None
        self._pending.clear()
        self._recorded[game] = ending
        return None if entry_id is None else _entry((entry_id, *row))

    def clear(self) -> int:
        """Delete every stored game; returns how many there were."""
        if not self._database.exists():
            return 0
        with self._database.writing() as conn:
            return int(conn.execute("DELETE FROM games").rowcount)

    # ------------------------------------------------------------------ reading

    def ranking(self, rules_letter: str | None = None, limit: int | None = 10) -> list[GameEntry]:
        """Games won without help, fastest first, then fewest moves, then earliest (R20); one
        preset's by its letter (``"N"``), all rules with ``None``. ``limit=None`` gives them all."""
        return self._select(
            "won = 1 AND assisted = 0", rules_letter, "time, moves, finished_at, id", limit
        )

    def games(self, rules_letter: str | None = None, limit: int | None = None) -> list[GameEntry]:
        """Every stored game, most recent first."""
        return self._select("1", rules_letter, "finished_at DESC, id DESC", limit)

    def totals(self, rules_letter: str | None = None) -> Totals:
        """Played, won (and assisted wins), win rate, best time and fewest moves (both over the
        wins without help)."""
        letter = check_letter(rules_letter)
        where, params = ("WHERE rules = ?", (letter,)) if letter else ("", ())
        ranked = f"won AND NOT assisted AND {VALID_RESULT}"
        with self._database.reading() as conn:
            if conn is None:
                return Totals(letter, 0, 0, None, None)
            played, won, helped, best, fewest = conn.execute(
                "SELECT COUNT(*), COALESCE(SUM(won), 0), COALESCE(SUM(won AND assisted), 0), "
                f"MIN(CASE WHEN {ranked} THEN time END), MIN(CASE WHEN {ranked} THEN moves END) "
                f"FROM games {where}",
                params,
            ).fetchone()
        return Totals(letter, played, won, best, fewest, helped)

    def rules_played(self) -> list[str]:
        """The rules letters with at least one stored game, in preset order (custom ``X`` last);
        a letter this package does not know (a tampered file) is not a rules preset to show."""
        with self._database.reading() as conn:
            if conn is None:
                return []
            letters = {row[0] for row in conn.execute("SELECT DISTINCT rules FROM games")}
        return [letter for letter in rules_letters() if letter in letters]

    def summary(self, limit: int = 10) -> Statistics:
        """Totals and ranking of every preset played, as one displayable object."""
        letters = self.rules_played()
        return Statistics(
            path=self.path,
            overall=self.totals(),
            per_rules=tuple(self.totals(letter) for letter in letters),
            rankings=tuple((letter, tuple(self.ranking(letter, limit))) for letter in letters),
        )

    def view(self, rules_letter: str, limit: int = 10) -> dict[str, Any]:
        """What a Statistics view shows for one preset, JSON-ready: ``rules``, ``name``,
        ``rules_played`` (letters with games), ``totals`` and ``ranking`` (the ``limit`` best won
        games), in the forms of :meth:`Statistics.to_dict`."""
        letter = check_letter(rules_letter)
        if letter is None:
            raise ValueError("view needs a rules letter such as 'N'")
        return {
            "rules": letter,
            "name": rules_name(letter),
            "rules_played": self.rules_played(),
            "totals": totals_dict(self.totals(letter)),
            "ranking": [entry_dict(e) for e in self.ranking(letter, limit)],
        }

    def _select(
        self, condition: str, rules_letter: str | None, order: str, limit: int | None
    ) -> list[GameEntry]:
        letter = check_letter(rules_letter)
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int) or limit < 0
        ):
            raise ValueError(f"limit must be a whole number >= 0 or None, got {limit!r}")
        sql = f"SELECT {SELECTED} FROM games WHERE {condition}"
        params: tuple[Any, ...] = ()
        if letter:
            sql += " AND rules = ?"
            params = (letter,)
        sql += f" ORDER BY {order}"
        if limit is not None:
            sql += " LIMIT ?"
            params += (limit,)
        with self._database.reading() as conn:
            if conn is None:
                return []
            rows = conn.execute(sql, params).fetchall()
        entries = [entry_from_row(row) for row in rows]
        damaged = [row[0] for row, entry in zip(rows, entries, strict=True) if entry is None]
        if damaged:
            warnings.warn(
                f"the statistics file {self.path} has {len(damaged)} damaged game row(s) (id "
                f"{', '.join(map(str, damaged))}); they are not shown and the file was left as it is",
                StatsWarning,
                stacklevel=3,
            )
        return [entry for entry in entries if entry is not None]


def stats(path: str | os.PathLike[str] | None = None, *, limit: int = 10) -> Statistics:
    """The statistics at ``path`` (:func:`default_path` by default): totals and the ``limit``
    best won games of every preset played."""
    return StatsStore(path).summary(limit=limit)


StatsOption = Union[bool, str, "os.PathLike[str]", StatsStore, None]


def open_stats(option: StatsOption = True) -> StatsStore | None:
    """The store a ``stats=`` option names: ``True`` the default file (:func:`default_path`),
    ``False``/``None`` none (statistics off), a path that file, a :class:`StatsStore` itself.
    Opens nothing yet: problems with the file show on the first use."""
    if option is None or option is False:
        return None
    if option is True:
        return StatsStore()
    if isinstance(option, StatsStore):
        return option
    if isinstance(option, (str, os.PathLike)):
        return StatsStore(option)
    raise TypeError(f"stats must be True, False, a file path or a StatsStore, got {option!r}")


def record_safely(
    store: StatsStore | None, game: Game, *, abandoned: bool = False
) -> GameEntry | None:
    """:meth:`StatsStore.record_game` for a user interface: it never raises. A failure (a file
    that cannot be written, a newer version's file, no sqlite3) becomes a :class:`StatsWarning`
    and the game goes on; the statistics are just not updated."""
    if store is None:
        return None
    try:
        return store.record_game(game, abandoned=abandoned)
    except Exception as error:
        warnings.warn(
            f"the game was not added to the statistics: {error}", StatsWarning, stacklevel=2
        )
        return None


def _utc(when: object) -> datetime:
    if not isinstance(when, datetime) or when.tzinfo is None:
        problem = TypeError if not isinstance(when, datetime) else ValueError
        raise problem(
            "finished_at must be an aware datetime (e.g. datetime.now(timezone.utc)), "
            f"got {type(when).__name__} {reprlib.repr(when)}"
        )
    return when.astimezone(timezone.utc)


def _entry(row: tuple[Any, ...]) -> GameEntry:
    """An entry from a written row (the full column tuple)."""
    (
        entry_id,
        code,
        rules,
        _rules_json,
        outcome,
        _won,
        score,
        time,
        moves,
        finished_at,
        record,
        assisted,
        _,
    ) = row
    return GameEntry(
        entry_id,
        code,
        rules,
        outcome,
        score,
        time,
        moves,
        datetime.fromisoformat(finished_at),
        record,
        bool(assisted),
    )


def _write_row(conn: sqlite3.Connection, row: tuple[Any, ...]) -> int | None:
    """Add a game's row, or update the row of the same session (the last column); return its
    id, or ``None`` when the game is being abandoned after it had ended (the row stays)."""
    columns = schema.COLUMNS
    outcome, session = row[columns.index("outcome") - 1], row[-1]
    before = conn.execute("SELECT id, outcome FROM games WHERE session = ?", (session,)).fetchone()
    if before is None:
        cursor = conn.execute(
            f"INSERT INTO games ({', '.join(columns[1:])}) VALUES ({', '.join('?' * len(row))})",
            row,
        )
        return cursor.lastrowid
    if outcome == "abandoned" and before[1] != "abandoned":
        return None  # it had ended; undo afterwards does not unfinish it
    conn.execute(
        f"UPDATE games SET {', '.join(f'{c} = ?' for c in columns[1:])} WHERE id = ?",
        (*row, before[0]),
    )
    return int(before[0])


_SESSIONS: weakref.WeakKeyDictionary[Game, tuple[object, str]] = weakref.WeakKeyDictionary()


def _session_of(game: Game) -> str:
    """The id of ``game``'s current session — one deal from its first action to a restart
    (which gives the game a new clock) — shared by every store, so one game is one row."""
    known = _SESSIONS.get(game)
    if known is None or known[0] is not game.clock:
        known = (game.clock, uuid.uuid4().hex)
        _SESSIONS[game] = known
    return known[1]
