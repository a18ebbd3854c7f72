"""Statistics of finished games (R20): a small SQLite file in the user's data directory.

Each game is one row: its code, rules, outcome, score, time, moves, when it finished, whether
the player had help, and its record as JSON (so any game in the statistics can be replayed).
Games won without help are ranked by time, then moves (less is better, R20), per rules preset;
:meth:`StatsStore.totals` gives played, won (and how many of those wins were assisted), win
rate, and the best time and fewest moves of the wins without help.

What counts as a game played (:meth:`StatsStore.record_game`):

* a game that is **won** or has **no more moves** (R17, R18) is recorded when it ends;
* a game **abandoned** by "New game" while still playing is recorded as played and not won
  (outcome ``"abandoned"``) when at least one action was played — a deal looked at and
  replaced without a move is not a game played. ``abandoned=False`` records nothing for a
  game still in play;
* one game — a deal from its first action until :meth:`Game.restart
  <pyramide_widget.Game.restart>` or a new deal — is **one row**, whose result is the game's
  last ending. Undo works after the end (R21), so a game can end more than once: a loss undone
  and then won becomes a win; a win undone and won again keeps the *last* win, with its time
  and moves (the clock ran on and the move counter never goes down, so a second win never
  ranks better than the first); a win undone and then lost becomes a loss. A game abandoned
  after it had ended keeps that ending: looking back with undo does not unfinish a game.
  Recording the same ending twice (say the end, then "New game") changes nothing.

Honest results: a game is **assisted** when the player had help — a hint asked while it was in
progress (:meth:`Game.hint <pyramide_widget.Game.hint>`, the widget's Hint button), or a front
end setting :attr:`Game.assisted <pyramide_widget.Game.assisted>`. Its record says so, an
assisted win counts as won and as assisted in the totals, and it is left out of the rankings,
the best time and the fewest moves.

Safety: every write is one SQLite transaction (rollback journal, ``synchronous=FULL``), so a
process killed mid-write leaves the file as it was before that game. A file that is not this
store's — random bytes, another program's SQLite database, a damaged file — is never written
to: by default it is renamed to ``<name>.corrupt-<UTC timestamp>`` with a
:class:`StatsWarning` and a fresh store starts; with ``on_corrupt="raise"`` a
:class:`CorruptStatsError` says what was found and where. A store written by a newer version
of this package raises :class:`StatsError` and is left alone. The schema version is SQLite's
``user_version``; ``application_id`` marks the file as ours.

Busy is not corrupt: only SQLite's own verdicts "not a database" and "malformed", a foreign or
unknown schema, or a failed ``quick_check`` make a file corrupt. A file another process keeps
locked for longer than the busy timeout (``busy_timeout``, 10 s by default) raises
:class:`StatsBusyError`, and any other failure to use the file (read-only, disk full, no
permission) raises :class:`StatsError`: the file is left exactly as it is and the caller
skips this read or write (the widget with a warning, or a message in its Statistics panel).
A game the busy file refused is not dropped: the store keeps it and writes it with the next
game it records.

Setting a file aside happens once, under a lock: the process that found the problem takes an
exclusive lock on the sibling file ``<name>.lock`` (``fcntl.flock`` on POSIX, ``msvcrt.locking``
on Windows), looks at the file again, and moves it (with its ``-journal``) only if the file at
that path is still not a usable store. Several kernels meeting one corrupt file together thus
move it once; the others find the fresh store and write their games into it, so no game
acknowledged by :meth:`StatsStore.record_game` ends up in a file set aside. Where no such lock
exists (Pyodide, whose in-memory file system has one process; file systems that refuse locks)
the lock only serialises this process's threads, which is all there is to serialise there.

The file is found by :func:`default_path`: ``$PYRAMIDE_STATS`` if set, else the platform's
user data directory. ``sqlite3`` is imported on first use only, so the engine and the widget
work where it is missing (Pyodide loads it on demand); the store then raises
:class:`StatsError`.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import sys
import threading
import uuid
import warnings
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Union

from ..engine.game import Game
from ..engine.record import Record
from ..engine.rules import PRESETS

if TYPE_CHECKING:
    import sqlite3

SCHEMA_VERSION = 2
"""``PRAGMA user_version`` of the current schema (2 added ``assisted`` and ``session``; a
version-1 file is upgraded in place on first use, keeping its games)."""
APPLICATION_ID = 0x50594D53
"""``PRAGMA application_id`` of a statistics file ("PYMS"), which tells ours from others."""
ENV_VAR = "PYRAMIDE_STATS"
APP_DIR = "pyramide-widget"
FILE_NAME = "stats.sqlite3"
OUTCOMES = ("won", "no_moves", "abandoned")

OnCorrupt = Literal["move", "raise"]

_SCHEMA = (
    """CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    code        TEXT,
    rules       TEXT NOT NULL,
    rules_json  TEXT NOT NULL,
    outcome     TEXT NOT NULL CHECK (outcome IN ('won', 'no_moves', 'abandoned')),
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    score       INTEGER NOT NULL,
    time        REAL NOT NULL,
    moves       INTEGER NOT NULL,
    finished_at TEXT NOT NULL,
    record      TEXT NOT NULL,
    assisted    INTEGER NOT NULL DEFAULT 0 CHECK (assisted IN (0, 1)),
    session     TEXT
    )""",
    "CREATE INDEX games_ranking ON games (rules, won, time, moves)",
    "CREATE UNIQUE INDEX games_session ON games (session)",
    f"PRAGMA application_id = {APPLICATION_ID}",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)
_MIGRATIONS: dict[int, tuple[str, ...]] = {
    # from version 1: the same table as a new file's, old games unassisted and without a session
    1: (
        "ALTER TABLE games ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0 CHECK (assisted IN (0, 1))",
        "ALTER TABLE games ADD COLUMN session TEXT",
        "CREATE UNIQUE INDEX games_session ON games (session)",
    ),
}
_COLUMNS = (
    "id",
    "code",
    "rules",
    "rules_json",
    "outcome",
    "won",
    "score",
    "time",
    "moves",
    "finished_at",
    "record",
    "assisted",
    "session",
)
_SELECTED = "id, code, rules, outcome, score, time, moves, finished_at, record, assisted"


class StatsError(Exception):
    """The statistics store cannot be used (unreadable, from a newer version, no sqlite3)."""


class CorruptStatsError(StatsError):
    """The statistics file is not a store of this package (random bytes, another schema)."""


class StatsBusyError(StatsError):
    """Another process kept the statistics file locked for longer than the busy timeout. The
    file is busy, not damaged: it is left as it is, and the read or write can be tried again."""


class StatsWarning(UserWarning):
    """A statistics file was set aside; the message says where it went."""


def default_path() -> Path:
    """Where the statistics live: ``$PYRAMIDE_STATS``, else the user data directory —
    ``%APPDATA%\\pyramide-widget`` on Windows, ``~/Library/Application Support/pyramide-widget``
    on macOS, ``$XDG_DATA_HOME/pyramide-widget`` (default ``~/.local/share``) elsewhere,
    including Pyodide, whose home (``/home/pyodide``) is in the browser's in-memory file system:
    there the statistics last as long as the page. Without a home directory, the temporary
    directory."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):  # no $HOME and no passwd entry (some sandboxes)
        import tempfile

        return Path(tempfile.gettempdir()) / APP_DIR / FILE_NAME
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base / APP_DIR / FILE_NAME


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
            f"score {self.score}, {_clock(self.time)}, {self.moves} moves, "
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
        best = "—" if self.best_time is None else _clock(self.best_time)
        fewest = "—" if self.fewest_moves is None else str(self.fewest_moves)
        return (
            f"<Totals {self.rules or 'all rules'}: played {self.played}, won {self.won} ({rate}, "
            f"{self.won_assisted} assisted), "
            f"best time {best}, fewest moves {fewest}>"
        )


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
        self.path = Path(path).expanduser() if path is not None else default_path()
        self.on_corrupt = on_corrupt
        self.busy_timeout = float(busy_timeout)
        self._checked = False
        self._recorded: weakref.WeakKeyDictionary[Game, object] = weakref.WeakKeyDictionary()
        self._pending: dict[str, tuple[Any, ...]] = {}  # session -> row the busy file refused

    def __repr__(self) -> str:
        return f"StatsStore({str(self.path)!r})"

    # ------------------------------------------------------------------ writing

    def record_game(
        self, game: Game, *, abandoned: bool = False, finished_at: datetime | None = None
    ) -> GameEntry | None:
        """Store ``game`` if it is finished (see the module docstring): its first ending adds
        its row, a later ending of the same game (after an undo) updates that row. Returns the
        entry as stored, or ``None`` when there is nothing to record (still playing, abandoned
        before any action or after it had ended, or this ending already recorded).
        ``finished_at`` defaults to now (UTC).

        Raises :class:`StatsError` if the file cannot be used; the caller (the widget) catches
        it so that statistics never stop a game. A game refused by a busy file
        (:class:`StatsBusyError`) is kept by this store and written with the next game it
        records (as long as the process runs).
        """
        if not isinstance(game, Game):
            raise TypeError(f"record_game takes a pyramide_widget.Game, got {type(game).__name__}")
        if not isinstance(abandoned, bool):
            raise TypeError(f"abandoned must be True or False, got {abandoned!r}")
        if game.is_over:
            outcome = game.status.value
        elif abandoned and game.actions:
            outcome = "abandoned"
        else:
            return None
        ending = (game.clock, outcome, len(game.actions))  # the clock is new after a restart
        if self._recorded.get(game) == ending:
            return None
        when = _utc(finished_at) if finished_at is not None else datetime.now(timezone.utc)
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
            with self._connect(create=True) as conn:
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
        with self._connect(create=False) as conn:
            if conn is None:
                return 0
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
        letter = _check_letter(rules_letter)
        where, params = ("WHERE rules = ?", (letter,)) if letter else ("", ())
        ranked = f"won AND NOT assisted AND {_VALID_RESULT}"
        with self._connect(create=False) as conn:
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
        with self._connect(create=False) as conn:
            if conn is None:
                return []
            letters = {row[0] for row in conn.execute("SELECT DISTINCT rules FROM games")}
        return [letter for letter in _LETTERS if letter in letters]

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
        letter = _check_letter(rules_letter)
        if letter is None:
            raise ValueError("view needs a rules letter such as 'N'")
        return {
            "rules": letter,
            "name": _rules_name(letter),
            "rules_played": self.rules_played(),
            "totals": _totals_dict(self.totals(letter)),
            "ranking": [_entry_dict(e) for e in self.ranking(letter, limit)],
        }

    def _select(
        self, condition: str, rules_letter: str | None, order: str, limit: int | None
    ) -> list[GameEntry]:
        letter = _check_letter(rules_letter)
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int) or limit < 0
        ):
            raise ValueError(f"limit must be a whole number >= 0 or None, got {limit!r}")
        sql = f"SELECT {_SELECTED} FROM games WHERE {condition}"
        params: tuple[Any, ...] = ()
        if letter:
            sql += " AND rules = ?"
            params = (letter,)
        sql += f" ORDER BY {order}"
        if limit is not None:
            sql += " LIMIT ?"
            params += (limit,)
        with self._connect(create=False) as conn:
            if conn is None:
                return []
            rows = conn.execute(sql, params).fetchall()
        entries = [_entry_from_select(row) for row in rows]
        damaged = [row[0] for row, entry in zip(rows, entries, strict=True) if entry is None]
        if damaged:
            warnings.warn(
                f"the statistics file {self.path} has {len(damaged)} damaged game row(s) (id "
                f"{', '.join(map(str, damaged))}); they are not shown and the file was left as it is",
                StatsWarning,
                stacklevel=3,
            )
        return [entry for entry in entries if entry is not None]

    # ------------------------------------------------------------------ the file

    def _connect(self, create: bool) -> _Connection:
        return _Connection(self, create)

    def _open(self, create: bool) -> sqlite3.Connection | None:
        """A checked connection, or ``None`` when the store does not exist and ``create`` is off."""
        sqlite3 = _sqlite3()
        if not self.path.exists() or self.path.stat().st_size == 0:
            if not create:
                return None
            self.path.parent.mkdir(parents=True, exist_ok=True)
        opened = _identity(self.path)
        try:
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise StatsError(f"cannot open the statistics file {self.path}: {error}") from None
        try:
            self._check(conn)
            conn.execute("PRAGMA synchronous = FULL")
        except StatsError:
            conn.close()
            if _identity(self.path) != opened:  # another process set the file aside meanwhile
                raise _Reopen() from None  # (SQLite saw its journal change: "disk I/O error")
            raise
        except BaseException:
            conn.close()
            raise
        return conn  # type: ignore[no-any-return]  # the lazily imported sqlite3 is untyped

    def _check(self, conn: sqlite3.Connection) -> None:
        """Make sure the file is our store, creating the schema in an empty file."""
        problem = self._diagnose(conn)
        if problem is None:
            self._checked = True
            return
        conn.close()
        self._set_aside(problem)
        raise _Reopen()

    def _diagnose(self, conn: sqlite3.Connection) -> str | None:
        """What is wrong with the file (``None``: usable). Only corruption is a problem to
        report; a busy or otherwise unusable file raises :class:`StatsError` instead, so that
        it is never set aside."""
        sqlite3 = _sqlite3()
        try:
            return self._inspect(conn)
        except sqlite3.DatabaseError as error:
            if not _is_corruption(error):
                raise _unusable(self.path, error) from None
            if _error_code(error) == _SQLITE_CORRUPT:
                return f"a damaged SQLite file ({error})"
            return f"not a SQLite database ({error})"
        finally:
            if conn.in_transaction:
                # The transaction ends with the connection anyway.
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")

    def _inspect(self, conn: sqlite3.Connection) -> str | None:
        """What is wrong with the file (``None``: it is a usable store, created if empty)."""
        conn.execute("BEGIN IMMEDIATE")  # one writer at a time decides whether to create the schema
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = sorted(
            r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        )
        if app_id == 0 and version == 0 and not tables:
            for statement in _SCHEMA:
                conn.execute(statement)
            conn.execute("COMMIT")
            return None
        if app_id != APPLICATION_ID:
            return f"a SQLite database of another program (tables: {', '.join(tables) or 'none'})"
        if version > SCHEMA_VERSION:
            raise StatsError(
                f"the statistics file {self.path} was written by a newer pyramide-widget "
                f"(schema {version}, this one reads {SCHEMA_VERSION}); upgrade the package "
                "or choose another file. It was left as it is."
            )
        if not (version == SCHEMA_VERSION or version in _MIGRATIONS) or "games" not in tables:
            return f"a statistics file with an unknown schema (version {version})"
        if not self._checked:
            result = conn.execute("PRAGMA quick_check").fetchone()[0]
            if result != "ok":
                return f"a damaged statistics file ({result})"
        if version != SCHEMA_VERSION:  # an older store: upgrade it in this transaction, games kept
            for step in range(version, SCHEMA_VERSION):
                for statement in _MIGRATIONS[step]:
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        return None

    def _set_aside(self, problem: str) -> None:
        if self.on_corrupt == "raise":
            raise CorruptStatsError(
                f"the statistics file {self.path} is {problem}; it was left as it is. Move it away, "
                f"or use another file (StatsStore(path=...), or ${ENV_VAR})."
            )
        with _exclusive(self.path.with_name(self.path.name + ".lock")):
            now = self._problem_now()  # another process may have set it aside meanwhile
            if now is None:
                return
            problem = now
            target = self._move_aside()
        warnings.warn(
            f"the statistics file {self.path} was {problem}; it was moved to {target} "
            "and a new, empty statistics file takes its place",
            StatsWarning,
            stacklevel=5,
        )

    def _problem_now(self) -> str | None:
        """Look again, under the set-aside lock, at whatever file is at the path now."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            return None
        sqlite3 = _sqlite3()
        try:
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise StatsError(f"cannot open the statistics file {self.path}: {error}") from None
        try:
            return self._diagnose(conn)
        finally:
            conn.close()

    def _move_aside(self) -> Path:
        """Rename the file and its journal to ``<name>.corrupt-<UTC time>[-n]``; the caller
        holds the set-aside lock."""
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
            n += 1
        try:
            os.replace(self.path, target)
            for suffix in ("-journal", "-wal", "-shm"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    os.replace(side, target.with_name(target.name + suffix))
        except OSError as error:  # e.g. Windows, where another program has the file open
            raise StatsError(
                f"the statistics file {self.path} is damaged and could not be moved aside: {error}"
            ) from None
        return target


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file is at ``path`` (device and inode), to tell a file replaced under an open
    connection from one that is unusable in itself."""
    try:
        found = path.stat()
    except OSError:
        return None
    return (found.st_dev, found.st_ino)


