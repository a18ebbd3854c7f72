"""The heuristic players: a random one, a greedy one and this project's careful heuristic
(see :mod:`.strategies` for what a player is). Built on the engine only: each sees the
:class:`~pyramide_widget.engine.player_view.PlayerView` and nothing else."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from ..engine.cards import Card
from ..engine.geometry import Shape
from ..engine.moves import Move, MoveKind
from ..engine.piles import PileKind
from ..engine.player_view import PlayerView

__all__ = ["careful_player", "careful_scores", "greedy_player", "random_player"]


def random_player(view: PlayerView, rng: random.Random) -> Move:
    """A uniformly random legal move."""
    return rng.choice(view.legal_moves)


def greedy_player(view: PlayerView, rng: random.Random) -> Move:
    """A king if one can go, else the first pair the engine lists, else draw or recycle."""
    moves = view.legal_moves
    for kind in (MoveKind.KING, MoveKind.PAIR):
        for move in moves:
            if move.kind is kind:
                return move
    return moves[0]


# ---------------------------------------------------------------- the careful heuristic

_STRANDED = 1000
"""What a card that can no longer be removed costs: the game is lost whatever follows."""
_PER_CARD = 10
_PER_FREE_CARD = 3
_PER_LAST_PARTNER = 4
_PER_BURIED = 6


@cache
def _below(shape: Shape) -> tuple[frozenset[int], ...]:
    """For each place, every place lying on it directly or through others: the cards that must
    go before it is free, so none of them can ever be its partner (R12)."""
    below: list[frozenset[int]] = []
    for index in range(shape.size):
        seen: set[int] = set()
        todo = list(shape.covers[index])
        while todo:
            place = todo.pop()
            if place not in seen:
                seen.add(place)
                todo.extend(shape.covers[place])
        below.append(frozenset(seen))
    return tuple(below)


@dataclass
class _Table:
    """The cards as the careful player imagines them after a move: the pyramid places, the
    waste, and the cards on the table's other piles (a reserve, a cell), all within reach."""

    pyramid: list[Card | None]
    waste: list[Card]
    kept: list[Card]
    buried_top: bool  # a draw covers the waste top with an unknown card


def _after(view: PlayerView, move: Move) -> _Table:
    pyramid = list(view.pyramid)
    waste = list(view.waste)
    kept = [
        card
        for (_, cards), pile in zip(view.piles, view.rules.table.piles, strict=True)
        if pile.kind is not PileKind.WASTE
        for card in cards
    ]
    if move.kind is MoveKind.DRAW:
        return _Table(pyramid, waste, kept, True)
    if move.kind is MoveKind.RECYCLE:
        return _Table(pyramid, [], kept, False)
    for card in move.cards:
        if card in pyramid:
            pyramid[pyramid.index(card)] = None
        elif card in waste:
            waste.remove(card)
        elif card in kept:
            kept.remove(card)
        if move.kind is MoveKind.CELL:  # moved, not removed: still within reach
            kept.append(card)
    return _Table(pyramid, waste, kept, False)


def _score(view: PlayerView, table: _Table, unseen: dict[int, int]) -> float:
    """How good the imagined table is, from what the player knows (``unseen``: how many cards
    of each rank the player has not seen where they are, stock and face-down cards).

    A pyramid card is *stranded* when every card of its partner rank is removed, lies on it
    (R12), or lies buried in the waste of the last pass; the deal is then lost, so such a move
    is taken only when every move strands something. Otherwise more cards removed, more free
    cards, fewer cards whose last reachable partner is one card, and (in the last pass of the
    rules that need the stock and the waste cleared) fewer waste cards buried are better."""
    rules = view.rules
    target = rules.target
    shape = rules.table.shape
    below = _below(shape)
    face_down = view.face_down
    last_pass = view.recycles_left == 0
    pyramid = table.pyramid
    waste = table.waste
    # Waste cards that can still be played: all of them while a recycle is left (they come
    # round again), otherwise the top two (a draw buries the top under an unknown card).
    reachable_waste = waste if not last_pass else waste[-1:] if table.buried_top else waste[-2:]
    reach = dict(unseen)
    for card in (*reachable_waste, *table.kept):
        reach[card.rank] = reach.get(card.rank, 0) + 1
    at_rank: dict[int, list[int]] = {}
    present = 0
    for i, pyramid_card in enumerate(pyramid):
        if pyramid_card is not None:
            present += 1
            at_rank.setdefault(pyramid_card.rank, []).append(i)
    score = -_PER_CARD * (present + len(face_down))
    for rank, places in at_rank.items():
        partner_places = at_rank.get(target - rank, ())
        for i in places:
            if all(pyramid[c] is None and c not in face_down for c in shape.covers[i]):
                score += _PER_FREE_CARD
            if rank == target:
                continue
            partners = reach.get(target - rank, 0) + sum(
                1 for j in partner_places if j != i and j not in below[i]
            )
            if partners == 0:
                score -= _STRANDED
            elif partners == 1:
                score -= _PER_LAST_PARTNER
    if last_pass and rules.strict_win:
        score -= _PER_BURIED * (len(waste) - (0 if table.buried_top else 1))
    return score


def careful_scores(view: PlayerView) -> dict[Move, float]:
    """The careful heuristic's score of each legal move: how good the table it leaves is
    (see :func:`_score`), a king's raised above anything else."""
    unseen: dict[int, int] = {}
    for card in view.unseen():
        unseen[card.rank] = unseen.get(card.rank, 0) + 1
    scores = {}
    for move in view.legal_moves:
        score = _score(view, _after(view, move), unseen)
        if move.kind is MoveKind.KING:
            score += _PER_CARD  # never worse than anything: a king pairs with nothing
        scores[move] = score
    return scores


def careful_player(view: PlayerView, rng: random.Random) -> Move:
    """This project's heuristic: each legal move is scored by the table it leaves (see
    :func:`careful_scores`); the best is played, the first listed on a tie, a removal before a
    draw when they score alike (a draw turns up a card, so it is taken only when it is better).
    ``rng`` is not used: the careful player is deterministic."""
    scores = careful_scores(view)
    return max(view.legal_moves, key=scores.__getitem__)  # max keeps the first of equals
