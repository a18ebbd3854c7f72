"""The places a game plays from besides the pyramid: its piles (docs/rules.md §11).

A table (:mod:`~pyramide_widget.engine.table`) lists its piles; the engine's question "may this
card be played?" asks the pile, so a game with three waste piles, a reserve, a free cell or
Giza's columns is a list of :class:`Pile` here rather than new cases in the move logic. The
stock is not a pile of this list: it is face down and only ever *dealt* (onto the waste piles,
:attr:`Table.draw <pyramide_widget.engine.table.Table.draw>` cards at a time).

Kinds, and what each means to the rules:

* ``waste`` — the stock deals onto it, its top card is free; the waste piles are turned back
  into the stock on a recycle. The standard game has one.
* ``reserve`` — cards dealt face up at the start, one pile each; the top card is free. Never
  refilled.
* ``column`` — like a reserve pile, but dealt several overlapping cards (Giza): only the top
  (the exposed card) is free.
* ``cell`` — empty at the start; a free card (pyramid or waste top) may be moved into it while
  it is empty; the card in it is free. A card in a cell must leave it before the game is won.

Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

PILE_KINDS = ("waste", "reserve", "column", "cell")
"""Every kind of pile the engine knows, in the order the docstring explains them."""

AREAS = ("talon", "below")
"""Where the front end draws a pile: ``talon`` beside the stock (waste piles, a cell), ``below``
in a row under the pyramid (a reserve, Giza's columns)."""


@dataclass(frozen=True)
class Pile:
    """One pile of a table. ``dealt``: the cards the deal puts on it face up (a reserve card, a
    Giza column's three); a waste pile gets its cards from the stock (and from
    ``Table.dealt_to_waste``), a cell from play, so theirs is 0."""

    kind: str
    dealt: int = 0

    def __post_init__(self) -> None:
        if self.kind not in PILE_KINDS:
            raise ValueError(f"Pile.kind must be one of {', '.join(PILE_KINDS)}, got {self.kind!r}")
        if type(self.dealt) is not int or self.dealt < 0:
            raise ValueError(f"Pile.dealt must be a whole number >= 0, got {self.dealt!r}")
        if self.kind in ("waste", "cell") and self.dealt:
            raise ValueError(
                f"a {self.kind} pile is not dealt cards at the start (dealt=0), got {self.dealt}"
            )
        if self.kind in ("reserve", "column") and not self.dealt:
            raise ValueError(
                f"a {self.kind} pile is dealt its cards at the start: dealt must be >= 1"
            )

    @property
    def area(self) -> str:
        """Where the front end draws it (see :data:`AREAS`)."""
        return "talon" if self.kind in ("waste", "cell") else "below"


def pile_ids(piles: tuple[Pile, ...]) -> tuple[str, ...]:
    """The id of each pile, as taps, places and snapshots name it: the kind alone when the
    table has one pile of that kind (``"waste"``, ``"cell"``), else the kind and its number
    from 1 (``"waste-2"``, ``"column-8"``)."""
    totals = {kind: sum(p.kind == kind for p in piles) for kind in PILE_KINDS}
    seen = dict.fromkeys(PILE_KINDS, 0)
    ids = []
    for pile in piles:
        seen[pile.kind] += 1
        ids.append(pile.kind if totals[pile.kind] == 1 else f"{pile.kind}-{seen[pile.kind]}")
    return tuple(ids)


ONE_WASTE = (Pile("waste"),)
"""The standard game's piles: one waste pile."""
