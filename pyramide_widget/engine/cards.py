"""Cards and decks: ranks, suits, parsing and printing (docs/rules.md R1, §8 and §9).

Text is always read for a deck: ``C`` is clubs in the French deck and copas in the Spanish one.
How cards are written and read: docs/design/notation.md."""

from __future__ import annotations

import functools
import reprlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar

from .errors import CardError
from .text import ascii_upper


class Suit(str, Enum):
    """The four French suits, in the deck order the deal generator uses (♣ ♦ ♥ ♠)."""

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

    @property
    def colour(self) -> str:
        """The colour the suit is printed in: ``red`` or ``black``."""
        return "red" if self.is_red else "black"

    @property
    def display_name(self) -> str:
        """The suit's name as the table description gives it: clubs, diamonds, hearts, spades."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.value


class SpanishSuit(str, Enum):
    """The four suits of the Spanish deck, in generator order; the value is the printed letter.
    A separate enum from :class:`Suit`, so no French card or spelling changes meaning."""

    OROS = "O"
    COPAS = "C"
    ESPADAS = "E"
    BASTOS = "B"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def is_red(self) -> bool:
        """Copas are printed red; the other Spanish suits are not (see :attr:`colour`)."""
        return self is SpanishSuit.COPAS

    @property
    def colour(self) -> str:
        """The colour Spanish cards print the suit in: oros gold, copas red, espadas blue,
        bastos green."""
        return _SPANISH_COLOURS[self]

    @property
    def display_name(self) -> str:
        """The suit's name: oros, copas, espadas, bastos, in every language (they are the
        suits' own names)."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.value


AnySuit = Suit | SpanishSuit

_SUIT_LETTERS = {Suit.CLUBS: "C", Suit.DIAMONDS: "D", Suit.HEARTS: "H", Suit.SPADES: "S"}
_SPANISH_COLOURS = {
    SpanishSuit.OROS: "gold",
    SpanishSuit.COPAS: "red",
    SpanishSuit.ESPADAS: "blue",
    SpanishSuit.BASTOS: "green",
}
_SUIT_BY_TEXT: dict[str, AnySuit] = {}
for _suit in Suit:
    _SUIT_BY_TEXT[_suit.value] = _suit
    _SUIT_BY_TEXT[_suit.letter] = _suit
_SUIT_BY_TEXT.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
FRENCH_RANK_NAMES = {1: "A", 11: "V", 12: "D", 13: "R"}
_FRENCH_ASCII_RANKS = {10: "T"}
_RANK_BY_TEXT = {
    **{str(n): n for n in range(1, 11)},  # the numbers; the court cards are only letters
    **{
        text: rank
        for names in (RANK_NAMES, FRENCH_RANK_NAMES, _FRENCH_ASCII_RANKS)
        for rank, text in names.items()
    },
}

CARD_SYNTAX = (
    "a rank (A 2-10 J Q K, or T for ten, or French V D R) followed by a suit "
    "(♣ ♦ ♥ ♠ or C D H S), e.g. 'K♦', '10♣', 'Kd', 'TD', 'D♣'"
)
SPANISH_CARD_SYNTAX = (
    "a rank 1-12 (or S sota, C caballo, R rey for 10-12) followed by a suit letter "
    "(O oros, C copas, E espadas, B bastos), e.g. '12O', '7C', 'RE', 'SB'"
)


@dataclass(frozen=True)
class Deck:
    """A deck of cards: its suits in generator order and its ranks ``1..ranks``.

    The highest rank is removed alone and pairs sum to it (R9, R11), so the deck, not the
    rules, fixes the pair sum (:attr:`target`). The other fields say how its cards are written:
    ``indices`` maps an index set the widget offers (``en``, ``fr``) to the rank texts that
    differ from the number; ``ascii_ranks`` the ranks whose one-character ASCII form (records'
    layouts) differs from the English index;
    ``rank_aliases`` extra rank spellings parsing accepts; ``suit_aliases`` extra suit spellings.
    """

    name: str
    suits: tuple[AnySuit, ...]
    ranks: int
    top_name: str
    indices: dict[str, dict[int, str]] = field(hash=False, compare=False)
    ascii_ranks: dict[int, str] = field(hash=False, compare=False)
    rank_aliases: dict[str, int] = field(hash=False, compare=False)
    suit_aliases: dict[str, AnySuit] = field(hash=False, compare=False)
    syntax: str = field(hash=False, compare=False)

    @property
    def target(self) -> int:
        """The pair sum, which is also the rank removed alone: the deck's highest rank."""
        return self.ranks

    @property
    def size(self) -> int:
        return self.ranks * len(self.suits)

    def cards(self) -> list[Card]:
        """The cards in generator order: suit by suit in :attr:`suits` order, ranks ascending."""
        return list(self._cards)

    @functools.cached_property
    def _cards(self) -> tuple[Card, ...]:
        # Built once per deck: every deal and every check of a layout lists the cards.
        return tuple(Card(rank, suit) for suit in self.suits for rank in range(1, self.ranks + 1))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and card.suit in self.suits

    def rank_text(self, rank: int, index_set: str = "en") -> str:
        """How rank ``rank`` is printed in the index set ``index_set`` (``en`` or ``fr``)."""
        return self.indices[index_set].get(rank, str(rank))

    def parse(self, text: str) -> Card:
        """Parse one card of this deck; raise :class:`CardError` saying what is expected."""
        cleaned = ascii_upper(text.strip().replace("\ufe0f", ""))
        suit = self.suit_aliases.get(cleaned[-1:])
        rank = self.rank_aliases.get(cleaned[:-1])
        if len(cleaned) < 2 or suit is None or rank is None:
            raise CardError(
                f"{reprlib.repr(text)} is not a card of the {self.name} deck: expected {self.syntax}"
            )
        return Card(rank, suit)

    def __repr__(self) -> str:
        return f"<Deck {self.name}: {self.size} cards, pairs sum to {self.target}>"


