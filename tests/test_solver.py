"""The solver on constructed positions with known answers, and its solutions through the engine."""

from __future__ import annotations

import pytest
from solver_reference import playout, shortest_win

from pyramide_widget import Game, Move, Rules
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.solver import SearchLimitReached, SolveResult, hint, solve
from pyramide_widget.solver.piles import needs_pile_search

# The presets of the standard table (the laid-out positions below are 28 + 24 cards of the
# 52-card deck); tests/test_solver_tables.py checks the other tables.
STANDARD_PRESETS = [
    letter for letter, preset in PRESETS.items() if preset.rules.table.name == "Standard"
]
# The games with other piles have their own search (solver/piles.py), checked in
# tests/test_solver_tables.py and tests/test_solver_piles.py.
ONE_WASTE_PRESETS = [
    letter for letter, preset in PRESETS.items() if not needs_pile_search(preset.rules.table)
]


# A deck laid out so that nothing can ever remove the top card: 5♣ in row 1 and every 8 in
# rows 3-7, so every 8 covers it (not directly: even "pair with the coverer" cannot help).
BLOCKED_TOP = [
    ["5♣"],
    ["A♣", "2♣"],
    ["8♣", "3♣", "4♣"],
    ["8♦", "6♣", "7♣", "9♣"],
    ["8♥", "10♣", "J♣", "Q♣", "K♣"],
    ["8♠", "A♦", "2♦", "3♦", "4♦", "5♦"],
    ["6♦", "7♦", "9♦", "10♦", "J♦", "Q♦", "K♦"],
]
REST = [
    f"{r}{s}" for s in "♥♠" for r in ("A", "2", "3", "4", "5", "6", "7", "9", "10", "J", "Q", "K")
]


def replay(game: Game, moves: list[Move]) -> Game:
    """Play ``moves`` on a copy of ``game`` through the engine."""
    copy = Game(game.deal, game.rules)
    for move in game.history:
        copy.play(move)
    for move in moves:
        copy.play(move)
    return copy


def check(game: Game, result: SolveResult) -> None:
    """Every line the solver returns replays; a solution wins; the best line removes max_removed."""
    if result.winnable:
        assert result.solution is not None
        assert str(replay(game, result.solution).status) == "won"
        assert result.max_removed == game.table.shape.size
    else:
        assert result.solution is None
    after = replay(game, result.best_line)
    assert game.table.shape.size - after.pyramid_left == result.max_removed


@pytest.mark.parametrize("letter", STANDARD_PRESETS)
def test_a_card_that_nothing_can_pair_with_makes_every_preset_lost(letter: str) -> None:
    game = Game.from_layout(
        BLOCKED_TOP, waste=[REST[0]], stock=REST[1:], rules=PRESETS[letter].rules
    )
    result = solve(game)
    check(game, result)
    assert not result.winnable
    assert result.max_removed < 28


# Winnable deals found by the 10,000-deal runs (strict rules win rarely).
WINNABLE = {"S": "PY1-S-FOJRZLP"}


@pytest.mark.parametrize("letter", ONE_WASTE_PRESETS)
def test_one_move_from_a_win(letter: str) -> None:
    codes = (
        [WINNABLE[letter]]
        if letter in WINNABLE
        else [f"PY1-{letter}-{x}" for x in deal_letters(3, 60)]
    )
    for code in codes:
        game = Game.from_code(code)
        result = solve(game)
        if result.winnable and result.solution:
            break
    else:
        pytest.fail(f"no winnable {letter} deal among {len(codes)}")
    assert result.solution is not None
    before = replay(game, result.solution[:-1])
    last = solve(before)
    assert last.solution == [result.solution[-1]]
    assert solve(before, optimal=True).solution == [result.solution[-1]]
    assert hint(before) == result.solution[-1]


def test_a_won_game_needs_no_move_and_gets_no_hint() -> None:
    game = Game.from_code("PY1-N-AAAAAAS")
    result = solve(game)
    assert result.solution is not None
    won = replay(game, result.solution)
    after = solve(won)
    assert after.winnable and after.solution == [] and after.max_removed == 28
    assert hint(won) is None


def test_a_game_with_no_moves_left_is_lost_and_gets_no_hint() -> None:
    game = playout(Game.from_code("PY1-S-AAAAAAB"), seed=1, stock=0, steps=200)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    assert str(game.status) == "no_moves"
    result = solve(game)
    assert not result.winnable and result.max_removed == 28 - game.pyramid_left
    assert result.best_line == [] and hint(game) is None


@pytest.mark.parametrize("letter", ONE_WASTE_PRESETS)
def test_solutions_of_deals_replay_to_a_win(letter: str) -> None:
    """Full deals for the fast presets, positions a few moves from the end for the others."""
    fast = PRESETS[letter].rules.recycles is None
    for n, letters in enumerate(deal_letters(11, 25 if fast else 15)):
        game = Game.from_code(f"PY1-{letter}-{letters}")
        if not fast:
            playout(game, seed=n, stock=4 + n % 8)
        check(game, solve(game))


