"""Deals, deal codes and the portable deal generator (R3, R4, R5).

A code such as ``PY1-N-AAAAAAS`` is the format version, a rules letter (``X`` for custom rules)
and 7 letters A–Z that fix the cards. The generator is specified in docs/design/deals.md: format
version 1 (``PY1``), and format 2 (``PY2``), which lays a table's apex card first (Tut's Tomb's
K♠) and is what a new deal of such a table gets (:func:`format_version`)."""

from __future__ import annotations

import re
import reprlib
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, iter_cards
from .errors import CodeError, LayoutError
from .geometry import Shape
from .position import Position
from .rules import CUSTOM_LETTER, PRESETS, Rules
from .table import STANDARD_TABLE, Table
from .text import ascii_upper

FORMAT_VERSIONS = (1, 2)
"""The generator's format versions (docs/design/deals.md): a code's ``PY1`` or ``PY2``."""
DEAL_LETTERS = 7
_MASK64 = (1 << 64) - 1
# ASCII only, checked before upper-casing: "ß".upper() is "SS" and "ſ".upper() is "S", so
# upper-casing first would let other text pass for another code (R4).
_CODE_RE = re.compile(r"PY([0-9])-([A-Z])-([A-Z]{7})", re.ASCII | re.IGNORECASE)
_LETTERS_RE = re.compile(r"[A-Z]{7}", re.ASCII | re.IGNORECASE)
_CARD_SEPARATORS = re.compile(r"[\s,]+")


def code_syntax() -> str:
    """What a deal code looks like, naming the rules letters registered now."""
    return (
        "a code looks like PY1-N-AAAAAAS: 'PY1' ('PY2' for a deal with a card laid first, as "
        f"Tut's Tomb's), a dash, one rules letter ({', '.join(PRESETS)}), a dash, then 7 letters "
        "A-Z (case does not matter)"
    )


def format_version(table: Table) -> int:
    """The format version a new deal on ``table`` gets: 2 where the table lays an apex card
    first (Tut's Tomb), 1 elsewhere (format 2 deals the same cards there)."""
    return 2 if table.apex is not None else 1


