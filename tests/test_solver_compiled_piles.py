"""The compiled pile search against the pure-Python one: the same answers, lines and node counts.

``pyramide_widget/solver/piles_core.c`` is a second implementation of
:class:`~pyramide_widget.solver.piles.PileSearch` (the games with other piles, docs/rules.md
§11), so it must agree with the reference on everything ``solve`` returns, the node count
included (which also makes a node budget, the Hint button's, stop both at the same state). A
small sample per game, per knob set and per kind of position runs here;
``benchmarks/crosscheck_piles.py`` runs thousands of deals. The C file is compiled afresh for
this module (tests/compiled_build.py).
"""

from __future__ import annotations

import random
import shutil
from array import array
from dataclasses import replace

import pytest
from compiled_build import build_script, fresh_module
from solver_reference import knobs_id, replayed, small_positions

from pyramide_widget import Game
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.engine.deal import DealCode
from pyramide_widget.engine.rules import PRESETS, Rules
from pyramide_widget.engine.table import RESERVE_SIX_TABLE
from pyramide_widget.solver import (
    SearchLimitReached,
    SolveResult,
    compiled,
    engines,
    hint,
    solve,
    wire,
)
from pyramide_widget.solver.piles import PileSearch, needs_pile_search

PILE_PRESETS = [letter for letter, p in PRESETS.items() if needs_pile_search(p.rules.table)]
# A budget per game that keeps pure Python at about a second a deal (Giza and Tut's Tomb prove
# some deals only after hundreds of thousands of states): a deal past it compares the stops.
BUDGET = {"G": 5_000, "U": 4_000}
KNOBS = [
    Rules(strict_win=True),
    Rules(recycles=0, draw_against_waste=True),
    Rules(strict_win=True, recycles=1, draw_against_waste=True, pair_with_coverer=True),
]


@pytest.fixture(scope="module", autouse=True)
def fresh_build(tmp_path_factory: pytest.TempPathFactory):
    """The compiled pile search built now from the C source, in use for this module's tests."""
    module = fresh_module(tmp_path_factory.mktemp("compiled"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(engines._loaded, "native", module)
        yield module


def _outcome(game: Game, engine: str, **options) -> tuple[str, object]:
    """What ``solve`` answers, or where a node budget stopped it (nodes, line, removed)."""
    try:
        result = solve(game, engine=engine, **options)
    except SearchLimitReached as stop:
        return "stopped", (stop.nodes, stop.best_line, stop.removed)
    assert result.engine == engine
    return "solved", result


def _same(game: Game, **options) -> tuple[str, object]:
    """Both engines on ``game``: the same result (``SolveResult`` equality: winnable,
    max_removed, lines, nodes) and the very same moves; a won line replays to a win."""
    python, fast = _outcome(game, "python", **options), _outcome(game, "native", **options)
    assert python == fast
    if fast[0] == "solved":
        result, reference = fast[1], python[1]
        assert isinstance(result, SolveResult) and isinstance(reference, SolveResult)
        assert [str(m) for m in result.best_line] == [str(m) for m in reference.best_line]
        if result.solution is not None:
            assert str(replayed(game, result.solution).status) == "won"
        if not result.optimal:  # the breadth-first search keeps no line short of a win
            removed = game.table.shape.size - replayed(game, result.best_line).pyramid_left
            assert removed == result.max_removed
    return fast


def _positions(rules: Rules, deals: int, seed: int):
    """Positions some random moves into deals under ``rules`` (removals, moves to the cell,
    draws and recycles alike), still in play."""
    for n, letters in enumerate(deal_letters(seed, deals)):
        game = Game.from_code(str(DealCode.for_rules(rules, letters)), rules=rules)
        rng = random.Random(n)
        for _ in range(6 + 7 * n):
            moves = game.legal_moves()
            if not moves or game.is_over:
                break
            removals = [m for m in moves if m.cards]
            game.play(rng.choice(removals if removals and rng.random() < 0.6 else moves))
        if not game.is_over:
            yield game


def _near_the_end(letter: str):
    """Positions a few moves before the end of a winning line of a deal of ``letter``."""
    for n, code in enumerate(_codes(letter, 6, seed=3)):
        game = Game.from_code(code)
        try:
            line = solve(game, max_nodes=50_000).solution
        except SearchLimitReached:
            continue
        if line:
            yield replayed(game, line[: len(line) - 4 - n % 3])


def _codes(letter: str, deals: int, seed: int) -> list[str]:
    rules = PRESETS[letter].rules
    return [str(DealCode.for_rules(rules, letters)) for letters in deal_letters(seed, deals)]


@pytest.mark.parametrize("letter", PILE_PRESETS)
def test_every_pile_preset_gets_the_python_answer_lines_and_nodes(letter: str) -> None:
    """Whole deals of Apophis, Reserve, Cell, Giza and Tut's Tomb (A1-A5)."""
    for code in _codes(letter, 8, seed=2026):
        _same(Game.from_code(code), max_nodes=BUDGET.get(letter))


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(replace(knobs, table=table), id=f"{table.name}-{knobs_id(knobs)}")
        for letter in PILE_PRESETS
        for table in [PRESETS[letter].rules.table] + ([RESERVE_SIX_TABLE] if letter == "Y" else [])
        for knobs in KNOBS
    ],
)
def test_every_knob_set_mid_game_gets_the_python_answer(rules: Rules) -> None:
    """Positions in play (cards gone, the waste drawn, recycles spent, a card in the cell) under
    strict win (R17), limited recycles (R15), draw against waste and pair with coverer (§9), on
    every pile table: what the moves, keys, bounds and relaxations of the search read."""
    games = list(_positions(rules, 5, seed=5))
    assert len(games) >= 2
    for game in games:
        _same(game, max_nodes=5_000)


