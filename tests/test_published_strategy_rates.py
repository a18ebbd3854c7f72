"""The published strategy rates (benchmarks/results/strategy_rates.json, written by
benchmarks/strategy_rates.py) against the solver's published run and the README.

The runs take minutes, so they are not repeated here; what is checked is that every preset is
there, that each figure follows from its counts, that the strategies played the solver's deals
and never won one the solver calls lost, and that the README's table says what the file says.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyramide_widget.analysis.estimation import deal_letters, wilson_interval
from pyramide_widget.analysis.strategies import STRATEGIES
from pyramide_widget.engine.rules import PRESETS

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
PUBLISHED = {
    item["rules"]: item
    for item in json.loads((RESULTS / "strategy_rates.json").read_text())["results"]
}
SOLVER = {
    item["rules"]: item for item in json.loads((RESULTS / "win_rates.json").read_text())["results"]
}


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


def test_the_presets_measured_are_the_solvers() -> None:
    assert list(PUBLISHED) == MEASURED and len(MEASURED) >= 10


@pytest.mark.parametrize("letter", MEASURED)
def test_every_preset_and_strategy_is_published_beside_the_solver(letter: str) -> None:
    entry = PUBLISHED[letter]
    deals = entry["deals"]
    # At least 1,000 deals, or every deal of a shorter solver run (a pile game's, "fewer_because").
    assert deals >= min(1_000, SOLVER[letter]["deals"]) and entry["seed"] == 2024
    assert entry["command"].endswith(f"--presets {letter} --deals {deals}")
    assert set(entry["strategies"]) == set(STRATEGIES)
    solver = entry["solver"]
    assert solver["deals"] == deals
    check_figures(solver, deals)
    size = PRESETS[letter].rules.table.shape.size
    for name, item in entry["strategies"].items():
        check_figures(item, deals)
        assert sum(item["max_removed"].values()) == deals
        assert item["max_removed"].get(str(size), 0) >= item["won"]  # a win clears the pyramid
        most = solver["won"] + solver.get("undecided", 0)
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
        codes = {f"PY1-{letter}-{letters}" for letters in deal_letters(2024, entry["deals"])}
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
    codes = [f"PY1-{letter}-{letters}" for letters in deal_letters(2024, entry["deals"])]
    solver_won = set(SOLVER[letter]["won_codes"])
    undecided = SOLVER[letter].get(
        "undecided", 0
    )  # strategy_rates.py checked those it won: not lost
    for item in entry["strategies"].values():
        assert len(item["won_codes"]) == item["won"] and set(item["won_codes"]) <= set(codes)
        assert len(set(item["won_codes"]) - solver_won) <= undecided


def cell(text: str) -> tuple[float, float, float]:
    """A README cell's rate (the range's first end, with undecided deals) and interval."""
    match = re.fullmatch(r"\s*([\d.]+)(?:–[\d.]+)?% \(([\d.]+)–([\d.]+)%\)\s*", text)
    assert match, f"a README cell should read 'rate% (low–high%)', got {text!r}"
    return tuple(float(value) for value in match.groups())  # type: ignore[return-value]


def test_the_readme_table_shows_the_published_figures() -> None:
    readme = (ROOT / "README.md").read_text()
    header = re.search(
        r"^\| preset \| deals \| solver \(sees the stock\) \| (.+) \|$", readme, re.MULTILINE
    )
    assert header, "no README table of strategy rates"
    names = [name.strip() for name in header.group(1).split("|")]
    assert sorted(names) == sorted(STRATEGIES)
    table = readme[header.end() :].split("\n\n")[0]  # the rows under that header, to the blank line
    for letter, entry in PUBLISHED.items():
        row = re.search(
            rf"^\| {letter} {PRESETS[letter].name} \| ([\d,]+) \|(.+)\|$", table, re.MULTILINE
        )
        assert row, f"no README row for {letter}"
        assert int(row.group(1).replace(",", "")) == entry["deals"]
        figures = [entry["solver"]] + [entry["strategies"][name] for name in names]
        for text, item in zip(row.group(2).split("|"), figures, strict=True):
            shown = cell(text)
            precise = 0.0051 if item["rate"] < 0.01 else 0.051
            assert shown == pytest.approx(
                (100 * item["rate"], 100 * item["ci95"][0], 100 * item["ci95"][1]),
                abs=precise,
            )


def answer_texts() -> dict[str, str]:
    """Where the question "about 1 in 50?" is answered: the README and the notebook."""
    notebook = json.loads((ROOT / "examples" / "probability_of_deals.ipynb").read_text())
    cells = [
        "".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"
    ]
    readme = (ROOT / "README.md").read_text()
    return {
        "README.md": readme[readme.index("**About 1 in 50.**") :].split("\n\n")[0],
        "probability_of_deals.ipynb": next(
            cell for cell in cells if cell.startswith("**The answer")
        ),
    }


@pytest.mark.parametrize("where", ["README.md", "probability_of_deals.ipynb"])
def test_the_answer_about_1_in_50_quotes_the_published_figures(where: str) -> None:
    text = " ".join(answer_texts()[where].split())  # the lines as they are wrapped
    strict, traditional = PUBLISHED["S"], PUBLISHED["T"]
    assert strict["deals"] == traditional["deals"] == 10_000 and "10,000 deals" in text
    # S: no strategy won; the text gives the interval's upper end.
    assert all(item["won"] == 0 for item in strict["strategies"].values())
    assert f"at most {100 * strict['strategies']['careful']['ci95'][1]:.2f}%" in text
    for name in ("careful", "greedy"):
        item = traditional["strategies"][name]
        low, high = item["ci95"]
        assert re.search(
            rf"{100 * item['rate']:.2f}% \({100 * low:.2f}[-–]{100 * high:.2f}%", text
        ), name
    assert traditional["strategies"]["careful"]["rate"] < 1 / 50 < traditional["solver"]["ci95"][0]
