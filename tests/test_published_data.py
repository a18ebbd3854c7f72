"""The published figures the package ships (``pyramide_widget/analysis/published_rates.json``,
read by ``published_rates``) against the benchmark results they come from, and the
documentation's figures against them.

``benchmarks/package_data.py`` writes the file from ``benchmarks/results/``; here it must be
exactly what that script makes of the results today, and every figure must follow from its
counts; the README's headline and the probability guide quote the package's figures.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pyramide_widget import PRESETS, CodeError, Rules, published_rates
from pyramide_widget.analysis.published import PublishedRates, Rate, all_published_rates
from pyramide_widget.analysis.rate import wilson_interval

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "pyramide_widget" / "analysis" / "published_rates.json"
README = (ROOT / "README.md").read_text(encoding="utf-8")
GUIDE = (ROOT / "docs" / "guides" / "probability.md").read_text(encoding="utf-8")
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import site_data  # noqa: E402 (docs/_ext, put on the path above)


def package_data_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "package_data", ROOT / "benchmarks" / "package_data.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------- the data and its source


def test_the_package_data_is_what_the_benchmark_results_give() -> None:
    """One command makes it (``python benchmarks/package_data.py``); a run that changed the
    results without it would leave the package quoting old figures."""
    assert DATA.read_text(encoding="utf-8") == package_data_script().text()


def test_every_preset_has_a_published_solver_rate_or_says_why() -> None:
    for letter in PRESETS:
        item = published_rates(letter)
        assert item.rules == Rules.preset(letter)
        if item.solver is None:
            assert item.unpublished and len(item.unpublished) > 40
            continue
        solver = item.solver
        assert solver.seed == 2024 and solver.player == "solver"
        assert solver.deals >= 10_000 or len(solver.fewer_because or "") > 40, letter


def figures(rate: Rate) -> None:
    """The counts add up and the interval follows from them (with undecided deals: from the
    lower bound of "none won" to the upper bound of "all won")."""
    assert rate.won + rate.lost + rate.undecided == rate.deals
    assert (rate.low, rate.high) == pytest.approx(
        (
            wilson_interval(rate.won, rate.deals)[0],
            wilson_interval(rate.won + rate.undecided, rate.deals)[1],
        )
    )
    if rate.max_removed:
        assert sum(rate.max_removed.values()) == rate.deals - rate.undecided


@pytest.mark.parametrize("item", all_published_rates(), ids=lambda item: repr(item.rules))
def test_each_published_figure_follows_from_its_counts(item: PublishedRates) -> None:
    rates = [item.solver] if item.solver else []
    for player in item.players.values():
        assert player.solver is not None and player.solver.deals == player.deals
        rates += [player, player.solver]
        most = player.solver.won + player.solver.undecided
        assert player.won <= most, f"{player.player} cannot win more deals than the solver"
    for rate in rates:
        figures(rate)


def test_the_lost_and_undecided_deals_are_in_the_data() -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    for entry in data["entries"]:
        solver = entry["solver"]
        if solver is not None:
            assert solver["won"] + solver["lost"] + solver["undecided"] == solver["deals"]
    # Every preset's published run settled every deal, without a node budget.
    for letter in PRESETS:
        solver = published_rates(letter).solver
        assert solver is not None and not solver.undecided and solver.max_nodes is None
        assert solver.rate_range == (solver.rate, solver.rate)


def test_the_outside_figures_are_there_and_lie_in_our_intervals() -> None:
    outside = [item for item in all_published_rates() if item.outside is not None]
    assert {item.rules.letter for item in outside} >= {"T", "R", "E"}
    assert sum(item.rules.letter == "X" for item in outside) == 3  # rules no preset has
    for item in outside:
        assert item.solver is not None and item.outside is not None
        assert item.outside.deals == 100_000_000
        assert item.solver.low <= item.outside.rate <= item.solver.high


# ---------------------------------------------------------------------- the public function


def test_published_rates_takes_a_letter_a_preset_or_rules() -> None:
    by_letter = published_rates("T")
    assert published_rates("t") is by_letter
    assert published_rates(PRESETS["T"]) is by_letter
    assert published_rates(Rules(strict_win=True, recycles=0, draw_against_waste=True)) is by_letter
    assert by_letter.solver is not None and (by_letter.solver.won, by_letter.solver.deals) == (
        693,
        10_000,
    )
    assert list(by_letter.players) == ["expert", "careful", "greedy", "random"]  # strongest first
    assert by_letter.players["careful"].about.startswith("looks one move ahead")


def test_rules_no_preset_has_are_found_where_they_were_measured() -> None:
    coverer = Rules(strict_win=True, recycles=0, draw_against_waste=True, pair_with_coverer=True)
    item = published_rates(coverer)
    assert item.rules == coverer and item.solver is not None and item.solver.deals == 1_000
    assert item.players == {} and item.outside is not None


def test_an_unknown_preset_letter_is_refused_naming_the_presets() -> None:
    with pytest.raises(
        CodeError, match=r"unknown rules letter 'Q': expected one of N \(Standard\)"
    ):
        published_rates("Q")


def test_rules_nothing_was_published_for_are_refused_saying_what_was() -> None:
    with pytest.raises(
        ValueError, match=r"no published rates for Rules\(recycles=5\): .* T \(Traditional\)"
    ):
        published_rates(Rules(recycles=5))


@pytest.mark.parametrize("value", [None, 3, ["T"]])
def test_what_is_not_rules_is_refused(value: Any) -> None:
    with pytest.raises(TypeError, match="rules must be a Rules, a Preset or a preset letter"):
        published_rates(value)


def test_every_preset_has_the_experts_rate_beside_the_solvers_on_the_same_deals() -> None:
    assert "expert" in json.loads(DATA.read_text(encoding="utf-8"))["players"]
    for item in all_published_rates():
        if item.rules.letter not in PRESETS:
            continue  # an outside study's rules, which no strategy played
        expert = item.expert
        assert expert is not None, item
        assert expert.solver is not None and expert.solver.deals == expert.deals
        assert expert.won <= expert.solver.won + expert.solver.undecided
        assert expert.low - 1e-12 <= expert.rate <= expert.high  # Wilson's low at 0 won: ~1e-19


def test_an_experts_run_on_other_deals_is_read_with_its_own_solver_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The expert is slow, so it may play fewer deals than the other strategies: the package
    data keeps its deals and the solver's on those same deals."""
    from pyramide_widget.analysis import published

    script = package_data_script()
    results = tmp_path / "results"
    shutil.copytree(ROOT / "benchmarks" / "results", results)
    strategies = json.loads((results / "strategy_rates.json").read_text())
    traditional = next(entry for entry in strategies["results"] if entry["rules"] == "T")
    traditional["strategies"]["expert"] = {
        "won": 30,
        "rate": 0.015,
        "ci95": list(wilson_interval(30, 2000)),
        "max_removed": {"28": 30, "20": 1970},
        "deals": 2000,
        "solver": {
            "deals": 2000,
            "won": 140,
            "rate": 0.07,
            "ci95": list(wilson_interval(140, 2000)),
        },
    }
    (results / "strategy_rates.json").write_text(json.dumps(strategies))
    monkeypatch.setattr(script, "RESULTS", results)
    data = script.build()
    monkeypatch.setattr(published, "_data", lambda: data)
    published.all_published_rates.cache_clear()
    try:
        item = published.published_rates("T")
        assert list(item.players) == ["expert", "careful", "greedy", "random"]
        expert = item.expert
        assert expert is not None and (expert.won, expert.deals) == (30, 2000)
        assert expert.solver is not None and (expert.solver.won, expert.solver.deals) == (140, 2000)
        assert item.players["careful"].deals == 10_000
        assert expert.about == script.PLAYERS["expert"]
    finally:
        published.all_published_rates.cache_clear()


