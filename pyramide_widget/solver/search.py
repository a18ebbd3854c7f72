"""What every search shares: the node budget, the best line so far, and turning its steps
into engine moves."""

from __future__ import annotations

from ..engine.moves import Move
from .steps import Replayer, Step
from .table import Table


class OutOfNodes(Exception):
    """Raised inside a search when its node budget is spent."""

    def __init__(self, search: "Search") -> None:
        super().__init__()
        self.search = search


class Search:
    """Common bookkeeping: node count, best line so far, and turning steps into moves."""

    def __init__(self, table: Table, limit: int = -1) -> None:
        self.table = table
        self.limit = limit  # stop (raise OutOfNodes) after this many nodes; -1: never
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
        return Replayer(self.table).moves(steps)