class Card:
    """One playing card. Use :meth:`Card.of` or :func:`parse_card`; instances are interned."""

    __slots__ = ("index", "rank", "suit")
    _interned: ClassVar[dict[tuple[int, AnySuit], Card]] = {}

    rank: int
    suit: AnySuit
    index: int
    """The card's place in its deck's generator order (0-51 French, 0-47 Spanish)."""

    def __new__(cls, rank: int, suit: AnySuit | str) -> Card:
        # Checked before the lookup: True == 1 and 13.0 == 13 would otherwise find A and K.
        if type(rank) is not int:
            raise CardError(
                f"rank must be an integer from 1 (ace) to 13 (king), got {type(rank).__name__} {rank!r}"
            )
        if not isinstance(suit, SpanishSuit):
            try:
                suit = Suit(suit)
            except ValueError:
                raise CardError(
                    f"suit must be one of {' '.join(Suit)} (or a SpanishSuit), got {suit!r}"
                ) from None
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is None:
            deck = FRENCH_DECK if isinstance(suit, Suit) else SPANISH_DECK
            if not 1 <= rank <= deck.ranks:
                raise CardError(
                    f"rank must be an integer from 1 to {deck.ranks} in the {deck.name} deck, got {rank!r}"
                )
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "index", deck.suits.index(suit) * deck.ranks + rank - 1)
            cls._interned[key] = card
        return card

    @classmethod
    def of(cls, rank: int, suit: AnySuit | str) -> Card:
        return cls(rank, suit)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type, tuple[int, AnySuit]]:
        # Keep interning across pickling (the solver sends cards to worker processes).
        return (Card, (self.rank, self.suit))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @property
    def deck(self) -> Deck:
        """The deck this card belongs to."""
        return FRENCH_DECK if isinstance(self.suit, Suit) else SPANISH_DECK

    def to_text(self, *, ascii: bool = False, french: bool = False) -> str:
        """Print the card. ``ascii`` uses one-character ranks and suit letters (``TD``, ``SO``);
        ``french`` the French indices R/D/V."""
        deck = self.deck
        rank = (deck.ascii_ranks.get(self.rank) if ascii else None) or deck.rank_text(
            self.rank, "fr" if french else "en"
        )
        return rank + (self.suit.letter if ascii else self.suit.value)

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"Card('{self.to_text()}')"


FRENCH_DECK = Deck(
    name="French",
    suits=tuple(Suit),
    ranks=13,
    top_name="king",
    indices={"en": RANK_NAMES, "fr": FRENCH_RANK_NAMES},
    ascii_ranks=_FRENCH_ASCII_RANKS,
    rank_aliases=_RANK_BY_TEXT,
    suit_aliases=_SUIT_BY_TEXT,
    syntax=CARD_SYNTAX,
)
"""The standard 52-card deck: ♣ ♦ ♥ ♠, ace to king; pairs sum to 13."""

_SPANISH_ASCII_RANKS = {10: "S", 11: "C", 12: "R"}
SPANISH_DECK = Deck(
    name="Spanish",
    suits=tuple(SpanishSuit),
    ranks=12,
    top_name="rey (12)",
    indices={"en": {}, "fr": {}},  # Spanish cards carry their numbers 1-12 as indices
    ascii_ranks=_SPANISH_ASCII_RANKS,
    rank_aliases={
        **{str(n): n for n in range(1, 13)},
        **{text: rank for rank, text in _SPANISH_ASCII_RANKS.items()},
    },
    suit_aliases={suit.value: suit for suit in SpanishSuit},
    syntax=SPANISH_CARD_SYNTAX,
)
"""The 48-card Spanish deck: oros, copas, espadas, bastos, 1-12 (10 sota, 11 caballo, 12 rey);
pairs sum to 12."""


def parse_card(text: str | Card, deck: Deck = FRENCH_DECK) -> Card:
    """Parse one card of ``deck`` (the French deck by default) in any accepted spelling; raise
    :class:`CardError` saying what is expected. A :class:`Card` passes through as it is."""
    if not isinstance(deck, Deck):
        raise TypeError(
            f"deck must be a Deck (FRENCH_DECK or SPANISH_DECK), got {type(deck).__name__}"
        )
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError(f"expected a card as text, {deck.syntax}; got {type(text).__name__}")
    return deck.parse(text)


def standard_deck() -> list[Card]:
    """The 52 cards in generator order: ♣ A–K, ♦ A–K, ♥ A–K, ♠ A–K."""
    return FRENCH_DECK.cards()


def iter_cards(
    texts: list[str | Card] | tuple[str | Card, ...], deck: Deck = FRENCH_DECK
) -> Iterator[Card]:
    """Parse a sequence of cards of ``deck``, naming the position of the first bad one."""
    for position, text in enumerate(texts, 1):
        try:
            yield parse_card(text, deck)
        except CardError as error:
            raise CardError(f"card {position}: {error}") from None
