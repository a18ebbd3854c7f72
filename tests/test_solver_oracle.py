"""The pool search as a memoised oracle for the search under limited recycles.

``PoolSearch`` (unlimited recycles: the talon is a pool) remembers across calls which states
it proved lost or on a winning line (``winnable``) and which counts of pyramid cards a state
can or cannot reach (``reaches``); ``SequenceSearch`` asks it about every state while
recycles remain (Par Pyramid, docs/rules.md §9: strict win, two recycles, draw against waste).
A wrong memo entry would silently prune a winning line, so every answer given with a memo
full of earlier calls is compared here with a fresh search that has no memo, and the solver
that uses the oracle with the exhaustive search through the engine and with the exact search
without the oracle. The node budget must count the oracle's states too.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from solver_reference import BudgetExceeded, exhaustive, playout

from pyramide_widget import Game, Move, Rules
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.engine.moves import MoveKind
from pyramide_widget.engine.position import Position
from pyramide_widget.solver import SearchLimitReached, SolveResult, solve
from pyramide_widget.solver.encoded import EncodedPosition
from pyramide_widget.solver.pool import PoolSearch
from pyramide_widget.solver.search import OutOfNodes
from pyramide_widget.solver.sequence import SequenceSearch

PYRAMID = 28
PAR = Rules.preset("P")
# Strict win and draw against waste with unlimited recycles: the rules of Par Pyramid's
# oracle, as a custom rule set of its own (letter X, docs/rules.md §9).
STRICT_POOL = dataclasses.replace(PAR, recycles=None)
REMOVALS = (MoveKind.PAIR, MoveKind.KING)


def masks(encoded: EncodedPosition, position: Position) -> tuple[int, int]:
    """``position`` as (pyramid mask, talon mask) of ``encoded``, encoded from an earlier
    position of the same game.

    Pyramid cards never move, so slot i is the same card; the talon (waste bottom to top, then
    stock top first) never changes order: a draw moves the split, a removal drops a card and a
    recycle turns the waste over so that the first card drawn is drawn first again (R15). The
    talon of ``position`` must therefore be a subsequence of ``encoded.talon``; checked here
    rather than trusted."""
    pyramid = 0
    for slot, card in enumerate(position.pyramid):
        if card is not None:
            assert card == encoded.pyramid_cards[slot]
            pyramid |= 1 << slot
    indices = [encoded.talon.index(card) for card in position.waste + position.stock]
    assert indices == sorted(indices), "the talon changed order (R15)"
    return pyramid, sum(1 << index for index in indices)


def walk(letters: str, seed: int, moves: int = 60) -> list[Position]:
    """Every position of one random Par Pyramid game of a deal: a removal 60% of the time, else
    a draw or a recycle, so the talon is split, turned over and thinned in many ways."""
    game = Game.from_code(f"PY1-P-{letters}")
    rng = random.Random(f"{letters}/{seed}")
    positions = [game.position()]
    for _ in range(moves):
        if not play_at_random(game, rng, removals_share=0.6):
            break
        positions.append(game.position())
    return positions


def play_at_random(game: Game, rng: random.Random, removals_share: float) -> bool:
    """Play a random removal ``removals_share`` of the time (or when nothing else is legal),
    else the first other legal move (a draw or a recycle); False when no move is legal."""
    legal = game.legal_moves()
    if not legal:
        return False
    removals = [m for m in legal if m.kind in REMOVALS]
    others = [m for m in legal if m.kind not in REMOVALS]
    game.play(
        rng.choice(removals)
        if removals and (not others or rng.random() < removals_share)
        else others[0]
    )
    return True


def deal_walks(letters: str) -> tuple[EncodedPosition, list[Position]]:
    """The deal's start compiled under ``STRICT_POOL``, and three random games of it."""
    start = Game.from_code(f"PY1-P-{letters}").position()
    encoded = EncodedPosition(start, STRICT_POOL)
    assert masks(encoded, start) == (encoded.pyramid0, encoded.talon0)
    positions = [p for seed in range(3) for p in walk(letters, seed)]
    assert any(p.recycles_used for p in positions), "no recycle played: R15 not exercised"
    return encoded, positions


