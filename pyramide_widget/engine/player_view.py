"""The game as a player sees it, and what a player who remembers knows: what a playing strategy
is given instead of the game (docs/design/engine.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .cards import Card, Deck
from .deal import Deal
from .moves import Move
from .rules import Rules


@dataclass(frozen=True)
class SeenDeal:
    """The deal as the player has seen it: laid out as :class:`~pyramide_widget.engine.deal.Deal`
    lays it, with ``None`` at each place whose card the player has never seen (a face-down
    pyramid card, a stock card never drawn). The waste and the piles are dealt face up.

    Every way of putting the cards never seen into those places is a deal the player cannot
    tell from the real one: the moves played replay on it (they only ever moved cards the
    player saw) to a position that shows the same."""

    pyramid: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    stock: tuple[Card | None, ...]
    """Top first, as :attr:`Deal.stock <pyramide_widget.engine.deal.Deal.stock>`."""
    piles: tuple[tuple[Card, ...], ...]

    @property
    def hidden(self) -> int:
        """How many places hold a card the player has never seen."""
        return self.pyramid.count(None) + self.stock.count(None)

    def filled(self, cards: tuple[Card, ...]) -> Deal:
        """The deal with ``cards`` put into the places never seen, in order: the pyramid's
        (row-major), then the stock's (top first). A ``ValueError`` if their number is not
        :attr:`hidden`."""
        if len(cards) != self.hidden:
            raise ValueError(
                f"the deal has {self.hidden} places never seen; got {len(cards)} cards for them"
            )
        rest = iter(cards)
        return Deal(
            tuple(next(rest) if card is None else card for card in self.pyramid),
            self.waste,
            tuple(next(rest) if card is None else card for card in self.stock),
            self.piles,
        )


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
    history: tuple[Move, ...]
    """The moves that led here from the deal (an undone move is not among them), as
    :attr:`Game.history <pyramide_widget.engine.game.Game.history>`."""
    deal: SeenDeal
    """The deal as far as the player has seen it."""

    @property
    def target(self) -> int:
        """The pair sum, and the rank removed alone (13; 12 with the Spanish deck)."""
        return self.rules.target

    @property
    def pyramid_left(self) -> int:
        """Pyramid cards still on the table, face-down ones included."""
        return sum(card is not None for card in self.pyramid) + len(self.face_down)

    def unseen(self) -> frozenset[Card]:
        """The cards the player does not see where they are now: the stock's and the
        face-down ones together. A player who remembers what was removed knows this set; which
        of its cards lie where, only as far as :attr:`deal` shows (see :meth:`never_seen`)."""
        seen = {card for card in self.pyramid if card is not None}
        seen.update(self.removed, self.stock or ())
        for _, cards in self.piles:
            seen.update(cards)
        return frozenset(card for card in _cards_of(self.rules.table.deck) if card not in seen)

    def never_seen(self) -> frozenset[Card]:
        """The cards the player has never seen, whose places :attr:`deal` leaves ``None``:
        :meth:`unseen` without the cards the player saw before and remembers where they lie."""
        deal = self.deal
        seen = {card for card in (*deal.pyramid, *deal.stock) if card is not None}
        seen.update(deal.waste, *deal.piles)
        return frozenset(card for card in _cards_of(self.rules.table.deck) if card not in seen)


@cache
def _cards_of(deck: Deck) -> tuple[Card, ...]:
    """A deck's cards, built once: a strategy asks for :meth:`PlayerView.unseen` every move."""
    return tuple(deck.cards())
