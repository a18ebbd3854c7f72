"""What the documentation pages show that the package knows: tables' pictures, the presets, and
the published win rates, each as text or rows.

No Sphinx here: ``pyramide_site.py`` turns these rows into pages, and the tests read the same
rows to check that the pages agree with the package (``tests/test_docs_pages.py``).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from pyramide_widget import PRESETS, Game, Rules

Rows = tuple[list[str], list[list[str]]]

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def table_picture(code: str, played: Sequence[str] = ()) -> tuple[str, str, str]:
    """The file name, the SVG and its text of the table of deal ``code`` after ``played``."""
    game = Game.from_code(code)
    for move in played:
        game.play(move)
    svg = game._repr_svg_()
    label = f"The table of {code}" + (f" after {' '.join(played)}" if played else "")
    name = (
        code
        if not played
        else f"{code}-{hashlib.sha256(' '.join(played).encode()).hexdigest()[:8]}"
    )
    return f"{name}.svg", svg, label


def _recycles(rules: Rules) -> str:
    return "unlimited" if rules.recycles is None else str(rules.recycles)


def preset_rows() -> Rows:
    """Each preset: letter, name, table, what must be cleared, recycles, the two pairing knobs."""
    header = [
        "letter",
        "name",
        "table",
        "to win, clear",
        "recycles",
        "draw against waste",
        "pair with coverer",
    ]
    rows = [
        [
            letter,
            preset.name,
            preset.rules.table.name,
            "every card" if preset.rules.strict_win else "the pyramid",
            _recycles(preset.rules),
            "yes" if preset.rules.draw_against_waste else "no",
            "yes" if preset.rules.pair_with_coverer else "no",
        ]
        for letter, preset in PRESETS.items()
    ]
    return header, rows


# ---------------------------------------------------------------------- the published rates


def percent(share: float) -> str:
    """A share as the pages print it: one decimal from 1% up, two below (``6.9%``, ``0.41%``)."""
    return f"{100 * share:.{_decimals(share)}f}%"


def _decimals(share: float) -> int:
    return 1 if share >= 0.01 else 2


def percent_range(low: float, high: float) -> str:
    """``65.7–67.5%``: both ends with the decimals of the higher."""
    decimals = _decimals(high)
    return f"{100 * low:.{decimals}f}–{100 * high:.{decimals}f}%"


def share_won(rate: Any) -> str:
    """A rate's share won, or its range where some deals were left undecided."""
    low, high = rate.rate_range
    return percent(low) if low == high else percent_range(low, high)


def published() -> tuple[Any, ...]:
    """Every published set of rates (``all_published_rates()``)."""
    from pyramide_widget.analysis.published import all_published_rates

    return tuple(all_published_rates())


def expert_answer() -> str:
    """Where "about 1 in 50" lies against the expert's published rate under Traditional."""
    item = next(item for item in _presets_published() if item.rules.letter == "T")
    expert = item.expert
    if expert is None:
        return (
            "The expert's rate under Traditional is not published yet: until it is, the careful "
            "strategy is the strongest player measured here."
        )
    share = (
        f"{share_won(expert)} ({percent_range(expert.low, expert.high)}, {expert.deals:,} deals)"
    )
    if expert.high < 1 / 50:
        where = "above what the expert achieves: about 1 in 50 asks for more than it wins"
    elif expert.low > 1 / 50:
        where = "below what the expert achieves: a player who plans as it does wins more often"
    else:
        where = "inside the expert's interval: expert play wins about 1 deal in 50"
    return f"Under Traditional the expert wins {share}; 1 in 50 lies {where}."


def _presets_published() -> list[Any]:
    return [item for item in published() if item.rules.letter in PRESETS]


def _label(rules: Rules) -> str:
    return f"{rules.letter} {rules.name}"


def solver_rows() -> Rows:
    """Each preset's published solver rate: deals, won, lost, undecided, share, interval."""
    header = ["preset", "deals", "won", "lost", "undecided", "share won", "95% interval"]
    rows = [
        [
            _label(item.rules),
            f"{rate.deals:,}",
            f"{rate.won:,}",
            f"{rate.lost:,}",
            f"{rate.undecided:,}",
            share_won(rate),
            percent_range(rate.low, rate.high),
        ]
        for item in _presets_published()
        if (rate := item.solver) is not None
    ]
    return header, rows