def replay(game: Game, moves: list[Move]) -> Game:
    """Play ``moves`` through the engine on a copy of ``game`` (each must be legal)."""
    copy = Game(game.deal, game.rules)
    for move in game.history + tuple(moves):
        copy.play(move)
    return copy


def check(game: Game, result: SolveResult) -> None:
    """A solution replays to a win (R17: strict win needs the talon emptied too); the best
    line replays and removes ``max_removed`` pyramid cards."""
    if result.winnable:
        assert result.solution is not None and str(replay(game, result.solution).status) == "won"
    after = replay(game, result.best_line)
    assert PYRAMID - after.pyramid_left == result.max_removed


# ---------------------------------------------------------------- the memo against fresh searches


@pytest.mark.parametrize("letters", deal_letters(7, 3))
def test_winnable_with_memory_agrees_with_a_fresh_search(letters: str) -> None:
    """One oracle answers about every position of three games of one deal, in play order and
    again shuffled; a fresh pool search (no memo, and not in decide-only mode) must agree.
    Win means pyramid, stock and waste all gone (R17 with strict win, §9)."""
    encoded, positions = deal_walks(letters)
    oracle = PoolSearch(encoded, decide_only=True)
    expected = []
    for position in positions:
        fresh = PoolSearch(EncodedPosition(position, STRICT_POOL))
        fresh.run()
        expected.append(fresh.win_steps is not None)
        assert oracle.winnable(*masks(encoded, position)) == expected[-1], position
    assert 0 < sum(expected) < len(expected), "only one answer occurred"
    order = list(range(len(positions)))
    random.Random(letters).shuffle(order)
    for n in order:
        assert oracle.winnable(*masks(encoded, positions[n])) == expected[n], positions[n]
    assert oracle.won and oracle.seen  # both memos were used


# Deals of deal_letters(7, 6) whose random games give both answers to `reaches` (in
# WYLCHYW every position can still clear the pyramid with unlimited recycles).
MIXED_REACH = ["WDDMQGL", "BLDNTFW", "TBCKBFV"]


@pytest.mark.parametrize("letters", MIXED_REACH)
def test_reaches_with_memory_agrees_with_a_fresh_maximum(letters: str) -> None:
    """Only the pyramid to clear (the lenient rules, R17): one oracle is asked, for every
    position of three games of one deal, whether each number of removed cards can be reached,
    the goals in shuffled order so that bounds proven for one goal answer others; the answer
    must be ``max >= goal`` where ``max`` comes from a fresh pool search."""
    _, positions = deal_walks(letters)
    lenient = Rules(pair_with_coverer=PAR.pair_with_coverer)
    encoded = EncodedPosition(Game.from_code(f"PY1-P-{letters}").position(), lenient)
    oracle = PoolSearch(encoded)
    rng = random.Random(letters)
    answers = set()
    for position in positions:
        fresh = PoolSearch(EncodedPosition(position, lenient))
        fresh.run()
        best = PYRAMID if fresh.win_steps is not None else fresh.best_removed
        pyramid, talon = masks(encoded, position)
        removed = PYRAMID - pyramid.bit_count()
        goals = list(range(max(1, removed), PYRAMID + 1))
        rng.shuffle(goals)
        for goal in goals:
            assert oracle.reaches(pyramid, talon, goal) == (best >= goal), (position, goal, best)
            if goal > removed:
                answers.add(best >= goal)
    assert answers == {True, False}, "only one answer beyond the cards already gone occurred"
    assert oracle.most and oracle.least  # both memos were used


# ---------------------------------------------------------------- against the engine itself


def near_the_end(game: Game, seed: int, keep: int) -> list[Game]:
    """A position of random play (mostly lost) and, if the deal can be won, positions a few
    moves before the end of a solution and random moves off it (mostly won)."""
    games = [playout(Game(game.deal, game.rules), seed=seed, keep=keep)]
    result = solve(game)
    if not result.winnable or not result.solution:
        return games
    for back in (8, 14, 20):
        on_line = replay(game, result.solution[: max(0, len(result.solution) - back)])
        games.append(on_line)
        rng = random.Random(seed * 100 + back)
        off = replay(on_line, [])
        for _ in range(1 + back % 3):
            legal = off.legal_moves()
            if legal:
                off.play(rng.choice(legal))
        games.append(off)
    return games


