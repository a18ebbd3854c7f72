"""Cards: ranks, suits, parsing and printing (docs/rules.md R1 and §8).

A card prints as rank then suit symbol: ``K♦``, ``10♣``, ``A♠``. Parsing accepts the
spellings players type:

* rank: ``A`` or ``1``, ``2``–``9``, ``10`` or ``T``, ``J``/``V`` (valet), ``Q``/``D`` (dame),
  ``K``/``R`` (roi) — English and French indices, any case;
* suit: ``♣♦♥♠`` (also the white symbols ``♧♢♡♤``) or the letters ``C D H S``, any case.

The grammar that removes the queen/diamonds ambiguity of ``D``: **the suit is always the last
character** and everything before it is the rank, so ``DD`` is the queen of diamonds, ``D♣`` the
queen of clubs and ``10D`` the ten of diamonds. A rank is never written without a suit.

Cards are interned: there is exactly one object per (rank, suit), so identity, equality and
hashing are all cheap, which the engine's hot paths rely on.
"""

from __future__ import annotations

from enum import Enum
from typing import ClassVar, Iterator

from .errors import CardError


class Suit(str, Enum):
    """The four suits, in the deck order the deal generator uses (♣ ♦ ♥ ♠)."""

    CLUBS = "♣"
    DIAMONDS = "♦"
    HEARTS = "♥"
    SPADES = "♠"

    @property
    def letter(self) -> str:
        """The ASCII letter of the suit: C, D, H or S."""
        return _SUIT_LETTERS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __str__(self) -> str:
        return self.value


_SUIT_LETTERS = {Suit.CLUBS: "C", Suit.DIAMONDS: "D", Suit.HEARTS: "H", Suit.SPADES: "S"}
_SUIT_BY_TEXT: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_BY_TEXT[_suit.value] = _suit
    _SUIT_BY_TEXT[_suit.letter] = _suit
_SUIT_BY_TEXT.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
FRENCH_RANK_NAMES = {1: "A", 11: "V", 12: "D", 13: "R"}
_RANK_BY_TEXT = {
    "A": 1, "1": 1, "T": 10, "10": 10,
    "J": 11, "V": 11, "Q": 12, "D": 12, "K": 13, "R": 13,
    **{str(n): n for n in range(2, 10)},
}

CARD_SYNTAX = (
    "a rank (A 2-10 J Q K, or T for ten, or French V D R) followed by a suit "
    "(♣ ♦ ♥ ♠ or C D H S), e.g. 'K♦', '10♣', 'Kd', 'TD', 'D♣'"
)


class Card:
    """One playing card. Use :meth:`Card.of` or :func:`parse_card`; instances are interned."""

    __slots__ = ("rank", "suit", "index")
    _interned: ClassVar[dict[tuple[int, Suit], "Card"]] = {}

    rank: int
    suit: Suit
    index: int

    def __new__(cls, rank: int, suit: Suit | str) -> "Card":
        # Checked before the lookup: True == 1 and 13.0 == 13 would otherwise find A and K.
        if type(rank) is not int:
            raise CardError(f"rank must be an integer from 1 (ace) to 13 (king), got {type(rank).__name__} {rank!r}")
        try:
            suit = Suit(suit)
        except ValueError:
            raise CardError(f"suit must be one of {' '.join(Suit)}, got {suit!r}") from None
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is None:
            if not 1 <= rank <= 13:
                raise CardError(f"rank must be an integer from 1 (ace) to 13 (king), got {rank!r}")
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "index", list(Suit).index(suit) * 13 + rank - 1)
            cls._interned[key] = card
        return card

    @classmethod
    def of(cls, rank: int, suit: Suit | str) -> "Card":
        return cls(rank, suit)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type, tuple[int, Suit]]:
        # Keep interning across pickling (the solver sends cards to worker processes).
        return (Card, (self.rank, self.suit))

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    def to_text(self, *, ascii: bool = False, french: bool = False) -> str:
        """Print the card. ``ascii`` uses ``T`` and suit letters (``TD``); ``french`` uses R/D/V."""
        names = FRENCH_RANK_NAMES if french else RANK_NAMES
        rank = names.get(self.rank) or ("T" if ascii and self.rank == 10 else str(self.rank))
        return rank + (self.suit.letter if ascii else self.suit.value)

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"Card('{self.to_text()}')"


def parse_card(text: str | Card) -> Card:
    """Parse one card in any accepted spelling; raise :class:`CardError` saying what is expected."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError(f"expected a card as text, {CARD_SYNTAX}; got {type(text).__name__}")
    cleaned = text.strip().replace("\ufe0f", "").upper()
    if len(cleaned) < 2:
        raise CardError(f"{text!r} is not a card: expected {CARD_SYNTAX}")
    suit = _SUIT_BY_TEXT.get(cleaned[-1])
    rank = _RANK_BY_TEXT.get(cleaned[:-1])
    if suit is None or rank is None:
        raise CardError(f"{text!r} is not a card: expected {CARD_SYNTAX}")
    return Card(rank, suit)


def standard_deck() -> list[Card]:
    """The 52 cards in generator order: ♣ A–K, ♦ A–K, ♥ A–K, ♠ A–K."""
    return [Card(rank, suit) for suit in Suit for rank in range(1, 14)]


def iter_cards(texts: "list[str | Card] | tuple[str | Card, ...]") -> Iterator[Card]:
    """Parse a sequence of cards, naming the position of the first bad one."""
    for position, text in enumerate(texts, 1):
        try:
            yield parse_card(text)
        except CardError as error:
            raise CardError(f"card {position}: {error}") from None
