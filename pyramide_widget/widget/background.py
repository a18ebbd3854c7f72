"""Long solver work off the kernel's main thread, so that the notebook stays responsive.

A Hint under the one-pass rules, or the analysis of a whole game, can search for seconds. Run
on the kernel's main thread, that would hold every other message (taps, other cells' widgets)
until it ends. :func:`run` runs the work in a daemon thread instead and hands its progress
and its result back **to the main thread**, through the kernel's event loop
(``loop.call_soon_threadsafe``): the widget's state, its game and its traits are only ever
touched there, so nothing needs a lock. The work itself gets only copies (a record, a copied
game).

Where there is no running event loop (a plain script, the tests' direct calls) or no threads
(Pyodide, in JupyterLite), the work runs at once in the caller, with the same callbacks: slower
to answer there, but the same results.

A task is cancelled with :meth:`Task.cancel` (a new game does it): the next progress report
inside the work raises :class:`Cancelled`, which ends the thread, and no result is delivered.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

logger = logging.getLogger(__name__)

T = TypeVar("T")
Report = Callable[[Any], None]


class Cancelled(Exception):
    """Raised inside cancelled work at its next progress report."""


class Task(Generic[T]):
    """One piece of work, run by :func:`run`."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.thread: threading.Thread | None = None
        self._cancelled = threading.Event()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """Stop at the next progress report; neither progress nor result is delivered after."""
        self._cancelled.set()

    def check(self) -> None:
        """Raise :class:`Cancelled` if the task was cancelled (the work calls this, through
        its report function)."""
        if self._cancelled.is_set():
            raise Cancelled(self.name)


def _main_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's running event loop, if work can be handed to a thread and back."""
    if sys.platform == "emscripten":  # Pyodide: no threads
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def in_background() -> bool:
    """Whether :func:`run` would run work in a thread here (else it runs at once)."""
    return _main_loop() is not None


def run(
    task: Task[T],
    work: Callable[[Report], T],
    on_progress: Callable[[Any], None],
    on_done: Callable[[T | None, BaseException | None], None],
) -> None:
    """Run ``work(report)`` as ``task``; each ``report(value)`` calls ``on_progress(value)``
    on the main thread, and the end calls ``on_done(result, None)`` or ``on_done(None, error)``
    there, unless the task was cancelled first. Without a thread the work runs (and both
    callbacks are called) before this returns."""
    loop = _main_loop()

    def deliver(callback: Callable[..., None], *args: Any) -> None:
        def call() -> None:
            if not task.cancelled:
                callback(*args)

        if loop is None:
            call()
            return
        try:
            loop.call_soon_threadsafe(call)
        except RuntimeError:  # the loop closed: the kernel is shutting down
            logger.info("background task %s finished after the kernel's loop closed", task.name)

    def report(value: Any) -> None:
        task.check()
        deliver(on_progress, value)

    def target() -> None:
        try:
            result = work(report)
        except Cancelled:
            return
        except BaseException as error:
            deliver(on_done, None, error)
            return
        deliver(on_done, result, None)

    if loop is None:
        target()
    else:
        task.thread = threading.Thread(target=target, name=f"pyramide-{task.name}", daemon=True)
        task.thread.start()


__all__ = ["Cancelled", "Task", "in_background", "run"]
