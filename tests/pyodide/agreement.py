"""The WebAssembly engine against the pure-Python one, deal for deal, inside Pyodide.

Run by ``tests/test_solver_wasm.py`` through ``tests/pyodide/run.mjs`` (Pyodide under Node,
offline). The deals are those of ``tests/test_solver_compiled.py`` and
``tests/test_solver_compiled_piles.py``, which compare the CPython extension with pure Python:
the same answers, lines and node counts, the same stops at a node budget, the same hints. Then
the module's memory over many solves, and a corrupt module's fallback. Prints one JSON line of
what it checked; any disagreement raises.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import warnings
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/: solver_reference

from solver_reference import ALL_KNOBS, near_wins, playout, replayed, small_positions

from pyramide_widget import Game
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.engine.deal import Deal, DealCode
from pyramide_widget.engine.rules import PRESETS, Rules
from pyramide_widget.engine.table import TABLES
from pyramide_widget.solver import (
    SearchLimitReached,
    Verdict,
    compiled,
    engines,
    hint,
    solve,
    verdict,
    wasm,
)
from pyramide_widget.solver.piles import needs_pile_search

MODELLED = [letter for letter, preset in PRESETS.items() if compiled.models(preset.rules.table)]
PILE_PRESETS = [letter for letter, p in PRESETS.items() if needs_pile_search(p.rules.table)]
SAMPLE = {"S": 3, "T": 2, "R": 2}  # fewer deals of the one-pass presets, slow in pure Python
PILE_BUDGET = {"G": 5_000, "U": 4_000}
checked: dict[str, int] = {}


def outcome(game: Game, engine: str, **options: object) -> tuple[object, ...]:
    """What ``solve`` answers on ``engine``, or where a node budget stopped it."""
    try:
        result = solve(game, engine=engine, **options)  # type: ignore[arg-type]
    except SearchLimitReached as stop:
        return ("stopped", stop.nodes, [str(m) for m in stop.best_line], stop.removed)
    assert result.engine == engine, result.engine
    line = None if result.solution is None else [str(m) for m in result.solution]
    return ("solved", result, line, [str(m) for m in result.best_line])


def agree(what: str, game: Game, **options: object) -> None:
    python, fast = outcome(game, "python", **options), outcome(game, "wasm", **options)
    assert python == fast, f"{what}: {game.code()} python {python!r:.300} wasm {fast!r:.300}"
    if not options.get("optimal"):  # the verdict (no lines) on wasm: the answer python solved
        budget = options.get("max_nodes")
        found = verdict(game.position(), game.rules, game.status, max_nodes=budget, engine="wasm")  # type: ignore[arg-type]
        if python[0] == "stopped":
            expected = Verdict(None, python[3], python[1])  # type: ignore[arg-type]
        else:
            solved = python[1]
            expected = Verdict(solved.winnable, solved.max_removed, solved.nodes)  # type: ignore[union-attr]
        assert found == expected and found.engine == "wasm", f"{what}: {found} {expected}"
        checked["verdicts"] = checked.get("verdicts", 0) + 1
    if fast[0] == "solved" and fast[2] is not None:
        assert str(replayed(game, fast[1].solution).status) == "won", what  # type: ignore[union-attr]
    checked[what] = checked.get(what, 0) + 1


def one_waste() -> None:
    for letter in MODELLED:
        for letters in deal_letters(2026, SAMPLE.get(letter, 10)):
            agree("presets", Game.from_code(f"PY1-{letter}-{letters}"))
    for rules in ALL_KNOBS:
        games = list(small_positions(rules, 2, seed=77)) + list(near_wins(rules, 1))
        for table in TABLES.values():
            if table.name != "Standard" and compiled.models(table):
                games += small_positions(replace(rules, table=table), 1, seed=78)
        mid_game = [
            playout(Game(Deal.from_letters(letters, rules.table), rules), seed=n, keep=7, stock=8)
            for n, letters in enumerate(deal_letters(12, 2))
        ]
        for game in games:
            if not game.is_over:
                agree("knobs", game)
        for game in mid_game + list(small_positions(rules, 1, seed=77)):
            if not game.is_over:
                agree("optimal knobs", game, optimal=True)
    for code in ("PY1-W-FPAHRPB", "PY1-V-QDCDSDP", "PY1-B-FPAHRPB", "PY1-T-FPAHRPB"):
        agree("optimal deals", Game.from_code(code), optimal=True)
    for code, budgets in (
        ("PY1-T-AAAAAAS", (1, 2, 700, 5_000)),
        ("PY1-P-AAAAAAS", (1, 40, 300, 1_500)),
        ("PY1-N-AAAAAAS", (1, 12)),
    ):
        for budget in budgets:
            agree("budgets", Game.from_code(code), max_nodes=budget)
            agree("optimal budgets", Game.from_code(code), max_nodes=budget, optimal=True)


def piles() -> None:
    knobs = [
        Rules(strict_win=True),
        Rules(recycles=0, draw_against_waste=True),
        Rules(strict_win=True, recycles=1, draw_against_waste=True, pair_with_coverer=True),
    ]
    for letter in PILE_PRESETS:
        rules = PRESETS[letter].rules
        codes = [str(DealCode.for_rules(rules, letters)) for letters in deal_letters(2026, 8)]
        for code in codes:
            agree("pile presets", Game.from_code(code), max_nodes=PILE_BUDGET.get(letter))
        for code in codes[:2]:
            agree("pile optimal", Game.from_code(code), optimal=True, max_nodes=20_000)
            agree("pile budgets", Game.from_code(code), max_nodes=50)
        for extra in knobs:
            knobbed = replace(extra, table=rules.table)
            for game in small_positions(knobbed, 1, seed=5):
                if not game.is_over:
                    agree("pile knobs", game, max_nodes=PILE_BUDGET.get(letter, 20_000))


def hints() -> None:
    games = [
        Game.from_code(f"PY1-{letter}-{code}") for letter in "NTGC" for code in deal_letters(8, 2)
    ]
    moves = {}
    for engine in ("python", "wasm"):  # hint() runs "auto": the environment picks the engine
        os.environ[engines.ENVIRONMENT_VARIABLE] = engine
        moves[engine] = [hint(Game(g.deal, g.rules), max_nodes=2_000) for g in games]
    del os.environ[engines.ENVIRONMENT_VARIABLE]
    assert moves["wasm"] == moves["python"], moves
    checked["hints"] = len(games)


def memory(solves: int) -> dict[str, int]:
    """The module's memory after warming up and after ``solves`` more solves: flat."""
    cores = engines.cores("wasm")
    assert isinstance(cores, wasm.WasmCores)
    codes = [f"PY1-{letter}-{deal}" for letter in "NTGC" for deal in deal_letters(99, 25)]
    for code in codes:
        _quiet(code)
    before = cores.memory_bytes()
    for n in range(solves):
        _quiet(codes[n % len(codes)])
    after = cores.memory_bytes()
    assert after == before, (before, after)
    return {"solves": solves, "memory_before": before, "memory_after": after}


