"""Win-rate estimation: the Wilson interval, reproducible deals, executor independence, lazy deals
and bounded memory, argument checks."""

from __future__ import annotations

import json
import math
import re
from concurrent.futures import Future, ThreadPoolExecutor
from itertools import islice
from pathlib import Path

import pytest

from pyramide_widget import CodeError, Rules
from pyramide_widget.analysis.estimation import (
    MAX_DEALS,
    _DrawnValues,
    deal_letters,
    estimate,
    iter_deal_letters,
    solve_deals,
)
from pyramide_widget.analysis.rate import wilson_interval
from pyramide_widget.engine.deal import SplitMix64


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
    assert len(set(first)) == 500 and all(
        len(x) == 7 and x.isalpha() and x.isupper() for x in first
    )
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
    result = estimate(
        rules,
        deals=12,
        seed=1,
        executor="serial",
        chunk_size=5,
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen == [(5, 12), (10, 12), (12, 12)]
    assert (
        result.codes[0].startswith("PY1-X-") and result.to_dict()["rules_knobs"] == rules.to_dict()
    )


def test_estimate_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError):
        estimate("N", deals=0)
    with pytest.raises(ValueError):
        estimate("Z", deals=1)
    with pytest.raises(ValueError):
        estimate("N", deals=1, executor="cluster")


# ---------------------------------------------------------------- lazy deals, bounded memory


def reference_deal_letters(seed: int, deals: int) -> list[str]:
    """The deal sequence as first published (a set of every code drawn): the sequence must never change."""
    from pyramide_widget.engine.deal import SplitMix64

    rng, seen, letters = SplitMix64(seed), set(), []
    while len(letters) < deals:
        value, text = rng.below(26**7), ""
        for _ in range(7):
            value, digit = divmod(value, 26)
            text = chr(65 + digit) + text
        if text not in seen:
            seen.add(text)
            letters.append(text)
    return letters


def test_the_deal_sequence_is_the_published_one_repeats_skipped() -> None:
    # Seed 34 draws the same code twice within its first 10,000 draws (draws 7143 and 9639).
    from pyramide_widget.engine.deal import SplitMix64

    rng = SplitMix64(34)
    raw = [rng.below(26**7) for _ in range(10_000)]
    assert len(set(raw)) < len(raw)
    assert deal_letters(34, 10_000) == reference_deal_letters(34, 10_000)
    assert list(islice(iter_deal_letters(34), 10_000)) == deal_letters(34, 10_000)


def test_the_published_winning_codes_come_in_the_order_of_the_seed() -> None:
    """win_rates.json lists the deals won, in deal order: they must be where the seed puts them."""
    published = json.loads(
        (Path(__file__).resolve().parents[1] / "benchmarks/results/win_rates.json").read_text()
    )
    position = {letters: i for i, letters in enumerate(deal_letters(2024, 10_000))}
    for item in published["results"]:
        if "won_codes" in item:
            places = [position[code.rsplit("-", 1)[1]] for code in item["won_codes"]]
            assert places == sorted(places) and len(places) == item["won"]


def test_the_record_of_drawn_deals_turns_full_buckets_into_bitmaps() -> None:
    drawn, expected = _DrawnValues(), set()
    rng = SplitMix64(5)
    for _ in range(30_000):  # crowd 3 buckets: lists, then bitmaps past 4096 values each
        value = (rng.below(3) << 16) | rng.below(1 << 16)
        assert drawn.add(value) is (value not in expected)
        expected.add(value)
    kinds = {type(bucket).__name__ for bucket in drawn._buckets.values()}
    assert kinds == {"bytearray"} and len(drawn._buckets) == 3


def test_a_huge_number_of_deals_streams_its_first_results_at_once() -> None:
    """Nothing is built up front: the first outcomes of 26**7 deals come as those of 60."""
    stream = solve_deals("N", deals=MAX_DEALS, seed=3, chunk_size=7)
    first = list(islice(stream, 60))
    stream.close()  # ends the default pool's workers
    assert first == list(estimate("N", deals=60, seed=3, executor="serial").outcomes)


class CountingExecutor(ThreadPoolExecutor):
    """A real thread pool that counts the chunks submitted to it."""

    submitted = 0

    def submit(self, *args: object, **kwargs: object) -> Future:  # type: ignore[override]
        self.submitted += 1
        return super().submit(*args, **kwargs)  # type: ignore[arg-type]


def test_only_a_window_of_chunks_is_in_flight() -> None:
    with CountingExecutor(max_workers=2) as pool:
        stream = solve_deals("E", deals=10_000, seed=1, executor=pool, chunk_size=5, in_flight=3)
        read = list(islice(stream, 12))  # 2 chunks read, a third begun
        assert len(read) == 12 and pool.submitted <= 2 + 3  # not the 2,000 chunks of 10,000 deals
        stream.close()


