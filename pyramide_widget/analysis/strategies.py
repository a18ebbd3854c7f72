"""Playing strategies: how often a player who sees only what a player sees wins.

The solver knows the stock's order and every face-down card, so its win rate is an upper bound
no player reaches. A *strategy* plays as a player does: it is any function
``player(view, rng) -> move`` that receives the engine's
:class:`~pyramide_widget.engine.player_view.PlayerView` (never the game, so it cannot peek)
and a :class:`random.Random` to draw from, and returns one of ``view.legal_moves`` (a
:class:`~pyramide_widget.engine.moves.Move` or its notation). A strategy that draws only from
``rng`` plays the same game for the same seed, so its results are reproducible.

Four are built in, by name (:data:`STRATEGIES`):

* ``"random"`` — a uniformly random legal move: the floor any sensible play should beat;
* ``"greedy"`` — a king if one can go, else the first pair, else draw (or recycle): what a
  beginner does;
* ``"careful"`` — this project's heuristic (:func:`careful_player`): it looks one move ahead
  and never strands a card whose every partner is gone or out of reach, prefers moves that
  free pyramid cards, and, in the last pass, keeps the waste from burying cards;
* ``"expert"`` — Monte-Carlo planning (:mod:`~pyramide_widget.analysis.expert`): at each
  decision it draws layouts of the cards it has not seen that fit what it saw, asks the solver
  which moves keep a win in each, and plays the move that keeps a win in the most.

:func:`play_out` plays one game to its end. With unlimited recycles a strategy could draw
forever, so under unlimited recycles a playout also ends, lost, when a whole pass through the
stock removes no card: the position after that recycle would be the one after the previous
recycle, and a player would give up. (Limited recycles end the game by themselves.)
:func:`~pyramide_widget.analysis.estimation.estimate` with ``player=`` plays many deals this
way, in parallel.

Built on the engine only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.geometry import Shape
from ..engine.moves import Move, MoveKind, parse_move
from ..engine.piles import PileKind
from ..engine.player_view import PlayerView
from ..engine.position import Status

__all__ = [
    "STRATEGIES",
    "Player",
    "Playout",
    "careful_player",
    "careful_scores",
    "check_player",
    "expert_player",
    "greedy_player",
    "play_out",
    "player_name",
    "random_player",
]

Player = Callable[[PlayerView, random.Random], Move | str]
"""A playing strategy: the view of the game and a random source in, one legal move out."""


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


def expert_player(view: PlayerView, rng: random.Random) -> Move:
    """Monte-Carlo planning over the cards never seen: see :mod:`.expert`."""
    from .expert import plan  # the expert builds on the careful heuristic of this module

    return plan(view, rng)


STRATEGIES: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    "careful": careful_player,
    "expert": expert_player,
}
"""The built-in strategies by name; a name also travels to worker processes as plain text."""


def check_player(player: object) -> Player:
    """The strategy ``player`` names: a built-in name from :data:`STRATEGIES` or any function
    ``(view, rng) -> move``. Anything else is a TypeError (an unknown name a ValueError)."""
    if isinstance(player, str):
        try:
            return STRATEGIES[player]
        except KeyError:
            raise ValueError(
                f"unknown strategy {player!r}: expected one of {', '.join(map(repr, STRATEGIES))} "
                "or a function (view, rng) -> move"
            ) from None
    if callable(player):
        return player
    raise TypeError(
        f"player must be a strategy name ({', '.join(map(repr, STRATEGIES))}) or a function "
        f"(view, rng) -> move, got {type(player).__name__} {player!r}"
    )


def player_name(player: object) -> str:
    """How results name a strategy: its built-in name, or the function's qualified name."""
    if isinstance(player, str):
        check_player(player)
        return player
    for name, builtin in STRATEGIES.items():
        if player is builtin:
            return name
    check_player(player)
    return getattr(player, "__qualname__", None) or type(player).__name__


@dataclass(frozen=True)
class Playout:
    """How one game played by a strategy ended: ``won``; ``removed``, the pyramid cards it
    removed; ``moves``, the actions it played; ``stalled``, whether it ended on a pass
    through the stock that removed nothing (rather than with no legal move or a win)."""

    won: bool
    removed: int
    moves: int
    stalled: bool


def play_out(game: Game, player: Player | str, seed: int | str = 0) -> Playout:
    """Play ``game`` to its end with ``player``, which sees only ``game.player_view()``;
    ``seed`` seeds the strategy's random source, so the same seed plays the same game.

    The game is played in place (its record is the playout's). A move the strategy returns
    that is not one of the legal moves is a ValueError naming the strategy, the deal and the
    move, raised before anything is played."""
    if not isinstance(game, Game):
        raise TypeError(f"game must be a Game, got {type(game).__name__}")
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise TypeError(f"seed must be a whole number or text, got {type(seed).__name__} {seed!r}")
    strategy = check_player(player)
    rng = random.Random(seed)
    size = len(game.deal.pyramid)
    removed_at_recycle: int | None = None
    while game.status is Status.PLAYING:
        view = game.player_view()
        move = _legal_choice(view, strategy(view, rng), player, game)
        if move.kind is MoveKind.RECYCLE and game.rules.recycles is None:
            removed = sum(len(done.cards) for done in game.history)
            if removed == removed_at_recycle:
                return Playout(False, size - game.pyramid_left, game.moves, True)
            removed_at_recycle = removed
        game.play(move)
    return Playout(game.status is Status.WON, size - game.pyramid_left, game.moves, False)


def _legal_choice(view: PlayerView, choice: object, player: object, game: Game) -> Move:
    where = game.code or "a custom layout"
    if isinstance(choice, str):
        table = view.rules.table  # its deck's cards, and groups where the table has them
        try:
            choice = parse_move(choice, table.deck, groups=table.groups)
        except ValueError as error:
            raise ValueError(
                f"strategy {player_name(player)} returned {choice!r} in {where}: {error}"
            ) from None
    if not isinstance(choice, Move):
        raise TypeError(
            f"strategy {player_name(player)} must return a Move or its notation, got "
            f"{type(choice).__name__} {choice!r} in {where}"
        )
    if choice not in view.legal_moves:
        raise ValueError(
            f"strategy {player_name(player)} chose {choice}, not a legal move in {where}; "
            f"legal: {', '.join(map(str, view.legal_moves))}"
        )
    return choice
