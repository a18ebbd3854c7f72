"""Long solver work off the kernel's main thread, so that the notebook stays responsive.

:func:`run` runs work in a daemon thread and hands its progress and result back to the main
thread through the kernel's event loop; without a running loop, or without threads (Pyodide),
it runs the work at once in the caller, with the same callbacks. :func:`run_steps` runs work
written as a generator the same way, except without threads: there it runs on the kernel's
event loop in slices of at most :data:`SLICE_SECONDS`, handing the loop back between them, so
that a click's message never waits for the whole work. :meth:`Task.cancel` stops the work at
its next progress report (or step), and nothing more is delivered. :class:`Tasks` is the
widget's running work by name and the progress the views show. ``docs/widget.md`` tells why.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
import time
from collections.abc import Callable, Generator
from typing import Any, Generic, TypeVar, cast

logger = logging.getLogger(__name__)

T = TypeVar("T")
Report = Callable[[Any], None]
Steps = Generator[object, None, T]
"""Work as a generator: it yields where it may pause (or be cancelled) and returns its result."""

THREADS = sys.platform != "emscripten"
"""Whether this interpreter runs threads (Pyodide does not)."""

SLICE_SECONDS = 0.05
"""How long stepped work holds the kernel's event loop without threads before it hands the
loop back (a click waits at most about this long, plus one step)."""


class Cancelled(Exception):
    """Raised inside cancelled work at its next progress report."""


class Task(Generic[T]):
    """One piece of work, run by :func:`run`."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.thread: threading.Thread | None = None
        self.sliced: asyncio.Task[None] | None = None  # stepped work on the loop (no threads)
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
    if not THREADS:
        return None
    return _running_loop()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop (in Pyodide, its WebLoop, which the browser's loop runs)."""
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


def run_steps(
    task: Task[T],
    steps: Steps[T],
    on_progress: Callable[[Any], None],
    on_done: Callable[[T | None, BaseException | None], None],
) -> None:
    """Run ``steps`` as ``task``, as :func:`run` runs work (each step is a progress report of
    ``True``); without threads but with the kernel's event loop (Pyodide's), on that loop in
    slices of at most :data:`SLICE_SECONDS`: the work yields the loop between slices, so that
    the front end's messages are handled meanwhile, and a cancelled task stops at its next
    step. Without either, it runs at once."""
    loop = None if THREADS else _running_loop()
    if loop is None:
        run(task, lambda report: _drained(steps, report), on_progress, on_done)
        return
    task.sliced = loop.create_task(_in_slices(task, steps, on_progress, on_done))


def _drained(steps: Steps[T], report: Report) -> T:
    """Run ``steps`` to its end, reporting after each step."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return cast(T, end.value)
        report(True)


async def _in_slices(
    task: Task[T],
    steps: Steps[T],
    on_progress: Callable[[Any], None],
    on_done: Callable[[T | None, BaseException | None], None],
) -> None:
    """Run ``steps`` on the running loop, a slice at a time (see :func:`run_steps`)."""
    try:
        while True:
            started = time.perf_counter()
            while True:  # at least one step a slice
                if task.cancelled:
                    steps.close()
                    return
                try:
                    next(steps)
                except StopIteration as end:
                    on_done(cast(T, end.value), None)
                    return
                on_progress(True)
                if time.perf_counter() - started >= SLICE_SECONDS:
                    break
            await asyncio.sleep(0)
    except Exception as error:
        if not task.cancelled:
            on_done(None, error)


class Tasks:
    """Running work by name (one task per name), and its progress as the views show it:
    ``{name: progress}`` (``{"hint": True}``, ``{"analysis": {"done": 3, "total": 40}}``, ``{}``
    when idle), handed to ``show`` at each change."""

    def __init__(self, show: Callable[[dict[str, Any]], None]) -> None:
        self._running: dict[str, tuple[Task[Any], Any]] = {}
        self._show = show

    def __contains__(self, name: object) -> bool:
        return name in self._running

    def __getitem__(self, name: str) -> Task[Any]:
        return self._running[name][0]

    def start(
        self,
        name: str,
        work: Callable[[Report], T],
        on_result: Callable[[T], None],
        progress: Any = True,
    ) -> None:
        """Run ``work`` as the task ``name`` with :func:`run`, showing ``progress`` until it
        reports; ``on_result`` gets its result on the main thread, an error is logged."""
        task: Task[T] = Task(name)
        run(task, work, *self._begin(task, on_result, progress))

    def start_steps(
        self, name: str, steps: Steps[T], on_result: Callable[[T], None], progress: Any = True
    ) -> None:
        """Run ``steps`` as the task ``name`` with :func:`run_steps`, showing ``progress``;
        ``on_result`` gets its result, an error is logged (as :meth:`start`)."""
        task: Task[T] = Task(name)
        run_steps(task, steps, *self._begin(task, on_result, progress))

    def _begin(
        self, task: Task[T], on_result: Callable[[T], None], progress: Any
    ) -> tuple[Callable[[Any], None], Callable[[T | None, BaseException | None], None]]:
        """Show ``task`` running; its progress and end callbacks."""
        name = task.name

        def on_progress(value: Any) -> None:
            if self._is_running(task):
                self._running[name] = (task, value)
                self._publish()

        def on_done(result: T | None, error: BaseException | None) -> None:
            self._end(task)
            if error is not None:
                logger.error("PyramideWidget: the %s failed", name, exc_info=error)
            else:
                on_result(cast(T, result))

        self._running[name] = (task, progress)
        self._publish()
        return on_progress, on_done

    def cancel(self, name: str) -> None:
        """Cancel the task ``name``, if running; its progress and result are never delivered."""
        if name in self._running:
            task = self._running[name][0]
            task.cancel()
            self._end(task)

    def cancel_all(self) -> None:
        for task, _ in list(self._running.values()):
            task.cancel()

    def _is_running(self, task: Task[Any]) -> bool:
        entry = self._running.get(task.name)
        return entry is not None and entry[0] is task

    def _end(self, task: Task[Any]) -> None:
        if self._is_running(task):
            del self._running[task.name]
            self._publish()

    def _publish(self) -> None:
        self._show({name: progress for name, (_, progress) in self._running.items()})


__all__ = ["SLICE_SECONDS", "Cancelled", "Task", "Tasks", "in_background", "run", "run_steps"]
