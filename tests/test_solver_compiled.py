"""The compiled search against the pure-Python one : the same answers.

``pyramide_widget/solver/search_core.c`` is a second implementation of the default search,
so it must agree with the reference on everything ``solve`` returns: ``winnable``,
``max_removed``, the winning line and the best line (the very same moves, replayed here through
the engine) and even the node count, which also makes a node budget (``max_nodes``, the Hint
button) stop both at the same state. A small sample per preset and per knob set runs here; the
2,000-deal run per preset is ``benchmarks/crosscheck_accelerator.py``.

The C file is compiled afresh for this module (``build_compiled.py``, a second or two), so the
tests judge the source as it is, never a library left over from an older install; where no C
compiler is present they are skipped, and the solver runs in pure Python there. Where
``PYRAMIDE_REQUIRE_COMPILED`` is set (CI), a compiled search that cannot be built or was not
installed is a failure, never a skip, so these differential tests always run there.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from array import array
from dataclasses import replace
from pathlib import Path

import pytest
from compiled_build import REQUIRED, build_script, fresh_module
from solver_reference import ALL_KNOBS, knobs_id, near_wins, playout, small_positions

from pyramide_widget import Game
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.engine.deal import Deal
from pyramide_widget.engine.rules import PRESETS, Rules
from pyramide_widget.engine.table import TABLES
from pyramide_widget.solver import (
    SearchLimitReached,
    SolveResult,
    compiled,
    engines,
    hint,
    solve,
    wire,
)
from pyramide_widget.solver.encoded import EncodedPosition
from pyramide_widget.solver.piles import needs_pile_search

# Per preset: how many deals CI checks (fewer for the one-pass presets, slow in pure Python).
SAMPLE = {"S": 3, "T": 2, "R": 2}
DEFAULT_SAMPLE = 10


@pytest.fixture(scope="module", autouse=True)
def fresh_build(tmp_path_factory: pytest.TempPathFactory):
    """The compiled search built now from the C source, in use for this module's tests."""
    module = fresh_module(tmp_path_factory.mktemp("compiled"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(engines._loaded, "native", module)
        yield module


def _replay(game: Game, moves: list) -> Game:
    """``moves`` played through the engine on a copy of ``game`` (R9-R16 decide what is legal)."""
    copy = Game(game.deal, game.rules)
    for move in [*game.history, *moves]:
        copy.play(move)
    return copy


def _check_lines(game: Game, result: SolveResult) -> None:
    """The solution replays to a win and the best line removes ``max_removed`` pyramid cards."""
    if result.solution is not None:
        assert str(_replay(game, result.solution).status) == "won"
    after = _replay(game, result.best_line)
    assert game.table.shape.size - after.pyramid_left == result.max_removed


def _both(game: Game, **options) -> tuple[SolveResult, SolveResult]:
    python = solve(game, engine="python", **options)
    fast = solve(game, engine="native", **options)
    assert (python.engine, fast.engine) == ("python", "native")
    return python, fast


def _same(python: SolveResult, fast: SolveResult) -> None:
    assert fast == python  # winnable, solution, max_removed, best_line, nodes, optimal
    assert fast.solution == python.solution and fast.best_line == python.best_line


MODELLED = [letter for letter, preset in PRESETS.items() if compiled.models(preset.rules.table)]


@pytest.mark.parametrize("letter", MODELLED)
def test_every_preset_gets_the_python_answer_and_lines(letter: str) -> None:
    for letters in deal_letters(2026, SAMPLE.get(letter, DEFAULT_SAMPLE)):
        game = Game.from_code(f"PY1-{letter}-{letters}")
        python, fast = _both(game)
        _same(python, fast)
        _check_lines(game, fast)


@pytest.mark.parametrize("rules", ALL_KNOBS, ids=knobs_id)
def test_every_knob_set_mid_game_gets_the_python_answer(rules: Rules) -> None:
    """Positions in play (waste drawn, a fresh top, recycles used, cards gone) under each of the
    32 combinations of strict win (R17), recycles (R15), draw against waste and pair with
    coverer (docs/rules.md §9), on the standard table and on every other one (§9)."""
    games = list(small_positions(rules, 2, seed=77)) + list(near_wins(rules, 1))
    for table in TABLES.values():
        if table.name != "Standard" and compiled.models(table):
            games += small_positions(replace(rules, table=table), 1, seed=78)
    for game in games:
        if game.is_over:
            continue
        python, fast = _both(game)
        _same(python, fast)
        _check_lines(game, fast)


@pytest.mark.parametrize(
    ("code", "budgets"),
    [
        ("PY1-T-AAAAAAS", (1, 2, 700, 5_000)),  # one pass: the relaxation, then the exact search
        ("PY1-P-AAAAAAS", (1, 40, 300, 1_500)),  # two redeals: the oracle's budget is the search's
        ("PY1-N-AAAAAAS", (1, 12)),  # unlimited recycles: the pool search alone
    ],
)
def test_a_node_budget_stops_both_at_the_same_state(code: str, budgets: tuple[int, ...]) -> None:
    game = Game.from_code(code)
    full = solve(game, engine="python")
    for budget in budgets:
        assert budget < full.nodes
        stops = []
        for engine in ("python", "native"):
            with pytest.raises(SearchLimitReached) as stop:
                solve(game, max_nodes=budget, engine=engine)
            stops.append((stop.value.nodes, stop.value.best_line, stop.value.removed))
        assert stops[0] == stops[1]
        assert stops[1][0] == budget
    python, fast = _both(game, max_nodes=full.nodes + 1)
    _same(python, fast)


def test_hint_gives_the_same_move_within_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    moves = {}
    for engine in ("python", "native"):
        monkeypatch.setenv(engines.ENVIRONMENT_VARIABLE, engine)
        moves[engine] = [
            hint(Game.from_code(f"PY1-T-{letters}"), max_nodes=3_000)
            for letters in deal_letters(8, 3)
        ]
    assert moves["native"] == moves["python"]


def test_auto_runs_compiled_and_the_environment_forces_pure_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(engines.ENVIRONMENT_VARIABLE, raising=False)
    assert solve("PY1-S-AAAAAAS").engine == "native"
    monkeypatch.setenv(engines.ENVIRONMENT_VARIABLE, "python")
    assert solve("PY1-S-AAAAAAS").engine == "python"
    assert solve("PY1-S-AAAAAAS", engine="native").engine == "native"  # the argument wins


def _mid_game(rules: Rules, deals: int, seed: int) -> list[Game]:
    """Positions in play with recycles still to spend: a few pyramid cards and stock cards left."""
    return [
        playout(Game(Deal.from_letters(letters, rules.table), rules), seed=n, keep=7, stock=8)
        for n, letters in enumerate(deal_letters(seed, deals))
    ]


@pytest.mark.parametrize("rules", ALL_KNOBS, ids=knobs_id)
def test_optimal_gets_the_python_answer_on_every_knob_set(rules: Rules) -> None:
    """``optimal=True`` compiled (the A* of shortest.py ported to C) against pure Python: the same
    ``winnable`` and ``max_removed``, the same winning line (so the same, fewest, number of
    moves: R20 counts removals, draws and recycles) replayed to a win, the same node count; on
    positions with recycles to spend (the A*'s recycling edges and its oracle), on the last pass
    and near a win, under all 32 knob combinations (R15, R17, docs/rules.md §9)."""
    games = (
        _mid_game(rules, 2, seed=12)
        + list(small_positions(rules, 1, seed=77))
        + list(near_wins(rules, 1))
    )
    won = 0
    for game in games:
        if game.is_over:
            continue
        python, fast = _both(game, optimal=True)
        _same(python, fast)
        _check_lines(game, fast)
        assert fast.optimal
        won += fast.winnable
    assert won  # the sample holds a line to shorten


@pytest.mark.parametrize(
    ("code", "winnable"),
    [
        ("PY1-W-FPAHRPB", True),
        ("PY1-V-QDCDSDP", True),
        ("PY1-B-FPAHRPB", True),
        ("PY1-T-FPAHRPB", False),
        ("PY1-P-MQOXHUS", False),
    ],
)
def test_optimal_gets_the_python_answer_on_whole_deals(code: str, winnable: bool) -> None:
    """Whole deals: the other modelled tables (won, from the deal) and two presets whose deal is
    lost (answered by the default search alone, max_removed included)."""
    game = Game.from_code(code)
    python, fast = _both(game, optimal=True)
    _same(python, fast)
    _check_lines(game, fast)
    assert fast.winnable == winnable


@pytest.mark.parametrize(
    "rules",
    [
        Rules(recycles=2, draw_against_waste=True),
        Rules(strict_win=True, recycles=2, draw_against_waste=True),
    ],
    ids=knobs_id,
)
def test_an_optimal_node_budget_stops_both_at_the_same_state(rules: Rules) -> None:
    """A budget spent in the A* (or in the oracle it consults) stops both engines at the same
    node, each reporting the winning line the default search found and 28 cards removed."""
    game = next(
        g
        for g in _mid_game(rules, 4, seed=12)
        if not g.is_over and solve(g, engine="python").winnable
    )
    decided = solve(game, engine="python")
    full = solve(game, optimal=True, engine="python")
    assert full.nodes > decided.nodes + 10  # the A* expands states of its own
    for budget in (decided.nodes + 1, (decided.nodes + full.nodes) // 2, full.nodes - 1):
        stops = []
        for engine in ("python", "native"):
            with pytest.raises(SearchLimitReached) as stop:
                solve(game, optimal=True, max_nodes=budget, engine=engine)
            stops.append((stop.value.nodes, stop.value.best_line, stop.value.removed))
        assert stops[0] == stops[1] == (budget, decided.solution, 28)
    python, fast = _both(game, optimal=True, max_nodes=full.nodes + 1)
    _same(python, fast)


def test_optimal_runs_compiled_where_it_can(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(engines.ENVIRONMENT_VARIABLE, raising=False)
    game = next(near_wins(Rules(), 1))
    assert solve(game, optimal=True).engine == "native"
    monkeypatch.setenv(engines.ENVIRONMENT_VARIABLE, "python")
    assert solve(game, optimal=True).engine == "python"


def test_without_the_extension_auto_falls_back_and_compiled_says_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What an install without a compiler, or Pyodide, sees: the import found no library."""
    monkeypatch.delenv(engines.ENVIRONMENT_VARIABLE, raising=False)
    monkeypatch.setitem(engines._loaded, "native", None)
    assert not compiled.available()
    assert solve("PY1-S-AAAAAAS").engine == "python"
    with pytest.raises(ValueError, match="not built in this installation"):
        solve("PY1-S-AAAAAAS", engine="native")


def test_the_one_waste_search_models_every_table_the_pile_search_does_not() -> None:
    """The tables with other piles have their own compiled search (test_solver_compiled_piles.py)."""
    for table in TABLES.values():
        assert compiled.models(table) is not needs_pile_search(table), table.name


@pytest.mark.parametrize("engine", ["C", "", None, 1, "Python"])
def test_an_unknown_engine_is_refused_at_the_call(engine: object) -> None:
    with pytest.raises(
        ValueError, match="engine must be one of 'auto', 'native', 'wasm', 'compiled', 'python'"
    ):
        solve("PY1-S-AAAAAAS", engine=engine)  # type: ignore[arg-type]


def test_an_unknown_environment_value_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(engines.ENVIRONMENT_VARIABLE, "fast")
    with pytest.raises(
        ValueError,
        match="PYRAMIDE_SOLVER must be one of auto, native, wasm, compiled, python, got 'fast'",
    ):
        solve("PY1-S-AAAAAAS")


def test_the_engines_here_and_the_one_that_cannot_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """CPython with the extension: native then Python; the WebAssembly module runs in Pyodide
    only (tests/test_solver_wasm.py runs it there), so asking for it says why not."""
    monkeypatch.delenv(engines.ENVIRONMENT_VARIABLE, raising=False)
    assert engines.available_engines() == ["native", "python"]
    assert solve("PY1-S-AAAAAAS", engine="compiled").engine == "native"
    with pytest.raises(ValueError, match=r"engine='wasm' cannot run here: .* runs in Pyodide"):
        solve("PY1-S-AAAAAAS", engine="wasm")


def _words(code: str, limit: int = -1) -> list[int]:
    """The words of a solve of ``code``'s deal, as ``search_core.c`` reads them."""
    game = Game.from_code(code)
    encoded = EncodedPosition(game.position(), game.rules)
    return list(array("i", wire.search_words(encoded, limit, False)))


def test_the_core_refuses_words_it_cannot_hold(fresh_build) -> None:
    """The C entry point checks its input itself (bad words must not read past their arrays),
    and says what it expected."""
    good = _words("PY1-S-AAAAAAS", limit=10)
    answer = wire.read_search_answer(fresh_build.search(array("i", good).tobytes()))
    assert answer.stopped and answer.nodes == 10
    size = good[1]
    for words, message in [
        ([16, *good[1:]], "the pair sum must be 2..15"),
        ([good[0], 33, *good[2:]], "ranks: at most 32 pyramid places"),
        (
            [*good[: 2 + size], 1 << size, *good[3 + size :]],
            "a mask names a place beyond the table",
        ),
        (good[:-1], "the words end before the data does"),
        ([*good, 0], "words left over after the data"),
    ]:
        with pytest.raises(ValueError, match=message):
            fresh_build.search(array("i", words).tobytes())
    with pytest.raises(ValueError, match="a whole number of 32-bit integers"):
        fresh_build.search(b"\0\0\0")


def test_the_build_says_why_it_cannot_build(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    script = build_script()
    real = sysconfig.get_config_var

    def config(name: str):
        return "no-such-compiler-here" if name == "CC" else real(name)

    monkeypatch.setattr(sysconfig, "get_config_var", config)
    with pytest.raises(RuntimeError, match="no C compiler"):
        script.build(tmp_path)
    assert not list(tmp_path.iterdir())
    monkeypatch.setattr(script, "CLANG", "no-such-clang-here")
    with pytest.raises(RuntimeError, match="no no-such-clang-here on PATH"):
        script.build_wasm(tmp_path)
    assert not list(tmp_path.iterdir())


@pytest.mark.skipif(not REQUIRED, reason="PYRAMIDE_REQUIRE_COMPILED is not set")
def test_the_installed_package_solves_with_its_compiled_search() -> None:
    """Where CI requires it, the package as installed (a fresh interpreter, not this module's
    build) solves with the compiled search: an install that fell back to pure Python fails."""
    code = (
        "from pyramide_widget import Game, solve\n"
        "print(solve(Game.from_code('PY1-T-AAAAAAS')).engine)\n"
        "print(solve(Game.from_code('PY2-U-AAAAAAS')).engine)"  # the pile search's port too
    )
    env = {k: v for k, v in os.environ.items() if k != "PYRAMIDE_SOLVER"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.split() == ["native", "native"], done.stderr
