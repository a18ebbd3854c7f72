"""The words the compiled cores read and write: one layout for both bindings.

A compiled search (``search_core.c``, ``piles_core.c``) takes its data as one array of 32-bit
integers and answers with another; the CPython extension and the WebAssembly module pass the
same words through, so native and WebAssembly runs see the same data. A node budget (64 bits)
takes two words, low then high; a list is its length, then its items."""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .encoded import EncodedPosition
    from .pile_bounds import PileBounds

STEP_NAMES = ("K", "P", "W", "WK", "WW", "D", "R", "T", "TK", "TT")
"""The one-waste searches' step kinds, numbered as ``search_core.c`` numbers them; a step's
arguments follow its name (:data:`STEP_ARGUMENTS` of them)."""
STEP_ARGUMENTS = (1, 2, 1, 0, 0, 0, 0, 2, 1, 2)
MOVE_NAMES = ("K", "P", "G", "C", "D", "R")
"""The pile search's move kinds, numbered as ``piles_core.c`` numbers them."""
PILE_KINDS = ("waste", "reserve", "column", "cell")
"""The pile kinds, numbered as ``piles_core.c`` numbers them."""

Step = tuple[str | int, ...]


class Words:
    """The words of one run, appended in the order the core reads them."""

    def __init__(self) -> None:
        self.items = array("i")

    def word(self, value: int | bool) -> None:
        self.items.append(int(value))

    def mask(self, value: int) -> None:
        """A bit set of at most 32 places, as a 32-bit word."""
        self.items.append(value - (1 << 32) if value >= 1 << 31 else value)

    def budget(self, limit: int) -> None:
        """A node budget (-1: none), low word then high word."""
        low = limit & 0xFFFFFFFF
        self.items.append(low - (1 << 32) if low >= 1 << 31 else low)
        self.items.append(limit >> 32)

    def list(self, values: list[int] | tuple[int, ...]) -> None:
        self.items.append(len(values))
        self.items.extend(values)

    def to_bytes(self) -> bytes:
        return self.items.tobytes()


def search_words(encoded: EncodedPosition, limit: int, optimal: bool) -> bytes:
    """The words of a one-waste solve (``search_core.c``'s ``read_deal``): the pair sum, the
    places' ranks and covers, the talon's ranks, the position's counters, the rules' knobs, the
    node budget (-1: none) and whether to find the fewest moves."""
    rules = encoded.rules
    words = Words()
    words.word(encoded.target)
    words.list(encoded.rank)
    for mask in encoded.cover_mask:
        words.mask(mask)
    words.list(encoded.talon_rank)
    for value in (
        encoded.drawn0,
        encoded.position.fresh,
        encoded.position.recycles_used,
        rules.strict_win,
        -1 if rules.recycles is None else rules.recycles,
        rules.draw_against_waste,
        encoded.coverer_pairs,
    ):
        words.word(value)
    words.budget(limit)
    words.word(optimal)
    return words.to_bytes()


def pile_words(search: PileBounds, optimal: bool) -> bytes:
    """The words of a pile search (``piles_core.c``'s ``read_search``): the data
    :class:`.pile_rules.PileTable` computed, the start state, the node budget and whether to
    search breadth first."""
    removed, piles, stock, fresh, recycles = search.start
    words = Words()
    for value in (search.target, search.draw, search.at_once):
        words.word(value)
    words.list(search.rank)
    words.list(search.pyramid)
    for masks in (search.covers, search.cone, search.unreachable):
        for mask in masks:
            words.mask(mask)
    words.list([PILE_KINDS.index(kind) for kind in search.kinds])
    words.list(search.waste)
    words.list(search.cells)
    words.list(search.others)
    words.word(len(search.alike))
    for group in search.alike:
        words.list(group)
    for pile in piles:
        words.list(pile)
    words.list(stock)
    words.mask(removed)
    for value in (
        fresh,
        recycles,
        search.groups,
        search.strict,
        -1 if search.limit_recycles is None else search.limit_recycles,
        search.against_waste,
        search.coverer,
        search.cycle,
        search.pool,
        search.relaxable,
    ):
        words.word(value)
    words.budget(-1 if search.limit is None else search.limit)
    words.word(optimal)
    return words.to_bytes()


class _Reader:
    def __init__(self, answer: bytes) -> None:
        self.items = array("i", answer)
        self.at = 0

    def word(self) -> int:
        self.at += 1
        return self.items[self.at - 1]

    def count(self) -> int:
        """A 64-bit count, low word then high word."""
        low = self.word() & 0xFFFFFFFF
        return (self.word() << 32) | low


@dataclass(frozen=True)
class SearchAnswer:
    """What ``search_core.c`` answered: ``win`` is ``None`` when it found no winning line;
    ``relaxed`` says the budget ran out in the unlimited-recycles relaxation."""

    stopped: bool
    relaxed: bool
    best_removed: int
    nodes: int
    win: list[Step] | None
    best: list[Step]


def read_search_answer(answer: bytes, lines: bool = True) -> SearchAnswer:
    """The answer's words; ``lines=False`` reads only the verdict (then ``win`` is ``[]`` for
    a win and ``best`` is empty)."""
    reader = _Reader(answer)
    stopped, relaxed, won, best_removed = (reader.word() for _ in range(4))
    nodes = reader.count()
    if not lines:
        return SearchAnswer(
            bool(stopped), bool(relaxed), best_removed, nodes, [] if won else None, []
        )
    win = _steps(reader) if won else None
    return SearchAnswer(bool(stopped), bool(relaxed), best_removed, nodes, win, _steps(reader))


def _steps(reader: _Reader) -> list[Step]:
    steps: list[Step] = []
    for _ in range(reader.word()):
        kind, a, b = reader.word(), reader.word(), reader.word()
        steps.append((STEP_NAMES[kind], a, b)[: 1 + STEP_ARGUMENTS[kind]])
    return steps


@dataclass(frozen=True)
class PileAnswer:
    """What ``piles_core.c`` answered; a move is its kind (:data:`MOVE_NAMES`) and deck
    indices."""

    stopped: bool
    best_removed: int
    nodes: int
    solution: list[Step] | None
    best: list[Step]


def read_pile_answer(answer: bytes) -> PileAnswer:
    reader = _Reader(answer)
    stopped, won, best_removed = reader.word(), reader.word(), reader.word()
    nodes = reader.count()
    solution = _pile_moves(reader) if won else None
    return PileAnswer(bool(stopped), best_removed, nodes, solution, _pile_moves(reader))


def _pile_moves(reader: _Reader) -> list[Step]:
    moves: list[Step] = []
    for _ in range(reader.word()):
        kind, n = reader.word(), reader.word()
        moves.append((MOVE_NAMES[kind], *(reader.word() for _ in range(n))))
    return moves
