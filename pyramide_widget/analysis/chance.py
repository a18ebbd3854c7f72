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
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.player_view import PlayerView
from ..engine.position import Position
from ..solver import MAX_NODES, verdict
from .rate import WinRate

__all__ = [
    "CHANCE_NODES",
    "CHANCE_SAMPLES",
    "LAYOUT_SHARE",
    "MAX_SAMPLES",
    "Chance",
    "Layouts",
    "chance",
    "chance_steps",
    "check_seed",
    "decide",
    "position_seed",
]

CHANCE_SAMPLES = 200
"""Layouts tried by default; where there are no more distinct ones than that, every one."""

MAX_SAMPLES = 100_000
"""The most layouts one measure tries: the layouts are drawn one at a time (so ``progress``
runs after each), and the verdicts kept, one per distinct layout, stay bounded."""

CHANCE_NODES = 10_000
"""The solver's search nodes per layout on average, by default: a measure spends at most this
many times its layouts in all, so a layout may take more where others took less. Where the
nodes run out first, fewer layouts are tried (see :func:`chance`)."""


LAYOUT_SHARE = 25
"""The most nodes one layout may take, in layouts' worth (``max_nodes`` each): a layout harder
than that is left undecided rather than starve the others of the measure's budget."""


def decide(game: Game, max_nodes: int | None) -> bool | None:
    """Whether ``game`` can still be won: ``None`` when the solver cannot tell within
    ``max_nodes`` search nodes. Asking makes a game in progress assisted, as
    :func:`~pyramide_widget.solver.solve` does."""
    if not game.is_over:
        game.assisted = True
    return verdict(game.position(), game.rules, game.status, max_nodes=max_nodes).winnable


def position_seed(seed: int | str, code: str | None, history: Sequence[Move]) -> str:
    """The seed of the layouts of one position: ``seed``, the deal's code and the moves that led
    there, so that a position is measured alike however often it is reached, and the widget's
    indicator and the chance over the game (:func:`~.chance_review.chance_review`) give it the
    same number."""
    return f"{seed}|{code or 'custom'}|{' '.join(str(move) for move in history)}"


def check_seed(seed: object) -> None:
    """A ``TypeError`` unless ``seed`` is a whole number or text (what :class:`random.Random`
    takes the same way everywhere)."""
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise TypeError(f"seed must be a whole number or text, got {type(seed).__name__} {seed!r}")


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
        self._first_position = self.first.position()

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

    def position(self, cards: Sequence[Card]) -> Position:
        """The position of :meth:`game` with these ``cards``, without building the game: what
        the solver reads of a layout (its status is :attr:`first`'s: the hidden cards never
        change whether a move is left)."""
        return self._first_position.exchanged(dict(zip(self.cards, cards, strict=True)))

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

    ``rate`` is the share won of the decided layouts (an undecided layout is counted neither
    way). ``low`` and ``high`` are the 95% Wilson interval of that share, over the decided
    layouts; when ``exact``, the true share's bounds instead (every undecided layout lost, or
    every one won: :attr:`rate_range`). With no layout decided, the interval is 0 to 1."""

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
        decided = layouts - undecided
        rate = won / decided if decided else 0.0
        if exact:
            low, high = won / layouts, (won + undecided) / layouts
        elif decided:
            low, high = WinRate(won, decided).interval()
        else:
            low, high = 0.0, 1.0
        return cls(rate, low, high, layouts, won, undecided, exact)

    @property
    def decided(self) -> int:
        """The layouts the solver settled: the ones :attr:`rate` is over."""
        return self.layouts - self.undecided

    @property
    def rate_range(self) -> tuple[float, float]:
        """The share won of all the layouts if every undecided one is lost, and if every one is
        won."""
        return WinRate(self.won, self.layouts, self.undecided).rate_range

    def summary(self) -> str:
        """One line: the chance, its interval and how it was measured."""
        how = "every layout" if self.exact else "layouts drawn at random"
        undecided = f" ({self.undecided} more undecided)" if self.undecided else ""
        return (
            f"chance {100 * self.rate:.1f}% (95% interval {100 * self.low:.1f}-"
            f"{100 * self.high:.1f}%): {self.won} of {self.decided} decided, {how}, can be "
            f"won{undecided}"
        )

    def __repr__(self) -> str:
        return (
            f"Chance(rate={self.rate:.4f}, interval=[{self.low:.4f}, {self.high:.4f}], "
            f"won={self.won}, decided={self.decided}, undecided={self.undecided}, "
            f"layouts={self.layouts}, exact={self.exact})"
        )


def layouts_tried(
    layouts: Layouts, samples: int, rng: random.Random
) -> tuple[list[tuple[Card, ...]], bool]:
    """The layouts to try: every distinct one when there are at most ``samples``, else
    ``samples`` drawn at random (with repeats); and whether they are every one."""
    if layouts.count() <= samples:
        return list(layouts.every()), True
    return [layouts.sample(rng) for _ in range(samples)], False


def layouts_drawn(
    layouts: Layouts, samples: int, rng: random.Random
) -> tuple[Iterator[tuple[Card, ...]], int, bool]:
    """The layouts a measure tries, one at a time, in a random order (so that any first ones
    are a fair sample): every distinct one, shuffled, when there are at most ``samples``, else
    ``samples`` drawn at random (with repeats); how many; and whether they are every one."""
    count = layouts.count()
    if count <= samples:
        every = list(layouts.every())
        rng.shuffle(every)
        return iter(every), count, True
    return (layouts.sample(rng) for _ in range(samples)), samples, False


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
    are at most ``samples`` (1 to :data:`MAX_SAMPLES`), each is tried once, in a random order,
    and the answer is exact; otherwise ``samples`` layouts are drawn at random from ``seed``, one
    at a time. The measure spends at most ``max_nodes`` search nodes per layout on average: each
    layout may use what the ones before it left (at least ``max_nodes``, at most
    :data:`LAYOUT_SHARE` times as many), and once the nodes are spent no more layouts are tried, so a position of hard layouts is measured on fewer of them,
    nearly all decided, rather than on many left undecided. ``None``: no limit, every layout
    decided however long it takes. ``progress(done, total)`` is called after each layout; an
    exception it raises stops the work and propagates."""
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of (done, total) or None, got {progress!r}")
    report = progress if progress is not None else _quiet
    steps = chance_steps(game_or_view, samples=samples, seed=seed, max_nodes=max_nodes)
    while True:
        try:
            done, total = next(steps)
        except StopIteration as end:
            found: Chance = end.value
            return found
        report(done, total)


