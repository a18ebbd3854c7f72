"""The published strategy rates (benchmarks/results/strategy_rates.json, written by
benchmarks/strategy_rates.py) against the solver's published run.

The runs take minutes, so they are not repeated here; what is checked is that every preset is
there, that each figure follows from its counts, that the strategies played the solver's deals
and never won one the solver calls lost. The README's table is checked against the package's
copy of these figures (tests/test_published_data.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.analysis.rate import wilson_interval
from pyramide_widget.analysis.strategies import STRATEGIES
from pyramide_widget.engine.deal import DealCode
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.solver import compiled

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
PUBLISHED = {
    item["rules"]: item
    for item in json.loads((RESULTS / "strategy_rates.json").read_text())["results"]
}
SOLVER = {
    item["rules"]: item for item in json.loads((RESULTS / "win_rates.json").read_text())["results"]
}


def codes_of(letter: str, deals: int) -> list[str]:
    """The codes of the first ``deals`` deals of seed 2024 under a preset (Tut's Tomb's in
    format PY2, as the published runs deal them)."""
    rules = PRESETS[letter].rules
    return [str(DealCode.for_rules(rules, letters)) for letters in deal_letters(2024, deals)]


def check_figures(item: dict, deals: int) -> None:
    """Counts and interval agree; with undecided deals (a solver run with a node budget) the
    interval runs from the lower bound of "none of them won" to the upper of "all won"."""
    undecided = item.get("undecided", 0)
    assert 0 <= item["won"] <= item["won"] + undecided <= deals
    assert item["rate"] == item["won"] / deals
    low, high = (
        wilson_interval(item["won"], deals)[0],
        wilson_interval(item["won"] + undecided, deals)[1],
    )
    assert item["ci95"] == pytest.approx([low, high])


# Every preset the solver's published run measures (the pile games came after both runs).
MEASURED = [letter for letter in PRESETS if letter in SOLVER]
HEURISTICS = {"random", "greedy", "careful"}


def test_the_presets_measured_are_the_solvers() -> None:
    assert list(PUBLISHED) == MEASURED and len(MEASURED) >= 10


@pytest.mark.parametrize("letter", MEASURED)
def test_every_preset_and_strategy_is_published_beside_the_solver(letter: str) -> None:
    entry = PUBLISHED[letter]
    deals = entry["deals"]
    # At least 1,000 deals, or every deal of a shorter solver run (a pile game's, "fewer_because").
    assert deals >= min(1_000, SOLVER[letter]["deals"]) and entry["seed"] == 2024
    assert entry["command"].endswith(f"--presets {letter} --deals {deals}")
    # Every heuristic; the expert (seconds a deal) where its publication run has played.
    assert HEURISTICS <= set(entry["strategies"]) <= set(STRATEGIES)
    solver = entry["solver"]
    assert solver["deals"] == deals
    check_figures(solver, deals)
    size = PRESETS[letter].rules.table.shape.size
    for name, item in entry["strategies"].items():
        # A player run on other deals than the entry's (--players) gives its own, and the
        # solver's figures on them.
        played, beside = item.get("deals", deals), item.get("solver", solver)
        assert beside["deals"] == played
        check_figures(beside, played)
        check_figures(item, played)
        assert sum(item["max_removed"].values()) == played
        assert item["max_removed"].get(str(size), 0) >= item["won"]  # a win clears the pyramid
        most = beside["won"] + beside.get("undecided", 0)
        assert item["won"] <= most, f"{name} cannot win more of the same deals than the solver"


@pytest.mark.parametrize("letter", MEASURED)
def test_the_solver_figures_are_the_published_runs_on_the_same_deals(letter: str) -> None:
    entry, run = PUBLISHED[letter], SOLVER[letter]
    if entry["solver"]["source"] != "win_rates.json":
        assert entry["solver"]["source"] == "solved by this run"
        return
    if entry["deals"] == run["deals"]:
        assert entry["solver"]["won"] == run["won"]
    else:
        codes = set(codes_of(letter, entry["deals"]))
        assert entry["solver"]["won"] == len(set(run["won_codes"]) & codes)


# The presets whose strategy entries kept their winning codes: those compared with the solver's
# published codes (strategy_rates.py compares the others, solved again, as it runs).
@pytest.mark.parametrize(
    "letter",
    [
        letter
        for letter in MEASURED
        if SOLVER[letter].get("won_codes") is not None
        and PUBLISHED[letter]["solver"]["source"] == "win_rates.json"
    ],
)
def test_a_strategy_won_only_deals_the_solver_won(letter: str) -> None:
    entry = PUBLISHED[letter]
    solver_won = set(SOLVER[letter]["won_codes"])
    undecided = SOLVER[letter].get(
        "undecided", 0
    )  # strategy_rates.py checked those it won: not lost
    for item in entry["strategies"].values():
        deals = item.get("deals", entry["deals"])
        codes = codes_of(letter, deals)
        assert len(item["won_codes"]) == item["won"] and set(item["won_codes"]) <= set(codes)
        assert len(set(item["won_codes"]) - solver_won) <= undecided


ONE_WASTE = [letter for letter in MEASURED if compiled.models(PRESETS[letter].rules.table)]


@pytest.mark.parametrize("letter", MEASURED)
def test_the_expert_is_published_on_2000_deals_or_says_why_fewer(letter: str) -> None:
    expert = PUBLISHED[letter]["strategies"]["expert"]
    played = expert.get("deals", PUBLISHED[letter]["deals"])
    if letter in ONE_WASTE and played < 2_000:
        assert expert["fewer_because"], f"{letter}: the expert played {played} deals, not 2,000"
    assert expert["load"]["before"] and expert["load"]["after"] and expert["seconds"] > 0


EXPERT = {
    item["rules"]: item
    for item in json.loads((RESULTS / "expert_rates.json").read_text())["results"]
}


@pytest.mark.parametrize("letter", ["P", "N"])
def test_the_expert_closes_at_least_half_the_gap_to_the_solver(letter: str) -> None:
    # On the same deals: (expert - careful) / (solver - careful), and its bootstrap interval.
    item = EXPERT[letter]
    solver, careful, expert = (item[name]["won"] for name in ("solver", "careful", "expert"))
    assert careful <= expert <= solver and solver > careful
    assert item["gap_closed"]["share"] == pytest.approx((expert - careful) / (solver - careful))
    assert item["gap_closed"]["ci95"][0] >= 0.5 and item["deals"] >= 400
