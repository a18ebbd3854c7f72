"""The statistics file as SQLite: checked connections, one transaction per use, and a file
that is not a store set aside (or refused) before anything is written to it."""

from __future__ import annotations

import contextlib
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from . import schema
from .corruption import (
    SQLITE_CORRUPT,
    error_code,
    identity,
    is_corruption,
    move_aside,
    unusable,
)
from .errors import CorruptStatsError, StatsError, StatsWarning
from .location import ENV_VAR
from .lock import exclusive

if TYPE_CHECKING:
    import sqlite3

OnCorrupt = Literal["move", "raise"]


def sqlite_module() -> Any:
    """Python's ``sqlite3``, imported on first use (Pyodide loads it on demand)."""
    try:
        import sqlite3
    except ImportError as error:  # Pyodide unvendors it; JupyterLite loads it on demand
        raise StatsError(
            f"statistics need Python's sqlite3 module, which is not available here ({error}); "
            "in Pyodide, load it first (for example 'import sqlite3' in a cell of its own)"
        ) from None
    return sqlite3


class Database:
    """The SQLite file at ``path``. ``on_corrupt`` says what to do with a file that is not a
    store (``"move"`` it aside, or ``"raise"``); ``busy_timeout`` how long to wait for another
    process's lock."""

    def __init__(self, path: Path, on_corrupt: OnCorrupt, busy_timeout: float) -> None:
        self.path = path
        self.on_corrupt = on_corrupt
        self.busy_timeout = busy_timeout
        self._checked = False  # the file passed its quick_check once

    def connect(self, create: bool) -> _Connection:
        """``with database.connect(create) as conn``: see :class:`_Connection`."""
        return _Connection(self, create)

    def _open(self, create: bool) -> sqlite3.Connection | None:
        """A checked connection, or ``None`` when the store does not exist and ``create`` is off."""
        sqlite3 = sqlite_module()
        if not self.path.exists() or self.path.stat().st_size == 0:
            if not create:
                return None
            self.path.parent.mkdir(parents=True, exist_ok=True)
        opened = identity(self.path)
        try:
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise StatsError(f"cannot open the statistics file {self.path}: {error}") from None
        try:
            self._check(conn)
            conn.execute("PRAGMA synchronous = FULL")
        except StatsError:
            conn.close()
            if identity(self.path) != opened:  # another process set the file aside meanwhile
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
        self.set_aside(problem)
        raise _Reopen()

    def _diagnose(self, conn: sqlite3.Connection) -> str | None:
        """What is wrong with the file (``None``: usable). Only corruption is a problem to
        report; a busy or otherwise unusable file raises :class:`StatsError` instead, so that
        it is never set aside."""
        sqlite3 = sqlite_module()
        try:
            return schema.inspect(conn, self.path, quick_check=not self._checked)
        except sqlite3.DatabaseError as error:
            if not is_corruption(error):
                raise unusable(self.path, error) from None
            if error_code(error) == SQLITE_CORRUPT:
                return f"a damaged SQLite file ({error})"
            return f"not a SQLite database ({error})"
        finally:
            if conn.in_transaction:
                # The transaction ends with the connection anyway.
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")

    def set_aside(self, problem: str) -> None:
        """Refuse the file (``on_corrupt="raise"``) or move it aside, once: under the set-aside
        lock, and only if the file at the path is still not a usable store."""
        if self.on_corrupt == "raise":
            raise CorruptStatsError(
                f"the statistics file {self.path} is {problem}; it was left as it is. Move it away, "
                f"or use another file (StatsStore(path=...), or ${ENV_VAR})."
            )
        with exclusive(self.path.with_name(self.path.name + ".lock")):
            now = self._problem_now()  # another process may have set it aside meanwhile
            if now is None:
                return
            problem = now
            target = move_aside(self.path)
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
        sqlite3 = sqlite_module()
        try:
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise StatsError(f"cannot open the statistics file {self.path}: {error}") from None
        try:
            return self._diagnose(conn)
        finally:
            conn.close()


class _Reopen(Exception):
    """Internal: the file was set aside and recreated; open it again."""


class _Connection:
    """``with database.connect(create) as conn``: a checked connection (or ``None``), one
    transaction committed on success and rolled back on error, closed at the end."""

    def __init__(self, database: Database, create: bool) -> None:
        self.database = database
        self.create = create
        self.conn: sqlite3.Connection | None = None

    def __enter__(self) -> Any:
        sqlite3 = sqlite_module()
        for _ in range(3):
            try:
                self.conn = self.database._open(self.create)
                break
            except _Reopen:
                continue
        else:  # pragma: no cover - a file replaced under us three times in a row
            raise StatsError(f"the statistics file {self.database.path} keeps changing; try again")
        if self.conn is not None:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:
                self.conn.close()
                raise unusable(self.database.path, error) from None
        return self.conn

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> Literal[False]:
        conn = self.conn
        if conn is None:
            return False
        sqlite3 = sqlite_module()
        try:
            if kind is None:
                conn.execute("COMMIT")
            elif conn.in_transaction:
                conn.execute("ROLLBACK")
        except sqlite3.Error as error:
            raise unusable(self.database.path, error) from None
        finally:
            conn.close()
        if isinstance(value, sqlite3.Error):
            raise unusable(self.database.path, value) from value
        return False
