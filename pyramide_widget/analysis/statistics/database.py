"""The statistics file as SQLite: checked connections, one transaction per use, and a file
that is not a store set aside (or refused) before anything is written to it.

Reads run in a read transaction (``BEGIN``: SQLite's shared lock only), so another program
reading the file, or writing without having committed, never makes them wait; writes run in
a write transaction (``BEGIN IMMEDIATE``). Creating the schema in an empty database and
upgrading an older store are writes: reading an empty database creates nothing, and an older
store is upgraded once, under the write lock."""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from . import schema
from .corruption import (
    NotAStore,
    corruption_problem,
    header_problem,
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

    def exists(self) -> bool:
        """Whether a file that may hold a store is at the path (an empty file holds none)."""
        return self.path.exists() and self.path.stat().st_size > 0

    def reading(self) -> contextlib.AbstractContextManager[sqlite3.Connection | None]:
        """``with database.reading() as conn``: a read transaction on the store, or ``None``
        when there is no store yet (no file, an empty one)."""
        return self._transaction(write=False)

    def writing(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        """``with database.writing() as conn``: a write transaction on the store (created,
        with its folder, if missing), committed when the block ends without an error."""
        return self._transaction(write=True)

    @contextlib.contextmanager
    def _transaction(self, write: bool) -> Iterator[Any]:
        sqlite3 = sqlite_module()
        conn = self._open(write)
        if conn is None:
            yield None
            return
        try:
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield conn
            except BaseException:
                if conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        except sqlite3.Error as error:
            raise unusable(self.path, error) from None
        finally:
            conn.close()

    def _open(self, write: bool) -> sqlite3.Connection | None:
        """A connection to the checked store (see :meth:`_check`), or ``None`` for a read when
        there is no store yet."""
        for _ in range(3):
            try:
                return self._open_once(write)
            except _Reopen:
                continue
        raise StatsError(  # pragma: no cover - a file replaced under us three times in a row
            f"the statistics file {self.path} keeps changing; try again"
        )

    def _open_once(self, write: bool) -> sqlite3.Connection | None:
        sqlite3 = sqlite_module()
        if not self.exists():
            if not write:
                return None
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StatsError(
                    f"cannot create the folder of the statistics file {self.path}: {error}"
                ) from None
        else:
            problem = header_problem(self.path)
            if problem is not None:
                self.set_aside(problem)
                raise _Reopen()
        opened = identity(self.path)
        try:
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise StatsError(f"cannot open the statistics file {self.path}: {error}") from None
        try:
            ready = self._check(conn, write)
            conn.execute("PRAGMA synchronous = FULL")
        except StatsError:
            conn.close()
            if identity(self.path) != opened:  # another process set the file aside meanwhile
                raise _Reopen() from None  # (SQLite saw its journal change: "disk I/O error")
            raise
        except BaseException:
            conn.close()
            raise
        if not ready:
            conn.close()
            return None
        return conn  # type: ignore[no-any-return]  # the lazily imported sqlite3 is untyped

    def _check(self, conn: sqlite3.Connection, write: bool) -> bool:
        """Make sure the file is our store at the current schema. ``False``: a read found an
        empty database, where nothing is stored yet. A file that is not a store is set aside
        (or refused), and the caller opens the path again."""
        try:
            return self._prepare(conn, write)
        except NotAStore as found:
            conn.close()
            self.set_aside(str(found))
            raise _Reopen() from None

    def _prepare(self, conn: sqlite3.Connection, write: bool) -> bool:
        with self._judged(conn):
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            version = schema.inspect(conn, self.path, quick_check=not self._checked)
            if version == 0 and not write:
                return False
            if version != schema.SCHEMA_VERSION:
                if not write:  # upgrade under the write lock, looking again once it is held
                    conn.execute("ROLLBACK")
                    conn.execute("BEGIN IMMEDIATE")
                    version = schema.inspect(conn, self.path, quick_check=False)
                schema.prepare(conn, version)
            conn.execute("COMMIT")
        self._checked = True
        return True

    @contextlib.contextmanager
    def _judged(self, conn: sqlite3.Connection) -> Iterator[None]:
        """Run a look at the file: SQLite's verdict that it is damaged becomes
        :class:`NotAStore`, any other failure (busy, read-only, full) :class:`StatsError`,
        so that only damage sets a file aside. The transaction ends with the block."""
        sqlite3 = sqlite_module()
        try:
            yield
        except sqlite3.DatabaseError as error:
            if not is_corruption(error):
                raise unusable(self.path, error) from None
            raise NotAStore(corruption_problem(error)) from None
        finally:
            if conn.in_transaction:
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
            stacklevel=7,  # the StatsStore method that opened the file
        )

    def _problem_now(self) -> str | None:
        """Look again, under the set-aside lock, at whatever file is at the path now. The look
        holds the write lock: a file another process is writing is busy, never moved."""
        if not self.exists():
            return None
        problem = header_problem(self.path)
        if problem is not None:
            return problem
        sqlite3 = sqlite_module()
        try:
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise StatsError(f"cannot open the statistics file {self.path}: {error}") from None
        try:
            with self._judged(conn):
                conn.execute("BEGIN IMMEDIATE")
                schema.inspect(conn, self.path, quick_check=not self._checked)
        except NotAStore as found:
            return str(found)
        finally:
            conn.close()
        return None


class _Reopen(Exception):
    """Internal: the file was set aside; open the path again."""
