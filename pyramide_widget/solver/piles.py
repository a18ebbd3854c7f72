"""The search of the games with other piles: Apophis, Reserve, Cell, Giza, Tut's Tomb.

It restates the engine's rules move for move on a plain encoding of the position
(:mod:`.pile_rules`), cuts with its bounds (:mod:`.pile_bounds`), and searches depth first, or
breadth first for the fewest moves. Its keys, bounds and relaxations: docs/design/piles.md."""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..engine.moves import Move
from ..engine.piles import ONE_WASTE
from .pile_bounds import RELAXED_NODES, PileBounds, PileOutOfNodes, rank_set
from .pile_rules import State

if TYPE_CHECKING:
    from ..engine.table import Table

__all__ = [
    "RELAXED_NODES",
    "PileOutOfNodes",
    "PileSearch",
    "State",
    "needs_pile_search",
    "rank_set",
]


def needs_pile_search(table: Table) -> bool:
    """Whether a table is one of this module's: other piles than one waste, a draw of more
    than one card, or groups."""
    return table.piles != ONE_WASTE or table.draw != 1 or table.groups


class PileSearch(PileBounds):
    """Decide a position of a pile game, given as data (its position and rules); :meth:`run`
    fills ``solution`` (a winning line, or ``None``), ``best_line`` and ``best_removed``
    (pyramid places vacated since the deal) and ``nodes``."""

    # ------------------------------------------------------------------ the searches

    def _count(self, removed: int, line: list[tuple[Move, ...]]) -> None:
        self.nodes += 1
        count = bin(removed).count("1")
        if count > self.best_removed:
            self.best_removed = count
            self.best_line = [move for part in line for move in part]
        self._within_budget()

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
