"""A plain exhaustive search through the engine, to check the fast solver against.

It knows nothing of the solver's state encoding or pruning: it plays every move
:meth:`Game.legal_moves` offers from every position :meth:`Game.position` tells apart, and
reports whether a won position is reachable and the most pyramid cards any reachable position
has removed. Only ``recycles_used`` is left out of the key when recycles are unlimited (the
rules then never read it), or the search would never end.
"""

from __future__ import annotations

import functools
import itertools
import random

from pyramide_widget import Deal, Game, Move, Rules
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.solver import hint, solve

PYRAMID = 28  # the standard table's pyramid


def removed(game: Game) -> int:
    """Pyramid cards removed since the deal, on any table."""
    return game.table.shape.size - game.pyramid_left


_COPY_EVERY = 90  # the engine undoes at most 100 actions: go deeper on a fresh replay


class BudgetExceeded(Exception):
    """The position has more reachable states than the caller allowed."""


def exhaustive(game: Game, budget: int | None = None) -> tuple[bool, int, int]:
    """``(winnable, max_removed, states)`` for ``game``'s position, by visiting every position."""
    unlimited = game.rules.recycles is None
    seen: set[object] = set()
    best = [removed(game), False]

    def key(g: Game) -> object:
        p = g.position()
        return (p.pyramid, p.piles, p.stock, p.fresh, None if unlimited else p.recycles_used)

    def visit(g: Game, depth: int) -> None:
        k = key(g)
        if k in seen:
            return
        seen.add(k)
        if depth >= _COPY_EVERY:
            g, depth = fresh_copy(g), 0
        if budget is not None and len(seen) > budget:
            raise BudgetExceeded
        best[0] = max(best[0], removed(g))
        if str(g.status) == "won":
            best[1] = True
        for move in g.legal_moves():
            g.play(move)
            visit(g, depth + 1)
            g.undo()

    visit(fresh_copy(game), 0)
    return bool(best[1]), int(best[0]), len(seen)


def fresh_copy(game: Game) -> Game:
    """The same position in a new game, by replaying its moves from the deal."""
    copy = Game(game.deal, game.rules)
    for move in game.history:
        copy.play(move)
    return copy


def shortest_win(game: Game, budget: int | None = None) -> int | None:
    """The fewest moves to a win, by breadth-first search through the engine (or ``None``)."""
    unlimited = game.rules.recycles is None
    start = fresh_copy(game)

    def key(g: Game) -> object:
        p = g.position()
        return (p.pyramid, p.piles, p.stock, p.fresh, None if unlimited else p.recycles_used)

    if str(start.status) == "won":
        return 0
    seen = {key(start)}
    frontier = [tuple(start.history)]
    depth = 0
    while frontier:
        depth += 1
        following = []
        for line in frontier:
            g = Game(game.deal, game.rules)
            for move in line:
                g.play(move)
            for move in g.legal_moves():
                g.play(move)
                if str(g.status) == "won":
                    return depth
                k = key(g)
                if k not in seen:
                    seen.add(k)
                    if budget is not None and len(seen) > budget:
                        raise BudgetExceeded
                    following.append((*line, move))
                g.undo()
        frontier = following
    return None