class SplitMix64:
    """The PRNG of deal format version 1 (docs/design/deals.md, step 2)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection (step 3)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next()
            if value < limit:
                return value % n


@dataclass(frozen=True)
class Deal:
    """The cards of one deal: pyramid (row-major, top first), waste (bottom to top), stock
    (top first, so ``stock[0]`` is drawn next), and ``piles``: the cards dealt onto each pile
    of the table that is dealt cards (a reserve card, a Giza column), in the table's pile
    order, each bottom to top (empty on tables without such piles)."""

    pyramid: tuple[Card, ...]
    waste: tuple[Card, ...]
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...] = ()

    @classmethod
    def from_letters(
        cls, letters: str, table: Table = STANDARD_TABLE, version: int | None = None
    ) -> Deal:
        """Deal the cards that 7 code letters fix on ``table``, with the generator of format
        ``version`` (by default the table's, :func:`format_version`)."""
        letters = _check_letters(letters)
        _check_table(table)
        version = _check_version(version, table)
        seed = 0
        for letter in letters:
            seed = seed * 26 + ord(letter) - ord("A")
        rng = SplitMix64(seed)
        deck = table.deck.cards()
        if version == 2:  # step 4a: the apex card laid first, the rest shuffled
            assert table.apex is not None
            deck.remove(table.apex)
        for i in range(len(deck) - 1, 0, -1):
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        if version == 2:
            assert table.apex is not None
            deck.insert(0, table.apex)
        size = table.shape.size
        start = size + table.dealt_to_waste
        piles = []
        for pile in table.piles:
            if pile.dealt:
                piles.append(tuple(deck[start : start + pile.dealt]))
                start += pile.dealt
        return cls(
            tuple(deck[:size]),
            tuple(deck[size : size + table.dealt_to_waste]),
            tuple(deck[start:]),
            tuple(piles),
        )

    @classmethod
    def from_layout(
        cls,
        pyramid: Sequence[Sequence[str | Card] | str] | Sequence[str | Card],
        waste: Iterable[str | Card] | str = (),
        stock: Iterable[str | Card] | str = (),
        table: Table = STANDARD_TABLE,
        piles: Iterable[Iterable[str | Card] | str] = (),
    ) -> Deal:
        """Build and check a deal from explicit cards (R5).

        ``pyramid`` is a list of rows, top to bottom (or one flat row-major list of cards);
        a row is a list of cards or, as bug reports write it, one string of cards separated by
        spaces: ``["5♣", "2♠ 8♥", "3♣ K♦ 6♣", ...]``. ``waste`` is bottom to top (last = top)
        and ``stock`` top first (first = next drawn), each a list of cards or one such string.
        ``piles``: for a table whose piles are dealt cards (a reserve, Giza's columns), one
        entry per such pile in the table's order, each bottom to top (``["7♣", "K♦", ...]`` for
        a reserve of one card each, ``["2♠ 8♥ 3♣", ...]`` for columns).
        The cards must form exactly one deck of the ``table`` (the standard 52-card deck by
        default) and fill its pyramid and piles.
        """
        _check_table(table)
        shape, deck = table.shape, table.deck
        if isinstance(pyramid, str):
            raise LayoutError(
                "pyramid must be a list of rows, top to bottom (each a list of cards or a string "
                "of cards separated by spaces), not one string"
            )
        rows = _card_list("pyramid", pyramid)
        # A list of one entry per row is rows (strings of cards or lists); shape.size cards are flat.
        if len(rows) == shape.rows or any(isinstance(row, (list, tuple)) for row in rows):
            rows = [
                _split_cards(row)
                if isinstance(row, str)
                else _card_list(f"pyramid row {number}", row)
                for number, row in enumerate(rows, 1)
            ]
            lengths = [shape.row_length(number) for number in range(1, shape.rows + 1)]
            for number, row in enumerate(rows, 1):
                if number <= shape.rows and len(row) != lengths[number - 1]:
                    raise LayoutError(
                        f"pyramid row {number} has {len(row)} cards; it must have {lengths[number - 1]} "
                        f"(rows top to bottom: {', '.join(map(str, lengths))})"
                    )
            if len(rows) != shape.rows:
                raise LayoutError(f"the pyramid has {len(rows)} rows; expected {shape.rows}")
            flat = [card for row in rows for card in row]
        else:
            flat = rows
            if len(flat) != shape.size:
                raise LayoutError(f"the pyramid has {len(flat)} cards; expected {shape.size}")
        try:
            deal = cls(
                tuple(iter_cards(flat, deck)),
                tuple(iter_cards(_card_list("waste", waste), deck)),
                tuple(iter_cards(_card_list("stock", stock), deck)),
                tuple(
                    tuple(iter_cards(_card_list(f"pile {number}", pile), deck))
                    for number, pile in enumerate(_card_list("piles", piles), 1)
                ),
            )
        except ValueError as error:
            raise LayoutError(str(error)) from None
        deal.check(table)
        return deal

    def check(self, table: Table = STANDARD_TABLE) -> None:
        """Raise :class:`LayoutError` unless the cards are one deck of ``table`` (the standard
        52-card deck by default), each card once, and the pyramid fills the table's shape."""
        _check_table(table)
        deck = table.deck
        cards = (
            self.pyramid
            + self.waste
            + self.stock
            + tuple(card for pile in self.piles for card in pile)
        )
        seen: set[Card] = set()
        duplicates = []
        for card in cards:
            if card in seen:
                duplicates.append(str(card))
            seen.add(card)
        strangers = [str(card) for card in cards if card not in deck]
        missing = [str(card) for card in deck.cards() if card not in seen]
        if duplicates or missing or strangers or len(cards) != deck.size:
            problems = []
            if duplicates:
                problems.append(f"duplicated: {' '.join(duplicates)}")
            if missing:
                problems.append(f"missing: {' '.join(missing)}")
            if strangers:
                problems.append(f"not of this deck: {' '.join(strangers)}")
            raise LayoutError(
                f"the layout has {len(cards)} cards and must be one {deck.size}-card deck ({deck.name}), "
                f"each card once ({'; '.join(problems)})"
            )
        if len(self.pyramid) != table.shape.size:
            raise LayoutError(
                f"the pyramid must have {table.shape.size} cards on the {table.name} table"
            )
        dealt = [pile.dealt for pile in table.piles if pile.dealt]
        if [len(pile) for pile in self.piles] != dealt:
            raise LayoutError(
                f"the {table.name} table deals {len(dealt)} pile(s) of {', '.join(map(str, dealt)) or 'no'} card(s); "
                f"the layout has {len(self.piles)} of {', '.join(str(len(p)) for p in self.piles) or 'no'}"
            )
        if not table.waste_piles and (self.waste or self.stock):
            raise LayoutError(
                f"the {table.name} table has no stock or waste: every card is in the pyramid or its piles"
            )

    def position(self, table: Table = STANDARD_TABLE) -> Position:
        """The position these cards make on ``table`` before the first action (what a board
        dealt them starts from): the waste dealt onto the first waste pile, each dealt pile
        onto its pile, and on a face-down table every covered pyramid card face down."""
        piles: list[tuple[Card, ...]] = [() for _ in table.piles]
        if table.waste_piles:
            piles[table.waste_piles[0]] = self.waste
        dealt = iter(self.piles)
        for i, pile in enumerate(table.piles):
            if pile.dealt:
                piles[i] = next(dealt)
        covers = table.shape.covers
        face_down = frozenset(i for i in range(len(self.pyramid)) if table.face_down and covers[i])
        return Position(self.pyramid, self.waste, self.stock, False, 0, face_down, tuple(piles))

    def to_dict(self) -> dict[str, Any]:
        """The cards as JSON-ready lists; ``piles`` only when the table deals piles, so the
        records of the other tables read as they always did."""
        data: dict[str, Any] = {
            "pyramid": [str(c) for c in self.pyramid],
            "waste": [str(c) for c in self.waste],
            "stock": [str(c) for c in self.stock],
        }
        if self.piles:
            data["piles"] = [[str(c) for c in pile] for pile in self.piles]
        return data

    def rows(self, shape: Shape = STANDARD_TABLE.shape) -> list[list[Card]]:
        """The pyramid as rows, top to bottom."""
        return [
            [self.pyramid[shape.index(r, c)] for c in range(1, shape.row_length(r) + 1)]
            for r in range(1, shape.rows + 1)
        ]


def _check_table(table: object) -> None:
    if not isinstance(table, Table):
        raise TypeError(
            f"table must be a Table (see pyramide_widget.engine.table), got {type(table).__name__}"
        )


def _split_cards(text: str) -> list[str]:
    """The cards of one string, separated by spaces (or commas): ``"2♠ 8♥"``."""
    return [word for word in _CARD_SEPARATORS.split(text) if word]


def _card_list(name: str, cards: object) -> list[Any]:
    """A pile's cards as a list: a string is split into cards, any other iterable listed
    (its items are checked as cards by the caller)."""
    if isinstance(cards, str):
        return _split_cards(cards)
    if isinstance(cards, Card) or not isinstance(cards, Iterable):
        raise TypeError(
            f"{name} must be a list of cards or a string of cards separated by spaces, "
            f"got {type(cards).__name__}"
        )
    return list(cards)


def _known_version(version: object) -> int:
    """``version`` if it is a format version (an int of :data:`FORMAT_VERSIONS`)."""
    if type(version) is not int or version not in FORMAT_VERSIONS:
        raise CodeError(
            f"the deal format version is one of {', '.join(map(str, FORMAT_VERSIONS))}, got {reprlib.repr(version)}; {code_syntax()}"
        )
    return version


def _check_version(version: object, table: Table) -> int:
    """``version`` (``None``: the table's own, :func:`format_version`), checked against what
    ``table`` deals."""
    if version is None:
        return format_version(table)
    version = _known_version(version)
    if version == 2 and table.apex is None:
        raise CodeError(
            f"format 2 (PY2) lays the table's apex card first; the {table.name} table has none, "
            f"its codes are PY1; {code_syntax()}"
        )
    return version


def _check_letters(letters: str) -> str:
    if not isinstance(letters, str) or not _LETTERS_RE.fullmatch(letters.strip()):
        raise CodeError(f"{reprlib.repr(letters)} is not 7 deal letters A-Z; {code_syntax()}")
    return ascii_upper(letters.strip())


@dataclass(frozen=True)
class DealCode:
    """A parsed deal code: rules letter plus 7 deal letters, and the format version (``None``
    when built: the preset table's :func:`format_version`, 1 for custom rules; use
    :meth:`for_rules` where the rules, and so the table, are known)."""

    rules_letter: str
    letters: str
    version: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.rules_letter, str) or (
            self.rules_letter != CUSTOM_LETTER and self.rules_letter not in PRESETS
        ):
            raise CodeError(
                f"unknown rules letter {reprlib.repr(self.rules_letter)}; {code_syntax()}"
            )
        if not isinstance(self.letters, str) or not re.fullmatch(
            r"[A-Z]{7}", self.letters, re.ASCII
        ):
            raise CodeError(
                f"{reprlib.repr(self.letters)} is not 7 upper-case deal letters A-Z; {code_syntax()}"
            )
        if self.rules_letter == CUSTOM_LETTER:  # the table comes with the rules, at the deal
            version = 1 if self.version is None else _known_version(self.version)
        else:
            version = _check_version(self.version, PRESETS[self.rules_letter].rules.table)
        object.__setattr__(self, "version", version)

    @classmethod
    def for_rules(cls, rules: Rules, letters: str) -> DealCode:
        """The code of ``letters`` under ``rules``, in the format a new deal on their table gets."""
        return cls(rules.letter, _check_letters(letters), format_version(rules.table))

    @classmethod
    def parse(cls, code: str) -> DealCode:
        """Parse a code, case-insensitively; raise :class:`CodeError` saying what a code looks like."""
        if not isinstance(code, str):
            raise CodeError(
                f"expected a deal code as text, got {type(code).__name__}; {code_syntax()}"
            )
        match = _CODE_RE.fullmatch(code.strip())
        if match is None:
            raise CodeError(f"{reprlib.repr(code)} is not a deal code; {code_syntax()}")
        version, letter, letters = (ascii_upper(group) for group in match.groups())
        if int(version) not in FORMAT_VERSIONS:
            raise CodeError(
                f"{code!r} names an unknown format version PY{version}; {code_syntax()}"
            )
        if letter != CUSTOM_LETTER and letter not in PRESETS:
            raise CodeError(f"{code!r} names unknown rules {letter!r}; {code_syntax()}")
        return cls(letter, letters, int(version))

    @classmethod
    def random(cls, rules: Rules) -> DealCode:
        """A fresh code with cryptographically random letters."""
        letters = "".join(chr(ord("A") + secrets.randbelow(26)) for _ in range(DEAL_LETTERS))
        return cls.for_rules(rules, letters)

    def __str__(self) -> str:
        return f"PY{self.version}-{self.rules_letter}-{self.letters}"

    @property
    def rules(self) -> Rules:
        """The preset rules the letter names (``X`` carries none: raises :class:`CodeError`)."""
        if self.rules_letter == CUSTOM_LETTER:
            raise CodeError(
                f"{self} marks custom rules, which a code cannot carry; "
                "pass them explicitly, e.g. Game.from_code(code, rules=Rules(...))"
            )
        return PRESETS[self.rules_letter].rules

    def deal(self, table: Table | None = None) -> Deal:
        """The cards these letters deal on ``table``; by default the table of the preset the
        rules letter names (a custom-rules code, ``X``, needs its table passed)."""
        if table is None:
            table = self.rules.table
        return Deal.from_letters(self.letters, table, self.version)
