"""The table a game is played on: its shape, deck, faces and piles (docs/rules.md §9).

Every other layer reads these facts from the table; a new game is one :class:`Table` here
and one preset (docs/design/tables.md)."""

from __future__ import annotations

import functools
import reprlib
from dataclasses import dataclass
from typing import Any

from .cards import FRENCH_DECK, SPANISH_DECK, Card, Deck, Suit
from .geometry import STANDARD_SHAPE, PyramidShape, Shape, TriangleShape
from .piles import ONE_WASTE, Pile, PileKind, pile_ids


@dataclass(frozen=True)
class Table:
    """One game's table.

    ``face_down``: only the cards no other card covers start face up; a pyramid card turns
    face up once every card covering it is gone (so undo turns it down again).
    ``dealt_to_waste``: how many cards the deal puts on the waste (the app deals one; the
    traditional games of the other tables deal none, the rest all goes to the stock).
    ``piles``: the places besides the pyramid, in the order the deal fills them and the front
    end lists them (one waste pile by default). ``draw``: how many cards one draw turns from
    the stock, dealt one onto each waste pile in turn (Apophis: three onto three piles; Tut's
    Tomb: three onto its one pile). ``groups``: any set of free cards whose ranks sum to the
    pair sum may be removed together, not only pairs (Tut's Tomb). ``apex``: a card the deal
    lays first, at the top of the pyramid, the rest shuffled around it (Tut's Tomb: the K♠,
    King Tut; deal format 2, :mod:`~pyramide_widget.engine.deal`).
    """

    name: str
    shape: Shape
    deck: Deck
    face_down: bool = False
    dealt_to_waste: int = 0
    piles: tuple[Pile, ...] = ONE_WASTE
    draw: int = 1
    groups: bool = False
    apex: Card | None = None

    def __post_init__(self) -> None:
        # A new game is written by hand here: say at once what is wrong with its definition.
        for name, kind in (("name", str), ("shape", Shape), ("deck", Deck), ("face_down", bool)):
            if not isinstance(getattr(self, name), kind):
                raise TypeError(
                    f"Table.{name} must be a {kind.__name__}, got {type(getattr(self, name)).__name__}"
                )
        if type(self.dealt_to_waste) is not int or self.dealt_to_waste < 0:
            raise ValueError(
                f"Table.dealt_to_waste must be a whole number >= 0, got {self.dealt_to_waste!r}"
            )
        if not isinstance(self.groups, bool):
            raise TypeError(f"Table.groups must be a bool, got {type(self.groups).__name__}")
        if not isinstance(self.piles, tuple) or not all(isinstance(p, Pile) for p in self.piles):
            raise TypeError(
                "Table.piles must be a tuple of Pile (see pyramide_widget.engine.piles)"
            )
        if type(self.draw) is not int or self.draw < 1:
            raise ValueError(f"Table.draw must be a whole number >= 1, got {self.draw!r}")
        if self.apex is not None and self.apex not in self.deck:
            raise ValueError(
                f"Table.apex must be a card of the {self.deck.name} deck, got {self.apex!r}"
            )
        dealt = self.dealt_to_waste + sum(p.dealt for p in self.piles)
        if self.shape.size + dealt > self.deck.size:
            raise ValueError(
                f"the {self.name} table needs more cards than the {self.deck.name} deck has"
            )
        if not self.waste_piles and (self.dealt_to_waste or self.stock_size):
            raise ValueError(
                f"the {self.name} table has cards for a stock or waste but no waste pile to deal them to"
            )

    @functools.cached_property
    def waste_piles(self) -> tuple[int, ...]:
        """The indices (in :attr:`piles`) of the waste piles, in the order a draw fills them."""
        return tuple(i for i, pile in enumerate(self.piles) if pile.kind is PileKind.WASTE)

    @functools.cached_property
    def pile_ids(self) -> tuple[str, ...]:
        """Each pile's id (``"waste"``, ``"reserve-3"``; see :func:`~pyramide_widget.engine.piles.pile_ids`)."""
        return pile_ids(self.piles)

    @property
    def target(self) -> int:
        """The pair sum, and the rank removed alone: the deck's highest rank."""
        return self.deck.target

    @property
    def stock_size(self) -> int:
        """How many cards the deal leaves in the stock."""
        return (
            self.deck.size
            - self.shape.size
            - self.dealt_to_waste
            - sum(p.dealt for p in self.piles)
        )

    def describe(self) -> dict[str, Any]:
        """The table as the front end draws it (JSON-ready; see :mod:`~pyramide_widget.engine.view.snapshot`):
        name, pair sum, each pyramid place with its drawing position, and the deck's display."""
        deck = self.deck
        return {
            "name": self.name,
            "target": deck.target,
            "rows": self.shape.rows,
            "width": self.shape.width,
            "places": [
                {"row": row, "col": col, "x": x, "y": y}
                for (row, col), (x, y) in zip(self.shape.places(), self.shape.layout(), strict=True)
            ],
            "piles": [
                {"id": pile_id, "kind": pile.kind.value, "area": pile.area, "dealt": pile.dealt}
                for pile_id, pile in zip(self.pile_ids, self.piles, strict=True)
            ],
            "draw": self.draw,
            "groups": self.groups,
            "deck": {
                "name": deck.name,
                "size": deck.size,
                "ranks": {
                    str(rank): {
                        index_set: deck.rank_text(rank, index_set) for index_set in deck.indices
                    }
                    for rank in range(1, deck.ranks + 1)
                },
                "suits": {
                    str(suit): {
                        "name": suit.display_name,
                        "colour": suit.colour,
                        "red": suit.is_red,
                    }
                    for suit in deck.suits
                },
            },
        }

    def __repr__(self) -> str:
        return f"<Table {self.name}: {self.shape.size}-card {type(self.shape).__name__}, {self.deck.name} deck>"