class _Reopen(Exception):
    """Internal: the file was set aside and recreated; open it again."""


class _Connection:
    """``with store._connect(create) as conn``: a checked connection (or ``None``), one
    transaction committed on success and rolled back on error, closed at the end."""

    def __init__(self, store: StatsStore, create: bool) -> None:
        self.store = store
        self.create = create
        self.conn: sqlite3.Connection | None = None

    def __enter__(self) -> Any:
        sqlite3 = _sqlite3()
        for _ in range(3):
            try:
                self.conn = self.store._open(self.create)
                break
            except _Reopen:
                continue
        else:  # pragma: no cover - a file replaced under us three times in a row
            raise StatsError(f"the statistics file {self.store.path} keeps changing; try again")
        if self.conn is not None:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:
                self.conn.close()
                raise _unusable(self.store.path, error) from None
        return self.conn

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> Literal[False]:
        conn = self.conn
        if conn is None:
            return False
        sqlite3 = _sqlite3()
        try:
            if kind is None:
                conn.execute("COMMIT")
            elif conn.in_transaction:
                conn.execute("ROLLBACK")
        except sqlite3.Error as error:
            raise _unusable(self.store.path, error) from None
        finally:
            conn.close()
        if isinstance(value, sqlite3.Error):
            raise _unusable(self.store.path, value) from value
        return False