def chance_steps(
    game_or_view: Game | PlayerView,
    *,
    samples: int = CHANCE_SAMPLES,
    seed: int | str = 0,
    max_nodes: int | None = CHANCE_NODES,
) -> Generator[tuple[int, int], None, Chance]:
    """:func:`chance`'s measure one layout at a time, for work that must pause between layouts
    (the widget's indicator in a kernel without threads): a generator that yields ``(done,
    total)`` after each layout and returns the :class:`Chance`. The arguments are checked at
    the call."""
    view = game_or_view.player_view() if isinstance(game_or_view, Game) else game_or_view
    if not isinstance(view, PlayerView):
        raise TypeError(
            f"expected a Game or a PlayerView, got {type(game_or_view).__name__} {game_or_view!r}"
        )
    if type(samples) is not int or not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(
            f"samples must be a whole number from 1 to {MAX_SAMPLES:,}, got {samples!r}"
        )
    check_seed(seed)
    if max_nodes is not None and (type(max_nodes) is not int or max_nodes < 1):
        raise ValueError(f"max_nodes must be a whole number >= 1 or None, got {max_nodes!r}")
    return _measure(Layouts(view), samples, seed, max_nodes)


def _measure(
    layouts: Layouts, samples: int, seed: int | str, max_nodes: int | None
) -> Generator[tuple[int, int], None, Chance]:
    rules, status = layouts.view.rules, layouts.first.status
    drawn, total, exact = layouts_drawn(layouts, samples, random.Random(seed))
    budget = None if max_nodes is None else _Budget(max_nodes, total)
    verdicts: dict[tuple[int, ...], bool | None] = {}
    won = undecided = tried = 0
    for cards in drawn:
        key = tuple(card.rank for card in cards)
        if key not in verdicts:
            nodes = None if budget is None else budget.next_layout()
            found = verdict(layouts.position(cards), rules, status, max_nodes=nodes)
            verdicts[key] = found.winnable
            if budget is not None:
                budget.left -= found.nodes
        won += verdicts[key] is True
        undecided += verdicts[key] is None
        tried += 1
        yield tried, total
        if budget is not None and budget.left <= 0:
            break
    return Chance.of(won, undecided, tried, exact and tried == total)


class _Budget:
    """A measure's search nodes: ``max_nodes`` per layout on average, each layout allowed what
    the ones before it left (at least ``max_nodes``, at most :data:`LAYOUT_SHARE` layouts' worth)."""

    def __init__(self, max_nodes: int, layouts: int) -> None:
        self.left = max_nodes * layouts
        self.least = max_nodes
        self.most = min(max_nodes * LAYOUT_SHARE, MAX_NODES)

    def next_layout(self) -> int:
        """The nodes the next layout may take."""
        return min(max(self.left, self.least), self.most)


def _quiet(done: int, total: int) -> None:
    """No progress report."""
