"""The fewest-moves search (``solve(..., optimal=True)``): A* on the exact state."""

from __future__ import annotations

import heapq
from typing import Iterator

from .search import OutOfNodes, Search
from .steps import Step
from .table import Table


def successors(t: Table, state: tuple[int, int, int, int, int]) -> Iterator[tuple[Step, tuple[int, int, int, int, int]]]:
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
        yield ("D",), (pyramid, talon, nxt, int(t.fresh_pair(talon, nxt)), recycles)
    elif waste and (limit is None or recycles < limit):
        yield ("R",), (pyramid, talon, 0, 0, recycles if limit is None else recycles + 1)


def lower_bound(t: Table, state: tuple[int, int, int, int, int]) -> int | None:
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


def _draws_needed(t: Table, pyramid: int, talon: int, drawn: int) -> int:
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


class ShortestSearch(Search):
    """A* on the exact state: the first win taken off the queue has the fewest moves."""

    def run(self) -> None:
        t = self.table
        strict = t.rules.strict_win
        start = (t.pyramid0, t.talon0, t.drawn0, t.fresh0, t.recycles0)
        bound = lower_bound(t, start)
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
                raise OutOfNodes(self)
            g = -negative_g
            if not state[0] and (not strict or not state[1]):
                self.win_steps = self._path(parents, state)
                self.best_removed = t.size
                return
            for step, child in successors(t, state):
                if child in closed:
                    continue
                child_cost = g + 1
                if child_cost >= cost.get(child, child_cost + 1):
                    continue
                bound = lower_bound(t, child)
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
