"""The solver: is a position winnable, how many pyramid cards can be removed, and a hint.

It sees the whole position, the order of the stock included, which a player does not: its win
rates are what perfect knowledge achieves. How the searches stay exact and small:
docs/design/solver.md."""

from .answers import (
    HINT_NODES,
    MAX_NODES,
    SearchLimitReached,
    SolveResult,
    Verdict,
    check_node_budget,
    hint,
    solve,
    verdict,
)
from .engines import available_engines

__all__ = [
    "HINT_NODES",
    "MAX_NODES",
    "SearchLimitReached",
    "SolveResult",
    "Verdict",
    "available_engines",
    "check_node_budget",
    "hint",
    "solve",
    "verdict",
]

# The public classes are documented (and printed in tracebacks) under the package's name.
SearchLimitReached.__module__ = SolveResult.__module__ = Verdict.__module__ = __name__
