"""The search of the games with other piles: Apophis, Reserve, Cell, Giza, Tut's Tomb.

It restates the engine's rules move for move on a plain encoding of the position, so its lines
replay through the engine. Its keys, bounds and relaxations: docs/design/piles.md."""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from ..engine.board import groups_summing_to
from ..engine.moves import DRAW, RECYCLE, Move, MoveKind
from ..engine.piles import ONE_WASTE, PileKind

if TYPE_CHECKING:
    from ..engine.cards import Card
    from ..engine.game import Game
    from ..engine.table import Table

State = tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...], bool, int]
"""The pyramid places vacated (a bit each), every pile bottom to top, the stock (top last), the
waste top's freshness and the recycles used, cards as indices into the deck."""


def needs_pile_search(table: Table) -> bool:
    """Whether a table is one of this module's: other piles than one waste, a draw of more
    than one card, or groups."""
    return table.piles != ONE_WASTE or table.draw != 1 or table.groups


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


class PileSearch:
    """Decide a position of a pile game; :meth:`run` fills ``solution`` (a winning line, or
    ``None``), ``best_line`` and ``best_removed`` (pyramid places vacated since the deal) and
    ``nodes``."""

    def __init__(self, game: Game, limit: int | None = None) -> None:
        rules = game.rules
        table = rules.table
        shape = table.shape
        position = game.position()
        deck_cards = table.deck.cards()
        self.cards: list[Card] = deck_cards
        index = {card: i for i, card in enumerate(deck_cards)}
        self.rank = [card.rank for card in deck_cards]
        self.target = rules.target
        self.size = shape.size
        self.pyramid = [index[card] if card is not None else -1 for card in position.pyramid]
        self.covers = [sum(1 << c for c in on) for on in shape.covers]
        self.full = (1 << shape.size) - 1
        self.kinds = [pile.kind for pile in table.piles]
        self.waste = table.waste_piles
        self.cells = [i for i, kind in enumerate(self.kinds) if kind is PileKind.CELL]
        self.draw = table.draw
        self.groups = table.groups
        self.strict = rules.strict_win
        self.limit_recycles = rules.recycles
        self.against_waste = rules.draw_against_waste
        self.coverer = (
            rules.pair_with_coverer and not table.face_down
        )  # a face-down card never pairs
        removed = sum(1 << i for i, card in enumerate(position.pyramid) if card is None)
        stock = tuple(index[card] for card in reversed(position.stock))
        piles = tuple(tuple(index[card] for card in pile) for pile in position.piles)
        fresh = position.fresh and self.against_waste
        recycles = position.recycles_used if self.limit_recycles is not None else 0
        self.start: State = (removed, piles, stock, fresh, recycles)
        # The places that must go before each place is free (its cone), and those it lies on.
        cone = [0] * shape.size
        for i in reversed(range(shape.size)):
            for c in shape.covers[i]:
                cone[i] |= (1 << c) | cone[c]
        below = [
            sum(1 << j for j in range(shape.size) if cone[j] >> i & 1) for i in range(shape.size)
        ]
        self.cone = cone
        self.apart = [cone[i] | below[i] | 1 << i for i in range(shape.size)]
        # The pyramid places a card can never meet: those on it or under it, unless a card may
        # pair with its only coverer or a cell can hold one of the two while the other comes free.
        loose = self.coverer or bool(self.cells)
        self.unreachable = [1 << i if loose else self.apart[i] for i in range(shape.size)]
        self.pyramid_rank = [self.rank[card] if card >= 0 else 0 for card in self.pyramid]
        self.rank_places = {
            r: sum(
                1 << i for i, card in enumerate(self.pyramid) if card >= 0 and self.rank[card] == r
            )
            for r in range(1, self.target + 1)
        }
        # Piles of one kind never dealt onto (reserve, columns) play alike: the key sorts them.
        self.alike = [
            [k for k, kind in enumerate(self.kinds) if kind is alike]
            for alike in (PileKind.RESERVE, PileKind.COLUMN)
        ]
        self.others = [
            k
            for k, kind in enumerate(self.kinds)
            if kind not in (PileKind.WASTE, PileKind.RESERVE, PileKind.COLUMN)
        ]
        self.cycle = len(self.waste) == 1 and self.limit_recycles is None and not self.against_waste
        self.pool = self.cycle and self.draw == 1
        # With groups: the most cards outside the pyramid free at once (a pile's top each, and
        # the card beneath a fresh waste top), so the most one group of the relaxation may take.
        self.at_once = sum(
            2 if kind is PileKind.WASTE and self.against_waste else 1
            for kind in self.kinds
            if kind is not PileKind.CELL
        )
        self.relaxable = (
            len(self.cells) <= 1 and not self.coverer and not (self.groups and self.cells)
        )
        self.relaxed: dict[tuple[int, tuple[int, ...], int], int] = {}
        self.pyramid_groups: dict[int, list[tuple[int, int]]] = {}
        self.usable_caps: dict[int, list[int]] = {}
        self.supplied: dict[tuple[int, int], int] = {}
        self.relaxed_left = RELAXED_NODES
        self.limit = limit
        self.nodes = 0
        self.solution: list[Move] | None = None
        self.best_removed = bin(removed).count("1")
        self.best_line: list[Move] = []

    # ------------------------------------------------------------------ the rules, restated

    def won(self, state: State) -> bool:
        removed, piles, stock, _, _ = state
        if removed != self.full or any(piles[i] for i in self.cells):
            return False
        return not self.strict or not (stock or any(piles))

    def moves(self, state: State, first_kings: bool = True) -> list[tuple[Move, State]]:
        """Every legal move from ``state`` with the state it leads to (the engine's
        :meth:`legal_moves`, in kind: removals, moves to the cell, draw or recycle).
        ``first_kings``: only a safe free king's removal when there is one (not for the fewest
        moves: a king off a pile need not go when only the pyramid must be cleared)."""
        removed, piles, stock, fresh, recycles = state
        present = self.full & ~removed
        rank, target = self.rank, self.target
        free = self._free(removed)  # places: a pyramid index, or size + 2 * pile + depth - 1
        for k, pile in enumerate(piles):
            if pile:
                free.append(self.size + 2 * k)
        card_at = self._card_at(state)
        kings = [p for p in free if rank[card_at(p)] == target]
        safe = [
            p
            for p in kings
            if not self.against_waste
            or p < self.size
            or self.kinds[(p - self.size) // 2] is not PileKind.WASTE
        ]
        if safe and first_kings:
            return [self._removal(state, (safe[0],))]
        result = [self._removal(state, (p,)) for p in kings]
        partners = list(free)
        extra: list[tuple[int, int]] = []  # pairs allowed only together (fresh under, coverer)
        if self.against_waste and fresh:
            for k in self.waste:
                if len(piles[k]) >= 2:
                    extra.append((self.size + 2 * k + 1, self.size + 2 * k))
        if self.coverer:
            for i in range(self.size):
                on = self.covers[i] & present
                if present >> i & 1 and on and not on & (on - 1):  # exactly one coverer left
                    c = on.bit_length() - 1
                    if not self.covers[c] & present:
                        extra.append((i, c))
        for a, b in combinations(partners, 2):
            if rank[card_at(a)] + rank[card_at(b)] == target:
                result.append(self._removal(state, (a, b)))
        for a, b in extra:
            if rank[card_at(a)] + rank[card_at(b)] == target:
                result.append(self._removal(state, (a, b)))
        if self.groups:
            ranks = [rank[card_at(p)] for p in free]
            result += [
                self._removal(state, group) for group in groups_summing_to(free, ranks, target)
            ]
        empty_cell = next((k for k in self.cells if not piles[k]), None)
        if empty_cell is not None:
            for p in free:
                if p < self.size or self.kinds[(p - self.size) // 2] is PileKind.WASTE:
                    result.append(self._to_cell(state, p, empty_cell))
        if stock:
            result.append((DRAW, self._draw(state)))
        elif any(piles[k] for k in self.waste) and (
            self.limit_recycles is None or recycles < self.limit_recycles
        ):
            result.append((RECYCLE, self._recycle(state)))
        return result

    def _free(self, removed: int) -> list[int]:
        """The free pyramid places once the places of ``removed`` are vacated."""
        present = self.full & ~removed
        return [i for i in range(self.size) if present >> i & 1 and not self.covers[i] & present]

    def _card_at(self, state: State):  # type: ignore[no-untyped-def]
        piles = state[1]
        size, pyramid = self.size, self.pyramid

        def card_at(place: int) -> int:
            if place < size:
                return pyramid[place]
            k, under = divmod(place - size, 2)
            return piles[k][-1 - under]

        return card_at

    def _removal(self, state: State, places: tuple[int, ...]) -> tuple[Move, State]:
        removed, piles, stock, fresh, recycles = state
        card_at = self._card_at(state)
        cards = tuple(self.cards[card_at(p)] for p in places)
        kind = (
            MoveKind.KING
            if len(places) == 1
            else MoveKind.PAIR
            if len(places) == 2
            else MoveKind.GROUP
        )
        new_piles = list(piles)
        for p in places:
            if p < self.size:
                removed |= 1 << p
        for p in sorted((p for p in places if p >= self.size), reverse=True):
            k = (p - self.size) // 2
            new_piles[k] = new_piles[k][:-1]
            if self.kinds[k] is PileKind.WASTE:
                fresh = False
        # Two places of one pile (top and the card beneath): each took one card off its top.
        return Move(kind, cards), (removed, tuple(new_piles), stock, fresh, recycles)

    def _to_cell(self, state: State, place: int, cell: int) -> tuple[Move, State]:
        removed, piles, stock, fresh, recycles = state
        card = self._card_at(state)(place)
        new_piles = list(piles)
        if place < self.size:
            removed |= 1 << place
        else:
            k = (place - self.size) // 2
            new_piles[k] = new_piles[k][:-1]
            fresh = False
        new_piles[cell] = new_piles[cell] + (card,)
        return Move(MoveKind.CELL, (self.cards[card],)), (
            removed,
            tuple(new_piles),
            stock,
            fresh,
            recycles,
        )

    def _draw(self, state: State) -> State:
        removed, piles, stock, _, recycles = state
        new_piles = list(piles)
        n = min(self.draw, len(stock))
        for j in range(n):
            k = self.waste[j % len(self.waste)]
            new_piles[k] = new_piles[k] + (stock[-1 - j],)
        return (removed, tuple(new_piles), stock[: len(stock) - n], self.against_waste, recycles)

    def _recycle(self, state: State) -> State:
        removed, piles, _, _, recycles = state
        gathered = tuple(card for k in self.waste for card in piles[k])
        new_piles = list(piles)
        for k in self.waste:
            new_piles[k] = ()
        used = recycles + 1 if self.limit_recycles is not None else 0
        return (removed, tuple(new_piles), gathered[::-1], False, used)

    def key(self, state: State) -> tuple[object, ...]:
        """The state's canonical key for the transposition set (docs/design/piles.md): ranks for
        cards, alike piles sorted, and a pool game's stock and waste as one sorted list."""
        removed, piles, stock, fresh, recycles = state
        rank = self.rank
        alike = tuple(
            tuple(sorted(tuple(rank[c] for c in piles[k]) for k in group)) for group in self.alike
        )
        others = tuple(tuple(rank[c] for c in piles[k]) for k in self.others)
        if self.cycle:
            waste = piles[self.waste[0]]
            drawn = len(waste)
            order = tuple(rank[c] for c in (*waste, *reversed(stock)))  # the talon in draw order
            talon: tuple[object, ...] = (
                tuple(sorted(order))
                if self.pool
                else (order, None if drawn % self.draw == 0 or not stock else drawn)
            )
        else:
            talon = (
                tuple(rank[c] for c in stock),
                *(tuple(rank[c] for c in piles[k]) for k in self.waste),
            )
        return (removed, talon, alike, others, fresh, recycles)

    def steps(self, state: State) -> list[tuple[tuple[Move, ...], State]]:
        """The depth-first search's steps from ``state``: its moves, each as a line of one; in
        a cycle game (docs/design/piles.md), instead of the draw or recycle, every use of each
        waste top that drawing and recycling can show, after the draws and recycles that show it."""
        moves = self.moves(state)
        if not self.cycle:
            return [((move,), after) for move, after in moves]
        result: list[tuple[tuple[Move, ...], State]] = [
            ((move,), after) for move, after in moves if move is not DRAW and move is not RECYCLE
        ]
        if len(moves) == 1 and moves[0][0].kind is MoveKind.KING:
            return result  # a safe king first: nothing else is needed
        keys = {self.key(after) for _, after in result}
        waste = self.waste[0]
        current, prefix = state, []
        visited = {(state[1][waste], state[2])}
        while current[2] or current[1][waste]:
            move, current = (
                (DRAW, self._draw(current)) if current[2] else (RECYCLE, self._recycle(current))
            )
            if (current[1][waste], current[2]) in visited:
                break  # round the cycle: every waste top it shows has been used
            visited.add((current[1][waste], current[2]))
            prefix.append(move)
            if not current[1][waste]:
                continue
            for move, after in self._uses(current, self.size + 2 * waste):
                k = self.key(after)
                if k not in keys:
                    keys.add(k)
                    result.append(((*prefix, move), after))
        return result

    def _uses(self, state: State, place: int) -> Iterator[tuple[Move, State]]:
        """The moves of :meth:`moves` that use the card at ``place`` (a pile top): alone if a
        king, with one other free card, in a group, or into the empty cell."""
        removed, piles, _, _, _ = state
        card_at = self._card_at(state)
        rank, target = self.rank, self.target
        own = rank[card_at(place)]
        if own == target:
            yield self._removal(state, (place,))
            return
        free = self._free(removed)
        free += [
            self.size + 2 * k for k, pile in enumerate(piles) if pile and self.size + 2 * k != place
        ]
        ranks = [rank[card_at(p)] for p in free]
        for p, r in zip(free, ranks, strict=True):
            if own + r == target:
                yield self._removal(state, (place, p))
        if self.groups:
            for group in groups_summing_to(free, ranks, target - own, 2):
                yield self._removal(state, (place, *group))
        empty_cell = next((k for k in self.cells if not piles[k]), None)
        if empty_cell is not None:
            yield self._to_cell(state, place, empty_cell)

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

    # ------------------------------------------------------------------ the searches

    def _count(self, removed: int, line: list[tuple[Move, ...]]) -> None:
        self.nodes += 1
        count = bin(removed).count("1")
        if count > self.best_removed:
            self.best_removed = count
            self.best_line = [move for part in line for move in part]
        self._within_budget()

    def _within_budget(self) -> None:
        """Past the node budget (searched states and new relaxed states alike), stop the
        search with what it found."""
        if self.limit is not None and self.nodes > self.limit:
            raise PileOutOfNodes(self.nodes, self.best_line, self.best_removed)

    def run(self, optimal: bool = False) -> None:
        """Search from the start; ``optimal``: breadth first, for the fewest moves."""
        if optimal:
            self._breadth_first()
        else:
            self._depth_first()

    def _depth_first(self) -> None:
        seen = {self.key(self.start)}
        line: list[tuple[Move, ...]] = []
        self._count(self.start[0], line)
        if self.won(self.start):
            self.solution = []
            return
        # With a cell or groups, half the node budget at most for the start's relaxation, the
        # rest for the search (a hint still gets a searched move when the relaxation is large).
        start_nodes = sys.maxsize if self.limit is None else self.limit // 2
        ceiling = self.ceiling(
            self.start, start_nodes if self.cells or self.groups else RELAXED_NODES
        )
        stack: list[Iterator[tuple[tuple[Move, ...], State]]] = [
            iter(self._ordered(self.steps(self.start)))
        ]
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                if line:
                    line.pop()
                continue
            moves, state = step
            key = self.key(state)
            if key in seen:
                continue
            seen.add(key)
            line.append(moves)
            self._count(state[0], line)
            if self.won(state):
                self.solution = self.best_line = [move for part in line for move in part]
                self.best_removed = self.size
                return
            # (A pyramid card parked in a cell has vacated its place but not gone: a full
            # count is not a win, so the bounds only cut below the whole pyramid.)
            if self.best_removed >= ceiling < self.size:  # as many as can ever go: no win
                return
            if self.best_removed >= self.ceiling(state) < self.size or (
                self.best_removed == self.size and self.stuck(state)
            ):
                line.pop()
                continue
            stack.append(iter(self._ordered(self.steps(state))))

    def _ordered(
        self, steps: list[tuple[tuple[Move, ...], State]]
    ) -> list[tuple[tuple[Move, ...], State]]:
        """With the free-access relaxation, the steps whose relaxed bound is highest first (a
        stable sort): where the relaxation is exact, the first line tried reaches the most
        that can be removed. The order changes which line is found, never the answer. With
        groups the relaxation is far from exact and can be large, so the order reads only the
        relaxed states already settled (no new ones: each would cost nodes for every step)."""
        if not self.relaxable or len(steps) < 2:
            return steps
        allowance = 0 if self.groups else RELAXED_NODES
        return sorted(steps, key=lambda step: -self.ceiling(step[1], allowance))

    def _breadth_first(self) -> None:
        parent: dict[State, tuple[State, Move] | None] = {self.start: None}
        queue = deque([self.start])
        while queue:
            state = queue.popleft()
            self._count(state[0], [])
            if self.won(state):
                line: list[Move] = []
                while parent[state] is not None:
                    state, move = parent[state]  # type: ignore[misc]
                    line.append(move)
                self.solution = line[::-1]
                self.best_line = self.solution
                self.best_removed = self.size
                return
            for move, after in self.moves(state, first_kings=False):
                if after not in parent:
                    parent[after] = (state, move)
                    queue.append(after)


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