def solve_as_exhaustive_search(game: Game) -> bool | None:
    """Check that ``solve`` gives the exhaustive search's answer (and a line that replays);
    return whether the position can be won, or ``None`` when it is too big to search in full."""
    try:
        winnable, max_removed, _states = exhaustive(game, budget=6000)
    except BudgetExceeded:
        return None
    result = solve(game)
    assert (result.winnable, result.max_removed) == (winnable, max_removed), game.record().to_text()
    check(game, result)
    return winnable


def test_strict_win_unlimited_recycles_agrees_with_exhaustive_search() -> None:
    """Custom rules, strict win and draw against waste with unlimited recycles (letter X, §9):
    ``solve`` and one oracle per deal, asked about all the deal's positions in turn, must give
    the exhaustive search's answer (R15 lets the pool search ignore the draw position)."""
    answers = []
    for n, letters in enumerate(deal_letters(32, 14)):
        start = Game.from_code(f"PY1-X-{letters}", rules=STRICT_POOL)
        assert start.rules.letter == "X"
        encoded = EncodedPosition(start.position(), STRICT_POOL)
        oracle = PoolSearch(encoded, decide_only=True)
        for game in near_the_end(start, seed=n, keep=2 + n % 4):
            winnable = solve_as_exhaustive_search(game)
            if winnable is None:
                continue
            assert oracle.winnable(*masks(encoded, game.position())) == winnable, (
                game.record().to_text()
            )
            answers.append(winnable)
    assert len(answers) >= 30 and 0 < sum(answers) < len(answers)


def test_par_pyramid_with_recycles_left_agrees_with_exhaustive_search() -> None:
    """Par Pyramid (§9) positions with a recycle or two still to spend, where ``solve`` asks
    the oracle at every state: its answer must be the exhaustive search's."""
    answers = []
    for n, letters in enumerate(deal_letters(43, 6)):
        start = Game.from_code(f"PY1-P-{letters}")
        result = solve(start)
        if not result.winnable or not result.solution:
            continue
        line = result.solution
        cut = len(line) - 12 - n % 10
        while replay(start, line[:cut]).recycles_left == 0:
            cut -= 1
        on_line = replay(start, line[:cut])
        rng = random.Random(n)
        games = [on_line]
        for extra in (1, 2, 4):
            off = replay(on_line, [])
            for _ in range(extra):
                legal = off.legal_moves()
                if not legal:
                    break
                removals = [m for m in legal if m.kind in REMOVALS]
                off.play(rng.choice(removals or legal))
            games.append(off)
        for game in games:
            winnable = solve_as_exhaustive_search(game)
            if winnable is not None:
                answers.append((winnable, game.recycles_left))
    assert len(answers) >= 12
    assert {w for w, _ in answers} == {True, False}
    assert sum(1 for _, left in answers if left) >= len(answers) // 2


# ---------------------------------------------------------------- the solver with and without it


def without_oracle(game: Game) -> tuple[bool, int]:
    """(winnable, max_removed) by the exact search alone, no oracle and no ceiling: count with
    only the pyramid to clear; strict win (R17, §9) can only be won if that clears it."""
    position = game.position()
    counter = SequenceSearch(
        EncodedPosition(position, dataclasses.replace(game.rules, strict_win=False)),
        ceiling=PYRAMID,
    )
    counter.run()
    if counter.best_removed < PYRAMID:
        return False, counter.best_removed
    decider = SequenceSearch(EncodedPosition(position, game.rules), decide_only=True)
    decider.run()
    return decider.win_steps is not None, PYRAMID


def par_positions() -> list[Game]:
    """Par Pyramid deals at the start, and positions of random games with recycles left or
    spent (all settle in well under a second without the oracle)."""
    games = [
        Game.from_code(f"PY1-P-{letters}")
        for letters in ("WDDMQGL", "WYLCHYW", "TGHCDCJ", "IGYMWBZ")
    ]
    for n, letters in enumerate(deal_letters(41, 12)):
        game = Game.from_code(f"PY1-P-{letters}")
        rng = random.Random(n)
        for step in range(40):
            if not play_at_random(game, rng, removals_share=0.5):
                break
            if step in (23, 31, 39):
                games.append(replay(game, []))
    return games