class MiscountingExecutor(ThreadPoolExecutor):
    """A real thread pool whose futures give ``change`` more (or fewer) results than each
    chunk's task returned, as a broken executor might."""

    def __init__(self, change: int) -> None:
        super().__init__(max_workers=2)
        self.change = change

    def submit(self, task, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        def miscounted():  # type: ignore[no-untyped-def]
            results = task(*args, **kwargs)
            return results[: self.change] if self.change < 0 else results + results[: self.change]

        return super().submit(miscounted)


@pytest.mark.parametrize("change", [-1, -5, 1])
def test_an_executor_that_returns_a_wrong_number_of_results_is_an_error(change: int) -> None:
    # Before, the estimate took fewer results silently and reported a rate over deals it
    # never saw (with more, it ignored the extra ones).
    with (
        MiscountingExecutor(change) as pool,
        pytest.raises(ValueError, match=r"the executor returned \d+ results for 5 deals"),
    ):
        estimate("N", deals=10, seed=1, executor=pool, chunk_size=5)


def test_keep_decides_what_is_kept_deal_by_deal_not_the_figures() -> None:
    everything = estimate("N", deals=30, seed=9, executor="serial")
    won_only = estimate("N", deals=30, seed=9, executor="serial", keep="won")
    figures = estimate("N", deals=30, seed=9, executor="serial", keep="none")
    for other in (won_only, figures):
        assert (other.won, other.low, other.high, other.max_removed) == (
            everything.won,
            everything.low,
            everything.high,
            everything.max_removed,
        )
        assert other.outcomes == ()
    assert (
        won_only.won_codes
        == everything.won_codes
        == tuple(o.code for o in everything.outcomes if o.winnable)
    )
    assert figures.won_codes == () and figures.to_dict()["won_codes"] is None
    assert figures.slowest().code in everything.codes
    with pytest.raises(ValueError, match="keep='all'"):
        _ = figures.codes


@pytest.mark.parametrize(
    ("kwargs", "error", "says"),
    [
        ({"rules": 5}, TypeError, "Rules or a preset letter"),
        ({"rules": None}, TypeError, "Rules or a preset letter"),
        ({"executor": object()}, TypeError, "concurrent.futures.Executor"),
        ({"executor": "cluster"}, ValueError, "concurrent.futures.Executor"),
        ({"seed": 2**70}, ValueError, "from 0 to 18446744073709551615"),
        ({"seed": -1}, ValueError, "from 0 to 18446744073709551615"),
        ({"seed": 1.5}, TypeError, "whole number"),
        ({"deals": True}, TypeError, "whole number"),
        ({"deals": 26**7 + 1}, ValueError, "from 1 to 8031810176"),
        ({"chunk_size": 0}, ValueError, "chunk_size"),
        ({"in_flight": 0}, ValueError, "in_flight"),
        ({"progress": 3}, TypeError, "progress"),
        ({"keep": "some"}, ValueError, "keep"),
        ({"max_nodes": 0}, ValueError, "max_nodes"),
        ({"max_nodes": 2.5}, TypeError, "max_nodes"),
        (
            {"max_nodes": 2**63 - 1},
            ValueError,
            "max_nodes must be a positive number of search nodes from 1 to 2**62",
        ),
        ({"max_nodes": 10, "player": "greedy"}, ValueError, "max_nodes is the solver's budget"),
    ],
)
def test_bad_arguments_are_refused_at_the_call(kwargs: dict, error: type, says: str) -> None:
    with pytest.raises(error, match=re.escape(says)):
        estimate(**{"deals": 3, "executor": "serial", **kwargs})
    if (
        "progress" not in kwargs and "keep" not in kwargs
    ):  # solve_deals checks before the first deal
        with pytest.raises(error, match=re.escape(says)):
            solve_deals(**{"deals": 3, "executor": "serial", **kwargs})


def test_a_look_alike_of_a_preset_letter_is_refused() -> None:
    with pytest.raises(CodeError, match="unknown rules letter"):
        estimate("\u017f", deals=1, executor="serial")  # the long s: "ſ".upper() == "S"


def test_a_lower_case_or_spaced_preset_letter_is_the_preset() -> None:
    assert estimate(" e ", deals=3, executor="serial") == estimate(
        Rules.preset("E"), deals=3, executor="serial"
    )


def test_a_deal_not_settled_within_max_nodes_is_undecided_never_won_or_lost() -> None:
    """Tut's Tomb's deals differ widely in the nodes they need (benchmarks/results/piles_solver.json):
    with a smaller budget more are undecided, counted apart, and the bounds cover both ends."""
    full = estimate("U", deals=4, seed=2024, executor="serial", max_nodes=3_000)
    budget = estimate("U", deals=4, seed=2024, executor="serial", max_nodes=200)
    assert full.undecided < budget.undecided and budget.won + budget.lost + budget.undecided == 4
    for before, after in zip(full.outcomes, budget.outcomes, strict=True):
        if after.winnable is not None:
            assert after.winnable == before.winnable  # a decided deal is decided the same way
    assert budget.won <= full.won <= budget.won + budget.undecided
    assert budget.rate_range == (budget.won / 4, (budget.won + budget.undecided) / 4)
    assert (budget.low, budget.high) == (
        wilson_interval(budget.won, 4)[0],
        wilson_interval(budget.won + budget.undecided, 4)[1],
    )
    assert (
        sum(budget.max_removed.values()) == 4 - budget.undecided
    )  # only decided deals' exact figures
    data = budget.to_dict()
    assert (data["undecided"], data["lost"], data["max_nodes"]) == (
        budget.undecided,
        budget.lost,
        200,
    )
    assert f"{budget.undecided} undecided within 200 nodes" in budget.summary()
    assert (
        "undecided" not in estimate("N", deals=3, executor="serial").to_dict()
    )  # no budget: as before
