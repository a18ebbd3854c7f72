"""``solve(..., optimal=True)``: decided first, then shortened by A*.

Lost deals answer as the default search does, ``max_removed`` included; a budget that stops the
A* offers the winning line already found; and the shortest lines of whole deals are no longer
than the default search's (their optimality against a breadth-first search is checked on small
positions in tests/test_solver.py, test_solver_knobs.py and test_solver_tables.py, R20).
"""

from __future__ import annotations

import pytest
from solver_reference import replayed

from pyramide_widget import Game
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.solver import SearchLimitReached, solve
from pyramide_widget.solver.encoded import EncodedPosition
from pyramide_widget.solver.shortest import lower_bound


def deals(letter: str, winnable: bool, count: int) -> list[Game]:
    """The first ``count`` deals of preset ``letter`` that are (or are not) winnable."""
    found = []
    for letters in deal_letters(11, 200):
        game = Game.from_code(f"PY1-{letter}-{letters}")
        if solve(game).winnable == winnable:
            found.append(game)
            if len(found) == count:
                return found
    raise AssertionError(f"fewer than {count} such deals")


@pytest.mark.parametrize("letter", ["N", "P"])
def test_a_lost_deal_is_answered_by_deciding_max_removed_included(letter: str) -> None:
    for game in deals(letter, False, 2):
        fast = solve(game)
        best = solve(game, optimal=True)
        assert not best.winnable and best.solution is None and best.optimal
        assert best.max_removed == fast.max_removed < 28
        assert best.best_line == fast.best_line
        assert best.nodes == fast.nodes  # no search beyond deciding
        assert 28 - replayed(game, best.best_line).pyramid_left == best.max_removed


def test_shortest_lines_of_whole_deals_win_and_are_no_longer_than_the_default_line() -> None:
    for game in deals("N", True, 1):  # a whole deal takes seconds: one
        fast = solve(game)
        best = solve(game, optimal=True)
        assert best.winnable and best.optimal and best.max_removed == 28
        assert str(replayed(game, best.solution).status) == "won"
        assert fast.solution is not None and len(best.solution) <= len(fast.solution)
        encoded = EncodedPosition(game.position(), game.rules)
        bound = lower_bound(
            encoded, encoded.pyramid0, encoded.talon0, encoded.drawn0, encoded.fresh0, True
        )
        assert bound is not None and bound <= len(best.solution)


def test_a_budget_that_stops_the_shortest_search_offers_the_winning_line_found() -> None:
    game = deals("N", True, 1)[0]
    fast = solve(game)
    best = solve(game, optimal=True)
    assert best.nodes > fast.nodes + 1, "the shortest search must take more than one node here"
    with pytest.raises(SearchLimitReached) as stopped:
        solve(game, optimal=True, max_nodes=fast.nodes + 1)
    assert stopped.value.removed == 28
    assert stopped.value.best_line == fast.solution
    assert str(replayed(game, stopped.value.best_line).status) == "won"
