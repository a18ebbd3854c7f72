"""solve() and hint() take a Game or a deal code and a whole-number node budget; anything else
raises at the call, saying what is expected."""

from __future__ import annotations

import math
from typing import Any

import pytest

from pyramide_widget import CodeError, Game
from pyramide_widget.solver import hint, solve

CODE = "PY1-N-AAAAAAS"


def test_solve_takes_a_deal_code_for_the_game_of_that_code() -> None:
    by_code = solve(CODE)
    by_game = solve(Game.from_code(CODE))
    assert (by_code.winnable, by_code.max_removed, by_code.solution) == (
        by_game.winnable,
        by_game.max_removed,
        by_game.solution,
    )
    assert hint(CODE) == hint(Game.from_code(CODE))


@pytest.mark.parametrize("game", [None, 5, object(), ["PY1-N-AAAAAAS"]])
def test_solve_and_hint_need_a_game_or_a_deal_code(game: Any) -> None:
    with pytest.raises(TypeError, match="expected a Game or a deal code"):
        solve(game)
    with pytest.raises(TypeError, match="expected a Game or a deal code"):
        hint(game)


def test_a_bad_deal_code_is_a_code_error() -> None:
    with pytest.raises(CodeError, match="PY1-N-AAAAAAS"):
        solve("PY1-N-AAAAAß")


@pytest.mark.parametrize("max_nodes", [1.5, math.nan, math.inf, 100_000.0, True, False, "100"])
def test_the_node_budget_is_a_whole_number(max_nodes: Any) -> None:
    game = Game.from_code(CODE)
    with pytest.raises(TypeError, match="max_nodes must be a whole number"):
        solve(game, max_nodes=max_nodes)
    with pytest.raises(TypeError, match="max_nodes must be a whole number"):
        hint(game, max_nodes=max_nodes)


def test_hint_refuses_a_budget_below_one() -> None:
    with pytest.raises(ValueError, match="max_nodes must be a positive number"):
        hint(Game.from_code(CODE), max_nodes=0)


@pytest.mark.parametrize("optimal", ["yes", 1, None])
def test_optimal_is_true_or_false(optimal: Any) -> None:
    with pytest.raises(TypeError, match="optimal must be True or False"):
        solve(CODE, optimal=optimal)


# One node budget range for every search: the compiled search counts in a signed 64-bit integer.
TOO_MANY_NODES = [2**62 + 1, 2**63, 2**64, 10**30]


def _compiled_or_skip() -> str:
    from pyramide_widget.solver import compiled

    if not compiled.available():
        pytest.skip("the compiled search is not built here")
    return "compiled"


@pytest.mark.parametrize("max_nodes", TOO_MANY_NODES)
@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_a_budget_beyond_the_range_is_refused_by_either_engine(max_nodes: int, engine: str) -> None:
    # Before, the compiled search overflowed (OverflowError from deep inside) while the Python
    # search accepted any budget: the same call answered or failed by the engine that ran.
    if engine == "compiled":
        _compiled_or_skip()
    game = Game.from_code(CODE)
    with pytest.raises(ValueError, match=r"max_nodes must be .* from 1 to 2\*\*62"):
        solve(game, max_nodes=max_nodes, engine=engine)
    with pytest.raises(ValueError, match=r"max_nodes must be .* from 1 to 2\*\*62"):
        hint(game, max_nodes=max_nodes)
    assert not game.assisted  # refused before anything happened


def test_the_largest_budget_runs_on_either_engine_with_the_same_answer() -> None:
    from pyramide_widget.solver import MAX_NODES

    game = Game.from_code("PY1-P-AAAAAAS")  # limited recycles: the compiled search's oracle too
    python = solve(game, max_nodes=MAX_NODES, engine="python")
    compiled = solve(game, max_nodes=MAX_NODES, engine=_compiled_or_skip())
    assert python == compiled == solve(game, engine="python")
