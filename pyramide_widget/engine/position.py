"""What a position is, below the game that plays it: a place on the table, the cards and
bookkeeping that undo restores, and the game's status. The snapshot and the static picture
read these without importing the game, so the engine's modules import one another one way."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from .cards import Card


class Status(str, Enum):
    """Where the game stands; the values are plain strings for JSON and the front end."""

    PLAYING = "playing"
    WON = "won"
    NO_MOVES = "no_moves"

    def __str__(self) -> str:
        return self.value


class Place(NamedTuple):
    """A place on the table as the rules count it: ``Place("pyramid", 7, 6)`` is the 6th card
    of the bottom row; ``Place("waste", 1)`` the waste top, ``Place("waste", 2)`` the card
    beneath it; ``Place("stock")`` the stock. Any pile by its id the same way:
    ``Place("reserve-3", 1)``, ``Place("column-8", 1)``, ``Place("cell", 1)``."""

    pile: str
    row: int | None = None
    col: int | None = None

    def __str__(self) -> str:
        if self.pile == "pyramid":
            return f"row {self.row}, position {self.col}"
        if self.pile == "waste" and self.row == 2:
            return "waste (second card)"
        if self.row == 2:
            return f"{self.pile} (second card)"
        return self.pile


@dataclass(frozen=True)
class Position:
    """Everything that undo restores: the cards on the table and the stock/waste bookkeeping.
    (The move counter and the clock are deliberately not part of it: undo leaves them, R21.)"""

    pyramid: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    stock: tuple[Card, ...]
    fresh: bool
    recycles_used: int
    face_down: frozenset[int] = frozenset()
    """The row-major indices of pyramid places holding a face-down card. In
    :meth:`Game.visible_position` such a place reads ``None`` though its card is still there."""
    piles: tuple[tuple[Card, ...], ...] = ()
    """Every pile of the table (:attr:`Game.piles`), in table order, each bottom to top; the
    standard table's one pile is the waste, so there ``piles == (waste,)``. ``waste`` is every
    waste pile's cards one pile after the other, as :attr:`Game.waste`."""

    def exchanged(self, cards: Mapping[Card, Card]) -> Position:
        """This position with the card of each key of ``cards`` replaced by its value, wherever
        it lies (:meth:`Game.exchanged <pyramide_widget.engine.game.Game.exchanged>` checks
        that they are cards the player never saw; this only moves them)."""
        swap = cards.get
        return Position(
            tuple(card if card is None else swap(card, card) for card in self.pyramid),
            tuple(swap(card, card) for card in self.waste),
            tuple(swap(card, card) for card in self.stock),
            self.fresh,
            self.recycles_used,
            self.face_down,
            tuple(tuple(swap(card, card) for card in pile) for pile in self.piles),
        )