STANDARD_TABLE = Table("Standard", STANDARD_SHAPE, FRENCH_DECK, dealt_to_waste=1)
"""The app's table: a 7-row pyramid of 28 cards, one card on the waste, 23 in the stock."""
SIX_ROWS_TABLE = Table("Six Rows", PyramidShape(6), FRENCH_DECK)
"""A 6-row pyramid of 21 cards; 31 cards in the stock."""
TRIANGLE_TABLE = Table("Triangle", TriangleShape(7), FRENCH_DECK)
"""An inverted 7-row pyramid of 28 cards (docs/rules.md §9); 24 cards in the stock."""
FACE_DOWN_TABLE = Table("Face-down", STANDARD_SHAPE, FRENCH_DECK, face_down=True)
"""The 7-row pyramid with only its bottom row face up ("Thirteen"); 24 cards in the stock."""
SPANISH_TABLE = Table("Spanish", STANDARD_SHAPE, SPANISH_DECK)
"""The 7-row pyramid dealt from the 48-card Spanish deck; pairs sum to 12; 20 in the stock."""

APOPHIS_TABLE = Table(
    "Apophis", STANDARD_SHAPE, FRENCH_DECK, piles=(Pile(PileKind.WASTE),) * 3, draw=3
)
"""Three waste piles: each draw turns three cards, one onto each pile in order (docs/rules.md A1)."""


def reserve_table(cards: int) -> Table:
    """The Reserve table with ``cards`` reserve cards dealt face up below the pyramid (7, or 6:
    docs/rules.md A2). Only these two exist, as ``RESERVE_TABLE`` and ``RESERVE_SIX_TABLE``."""
    if cards not in (6, 7):
        raise ValueError(f"the reserve has 7 or 6 cards (the Polish rules page), got {cards!r}")
    name = "Reserve" if cards == 7 else "Reserve Six"
    return Table(
        name,
        STANDARD_SHAPE,
        FRENCH_DECK,
        piles=(Pile(PileKind.WASTE),) + (Pile(PileKind.RESERVE, 1),) * cards,
    )


RESERVE_TABLE = reserve_table(7)
"""Seven reserve cards face up below the pyramid, each free (docs/rules.md A2)."""
RESERVE_SIX_TABLE = reserve_table(6)
"""The reserve's knob for six cards (docs/rules.md A2)."""
CELL_TABLE = Table(
    "Cell", STANDARD_SHAPE, FRENCH_DECK, piles=(Pile(PileKind.WASTE), Pile(PileKind.CELL))
)
"""One free cell beside the waste (docs/rules.md A3)."""
GIZA_TABLE = Table("Giza", STANDARD_SHAPE, FRENCH_DECK, piles=(Pile(PileKind.COLUMN, 3),) * 8)
"""The other 24 cards as eight face-up columns of three; no stock, no waste (docs/rules.md A4)."""
TUTS_TOMB_TABLE = Table(
    "Tut's Tomb", STANDARD_SHAPE, FRENCH_DECK, draw=3, groups=True, apex=Card(13, Suit.SPADES)
)
"""The K♠ (King Tut) laid first at the top of the pyramid; the stock dealt three at a time onto
one waste; any free cards summing to 13 go together (docs/rules.md A5)."""

TABLES: dict[str, Table] = {
    table.name: table
    for table in (
        STANDARD_TABLE,
        SIX_ROWS_TABLE,
        TRIANGLE_TABLE,
        FACE_DOWN_TABLE,
        SPANISH_TABLE,
        APOPHIS_TABLE,
        RESERVE_TABLE,
        RESERVE_SIX_TABLE,
        CELL_TABLE,
        GIZA_TABLE,
        TUTS_TOMB_TABLE,
    )
}
"""Every table by its name, the name records carry."""


def find_table(name: Any) -> Table:
    """The table named ``name`` (as records write it); ``ValueError`` names the known ones."""
    if not isinstance(name, str) or name not in TABLES:
        raise ValueError(f"unknown table {reprlib.repr(name)}: expected one of {', '.join(TABLES)}")
    return TABLES[name]
