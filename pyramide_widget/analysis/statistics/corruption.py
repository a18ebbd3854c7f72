"""Telling a damaged statistics file from a busy one, and setting a damaged file aside.

Only SQLite's own verdicts ("not a database", "malformed"), a file that does not begin with
SQLite's header, a foreign or unknown schema and a failed ``quick_check`` make a file damaged;
busy, read-only, full or unreadable files are left as they are (:func:`unusable`)."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

from .errors import StatsBusyError, StatsError

# SQLite's primary result codes (https://sqlite.org/rescode.html).
SQLITE_BUSY, SQLITE_LOCKED, SQLITE_CORRUPT, SQLITE_NOTADB = 5, 6, 11, 26

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first bytes of every SQLite database file."""


class NotAStore(Exception):
    """The file is not a usable store; the message says what it is."""


def error_code(error: Exception) -> int | None:
    """SQLite's primary result code of ``error`` (Python >= 3.11 exposes it), else ``None``."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def is_corruption(error: Exception) -> bool:
    """Whether SQLite itself says the file is not a database or is damaged. Everything else
    (busy, locked, read-only, I/O, full disk) says nothing about the file's content."""
    code = error_code(error)
    if code is not None:
        return code in (SQLITE_CORRUPT, SQLITE_NOTADB)
    text = str(error).lower()  # Python 3.10: only the message tells
    return "not a database" in text or "malformed" in text


def corruption_problem(error: Exception) -> str:
    """What a corruption error (:func:`is_corruption`) says the file is."""
    if error_code(error) == SQLITE_CORRUPT:
        return f"a damaged SQLite file ({error})"
    return f"not a SQLite database ({error})"


def header_problem(path: Path) -> str | None:
    """Why the file at ``path`` cannot be a SQLite database, judged by its first bytes, or
    ``None``. SQLite itself takes a file shorter than a page (one byte, say) for an empty
    database and writes over it, so this look comes first."""
    try:
        with open(path, "rb") as file:
            start = file.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return None
    except OSError as error:
        raise StatsError(
            f"cannot read the statistics file {path}: {error}; it was left as it is"
        ) from None
    if not start or start == SQLITE_HEADER:
        return None
    return f"not a SQLite database (it does not begin with SQLite's header: {start!r})"


def unusable(path: Path, error: Exception) -> StatsError:
    """The error for a file that could not be used but is not known to be damaged."""
    code = error_code(error)
    if code in (SQLITE_BUSY, SQLITE_LOCKED) or (code is None and "locked" in str(error).lower()):
        return StatsBusyError(
            f"the statistics file {path} is busy: another program kept it locked ({error}); "
            "it was left as it is, try again later"
        )
    return StatsError(f"cannot use the statistics file {path}: {error}; it was left as it is")


def identity(path: Path) -> tuple[int, int] | None:
    """Which file is at ``path`` (device and inode), to tell a file replaced under an open
    connection from one that is unusable in itself."""
    try:
        found = path.stat()
    except OSError:
        return None
    return (found.st_dev, found.st_ino)


def move_aside(path: Path) -> Path:
    """Rename the file and its journal to ``<name>.corrupt-<UTC time>[-n]``; the caller holds
    the set-aside lock (:func:`.lock.exclusive`)."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    try:
        os.replace(path, target)
        for suffix in ("-journal", "-wal", "-shm"):
            side = path.with_name(path.name + suffix)
            if side.exists():
                os.replace(side, target.with_name(target.name + suffix))
    except OSError as error:  # e.g. Windows, where another program has the file open
        raise StatsError(
            f"the statistics file {path} is damaged and could not be moved aside: {error}"
        ) from None
    return target
