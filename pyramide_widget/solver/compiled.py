"""The optional compiled search and which engine a solve runs on.

``_compiled_search.c`` ports the default searches and the fewest-moves A* line by line, and
``_compiled_piles.c`` the search of the games with other piles (:class:`.piles.PileSearch`, from
the data it computes, so each table's rules are stated once, in Python), so both give the same
answers, lines and node counts; the pure-Python searches stay the reference and run wherever
they are not built (docs/design/solver.md)."""

from __future__ import annotations

import os
from types import ModuleType
from typing import TYPE_CHECKING

from ..engine.moves import DRAW, RECYCLE, Move, MoveKind
from ..engine.piles import ONE_WASTE
from .encoded import EncodedPosition
from .piles import PileOutOfNodes, PileSearch
from .search import OutOfNodes, Search

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.rules import Rules
    from ..engine.table import Table

_module: ModuleType | None
try:
    from . import _compiled_search as _module  # type: ignore[attr-defined, no-redef]
except (
    ImportError
):  # not built here (no compiler at install), or an interpreter that cannot load it
    _module = None
_piles: ModuleType | None
try:
    from . import _compiled_piles as _piles  # type: ignore[attr-defined, no-redef]
except ImportError:
    _piles = None

ENGINES = ("auto", "compiled", "python")
ENVIRONMENT_VARIABLE = "PYRAMIDE_SOLVER"
_MAX_PLACES = _MAX_TALON = 32
_MAX_TARGET = 15
_MAX_RECYCLES = 2**31 - 1
_MAX_CARDS = 64
_MAX_PILES = 12


def available() -> bool:
    """Whether the compiled searches are built and loaded in this interpreter."""
    return _module is not None and _piles is not None


def _requested(engine: str) -> str:
    """The engine asked for: the argument, with ``"auto"`` read from the environment."""
    if not isinstance(engine, str) or engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(map(repr, ENGINES))}, got {engine!r}")
    if engine != "auto":
        return engine
    variable = os.environ.get(ENVIRONMENT_VARIABLE, "auto")
    if variable not in ENGINES:
        raise ValueError(
            f"the environment variable {ENVIRONMENT_VARIABLE} must be one of {', '.join(ENGINES)}, got {variable!r}"
        )
    return variable


def models(table: Table) -> bool:
    """Whether the compiled search models this table's piles: one waste pile, one card drawn at
    a time, cards removed in pairs (the other tables, whatever the solver does there, run in
    Python)."""
    return table.piles == ONE_WASTE and table.draw == 1 and not table.groups


def _unsupported(encoded: EncodedPosition) -> str | None:
    """Why the compiled search cannot answer for this position, or ``None`` when it can."""
    if _module is None:
        return "the compiled search is not built in this installation (see the solver guide: the compiled search)"
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


def use_compiled(engine: str, encoded: EncodedPosition) -> bool:
    """Whether this solve runs compiled: ``"compiled"`` insists (``ValueError`` saying why it
    cannot), ``"auto"`` takes it when it can, ``"python"`` never does."""
    requested = _requested(engine)
    if requested == "python":
        return False
    reason = _unsupported(encoded)
    if reason is not None and requested == "compiled":
        raise ValueError(f"engine='compiled' cannot run here: {reason}")
    return reason is None


class CompiledSearch(Search):
    """The whole solve (every search ``answers._solve_limited`` would run, then with
    ``optimal`` the A* of ``answers._shortest`` on a won position) in one call of the compiled
    search; its answer fills the same fields the Python searches fill."""

    def __init__(
        self, game: Game, encoded: EncodedPosition, limit: int = -1, optimal: bool = False
    ) -> None:
        super().__init__(encoded, limit)
        self.game = game
        self.optimal = optimal

    def run(self) -> None:
        assert _module is not None
        t, position, rules = self.encoded, self.game.position(), self.encoded.rules
        arguments = [
            t.rank,
            t.cover_mask,
            t.talon_rank,
            t.drawn0,
            int(position.fresh),
            position.recycles_used,
            t.target,
            int(rules.strict_win),
            -1 if rules.recycles is None else rules.recycles,
            int(rules.draw_against_waste),
            int(t.coverer_pairs),
            self.limit,
        ]
        if (
            self.optimal
        ):  # only then: a library built before optimal=True was compiled still decides
            arguments.append(True)
        stopped, win, best, best_removed, nodes, relaxed = _module.search(*arguments)
        self.nodes = nodes
        if relaxed:
            # The budget ran out in the relaxation (unlimited recycles): its lines may use
            # recycles these rules do not allow, so there is no line to show.
            self.best_removed, self.best_steps = t.removed0, []
        else:
            self.best_removed, self.best_steps = best_removed, best
        self.win_steps = win
        if stopped:
            raise OutOfNodes(self)


def _pile_unsupported(rules: Rules) -> str | None:
    """Why the compiled pile search cannot answer under these rules, or ``None``."""
    if _piles is None:
        return "the compiled search is not built in this installation (see the solver guide: the compiled search)"
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


def pile_search(game: Game, limit: int | None, engine: str) -> PileSearch:
    """The search of a game with other piles on the engine asked for (see :func:`use_compiled`):
    a :class:`CompiledPileSearch` or the pure-Python :class:`.piles.PileSearch`."""
    requested = _requested(engine)
    if requested == "python":
        return PileSearch(game, limit)
    reason = _pile_unsupported(game.rules)
    if reason is None:
        return CompiledPileSearch(game, limit)
    if requested == "compiled":
        raise ValueError(f"engine='compiled' cannot run here: {reason}")
    return PileSearch(game, limit)


_PILE_CODES = {"waste": 0, "reserve": 1, "column": 2, "cell": 3}  # the C file's enum
_MOVE_KINDS = {"K": MoveKind.KING, "P": MoveKind.PAIR, "G": MoveKind.GROUP, "C": MoveKind.CELL}


class CompiledPileSearch(PileSearch):
    """:class:`.piles.PileSearch` whose :meth:`run` is the compiled port: the same data, the same
    states in the same order, so the same answer, lines and node count."""

    def run(self, optimal: bool = False) -> None:
        assert _piles is not None
        removed, piles, stock, fresh, recycles = self.start
        stopped, solution, best, best_removed, nodes = _piles.search(
            rank=self.rank,
            pyramid=self.pyramid,
            covers=self.covers,
            cone=self.cone,
            unreachable=self.unreachable,
            kinds=[_PILE_CODES[kind] for kind in self.kinds],
            waste=self.waste,
            cells=self.cells,
            alike=self.alike,
            others=self.others,
            piles=piles,
            stock=stock,
            removed=removed,
            fresh=int(fresh),
            recycles_used=recycles,
            target=self.target,
            draw=self.draw,
            groups=int(self.groups),
            strict=int(self.strict),
            limit_recycles=-1 if self.limit_recycles is None else self.limit_recycles,
            against_waste=int(self.against_waste),
            coverer=int(self.coverer),
            cycle=int(self.cycle),
            pool=int(self.pool),
            at_once=self.at_once,
            relaxable=int(self.relaxable),
            limit=-1 if self.limit is None else self.limit,
            optimal=optimal,
        )
        self.nodes = nodes
        self.best_removed = best_removed
        self.best_line = self._moves(best)
        if stopped:
            raise PileOutOfNodes(nodes, self.best_line, best_removed)
        self.solution = None if solution is None else self._moves(solution)

    def _moves(self, line: list[tuple[str | int, ...]]) -> list[Move]:
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
