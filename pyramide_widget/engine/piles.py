"""The places a game plays from besides the pyramid and the stock: its piles and their kinds
(docs/rules.md §11, docs/design/tables.md)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class PileKind(str, Enum):
    """Every kind of pile the engine knows (docs/design/tables.md says what each means to the
    rules). The values are the plain strings tables and snapshots carry."""

    WASTE = "waste"
    RESERVE = "reserve"
    COLUMN = "column"
    CELL = "cell"


AREAS = ("talon", "below")
"""Where the front end draws a pile: ``talon`` beside the stock (waste piles, a cell), ``below``
with the piles dealt at the start (a reserve, Giza's columns), which
:mod:`~pyramide_widget.engine.view.snapshot` stands beside the pyramid."""


@dataclass(frozen=True, init=False)
class Pile:
    """One pile of a table, of a :class:`PileKind` (or its value, ``"waste"``). ``dealt``: the
    cards the deal puts on it face up (a reserve card, a Giza column's three); a waste pile
    gets its cards from the stock (and from ``Table.dealt_to_waste``), a cell from play, so
    theirs is 0."""

    kind: PileKind
    dealt: int

    def __init__(self, kind: PileKind | str, dealt: int = 0) -> None:
        if not isinstance(kind, str) or kind not in _KIND_VALUES:
            raise ValueError(f"Pile.kind must be one of {', '.join(_KIND_VALUES)}, got {kind!r}")
        kind = PileKind(kind)
        if type(dealt) is not int or dealt < 0:
            raise ValueError(f"Pile.dealt must be a whole number >= 0, got {dealt!r}")
        if kind in (PileKind.WASTE, PileKind.CELL) and dealt:
            raise ValueError(
                f"a {kind.value} pile is not dealt cards at the start (dealt=0), got {dealt}"
            )
        if kind in (PileKind.RESERVE, PileKind.COLUMN) and not dealt:
            raise ValueError(
                f"a {kind.value} pile is dealt its cards at the start: dealt must be >= 1"
            )
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "dealt", dealt)

    @property
    def area(self) -> str:
        """Where the front end draws it (see :data:`AREAS`)."""
        return "talon" if self.kind in (PileKind.WASTE, PileKind.CELL) else "below"


_KIND_VALUES = tuple(kind.value for kind in PileKind)


def pile_ids(piles: tuple[Pile, ...]) -> tuple[str, ...]:
    """The id of each pile, as taps, places and snapshots name it: the kind alone when the
    table has one pile of that kind (``"waste"``, ``"cell"``), else the kind and its number
    from 1 (``"waste-2"``, ``"column-8"``)."""
    totals = {kind: sum(p.kind is kind for p in piles) for kind in PileKind}
    seen = dict.fromkeys(PileKind, 0)
    ids = []
    for pile in piles:
        kind = pile.kind
        seen[kind] += 1
        ids.append(kind.value if totals[kind] == 1 else f"{kind.value}-{seen[kind]}")
    return tuple(ids)


ONE_WASTE = (Pile(PileKind.WASTE),)
"""The standard game's piles: one waste pile."""
