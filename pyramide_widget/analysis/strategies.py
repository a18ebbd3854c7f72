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
* ``"careful"`` — this project's heuristic (:func:`~.heuristics.careful_player`): it looks one move ahead
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

The random, greedy and careful players are in :mod:`.heuristics`, built on the engine only;
the expert (:mod:`.expert`) asks the solver. This module names them and plays them out.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.game import Game
from ..engine.moves import Move, MoveKind, parse_move
from ..engine.player_view import PlayerView
from ..engine.position import Status
from .expert import expert_player
from .heuristics import careful_player, careful_scores, greedy_player, random_player

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
