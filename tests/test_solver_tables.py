"""The solver on every table: other shapes (Six Rows, Triangle), face-down cards, the Spanish deck.

The solver reads the table from the rules (its shape's covering, the deck's pair sum), so each
table is checked as the standard one is: ``solve``, ``hint`` and ``solve(optimal=True)``
against the plain exhaustive search through the engine on small positions, under the table's
preset and under stricter knobs, and every solution replayed to a win. The Spanish deck's pair
sum is even, so its 6s pair among themselves, which the bounds must count (docs/rules.md §9).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from solver_reference import (
    BudgetExceeded,
    crosscheck,
    knobs_id,
    replayed,
    shortest_win,
    small_positions,
)

from pyramide_widget import Deal, Game, Rules
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.engine.table import STANDARD_TABLE
from pyramide_widget.solver import SearchLimitReached, solve
from pyramide_widget.solver.piles import needs_pile_search

BUDGET = 3000
TABLE_PRESETS = [
    letter for letter, preset in PRESETS.items() if preset.rules.table is not STANDARD_TABLE
]
KNOBS = [
    Rules(),  # the presets' own knobs
    Rules(recycles=0, draw_against_waste=True),
    Rules(strict_win=True, recycles=1, draw_against_waste=True, pair_with_coverer=True),
]
# Tut's Tomb under strict win with one recycle wins too rarely for the sample to hold a win:
# every knob on with unlimited recycles there instead.
TUTS_TOMB_KNOBS = [
    *KNOBS[:2],
    Rules(strict_win=True, draw_against_waste=True, pair_with_coverer=True),
]
CASES = [
    pytest.param(
        replace(knobs, table=PRESETS[letter].rules.table), id=f"{letter}-{knobs_id(knobs)}"
    )
    for letter in TABLE_PRESETS
    for knobs in (TUTS_TOMB_KNOBS if letter == "U" else KNOBS)
]


def winning_positions(rules: Rules, wanted: int, seed: int):
    """Positions a few moves before the end of a winning line, and one random move off it, from
    the first ``wanted`` deals that ``solve`` finds winnable within 20,000 nodes (among 60)."""
    found = 0
    for n, letters in enumerate(deal_letters(seed, 60)):
        # Format 1 deals (Tut's Tomb's K♠ shuffled in, deal.py): one-pass Tut's Tomb is won rarely
        # and these 60 deals hold wins.
        game = Game(Deal.from_letters(letters, rules.table, version=1), rules)
        # A deal that takes longer is skipped. The pile search finds wins within a few hundred
        # nodes and spends its time proving losses (minutes for Apophis): a smaller budget.
        try:
            result = solve(game, max_nodes=2_000 if needs_pile_search(rules.table) else 20_000)
        except SearchLimitReached:
            continue
        if not result.winnable:
            continue
        start = replayed(game, result.solution[: max(0, len(result.solution) - 5 - n % 4)])
        yield start
        moves = start.legal_moves()
        if moves:
            yield replayed(start, [random.Random(n).choice(moves)])
        found += 1
        if found == wanted:
            return


@pytest.mark.parametrize("rules", CASES)
def test_solve_and_hint_agree_with_the_exhaustive_search_on_every_table(rules: Rules) -> None:
    seed = 3000 + CASES.index(next(case for case in CASES if case.values[0] == rules))
    answers = []
    for game in [*small_positions(rules, 3, seed), *winning_positions(rules, 2, seed)]:
        winnable, problems = crosscheck(game, BUDGET)
        assert not problems, "\n".join(problems)
        answers.append(winnable)
    checked = [a for a in answers if a is not None]
    assert len(checked) >= 0.5 * len(answers), (
        f"only {len(checked)} of {len(answers)} positions were small enough"
    )
    assert any(checked), "no winnable position was checked"


@pytest.mark.parametrize("letter", TABLE_PRESETS)
def test_optimal_lines_on_every_table_are_as_short_as_a_breadth_first_search_finds(
    letter: str,
) -> None:
    rules = PRESETS[letter].rules
    checked = 0
    for game in winning_positions(rules, 3, 77):
        result = solve(game, optimal=True)
        try:
            shortest = shortest_win(game, budget=BUDGET)
        except BudgetExceeded:
            continue
        assert result.winnable == (shortest is not None)
        if shortest is not None:
            assert len(result.solution) == shortest
            assert str(replayed(game, result.solution).status) == "won"
        checked += 1
    assert checked >= 2


# Tut's Tomb aside: its hardest deals take pure Python (the search without a compiler) minutes
# (benchmarks/results/piles_solver.json, from benchmarks/bench_piles.py).
WHOLE_DEALS = [letter for letter in TABLE_PRESETS if letter != "U"]


@pytest.mark.parametrize("letter", WHOLE_DEALS)
def test_whole_deals_of_every_table_are_solved_and_their_solutions_win(letter: str) -> None:
    won = 0
    for letters in deal_letters(11, 12):
        game = Game.from_code(f"PY1-{letter}-{letters}")
        result = solve(game)
        size = game.table.shape.size
        if result.winnable:
            won += 1
            assert result.max_removed == size
            assert str(replayed(game, result.solution).status) == "won"
        else:
            assert result.max_removed < size
        assert size - replayed(game, result.best_line).pyramid_left == result.max_removed
    assert won  # these presets win most deals (unlimited recycles)
