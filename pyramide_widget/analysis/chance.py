"""The chance to win from here: the share of the layouts a player cannot rule out that can
still be won.

A player does not see the stock's order nor the face-down cards, so a position they look at
is really many positions: one for each way the cards they have never seen could lie. The
player's view (:class:`~pyramide_widget.engine.player_view.PlayerView`) says what they saw:
the cards in sight, the moves played, and the deal as far as they saw it (a stock card drawn
once keeps its place when a recycle or an undo turns it back). :class:`Layouts` builds, from the
view alone, the games that fit it: the deal with the cards never seen put into the places never
seen, in every order, and the moves played replayed on it. :func:`chance` asks the solver about
them and returns the share it can win, with a Wilson interval; where the layouts are few it
tries every one and the share is exact.

Suits never matter for play, so two layouts that put the same ranks in the same places are
one game: :meth:`Layouts.count` counts the distinct ones, and a sample solves each rank layout
once. Built on the engine and the solver's public answers.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.player_view import PlayerView
from ..solver import SearchLimitReached, solve
from .rate import WinRate

__all__ = ["CHANCE_NODES", "CHANCE_SAMPLES", "Chance", "Layouts", "chance", "decide"]

CHANCE_SAMPLES = 200
"""Layouts tried by default; where there are no more distinct ones than that, every one."""

CHANCE_NODES = 20_000
"""The solver's node budget per layout by default: a layout it cannot settle within it counts
as undecided (see :class:`Chance`)."""


def decide(game: Game, max_nodes: int | None) -> bool | None:
    """Whether ``game`` can still be won: ``None`` when the solver cannot tell within
    ``max_nodes`` search nodes."""
    try:
        return solve(game, max_nodes=max_nodes).winnable
    except SearchLimitReached:
        return None


class Layouts:
    """The games a player cannot tell from the one ``view`` shows: one for each way of putting
    the cards never seen into the places never seen (the pyramid's, row-major, then the
    stock's, top first). Built from the view alone: a first game, its hidden places filled in
    deck order, replays the view's moves; every other is that game with its hidden cards
    exchanged (:meth:`Game.exchanged <pyramide_widget.engine.game.Game.exchanged>`)."""

    def __init__(self, view: PlayerView) -> None:
        if not isinstance(view, PlayerView):
            raise TypeError(
                f"expected a PlayerView (game.player_view()), got {type(view).__name__}"
            )
        self.view = view
        deck = view.rules.table.deck
        never_seen = view.never_seen()
        self.cards: tuple[Card, ...] = tuple(card for card in deck.cards() if card in never_seen)
        """The cards in the hidden places of :attr:`first`, in place order."""
        self.first = Game(view.deal.filled(self.cards), view.rules)
        for move in view.history:
            self.first.play(move)

    def count(self) -> int:
        """How many layouts differ in the ranks they put somewhere (layouts that differ only in
        suits play alike)."""
        ranks = Counter(card.rank for card in self.cards)
        total = math.factorial(len(self.cards))
        for same in ranks.values():
            total //= math.factorial(same)
        return total

    def game(self, cards: Sequence[Card]) -> Game:
        """The game with ``cards`` (an order of :attr:`cards`) in the hidden places."""
        return self.first.exchanged(dict(zip(self.cards, cards, strict=True)))

    def sample(self, rng: random.Random) -> tuple[Card, ...]:
        """A layout drawn uniformly: the hidden cards in a random order."""
        cards = list(self.cards)
        rng.shuffle(cards)
        return tuple(cards)

    def every(self) -> Iterator[tuple[Card, ...]]:
        """One layout for each distinct placing of ranks (see :meth:`count`), each rank's cards
        in deck order. Each stands for as many layouts as any other, so a share over these is
        the share over all layouts."""
        by_rank: dict[int, list[Card]] = {}
        for card in self.cards:
            by_rank.setdefault(card.rank, []).append(card)
        counts = {rank: len(cards) for rank, cards in by_rank.items()}
        ranks = sorted(counts)
        placed: list[int] = []

        def place() -> Iterator[tuple[Card, ...]]:
            if len(placed) == len(self.cards):
                used = dict.fromkeys(ranks, 0)
                cards = []
                for rank in placed:
                    cards.append(by_rank[rank][used[rank]])
                    used[rank] += 1
                yield tuple(cards)
                return
            for rank in ranks:
                if counts[rank]:
                    counts[rank] -= 1
                    placed.append(rank)
                    yield from place()
                    placed.pop()
                    counts[rank] += 1

        return place()


@dataclass(frozen=True)
class Chance:
    """The chance to win from a position: of ``layouts`` layouts of the cards never seen
    (``exact``: every distinct one; else drawn at random), ``won`` can still be won and
    ``undecided`` the solver could not settle within its node budget.

    An undecided layout is counted neither way: ``rate`` counts it lost (a lower bound),
    :attr:`rate_range` gives both ends, and ``low``/``high`` are the 95% Wilson bounds of the
    two ends (the ends themselves when ``exact``)."""

    rate: float
    low: float
    high: float
    layouts: int
    won: int
    undecided: int
    exact: bool

    @classmethod
    def of(cls, won: int, undecided: int, layouts: int, exact: bool) -> Chance:
        """The chance measured by ``won`` and ``undecided`` of ``layouts`` layouts."""
        measured = WinRate(won, layouts, undecided)
        low, high = measured.rate_range if exact else measured.interval()
        return cls(won / layouts, low, high, layouts, won, undecided, exact)

    @property
    def rate_range(self) -> tuple[float, float]:
        """The share won if every undecided layout is lost, and if every one is won."""
        return WinRate(self.won, self.layouts, self.undecided).rate_range

    def summary(self) -> str:
        """One line: the chance, its interval and how it was measured."""
        how = "every layout" if self.exact else "layouts drawn at random"
        undecided = f", {self.undecided} undecided" if self.undecided else ""
        return (
            f"chance {100 * self.rate:.1f}% (95% interval {100 * self.low:.1f}-"
            f"{100 * self.high:.1f}%): {self.won} of {self.layouts} {how} can be won{undecided}"
        )

    def __repr__(self) -> str:
        return (
            f"Chance(rate={self.rate:.4f}, interval=[{self.low:.4f}, {self.high:.4f}], "
            f"won={self.won}, layouts={self.layouts}, undecided={self.undecided}, exact={self.exact})"
        )


def layouts_tried(
    layouts: Layouts, samples: int, rng: random.Random
) -> tuple[list[tuple[Card, ...]], bool]:
    """The layouts to try: every distinct one when there are at most ``samples``, else
    ``samples`` drawn at random (with repeats); and whether they are every one."""
    if layouts.count() <= samples:
        return list(layouts.every()), True
    return [layouts.sample(rng) for _ in range(samples)], False


def chance(
    game_or_view: Game | PlayerView,
    *,
    samples: int = CHANCE_SAMPLES,
    seed: int | str = 0,
    max_nodes: int | None = CHANCE_NODES,
    progress: Callable[[int, int], None] | None = None,
) -> Chance:
    """The chance to win from the position a player sees (see the module docstring).

    ``game_or_view`` is a :class:`~pyramide_widget.engine.game.Game` (only its
    :meth:`player_view` is read) or a view. When the distinct layouts of the cards never seen
    are at most ``samples``, each is tried once and the answer is exact; otherwise ``samples``
    layouts are drawn at random from ``seed``. Each layout gets at most ``max_nodes`` search
    nodes (``None``: no limit, every layout decided however long it takes).
    ``progress(done, total)`` is called after each layout; an exception it raises stops the
    work and propagates."""
    view = game_or_view.player_view() if isinstance(game_or_view, Game) else game_or_view
    if not isinstance(view, PlayerView):
        raise TypeError(
            f"expected a Game or a PlayerView, got {type(game_or_view).__name__} {game_or_view!r}"
        )
    if type(samples) is not int or samples < 1:
        raise ValueError(f"samples must be a whole number >= 1, got {samples!r}")
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise TypeError(f"seed must be a whole number or text, got {type(seed).__name__} {seed!r}")
    if max_nodes is not None and (type(max_nodes) is not int or max_nodes < 1):
        raise ValueError(f"max_nodes must be a whole number >= 1 or None, got {max_nodes!r}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of (done, total) or None, got {progress!r}")
    layouts = Layouts(view)
    tried, exact = layouts_tried(layouts, samples, random.Random(seed))
    verdicts: dict[tuple[int, ...], bool | None] = {}
    won = undecided = 0
    for done, cards in enumerate(tried, 1):
        key = tuple(card.rank for card in cards)
        if key not in verdicts:
            verdicts[key] = decide(layouts.game(cards), max_nodes)
        verdict = verdicts[key]
        won += verdict is True
        undecided += verdict is None
        if progress is not None:
            progress(done, len(tried))
    return Chance.of(won, undecided, len(tried), exact)
