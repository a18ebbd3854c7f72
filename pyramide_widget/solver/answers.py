"""The public answers: :func:`solve`, :func:`hint`, :class:`SolveResult` and
:class:`SearchLimitReached`; they check the arguments and pick the searches
(docs/design/solver.md says how each one stays small)."""

from __future__ import annotations

import time
import warnings
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..engine.moves import Move
from ..engine.position import Position, Status
from ..engine.rules import Rules
from .compiled import CompiledSearch, one_waste_engine, pile_search
from .encoded import EncodedPosition
from .engines import Cores
from .piles import PileOutOfNodes, PileSearch, needs_pile_search
from .pool import PoolSearch
from .search import OutOfNodes, Search
from .sequence import SequenceSearch
from .shortest import ShortestSearch
from .wasm import WasmTrap

if TYPE_CHECKING:
    from ..engine.game import Game

#: The node budget of :func:`hint` by default, so that the widget's Hint button answers
#: promptly (its times: benchmarks/results/); see :func:`hint` for the positions it leaves.
HINT_NODES = 40_000

MAX_NODES = 2**62
"""The largest node budget, the same for every search: the compiled one counts nodes in a
signed 64-bit integer and adds a budget to a count, so a budget stays below half its range."""


def check_node_budget(name: str, value: object) -> int | None:
    """``value`` if it is ``None`` (no budget) or a whole number of search nodes from 1 to
    :data:`MAX_NODES`; otherwise a ``TypeError`` or ``ValueError`` naming ``name`` and the range,
    so that a bad budget fails at the call (1.5, nan or True would otherwise run without a
    budget or stop early)."""
    if value is None:
        return None
    if type(value) is not int:
        raise TypeError(
            f"{name} must be a whole number of search nodes (int) from 1 to 2**62, or None; "
            f"got {type(value).__name__} {value!r}"
        )
    if not 1 <= value <= MAX_NODES:
        raise ValueError(
            f"{name} must be a positive number of search nodes from 1 to 2**62, got {value!r}"
        )
    return value