def player_rows() -> Rows:
    """Each preset's players beside the solver on the same deals, strongest first."""
    items = _presets_published()
    names: list[str] = []
    for item in items:
        names += [name for name in item.players if name not in names]
    header = ["preset", "deals", "solver (sees the stock)", *names]
    rows = []
    for item in items:
        if not item.players:
            continue
        # The row's deals are the heuristics'; a player that ran other deals (the expert) says
        # how many, and what the solver won of those.
        first = item.players.get("careful") or next(iter(item.players.values()))
        cells = [_label(item.rules), f"{first.deals:,}", _with_interval(first.solver)]
        cells += [_with_interval(item.players.get(name), first.deals) for name in names]
        rows.append(cells)
    return header, rows


def _with_interval(rate: Any, deals: int | None = None) -> str:
    if rate is None:
        return "not measured"
    text = f"{share_won(rate)} ({percent_range(rate.low, rate.high)})"
    if deals is not None and rate.deals != deals and rate.solver is not None:
        text += f" of {rate.deals:,} deals, where the solver wins {share_won(rate.solver)}"
    return text


def outside_rows() -> Rows:
    """Each outside figure beside ours under the same rules."""
    header = ["rules", "source", "their share won", "ours", "our deals", "our 95% interval"]
    rows = [
        [
            _label(item.rules) if item.rules.letter in PRESETS else repr(item.rules),
            item.outside.source,
            f"{100 * item.outside.rate:.2f}%",
            share_won(item.solver),
            f"{item.solver.deals:,}",
            percent_range(item.solver.low, item.solver.high),
        ]
        for item in published()
        if item.outside is not None and item.solver is not None
    ]
    return header, rows


RATE_TABLES: dict[str, Callable[[], Rows]] = {
    "solver": solver_rows,
    "players": player_rows,
    "outside": outside_rows,
}


# ---------------------------------------------------------------------- the benchmarks' tables


def _benchmark(name: str) -> ModuleType:
    """A script of ``benchmarks/``, loaded as a module (it prints its own table's rows)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cells(row: str) -> list[str]:
    """The cells of a Markdown table row, as the benchmark scripts print them."""
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def win_rate_run_rows() -> Rows:
    """Each preset's published solver run with its time and the machine's load, as
    ``benchmarks/publish_win_rate.py --table`` prints it from ``win_rates.json``."""
    script = _benchmark("publish_win_rate")
    header = [
        "preset",
        "deals",
        "won",
        "rate",
        "95% interval (Wilson)",
        "run time: wall-clock / CPU",
        "load before → after",
    ]
    results = json.loads(script.WIN_RATES.read_text(encoding="utf-8"))["results"]
    return header, [_cells(script.row(item)) for item in results]


def pile_search_rows() -> Rows:
    """The pile games' search, per game, as ``benchmarks/bench_piles.py --table`` prints it
    from ``piles_solver.json``."""
    script = _benchmark("bench_piles")
    header = [
        "preset",
        "won",
        "lost",
        "undecided",
        "CPU median",
        "90th percentile",
        "slowest",
        "hint() on the slowest",
        "load before → after",
    ]
    results = json.loads(script.RESULTS.read_text(encoding="utf-8"))["results"]
    return header, [_cells(script.row(item)) for item in results]


def browser_rows() -> Rows:
    """The solver in the browser's Python beside native CPython, as
    ``benchmarks/bench_browser.py`` prints it from ``browser.json``."""
    script = _benchmark("bench_browser")
    header = [
        "work",
        "native (CPython)",
        "WebAssembly (Pyodide)",
        "pure Python (Pyodide)",
        "load before → after",
    ]
    record = json.loads(script.RESULT.read_text(encoding="utf-8"))
    return header, [_cells(row) for row in script.rows(record)]


BENCHMARK_TABLES: dict[str, Callable[[], Rows]] = {
    "win-rates": win_rate_run_rows,
    "pile-search": pile_search_rows,
    "browser": browser_rows,
}
# What those tables are made from: a page that shows them is rebuilt when one changes.
BENCHMARK_SOURCES = [
    BENCHMARKS / "publish_win_rate.py",
    BENCHMARKS / "bench_piles.py",
    BENCHMARKS / "machine.py",
    BENCHMARKS / "results" / "win_rates.json",
    BENCHMARKS / "results" / "piles_solver.json",
    BENCHMARKS / "bench_browser.py",
    BENCHMARKS / "results" / "browser.json",
]


def rate_text(spec: str) -> str:
    """``"T"``: the solver's published share under preset T; ``"T careful"``: that player's."""
    letter, _, player = spec.strip().partition(" ")
    player = player.strip() or "solver"
    for item in _presets_published():
        if item.rules.letter == letter:
            rate = item.solver if player == "solver" else item.players.get(player)
            if rate is None:
                raise KeyError(f"nothing published for {player!r} under {letter}")
            return share_won(rate)
    raise KeyError(f"no published rates for the preset {letter!r}")
