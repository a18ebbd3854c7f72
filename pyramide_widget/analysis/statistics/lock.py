"""The cross-process lock taken while a damaged statistics file is set aside."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .errors import StatsBusyError

_THREAD_LOCK = threading.Lock()


@contextlib.contextmanager
def exclusive(lock_path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``lock_path`` (created, and kept, next to the store) across
    processes: ``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows. Where the platform has
    neither, or the file system refuses the lock (Pyodide, some network shares), only this
    process's threads are kept apart, which is all there is to keep apart in Pyodide."""
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


def _lock_file(handle: Any) -> Callable[[], None]:
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
