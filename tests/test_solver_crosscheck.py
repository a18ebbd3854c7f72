"""The fast solver against a plain exhaustive search through the engine, for every preset.

"Not winnable" and ``max_removed`` must be trustworthy, so positions from random deals are
solved both ways. The plain search visits every reachable position, so positions are taken
where that stays small: random play until a few pyramid cards are left (unlimited recycles)
or until the last pass reaches the end of the stock (limited recycles), plus positions on and
just off a winning line, so that both answers occur. Set PYRAMIDE_CROSSCHECK to the number of
deals per preset for a longer run (the default keeps the suite fast).
"""

from __future__ import annotations

import os
import random

import pytest
from solver_reference import BudgetExceeded, exhaustive, playout

from pyramide_widget import Game
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.solver import solve

# The presets of the standard table; tests/test_solver_tables.py checks the other tables.
STANDARD_PRESETS = [
    letter for letter, preset in PRESETS.items() if preset.rules.table.name == "Standard"
]
DEALS = int(os.environ.get("PYRAMIDE_CROSSCHECK", "30"))
BUDGET = 4000


def positions(letter: str, deals: int):
    """Deterministic positions from ``deals`` random deals of one preset."""
    rules = PRESETS[letter].rules
    for n, letters in enumerate(deal_letters(100 + ord(letter), deals)):
        game = Game.from_code(f"PY1-{letter}-{letters}")
        if rules.recycles is None:
            yield playout(game, seed=n, keep=2 + n % 3)
            continue
        # Spend the recycles, then stop near the end of the last pass.
        rng = random.Random(n)
        while game.recycles_left and not game.is_over:
            moves = game.legal_moves()
            game.play(rng.choice(moves) if rng.random() < 0.2 else moves[-1])
        yield playout(game, seed=n, stock=3 + n % 9)


# Deals the 10,000-deal runs found winnable, for the rule sets that seldom win.
WON = {
    "S": ["FOJRZLP", "ZCMLZBZ", "HCKKFIW", "LERHIJB", "UOMCRYR", "ICJIFEB", "BRSGRRP", "JJHQCUH"],
    "T": ["NGNLPLT", "IVHVLYF", "TCUADUT", "ZSOIQRF", "KHUMUXA", "QKNRAJV", "JLPIPAR", "THUGEED"],
}
WON["R"] = WON["T"]  # winnable under T, so under R (which only drops strict win)


def positions_near_a_win(letter: str, deals: int):
    """Positions on a winning line a few moves from its end, and one random move off it."""
    codes = WON.get(letter) or deal_letters(200 + ord(letter), deals)
    for n, letters in enumerate(codes):
        game = Game.from_code(f"PY1-{letter}-{letters}")
        result = solve(game)
        if not result.winnable or not result.solution:
            continue
        cut = max(0, len(result.solution) - 6 - n % 10)
        for move in result.solution[:cut]:
            game.play(move)
        yield game
        moves = game.legal_moves()
        if moves:
            game.play(random.Random(n).choice(moves))
            yield game


def agree(game: Game) -> bool | None:
    """Whether both searches give the same answer; ``None`` when the plain one is too big."""
    try:
        winnable, max_removed, _states = exhaustive(game, budget=BUDGET)
    except BudgetExceeded:
        return None
    result = solve(game)
    assert (result.winnable, result.max_removed) == (winnable, max_removed), game.record().to_text()
    return winnable


@pytest.mark.parametrize("letter", STANDARD_PRESETS)
def test_fast_solver_agrees_with_exhaustive_search(letter: str) -> None:
    answers = [agree(game) for game in positions(letter, DEALS)]
    checked = [a for a in answers if a is not None]
    assert len(checked) >= 0.4 * len(answers), (
        f"only {len(checked)} of {len(answers)} positions were small enough"
    )


@pytest.mark.parametrize("letter", STANDARD_PRESETS)
def test_fast_solver_agrees_near_winning_lines(letter: str) -> None:
    answers = [agree(game) for game in positions_near_a_win(letter, max(10, DEALS // 3))]
    checked = [a for a in answers if a is not None]
    assert checked and any(checked), "no winnable position was checked"
    assert len(checked) >= 0.5 * len(answers)
