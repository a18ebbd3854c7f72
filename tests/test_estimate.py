"""Win-rate estimation: the Wilson interval, reproducible deals, executor independence."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor

import pytest

from pyramide_widget import Rules
from pyramide_widget.estimation import deal_letters, estimate, wilson_interval


@pytest.mark.parametrize(
    ("won", "total", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),  # the "rule of three"-like upper bound for no success
        (8, 10, 0.4902, 0.9433),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (200, 10_000, 0.01743, 0.02295),
    ],
)
def test_wilson_interval_known_values(won: int, total: int, low: float, high: float) -> None:
    got = wilson_interval(won, total)
    assert got == pytest.approx((low, high), abs=5e-5)


@pytest.mark.parametrize(("won", "total"), [(0, 7), (3, 40), (2000, 10_000), (9999, 10_000)])
def test_wilson_interval_is_where_the_score_test_accepts(won: int, total: int) -> None:
    """By definition: the p for which |p̂ - p| <= z·sqrt(p(1-p)/n); found here by bisection."""
    z = 1.959963984540054
    p_hat = won / total

    def inside(p: float) -> bool:
        return abs(p_hat - p) <= z * math.sqrt(p * (1 - p) / total)

    def edge(lo: float, hi: float) -> float:  # inside(lo) != inside(hi)
        for _ in range(100):
            mid = (lo + hi) / 2
            if inside(mid) == inside(lo):
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    low, high = wilson_interval(won, total)
    expected_low = 0.0 if won == 0 else edge(1e-12, p_hat)
    expected_high = 1.0 if won == total else edge(p_hat, 1 - 1e-12)
    assert (low, high) == pytest.approx((expected_low, expected_high), abs=1e-9)


def test_wilson_interval_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        wilson_interval(1, 0)
    with pytest.raises(ValueError):
        wilson_interval(5, 4)


def test_deals_are_reproducible_distinct_and_seed_dependent() -> None:
    first = deal_letters(7, 500)
    assert first == deal_letters(7, 500)
    assert len(set(first)) == 500 and all(len(x) == 7 and x.isalpha() and x.isupper() for x in first)
    assert first[:100] == deal_letters(7, 100)
    assert first != deal_letters(8, 500)


def test_estimate_does_not_depend_on_the_executor_or_chunks() -> None:
    serial = estimate("N", deals=40, seed=3, executor="serial")
    with ThreadPoolExecutor(max_workers=3) as pool:
        threaded = estimate(Rules(), deals=40, seed=3, executor=pool, chunk_size=7)
    processes = estimate("n", deals=40, seed=3, chunk_size=9)  # the default process pool
    assert serial == threaded == processes
    assert repr(serial) == repr(processes)
    assert serial.codes == [f"PY1-N-{x}" for x in deal_letters(3, 40)]
    assert sum(serial.max_removed.values()) == 40
    assert serial.max_removed.get(28, 0) == serial.won
    assert serial.low <= serial.rate <= serial.high


def test_estimate_reports_progress_and_custom_rules() -> None:
    seen: list[tuple[int, int]] = []
    rules = Rules(recycles=1, pair_with_coverer=True)
    result = estimate(rules, deals=12, seed=1, executor="serial", chunk_size=5, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(5, 12), (10, 12), (12, 12)]
    assert result.codes[0].startswith("PY1-X-") and result.to_dict()["rules_knobs"] == rules.to_dict()


def test_estimate_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError):
        estimate("N", deals=0)
    with pytest.raises(ValueError):
        estimate("Z", deals=1)
    with pytest.raises(ValueError):
        estimate("N", deals=1, executor="cluster")
