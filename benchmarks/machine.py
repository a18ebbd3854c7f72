"""What a benchmark records about its run: the machine's load before and after it
(``/proc/loadavg``), the wall-clock and CPU seconds it took, the cores and the Python. Every
figure a benchmark writes to ``benchmarks/results/`` carries these, so wherever it is quoted
its conditions can be read beside it (the machine is shared: a load above its 2 cores means
other work ran at the same time, and wall-clock times grow with it).
"""

from __future__ import annotations

import os
import platform
import resource
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

LOADAVG = Path("/proc/loadavg")


def load() -> list[float]:
    """The load averages over 1, 5 and 15 minutes, as ``/proc/loadavg`` gives them."""
    if LOADAVG.is_file():
        return [float(field) for field in LOADAVG.read_text().split()[:3]]
    return [round(value, 2) for value in os.getloadavg()]


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (a pool's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@contextmanager
def measured() -> Iterator[dict[str, Any]]:
    """A run's conditions, filled in when the ``with`` block ends: ``load`` (``before`` and
    ``after``, each the three load averages), ``seconds`` (wall-clock), ``cpu_seconds``."""
    record: dict[str, Any] = {"load": {"before": load()}}
    started, cpu = time.perf_counter(), cpu_seconds()
    yield record
    record["seconds"] = round(time.perf_counter() - started, 3)
    record["cpu_seconds"] = round(cpu_seconds() - cpu, 1)
    record["load"]["after"] = load()


def machine() -> dict[str, Any]:
    """The cores and the Python a run had."""
    return {
        "nproc": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }


def load_text(record: dict[str, Any]) -> str:
    """The one-minute load before and after a run, as the guides quote it: ``1.9 → 2.4``."""
    return f"{record['load']['before'][0]:.1f} → {record['load']['after'][0]:.1f}"
