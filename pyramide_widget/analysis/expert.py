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

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.moves import DRAW, RECYCLE, Move, MoveKind
from ..engine.piles import PileKind
from ..engine.player_view import PlayerView
from ..solver import SearchLimitReached, solve
from ..solver.compiled import models
from .chance import Layouts, decide, layouts_tried
from .heuristics import careful_player, careful_scores

__all__ = ["COMPILED_EFFORT", "PYTHON_EFFORT", "Effort", "expert_player", "plan"]


@dataclass(frozen=True)
class Effort:
    """How hard the expert thinks at a decision: ``samples`` layouts drawn (every distinct one
    when there are no more), ``nodes`` the solver's budget per question (an undecided answer
    counts half a win), ``candidates`` the moves asked about, the careful heuristic's best
    first (``None``: every legal move), and ``known_nodes`` the budget of the one question
    asked where every card is known."""

    samples: int
    nodes: int
    candidates: int | None
    known_nodes: int


COMPILED_EFFORT = Effort(samples=20, nodes=5_000, candidates=None, known_nodes=100_000)
"""On the tables the compiled search models (:func:`~pyramide_widget.solver.compiled.models`)."""

PYTHON_EFFORT = Effort(samples=8, nodes=1_000, candidates=3, known_nodes=20_000)
"""On the other tables, whose search runs in Python only: fewer, cheaper questions. The
effort depends on the table alone, so the expert plays the same game wherever it runs."""


@dataclass(frozen=True)
class Reach:
    """A plan of a pool game whose stock the player knows: draw (and recycle) until ``card``
    is the waste top, then play ``move`` with it."""

    card: Card
    move: Move


Option = Move | Reach
"""What the expert weighs: a legal move, or a card to reach first."""


def _after(game: Game, option: Option) -> Game:
    """``game`` (unchanged) after ``option``, as a copy."""
    after = game.exchanged({})
    if isinstance(option, Reach):
        for _ in range(2 * (len(after.stock) + len(after.waste))):
            if after.waste and after.waste[-1] is option.card:
                break
            after.play(DRAW if after.stock else RECYCLE)
        option = option.move
    after.play(option)
    return after


def _wins(
    game: Game, options: list[Option], safe: frozenset[Move], nodes: int
) -> dict[Option, float]:
    """For each of ``options``, 1 if it keeps a win in ``game``, 0 if not, ½ if the solver
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
        return dict.fromkeys(options, 0.0)
    wins: dict[Option, float] = {}
    for option in options:
        if option == first or (winnable and option in safe):
            wins[option] = 1.0
            continue
        verdict = decide(_after(game, option), nodes)
        wins[option] = 0.5 if verdict is None else float(verdict)
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


def _reaches(view: PlayerView) -> list[Reach]:
    """In a pool game whose stock the player knows: each card of the stock or the waste (but
    its top) that a free card pairs with (or a king), one plan per rank and partner."""
    target = view.rules.target
    shape = view.rules.table.shape
    pyramid, face_down = view.pyramid, view.face_down
    free = [
        card
        for i, card in enumerate(pyramid)
        if card is not None
        and all(pyramid[c] is None and c not in face_down for c in shape.covers[i])
    ]
    free += [
        cards[-1]
        for (_, cards), pile in zip(view.piles, view.rules.table.piles, strict=True)
        if cards and pile.kind is not PileKind.WASTE
    ]
    hidden = view.never_seen() | {view.deal.pyramid[i] for i in face_down}
    talon = sorted(view.unseen() - hidden, key=str) + list(view.waste[:-1])
    plans: dict[tuple[int, Card | None], Reach] = {}
    for card in talon:
        if card.rank == target:
            plans.setdefault((card.rank, None), Reach(card, Move.king(card)))
        for partner in free:
            if card.rank + partner.rank == target:
                plans.setdefault((card.rank, partner), Reach(card, Move.pair(card, partner)))
    return list(plans.values())


def plan(view: PlayerView, rng: random.Random) -> Move:
    """Monte-Carlo planning over the cards never seen (see the module docstring): a king at
    once (it pairs with nothing, so removing it never costs a win), the only move when there is
    one, the solver's move where every card is known, else the option that keeps a win in the
    most layouts drawn; a tie goes to a safe draw that turns up a card never seen, then to a
    move over a card to reach, then to the move the careful heuristic prefers, and when no
    layout can be won the careful heuristic plays.

    In a pool game whose stock is known a draw keeps every win, and so would be played for
    ever: the options there are the moves but the draw, and the cards to reach (:class:`Reach`),
    each played as a draw (or recycle) until it is on the waste top. An option stops being
    asked about once it can no longer catch up with the leader, and the layouts stop once one
    is left: the choice is the one all the layouts would give."""
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    for move in moves:
        if move.kind is MoveKind.KING:
            return move
    effort = COMPILED_EFFORT if models(view.rules.table) else PYTHON_EFFORT
    layouts = Layouts(view)
    if not layouts.cards:  # every card known: the solver's move keeps a win if any does
        try:
            line = solve(layouts.first, max_nodes=effort.known_nodes).solution
        except SearchLimitReached:
            line = None
        return line[0] if line else careful_player(view, rng)
    careful = careful_scores(view)
    safe = _safe(view)
    known = bool(safe) and None not in view.deal.stock  # a pool, every card of it seen
    ranked = sorted(moves, key=careful.__getitem__, reverse=True)
    options: list[Option] = [move for move in ranked if not (known and move in safe)]
    if known:
        options += _reaches(view)
    options = options[: effort.candidates]
    if not options:
        return careful_player(view, rng)
    tried, _exact = layouts_tried(layouts, effort.samples, rng)
    totals = dict.fromkeys(options, 0.0)
    alive = list(options)
    for done, cards in enumerate(tried):
        left = len(tried) - done
        leader = max(totals.values())
        alive = [option for option in alive if totals[option] + left >= leader]
        if len(alive) == 1:
            break
        for option, win in _wins(layouts.game(cards), alive, safe, effort.nodes).items():
            totals[option] += win
    if not any(totals.values()):
        return careful_player(view, rng)
    # On a tie, a safe draw that turns up a card never seen first: it costs nothing and shows more.
    showing = safe if None in view.deal.stock else frozenset()
    best = max(
        options,
        key=lambda option: (
            totals[option],
            option in showing,
            isinstance(option, Move),
            careful.get(option, 0.0) if isinstance(option, Move) else 0.0,
        ),
    )
    if isinstance(best, Reach):
        return next(move for move in moves if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE))
    return best


def expert_player(view: PlayerView, rng: random.Random) -> Move:
    """The expert as a strategy, by name ``"expert"``: :func:`plan`."""
    return plan(view, rng)
