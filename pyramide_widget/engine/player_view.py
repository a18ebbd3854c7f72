"""The game as a player sees it: what a playing strategy is given instead of the game
(docs/design/engine.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .cards import Card, Deck
from .moves import Move
from .rules import Rules


@dataclass(frozen=True)
class PlayerView:
    """One position as the player sees it: no stock order unless it is face up, no face-down card.

    ``pyramid`` is row-major (index ``i`` is ``rules.table.shape.position(i)``); ``None`` is a
    removed card or, when ``i`` is in ``face_down``, a card the player cannot see yet.
    ``rules.table.shape.covers[i]`` lists the places lying on place ``i``."""

    rules: Rules
    pyramid: tuple[Card | None, ...]
    face_down: frozenset[int]
    waste: tuple[Card, ...]
    """Bottom to top: the player saw each of these cards turned up (on a table with several
    waste piles, one pile after the other, as :attr:`Game.waste` lists them)."""
    piles: tuple[tuple[str, tuple[Card, ...]], ...]
    """Every pile of the table (waste piles, a reserve, Giza's columns, a cell) by its id,
    each bottom to top: all of them lie face up."""
    waste_fresh: bool
    """Whether the waste top came from a draw (it may then pair with the card beneath it
    under ``draw_against_waste``)."""
    stock_count: int
    stock: tuple[Card, ...] | None
    """The stock, top first, only when ``rules.stock_face_up`` shows it; ``None`` otherwise."""
    recycles_left: int | None
    """Recycles still allowed, ``None`` when unlimited."""
    removed: tuple[Card, ...]
    """The cards removed so far, in the order they went (pyramid and waste alike)."""
    legal_moves: tuple[Move, ...]
    """Every legal move, in the engine's stable order: kings, pairs, then draw or recycle."""

    @property
    def target(self) -> int:
        """The pair sum, and the rank removed alone (13; 12 with the Spanish deck)."""
        return self.rules.target

    @property
    def pyramid_left(self) -> int:
        """Pyramid cards still on the table, face-down ones included."""
        return sum(card is not None for card in self.pyramid) + len(self.face_down)

    def unseen(self) -> frozenset[Card]:
        """The cards the player has not seen where they are now: the stock's and the
        face-down ones together. A player who remembers what was removed knows this set, but
        not which of its cards lie where, nor the stock's order (unless it is face up)."""
        seen = {card for card in self.pyramid if card is not None}
        seen.update(self.removed, self.stock or ())
        for _, cards in self.piles:
            seen.update(cards)
        return frozenset(card for card in _cards_of(self.rules.table.deck) if card not in seen)


@cache
def _cards_of(deck: Deck) -> tuple[Card, ...]:
    """A deck's cards, built once: a strategy asks for :meth:`PlayerView.unseen` every move."""
    return tuple(deck.cards())