@pytest.mark.parametrize("letter", PILE_PRESETS)
def test_optimal_gets_the_python_answer(letter: str) -> None:
    """``optimal=True`` (the breadth-first search on the exact states) near the end of a deal."""
    rules = PRESETS[letter].rules
    games = [*small_positions(rules, 2, seed=9), *_near_the_end(letter)]
    solved = [_same(game, optimal=True, max_nodes=4_000) for game in games if not game.is_over]
    assert any(kind == "solved" for kind, _ in solved)


@pytest.mark.parametrize(
    ("code", "budgets"),
    [
        ("PY2-U-AAAAAAS", (1, 2, 40, 300, 700)),  # groups: the relaxations take nodes too
        ("PY1-C-MIGFQQC", (1, 500, 20_000)),  # a cell: the start's relaxation may take half
        ("PY1-G-AAAAAAS", (1, 100, 400)),  # strict win, eight columns
        ("PY1-Y-AAAAAAS", (1, 30, 300)),  # a pool game: its steps draw and recycle
    ],
)
def test_a_node_budget_stops_both_at_the_same_state(code: str, budgets: tuple[int, ...]) -> None:
    game = Game.from_code(code)
    full = solve(game, engine="python")
    for budget in budgets:
        assert budget < full.nodes
        stop = _same(game, max_nodes=budget)
        assert stop[0] == "stopped" and stop[1][0] > budget  # type: ignore[index]


def test_hint_gives_the_same_move_within_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    games = [Game.from_code(code) for letter in PILE_PRESETS for code in _codes(letter, 2, seed=8)]
    moves = {}
    for engine in ("python", "native"):
        monkeypatch.setenv(engines.ENVIRONMENT_VARIABLE, engine)
        moves[engine] = [hint(Game(g.deal, g.rules), max_nodes=2_000) for g in games]
    assert moves["native"] == moves["python"]


def test_auto_runs_compiled_on_a_pile_game_and_the_environment_forces_pure_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(engines.ENVIRONMENT_VARIABLE, raising=False)
    assert solve("PY1-G-AAAAAAS").engine == "native"
    monkeypatch.setenv(engines.ENVIRONMENT_VARIABLE, "python")
    assert solve("PY1-G-AAAAAAS").engine == "python"
    assert solve("PY1-G-AAAAAAS", engine="native").engine == "native"  # the argument wins
    with pytest.raises(ValueError, match="engine must be one of"):
        solve("PY1-G-AAAAAAS", engine="fast")


def test_without_the_extension_auto_falls_back_and_compiled_says_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What an install without a compiler, or Pyodide, sees: the import found no library."""
    monkeypatch.delenv(engines.ENVIRONMENT_VARIABLE, raising=False)
    monkeypatch.setitem(engines._loaded, "native", None)
    assert not compiled.available()
    assert solve("PY1-C-AAAAAAS").engine == "python"
    with pytest.raises(ValueError, match="not built in this installation"):
        solve("PY1-C-AAAAAAS", engine="native")


def test_the_build_makes_the_extension_and_the_webassembly_module(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pip install`` (the build hook) and ``python build_compiled.py`` build the CPython
    extension of both cores and, where clang targets wasm32-wasi, their WebAssembly module;
    ``PYRAMIDE_PURE_PYTHON_WHEEL`` leaves the extension out, never the module."""
    script = build_script()
    monkeypatch.delenv(script.SKIP_VARIABLE, raising=False)
    built = [path.name for path in script.build_all(tmp_path)]
    if not built or not built[0].startswith("_compiled."):  # the module's fixture said why
        pytest.skip("the extension cannot be built here")
    assert built[1:] == (["solver_cores.wasm"] if shutil.which(script.CLANG) else [])
    monkeypatch.setenv(script.SKIP_VARIABLE, "1")
    assert [path.name for path in script.build_all(tmp_path / "pure")] == built[1:]


def test_the_core_refuses_data_it_cannot_hold(fresh_build) -> None:
    """The C entry point checks its input itself (bad words must not read past their arrays)."""
    game = Game.from_code("PY1-C-AAAAAAS")
    search = PileSearch(game.position(), game.rules, 10)
    good = list(array("i", wire.pile_words(search, False)))
    answer = wire.read_pile_answer(fresh_build.piles(array("i", good).tobytes()))
    assert answer.stopped  # at its budget
    ncards = good[3]
    for words, message in [
        ([16, *good[1:]], "target: 2..15"),
        ([*good[:3], 65, *good[4:]], "rank: at most 64 cards"),
        ([*good[:4], 14, *good[5:]], "rank: at most 64 cards, each 1..target"),
        ([*good[: 4 + ncards], 33, *good[5 + ncards :]], "pyramid: at most 32 places"),
        (good[:-1], "the words end before the data does"),
        ([*good, 0], "words left over after the data"),
    ]:
        with pytest.raises(ValueError, match=message):
            fresh_build.piles(array("i", words).tobytes())