def test_solve_agrees_with_the_exact_search_without_oracle() -> None:
    """The oracle only prunes what it proves hopeless: with it, ``solve`` must give what the
    exact search under two recycles gives alone, and its lines must replay."""
    kinds = set()
    for game in par_positions():
        result = solve(game)
        assert (result.winnable, result.max_removed) == without_oracle(game), (
            game.record().to_text()
        )
        check(game, result)
        kinds.add((result.winnable, result.max_removed == PYRAMID))
    # won; lost with the pyramid cleared (strict win needs the talon too); lost short of it
    assert kinds == {(True, True), (False, True), (False, False)}


def test_the_budget_counts_every_node_oracle_included() -> None:
    """One node short of what ``solve`` reports it used, it stops; one more changes nothing:
    the reported count and the budget agree whichever searches and oracles ran."""
    for game in par_positions():
        full = solve(game)
        if full.nodes < 2:
            continue
        assert solve(game, max_nodes=full.nodes + 1) == full
        with pytest.raises(SearchLimitReached) as stopped:
            solve(game, max_nodes=full.nodes)
        assert stopped.value.nodes == full.nodes


@pytest.mark.parametrize("strict", [True, False])
def test_the_oracle_stops_within_the_budget_of_the_search_that_asks(strict: bool) -> None:
    """The first question (the start) costs the oracle more nodes than the budget: it must
    stop within the budget, and the stop must name the asking search (whose best line
    ``solve`` reports), not the oracle (whose lines use recycles the rules do not allow)."""
    game = Game.from_code("PY1-P-KOJLDVT")
    position = game.position()
    rules = STRICT_POOL if strict else Rules(pair_with_coverer=PAR.pair_with_coverer)
    encoded = EncodedPosition(
        position, PAR if strict else dataclasses.replace(PAR, strict_win=False)
    )

    def ask(oracle: PoolSearch) -> bool:
        start = (encoded.pyramid0, encoded.talon0)
        return oracle.winnable(*start) if strict else oracle.reaches(*start, PYRAMID)

    probe = PoolSearch(EncodedPosition(position, rules), decide_only=strict)
    ask(probe)
    assert probe.nodes > 20
    budget = probe.nodes // 2
    oracle = PoolSearch(EncodedPosition(position, rules), decide_only=strict)
    search = SequenceSearch(encoded, budget, decide_only=True, oracle=oracle)
    with pytest.raises(OutOfNodes) as stopped:
        search.run()
    assert stopped.value.search is search
    assert search.nodes == budget
    assert oracle.nodes < budget


@pytest.mark.parametrize("max_nodes", [50, 500, 5_000, 60_000])
def test_a_budget_stops_par_pyramid_with_a_legal_best_line(max_nodes: int) -> None:
    """PY1-P-KOJLDVT takes the oracle hundreds of thousands of nodes: every budget stops it
    with exactly that many nodes spent and a best line that replays (each move legal) and
    removes what it says; the small budgets run out inside the oracle."""
    game = Game.from_code("PY1-P-KOJLDVT")
    with pytest.raises(SearchLimitReached) as stopped:
        solve(game, max_nodes=max_nodes)
    stop = stopped.value
    assert stop.nodes == max_nodes
    fresh = Game.from_code("PY1-P-KOJLDVT")
    for move in stop.best_line:
        fresh.play(move)
    assert PYRAMID - fresh.pyramid_left == stop.removed
    assert game.moves == 0 and not game.history


def test_the_hardest_par_deal_settles_without_a_budget() -> None:
    """PY1-P-KOJLDVT: every pyramid card can go with unlimited recycles, but with two the
    most is 27, so it is lost (the answer of the solver before the oracle, commit 8a56667)."""
    game = Game.from_code("PY1-P-KOJLDVT")
    result = solve(game)
    assert (result.winnable, result.max_removed) == (False, 27)
    check(game, result)
