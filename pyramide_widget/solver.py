"""The solver: is a position winnable, how many pyramid cards can be removed, and a hint.

The solver sees the whole position, **the order of the stock included**, as published solver
studies do; a player does not see the stock, so a win rate measured here is the share of deals
that *can* be won with perfect knowledge, an upper bound on what a player achieves.

It reads a position only through the public :class:`~pyramide_widget.engine.game.Game` API
(:meth:`~pyramide_widget.engine.game.Game.position` and ``game.rules``) and returns moves in engine
notation; the tests replay every solution through :meth:`Game.play`. Pure Python, standard
library only, so it also runs in Pyodide.

How the search stays small (each point is a reason a result stays exact, not a heuristic):

* **Compact state.** The waste and the stock are one sequence, the *talon*, in draw order
  (waste bottom to top, then stock top first): a recycle turns the waste over so that the first
  card drawn is drawn first again (R15), so removals never reorder it. A state is then a few
  small integers: a bit mask of the pyramid cards left (28 bits on the standard table), a mask of the talon cards left, how
  far the talon has been drawn, whether the waste top is fresh, and the recycles used.
* **Unlimited recycles make the talon a pool.** With no limit on recycles any talon card can be
  brought to the waste top by drawing and recycling, without changing anything else, so the draw
  position drops out of the state; talon cards of one rank are then interchangeable, and when
  only the pyramid must be cleared, removing talon cards without a pyramid card never helps.
  The line found is turned back into real draws and recycles.
* **Forced moves.** A free king in the pyramid, or a king on the waste top, is removed at once:
  removing it uses nothing and every other move stays possible afterwards.
* **Dead cards.** A pyramid card none of whose possible partners is left (a partner it covers or
  that covers it does not count, see R12) can never be removed, nor can any card under it: a
  state with such a card cannot be won, and the number of cards it blocks bounds how many
  pyramid cards can still be removed. Under strict win the same holds for talon cards.
* **The last pass.** When no recycle is left, a card can come to the waste top only if every
  card above it can go first, and a pyramid card only if the cards on it can go and a partner
  can meet it; the cards that pass both tests (a fixpoint, :meth:`_Table.freeable`) bound what
  can still be removed, and waste cards that fail are dropped from the state.
* **Recycles to spend.** While recycles remain, the exact search's own bounds are weak, but
  the pool search (unlimited recycles, a relaxation) is nearly exact: it is consulted state by
  state and remembers what it proved, so a state it cannot win (or, counting, cannot take past
  the best line so far) is dropped.
* **Each state once.** Visited states are remembered, which also ends the cycles that unlimited
  recycles allow.

``solve(..., optimal=True)`` runs A* on the exact move-by-move state (every draw and recycle
costs one move, R20) with a consistent lower bound, so the first win it takes off the queue is
a shortest one; see :func:`_lower_bound`.
"""

from __future__ import annotations

import functools
import heapq
import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable, Iterator

from .engine.cards import Card
from .engine.moves import DRAW, RECYCLE, Move, MoveKind
from .engine.rules import Rules

if TYPE_CHECKING:
    from .engine.game import Game

__all__ = ["HINT_NODES", "SearchLimitReached", "SolveResult", "hint", "solve"]

_TALON_BITS = 32  # state keys: pyramid mask | talon mask << pyramid size | cards drawn << that + 32

#: The node budget of :func:`hint` by default: about a second of CPython on this project's
#: 2-core benchmark machine (a few in Pyodide), so that the widget's Hint button answers
#: promptly. Most positions are solved well within it; see :func:`hint` for the others.
HINT_NODES = 40_000


class SearchLimitReached(Exception):
    """:func:`solve` examined ``max_nodes`` states without an answer.

    ``best_line`` is the line removing the most pyramid cards found so far (``removed`` of
    them, counted since the deal; it may be empty), a reasonable move to suggest but proof of
    nothing: the position may still be winnable, or allow more removals."""

    def __init__(self, nodes: int, best_line: list[Move], removed: int) -> None:
        super().__init__(f"no answer within {nodes} search nodes (the best line so far removes {removed} pyramid cards)")
        self.nodes = nodes
        self.best_line = best_line
        self.removed = removed


