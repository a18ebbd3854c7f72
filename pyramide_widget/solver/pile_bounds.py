"""The pile search's bounds: the partner bound, the free-access relaxation and what the
groups can supply (docs/design/piles.md); a state whose bound cannot beat the best line found
is not searched further."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from ..engine.moves import Move
from .pile_rules import PileTable, State

if TYPE_CHECKING:
    from ..engine.position import Position
    from ..engine.rules import Rules

RELAXED_NODES = 2_000
"""How many new states of the free-access relaxation one bound may examine: past it the state
keeps the partner bound, and the relaxed states settled so far stay remembered for the next
bound (a safeguard: on the pile presets a bound needs far fewer)."""


class _RelaxationTooLarge(Exception):
    """The free-access relaxation of one state went past :data:`RELAXED_NODES`."""


class PileOutOfNodes(Exception):
    """The search examined its node budget without an answer; it keeps what it found."""

    def __init__(self, nodes: int, best_line: list[Move], best_removed: int) -> None:
        super().__init__(f"out of nodes after {nodes}")
        self.nodes = nodes
        self.best_line = best_line
        self.best_removed = best_removed


class PileBounds(PileTable):
    """The bounds on what a state can still remove; their relaxed states are remembered and
    count against the node budget (``limit``) with the searched ones (``nodes``)."""

    def __init__(self, position: Position, rules: Rules, limit: int | None = None) -> None:
        super().__init__(position, rules)
        self.relaxed: dict[tuple[int, tuple[int, ...], int], int] = {}
        self.pyramid_groups: dict[int, list[tuple[int, int]]] = {}
        self.usable_caps: dict[int, list[int]] = {}
        self.supplied: dict[tuple[int, int], int] = {}
        self.relaxed_left = RELAXED_NODES
        self.limit = limit
        self.nodes = 0
        self.solution: list[Move] | None = None
        self.best_removed = bin(self.start[0]).count("1")
        self.best_line: list[Move] = []

    def _within_budget(self) -> None:
        """Past the node budget (searched states and new relaxed states alike), stop the
        search with what it found."""
        if self.limit is not None and self.nodes > self.limit:
            raise PileOutOfNodes(self.nodes, self.best_line, self.best_removed)

    def relaxed_most(self, removed: int, outside: tuple[int, ...], cell: int = 0) -> int:
        """The most pyramid places the free-access relaxation (docs/design/piles.md) can have
        vacated from ``removed`` with ``outside[r]`` cards of rank ``r`` left outside the
        pyramid and the cell holding a card of rank ``cell`` (0: empty): a bound on the real
        game's. Remembered; each new relaxed state is a node."""
        if self.groups:
            outside = self._usable(removed, outside)
        known = self.relaxed.get((removed, outside, cell))
        if known is not None:
            return known
        self.nodes += 1
        self.relaxed_left -= 1
        if self.relaxed_left < 0:
            raise _RelaxationTooLarge
        self._within_budget()
        size, target, rank = self.size, self.target, self.pyramid_rank
        free = self._free(removed)
        king = next((i for i in free if rank[i] == target), None)
        if king is not None:  # a free king goes: nothing is lost (the king pruning)
            best = self.relaxed_most(removed | 1 << king, outside, cell)
            self.relaxed[removed, outside, cell] = best
            return best
        best = bin(removed).count("1")
        for step in self._relaxed_moves(free, removed, outside, cell):
            best = max(best, self.relaxed_most(*step))
            if best == size:
                break
        self.relaxed[removed, outside, cell] = best
        return best

    def _relaxed_moves(
        self, free: list[int], removed: int, outside: tuple[int, ...], cell: int
    ) -> Iterator[tuple[int, tuple[int, ...], int]]:
        """The relaxed game's moves that take a pyramid card: two free pyramid cards, a free
        pyramid card with an outside card; on a table with a cell, a free pyramid card into
        the empty cell, and the card in the cell with a free pyramid card or an outside card
        (which empties the cell). An outside card never needs the cell: it is free anyway."""
        target, rank = self.target, self.pyramid_rank
        if self.groups:
            yield from self._relaxed_groups(free, removed, outside)
            return
        for a, b in combinations(free, 2):
            if rank[a] + rank[b] == target:
                yield removed | 1 << a | 1 << b, outside, cell
        for a in free:
            need = target - rank[a]
            if outside[need]:
                yield removed | 1 << a, _take(outside, need), cell
        if self.cells:
            if not cell:
                for a in free:
                    yield removed | 1 << a, outside, rank[a]
            elif cell == target:
                yield removed, outside, 0
            else:
                for a in free:
                    if rank[a] + cell == target:
                        yield removed | 1 << a, outside, 0
                if outside[target - cell]:
                    yield removed, _take(outside, target - cell), 0

    def _relaxed_groups(
        self, free: list[int], removed: int, outside: tuple[int, ...]
    ) -> Iterator[tuple[int, tuple[int, ...], int]]:
        """With groups (no cell): the relaxed game's moves that take pyramid cards, any set of
        free pyramid cards with at most :attr:`at_once` outside cards, two cards or more,
        summing to the target. A real group holds no more outside cards than are free at once
        (Tut's Tomb: the waste top alone), so every real move is one of these."""
        for vacated, need in self._pyramid_groups(removed, free):
            if not need:
                yield vacated, outside, 0
            else:
                for spent in _outside_sets(outside, need, self.at_once):
                    yield vacated, spent, 0

    def _usable(self, removed: int, outside: tuple[int, ...]) -> tuple[int, ...]:
        """With groups: ``outside`` with each rank's count cut to the most cards of that rank a
        relaxed line from ``removed`` can ever use (more are never missed, so the relaxed
        value is the same and fewer states are told apart). Every relaxed move takes at least
        one pyramid card; with one outside card a group (Tut's Tomb), a card of rank ``r``
        goes with free pyramid cards summing to ``target - r``, all of ranks at most that:
        at most as many uses as such cards, and as their ranks' total allows."""
        caps = self.usable_caps.get(removed)
        if caps is None:
            present = self.full & ~removed
            ranks = [self.pyramid_rank[i] for i in range(self.size) if present >> i & 1]
            caps = [0] * (self.target + 1)
            for r in range(1, self.target):
                need = self.target - r
                fitting = [q for q in ranks if q <= need]
                caps[r] = (
                    min(len(fitting), sum(fitting) // need)
                    if self.at_once == 1
                    else min(self.at_once, (self.target - 1) // r) * len(fitting)
                )
            self.usable_caps[removed] = caps
        return tuple(min(n, cap) for n, cap in zip(outside, caps, strict=True))

    def supplied_most(self, removed: int, ranks: int) -> int:
        """With groups: the most pyramid places the free-access relaxation could vacate from
        ``removed`` if the outside cards were never used up, each rank of the bit set
        ``ranks`` always at hand (:attr:`at_once` of them per group): a bound on
        :meth:`relaxed_most` that depends only on the pyramid. Remembered; each new state is a
        node."""
        known = self.supplied.get((removed, ranks))
        if known is not None:
            return known
        self.nodes += 1
        self._within_budget()
        size, target, rank = self.size, self.target, self.pyramid_rank
        free = self._free(removed)
        sums = self._sums(ranks)
        best = bin(removed).count("1")
        king = next((i for i in free if rank[i] == target), None)
        steps = (
            [removed | 1 << king]
            if king is not None
            else [
                vacated
                for vacated, need in self._pyramid_groups(removed, free)
                if not need or sums >> need & 1
            ]
        )
        for vacated in steps:
            best = max(best, self.supplied_most(vacated, ranks))
            if best == size:
                break
        self.supplied[removed, ranks] = best
        return best

    def _sums(self, ranks: int) -> int:
        """The bit set of the sums of one to :attr:`at_once` ranks of the bit set ``ranks``
        (a rank may repeat)."""
        sums = ranks
        for _ in range(self.at_once - 1):
            reach = 0
            for r in range(1, self.target):
                if ranks >> r & 1:
                    reach |= sums << r
            sums |= reach
        return sums & ((1 << self.target) - 1)

    def _pyramid_groups(self, removed: int, free: list[int]) -> list[tuple[int, int]]:
        """Each set of free pyramid cards summing to the target or less, as the places it
        vacates and the rank still missing (0: a group already, two cards or more), the
        groups already whole first (they spend no outside card, so the relaxed search meets a
        cleared pyramid sooner). Remembered by ``removed``, which the relaxed search meets
        with many outside counts."""
        known = self.pyramid_groups.get(removed)
        if known is not None:
            return known
        target, rank = self.target, self.pyramid_rank
        found = []
        for size in range(1, len(free) + 1):
            for chosen in combinations(free, size):
                total = sum(rank[a] for a in chosen)
                if total < target or (total == target and size >= 2):
                    vacated = removed
                    for a in chosen:
                        vacated |= 1 << a
                    found.append((vacated, target - total))
        found = [group for group in found if not group[1]] + [group for group in found if group[1]]
        self.pyramid_groups[removed] = found
        return found

    def _outside(self, state: State) -> tuple[int, ...]:
        """How many cards of each rank are left outside the pyramid and its cell (index by
        rank)."""
        counts = [0] * (self.target + 1)
        rank = self.rank
        for k, pile in enumerate(state[1]):
            if k in self.cells:
                continue
            for card in pile:
                counts[rank[card]] += 1
        for card in state[2]:
            counts[rank[card]] += 1
        counts[self.target] = 0  # a king outside pairs with nothing
        return tuple(counts)

    def ceiling(self, state: State, relaxed_nodes: int = RELAXED_NODES) -> int:
        """The best bound this search has on the pyramid places ``state`` can ever have
        vacated: the partner bound, then the free-access relaxation where it applies, given
        ``relaxed_nodes`` new relaxed states while the bound so far allows a win (the start
        gets half the search's node budget with a cell or groups: a relaxed "cannot clear"
        there proves the deal lost at once), :data:`RELAXED_NODES` otherwise."""
        bound = self.bound(state)
        if not self.relaxable or bound <= self.best_removed:
            return bound
        outside = self._outside(state)
        if self.groups:
            bound = min(bound, self.supplied_most(state[0], rank_set(outside)))
        if bound > self.best_removed:
            self.relaxed_left = (
                relaxed_nodes if bound == self.size else min(relaxed_nodes, RELAXED_NODES)
            )
            try:
                cell = next((self.rank[state[1][k][-1]] for k in self.cells if state[1][k]), 0)
                bound = min(bound, self.relaxed_most(state[0], outside, cell))
            except _RelaxationTooLarge:
                pass  # this state keeps the partner bound; what was settled is remembered
        return bound

    def stuck(self, state: State) -> bool:
        """Under strict win: whether a reserve or column card can never go, each card of its
        partner rank being in its own pile (above it, so gone before it is free, or beneath
        it, so never free while it is there) or gone (docs/design/piles.md). Pairs only: a game
        with groups is never stuck by this test."""
        if not self.strict or self.groups:
            return False
        removed, piles, _, _, _ = state
        rank, target = self.rank, self.target
        counts = list(self._outside(state))
        for k in self.cells:
            for card in piles[k]:
                counts[rank[card]] += 1
        present = self.full & ~removed
        for i in range(self.size):
            if present >> i & 1:
                counts[self.pyramid_rank[i]] += 1
        for group in self.alike:
            for k in group:
                pile = piles[k]
                own = [0] * (target + 1)
                for card in pile:
                    own[rank[card]] += 1
                for card in pile:
                    r = rank[card]
                    if r != target and counts[target - r] - own[target - r] == 0:
                        return True
        return False

    def bound(self, state: State) -> int:
        """The most pyramid places this state can ever have vacated (docs/design/piles.md)."""
        removed, piles, stock, _, _ = state
        present = self.full & ~removed
        rank, target = self.rank, self.target
        outside = [0] * (target + 1)
        for pile in piles:
            for card in pile:
                outside[rank[card]] += 1
        for card in stock:
            outside[rank[card]] += 1
        dead = 0
        rest = present
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            rest ^= low
            r = self.pyramid_rank[i]
            if r == target:
                continue
            partner = target - r
            if outside[partner]:
                continue
            if self.groups:
                if not self._group_possible(i, present, outside):
                    dead |= low
                continue
            mates = self.rank_places[partner] & present & ~self.unreachable[i]
            if not mates:
                dead |= low
        if dead:
            rest = present
            while rest:
                low = rest & -rest
                rest ^= low
                if self.cone[low.bit_length() - 1] & dead:
                    dead |= low
        return self.size - bin(dead).count("1")

    def _group_possible(self, place: int, present: int, outside: list[int]) -> bool:
        """With groups: whether some cards left where they could be free together with the
        pyramid card at ``place`` (outside the pyramid, or a pyramid card neither covering it
        nor under it) have ranks summing to the target less its rank. A subset sum over those
        cards, each used at most once: more than the rules allow (they need not be free at
        the same time as each other), so a "no" is safe."""
        need = self.target - self.pyramid_rank[place]
        reach = 1  # bit s: some of the cards so far sum to s
        cap = (1 << (need + 1)) - 1
        others = present & ~self.unreachable[place]
        ranks = [self.pyramid_rank[j] for j in range(self.size) if others >> j & 1]
        for r, n in enumerate(outside):
            ranks.extend([r] * min(n, need // r if r else 0))
        for r in ranks:
            if 0 < r <= need:
                reach = (reach | reach << r) & cap
                if reach >> need & 1:
                    return True
        return False


def _outside_sets(counts: tuple[int, ...], total: int, most: int) -> Iterator[tuple[int, ...]]:
    """``counts`` less each multiset of one to ``most`` cards (each rank at most its count)
    whose ranks sum to ``total``; a multiset once (its ranks taken largest first)."""
    if total < len(counts) and counts[total]:
        yield _take(counts, total)
    if most < 2:
        return
    for r in range(min(total - 1, len(counts) - 1), 0, -1):
        if counts[r] and total - r <= r:
            yield from _outside_sets(_take(counts, r), total - r, most - 1)


def rank_set(counts: tuple[int, ...]) -> int:
    """The bit set of the ranks ``counts`` has a card of (:meth:`PileSearch.supplied_most`)."""
    return sum(1 << r for r, n in enumerate(counts) if n)


def _take(counts: tuple[int, ...], rank: int) -> tuple[int, ...]:
    """``counts`` with one card of ``rank`` fewer."""
    return (*counts[:rank], counts[rank] - 1, *counts[rank + 1 :])
