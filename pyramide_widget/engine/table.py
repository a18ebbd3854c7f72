"""The table a game is played on: one description that travels with the rules (docs/rules.md §9).

A :class:`Table` says everything about the layout that is not a rule of play: the tableau's
shape (which place covers which, where each is drawn), the deck (its cards, ranks and pair
sum, how cards are written), which pyramid cards start face down, and how many cards the deal
puts on the waste. Every other layer reads these facts from the table (``game.table``,
``rules.table``) rather than writing "7 rows", "52 cards" or "13" again, so a new game is one
:class:`Table` here plus a preset in :mod:`~pyramide_widget.engine.rules` and its tests.

In the spirit of python-chess's ``chess/variant.py``: each table has a name that records carry
(:func:`find_table` maps it back), and the engine's code asks the table what differs.

Standard library only.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import Any

from .cards import FRENCH_DECK, SPANISH_DECK, Deck
from .geometry import STANDARD_SHAPE, PyramidShape, Shape, TriangleShape


@dataclass(frozen=True)
class Table:
    """One game's table.

    ``face_down``: only the cards no other card covers start face up; a pyramid card turns
    face up once every card covering it is gone (so undo turns it down again).
    ``dealt_to_waste``: how many cards the deal puts on the waste (the app deals one; the
    traditional games of the other tables deal none, the rest all goes to the stock).
    """

    name: str
    shape: Shape
    deck: Deck
    face_down: bool = False
    dealt_to_waste: int = 0

    def __post_init__(self) -> None:
        # A new game is written by hand here: say at once what is wrong with its definition.
        for name, kind in (("name", str), ("shape", Shape), ("deck", Deck), ("face_down", bool)):
            if not isinstance(getattr(self, name), kind):
                raise TypeError(f"Table.{name} must be a {kind.__name__}, got {type(getattr(self, name)).__name__}")
        if type(self.dealt_to_waste) is not int or self.dealt_to_waste < 0:
            raise ValueError(f"Table.dealt_to_waste must be a whole number >= 0, got {self.dealt_to_waste!r}")
        if self.shape.size + self.dealt_to_waste > self.deck.size:
            raise ValueError(f"the {self.name} table needs more cards than the {self.deck.name} deck has")

    @property
    def target(self) -> int:
        """The pair sum, and the rank removed alone: the deck's highest rank."""
        return self.deck.target

    @property
    def stock_size(self) -> int:
        """How many cards the deal leaves in the stock."""
        return self.deck.size - self.shape.size - self.dealt_to_waste

    def describe(self) -> dict[str, Any]:
        """The table as the front end draws it (JSON-ready; see :mod:`~pyramide_widget.engine.view_state`):
        name, pair sum, each pyramid place with its drawing position, and the deck's display."""
        deck = self.deck
        return {
            "name": self.name,
            "target": deck.target,
            "rows": self.shape.rows,
            "width": self.shape.width,
            "places": [
                {"row": row, "col": col, "x": x, "y": y}
                for (row, col), (x, y) in zip(self.shape.places(), self.shape.layout())
            ],
            "deck": {
                "name": deck.name,
                "size": deck.size,
                "ranks": {
                    str(rank): {index_set: deck.rank_text(rank, index_set) for index_set in deck.indices}
                    for rank in range(1, deck.ranks + 1)
                },
                "suits": {
                    str(suit): {"name": suit.display_name, "colour": suit.colour, "red": suit.is_red}
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

TABLES: dict[str, Table] = {
    table.name: table
    for table in (STANDARD_TABLE, SIX_ROWS_TABLE, TRIANGLE_TABLE, FACE_DOWN_TABLE, SPANISH_TABLE)
}
"""Every table by its name, the name records carry."""


def find_table(name: Any) -> Table:
    """The table named ``name`` (as records write it); ``ValueError`` names the known ones."""
    if not isinstance(name, str) or name not in TABLES:
        raise ValueError(f"unknown table {reprlib.repr(name)}: expected one of {', '.join(TABLES)}")
    return TABLES[name]
