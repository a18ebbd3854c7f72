"""The searches' internal steps, and turning them back into engine moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.cards import Card
from ..engine.moves import DRAW, RECYCLE, Move, MoveKind
from .encoded import EncodedPosition

SearchStep = tuple[
    Any, ...
]  # an internal move: ("K", slot), ("P", a, b), ("W", slot), ("WK",), ("WW",),
#               ("D",), ("R",) on the real talon; ("T", slot, index), ("TK", index), ("TT", u, t)
#               on the pool of talon cards when recycles are unlimited.


class Replayer:
    """Turns internal steps into engine moves, tracking the real talon (draws and recycles)."""

    def __init__(self, encoded: EncodedPosition) -> None:
        self.encoded = encoded
        self.pyramid = list(encoded.pyramid_cards)
        self.talon = encoded.talon0
        self.drawn = encoded.drawn0
        self.fresh = bool(encoded.fresh0)
        self.out: list[Move] = []

    def moves(self, steps: list[SearchStep]) -> list[Move]:
        handlers: dict[str, Callable[..., None]] = {
            "K": self._king,
            "P": self._pair,
            "W": self._with_top,
            "WK": self._top_king,
            "WW": self._top_pair,
            "D": self._draw,
            "R": self._recycle,
            "T": self._with_talon,
            "TK": self._talon_king,
            "TT": self._talon_pair,
        }
        for step in steps:
            handlers[step[0]](*step[1:])
        return self.out

    def _top(self) -> int:
        return (self.talon & ((1 << self.drawn) - 1)).bit_length() - 1

    def _take_pyramid(self, slot: int) -> Card:
        card = self.pyramid[slot]
        assert card is not None
        self.pyramid[slot] = None
        return card

    def _take_top(self) -> Card:
        top = self._top()
        self.talon ^= 1 << top
        self.drawn = (self.talon & ((1 << self.drawn) - 1)).bit_length()
        self.fresh = False
        return self.encoded.talon[top]

    def _king(self, slot: int) -> None:
        self.out.append(Move(MoveKind.KING, (self._take_pyramid(slot),)))

    def _pair(self, a: int, b: int) -> None:
        self.out.append(Move(MoveKind.PAIR, (self._take_pyramid(a), self._take_pyramid(b))))

    def _with_top(self, slot: int) -> None:
        card = self._take_pyramid(slot)
        self.out.append(Move(MoveKind.PAIR, (card, self._take_top())))

    def _top_king(self) -> None:
        self.out.append(Move(MoveKind.KING, (self._take_top(),)))

    def _top_pair(self) -> None:
        top = self._take_top()
        self.out.append(Move(MoveKind.PAIR, (top, self._take_top())))

    def _draw(self) -> None:
        stock = self.talon >> self.drawn
        self.drawn += (stock & -stock).bit_length()
        self.fresh = True
        self.out.append(DRAW)

    def _recycle(self) -> None:
        self.drawn = 0
        self.fresh = False
        self.out.append(RECYCLE)

    def _bring_to_top(self, index: int) -> None:
        """Draw (and recycle if the card is already in the waste) until ``index`` is on top."""
        if self._top() == index:
            return
        if index < self.drawn:
            while self.talon >> self.drawn:
                self._draw()
            self._recycle()
        while self._top() != index:
            self._draw()

    def _with_talon(self, slot: int, index: int) -> None:
        self._bring_to_top(index)
        self._with_top(slot)

    def _talon_king(self, index: int) -> None:
        self._bring_to_top(index)
        self._top_king()

    def _talon_pair(self, under: int, top: int) -> None:
        waste = self.talon & ((1 << self.drawn) - 1)
        beneath = (waste ^ (1 << top)).bit_length() - 1 if waste >> top & 1 else -2
        if not (self.fresh and self._top() == top and beneath == under):
            self._bring_to_top(under)
            self._draw()
        self._top_pair()
