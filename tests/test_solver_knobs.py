"""The solver under every combination of the rule knobs, not only the presets.

``solve`` (winnable and ``max_removed``), ``hint`` and ``solve(optimal=True)`` are checked against the plain
exhaustive search through the engine (:mod:`solver_reference`) for all 32 rule sets: strict
win x recycles (unlimited, 0, 1, 2) x draw against waste x pair with coverer (docs/rules.md,
R12 and §9 for the knobs). The presets are six of these; a defect where two knobs meet (the
coverer rule with limited recycles, below) went unseen while the cross-checks ran per preset.

The default sample keeps the suite quick; set PYRAMIDE_KNOB_CROSSCHECK to the number of random
deals per rule set for a longer run, or run ``benchmarks/crosscheck_knobs.py`` (a few hundred
deals per rule set, with the counts printed).
"""

from __future__ import annotations

import os

import pytest
from solver_reference import (
    ALL_KNOBS,
    PYRAMID,
    BudgetExceeded,
    crosscheck,
    knobs_id,
    near_wins,
    replayed,
    shortest_win,
    small_positions,
)

from pyramide_widget import Game, Rules
from pyramide_widget.solver import hint, solve

DEALS = int(os.environ.get("PYRAMIDE_KNOB_CROSSCHECK", "3"))
BUDGET = 3000


def check(game: Game) -> bool | None:
    """Whether ``game`` is winnable (``None``: too big to check), after checking ``solve`` and
    ``hint`` there against the exhaustive search."""
    winnable, problems = crosscheck(game, BUDGET)
    assert not problems, "\n".join(problems)
    return winnable


@pytest.mark.parametrize("rules", ALL_KNOBS, ids=knobs_id)
def test_solve_and_hint_agree_with_the_exhaustive_search(rules: Rules) -> None:
    seed = 1000 + ALL_KNOBS.index(rules)
    answers = [check(game) for game in small_positions(rules, DEALS, seed)]
    answers += [check(game) for game in near_wins(rules, max(2, DEALS // 2))]
    checked = [a for a in answers if a is not None]
    assert len(checked) >= 0.5 * len(answers), (
        f"only {len(checked)} of {len(answers)} positions were small enough"
    )
    assert any(checked), "no winnable position was checked"


@pytest.mark.parametrize("rules", ALL_KNOBS, ids=knobs_id)
def test_optimal_lines_are_as_short_as_a_breadth_first_search_finds(rules: Rules) -> None:
    checked = 0
    for game in near_wins(rules, 2):
        result = solve(game, optimal=True)
        try:
            shortest = shortest_win(game, budget=BUDGET)
        except BudgetExceeded:
            continue
        assert result.winnable == (shortest is not None), game.record().to_text()
        if shortest is not None:
            assert len(result.solution) == shortest, game.record().to_text()
            assert str(replayed(game, result.solution).status) == "won"
        checked += 1
    assert checked >= 2


# Two deals under one pass, draw against waste and coverer pairs (a combination no preset
# uses) that the solver called lost although the engine wins them: its last-pass bound let a
# card pair with its only coverer only when the covered card was looked at, not the coverer.
ONE_PASS_COVERER = Rules(recycles=0, draw_against_waste=True, pair_with_coverer=True)
COVERER_DEALS = {
    "A": (
        [
            "5♣",
            "2♠ 8♥",
            "3♣ K♦ 6♣",
            "6♦ 9♦ 2♣ 7♦",
            "J♣ 8♠ 5♥ 2♥ 10♥",
            "7♠ 5♠ 10♠ 3♦ 9♥ Q♣",
            "4♥ 8♦ 6♠ Q♠ Q♦ A♦ K♣",
        ],
        "J♥",
        "10♣ A♣ J♠ 4♠ 8♣ A♠ K♠ 5♦ 3♥ 2♦ 6♥ J♦ 9♣ 7♣ K♥ 10♦ 4♣ Q♥ 4♦ 7♥ 9♠ 3♠ A♥",
    ),
    "B": (
        [
            "8♥",
            "7♠ 3♦",
            "6♣ 2♥ 10♠",
            "5♠ 10♣ 4♦ Q♠",
            "J♣ 8♠ 3♥ 2♣ 7♣",
            "Q♦ 8♣ J♠ A♣ 3♣ 9♣",
            "K♠ 7♥ Q♣ 3♠ 5♥ 4♠ J♦",
        ],
        "2♠",
        "A♥ K♣ Q♥ 10♦ 5♦ 5♣ 9♥ 4♥ J♥ 10♥ 6♦ A♠ 9♦ A♦ 2♦ 8♦ K♥ 6♠ K♦ 6♥ 4♣ 9♠ 7♦",
    ),
}


@pytest.mark.parametrize("name", sorted(COVERER_DEALS))
def test_r12_variant_a_card_pairing_with_its_coverer_on_the_last_pass_is_seen(name: str) -> None:
    rows, waste, stock = COVERER_DEALS[name]
    game = Game.from_layout(
        [row.split() for row in rows], [waste], stock.split(), rules=ONE_PASS_COVERER
    )
    result = solve(game)
    assert result.winnable and result.max_removed == PYRAMID
    assert str(replayed(game, result.solution).status) == "won"
    assert hint(game) == result.solution[0]
