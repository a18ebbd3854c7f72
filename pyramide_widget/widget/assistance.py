"""The solver's help in the widget: whether it is installed, a hint or an analysis kept with the
position it belongs to, and the check that nothing more can be removed (R18). The solver is
imported on first use."""

from __future__ import annotations

import copy
import importlib.util
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.game import Game
from ..engine.moves import Move

if TYPE_CHECKING:
    from ..analysis.review import GameAnalysis

STUCK_NODES = 5_000
"""The node budget of the check "can any further pyramid card be removed?" (unlimited
recycles: the solver's pool search). Past it the widget says nothing: only a proof shows the
message."""


def has_solver() -> bool:
    """Whether the solver module is installed, i.e. whether the Hint button is offered."""
    try:
        return importlib.util.find_spec("pyramide_widget.solver") is not None
    except (ImportError, ValueError):
        return False


@dataclass(frozen=True)
class Hint:
    """The solver's hint, valid for the position after ``actions`` actions of the current game
    (``move`` is ``None`` when the game is over: no move at all)."""

    move: Move | None
    actions: int


@dataclass(frozen=True)
class Analysis:
    """The analysis of the current game after ``actions`` actions; ``data`` is what the views
    draw, :meth:`GameAnalysis.to_dict` without the verdict of every move (every later
    snapshot, replay steps included, carries it)."""

    result: GameAnalysis
    data: dict[str, Any]
    actions: int

    @classmethod
    def of(cls, result: GameAnalysis, actions: int) -> Analysis:
        data = {key: value for key, value in result.to_dict().items() if key != "moves"}
        return cls(result, data, actions)


def nothing_more_removable(game: Game) -> bool:
    """Whether the solver proves, within :data:`STUCK_NODES`, that no further pyramid card
    can be removed; ``False`` when it cannot tell in time."""
    from ..solver import SearchLimitReached, solve

    try:  # on a copy: solving a game marks it assisted, and this check is no help to the player
        result = solve(copy.deepcopy(game), max_nodes=STUCK_NODES)
    except SearchLimitReached:
        return False
    return result.max_removed == game.shape.size - game.pyramid_left


class StuckWatch:
    """Whether nothing more can be removed from a game with unlimited recycles, which never
    ends (R18): ``verdict`` is ``None`` until asked for the cards left, then the solver's.

    It is asked once the player has drawn a whole cycle of the talon without removing a card,
    once per set of cards left: a draw or recycle only turns the talon; every removal, and every
    undo of one, changes the counts of cards left. Taps of ordinary play never wait for it."""

    def __init__(self, game: Game) -> None:
        self.verdict: bool | None = None
        self._cards = _cards_left(game)
        self._actions = game.action_count
        self._idle_actions = 0

    def update(self, game: Game, *, ask_solver: bool) -> bool:
        """Follow one change of ``game`` (each passes through here); whether it was an action.
        ``ask_solver`` allows the solver's check."""
        count = game.action_count
        acted = count != self._actions
        cards = _cards_left(game)
        if cards != self._cards:
            self.verdict, self._cards, self._idle_actions = None, cards, 0
        elif acted:
            self._idle_actions += 1
        self._actions = count
        if (
            self.verdict is None
            and ask_solver
            and 0 < cards[1] <= self._idle_actions
            and game.rules.recycles is None
            and not game.is_over
        ):
            self.verdict = nothing_more_removable(game)
        return acted


def _cards_left(game: Game) -> tuple[int, int]:
    """Pyramid cards and talon cards left: every removal, or undo of one, changes them."""
    return game.pyramid_left, len(game.waste) + len(game.stock)


__all__ = ["STUCK_NODES", "Analysis", "Hint", "StuckWatch", "has_solver", "nothing_more_removable"]