class SearchLimitReached(Exception):
    """:func:`solve` examined ``max_nodes`` states without an answer.

    ``best_line`` is the line removing the most pyramid cards found so far (``removed`` of
    them, counted since the deal; it may be empty), a reasonable move to suggest but proof of
    nothing: the position may still be winnable, or allow more removals."""

    def __init__(self, nodes: int, best_line: list[Move], removed: int) -> None:
        super().__init__(
            f"no answer within {nodes} search nodes (the best line so far removes {removed} pyramid cards)"
        )
        self.nodes = nodes
        self.best_line = best_line
        self.removed = removed


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.

    ``solution`` is a winning line the engine replays to a win (``None`` when the position
    cannot be won); ``best_line`` is a line that removes ``max_removed`` pyramid cards (the
    solution itself when winnable). ``max_removed`` counts every pyramid card removed since
    the deal, those already gone included: the best score reachable is ``10 * max_removed``.
    ``nodes`` is the number of states examined and ``seconds`` the time taken; ``engine`` says
    which search ran, ``"native"``, ``"wasm"`` or ``"python"`` (all give the same answers, lines
    and node counts: see :mod:`.engines`). The repr leaves the time and the engine out so that it prints
    the same on every run and every machine, and equality ignores them.
    """

    winnable: bool
    solution: list[Move] | None
    max_removed: int
    best_line: list[Move]
    nodes: int
    seconds: float = field(compare=False)
    optimal: bool = False
    engine: str = field(default="python", compare=False)

    def __repr__(self) -> str:
        moves = "None" if self.solution is None else f"{len(self.solution)} moves"
        kind = ", optimal" if self.optimal else ""
        return (
            f"SolveResult(winnable={self.winnable}, max_removed={self.max_removed}, "
            f"solution={moves}{kind}, nodes={self.nodes})"
        )

    def notation(self) -> str:
        """The solution (or, if there is none, the best line) as space-separated notation."""
        line = self.solution if self.solution is not None else self.best_line
        return " ".join(str(move) for move in line)


@dataclass(frozen=True)
class Verdict:
    """What :func:`verdict` settled: ``winnable`` (``None``: undecided within ``max_nodes``),
    ``max_removed`` (undecided: what the best line so far removes, a lower bound) and ``nodes``,
    each as :func:`solve` finds them, without the lines; ``engine`` says which search ran."""

    winnable: bool | None
    max_removed: int
    nodes: int
    engine: str = field(default="python", compare=False)


def _checked_game(game: Game | str, max_nodes: int | None) -> Game:
    """The game to search (a deal code stands for its deal), after checking ``max_nodes``, so
    bad arguments raise at the call saying what is expected."""
    from ..engine.game import Game

    check_node_budget("max_nodes", max_nodes)
    if isinstance(game, str):
        return Game.from_code(game)
    if not isinstance(game, Game):
        raise TypeError(
            f"expected a Game or a deal code such as 'PY1-N-AAAAAAS', got {type(game).__name__}"
        )
    return game


def solve(
    game: Game | str, *, optimal: bool = False, max_nodes: int | None = None, engine: str = "auto"
) -> SolveResult:
    """Decide whether ``game``'s current position (or a deal code's deal) can be won, under its rules.

    Returns a :class:`SolveResult` with a winning line if there is one and, when there is not,
    the most pyramid cards any line of play removes. With ``optimal=True`` the winning line is
    one with the fewest moves (removals, draws and recycles all count, R20): the position is
    decided first, as without it (so a lost one answers as fast, ``max_removed`` included),
    then a slower exact search shortens the winning line.

    Every answer is proven, however long it takes. ``max_nodes`` caps the states examined:
    past it the search stops and raises :class:`SearchLimitReached` with the best line found
    so far.

    ``engine``: ``"auto"`` runs the fastest engine here that can answer (``available_engines()``
    lists them: the compiled search through the CPython extension, ``"native"``, or through
    the WebAssembly module in Pyodide, ``"wasm"``; else pure Python, ``"python"``). A named
    engine insists (``ValueError`` saying why it cannot run); ``"compiled"`` is whichever
    compiled one runs here. The environment variable ``PYRAMIDE_SOLVER`` (say ``python``) sets
    what ``"auto"`` means. All give the same answers; :attr:`SolveResult.engine` says which ran.

    Consulting the solver on a game in progress makes it assisted (``game.assisted``, which
    records keep and statistics leave out of their rankings), whatever the answer; to ask
    without that, solve a copy (``copy.deepcopy(game)``) or the deal code.
    """
    game = _checked_game(game, max_nodes)
    if not isinstance(optimal, bool):
        raise TypeError(f"optimal must be True or False, got {type(optimal).__name__}")
    if not game.is_over:
        game.assisted = True
    try:
        return _solve(game, optimal, max_nodes, engine)
    except PileOutOfNodes as stop:
        raise SearchLimitReached(stop.nodes, stop.best_line, stop.best_removed) from None
    except OutOfNodes as stop:
        search = stop.search
        # The relaxed search's lines use recycles the real rules may not allow: none to show.
        line = [] if _relaxed(search, game.rules) else search.best_line()
        raise SearchLimitReached(search.nodes, line, _removed_so_far(search, game.rules)) from None


def verdict(
    position: Position,
    rules: Rules,
    status: Status = Status.PLAYING,
    *,
    max_nodes: int | None = None,
    engine: str = "auto",
) -> Verdict:
    """Whether ``position`` can be won under ``rules`` (``status``: the game's there), the most
    pyramid cards any line removes and the nodes searched: :func:`solve`'s answer without its
    lines, which are never turned into moves, for work that only counts wins (an estimate, a
    chance). A search stopped at ``max_nodes`` is undecided (``winnable`` is ``None``) instead
    of raising. The game is not consulted, so nothing becomes assisted."""
    if not isinstance(position, Position) or not isinstance(rules, Rules):
        raise TypeError(
            f"expected a Position and Rules (game.position(), game.rules), got "
            f"{type(position).__name__} and {type(rules).__name__}"
        )
    if not isinstance(status, Status):
        raise TypeError(f"status must be a Status (game.status), got {status!r}")
    check_node_budget("max_nodes", max_nodes)
    over, won = status is not Status.PLAYING, status is Status.WON
    if needs_pile_search(rules.table):
        piles, ran = pile_search(position, rules, max_nodes, engine)
        if over:
            return Verdict(won, piles.best_removed, 0, ran)
        try:
            piles, ran = _run_piles(piles, ran, position, rules, max_nodes, False)
        except PileOutOfNodes as stop:
            return Verdict(None, stop.best_removed, stop.nodes, ran)
        return Verdict(piles.solution is not None, piles.best_removed, piles.nodes, ran)
    encoded = EncodedPosition(position, rules)
    ran, cores = one_waste_engine(engine, encoded)
    if over:
        return Verdict(won, encoded.removed0, 0, ran)
    try:
        search, ran = _run(encoded, cores, ran, max_nodes, False, lines=False)
    except OutOfNodes as stop:
        return Verdict(None, _removed_so_far(stop.search, rules), stop.search.nodes, ran)
    if search.win_steps is not None:
        return Verdict(True, encoded.size, search.nodes, ran)
    return Verdict(False, search.best_removed, search.nodes, ran)


def _relaxed(search: Search, rules: Rules) -> bool:
    """Whether the budget ran out in the unlimited-recycles relaxation of limited rules."""
    return search.encoded.rules.recycles is None and rules.recycles is not None


def _removed_so_far(search: Search, rules: Rules) -> int:
    """The pyramid cards a stopped search's best line removes (the relaxation's lines count
    for nothing: they may use recycles the rules do not allow)."""
    return search.encoded.removed0 if _relaxed(search, rules) else search.best_removed


def _solve(game: Game, optimal: bool, max_nodes: int | None, engine: str) -> SolveResult:
    """The answer for the game's position and rules, read here once: every search below takes
    them as data."""
    started = time.perf_counter()
    position, rules, over, won = (
        game.position(),
        game.rules,
        game.is_over,
        game.status is Status.WON,
    )
    if needs_pile_search(rules.table):  # the games with other piles: their own search
        return _solve_piles(position, rules, over, won, optimal, max_nodes, started, engine)
    encoded = EncodedPosition(position, rules)
    ran, cores = one_waste_engine(engine, encoded)
    if over:
        return SolveResult(
            won,
            [] if won else None,
            encoded.removed0,
            [],
            0,
            time.perf_counter() - started,
            optimal,
            ran,
        )
    search, ran = _run(encoded, cores, ran, max_nodes, optimal)
    return _result(search, started, optimal, ran)


def _run(
    encoded: EncodedPosition,
    cores: Cores | None,
    engine: str,
    max_nodes: int | None,
    optimal: bool,
    lines: bool = True,
) -> tuple[Search, str]:
    """The one-waste search run to its answer on ``cores`` (``None``: pure Python), and the
    engine that ran it; raises :class:`OutOfNodes` at the budget. ``lines=False``: the compiled
    search reads only the verdict of its answer."""
    limit = max_nodes if max_nodes is not None else -1
    if cores is not None:
        search: Search = CompiledSearch(cores, encoded, limit, optimal, lines)
        try:
            search.run()
            return search, engine
        except WasmTrap as trap:
            _fell_back(trap)
    relaxed: PoolSearch | None = None
    if encoded.rules.recycles is None:
        search = PoolSearch(encoded, limit)
        search.run()
    else:
        search, relaxed = _solve_limited(encoded, limit)
    if optimal and search.win_steps is not None:
        search = _shortest(encoded, search, relaxed, limit)
    return search, "python"


def _fell_back(trap: WasmTrap) -> None:
    """Say that a compiled run failed and that pure Python answers instead."""
    warnings.warn(
        f"pyramide-widget: {trap}; this solve runs in pure Python", RuntimeWarning, stacklevel=4
    )


def _shortest(
    encoded: EncodedPosition, decided: Search, relaxed: PoolSearch | None, limit: int
) -> Search:
    """The fewest moves to win, once the default search has found a winning line: A* (see
    :class:`.shortest.ShortestSearch`) queues no state whose bound exceeds that line, and drops
    the states the unlimited-recycles relaxation proves lost (``relaxed``, the one the default
    search consulted, keeps what it proved; strict win asks one that must clear the talon too)."""
    position, rules = encoded.position, encoded.rules
    if rules.strict_win:
        oracle = PoolSearch(
            EncodedPosition(position, replace(rules, recycles=None)), decide_only=True
        )
    elif relaxed is not None:
        oracle = relaxed
    else:
        oracle = PoolSearch(EncodedPosition(position, replace(rules, draw_against_waste=False)))
    assert decided.win_steps is not None
    shortest = ShortestSearch(encoded, limit, len(decided.to_moves(decided.win_steps)), oracle)
    shortest.nodes = decided.nodes  # the budget counts every search
    # What a stop at the budget reports: the winning line found, proven but maybe not shortest.
    shortest.best_steps, shortest.best_removed = decided.win_steps, encoded.size
    shortest.run()
    return shortest


def _solve_limited(encoded: EncodedPosition, limit: int) -> tuple[Search, PoolSearch]:
    """The search that answers for a limited number of recycles (see :func:`_solve`), and the
    unlimited-recycles relaxation it consulted (only the pyramid to clear)."""
    position, rules = encoded.position, encoded.rules
    several_passes = bool(rules.recycles)
    # Unlimited recycles and only the pyramid to clear can only make more possible, so that
    # (fast) search bounds this one: when it cannot win, neither can this position, and the
    # most cards it removes is a ceiling the exact search stops at. With recycles to spend,
    # the exact search's own bounds stay weak until the last pass while this relaxation is
    # close to exact: the exact search then consults it state by state (an oracle).
    pool_rules = replace(rules, strict_win=False, recycles=None, draw_against_waste=False)
    relaxed = PoolSearch(EncodedPosition(position, pool_rules), limit)
    relaxed.run()
    ceiling = encoded.size if relaxed.win_steps is not None else relaxed.best_removed
    if not rules.strict_win:
        search = SequenceSearch(encoded, limit, ceiling, oracle=relaxed if several_passes else None)
        search.nodes = relaxed.nodes
        search.run()
        return search, relaxed
    # Strict win only changes when the game is won, not which pyramid cards can go: count
    # with the lenient rules first; only if they clear the pyramid can the strict ones win.
    lenient = EncodedPosition(position, replace(rules, strict_win=False))
    counter = SequenceSearch(lenient, limit, ceiling, oracle=relaxed if several_passes else None)
    counter.nodes = relaxed.nodes
    counter.run()
    counter.win_steps = None
    if counter.best_removed < encoded.size:
        return counter, relaxed
    oracle = None
    if several_passes:
        oracle = PoolSearch(
            EncodedPosition(position, replace(rules, recycles=None)), decide_only=True
        )
    decider = SequenceSearch(encoded, limit, decide_only=True, oracle=oracle)
    decider.nodes = counter.nodes  # the budget counts every search
    decider.run()
    counter.nodes = decider.nodes
    return (decider if decider.win_steps is not None else counter), relaxed


def _solve_piles(
    position: Position,
    rules: Rules,
    over: bool,
    won: bool,
    optimal: bool,
    max_nodes: int | None,
    started: float,
    engine: str,
) -> SolveResult:
    """The answer of :class:`~pyramide_widget.solver.piles.PileSearch` (the games with other
    piles), compiled where it can run (:func:`.compiled.pile_search`)."""
    search, ran = pile_search(position, rules, max_nodes, engine)
    if over:
        return SolveResult(
            won,
            [] if won else None,
            search.best_removed,
            [],
            0,
            time.perf_counter() - started,
            optimal,
            ran,
        )
    search, ran = _run_piles(search, ran, position, rules, max_nodes, optimal)
    return SolveResult(
        winnable=search.solution is not None,
        solution=search.solution,
        max_removed=search.best_removed,
        best_line=search.solution if search.solution is not None else search.best_line,
        nodes=search.nodes,
        seconds=time.perf_counter() - started,
        optimal=optimal,
        engine=ran,
    )


def _run_piles(
    search: PileSearch,
    engine: str,
    position: Position,
    rules: Rules,
    max_nodes: int | None,
    optimal: bool,
) -> tuple[PileSearch, str]:
    """The pile search run to its answer (a compiled run that traps runs again in pure
    Python), and the engine that ran it; raises :class:`PileOutOfNodes` at the budget."""
    try:
        search.run(optimal)
    except WasmTrap as trap:
        _fell_back(trap)
        search, engine = PileSearch(position, rules, max_nodes), "python"
        search.run(optimal)
    return search, engine


def _result(search: Search, started: float, optimal: bool, engine: str) -> SolveResult:
    solution = search.solution()
    best = solution if solution is not None else search.best_line()
    return SolveResult(
        winnable=solution is not None,
        solution=solution,
        max_removed=search.encoded.size if solution is not None else search.best_removed,
        best_line=best,
        nodes=search.nodes,
        seconds=time.perf_counter() - started,
        optimal=optimal,
        engine=engine,
    )


def hint(game: Game | str, *, max_nodes: int | None = HINT_NODES) -> Move | None:
    """A next move on a winning line; if no line wins, the first move of a line that removes
    the most pyramid cards. ``None`` when the game is over or no line removes another pyramid
    card (drawing on would change nothing), so a Hint button can say so.

    A hint must come promptly, so the search stops after ``max_nodes`` states (``None``: no
    limit). The few positions it cannot settle by then (the hardest deals of the one-pass
    rules) get the first move of the best line found so far, or else the first legal move:
    still a sensible move, though not one proven to be best.

    Asking while the game is in progress makes it assisted, as :func:`solve` does."""
    game = _checked_game(game, max_nodes)
    if game.is_over:
        return None
    try:
        result = solve(game, max_nodes=max_nodes)
    except SearchLimitReached as stop:
        if stop.best_line:
            return stop.best_line[0]
        moves = game.legal_moves()
        return moves[0] if moves else None
    line = result.solution if result.solution is not None else result.best_line
    return line[0] if line else None