def _quiet(code: str) -> None:
    with contextlib.suppress(SearchLimitReached):
        solve(code, max_nodes=20_000, engine="wasm")


def corrupt_module_falls_back() -> None:
    """A module that does not load: one warning, and pure Python answers."""
    broken = Path("/tmp/solver_cores.wasm")
    broken.write_bytes(b"\0asm not a module")
    real, loaded = wasm.MODULE_FILE, dict(engines._loaded)
    wasm.MODULE_FILE = broken
    engines._loaded.clear()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert engines.available_engines() == ["python"]
            assert solve("PY1-N-AAAAAAS").engine == "python"
            assert solve("PY1-G-AAAAAAS").engine == "python"
        assert len(caught) == 1 and "does not load" in str(caught[0].message), caught
    finally:
        wasm.MODULE_FILE = real
        engines._loaded.clear()
        engines._loaded.update(loaded)


def a_trap_falls_back_for_that_solve() -> None:
    """A module that traps mid-run (simulated: its search throws as a trap would) leaves that
    solve to pure Python with a warning; the module is instantiated afresh and runs the next."""
    from pyodide.code import run_js

    cores = engines.cores("wasm")
    assert isinstance(cores, wasm.WasmCores)
    trapping = run_js(
        "(exports) => new Proxy(exports, {get: (target, name) => name === 'run_search' || "
        "name === 'run_piles' ? () => { throw new WebAssembly.RuntimeError('unreachable') } "
        ": target[name]})"
    )
    for code in ("PY1-T-AAAAAAS", "PY1-G-AAAAAAS"):
        cores.exports = trapping(cores.exports)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fallen = solve(code)
        assert fallen.engine == "python" and fallen == solve(code, engine="python"), code
        assert len(caught) == 1 and "unreachable" in str(caught[0].message), caught
        assert solve(code).engine == "wasm"
    checked["traps"] = 2


def main() -> None:
    """Arguments: the module to test (a fresh build; default the checkout's), and how many
    solves the memory check runs."""
    if len(sys.argv) > 1 and sys.argv[1] != "-":
        wasm.MODULE_FILE = Path(sys.argv[1])
    assert engines.available_engines() == ["wasm", "python"], engines.available_engines()
    assert solve("PY1-N-AAAAAAS").engine == "wasm"  # auto: the fastest here
    assert compiled.available()  # the widget's chance asks the desktop's layouts
    one_waste()
    piles()
    hints()
    found = memory(int(sys.argv[2]) if len(sys.argv) > 2 else 1_000)
    corrupt_module_falls_back()
    a_trap_falls_back_for_that_solve()
    print(json.dumps({"checked": checked, **found}))


if __name__ == "__main__":
    main()
