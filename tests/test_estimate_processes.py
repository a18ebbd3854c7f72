"""``estimate`` with real processes: Ctrl-C and SIGTERM stop it at once and leave no process
behind; a script needs the ``if __name__ == "__main__":`` guard, and says so without it.

Each test starts ``python -m pyramide_widget`` (or a script) in its own session, so that its
process group holds it, the process pool's workers, the forkserver and the resource tracker,
and a signal can be sent to all of them as a terminal's Ctrl-C does. Waits are bounded
(``timeout=``), not timed: a hang fails the test, a slow machine does not.
"""

from __future__ import annotations

import concurrent.futures
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pyramide_widget.analysis.estimation import solve_deals

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads the process table in /proc"
)

WORKERS = os.cpu_count() or 1


def group_members(group: int) -> list[int]:
    """The live (not zombie) processes of a process group, from /proc."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        state, _parent, pgrp = stat.rsplit(")", 1)[1].split()[:3]
        if int(pgrp) == group and state != "Z":
            members.append(int(entry))
    return members


def wait_until(condition, timeout: float) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def _interruptible() -> None:
    """In the child before it runs Python: Ctrl-C's default action, as in a terminal. A test
    run started in the background by a shell without job control (``cmd &`` in a script)
    inherits SIGINT ignored, and Python then installs no KeyboardInterrupt handler, so the
    run under test would rightly ignore Ctrl-C as ``nohup`` commands do."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_estimate(*argv: str) -> subprocess.Popen[str]:
    """A long run (one-pass rules, far more deals than the test waits for), working on all cores."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "pyramide_widget", "estimate", "--rules", "T", "--seed", "1", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_interruptible,
    )
    # the CLI, the resource tracker, the forkserver and every worker
    if not wait_until(lambda: len(group_members(proc.pid)) >= 3 + WORKERS, timeout=60):
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail(f"the pool never started: {proc.communicate()}")
    return proc


@pytest.mark.parametrize(
    ("signum", "whole_group", "status", "says"),
    [
        (signal.SIGTERM, False, 128 + signal.SIGTERM, "terminated"),  # kill PID, a service manager
        (signal.SIGINT, True, 130, "interrupted"),  # Ctrl-C in a terminal reaches the whole group
        (signal.SIGINT, False, 130, "interrupted"),
    ],
)
def test_a_signal_stops_estimate_at_once_and_leaves_no_process(
    signum: int,
    whole_group: bool,
    status: int,
    says: str,
) -> None:
    proc = start_estimate("--deals", "100000000")  # also: the first deals are solved at once
    try:
        (os.killpg if whole_group else os.kill)(proc.pid, signum)
        # Before, the running chunks were finished first (up to minutes on these rules) and
        # SIGTERM left the workers holding these pipes open, so this waited forever.
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == status and out == ""
        assert err.strip().endswith(says) and "Traceback" not in err
        assert wait_until(lambda: not group_members(proc.pid), timeout=30), group_members(proc.pid)
    finally:
        if group_members(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)


def test_the_workers_end_soon_after_estimate_is_killed_outright() -> None:
    # SIGKILL runs no cleanup: before, the pool's workers went on solving their chunks, then
    # waited for more from a parent that was gone, and kept the forkserver alive, for good.
    proc = start_estimate("--deals", "100000000")
    try:
        os.kill(proc.pid, signal.SIGKILL)
        assert proc.wait(timeout=60) == -signal.SIGKILL  # (its pipes stay open in the workers)
        assert wait_until(lambda: not group_members(proc.pid), timeout=30), group_members(proc.pid)
    finally:
        if group_members(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=60)


SCRIPT = """\
from pyramide_widget import estimate

{body}
"""


def run_script(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "measure.py"
    script.write_text(SCRIPT.format(body=body))
    return subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, check=False
    )


def test_a_script_with_the_main_guard_runs_on_the_default_pool(tmp_path: Path) -> None:
    done = run_script(
        tmp_path, 'if __name__ == "__main__":\n    print(estimate("N", deals=20, seed=1).won)'
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == estimate_serial_wins()


def estimate_serial_wins() -> int:
    from pyramide_widget import estimate

    return estimate("N", deals=20, seed=1, executor="serial").won


def test_a_script_without_the_guard_is_told_about_it(tmp_path: Path) -> None:
    done = run_script(tmp_path, 'print(estimate("N", deals=20, seed=1).won)')
    assert done.returncode == 1
    assert 'lacks the `if __name__ == "__main__":` guard' in done.stderr.strip().splitlines()[-1]


def test_stopping_the_default_pool_early_cancels_nothing_from_the_calling_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Closing the stream of outcomes early ends the default pool; its chunks not started are
    cancelled by the pool's own thread. A future cancelled from this thread while the workers
    are ended can meet that thread setting the future's error, which Python before 3.12
    reports from the thread as an InvalidStateError (CPython gh-107219)."""
    cancelled_here: list[str] = []
    cancel = concurrent.futures.Future.cancel

    def watched(future: concurrent.futures.Future) -> bool:
        if threading.current_thread() is threading.main_thread():
            cancelled_here.append(repr(future))
        return cancel(future)

    monkeypatch.setattr(concurrent.futures.Future, "cancel", watched)
    outcomes = solve_deals("N", 400, seed=3, chunk_size=2, in_flight=12)
    next(outcomes)
    outcomes.close()
    assert cancelled_here == []