class _OutOfNodes(Exception):
    """Raised inside a search when its node budget is spent."""

    def __init__(self, search: "_Search") -> None:
        super().__init__()
        self.search = search


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.

    ``solution`` is a winning line the engine replays to a win (``None`` when the position
    cannot be won); ``best_line`` is a line that removes ``max_removed`` pyramid cards (the
    solution itself when winnable). ``max_removed`` counts every pyramid card removed since
    the deal, those already gone included: the best score reachable is ``10 * max_removed``.
    ``nodes`` is the number of states examined and ``seconds`` the time taken; the repr leaves
    the time out so that it prints the same on every run.
    """

    winnable: bool
    solution: list[Move] | None
    max_removed: int
    best_line: list[Move]
    nodes: int
    seconds: float = field(compare=False)
    optimal: bool = False

    def __repr__(self) -> str:
        moves = "None" if self.solution is None else f"{len(self.solution)} moves"
        kind = ", optimal" if self.optimal else ""
        return (
            f"SolveResult(winnable={self.winnable}, max_removed={self.max_removed}, "
            f"solution={moves}{kind}, nodes={self.nodes})"
        )

    def notation(self) -> str:
        """The solution (or, if there is none, the best line) as space-separated notation."""
        line = self.solution if self.solution is not None else self.best_line
        return " ".join(str(move) for move in line)


def _checked_game(game: "Game | str", max_nodes: int | None) -> "Game":
    """The game to search (a deal code stands for its deal), after checking ``max_nodes``, so
    bad arguments raise at the call saying what is expected (1.5, nan or True would otherwise
    run without a budget or stop early)."""
    from .engine.game import Game

    if max_nodes is not None:
        if type(max_nodes) is not int:
            raise TypeError(
                f"max_nodes must be a whole number of search nodes (int) or None, got {type(max_nodes).__name__} {max_nodes!r}"
            )
        if max_nodes < 1:
            raise ValueError(f"max_nodes must be a positive number of search nodes, not {max_nodes!r}")
    if isinstance(game, str):
        return Game.from_code(game)
    if not isinstance(game, Game):
        raise TypeError(f"expected a Game or a deal code such as 'PY1-N-AAAAAAS', got {type(game).__name__}")
    return game


def solve(game: "Game | str", *, optimal: bool = False, max_nodes: int | None = None) -> SolveResult:
    """Decide whether ``game``'s current position (or a deal code's deal) can be won, under its rules.

    Returns a :class:`SolveResult` with a winning line if there is one and, when there is not,
    the most pyramid cards any line of play removes. With ``optimal=True`` the winning line is
    one with the fewest moves (removals, draws and recycles all count, R20); that search is
    exact but slower, and ``max_removed`` is then only computed when the position is won.

    Every answer is proven, however long it takes (a second or more for the hardest deals of
    the one-pass rules). ``max_nodes`` caps the states examined: past it the search stops and
    raises :class:`SearchLimitReached` with the best line found so far.
    """
    game = _checked_game(game, max_nodes)
    if not isinstance(optimal, bool):
        raise TypeError(f"optimal must be True or False, got {type(optimal).__name__}")
    try:
        return _solve(game, optimal, max_nodes)
    except _OutOfNodes as stop:
        search = stop.search
        relaxed = search.table.rules.recycles is None and game.rules.recycles is not None
        # The relaxed search's lines use recycles the real rules may not allow: none to show.
        line = [] if relaxed else search.best_line()
        removed = search.table.removed0 if relaxed else search.best_removed
        raise SearchLimitReached(search.nodes, line, removed) from None


def _solve(game: "Game", optimal: bool, max_nodes: int | None) -> SolveResult:
    started = time.perf_counter()
    limit = max_nodes if max_nodes is not None else -1
    table = _Table(game.position(), game.rules)
    if game.is_over:
        won = str(game.status) == "won"
        return SolveResult(won, [] if won else None, table.removed0, [], 0, time.perf_counter() - started, optimal)
    if optimal:
        search: _Search = _ShortestSearch(table, limit)
        search.run()
    elif game.rules.recycles is None:
        search = _PoolSearch(table, limit)
        search.run()
    else:
        search = _solve_limited(game, table, limit)
    return _result(search, started, optimal)


def _solve_limited(game: "Game", table: _Table, limit: int) -> _Search:
    """The search that answers for a limited number of recycles (see :func:`_solve`)."""
    rules = game.rules
    several_passes = bool(rules.recycles)
    # Unlimited recycles and only the pyramid to clear can only make more possible, so that
    # (fast) search bounds this one: when it cannot win, neither can this position, and the
    # most cards it removes is a ceiling the exact search stops at. With recycles to spend,
    # the exact search's own bounds stay weak until the last pass while this relaxation is
    # close to exact: the exact search then consults it state by state (an oracle).
    pool_rules = replace(rules, strict_win=False, recycles=None, draw_against_waste=False)
    relaxed = _PoolSearch(_Table(game.position(), pool_rules), limit)
    relaxed.run()
    ceiling = table.size if relaxed.win_steps is not None else relaxed.best_removed
    if not rules.strict_win:
        search = _SequenceSearch(table, limit, ceiling, oracle=relaxed if several_passes else None)
        search.nodes = relaxed.nodes
        search.run()
        return search
    # Strict win only changes when the game is won, not which pyramid cards can go: count
    # with the lenient rules first; only if they clear the pyramid can the strict ones win.
    lenient = _Table(game.position(), replace(rules, strict_win=False))
    counter = _SequenceSearch(lenient, limit, ceiling, oracle=relaxed if several_passes else None)
    counter.nodes = relaxed.nodes
    counter.run()
    counter.win_steps = None
    if counter.best_removed < table.size:
        return counter
    oracle = None
    if several_passes:
        oracle = _PoolSearch(_Table(game.position(), replace(rules, recycles=None)), decide_only=True)
    decider = _SequenceSearch(table, limit, decide_only=True, oracle=oracle)
    decider.nodes = counter.nodes  # the budget counts every search
    decider.run()
    counter.nodes = decider.nodes
    return decider if decider.win_steps is not None else counter


def _result(search: "_Search", started: float, optimal: bool) -> SolveResult:
    solution = search.solution()
    best = solution if solution is not None else search.best_line()
    return SolveResult(
        winnable=solution is not None,
        solution=solution,
        max_removed=search.table.size if solution is not None else search.best_removed,
        best_line=best,
        nodes=search.nodes,
        seconds=time.perf_counter() - started,
        optimal=optimal,
    )


def hint(game: "Game | str", *, max_nodes: int | None = HINT_NODES) -> Move | None:
    """A next move on a winning line; if no line wins, the first move of a line that removes
    the most pyramid cards. ``None`` when the game is over or no line removes another pyramid
    card (drawing on would change nothing), so a Hint button can say so.

    A hint must come promptly, so the search stops after ``max_nodes`` states (``None``: no
    limit). The few positions it cannot settle by then (the hardest deals of the one-pass
    rules) get the first move of the best line found so far, or else the first legal move:
    still a sensible move, though not one proven to be best.

    Asking while the game is in progress makes it assisted (``game.assisted``, which records
    keep and statistics leave out of their rankings), whatever the answer."""
    game = _checked_game(game, max_nodes)
    if game.is_over:
        return None
    game.assisted = True
    try:
        result = solve(game, max_nodes=max_nodes)
    except SearchLimitReached as stop:
        if stop.best_line:
            return stop.best_line[0]
        moves = game.legal_moves()
        return moves[0] if moves else None
    line = result.solution if result.solution is not None else result.best_line
    return line[0] if line else None


# ---------------------------------------------------------------------- the compiled position


#: Pyramid cards counted against the talon: (how many can go without talon cards, and per rank
#: whose cards outnumber those: (talon cards of the partner rank, how many cards want one)).
_Counted = tuple[int, tuple[tuple[int, int], ...]]


class _Layer:
    """What the search needs to know about one set of pyramid cards left, computed once."""

    __slots__ = (
        "kings", "pairs", "free_by_need", "needs", "counts", "orphan_ranks",
        "counted", "freeable",
    )

    def __init__(
        self,
        kings: tuple[int, ...],
        pairs: tuple[tuple[int, int], ...],
        free_by_need: dict[int, tuple[int, ...]],
        needs: tuple[tuple[int, int], ...],
        counts: list[int],
        orphan_ranks: tuple[tuple[int, int], ...],
    ) -> None:
        self.kings = kings  # free pyramid kings
        self.pairs = pairs  # legal pyramid pairs (free+free, and card+only coverer if allowed)
        self.free_by_need = free_by_need  # partner rank -> free pyramid cards wanting it
        self.needs = needs  # (talon cards that could save them, pyramid cards lost without)
        self.counts = counts  # cards left by rank; counts[0] is all the cards left
        # Talon cards no pyramid card left can pair with: (those cards, talon cards of the
        # partner rank), one entry per such rank.
        self.orphan_ranks = orphan_ranks
        # These cards counted against the talon (_Table.class_counts), when first needed.
        self.counted: _Counted | None = None
        # talon ranks that can reach the waste top -> (ranks of the pyramid cards that might
        # then go, those cards counted): see _Table.freeable
        self.freeable: dict[int, tuple[int, _Counted]] = {}


class _Table:
    """A position compiled to small integers: the deal-specific constants of the search."""

    def __init__(self, position: object, rules: Rules) -> None:
        self.rules = rules
        self.target = rules.target
        pyramid: tuple[Card | None, ...] = position.pyramid  # type: ignore[attr-defined]
        waste: tuple[Card, ...] = position.waste  # type: ignore[attr-defined]
        stock: tuple[Card, ...] = position.stock  # type: ignore[attr-defined]
        self.pyramid_cards = pyramid
        self.rank = [card.rank if card is not None else 0 for card in pyramid]
        self.pyramid0 = sum(1 << i for i, card in enumerate(pyramid) if card is not None)
        shape = rules.table.shape
        self.size = size = shape.size
        self.removed0 = size - self.pyramid0.bit_count()
        self.talon: tuple[Card, ...] = waste + stock
        self.talon_rank = [card.rank for card in self.talon]
        if len(self.talon) > _TALON_BITS:
            raise ValueError(f"the solver handles at most {_TALON_BITS} stock and waste cards, not {len(self.talon)}")
        self.talon0 = (1 << len(self.talon)) - 1
        self.talon_shift = size
        self.drawn_shift = size + _TALON_BITS
        self.drawn0 = len(waste)
        self.recycles0 = position.recycles_used if rules.recycles is not None else 0  # type: ignore[attr-defined]
        self.fresh0 = int(position.fresh and self._fresh_pair(self.talon0, self.drawn0))  # type: ignore[attr-defined]
        self.talon_by_rank = [0] * (self.target + 1)
        for index, rank in enumerate(self.talon_rank):
            self.talon_by_rank[rank] |= 1 << index
        self.cover_mask = [sum(1 << c for c in shape.covers[i]) for i in range(size)]
        below = _closure(shape.covers)  # cards lying on a card, transitively
        above = _closure(shape.covered)  # cards a card lies on, transitively (they wait for it)
        self.blocked_by = [(1 << i) | above[i] for i in range(size)]
        # A face-down card turns up only once nothing covers it, so it never pairs with a coverer.
        self.coverer_pairs = rules.pair_with_coverer and not rules.table.face_down
        self.partners = [0] * size  # pyramid cards that may ever pair with card i
        for i in range(size):
            for j in range(size):
                if i == j or self.rank[i] + self.rank[j] != self.target or not self.rank[j]:
                    continue
                stacked = (below[i] | above[i]) >> j & 1
                adjacent = (self.cover_mask[i] | self.cover_mask[j]) & ((1 << i) | (1 << j))
                if not stacked or (self.coverer_pairs and adjacent):
                    self.partners[i] |= 1 << j
        self._layers: dict[int, _Layer] = {}
        self._stock_ranks: dict[int, int] = {}
        self.mirror = _mirror(self.target)

    def _fresh_pair(self, talon: int, drawn: int) -> bool:
        """Whether a fresh waste top here could pair with the card beneath (else freshness is
        irrelevant and is dropped from the state, so equal positions meet)."""
        if not self.rules.draw_against_waste:
            return False
        waste = talon & ((1 << drawn) - 1)
        if not waste:
            return False
        top = waste.bit_length() - 1
        under = (waste ^ (1 << top)).bit_length() - 1
        return under >= 0 and self.talon_rank[top] + self.talon_rank[under] == self.target

    def layer(self, pyramid: int) -> _Layer:
        layer = self._layers.get(pyramid)
        if layer is None:
            layer = self._layers[pyramid] = self._make_layer(pyramid)
        return layer

    def _make_layer(self, pyramid: int) -> _Layer:
        target, rank, cover = self.target, self.rank, self.cover_mask
        left = [i for i in range(self.size) if pyramid >> i & 1]
        free = [i for i in left if not pyramid & cover[i]]
        kings = tuple(i for i in free if rank[i] == target)
        pairs = [(a, b) for n, a in enumerate(free) for b in free[n + 1:] if rank[a] + rank[b] == target]
        if self.coverer_pairs:
            for i in left:
                rest = pyramid & cover[i]
                if rest and not rest & (rest - 1):
                    j = rest.bit_length() - 1
                    if not pyramid & cover[j] and rank[i] + rank[j] == target:
                        pairs.append((i, j))
        free_by_need: dict[int, list[int]] = {}
        for i in free:
            if rank[i] != target:
                free_by_need.setdefault(target - rank[i], []).append(i)
        lost_without: dict[int, int] = {}
        counts = [0] * (target + 1)
        counts[0] = len(left)
        for i in left:
            counts[rank[i]] += 1
            if rank[i] != target and not self.partners[i] & pyramid:
                need = target - rank[i]
                lost_without[need] = lost_without.get(need, 0) | self.blocked_by[i]
        needs = tuple((self.talon_by_rank[need], lost) for need, lost in sorted(lost_without.items()))
        orphan_ranks: tuple[tuple[int, int], ...] = ()
        if self.rules.strict_win and self.rules.draw_against_waste:  # for talon_stuck only
            orphan_ranks = tuple(
                (self.talon_by_rank[r], self.talon_by_rank[target - r])
                for r in range(1, target)
                if not counts[target - r] and self.talon_by_rank[r]
            )
        return _Layer(
            kings, tuple(pairs), {k: tuple(v) for k, v in free_by_need.items()}, needs, counts, orphan_ranks,
        )

    def _count(self, layer: _Layer, pyramid: int) -> _Counted:
        layer.counted = self.class_counts(pyramid)
        return layer.counted

    def class_counts(self, cards: int) -> _Counted:
        """How many of the pyramid ``cards`` can go without the talon (kings, plus the cards of
        the most pyramid pairs each class {a, 13 - a} can form; with an even pair sum, such as
        the Spanish deck's 12, the 6s also pair among themselves) and, per rank whose cards
        outnumber those pairs, (talon cards of the partner rank, how many cards want one)."""
        target, rank, partners, by_rank = self.target, self.rank, self.partners, self.talon_by_rank
        of_rank: list[list[int]] = [[] for _ in range(target + 1)]
        rest = cards
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            of_rank[rank[i]].append(i)
            rest ^= low
        base = len(of_rank[target])
        classes = []
        for a in range(1, (target + 1) // 2):
            b = target - a
            count_a, count_b = len(of_rank[a]), len(of_rank[b])
            if count_a or count_b:
                mated = 0
                if count_a and count_b:
                    mates = [partners[i] & cards for i in of_rank[a]]
                    if count_a == 1 or count_b == 1:
                        mated = 1 if any(mates) else 0
                    else:
                        mated = _matching(mates)
                base += 2 * mated
                if count_a > mated:  # these need talon cards of rank b
                    classes.append((by_rank[b], count_a - mated))
                if count_b > mated:
                    classes.append((by_rank[a], count_b - mated))
        if target % 2 == 0 and of_rank[target // 2]:  # a rank that pairs with its own kind
            half = of_rank[target // 2]
            mated = _self_matching([partners[i] & cards for i in half], half)
            base += 2 * mated
            if len(half) > 2 * mated:
                classes.append((by_rank[target // 2], len(half) - 2 * mated))
        return base, tuple(classes)

    def lost_cards(self, layer: _Layer, talon: int) -> int:
        """Pyramid cards that can never be removed, given the talon cards left."""
        lost = 0
        for savers, cards in layer.needs:
            if not talon & savers:
                lost |= cards
        return lost

    def talon_stuck(self, layer: _Layer, talon: int) -> bool:
        """Strict win only: the talon cards left cannot all be removed.

        Without draw against waste a talon card goes only with a pyramid card, so each talon
        card of rank ``a`` needs its own pyramid card of rank ``13 - a``; with it, a talon card
        needs at least one partner left somewhere."""
        by_rank, target, counts = self.talon_by_rank, self.target, layer.counts
        if not self.rules.draw_against_waste:
            return any((talon & by_rank[a]).bit_count() > counts[target - a] for a in range(1, target))
        for cards, partners in layer.orphan_ranks:
            if talon & cards and not talon & partners:
                return True
        return False

    def assess(
        self, layer: _Layer, pyramid: int, talon: int, drawn: int, fresh: int, last_pass: bool
    ) -> tuple[int, bool, int]:
        """At most how many of the pyramid cards left can still go, whether the state is lost,
        and the talon cards that can still be played (all of them but those buried, see below).

        On the last pass through the stock (no recycle left) a waste card that nothing can ever
        remove buries every waste card beneath it for good: those cannot partner anything.
        Two tests find such a lid, :meth:`lid` (counting partners) and :meth:`freeable` (which
        partners can ever be reached); both wait while a fresh top may take the card beneath
        it. The pyramid cards left are then counted class by class against the talon cards
        that can still be played."""
        reachable = talon
        buried = False
        if last_pass and not fresh:
            waste = talon & ((1 << drawn) - 1)
            if waste:
                lid = self.lid(layer, talon, drawn, waste)
                if lid >= 0:
                    reachable = talon & ~((2 << lid) - 1)
            counted, accessible = self.freeable(layer, pyramid, talon, drawn)
            reachable &= accessible
            buried = reachable != talon
        else:
            counted = layer.counted or self._count(layer, pyramid)
        lost = 0
        for savers, cards in layer.needs:
            if not reachable & savers:
                lost |= cards
        left = layer.counts[0]
        paired, wanting = counted
        for partners, count in wanting:
            paired += min(count, (reachable & partners).bit_count())
        removable = min(left - lost.bit_count(), paired)
        hopeless = removable < left or (
            self.rules.strict_win
            and (buried or self.talon_stuck(layer, talon) or (last_pass and not fresh and self.waste_stuck(layer, talon, drawn)))
        )
        return removable, hopeless, reachable

    def freeable(self, layer: _Layer, pyramid: int, talon: int, drawn: int) -> tuple[_Counted, int]:
        """Last pass, waste top not fresh: which pyramid cards might still be removed, and
        which talon cards might still come to the waste top.

        A least fixpoint of two facts: a pyramid card can go only once the cards on it have
        gone, with a king's removal, a pyramid partner free at the same time, or a talon card
        of the partner rank that can come to the waste top; and a waste card can come to the
        top only once every card above it has gone, each with a partner that can go too (a
        pyramid card of this fixpoint or, with draw against waste, a stock card). Counts of
        cards are ignored here, so this over-estimates, as a bound must; the cards found are
        then counted class by class (:meth:`class_counts`). The waste card where the walk down
        stops, and every card under it, can never be played."""
        stock = talon >> drawn << drawn
        stock_ranks = self._stock_ranks.get(stock)
        if stock_ranks is None:
            stock_ranks = 0
            for r, cards in enumerate(self.talon_by_rank):
                if stock & cards:
                    stock_ranks |= 1 << r
            self._stock_ranks[stock] = stock_ranks
        mirror, trank = self.mirror, self.talon_rank
        base = 1 << self.target
        if self.rules.draw_against_waste:
            base |= mirror[stock_ranks]
        waste = talon & ((1 << drawn) - 1)
        cache = layer.freeable
        found: tuple[int, _Counted] = (0, (0, ()))
        last = -1
        while True:
            poppable = base | mirror[found[0]]
            reach = stock_ranks
            w = waste
            while w:
                top = w.bit_length() - 1
                r = trank[top]
                reach |= 1 << r
                if not poppable >> r & 1:
                    break
                w ^= 1 << top
            if reach == last:
                return found[1], talon & ~((2 << (w.bit_length() - 1)) - 1) if w else talon
            last = reach
            cached = cache.get(reach)
            if cached is None:
                cards, ranks = self._freeable_with(pyramid, reach)
                cached = cache[reach] = (ranks, self.class_counts(cards))
            found = cached

    def _freeable_with(self, pyramid: int, reach: int) -> tuple[int, int]:
        """The fixpoint of :meth:`freeable` for the pyramid alone, when the talon ranks in the
        bit mask ``reach`` can all come to the waste top: (those pyramid cards, their ranks)."""
        target, rank, cover, partners = self.target, self.rank, self.cover_mask, self.partners
        coverer_pairs = self.coverer_pairs
        removable, removable_ranks = 0, 0
        left = pyramid
        grown = True
        while grown:
            grown = False
            rest = left
            while rest:
                low = rest & -rest
                rest ^= low
                i = low.bit_length() - 1
                blocking = cover[i] & left
                r = rank[i]
                ok = False
                if not blocking:
                    if r == target or reach >> (target - r) & 1:
                        ok = True
                    else:
                        # A mate free at the same time or, with coverer pairs, one that
                        # only this card still covers (partners holds only legal such pairs).
                        others = left ^ low if coverer_pairs else left
                        mates = partners[i] & pyramid
                        while mates:
                            q = mates & -mates
                            mates ^= q
                            if not cover[q.bit_length() - 1] & others:
                                ok = True
                                break
                elif coverer_pairs and not blocking & (blocking - 1) and partners[i] & blocking:
                    ok = not cover[blocking.bit_length() - 1] & left
                if ok:
                    removable |= low
                    removable_ranks |= 1 << r
                    left ^= low
                    grown = True
        return removable, removable_ranks

    def lid(self, layer: _Layer, talon: int, drawn: int, waste: int) -> int:
        """The highest waste card that can never leave the waste on this last pass, or -1.

        Each waste card leaves only with a partner of its own (a pyramid card or, with draw
        against waste, a stock card drawn straight onto it), and the cards above it must all
        have left first: walking down from the top, the first card whose partner rank has
        been used up by the cards above it is stuck for good."""
        target, trank = self.target, self.talon_rank
        avail = layer.counts[:]
        if self.rules.draw_against_waste:
            stock = talon >> drawn << drawn
            by_rank = self.talon_by_rank
            for rank in range(1, target):
                avail[rank] += (stock & by_rank[rank]).bit_count()
        while waste:
            top = waste.bit_length() - 1
            rank = trank[top]
            if rank != target:
                need = target - rank
                if not avail[need]:
                    return top
                avail[need] -= 1
            waste ^= 1 << top
        return -1

    def waste_stuck(self, layer: _Layer, talon: int, drawn: int) -> bool:
        """Strict win, last pass, waste top not fresh: each waste card must still go, with a
        pyramid card or (draw against waste) with a card still to be drawn straight onto it,
        so a rank in the waste must not outnumber its partner cards left in the pyramid and,
        for that, in the stock."""
        waste = talon & ((1 << drawn) - 1)
        if not waste:
            return False
        by_rank, target, counts = self.talon_by_rank, self.target, layer.counts
        stock = talon >> drawn << drawn if self.rules.draw_against_waste else 0
        for a in range(1, target):
            cards = waste & by_rank[a]
            if cards and cards.bit_count() > counts[target - a] + (stock & by_rank[target - a]).bit_count():
                return True
        return False


def _closure(links: tuple[tuple[int, ...], ...]) -> list[int]:
    """For each place, the bit mask of the places reached through ``links`` (a shape's
    ``covers`` or ``covered``), transitively; any order of the places."""
    reached: list[int | None] = [None] * len(links)

    def walk(i: int) -> int:
        mask = reached[i]
        if mask is None:
            mask = 0
            for j in links[i]:
                mask |= (1 << j) | walk(j)
            reached[i] = mask
        return mask

    return [walk(i) for i in range(len(links))]


@functools.lru_cache(maxsize=None)
def _mirror(target: int) -> tuple[int, ...]:
    """For every bit mask of ranks, the mask of their partner ranks (``target - rank``)."""
    table = [0] * (1 << (target + 1))
    for mask in range(1, len(table)):
        low = mask & -mask
        rank = low.bit_length() - 1
        table[mask] = table[mask ^ low] | (1 << (target - rank) if 0 < rank < target else 0)
    return tuple(table)


def _self_matching(mates: list[int], cards: list[int]) -> int:
    """The size of a largest matching among ``cards`` (one rank that pairs with itself);
    ``mates[i]`` is the bit mask of the partners of ``cards[i]``. A deck has at most four
    cards of a rank, so trying every pairing is cheap."""
    if len(cards) < 2:
        return 0
    first, rest, rest_mates = cards[0], cards[1:], mates[1:]
    best = _self_matching(rest_mates, rest)  # the first card left unpaired
    for n, other in enumerate(rest):
        if mates[0] >> other & 1:
            others = rest[:n] + rest[n + 1:]
            best = max(best, 1 + _self_matching(rest_mates[:n] + rest_mates[n + 1:], others))
    return best


def _matching(mates: list[int]) -> int:
    """The size of a largest matching; ``mates[i]`` is the bit mask of the partners of the
    i-th card on one side (at most four cards a side, so plain augmenting paths)."""
    owner: dict[int, int] = {}

    def place(i: int, tried: int) -> bool:
        options = mates[i] & ~tried
        while options:
            low = options & -options
            options ^= low
            tried |= low
            if low not in owner or place(owner[low], tried):
                owner[low] = i
                return True
        return False

    return sum(place(i, 0) for i in range(len(mates)))


# ---------------------------------------------------------------------- searches

Step = tuple  # an internal move: ("K", slot), ("P", a, b), ("W", slot), ("WK",), ("WW",),
#               ("D",), ("R",) on the real talon; ("T", slot, index), ("TK", index), ("TT", u, t)
#               on the pool of talon cards when recycles are unlimited.


class _Search:
    """Common bookkeeping: node count, best line so far, and turning steps into moves."""

    def __init__(self, table: _Table, limit: int = -1) -> None:
        self.table = table
        self.limit = limit  # stop (raise _OutOfNodes) after this many nodes; -1: never
        self.nodes = 0
        self.best_removed = table.removed0
        self.best_steps: list[Step] = []
        self.win_steps: list[Step] | None = None

    def run(self) -> None:
        raise NotImplementedError

    def solution(self) -> list[Move] | None:
        return None if self.win_steps is None else self.to_moves(self.win_steps)

    def best_line(self) -> list[Move]:
        return self.to_moves(self.best_steps)

    def to_moves(self, steps: list[Step]) -> list[Move]:
        return _Replayer(self.table).moves(steps)


class _SequenceSearch(_Search):
    """Depth-first search on the exact state, for a limited number of recycles.

    ``ceiling`` is a proven bound on the pyramid cards that can be removed (the pool search
    under unlimited recycles, see :func:`solve`): the search stops once a line reaches it.
    ``decide_only`` drops every state that cannot be won, whatever it could still remove.
    ``oracle``, a :class:`_PoolSearch` under these rules relaxed to unlimited recycles, drops
    every state it proves cannot be won (:meth:`_PoolSearch.winnable`, strict win) or cannot
    remove more pyramid cards than the best line so far (:meth:`_PoolSearch.reaches`). That
    relaxation is nearly exact while recycles remain, where this search's own bounds are weak,
    and it remembers what it has proved, so one call per state stays cheap.
    """

    def __init__(
        self,
        table: _Table,
        limit: int = -1,
        ceiling: int | None = None,
        decide_only: bool = False,
        oracle: "_PoolSearch | None" = None,
    ) -> None:
        super().__init__(table, limit)
        self.ceiling = table.size if ceiling is None else ceiling
        self.decide_only = decide_only
        self.oracle = oracle

    def _oracle_allows(self, pyramid: int, talon: int) -> bool:
        """Ask the oracle, counting its states against this search's node budget."""
        oracle = self.oracle
        assert oracle is not None
        before = oracle.nodes
        oracle.limit = -1 if self.limit < 0 else before + self.limit - self.nodes
        try:
            if oracle.table.rules.strict_win:
                allowed = oracle.winnable(pyramid, talon)
            else:
                allowed = oracle.reaches(pyramid, talon, self.table.size if self.decide_only else self.best_removed + 1)
        except _OutOfNodes:
            self.nodes = self.limit
            raise _OutOfNodes(self) from None
        self.nodes += oracle.nodes - before
        return allowed

    def run(self) -> None:
        t = self.table
        rules = t.rules
        strict = rules.strict_win
        limit = rules.recycles if rules.recycles is not None else 0
        target = t.target
        trank = t.talon_rank
        layer_of = t.layer
        assess = t.assess
        size, talon_shift, drawn_shift = t.size, t.talon_shift, t.drawn_shift
        fresh_pair = t._fresh_pair
        ceiling = self.ceiling
        decide_only = self.decide_only
        oracle = self.oracle
        # A state seen with the waste top fresh, or with fewer recycles used, can do all that
        # the same cards can do otherwise: remember, per placement of the cards, the
        # (fresh, recycles used) pairs already explored.
        seen: dict[int, list[tuple[int, int]]] = {}
        path: list[Step] = []

        def visit(pyramid: int, talon: int, drawn: int, fresh: int, recycles: int) -> bool:
            """Explore a state; True stops the whole search (a win, or the ceiling reached)."""
            key = pyramid | talon << talon_shift | drawn << drawn_shift
            explored = seen.get(key)
            if explored is None:
                seen[key] = [(fresh, recycles)]
            else:
                for was_fresh, was_recycles in explored:
                    if was_fresh >= fresh and was_recycles <= recycles:
                        return False
                explored.append((fresh, recycles))
            self.nodes += 1
            if self.nodes == self.limit:
                raise _OutOfNodes(self)
            removed = size - pyramid.bit_count()
            if removed > self.best_removed:
                self.best_removed = removed
                self.best_steps = path[:]
                if removed >= ceiling and (ceiling < size or not strict):
                    if not pyramid:
                        self.win_steps = path[:]
                    return True
            if not pyramid and not talon:
                self.win_steps = path[:]
                return True
            layer = layer_of(pyramid)
            removable, hopeless, reachable = assess(layer, pyramid, talon, drawn, fresh, recycles >= limit)
            if hopeless and (decide_only or removed + removable <= self.best_removed):
                return False
            if reachable != talon and not strict:
                # Buried waste cards will never be played: forget them, so that states that
                # differ only there meet (the lid above them cannot pair with anything either).
                talon = reachable
                drawn = (talon & ((1 << drawn) - 1)).bit_length()
            if oracle is not None and not self._oracle_allows(pyramid, talon):
                return False
            if layer.kings:  # forced: see the module docstring
                king = layer.kings[0]
                path.append(("K", king))
                found = visit(pyramid ^ (1 << king), talon, drawn, fresh, recycles)
                path.pop()
                return found
            waste = talon & ((1 << drawn) - 1)
            top = waste.bit_length() - 1
            if top >= 0 and trank[top] == target:  # forced as well
                rest = waste ^ (1 << top)
                path.append(("WK",))
                found = visit(pyramid, talon ^ (1 << top), rest.bit_length(), 0, recycles)
                path.pop()
                return found
            for a, b in layer.pairs:
                path.append(("P", a, b))
                if visit(pyramid ^ (1 << a) ^ (1 << b), talon, drawn, fresh, recycles):
                    return True
                path.pop()
            if top >= 0:
                rest = waste ^ (1 << top)
                after = rest.bit_length()
                for slot in layer.free_by_need.get(trank[top], ()):
                    path.append(("W", slot))
                    if visit(pyramid ^ (1 << slot), talon ^ (1 << top), after, 0, recycles):
                        return True
                    path.pop()
                if fresh:
                    under = rest.bit_length() - 1
                    below = rest ^ (1 << under)
                    path.append(("WW",))
                    if visit(pyramid, talon ^ (1 << top) ^ (1 << under), below.bit_length(), 0, recycles):
                        return True
                    path.pop()
            stock = talon >> drawn
            if stock:
                nxt = drawn + (stock & -stock).bit_length()
                path.append(("D",))
                if visit(pyramid, talon, nxt, int(fresh_pair(talon, nxt)), recycles):
                    return True
                path.pop()
            elif waste and recycles < limit:
                path.append(("R",))
                if visit(pyramid, talon, 0, 0, recycles + 1):
                    return True
                path.pop()
            return False

        if self.best_removed < ceiling or (strict and ceiling == t.size):
            visit(t.pyramid0, t.talon0, t.drawn0, t.fresh0, t.recycles0)


class _PoolSearch(_Search):
    """Depth-first search when recycles are unlimited: the talon is a pool (module docstring).

    It also serves a search under limited recycles as an oracle (:class:`_SequenceSearch`),
    state after state, remembering what it found from one call to the next: with
    ``decide_only``, :meth:`winnable` says whether a state can be won; when only the pyramid
    must be cleared, :meth:`reaches` says whether a state can get a given number of pyramid
    cards removed."""

    def __init__(self, table: _Table, limit: int = -1, decide_only: bool = False) -> None:
        super().__init__(table, limit)
        self.decide_only = decide_only
        self.seen: set[int] = set()  # lost, or on the line being explored
        self.won: set[int] = set()  # on a winning line found by an earlier call of winnable()
        self.most: dict[int, int] = {}  # state -> at most this many pyramid cards gone, proven
        self.least: dict[int, int] = {}  # state -> at least this many can be gone, proven
        self._visit: Callable[[int, int], bool] | None = None
        self._reach: Callable[[int, int, int], bool] | None = None
        self._path: list[Step] = []

    def run(self) -> None:
        t = self.table
        self.winnable(t.pyramid0, t.talon0)

    def winnable(self, pyramid: int, talon: int) -> bool:
        """Whether the state can be won (with ``decide_only``; otherwise: whether the search
        from it found a win, having updated the best line)."""
        if self._visit is None:
            self._visit = self._make_visit()
        self._path.clear()
        self.win_steps = None
        if not self._visit(pyramid, talon):
            return False
        for key in self._keys_along(pyramid, talon, self.win_steps or []):
            self.seen.discard(key)
            self.won.add(key)
        return True

    def reaches(self, pyramid: int, talon: int, goal: int) -> bool:
        """Only the pyramid to clear: whether ``goal`` pyramid cards (counted since the deal)
        can be gone, from this state."""
        if self._reach is None:
            self._reach = self._make_reach()
        return self._reach(pyramid, talon, goal)

    def _make_reach(self) -> Callable[[int, int, int], bool]:
        t = self.table
        assert not t.rules.strict_win
        by_rank = t.talon_by_rank
        layer_of = t.layer
        lost_cards = t.lost_cards
        most, least = self.most, self.least
        size, talon_shift = t.size, t.talon_shift

        def reach(pyramid: int, talon: int, goal: int) -> bool:
            if size - pyramid.bit_count() >= goal:
                return True
            key = pyramid | talon << talon_shift
            if most.get(key, size) < goal:
                return False
            if least.get(key, 0) >= goal:
                return True
            self.nodes += 1
            if self.nodes == self.limit:
                raise _OutOfNodes(self)
            layer = layer_of(pyramid)
            bound = size - lost_cards(layer, talon).bit_count()
            if bound >= goal and reach_from(layer, pyramid, talon, goal):
                least[key] = goal
                return True
            most[key] = min(bound, goal - 1)
            return False

        def reach_from(layer: _Layer, pyramid: int, talon: int, goal: int) -> bool:
            if layer.kings:  # forced, as in the search
                return reach(pyramid ^ (1 << layer.kings[0]), talon, goal)
            for a, b in layer.pairs:
                if reach(pyramid ^ (1 << a) ^ (1 << b), talon, goal):
                    return True
            for need, slots in layer.free_by_need.items():
                choices = talon & by_rank[need]
                if choices:
                    low = choices & -choices  # cards of one rank are interchangeable
                    for slot in slots:
                        if reach(pyramid ^ (1 << slot), talon ^ low, goal):
                            return True
            return False

        return reach

    def _keys_along(self, pyramid: int, talon: int, steps: list[Step]) -> Iterator[int]:
        """The state keys a line of pool steps passes through, from ``(pyramid, talon)``."""
        shift = self.table.talon_shift
        yield pyramid | talon << shift
        for step in steps:
            kind = step[0]
            if kind == "K":
                pyramid ^= 1 << step[1]
            elif kind == "P":
                pyramid ^= (1 << step[1]) ^ (1 << step[2])
            elif kind == "T":
                pyramid ^= 1 << step[1]
                talon ^= 1 << step[2]
            elif kind == "TK":
                talon ^= 1 << step[1]
            else:  # "TT"
                talon ^= (1 << step[1]) ^ (1 << step[2])
            yield pyramid | talon << shift

    def _make_visit(self) -> Callable[[int, int], bool]:
        t = self.table
        rules = t.rules
        strict = rules.strict_win
        together = rules.draw_against_waste and strict  # talon pairs only matter when they must go
        target = t.target
        trank = t.talon_rank
        by_rank = t.talon_by_rank
        layer_of = t.layer
        lost_cards = t.lost_cards
        talon_stuck = t.talon_stuck
        kings_in_talon = by_rank[target] if strict else 0
        decide_only = self.decide_only
        seen, won, path = self.seen, self.won, self._path
        size, talon_shift = t.size, t.talon_shift

        def visit(pyramid: int, talon: int) -> bool:
            key = pyramid | talon << talon_shift
            if key in seen:
                return False
            if key in won:
                self.win_steps = path[:]
                return True
            seen.add(key)
            self.nodes += 1
            if self.nodes == self.limit:
                raise _OutOfNodes(self)
            removed = size - pyramid.bit_count()
            if removed > self.best_removed:
                self.best_removed = removed
                self.best_steps = path[:]
            if not pyramid and (not strict or not talon):
                self.win_steps = path[:]
                return True
            layer = layer_of(pyramid)
            lost = lost_cards(layer, talon)
            if lost or (strict and talon_stuck(layer, talon)):
                if decide_only or size - lost.bit_count() <= self.best_removed:
                    return False
            if layer.kings:
                king = layer.kings[0]
                path.append(("K", king))
                found = visit(pyramid ^ (1 << king), talon)
                path.pop()
                return found
            if talon & kings_in_talon:
                bits = talon & kings_in_talon
                index = (bits & -bits).bit_length() - 1
                path.append(("TK", index))
                found = visit(pyramid, talon ^ (1 << index))
                path.pop()
                return found
            for a, b in layer.pairs:
                path.append(("P", a, b))
                if visit(pyramid ^ (1 << a) ^ (1 << b), talon):
                    return True
                path.pop()
            for need, slots in layer.free_by_need.items():
                choices = talon & by_rank[need]
                while choices:
                    low = choices & -choices
                    index = low.bit_length() - 1
                    for slot in slots:
                        path.append(("T", slot, index))
                        if visit(pyramid ^ (1 << slot), talon ^ low):
                            return True
                        path.pop()
                    # Cards of one rank are interchangeable unless talon pairs make their
                    # places matter (strict win with draw against waste).
                    choices = choices ^ low if together else 0
            if together:
                previous = -1
                rest = talon
                while rest:
                    low = rest & -rest
                    index = low.bit_length() - 1
                    if previous >= 0 and trank[previous] + trank[index] == target:
                        path.append(("TT", previous, index))
                        if visit(pyramid, talon ^ low ^ (1 << previous)):
                            return True
                        path.pop()
                    previous = index
                    rest ^= low
            return False

        return visit


def _successors(t: _Table, state: tuple[int, int, int, int, int]) -> Iterator[tuple[Step, tuple[int, int, int, int, int]]]:
    """Every legal move on the exact state, in the engine's sense (for the shortest search)."""
    pyramid, talon, drawn, fresh, recycles = state
    layer = t.layer(pyramid)
    target, trank = t.target, t.talon_rank
    for king in layer.kings:
        yield ("K", king), (pyramid ^ (1 << king), talon, drawn, fresh, recycles)
    for a, b in layer.pairs:
        yield ("P", a, b), (pyramid ^ (1 << a) ^ (1 << b), talon, drawn, fresh, recycles)
    waste = talon & ((1 << drawn) - 1)
    top = waste.bit_length() - 1
    if top >= 0:
        rest = waste ^ (1 << top)
        if trank[top] == target:
            yield ("WK",), (pyramid, talon ^ (1 << top), rest.bit_length(), 0, recycles)
        for slot in layer.free_by_need.get(trank[top], ()):
            yield ("W", slot), (pyramid ^ (1 << slot), talon ^ (1 << top), rest.bit_length(), 0, recycles)
        if fresh:
            under = rest.bit_length() - 1
            below = rest ^ (1 << under)
            yield ("WW",), (pyramid, talon ^ (1 << top) ^ (1 << under), below.bit_length(), 0, recycles)
    stock = talon >> drawn
    limit = t.rules.recycles
    if stock:
        nxt = drawn + (stock & -stock).bit_length()
        yield ("D",), (pyramid, talon, nxt, int(t._fresh_pair(talon, nxt)), recycles)
    elif waste and (limit is None or recycles < limit):
        yield ("R",), (pyramid, talon, 0, 0, recycles if limit is None else recycles + 1)


def _lower_bound(t: _Table, state: tuple[int, int, int, int, int]) -> int | None:
    """A lower bound on the moves left to a win, or ``None`` when the state cannot be won.

    * Removals: each removal takes at most one card of each rank of a pair class (A+Q, 2+J, …)
      or one king, so clearing needs at least ``kings + sum(max(#a, #b))`` removals over the
      cards that must go (the pyramid; the talon too under strict win); a rank that pairs with
      itself (6 + 6 = 12, Spanish deck) needs half its cards, rounded up.
    * Draws: under strict win every stock card must be drawn once. Otherwise, in each class the
      pyramid's surplus of one rank must meet talon cards of the other; those not already in
      the waste come from the stock, and reaching the k-th of them takes at least as many
      draws as cards before it in the stock.

    Every move lowers the bound by at most one (a draw advances the stock by one card; a removal
    takes one unit off one class and leaves the surplus minus the waste cards unchanged), so the
    bound is consistent and A* with a closed set returns a shortest win.
    """
    pyramid, talon, drawn, _fresh, _recycles = state
    layer = t.layer(pyramid)
    if t.lost_cards(layer, talon):
        return None
    strict = t.rules.strict_win
    if strict and t.talon_stuck(layer, talon):
        return None
    stock = talon >> drawn
    if strict:
        by_rank, target = t.talon_by_rank, t.target
        counts = [0] * (target + 1)
        for i in range(t.size):
            if pyramid >> i & 1:
                counts[t.rank[i]] += 1
        for rank in range(1, target + 1):
            counts[rank] += (talon & by_rank[rank]).bit_count()
        return _removals_needed(counts, target) + stock.bit_count()
    counts, target = layer.counts, t.target
    return _removals_needed(counts, target) + _draws_needed(t, pyramid, talon, drawn)


def _removals_needed(counts: list[int], target: int) -> int:
    """Removals needed for cards counted by rank: a king alone, each other removal takes at
    most one card of each rank of its class (both of them when the rank pairs with itself)."""
    removals = counts[target] + sum(max(counts[a], counts[target - a]) for a in range(1, (target + 1) // 2))
    if target % 2 == 0:
        removals += (counts[target // 2] + 1) // 2
    return removals


def _draws_needed(t: _Table, pyramid: int, talon: int, drawn: int) -> int:
    target, rank, by_rank = t.target, t.rank, t.talon_by_rank
    counts = [0] * (target + 1)
    for i in range(t.size):
        if pyramid >> i & 1:
            counts[rank[i]] += 1
    waste = talon & ((1 << drawn) - 1)
    stock = talon >> drawn << drawn
    draws = 0
    for a in range(1, target):
        surplus = counts[a] - counts[target - a]
        if surplus <= 0:
            continue
        partners = by_rank[target - a]
        missing = surplus - (waste & partners).bit_count()
        if missing <= 0:
            continue
        wanted = stock & partners
        for _ in range(missing - 1):
            wanted &= wanted - 1
        if not wanted:
            return 0  # not enough in the stock: a recycle may still bring waste cards back
        last = wanted & -wanted
        draws = max(draws, (stock & ((last << 1) - 1)).bit_count())
    return draws


class _ShortestSearch(_Search):
    """A* on the exact state: the first win taken off the queue has the fewest moves."""

    def run(self) -> None:
        t = self.table
        strict = t.rules.strict_win
        start = (t.pyramid0, t.talon0, t.drawn0, t.fresh0, t.recycles0)
        bound = _lower_bound(t, start)
        if bound is None:
            return
        parents: dict[tuple[int, int, int, int, int], tuple[tuple[int, int, int, int, int], Step] | None] = {start: None}
        cost = {start: 0}
        closed: set[tuple[int, int, int, int, int]] = set()
        queue: list[tuple[int, int, int, tuple[int, int, int, int, int]]] = [(bound, 0, 0, start)]
        counter = 0
        while queue:
            _f, negative_g, _n, state = heapq.heappop(queue)
            if state in closed:
                continue
            closed.add(state)
            self.nodes += 1
            if self.nodes == self.limit:
                raise _OutOfNodes(self)
            g = -negative_g
            if not state[0] and (not strict or not state[1]):
                self.win_steps = self._path(parents, state)
                self.best_removed = t.size
                return
            for step, child in _successors(t, state):
                if child in closed:
                    continue
                child_cost = g + 1
                if child_cost >= cost.get(child, child_cost + 1):
                    continue
                bound = _lower_bound(t, child)
                if bound is None:
                    continue
                cost[child] = child_cost
                parents[child] = (state, step)
                counter += 1
                # Ties go to the deeper state, which reaches a win sooner.
                heapq.heappush(queue, (child_cost + bound, -child_cost, counter, child))

    @staticmethod
    def _path(parents: dict, state: tuple[int, int, int, int, int]) -> list[Step]:
        steps: list[Step] = []
        link = parents[state]
        while link is not None:
            state, step = link
            steps.append(step)
            link = parents[state]
        steps.reverse()
        return steps


# ---------------------------------------------------------------------- back to engine moves


class _Replayer:
    """Turns internal steps into engine moves, tracking the real talon (draws and recycles)."""

    def __init__(self, table: _Table) -> None:
        self.t = table
        self.pyramid = list(table.pyramid_cards)
        self.talon = table.talon0
        self.drawn = table.drawn0
        self.fresh = bool(table.fresh0)
        self.out: list[Move] = []

    def moves(self, steps: list[Step]) -> list[Move]:
        handlers: dict[str, Callable[..., None]] = {
            "K": self._king, "P": self._pair, "W": self._with_top, "WK": self._top_king,
            "WW": self._top_pair, "D": self._draw, "R": self._recycle,
            "T": self._with_talon, "TK": self._talon_king, "TT": self._talon_pair,
        }
        for step in steps:
            handlers[step[0]](*step[1:])
        return self.out

    def _top(self) -> int:
        return (self.talon & ((1 << self.drawn) - 1)).bit_length() - 1

    def _take_pyramid(self, slot: int) -> Card:
        card = self.pyramid[slot]
        assert card is not None
        self.pyramid[slot] = None
        return card

    def _take_top(self) -> Card:
        top = self._top()
        self.talon ^= 1 << top
        self.drawn = (self.talon & ((1 << self.drawn) - 1)).bit_length()
        self.fresh = False
        return self.t.talon[top]

    def _king(self, slot: int) -> None:
        self.out.append(Move(MoveKind.KING, (self._take_pyramid(slot),)))

    def _pair(self, a: int, b: int) -> None:
        self.out.append(Move(MoveKind.PAIR, (self._take_pyramid(a), self._take_pyramid(b))))

    def _with_top(self, slot: int) -> None:
        card = self._take_pyramid(slot)
        self.out.append(Move(MoveKind.PAIR, (card, self._take_top())))

    def _top_king(self) -> None:
        self.out.append(Move(MoveKind.KING, (self._take_top(),)))

    def _top_pair(self) -> None:
        top = self._take_top()
        self.out.append(Move(MoveKind.PAIR, (top, self._take_top())))

    def _draw(self) -> None:
        stock = self.talon >> self.drawn
        self.drawn += (stock & -stock).bit_length()
        self.fresh = True
        self.out.append(DRAW)

    def _recycle(self) -> None:
        self.drawn = 0
        self.fresh = False
        self.out.append(RECYCLE)

    def _bring_to_top(self, index: int) -> None:
        """Draw (and recycle if the card is already in the waste) until ``index`` is on top."""
        if self._top() == index:
            return
        if index < self.drawn:
            while self.talon >> self.drawn:
                self._draw()
            self._recycle()
        while self._top() != index:
            self._draw()

    def _with_talon(self, slot: int, index: int) -> None:
        self._bring_to_top(index)
        self._with_top(slot)

    def _talon_king(self, index: int) -> None:
        self._bring_to_top(index)
        self._top_king()

    def _talon_pair(self, under: int, top: int) -> None:
        waste = self.talon & ((1 << self.drawn) - 1)
        beneath = (waste ^ (1 << top)).bit_length() - 1 if waste >> top & 1 else -2
        if not (self.fresh and self._top() == top and beneath == under):
            self._bring_to_top(under)
            self._draw()
        self._top_pair()
