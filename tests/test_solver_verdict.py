"""The solver's verdict (won, lost or undecided, without lines) and the path to it that builds no
game: a deal code dealt straight to a position (``engine.board.dealt``), a chance's layout
exchanged in a position (``Position.exchanged``, ``Layouts.position``). Each must give what the
full path gives: the same position and status as the game, and :func:`solve`'s answer, max
removed and node count on every engine that runs here, deal for deal."""

from __future__ import annotations

import random

import pytest
from solver_reference import playout

from pyramide_widget import Game
from pyramide_widget.analysis.chance import Layouts
from pyramide_widget.analysis.estimation import deal_letters, estimate
from pyramide_widget.engine.board import dealt
from pyramide_widget.engine.deal import DealCode
from pyramide_widget.engine.position import Status
from pyramide_widget.engine.rules import PRESETS, Rules
from pyramide_widget.solver import (
    SearchLimitReached,
    Verdict,
    available_engines,
    solve,
    verdict,
)

BUDGET = {"G": 5_000, "U": 4_000, "S": 20_000, "T": 20_000, "R": 20_000}
"""A node budget for the presets whose deals may take long in pure Python (an undecided deal is
compared too: the same stop)."""


def _codes(letter: str, deals: int, seed: int = 31) -> list[str]:
    rules = PRESETS[letter].rules
    return [str(DealCode.for_rules(rules, letters)) for letters in deal_letters(seed, deals)]


def _solved(game: Game, engine: str, max_nodes: int | None) -> Verdict:
    """What :func:`solve` answers, as a verdict (a stop at the budget: undecided)."""
    try:
        result = solve(game, max_nodes=max_nodes, engine=engine)
    except SearchLimitReached as stop:
        return Verdict(None, stop.removed, stop.nodes)
    return Verdict(result.winnable, result.max_removed, result.nodes)


def _positions(letter: str) -> list[Game]:
    """Deals of ``letter``, the same played some way in, and one played to its end."""
    games = [Game.from_code(code) for code in _codes(letter, 3)]
    games += [
        playout(Game.from_code(code), seed=n, keep=8) for n, code in enumerate(_codes(letter, 3, 7))
    ]
    games.append(playout(Game.from_code(_codes(letter, 1, 9)[0]), seed=1, steps=2_000))
    return games


@pytest.mark.parametrize("letter", list(PRESETS))
def test_a_deal_code_deals_straight_to_the_games_position_and_status(letter: str) -> None:
    rules = PRESETS[letter].rules
    for code in _codes(letter, 5):
        game = Game.from_code(code)
        assert dealt(DealCode.parse(code).deal(rules.table), rules) == (
            game.position(),
            game.status,
        )


@pytest.mark.parametrize("engine", available_engines())
@pytest.mark.parametrize("letter", list(PRESETS))
def test_the_verdict_is_solves_answer_without_the_lines(letter: str, engine: str) -> None:
    budget = BUDGET.get(letter)
    for game in _positions(letter):
        found = verdict(game.position(), game.rules, game.status, max_nodes=budget, engine=engine)
        assert found == _solved(game, engine, budget), (game.code, game.history)
        assert found.engine == engine


@pytest.mark.parametrize("engine", available_engines())
def test_a_budget_leaves_the_verdict_undecided_where_solve_stops(engine: str) -> None:
    game = Game.from_code("PY1-T-AAAAAAS")  # one pass: the relaxation, then the exact search
    full = solve(game, engine=engine)
    for budget in (1, 700, 5_000):
        stopped = verdict(game.position(), game.rules, max_nodes=budget, engine=engine)
        assert stopped.winnable is None and stopped.nodes == budget
        assert stopped == _solved(game, engine, budget)
    assert verdict(game.position(), game.rules, engine=engine) == Verdict(
        full.winnable, full.max_removed, full.nodes
    )


def test_the_verdict_of_a_game_over_is_its_status() -> None:
    won = Game.from_code("PY1-N-AAAAAAS")
    line = solve(Game.from_code("PY1-N-AAAAAAS")).solution
    assert line is not None
    for move in line:
        won.play(move)
    assert won.status is Status.WON
    assert verdict(won.position(), won.rules, won.status) == Verdict(True, 28, 0)


def test_the_verdict_leaves_the_game_unassisted_and_refuses_bad_input() -> None:
    game = Game.from_code("PY1-N-AAAAAAS")
    verdict(game.position(), game.rules, game.status)
    assert not game.assisted
    with pytest.raises(TypeError, match="Position and Rules"):
        verdict(game, game.rules)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="status must be a Status"):
        verdict(game.position(), game.rules, "playing")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_nodes"):
        verdict(game.position(), game.rules, max_nodes=0)
    with pytest.raises(ValueError, match="engine must be one of"):
        verdict(game.position(), game.rules, engine="fast")


def test_an_estimate_agrees_deal_for_deal_with_solving_each_game() -> None:
    rules = Rules.preset("P")
    found = estimate(rules, 12, seed=5, executor="serial", max_nodes=3_000)
    assert found.undecided  # the budget leaves some undecided: compared too
    for outcome in found.outcomes:
        game = Game.from_code(outcome.code, rules=rules)
        found_here = Verdict(outcome.winnable, outcome.max_removed, outcome.nodes)
        assert found_here == _solved(game, "auto", 3_000)


@pytest.mark.parametrize("code", ["PY1-T-AAAAAAS", "PY1-F-BCDEFGH", "PY1-Y-QWERTYU"])
def test_a_layouts_position_is_its_games_without_building_it(code: str) -> None:
    game = Game.from_code(code)
    for move in game.legal_moves()[:1]:
        game.play(move)
    layouts = Layouts(game.player_view())
    rng = random.Random(3)
    for _ in range(5):
        cards = layouts.sample(rng)
        assert layouts.position(cards) == layouts.game(cards).position()
        assert layouts.game(cards).status is layouts.first.status
        mapping = dict(zip(layouts.cards, cards, strict=True))
        assert (
            layouts.first.position().exchanged(mapping)
            == layouts.first.exchanged(mapping).position()
        )
