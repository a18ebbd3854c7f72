"""Moves and their text notation: ``K♦``, ``10♣+3♠``, ``draw``, ``recycle``, a group
``5♣+4♦+4♥`` (Tut's Tomb) and ``Q♣>cell`` (docs/design/notation.md)."""

from __future__ import annotations

import reprlib
from enum import Enum

from .cards import FRENCH_DECK, Card, Deck, parse_card
from .errors import CardError, IllegalMoveError
from .text import ascii_lower

MOVE_SYNTAX = (
    "a king like 'K♦', a pair like '10♣+3♠', 'draw', 'recycle', "
    "a group like '5♣+4♦+4♥' (Tut's Tomb) or a move to the cell like 'Q♣>cell'"
)
CELL_SUFFIX = ">cell"


class MoveKind(str, Enum):
    KING = "king"
    PAIR = "pair"
    DRAW = "draw"
    RECYCLE = "recycle"
    GROUP = "group"
    CELL = "cell"


class Move:
    """One action of the game. Immutable and hashable; pairs compare without regard to order."""

    __slots__ = ("cards", "kind")

    kind: MoveKind
    cards: tuple[Card, ...]

    def __init__(self, kind: MoveKind | str, cards: tuple[Card, ...] = ()) -> None:
        kind = MoveKind(kind)
        expected = {MoveKind.KING: 1, MoveKind.PAIR: 2, MoveKind.CELL: 1}.get(kind, 0)
        if kind is MoveKind.GROUP:
            if len(cards) < 3 or not all(isinstance(c, Card) for c in cards):
                raise IllegalMoveError(f"a group move takes three or more cards, got {cards!r}")
        elif len(cards) != expected or not all(isinstance(c, Card) for c in cards):
            raise IllegalMoveError(f"a {kind.value} move takes {expected} card(s), got {cards!r}")
        if len(set(cards)) != len(cards):
            raise IllegalMoveError(
                f"a {kind.value} needs different cards, got {'+'.join(map(str, cards))}"
            )
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", tuple(cards))

    @classmethod
    def king(cls, card: Card | str) -> Move:
        return cls(MoveKind.KING, (parse_card(card),))

    @classmethod
    def pair(cls, first: Card | str, second: Card | str) -> Move:
        return cls(MoveKind.PAIR, (parse_card(first), parse_card(second)))

    @classmethod
    def draw(cls) -> Move:
        return DRAW

    @classmethod
    def recycle(cls) -> Move:
        return RECYCLE

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def _key(self) -> tuple[MoveKind, frozenset[Card]]:
        return (self.kind, frozenset(self.cards))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[type, tuple[MoveKind, tuple[Card, ...]]]:
        return (Move, (self.kind, self.cards))

    def to_text(self, *, ascii: bool = False, french: bool = False) -> str:
        if self.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
            return str(self.kind.value)
        if self.kind is MoveKind.CELL:
            return self.cards[0].to_text(ascii=ascii, french=french) + CELL_SUFFIX
        return "+".join(card.to_text(ascii=ascii, french=french) for card in self.cards)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"Move('{self}')"


DRAW = Move(MoveKind.DRAW)
RECYCLE = Move(MoveKind.RECYCLE)


def parse_move(text: str | Move, deck: Deck = FRENCH_DECK, *, groups: bool = False) -> Move:
    """Parse a move in notation, its cards of ``deck``; raise :class:`IllegalMoveError` saying
    what is expected. ``groups``: whether three or more cards may be written (a game reads its
    moves with its table's ``groups``, so ``A♠+Q♠+2♣`` is a malformed pair elsewhere)."""
    if not isinstance(deck, Deck):
        raise TypeError(
            f"deck must be a Deck (FRENCH_DECK or SPANISH_DECK), got {type(deck).__name__}"
        )
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise IllegalMoveError(
            f"expected a move as text ({MOVE_SYNTAX}), got {type(text).__name__}"
        )
    word = ascii_lower(text.strip())
    if word == "draw":
        return DRAW
    if word == "recycle":
        return RECYCLE
    to_cell = word.endswith(CELL_SUFFIX)
    parts = text.strip()[: -len(CELL_SUFFIX)].split("+") if to_cell else text.split("+")
    try:
        cards = [parse_card(part, deck) for part in parts]
    except CardError as error:
        raise IllegalMoveError(
            f"{reprlib.repr(text)} is not a move: expected {MOVE_SYNTAX} ({error})"
        ) from None
    if to_cell:
        if len(cards) != 1:
            raise IllegalMoveError(
                f"{reprlib.repr(text)} is not a move: one card goes to the cell, like 'Q♣>cell'"
            )
        return Move(MoveKind.CELL, (cards[0],))
    if len(cards) == 1:
        return Move(MoveKind.KING, (cards[0],))
    if len(cards) == 2:
        return Move(MoveKind.PAIR, (cards[0], cards[1]))
    if not groups:
        raise IllegalMoveError(
            f"{reprlib.repr(text)} is not a move: expected {MOVE_SYNTAX}; groups of three or more cards are Tut's Tomb's"
        )
    return Move(MoveKind.GROUP, tuple(cards))
