"""The expert strategy (``analysis.expert``): Monte-Carlo planning over the cards it never saw.
It plays from the player's view only, chooses the move that keeps a win in the most layouts
(checked against an independent count), never wins a deal the solver calls lost, and plays
through ``estimate(player="expert")`` in worker processes like the other built-in strategies."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from test_chance import along_win, kept_share

from pyramide_widget import PRESETS, Game, Move, solve
from pyramide_widget.analysis.estimation import deal_letters, estimate
from pyramide_widget.analysis.expert import plan
from pyramide_widget.analysis.strategies import (
    STRATEGIES,
    careful_player,
    expert_player,
    play_out,
)
from pyramide_widget.engine.player_view import PlayerView
from pyramide_widget.engine.position import Status
from pyramide_widget.solver.compiled import models


def test_the_expert_is_a_built_in_strategy() -> None:
    assert STRATEGIES["expert"] is expert_player


@pytest.mark.parametrize("letter", ["P", "F"])
def test_the_expert_wins_only_deals_the_solver_wins(letter: str) -> None:
    wins = 0
    for letters in deal_letters(2024, 8):
        code = f"PY1-{letter}-{letters}"
        if play_out(Game.from_code(code), "expert", seed=letters).won:
            wins += 1
            assert solve(code).winnable, code
    assert wins  # the check ran on won deals


def late(letter: str, left: int) -> Game:
    """A deal of ``letter`` played by the careful heuristic until at most ``left`` pyramid
    cards are left, the game still going (within 300 actions: with unlimited passes a lost
    game never ends)."""
    for letters in deal_letters(5, 20):
        game = Game.from_code(f"PY1-{letter}-{letters}")
        rng = random.Random(0)
        while game.status is Status.PLAYING and game.pyramid_left > left and game.moves < 300:
            game.play(careful_player(game.player_view(), rng))
        if game.status is Status.PLAYING and game.pyramid_left <= left:
            return game
    raise AssertionError(f"{letter}: every deal ended with more than {left} cards left")


@pytest.mark.parametrize("letter", list(PRESETS))
def test_the_expert_plays_legal_moves_to_the_end(letter: str) -> None:
    """From the deal on the tables the compiled search models; from late in the game on the
    others, whose Python search makes a whole game slow."""
    checked = []

    def expert(view: PlayerView, rng: random.Random) -> Move:
        move = plan(view, rng)
        assert move in view.legal_moves
        checked.append(move)
        return move

    game = late(letter, 28 if models(PRESETS[letter].rules.table) else 10)
    result = play_out(game, expert, seed=1)
    assert checked and (game.is_over or result.stalled)


def test_the_expert_plays_the_move_that_keeps_a_win_in_the_most_layouts() -> None:
    """Three cards unseen: six layouts, all tried. The careful heuristic takes a pair that wins
    in none of them; the expert the one that wins in two."""
    game = along_win("PY1-S-LERHIJB", 3)
    view = game.player_view()
    shares = {move: kept_share(game, move) for move in view.legal_moves}
    chosen = plan(view, random.Random(0))
    assert shares[chosen] == max(shares.values()) > 0
    assert shares[careful_player(view, random.Random(0))] < shares[chosen]


def test_a_known_pool_is_not_drawn_round_for_nothing() -> None:
    """R15 and §9 Face-down: once the stock is known, a draw keeps every win (any card comes
    round again), yet a pass that removes nothing ends the playout lost; the expert weighs the
    cards it could reach instead, and stalls only where the game can no longer be won."""
    played = 0
    for letters in deal_letters(2024, 12):
        game = Game.from_code(f"PY1-F-{letters}")
        if solve(game).winnable:
            played += 1
            if play_out(game, "expert", seed=letters).stalled:
                assert not solve(game).winnable, game.code
    assert played >= 8


def test_the_expert_removes_a_king_at_once() -> None:
    game = Game.from_code("PY1-N-AAAAAAS")
    for _ in range(40):
        view = game.player_view()
        kings = [move for move in view.legal_moves if move.kind.value == "king"]
        if kings and len(view.legal_moves) > 2:
            assert plan(view, random.Random(0)) == kings[0]
            return
        game.play(view.legal_moves[-1])
    raise AssertionError("no king came free")


def test_where_no_layout_can_be_won_the_careful_heuristic_plays() -> None:
    for letters in deal_letters(2024, 20):
        game = Game.from_code(f"PY1-N-{letters}")
        if not solve(game).winnable:  # the stock is a pool: no layout of it wins either
            view = game.player_view()
            assert plan(view, random.Random(0)) == careful_player(view, random.Random(0))
            return
    raise AssertionError("no lost deal")


def test_the_expert_plays_in_worker_processes_as_in_this_one() -> None:
    serial = estimate("N", deals=4, seed=5, player="expert", executor="serial")
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = estimate("N", deals=4, seed=5, player="expert", executor=pool, chunk_size=2)
    assert pooled.outcomes == serial.outcomes and pooled.player == "expert"
