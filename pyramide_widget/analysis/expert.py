"""The expert: a strategy that plans over the cards it has not seen (Monte-Carlo planning).

At each decision it draws layouts of the cards never seen that fit what it saw
(:class:`~pyramide_widget.analysis.chance.Layouts`), asks the solver which of its legal moves
keep a win in each, and plays the move that keeps a win in the most layouts (hindsight
optimisation). Like every strategy it receives only the player's view and a seeded random
source. How many layouts and questions a decision takes (:class:`Effort`) depends on the table:
fewer where the solver runs in Python only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine.game import Game
from ..engine.moves import Move, MoveKind
from ..engine.player_view import PlayerView
from ..solver import SearchLimitReached, solve
from ..solver.compiled import models
from .chance import Layouts, decide, layouts_tried
from .strategies import careful_player, careful_scores

__all__ = ["COMPILED_EFFORT", "PYTHON_EFFORT", "Effort", "plan"]


@dataclass(frozen=True)
class Effort:
    """How hard the expert thinks at a decision: ``samples`` layouts drawn (every distinct one
    when there are no more), ``nodes`` the solver's budget per question (an undecided answer
    counts half a win), and ``candidates`` the moves asked about, the careful heuristic's best
    first (``None``: every legal move)."""

    samples: int
    nodes: int
    candidates: int | None


COMPILED_EFFORT = Effort(samples=20, nodes=5_000, candidates=None)
"""On the tables the compiled search models (:func:`~pyramide_widget.solver.compiled.models`)."""

PYTHON_EFFORT = Effort(samples=8, nodes=1_000, candidates=3)
"""On the other tables, whose search runs in Python only: fewer, cheaper questions. The
effort depends on the table alone, so the expert plays the same game wherever it runs."""


def _wins(game: Game, moves: list[Move], safe: frozenset[Move], nodes: int) -> dict[Move, float]:
    """For each of ``moves``, 1 if it keeps a win in ``game``, 0 if not, ½ if the solver
    cannot tell within ``nodes`` search nodes. A ``safe`` move keeps a win wherever there is one."""
    try:
        result = solve(game, max_nodes=nodes)
    except SearchLimitReached:
        winnable: bool | None = None
        first = None
    else:
        winnable = result.winnable
        first = result.solution[0] if result.solution else None
    if winnable is False:
        return dict.fromkeys(moves, 0.0)
    wins = {}
    for move in moves:
        if move == first or (winnable and move in safe):
            wins[move] = 1.0
            continue
        game.play(move)
        verdict = decide(game, nodes)
        game.undo()
        wins[move] = 0.5 if verdict is None else float(verdict)
    return wins


def _safe(view: PlayerView) -> frozenset[Move]:
    """The moves that never cost a win: a draw or a recycle where the stock and the waste
    form a pool (one waste pile drawn one card at a time, unlimited recycles, no draw against
    the waste: any card can be brought back to the waste top, nothing else changing)."""
    rules, table = view.rules, view.rules.table
    if rules.recycles is None and not rules.draw_against_waste and table.draw == 1:
        if len(table.waste_piles) == 1:
            return frozenset(
                m for m in view.legal_moves if m.kind in (MoveKind.DRAW, MoveKind.RECYCLE)
            )
    return frozenset()


def plan(view: PlayerView, rng: random.Random) -> Move:
    """Monte-Carlo planning over the cards never seen (see the module docstring): a king at
    once (it pairs with nothing, so removing it never costs a win), the only move when there is
    one, else the move that keeps a win in the most layouts drawn; a tie goes to the move the
    careful heuristic prefers, and when no layout can be won the careful heuristic plays.

    A move stops being asked about once it can no longer catch up with the leader, and the
    layouts stop once one move is left: the choice is the one all the layouts would give."""
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    for move in moves:
        if move.kind is MoveKind.KING:
            return move
    effort = COMPILED_EFFORT if models(view.rules.table) else PYTHON_EFFORT
    careful = careful_scores(view)
    candidates = sorted(moves, key=careful.__getitem__, reverse=True)[: effort.candidates]
    layouts = Layouts(view)
    tried, _exact = layouts_tried(layouts, effort.samples, rng)
    safe = _safe(view)
    totals = dict.fromkeys(candidates, 0.0)
    alive = list(candidates)
    for done, cards in enumerate(tried):
        left = len(tried) - done
        leader = max(totals.values())
        alive = [move for move in alive if totals[move] + left >= leader]
        if len(alive) == 1:
            break
        for move, win in _wins(layouts.game(cards), alive, safe, effort.nodes).items():
            totals[move] += win
    if not any(totals.values()):
        return careful_player(view, rng)
    return max(candidates, key=lambda move: (totals[move], careful[move]))
