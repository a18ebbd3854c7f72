"""The search of the games with other piles (solver/piles.py; docs/rules.md §11): answers
through solve() and hint(), lines that replay through the engine, and the node budget.
(The cross-check against the exhaustive engine search on small positions of each game is in
tests/test_solver_tables.py, which runs every table preset.)"""

from __future__ import annotations

import time

import pytest
from preset_sets import PILE_PRESETS
from solver_reference import replayed

from pyramide_widget import Game
from pyramide_widget.solver import SearchLimitReached, hint, solve
from pyramide_widget.solver.piles import needs_pile_search

# A deal of each pile game whose answer is quick to prove (found with benchmarks/bench_piles.py):
# the same one for every game so far.
QUICK = dict.fromkeys(PILE_PRESETS, "AAAAAAS")


@pytest.mark.parametrize("letter", sorted(QUICK))
def test_a_solution_replays_to_a_win_and_the_rest_of_it_is_still_a_solution(letter: str) -> None:
    game = Game.from_code(f"PY1-{letter}-{QUICK[letter]}")
    assert needs_pile_search(game.table)
    result = solve(game)
    assert result.winnable and result.max_removed == 28
    assert str(replayed(game, result.solution).status) == "won"
    middle = replayed(game, result.solution[: len(result.solution) // 2])
    again = solve(middle)
    assert again.winnable and str(replayed(middle, again.solution).status) == "won"
    assert hint(middle) in middle.legal_moves()


def test_hint_answers_within_its_node_budget_on_a_deal_the_search_cannot_settle() -> None:
    game = Game.from_code("PY1-U-JRZNSJQ")  # lost, and not settled within 2,000 nodes
    with pytest.raises(SearchLimitReached) as stop:
        solve(game, max_nodes=2_000)
    assert (
        stop.value.nodes <= 2_001
        and stop.value.removed == 28 - replayed(game, stop.value.best_line).pyramid_left
    )
    started = time.process_time()
    move = hint(game, max_nodes=2_000)
    assert move in game.legal_moves() and game.assisted
    assert time.process_time() - started < 10  # a budget of nodes is a budget of time


def test_a_lost_giza_deal_is_proven_lost_with_the_most_removable() -> None:
    game = Game.from_code("PY1-G-BBBBBBB")
    result = solve(game)
    assert not result.winnable and result.solution is None
    assert 28 - replayed(game, result.best_line).pyramid_left == result.max_removed < 28


def test_optimal_finds_the_one_move_that_wins() -> None:
    game = Game.from_code(f"PY1-U-{QUICK['U']}")
    line = solve(game).solution
    before = replayed(game, line[:-1])
    assert solve(before, optimal=True).solution == [line[-1]]