@dataclass(frozen=True)
class Statistics:
    """Totals and rankings per preset, as :func:`stats` returns them; shows as text and HTML."""

    path: Path
    overall: Totals
    per_rules: tuple[Totals, ...]
    rankings: tuple[tuple[str, tuple[GameEntry, ...]], ...]

    def ranking(self, rules_letter: str) -> tuple[GameEntry, ...]:
        return dict(self.rankings).get(_check_letter(rules_letter) or "", ())

    def totals(self, rules_letter: str | None = None) -> Totals:
        letter = _check_letter(rules_letter)
        if letter is None:
            return self.overall
        return next(
            (t for t in self.per_rules if t.rules == letter), Totals(letter, 0, 0, None, None)
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form, for a front end's Statistics view (times in seconds, UTC ISO dates)."""
        return {
            "overall": _totals_dict(self.overall),
            "per_rules": [_totals_dict(t) for t in self.per_rules],
            "rankings": {
                letter: [_entry_dict(e) for e in entries] for letter, entries in self.rankings
            },
        }

    def _rows(self) -> Iterator[tuple[str, Totals]]:
        for totals in self.per_rules:
            yield _rules_name(totals.rules), totals
        if len(self.per_rules) != 1:
            yield "All rules", self.overall

    def to_text(self) -> str:
        if not self.overall.played:
            return "Statistics: no finished game yet."
        lines = [
            "Statistics",
            f"{'rules':<22}{'played':>7}{'won':>6}{'assisted':>10}{'win rate':>10}{'best time':>11}{'fewest moves':>14}",
        ]
        for name, t in self._rows():
            lines.append(
                f"{name:<22}{t.played:>7}{t.won:>6}{t.won_assisted:>10}{_rate(t.win_rate):>10}"
                f"{_clock(t.best_time):>11}{_opt(t.fewest_moves):>14}"
            )
        lines.append(_WITHOUT_HELP)
        for letter, entries in self.rankings:
            if not entries:
                continue
            lines += ["", f"Best {_rules_name(letter)} games won without help (time, then moves)"]
            for n, e in enumerate(entries, 1):
                lines.append(
                    f"{n:>3}. {_clock(e.time):>8}  {e.moves:>4} moves  {e.code or 'custom layout':<14}"
                    f"  {e.finished_at:%Y-%m-%d %H:%M}"
                )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        if not self.overall.played:
            return "<p class='pyramide-stats'>Statistics: no finished game yet.</p>"

        def esc(value: Any) -> str:  # everything shown comes from a file that may have been edited
            return html.escape(str(value))

        rows = "".join(
            f"<tr><td>{esc(name)}</td><td>{esc(t.played)}</td><td>{esc(t.won)}</td><td>{esc(t.won_assisted)}</td>"
            f"<td>{esc(_rate(t.win_rate))}</td><td>{esc(_clock(t.best_time))}</td><td>{esc(_opt(t.fewest_moves))}</td></tr>"
            for name, t in self._rows()
        )
        parts = [
            "<div class='pyramide-stats'><table><thead><tr><th>rules</th><th>played</th><th>won</th><th>assisted</th>"
            f"<th>win rate</th><th>best time</th><th>fewest moves</th></tr></thead><tbody>{rows}</tbody></table>"
            f"<p>{esc(_WITHOUT_HELP)}</p>"
        ]
        for letter, entries in self.rankings:
            if not entries:
                continue
            body = "".join(
                f"<tr><td>{n}</td><td>{esc(_clock(e.time))}</td><td>{esc(e.moves)}</td>"
                f"<td>{esc(e.code or 'custom layout')}</td><td>{esc(f'{e.finished_at:%Y-%m-%d %H:%M}')}</td></tr>"
                for n, e in enumerate(entries, 1)
            )
            parts.append(
                f"<h4>Best {esc(_rules_name(letter))} games won without help</h4><table><thead><tr><th>#</th><th>time</th>"
                f"<th>moves</th><th>code</th><th>finished (UTC)</th></tr></thead><tbody>{body}</tbody></table>"
            )
        return "".join(parts) + "</div>"


_WITHOUT_HELP = "Assisted wins (a hint or the solver helped) count as won; best time, fewest moves and rankings are of wins without help."


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


# ---------------------------------------------------------------------- helpers


def _sqlite3() -> Any:
    try:
        import sqlite3
    except ImportError as error:  # Pyodide unvendors it; JupyterLite loads it on demand
        raise StatsError(
            f"statistics need Python's sqlite3 module, which is not available here ({error}); "
            "in Pyodide, load it first (for example 'import sqlite3' in a cell of its own)"
        ) from None
    return sqlite3


# SQLite's primary result codes (https://sqlite.org/rescode.html).
_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_CORRUPT, _SQLITE_NOTADB = 5, 6, 11, 26


def _error_code(error: Exception) -> int | None:
    """SQLite's primary result code of ``error`` (Python >= 3.11 exposes it), else ``None``."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _is_corruption(error: Exception) -> bool:
    """Whether SQLite itself says the file is not a database or is damaged. Everything else
    (busy, locked, read-only, I/O, full disk) says nothing about the file's content."""
    code = _error_code(error)
    if code is not None:
        return code in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    text = str(error).lower()  # Python 3.10: only the message tells
    return "not a database" in text or "malformed" in text


def _unusable(path: Path, error: Exception) -> StatsError:
    """The error for a file that could not be used but is not known to be damaged."""
    code = _error_code(error)
    if code in (_SQLITE_BUSY, _SQLITE_LOCKED) or (code is None and "locked" in str(error).lower()):
        return StatsBusyError(
            f"the statistics file {path} is busy: another program kept it locked ({error}); "
            "it was left as it is, try again later"
        )
    return StatsError(f"cannot use the statistics file {path}: {error}; it was left as it is")


_THREAD_LOCK = threading.Lock()


@contextlib.contextmanager
def _exclusive(lock_path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``lock_path`` (created, and kept, next to the store) across
    processes: ``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows. Where the platform has
    neither, or the file system refuses the lock (Pyodide, some network shares), only this
    process's threads are kept apart — the store still works, without the cross-process
    guarantee (Pyodide has no other process to guard against)."""
    with _THREAD_LOCK:
        try:
            handle = open(lock_path, "a+b")  # noqa: SIM115 (closed by the `with` below)
        except OSError:  # a folder we cannot write to: moving the file would fail the same way
            yield
            return
        with handle:
            unlock = _lock_file(handle)
            try:
                yield
            finally:
                unlock()


def _lock_file(handle: Any) -> Any:
    """Lock an open file (blocking); return the function that unlocks it."""
    try:
        import fcntl
    except ImportError:
        fcntl = None  # type: ignore[assignment]
    if fcntl is not None and hasattr(fcntl, "flock"):
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        except OSError:
            return lambda: None
        return lambda: fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    try:
        import msvcrt
    except ImportError:
        return lambda: None
    handle.seek(0)
    try:
        msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK, 1)  # type: ignore[attr-defined]  # Windows only; retries for about 10 s, then raises
    except OSError as error:
        raise StatsBusyError(
            f"another process is setting the statistics file aside ({error}); try again"
        ) from None

    def unlock() -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]

    return unlock


_LETTERS = (*PRESETS, "X")


def _check_letter(letter: str | None) -> str | None:
    if letter is None:
        return None
    if not isinstance(letter, str) or (letter.upper() not in PRESETS and letter.upper() != "X"):
        known = ", ".join([*list(PRESETS), "X"])
        raise ValueError(
            f"unknown rules letter {letter!r}: expected one of {known}, or None for all"
        )
    return letter.upper()


def _utc(when: datetime) -> datetime:
    if when.tzinfo is None:
        raise ValueError("finished_at must be an aware datetime (e.g. datetime.now(timezone.utc))")
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
    outcome, session = row[_COLUMNS.index("outcome") - 1], row[-1]
    before = conn.execute("SELECT id, outcome FROM games WHERE session = ?", (session,)).fetchone()
    if before is None:
        cursor = conn.execute(
            f"INSERT INTO games ({', '.join(_COLUMNS[1:])}) VALUES ({', '.join('?' * len(row))})",
            row,
        )
        return cursor.lastrowid
    if outcome == "abandoned" and before[1] != "abandoned":
        return None  # it had ended; undo afterwards does not unfinish it
    conn.execute(
        f"UPDATE games SET {', '.join(f'{c} = ?' for c in _COLUMNS[1:])} WHERE id = ?",
        (*row, before[0]),
    )
    return int(before[0])


# A file's columns hold whatever was put there (SQLite keeps text in a REAL column): the best
# time and fewest moves come only from rows whose time and moves are both numbers.
_VALID_RESULT = (
    "typeof(time) IN ('integer', 'real') AND time >= 0 AND typeof(moves) = 'integer' AND moves >= 0"
)


def _entry_from_select(row: tuple[Any, ...]) -> GameEntry | None:
    """The entry a row describes, or ``None`` for a row whose values are not those of a game
    (a damaged or tampered file): nothing a file holds reaches a page unchecked."""
    entry_id, code, rules, outcome, score, time, moves, finished_at, record, assisted = row
    numbers_ok = (
        _is_whole(score)
        and _is_whole(moves)
        and moves >= 0
        and isinstance(time, (int, float))
        and not isinstance(time, bool)
        and 0 <= time < float("inf")
    )
    if not (
        numbers_ok
        and (code is None or isinstance(code, str))
        and isinstance(rules, str)
        and rules in _LETTERS
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


_SESSIONS: weakref.WeakKeyDictionary[Game, tuple[object, str]] = weakref.WeakKeyDictionary()


def _session_of(game: Game) -> str:
    """The id of ``game``'s current session — one deal from its first action to a restart
    (which gives the game a new clock) — shared by every store, so one game is one row."""
    known = _SESSIONS.get(game)
    if known is None or known[0] is not game.clock:
        known = (game.clock, uuid.uuid4().hex)
        _SESSIONS[game] = known
    return known[1]


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _totals_dict(t: Totals) -> dict[str, Any]:
    return {
        "rules": t.rules,
        "name": _rules_name(t.rules),
        "played": t.played,
        "won": t.won,
        "won_assisted": t.won_assisted,
        "win_rate": t.win_rate,
        "best_time": t.best_time,
        "fewest_moves": t.fewest_moves,
    }


def _entry_dict(e: GameEntry) -> dict[str, Any]:
    return {
        "id": e.id,
        "code": e.code,
        "rules": e.rules,
        "time": e.time,
        "moves": e.moves,
        "score": e.score,
        "finished_at": e.finished_at.isoformat(timespec="seconds"),
    }


def _rules_name(letter: str | None) -> str:
    if letter is None:
        return "All rules"
    preset = PRESETS.get(letter)
    return f"{preset.name} ({letter})" if preset else f"Custom ({letter})"


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    whole, tenths = divmod(round(seconds * 10), 10)
    minutes, secs = divmod(whole, 60)
    return f"{minutes}:{secs:02d}.{tenths}"


def _rate(rate: float | None) -> str:
    return "—" if rate is None else f"{rate:.1%}"


def _opt(value: int | None) -> str:
    return "—" if value is None else str(value)


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
