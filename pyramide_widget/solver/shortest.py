"""The fewest-moves search (``solve(..., optimal=True)``): A* on the exact state, each removal,
draw and recycle one move (R20). Why it stays exact and small: docs/design/solver.md."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .encoded import EncodedPosition
from .search import OutOfNodes, Search
from .steps import SearchStep

if TYPE_CHECKING:
    from .pool import PoolSearch

_DRAWN_BITS = 6  # cards drawn: 0..32 (the talon holds at most 32 cards)


class ShortestSearch(Search):
    """A* on the exact state (docs/design/solver.md): the first win taken off the queue has the
    fewest moves.

    ``upper`` is the length of a known winning line (no state whose bound exceeds it is
    queued); ``oracle`` a pool search under these rules relaxed to unlimited recycles, which
    drops the states it proves cannot be won."""

    def __init__(
        self,
        encoded: EncodedPosition,
        limit: int = -1,
        upper: int | None = None,
        oracle: PoolSearch | None = None,
    ) -> None:
        super().__init__(encoded, limit)
        self.upper = upper
        self.oracle = oracle

    def run(self) -> None:
        t = self.encoded
        rules = t.rules
        strict = rules.strict_win
        size, target, trank = t.size, t.target, t.talon_rank
        layer_of, assess = t.layer, t.assess
        against_waste = rules.draw_against_waste
        recycles_allowed = rules.recycles  # None: unlimited
        oracle = self.oracle
        talon_shift, drawn_shift = size, t.drawn_shift
        fresh_shift = drawn_shift + _DRAWN_BITS
        recycles_shift = fresh_shift + 1
        pyramid_mask = (1 << size) - 1
        talon_mask = (1 << 32) - 1
        drawn_mask = (1 << _DRAWN_BITS) - 1

        start = (
            t.pyramid0
            | t.talon0 << talon_shift
            | t.drawn0 << drawn_shift
            | t.fresh0 << fresh_shift
            | t.recycles0 << recycles_shift
        )
        bound = lower_bound(
            t,
            t.pyramid0,
            t.talon0,
            t.drawn0,
            t.fresh0,
            recycles_allowed is None or t.recycles0 < recycles_allowed,
        )
        upper = self.upper
        if bound is None or (upper is not None and bound > upper):
            return
        best: dict[int, int] = {start: 0}  # state -> fewest moves to it found so far
        parents: dict[int, tuple[int, SearchStep]] = {}
        # buckets[f][g]: states queued with bound f after g moves; top[f]: the highest g queued
        buckets: dict[int, list[list[int]]] = {bound: [[] for _ in range(bound + 1)]}
        top: dict[int, int] = {bound: 0}
        buckets[bound][0].append(start)
        f = bound
        queued = 1

        def push(
            g: int,
            f_parent: int,
            parent: int,
            step: SearchStep,
            pyramid: int,
            talon: int,
            drawn: int,
            fresh: int,
            recycles: int,
        ) -> None:
            nonlocal queued
            state = (
                pyramid
                | talon << talon_shift
                | drawn << drawn_shift
                | fresh << fresh_shift
                | recycles << recycles_shift
            )
            if g >= best.get(state, g + 1):
                return
            h = lower_bound(
                t,
                pyramid,
                talon,
                drawn,
                fresh,
                recycles_allowed is None or recycles < recycles_allowed,
            )
            if h is None:
                return
            f_child = max(g + h, f_parent)  # pathmax: f never falls along a path
            if upper is not None and f_child > upper:
                return
            best[state] = g
            parents[state] = (parent, step)
            row = buckets.get(f_child)
            if row is None:
                row = buckets[f_child] = [[] for _ in range(f_child + 1)]
                top[f_child] = g
            row[g].append(state)
            if g > top[f_child]:
                top[f_child] = g
            queued += 1

        while queued:
            row = buckets.get(f)
            if row is None:
                f += 1
                continue
            g = top[f]
            while g >= 0 and not row[g]:
                g -= 1
            if g < 0:
                del buckets[f], top[f]
                f += 1
                continue
            top[f] = g
            state = row[g].pop()
            queued -= 1
            if best[state] != g:
                continue  # reached again by a shorter path since
            pyramid = state & pyramid_mask
            talon = state >> talon_shift & talon_mask
            drawn = state >> drawn_shift & drawn_mask
            fresh = state >> fresh_shift & 1
            recycles = state >> recycles_shift
            if not pyramid and (not strict or not talon):
                self.win_steps = self._path(parents, start, state)
                self.best_removed = size
                return
            self.nodes += 1
            if self.nodes == self.limit:
                raise OutOfNodes(self)
            layer = layer_of(pyramid)
            can_recycle = recycles_allowed is None or recycles < recycles_allowed
            if recycles_allowed is not None and not can_recycle:
                if assess(layer, pyramid, talon, drawn, fresh, True)[1]:
                    continue
            elif oracle is not None and not self.oracle_allows(oracle, pyramid, talon, size):
                continue
            child_g = g + 1
            if layer.kings:  # forced (docs/design/solver.md)
                after = pyramid ^ (1 << layer.kings[0])
                push(child_g, f, state, ("K", layer.kings[0]), after, talon, drawn, fresh, recycles)
                continue
            for a, b in layer.pairs:
                after = pyramid ^ (1 << a) ^ (1 << b)
                push(child_g, f, state, ("P", a, b), after, talon, drawn, fresh, recycles)
            free_by_need = layer.free_by_need
            waste = talon & ((1 << drawn) - 1)
            if waste:  # the waste top, as it is
                j = waste.bit_length() - 1
                rest = waste ^ (1 << j)
                left = talon ^ (1 << j)
                below = rest.bit_length()
                if trank[j] == target:
                    push(child_g, f, state, ("WK",), pyramid, left, below, 0, recycles)
                for slot in free_by_need.get(trank[j], ()):
                    after = pyramid ^ (1 << slot)
                    push(child_g, f, state, ("W", slot), after, left, below, 0, recycles)
                if fresh:
                    under = rest.bit_length() - 1
                    left ^= 1 << under
                    below = (rest ^ (1 << under)).bit_length()
                    push(child_g, f, state, ("WW",), pyramid, left, below, 0, recycles)
            # Draw until card j is on top, then remove it; past the stock's end, recycle once.
            stock = talon >> drawn << drawn
            passes = [(stock, 0, recycles, False)]
            if can_recycle and waste:
                passes.append(
                    (
                        waste,
                        stock.bit_count() + 1,
                        recycles if recycles_allowed is None else recycles + 1,
                        True,
                    )
                )
            for cards, cost, used, recycled in passes:
                drawn_cards = cost
                while cards:
                    low = cards & -cards
                    cards ^= low
                    j = low.bit_length() - 1
                    drawn_cards += 1
                    rank = trank[j]
                    slots = free_by_need.get(rank, ())
                    king = rank == target
                    rest = talon & ((1 << j) - 1)
                    below = rest.bit_length()
                    # drawn onto the card beneath, it may pair with it (draw against waste)
                    pairs_under = against_waste and below and trank[below - 1] + rank == target
                    if not (slots or king or pairs_under):
                        continue
                    moves = child_g + drawn_cards
                    left = talon ^ low
                    if king:
                        push(
                            moves,
                            f,
                            state,
                            ("M", j, recycled, ("WK",)),
                            pyramid,
                            left,
                            below,
                            0,
                            used,
                        )
                    for slot in slots:
                        after = pyramid ^ (1 << slot)
                        push(
                            moves,
                            f,
                            state,
                            ("M", j, recycled, ("W", slot)),
                            after,
                            left,
                            below,
                            0,
                            used,
                        )
                    if pairs_under:
                        under = below - 1
                        both = left ^ (1 << under)
                        lower = (rest ^ (1 << under)).bit_length()
                        push(
                            moves,
                            f,
                            state,
                            ("M", j, recycled, ("WW",)),
                            pyramid,
                            both,
                            lower,
                            0,
                            used,
                        )

    def _path(
        self, parents: dict[int, tuple[int, SearchStep]], start: int, state: int
    ) -> list[SearchStep]:
        """The steps from the start to ``state``, each draw and recycle of an edge spelled out."""
        edges: list[tuple[int, SearchStep]] = []
        while state != start:
            parent, step = parents[state]
            edges.append((parent, step))
            state = parent
        t = self.encoded
        talon_shift, drawn_shift = t.size, t.drawn_shift
        steps: list[SearchStep] = []
        for parent, step in reversed(edges):
            if step[0] != "M":
                steps.append(step)
                continue
            _, j, recycled, removal = step
            talon = parent >> talon_shift & ((1 << 32) - 1)
            drawn = parent >> drawn_shift & ((1 << _DRAWN_BITS) - 1)
            if recycled:
                steps += [("D",)] * (talon >> drawn).bit_count()
                steps.append(("R",))
                drawn = 0
            steps += [("D",)] * (talon >> drawn & ((2 << (j - drawn)) - 1)).bit_count()
            steps.append(removal)
        return steps


def lower_bound(
    t: EncodedPosition, pyramid: int, talon: int, drawn: int, fresh: int, can_recycle: bool
) -> int | None:
    """A lower bound on the moves left to a win, or ``None`` when the state cannot be won: the
    removals the pyramid's largest matching leaves (and, under strict win, the talon's), plus
    the draws still needed (docs/design/solver.md, "The lower bound")."""
    layer = t.layer(pyramid)
    if t.lost_cards(layer, talon):
        return None
    stock = talon >> drawn << drawn
    if t.rules.strict_win:
        if t.talon_stuck(layer, talon):
            return None
        by_rank, target = t.talon_by_rank, t.target
        counts = layer.counts[:]
        for rank in range(1, target + 1):
            counts[rank] += (talon & by_rank[rank]).bit_count()
        return _removals_needed(counts, t.target) + stock.bit_count()
    base, wanting = layer.counted or t.counted(layer, pyramid)
    removals = layer.counts[0] - (base - layer.counts[t.target]) // 2
    if not wanting:
        return removals
    waste = talon ^ stock
    buried = 0
    if waste and not fresh:
        # The lid, as :meth:`.encoded.EncodedPosition.lid` finds it but counting any stock rank as
        # plentiful (cheaper, and still never a card that could leave).
        target, trank = t.target, t.talon_rank
        avail = layer.counts[:]
        plentiful = t.stock_ranks(stock) if t.rules.draw_against_waste else 0
        rest = waste
        while rest:
            j = rest.bit_length() - 1
            need = target - trank[j]
            if need:
                if avail[need]:
                    avail[need] -= 1
                elif not plentiful >> need & 1:
                    buried = talon & ((2 << j) - 1)
                    break
            rest ^= 1 << j
    at_hand = waste ^ buried
    draws = 0
    for partners, count in wanting:
        missing = count - (at_hand & partners).bit_count()
        if missing <= 0:
            continue
        wanted = stock & partners
        if wanted.bit_count() >= missing:
            for _ in range(missing - 1):
                wanted &= wanted - 1
            last = wanted & -wanted
            draws = max(draws, (stock & ((last << 1) - 1)).bit_count())
            continue
        if not can_recycle:
            return None
        wanted = talon & partners
        if wanted.bit_count() < count:
            return None
        for _ in range(missing - (stock & partners).bit_count() - 1):
            wanted &= wanted - 1
        last = wanted & -wanted
        draws = max(draws, stock.bit_count() + 1 + (buried & ((last << 1) - 1)).bit_count())
    return removals + draws


def _removals_needed(counts: list[int], target: int) -> int:
    """Removals needed for cards counted by rank: a king alone, each other removal takes at
    most one card of each rank of its class (both of them when the rank pairs with itself)."""
    removals = counts[target] + sum(
        max(counts[a], counts[target - a]) for a in range(1, (target + 1) // 2)
    )
    if target % 2 == 0:
        removals += (counts[target // 2] + 1) // 2
    return removals
