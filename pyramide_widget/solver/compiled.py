"""The compiled searches and which engine a solve runs on.

``search_core.c`` ports the default searches and the fewest-moves A* line by line, and
``piles_core.c`` the search of the games with other piles (:class:`.piles.PileSearch`, from the
data it computes, so each table's rules are stated once, in Python), so both give the same
answers, lines and node counts; the pure-Python searches stay the reference and run wherever
no binding of them loads (:mod:`.engines`, docs/design/solver.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.moves import DRAW, RECYCLE, Move, MoveKind
from ..engine.piles import ONE_WASTE
from . import engines, wire
from .encoded import EncodedPosition
from .piles import PileOutOfNodes, PileSearch
from .search import OutOfNodes, Search

if TYPE_CHECKING:
    from ..engine.position import Position
    from ..engine.rules import Rules
    from ..engine.table import Table
    from .engines import Cores

_MAX_PLACES = _MAX_TALON = 32
_MAX_TARGET = 15
_MAX_RECYCLES = 2**31 - 1
_MAX_CARDS = 64
_MAX_PILES = 12


def available() -> bool:
    """Whether a compiled binding (native or WebAssembly) runs in this interpreter."""
    return engines.available_engines() != ["python"]


def models(table: Table) -> bool:
    """Whether the compiled search models this table's piles: one waste pile, one card drawn at
    a time, cards removed in pairs (the other tables, whatever the solver does there, run in
    Python)."""
    return table.piles == ONE_WASTE and table.draw == 1 and not table.groups


def _unsupported(encoded: EncodedPosition) -> str | None:
    """Why the compiled search cannot answer for this position, or ``None`` when it can."""
    if not models(encoded.rules.table):
        return f"the compiled search models one waste pile drawn one card at a time, not the {encoded.rules.table.name} table"
    recycles = encoded.rules.recycles
    if (
        encoded.size > _MAX_PLACES
        or len(encoded.talon) > _MAX_TALON
        or encoded.target > _MAX_TARGET
        or (recycles is not None and recycles > _MAX_RECYCLES)
    ):
        return f"the compiled search handles at most {_MAX_PLACES} pyramid places and talon cards and a pair sum of {_MAX_TARGET}"
    return None


def _choose(engine: str, unsupported: str | None) -> tuple[str, Cores | None]:
    """The engine a solve runs on and its binding (``None`` for ``"python"``): ``"auto"`` takes
    the fastest that can answer, a named engine insists (``ValueError`` saying why it cannot)."""
    requested = engines.requested(engine)
    if requested == "python":
        return "python", None
    reason = unsupported
    if reason is None:
        name, found = engines.compiled_binding(requested)
        if name is not None:
            assert not isinstance(found, str)
            return name, found
        assert isinstance(found, str)
        reason = found
    if requested != "auto":
        raise ValueError(f"engine={requested!r} cannot run here: {reason}")
    return "python", None


def one_waste_engine(engine: str, encoded: EncodedPosition) -> tuple[str, Cores | None]:
    """The engine a one-waste solve runs on (see :func:`_choose`), and its binding."""
    return _choose(engine, _unsupported(encoded))


class CompiledSearch(Search):
    """The whole solve (every search ``answers._solve_limited`` would run, then with
    ``optimal`` the A* of ``answers._shortest`` on a won position) in one call of the compiled
    search; its answer fills the same fields the Python searches fill. With ``lines=False``
    only the verdict is read: the lines stay empty (``win_steps`` is ``[]`` for a win)."""

    def __init__(
        self,
        cores: Cores,
        encoded: EncodedPosition,
        limit: int = -1,
        optimal: bool = False,
        lines: bool = True,
    ) -> None:
        super().__init__(encoded, limit)
        self.cores = cores
        self.optimal = optimal
        self.lines = lines

    def run(self) -> None:
        t = self.encoded
        words = wire.search_words(t, self.limit, self.optimal)
        answer = wire.read_search_answer(self.cores.search(words), self.lines)
        self.nodes = answer.nodes
        if answer.relaxed:
            # The budget ran out in the relaxation (unlimited recycles): its lines may use
            # recycles these rules do not allow, so there is no line to show.
            self.best_removed, self.best_steps = t.removed0, []
        else:
            self.best_removed, self.best_steps = answer.best_removed, answer.best
        self.win_steps = answer.win
        if answer.stopped:
            raise OutOfNodes(self)


def _pile_unsupported(rules: Rules) -> str | None:
    """Why the compiled pile search cannot answer under these rules, or ``None``."""
    table = rules.table
    ranks = [card.rank for card in table.deck.cards()]
    if (
        table.shape.size > _MAX_PLACES
        or len(ranks) > _MAX_CARDS
        or len(table.piles) > _MAX_PILES
        or table.target > _MAX_TARGET
        or max(map(ranks.count, ranks)) > 7
        or (rules.recycles is not None and rules.recycles > _MAX_RECYCLES)
    ):
        return (
            f"the compiled pile search handles at most {_MAX_PLACES} pyramid places, {_MAX_CARDS} cards, "
            f"{_MAX_PILES} piles and a pair sum of {_MAX_TARGET}"
        )
    return None


def pile_search(
    position: Position, rules: Rules, limit: int | None, engine: str
) -> tuple[PileSearch, str]:
    """The search of a game with other piles on the engine asked for (see :func:`_choose`): a
    :class:`CompiledPileSearch` or the pure-Python :class:`.piles.PileSearch`, and the engine's
    name."""
    name, cores = _choose(engine, _pile_unsupported(rules))
    if cores is None:
        return PileSearch(position, rules, limit), name
    return CompiledPileSearch(cores, position, rules, limit), name


_MOVE_KINDS = {"K": MoveKind.KING, "P": MoveKind.PAIR, "G": MoveKind.GROUP, "C": MoveKind.CELL}


class CompiledPileSearch(PileSearch):
    """:class:`.piles.PileSearch` whose :meth:`run` is the compiled port: the same data, the same
    states in the same order, so the same answer, lines and node count."""

    def __init__(self, cores: Cores, position: Position, rules: Rules, limit: int | None) -> None:
        super().__init__(position, rules, limit)
        self.cores = cores

    def run(self, optimal: bool = False) -> None:
        words = wire.pile_words(self, optimal)
        answer = wire.read_pile_answer(self.cores.piles(words))
        self.nodes = answer.nodes
        self.best_removed = answer.best_removed
        self.best_line = self._moves(answer.best)
        if answer.stopped:
            raise PileOutOfNodes(answer.nodes, self.best_line, answer.best_removed)
        self.solution = None if answer.solution is None else self._moves(answer.solution)

    def _moves(self, line: list[wire.Step]) -> list[Move]:
        """The engine's moves of a compiled line: (kind, deck indices...)."""
        moves = []
        for kind, *cards in line:
            assert isinstance(kind, str)
            if kind == "D":
                moves.append(DRAW)
            elif kind == "R":
                moves.append(RECYCLE)
            else:
                moves.append(Move(_MOVE_KINDS[kind], tuple(self.cards[int(c)] for c in cards)))
        return moves
