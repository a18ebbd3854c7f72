"""What the documentation pages show that the package knows: tables' pictures, the presets, and
the published win rates, each as text or rows.

No Sphinx here: ``pyramide_site.py`` turns these rows into pages, and the tests read the same
rows to check that the pages agree with the package (``tests/test_docs_pages.py``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from pyramide_widget import PRESETS, Game, Rules

Rows = tuple[list[str], list[list[str]]]

PUBLISHED_MODULE = "pyramide_widget.analysis.published"


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
        first = next(iter(item.players.values()))
        cells = [_label(item.rules), f"{first.deals:,}", _with_interval(first.solver)]
        cells += [_with_interval(item.players.get(name)) for name in names]
        rows.append(cells)
    return header, rows


def _with_interval(rate: Any) -> str:
    if rate is None:
        return "not measured"
    return f"{share_won(rate)} ({percent_range(rate.low, rate.high)})"


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
