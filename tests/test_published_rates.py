"""The published win rates (benchmarks/results/win_rates.json) against each other.

The runs take minutes, so they are not repeated here; what is checked is that the file holds
what is published (10,000 deals per preset, every deal settled, Wilson intervals that follow
from the counts, the machine's load before and after each run) and that its figures agree where
the rules say they must. The guides' tables of the runs, with their times and loads, are drawn
from the results files as the scripts that wrote them print them; here they are checked to be
the files' rows.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from pyramide_widget import Game
from pyramide_widget.analysis.rate import wilson_interval
from pyramide_widget.engine.cards import Card, Suit
from pyramide_widget.engine.rules import PRESETS, Rules

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import site_data  # noqa: E402 (docs/_ext, put on the path above)

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
def test_every_preset_is_published_over_10000_deals_every_deal_settled(letter: str) -> None:
    item = RESULTS[letter]
    assert item["deals"] >= 10_000 and item["seed"] == 2024
    # The default budgets (none): every deal won or proven lost, none left undecided.
    assert "max_nodes" not in item and not item.get("undecided")
    assert sum(item["max_removed"].values()) == item["deals"]
    size = PRESETS[letter].rules.table.shape.size
    assert item["max_removed"].get(str(size), 0) >= item["won"]  # a win clears the pyramid
    assert item["rate"] == item["won"] / item["deals"]
    assert item["ci95"] == pytest.approx(list(wilson_interval(item["won"], item["deals"])))
    assert PUBLISHED["commands"][letter].endswith(
        f"--rules {letter} --deals {item['deals']} --seed 2024 --json"
    )
    # Each run says when it ran and how loaded the machine was before and after it.
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", item["date"]) and item["cpu_seconds"] > 0
    assert [len(item["load"]["before"]), len(item["load"]["after"])] == [3, 3]


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
    outside it (the probability guide; the pile search's free-access relaxation is exact there). So A and Y
    win the same deals, and remove as many cards from each, as N."""
    assert letters_won("A") == letters_won("Y") and len(letters_won("A")) == RESULTS["N"]["won"]
    assert RESULTS["A"]["max_removed"] == RESULTS["Y"]["max_removed"] == RESULTS["N"]["max_removed"]
    assert RESULTS["A"]["deals"] == RESULTS["Y"]["deals"] == RESULTS["N"]["deals"]


def test_tuts_tomb_is_published_on_its_deals_with_king_tut_at_the_apex() -> None:
    """A5: the published run deals the K♠ first, at the top (format PY2 codes)."""
    codes = RESULTS["U"]["won_codes"]
    assert all(code.startswith("PY2-U-") for code in codes)
    for code in codes[:20]:
        assert Game.from_code(code).deal.pyramid[0] == Card(13, Suit.SPADES)


def benchmark(name: str) -> ModuleType:
    """A script of benchmarks/, loaded as a module (its table rows are the reference)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page_table(page: str, name: str) -> list[str]:
    """The rows of a guide's ``{benchmark-table} NAME``, as Markdown rows (the script's form)."""
    text = (ROOT / "docs" / "guides" / page).read_text(encoding="utf-8")
    assert f"```{{benchmark-table}} {name}\n```" in text, f"{page} does not show {name}"
    _, rows = site_data.BENCHMARK_TABLES[name]()
    return ["| " + " | ".join(cells) + " |" for cells in rows]


def test_the_probability_guide_shows_each_runs_time_and_load() -> None:
    """Every row as benchmarks/publish_win_rate.py prints it from the file: the figures, the
    wall-clock and CPU time, and the load before and after the run (the built page's table is
    checked against these rows in tests/test_docs_site.py)."""
    row = benchmark("publish_win_rate").row
    assert page_table("probability.md", "win-rates") == [row(item) for item in RESULTS.values()]


def test_the_solver_guide_shows_the_pile_searchs_times_and_load() -> None:
    """The solver guide's table of benchmarks/bench_piles.py's last run (piles_solver.json)."""
    bench = benchmark("bench_piles")
    run = json.loads((ROOT / "benchmarks" / "results" / "piles_solver.json").read_text())
    assert {item["rules"] for item in run["results"]} == {"A", "Y", "C", "G", "U"}
    for item in run["results"]:
        assert [len(item["load"]["before"]), len(item["load"]["after"])] == [3, 3]
    assert page_table("solver.md", "pile-search") == [bench.row(item) for item in run["results"]]


def test_the_solver_guide_shows_the_browser_run() -> None:
    """The solver guide's table of benchmarks/bench_browser.py's last run (browser.json): the
    same work native, in WebAssembly and in pure Python, with the same answers and the load."""
    bench = benchmark("bench_browser")
    run = json.loads(bench.RESULT.read_text())
    assert [len(run["load"]["before"]), len(run["load"]["after"])] == [3, 3]
    moves = run["fewest_moves"]
    assert [row["moves"] for row in moves["wasm"]["rows"]] == [
        row["moves"] for row in moves["native"]["rows"]
    ]
    assert run["wasm_memory"]["bytes_after"] == run["wasm_memory"]["bytes_before"]
    assert page_table("solver.md", "browser") == bench.rows(run)


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