def test_hint_follows_a_winning_line() -> None:
    game = Game.from_code("PY1-E-AAAAAAS")
    assert solve(game).winnable
    for _ in range(200):
        if game.is_over:
            break
        move = hint(game)
        assert move is not None and game.is_legal(move)
        game.play(move)
    assert str(game.status) == "won"


def test_hint_when_no_line_wins_keeps_the_most_cards_removable() -> None:
    game = Game.from_layout(BLOCKED_TOP, waste=[REST[0]], stock=REST[1:], rules=Rules.preset("T"))
    best = solve(game).max_removed
    move = hint(game)
    assert move is not None
    game.play(move)
    assert solve(game).max_removed == best


# The deal of the published Traditional run that takes the most nodes to settle.
HARD = "PY1-T-DOHWZZG"


@pytest.mark.parametrize("max_nodes", [1, 500, 5000])
def test_a_node_budget_stops_the_search_with_the_best_line_so_far(max_nodes: int) -> None:
    game = Game.from_code(HARD)
    with pytest.raises(SearchLimitReached) as stopped:
        solve(game, max_nodes=max_nodes)
    stop = stopped.value
    assert stop.nodes == max_nodes and str(max_nodes) in str(stop)
    after = replay(game, stop.best_line)  # the line is legal ...
    assert 28 - after.pyramid_left == stop.removed  # ... and removes what it says
    assert game.moves == 0 and not game.history


def test_a_budget_large_enough_changes_nothing() -> None:
    game = Game.from_code("PY1-T-AAAAAAJ")
    full = solve(game)
    assert solve(game, max_nodes=full.nodes + 1) == full
    with pytest.raises(SearchLimitReached):
        solve(game, max_nodes=full.nodes - 1)


@pytest.mark.parametrize("max_nodes", [0, -5])
def test_a_budget_must_be_positive(max_nodes: int) -> None:
    with pytest.raises(ValueError, match="max_nodes must be a positive number"):
        solve(Game.from_code(HARD), max_nodes=max_nodes)


def test_hint_on_a_position_too_hard_for_its_budget_is_still_a_legal_move() -> None:
    game = Game.from_code(HARD)
    for max_nodes in (1, 300, 3000):
        move = hint(game, max_nodes=max_nodes)
        assert move is not None and game.is_legal(move)
    game = Game.from_code("PY1-T-MDIVWSU")  # not winnable, and not settled within 3,000 nodes
    unlimited = solve(game)
    assert not unlimited.winnable and unlimited.nodes > 3000
    assert hint(game, max_nodes=None) == unlimited.best_line[0]


#: Per preset, the positions (deals of seed 5, played out to 8 stock cards) on which a
#: breadth-first search of at most 3,000 states finishes: the first four such among the won
#: ones. Trying it on the won positions before them only to give up took most of this test's
#: time, so it runs on these alone; the cheap checks still run on all.
BREADTH_FIRST_FINISHES = {"N": (9, 35, 39, 49), "E": (9, 10, 14, 31)}


@pytest.mark.parametrize("letter", ["N", "E"])
def test_optimal_solutions_are_as_short_as_a_breadth_first_search_finds(letter: str) -> None:
    """R20: every removal, draw and recycle counts; no line wins in fewer moves."""
    compared = BREADTH_FIRST_FINISHES[letter]
    for n, letters in enumerate(deal_letters(5, compared[-1] + 1)):
        game = playout(Game.from_code(f"PY1-{letter}-{letters}"), seed=n, keep=3, stock=8)
        if game.is_over:
            continue
        result = solve(game, optimal=True)
        fast = solve(game)
        assert result.winnable == fast.winnable
        if not result.winnable:
            assert n not in compared
            continue
        check(game, result)
        assert result.solution is not None
        assert len(result.solution) <= len(fast.solution or [])
        if n in compared:
            assert len(result.solution) == shortest_win(game, budget=3000)


def test_results_print_the_same_on_every_run() -> None:
    game = Game.from_code("PY1-N-AAAAAAS")
    first, second = solve(game), solve(game)
    assert repr(first) == repr(second)
    assert "seconds" not in repr(first) and repr(first).startswith("SolveResult(winnable=True")
    assert first.notation().split()[0] == str(first.solution[0])  # type: ignore[index]


def test_the_solver_leaves_the_game_alone() -> None:
    game = Game.from_code("PY1-T-AAAAAAJ")
    game.play("draw")
    before = (game.position(), game.moves, game.history)
    solve(game)
    hint(game)
    assert (game.position(), game.moves, game.history) == before


@pytest.mark.parametrize("letters", deal_letters(21, 8))
def test_looser_rules_never_win_less(letters: str) -> None:
    """Each knob only adds possibilities: S ⊆ T ⊆ P, T ⊆ R ⊆ E, S ⊆ N ⊆ E (on the same deal,
    after the same twelve draws, which every rule set allows)."""
    results = {}
    for letter in "NSTPRE":
        game = Game.from_code(f"PY1-{letter}-{letters}")
        for _ in range(12):
            game.play("draw")
        results[letter] = solve(game)
    for tight, loose in ("ST", "TP", "TR", "RE", "SN", "NE"):
        assert results[tight].winnable <= results[loose].winnable
        assert results[tight].max_removed <= results[loose].max_removed
