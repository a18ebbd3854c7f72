"""The games with other piles restated on a plain encoding of the position: the table as data
(:class:`PileTable`), and the moves, states and keys the pile search walks, so that its lines
replay through the engine (docs/design/piles.md)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from ..engine.board import groups_summing_to
from ..engine.moves import DRAW, RECYCLE, Move, MoveKind
from ..engine.piles import PileKind

if TYPE_CHECKING:
    from ..engine.cards import Card
    from ..engine.position import Position
    from ..engine.rules import Rules

State = tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...], bool, int]
"""The pyramid places vacated (a bit each), every pile bottom to top, the stock (top last), the
waste top's freshness and the recycles used, cards as indices into the deck."""


class PileTable:
    """A position of a pile game and its rules as data, read once: the deck's ranks, the
    places and their covers, the piles' kinds, and the start :data:`State`; and the moves
    from a state."""

    def __init__(self, position: Position, rules: Rules) -> None:
        table = rules.table
        shape = table.shape
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
