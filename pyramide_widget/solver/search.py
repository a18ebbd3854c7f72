"""What every search shares: the node budget, the best line so far, and turning its steps
into engine moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.moves import Move
from .encoded import EncodedPosition
from .steps import Replayer, SearchStep

if TYPE_CHECKING:
    from .pool import PoolSearch


class OutOfNodes(Exception):
    """Raised inside a search when its node budget is spent."""

    def __init__(self, search: Search) -> None:
        super().__init__()
        self.search = search


class Search:
    """Common bookkeeping: node count, best line so far, and turning steps into moves."""

    def __init__(self, encoded: EncodedPosition, limit: int = -1) -> None:
        self.encoded = encoded
        self.limit = limit  # stop (raise OutOfNodes) after this many nodes; -1: never
        self.nodes = 0
        self.best_removed = encoded.removed0
        self.best_steps: list[SearchStep] = []
        self.win_steps: list[SearchStep] | None = None

    def run(self) -> None:
        raise NotImplementedError

    def oracle_allows(self, oracle: PoolSearch, pyramid: int, talon: int, goal: int) -> bool:
        """Whether ``oracle``, a pool search under this search's rules relaxed to unlimited
        recycles, lets the state reach ``goal`` pyramid cards gone (under strict win: be won).
        A state it refuses cannot do so here either. The oracle's states count against this
        search's node budget."""
        before = oracle.nodes
        oracle.limit = -1 if self.limit < 0 else before + self.limit - self.nodes
        try:
            if oracle.encoded.rules.strict_win:
                allowed = oracle.winnable(pyramid, talon)
            else:
                allowed = oracle.reaches(pyramid, talon, goal)
        except OutOfNodes:
            self.nodes = self.limit
            raise OutOfNodes(self) from None
        self.nodes += oracle.nodes - before
        return allowed

    def solution(self) -> list[Move] | None:
        return None if self.win_steps is None else self.to_moves(self.win_steps)

    def best_line(self) -> list[Move]:
        return self.to_moves(self.best_steps)

    def to_moves(self, steps: list[SearchStep]) -> list[Move]:
        return Replayer(self.encoded).moves(steps)