def playout(game: Game, seed: int, keep: int = 0, stock: int = 0, steps: int = 400) -> Game:
    """Play random legal moves (mostly removals, else mostly draws) until at most ``keep``
    pyramid cards or ``stock`` stock cards are left, the game ends, or ``steps`` moves were
    played."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over or game.pyramid_left <= keep or len(game.stock) <= stock:
            break
        moves = game.legal_moves()
        removals = [m for m in moves if m.kind.value in ("pair", "king")]
        if removals and rng.random() < 0.7:
            game.play(rng.choice(removals))
        else:
            game.play(moves[-1] if rng.random() < 0.9 else rng.choice(moves))
    return game


#: Every combination of the rule knobs: strict win x recycles x draw against waste x pair with
#: coverer (32 rule sets; the presets are six of them).
ALL_KNOBS = [
    Rules(
        strict_win=strict,
        recycles=recycles,
        draw_against_waste=against_waste,
        pair_with_coverer=coverer,
    )
    for strict, recycles, against_waste, coverer in itertools.product(
        (False, True), (None, 0, 1, 2), (False, True), (False, True)
    )
]


def knobs_id(rules: Rules) -> str:
    """A short test id for a rule set, e.g. ``strict-r0-waste-coverer``."""
    parts = [
        "strict" if rules.strict_win else "lenient",
        "rinf" if rules.recycles is None else f"r{rules.recycles}",
    ]
    parts += ["waste"] if rules.draw_against_waste else []
    parts += ["coverer"] if rules.pair_with_coverer else []
    return "-".join(parts)


def small_positions(rules: Rules, deals: int, seed: int):
    """Deterministic positions of ``deals`` random deals under ``rules`` whose reachable states
    stay few enough for :func:`exhaustive`: random play until a few pyramid cards are left
    (unlimited recycles, however often the stock is used up) or, with limited recycles, until they are spent and the last pass is
    near the end of the stock."""
    for n, letters in enumerate(deal_letters(seed, deals)):
        game = Game(Deal.from_letters(letters, rules.table), rules)
        if rules.recycles is None:  # the stock comes round again and again: play on
            yield playout(game, seed=n, keep=2 + n % 3, stock=-1)
            continue
        rng = random.Random(n)
        while game.recycles_left and not game.is_over:
            moves = game.legal_moves()
            game.play(rng.choice(moves) if rng.random() < 0.2 else moves[-1])
        yield playout(game, seed=n, stock=3 + n % 9)


def replayed(game: Game, moves) -> Game:
    """A copy of ``game`` (same deal, rules and history) with ``moves`` played on it."""
    copy = Game(game.deal, game.rules)
    for move in [*game.history, *moves]:
        copy.play(move)
    return copy


def crosscheck(game: Game, budget: int) -> tuple[bool | None, list[str]]:
    """``solve`` and ``hint`` (no node budget) against :func:`exhaustive` at ``game``.

    Returns (whether the position is winnable, or ``None`` when it has more than ``budget``
    reachable states; what disagreed, empty when all agreed). Checked: winnable and
    ``max_removed``; the solution wins and the best line removes ``max_removed`` when replayed;
    the hint keeps the best outcome within reach (a win if there was one, else every pyramid card
    that could still go), and is ``None`` exactly when nothing more can be removed."""
    try:
        winnable, max_removed, _ = exhaustive(game, budget=budget)
    except BudgetExceeded:
        return None, []
    where = game.record().to_text()
    problems = []
    result = solve(game)
    if (result.winnable, result.max_removed) != (winnable, max_removed):
        problems.append(
            f"solve: {(result.winnable, result.max_removed)}, exhaustive: {(winnable, max_removed)} at {where}"
        )
    if removed(replayed(game, result.best_line)) != result.max_removed:
        problems.append(f"the best line does not remove {result.max_removed} cards at {where}")
    if result.solution is not None and str(replayed(game, result.solution).status) != "won":
        problems.append(f"the solution does not win at {where}")
    move = hint(game, max_nodes=None)
    if game.is_over or (not winnable and max_removed == removed(game)):
        if move is not None:
            problems.append(f"hint {move} where nothing more can be removed at {where}")
    elif move is None:
        problems.append(f"no hint although more can be removed at {where}")
    else:
        after = exhaustive(replayed(game, [move]), budget=budget)[:2]
        if after != (winnable, max_removed):
            problems.append(
                f"hint {move} leads to {after}, not {(winnable, max_removed)}, at {where}"
            )
    return winnable, problems


# Deals the 10,000-deal run of preset S found winnable. S is the strictest rule set (strict
# win, one pass, only the waste top plays, no coverer pairs) and every knob loosens it, so
# these deals are winnable under all 32 rule sets: positions near their end test "winnable".
WON_UNDER_S = [
    "FOJRZLP",
    "ZCMLZBZ",
    "HCKKFIW",
    "LERHIJB",
    "UOMCRYR",
    "ICJIFEB",
    "BRSGRRP",
    "JJHQCUH",
]


@functools.cache
def won_under_s(letters: str) -> tuple[Move, ...]:
    """The solver's winning line for a deal of ``WON_UNDER_S`` under S."""
    result = solve(Game.from_code(f"PY1-S-{letters}"))
    assert result.solution is not None
    return tuple(result.solution)


def near_wins(rules: Rules, deals: int = len(WON_UNDER_S)):
    """Positions a few moves before a win, and one random move off it. The winning line is S's,
    played under ``rules`` until the game is won: every move legal under S is legal under looser
    rules, and a line that clears everything clears the pyramid."""
    for n, letters in enumerate(WON_UNDER_S[:deals]):
        game = Game(Game.from_code(f"PY1-S-{letters}").deal, rules)
        line: list[Move] = []
        for move in won_under_s(letters):
            if game.is_over:
                break
            game.play(move)
            line.append(move)
        assert str(game.status) == "won", f"{letters} is won under S, so under {rules}"
        cut = max(0, len(line) - 6 - 3 * n)
        start = replayed(Game(game.deal, rules), line[:cut])
        yield start
        moves = start.legal_moves()
        if moves:
            yield replayed(start, [random.Random(n).choice(moves)])
