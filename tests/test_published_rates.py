"""The published win rates (benchmarks/results/win_rates.json) against each other.

The runs are too long to repeat here; what is checked is that the file holds what is published
(10,000 deals per preset, or why fewer; Wilson intervals that follow from the counts) and that
its figures agree where the rules say they must. The README's tables are checked against the
package's copy of these figures (tests/test_published_data.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyramide_widget.analysis.estimation import wilson_interval
from pyramide_widget.engine.rules import PRESETS, Rules

ROOT = Path(__file__).resolve().parents[1]
PUBLISHED = json.loads((ROOT / "benchmarks" / "results" / "win_rates.json").read_text())
RESULTS = {item["rules"]: item for item in PUBLISHED["results"]}
# Figures of another solver over 100 million deals, and ours under the same rules.
OUTSIDE = json.loads((ROOT / "benchmarks" / "results" / "outside_figures.json").read_text())


# The presets whose figures are not published, each with the reason (win_rates.json's
# "unpublished"): a new game is either run or listed there.
UNPUBLISHED = PUBLISHED.get("unpublished", {})


def test_a_preset_without_published_figures_says_why_in_the_published_data() -> None:
    assert set(UNPUBLISHED) <= set(PRESETS)
    assert all(isinstance(why, str) and len(why) > 40 for why in UNPUBLISHED.values())
    assert not set(UNPUBLISHED) & set(RESULTS)


@pytest.mark.parametrize("letter", [letter for letter in PRESETS if letter not in UNPUBLISHED])
def test_every_preset_is_published_over_10000_deals(letter: str) -> None:
    item = RESULTS[letter]
    # A pile game may publish fewer deals, saying how many and why ("fewer_because").
    assert (item["deals"] >= 10_000 or len(item.get("fewer_because", "")) > 40) and item[
        "seed"
    ] == 2024
    # ... and, run with a node budget, the deals it left undecided: never counted as won or lost.
    undecided = item.get("undecided", 0)
    assert sum(item["max_removed"].values()) == item["deals"] - undecided
    size = PRESETS[letter].rules.table.shape.size
    assert item["max_removed"].get(str(size), 0) >= item["won"]  # a win clears the pyramid
    assert item["rate"] == item["won"] / item["deals"]
    low = wilson_interval(item["won"], item["deals"])[0]
    high = wilson_interval(item["won"] + undecided, item["deals"])[1]
    assert item["ci95"] == pytest.approx([low, high])
    budget = f" --max-nodes {item['max_nodes']}" if "max_nodes" in item else ""
    assert PUBLISHED["commands"][letter].endswith(
        f"--rules {letter} --deals {item['deals']} --seed 2024{budget} --json"
    )
    if "max_nodes" in item:
        assert item["won"] + item["lost"] + undecided == item["deals"]
        assert item["rate_range"] == [
            item["won"] / item["deals"],
            (item["won"] + undecided) / item["deals"],
        ]


def letters_won(letter: str) -> set[str]:
    return {code.rsplit("-", 1)[1] for code in RESULTS[letter]["won_codes"]}


def test_traditional_counts_removals_as_relaxed_pyramid_does() -> None:
    """T differs from R only by strict win, which changes wins, never which cards can go."""
    assert RESULTS["T"]["max_removed"] == RESULTS["R"]["max_removed"]
    assert RESULTS["R"]["max_removed"]["28"] == RESULTS["R"]["won"]
    assert letters_won("S") <= letters_won("T") <= letters_won("R")
    assert len(letters_won("T")) == RESULTS["T"]["won"]


def test_apophis_and_reserve_win_the_deals_standard_wins() -> None:
    """A deal code puts the same 28 cards in the pyramid on every table, and with unlimited
    recycles, only the pyramid to clear and any card outside it brought to a free place by
    draws and recycles alone, what can be removed depends only on the pyramid and the cards
    outside it (README; the pile search's free-access relaxation is exact there). So A and Y
    win the same deals, and remove as many cards from each, as N."""
    assert letters_won("A") == letters_won("Y") and len(letters_won("A")) == RESULTS["N"]["won"]
    assert RESULTS["A"]["max_removed"] == RESULTS["Y"]["max_removed"] == RESULTS["N"]["max_removed"]
    assert RESULTS["A"]["deals"] == RESULTS["Y"]["deals"] == RESULTS["N"]["deals"]


def ours(row: dict) -> dict:
    """Our run under a row's rules: a preset's published run, or the row's own."""
    return RESULTS[row["preset"]] if "preset" in row else row["result"]


@pytest.mark.parametrize("row", OUTSIDE["rows"], ids=lambda row: row["their_rules"])
def test_each_outside_figure_lies_in_our_interval(row: dict) -> None:
    item = ours(row)
    assert item["ci95"] == pytest.approx(list(wilson_interval(item["won"], item["deals"])))
    low, high = item["ci95"]
    assert low <= row["published_won"] / row["published_deals"] <= high
    if "preset" not in row:
        assert Rules.from_dict(item["rules_knobs"]) == Rules.from_dict(row["rules_knobs"])
        assert item["seed"] == 2024 and f"--deals {item['deals']} --seed 2024" in row["command"]
