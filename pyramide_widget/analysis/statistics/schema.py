"""The statistics file's table, its versions and how a file is recognised as a store.

The schema version is SQLite's ``user_version``; ``application_id`` marks the file as ours."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .corruption import NotAStore
from .errors import StatsError

if TYPE_CHECKING:
    import sqlite3

SCHEMA_VERSION = 2
"""``PRAGMA user_version`` of the current schema (2 added ``assisted`` and ``session``; a
version-1 file is upgraded in place on first use, keeping its games)."""
APPLICATION_ID = 0x50594D53
"""``PRAGMA application_id`` of a statistics file ("PYMS"), which tells ours from others."""

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
COLUMNS = (
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
"""The columns of ``games``, in the order a written row lists them (after ``id``)."""


def inspect(conn: sqlite3.Connection, path: Path, *, quick_check: bool) -> int:
    """The schema version of the store in ``conn``'s file, read in the caller's transaction
    without writing: :data:`SCHEMA_VERSION`, an older one (to upgrade), or 0 for an empty
    database (to create). Raises :class:`NotAStore` for a file that is not a store and
    :class:`StatsError` for a newer version's store."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = sorted(
        r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    )
    if app_id == 0 and version == 0 and not tables:
        return 0
    if app_id != APPLICATION_ID:
        raise NotAStore(
            f"a SQLite database of another program (tables: {', '.join(tables) or 'none'})"
        )
    if version > SCHEMA_VERSION:
        raise StatsError(
            f"the statistics file {path} was written by a newer pyramide-widget "
            f"(schema {version}, this one reads {SCHEMA_VERSION}); upgrade the package "
            "or choose another file. It was left as it is."
        )
    if not (version == SCHEMA_VERSION or version in _MIGRATIONS) or "games" not in tables:
        raise NotAStore(f"a statistics file with an unknown schema (version {version})")
    if quick_check:
        result = conn.execute("PRAGMA quick_check").fetchone()[0]
        if result != "ok":
            raise NotAStore(f"a damaged statistics file ({result})")
    return int(version)


def prepare(conn: sqlite3.Connection, version: int) -> None:
    """Bring the store found at ``version`` (:func:`inspect`) to :data:`SCHEMA_VERSION`:
    create the schema in an empty database, upgrade an older store keeping its games. The
    caller holds the write lock and commits."""
    if version == 0:
        for statement in _SCHEMA:
            conn.execute(statement)
        return
    for step in range(version, SCHEMA_VERSION):
        for statement in _MIGRATIONS[step]:
            conn.execute(statement)
    if version != SCHEMA_VERSION:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