def test_the_package_reads_nothing_from_the_benchmarks_folder() -> None:
    """Package code and the example notebooks' code never name benchmarks/ (a docstring may
    say where the figures come from)."""
    for path in (ROOT / "pyramide_widget").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
            ):
                assert "benchmarks" not in node.value, path
    for notebook in (ROOT / "examples").glob("*.ipynb"):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                assert "benchmarks" not in "".join(cell["source"]), notebook.name


# ---------------------------------------------------------------------- the README and the guide


def solver_of(letter: str) -> Rate:
    solver = published_rates(letter).solver
    assert solver is not None
    return solver


def test_the_readmes_headline_quotes_the_published_figures() -> None:
    """The README's one sentence of results, as the documentation prints shares."""
    line = " ".join(README[README.index("**Headline:**") :].split("\n\n")[0].split())
    standard, traditional = solver_of("N"), solver_of("T")
    expert = published_rates("T").expert
    assert expert is not None
    expected = (
        f"the solver wins {site_data.percent(standard.rate)} of Standard deals and "
        f"{site_data.percent(traditional.rate)} of Traditional ones ({standard.deals:,} deals "
        f"each); the expert strategy, which cannot see the stock, wins "
        f"{site_data.percent(expert.rate)} of Traditional deals "
        f"({site_data.percent_range(expert.low, expert.high)}, {expert.deals:,} deals): about 1 in "
        f"{round(1 / expert.rate)}, short of the 1 in 50 a classic book of card games estimates."
    )
    assert standard.deals == traditional.deals
    assert line == f"**Headline:** {expected}"


def test_the_probability_guide_draws_every_table_of_rates_from_the_package() -> None:
    """The guide writes no rate: its tables are the directives that read the package's data
    (the built page is checked against that data in tests/test_docs_site.py)."""
    for table in ("solver", "players", "outside"):
        assert f"```{{published-rates}} {table}\n```" in GUIDE, table
    assert "```{expert-answer}\n```" in GUIDE


def test_the_guides_answer_about_1_in_50_quotes_the_published_figures() -> None:
    """The section names who the estimate is by, and quotes the published figures through the
    roles that read them (each of which must be published)."""
    section = GUIDE[GUIDE.index('## "About 1 in 50"') :].split("\n## ")[0]
    text = " ".join(section.split())
    assert "The Polish rules page quotes Albert Morehead and Geoffrey Mott-Smith's estimate" in text
    roles = re.findall(r"\{rate\}`([^`]+)`", section)
    assert {"T", "T careful", "T greedy", "S"} <= set(roles)
    for spec in roles:
        site_data.rate_text(spec)  # a KeyError if that figure is not published
    strict, traditional = published_rates("S").players, published_rates("T").players
    assert strict["careful"].deals == traditional["careful"].deals == 10_000
    assert "the first 10,000 deals" in text
    assert all(rate.won == 0 for rate in strict.values())  # "no strategy won a single deal"
    solver = solver_of("T")
    assert traditional["careful"].rate < 1 / 50 < solver.low  # "far more than 1 in 50"
