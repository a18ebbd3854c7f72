"""Post-game analysis (``analyze``): which move turned a winnable deal into a lost one.

The records are built by playing real games through the engine; every verdict is checked
against the solver run without a budget on the same position, never against a written-down
answer. The deals were chosen for what they show: in PY1-N-AAABAAB the first move 4♥+9♥ loses a
winnable deal (standard rules), and PY1-R-AAABABA (Relaxed, one pass) is a deal the default
per-position budget cannot settle at the deal."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

import pytest

from pyramide_widget import Game, GameAnalysis, Record, RecordError, analyze, solve
from pyramide_widget.analysis.review import Verdict

LOSING_DEAL, LOSING_MOVE = "PY1-N-AAABAAB", "4♥+9♥"


def _exact(game: Game) -> Verdict:
    result = solve(game)
    return Verdict(result.winnable, result.max_removed, result.max_removed)


def _check_against_solver(analysis: GameAnalysis, steps: set[int] | None = None) -> None:
    """Every known verdict (of the positions after ``steps`` actions, default all) is what the
    solver proves with no budget; an unknown one is None and its ``at_least`` is no more."""
    exact_at: dict[int, Verdict] = {}
    for move in analysis.moves:
        for index, verdict in ((move.index - 1, move.before), (move.index, move.after)):
            if steps is not None and index not in steps:
                continue
            if index not in exact_at:
                exact_at[index] = _exact(Game.replay(analysis.record, upto=index))
            exact = exact_at[index]
            if verdict.winnable is not None:
                assert verdict.winnable == exact.winnable, (move, index)
            if verdict.max_removed is not None:
                assert verdict.max_removed == exact.max_removed, (move, index)
            assert verdict.at_least <= exact.max_removed


def _play_out(game: Game) -> Game:
    """Finish a one-pass game: remove what can be removed, else draw, until it ends (R18)."""
    while not game.is_over:
        moves = game.legal_moves()
        removals = [m for m in moves if m.cards]
        game.play(removals[0] if removals else moves[0])
    return game


def test_a_won_game_has_no_losing_move():
    game = Game.from_code(LOSING_DEAL)
    for move in solve(game).solution:
        game.play(move)
    assert game.status.value == "won"  # R17
    analysis = analyze(game.record())
    assert analysis.complete and analysis.losing_move is None and analysis.better_move is None
    assert analysis.mistakes == ()
    assert all(m.before.winnable and m.after.winnable for m in analysis.moves)
    assert analysis.deal.max_removed == analysis.removed == 28 and analysis.status == "won"


def test_the_move_that_loses_a_winnable_deal_is_marked_with_a_better_move():
    game = Game.from_code("PY1-R-BBAAAAB")
    game.play("3♥+10♣")
    _play_out(game)
    analysis = analyze(game.record())
    assert analysis.deal.winnable is True and analysis.status == "no_moves"
    assert analysis.losing_move == 1 and analysis.moves[0].losing
    assert analysis.moves[0].after.winnable is False
    # The better move is legal where the losing one was played and keeps the deal winnable.
    better = Game.from_code("PY1-R-BBAAAAB")
    better.play(analysis.better_move)
    assert solve(better).winnable
    # After the loss every position stays lost: the first losing move is the only one.
    assert analysis.mistakes == (1,)
    assert analysis.removed == 28 - game.pyramid_left
    _check_against_solver(analysis, {0, 1, 2, len(analysis.moves)})


def test_a_later_losing_move_is_found_on_a_long_line():
    """The losing move deep in the game (bisection along the kept line finds it)."""
    game = Game.from_code(LOSING_DEAL)
    bad = None
    for move in solve(
        game
    ).solution:  # along a winning line, the first removal past move 20 that loses
        if game.moves >= 20:
            bad = next(
                (m for m in game.legal_moves() if m.cards and not solve(_after(game, m)).winnable),
                None,
            )
            if bad is not None:
                break
        game.play(move)
    assert bad is not None, "the deal has no losing removal past move 20: choose another"
    played = game.action_count
    game.play(bad)
    for _ in range(10):
        game.play(game.legal_moves()[-1])
    analysis = analyze(game.record())
    assert analysis.losing_move == played + 1 and analysis.moves[played].action == str(bad)
    assert solve(_after(Game.replay(game.record(), upto=played), analysis.better_move)).winnable
    _check_against_solver(analysis)


def _after(game: Game, move) -> Game:
    copy = Game.replay(game.record())
    copy.play(move)
    return copy


def test_r21_an_undone_losing_move_did_not_lose_the_game():
    game = Game.from_code(LOSING_DEAL)
    game.play(LOSING_MOVE)
    game.play("draw")
    game.undo()
    game.undo()  # R21: back to the deal
    for move in solve(game).solution:
        game.play(move)
    analysis = analyze(game.record())
    assert analysis.status == "won" and analysis.losing_move is None
    assert analysis.mistakes == (1,)  # it was a mistake, taken back
    assert analysis.moves[0].undone and analysis.moves[1].undone
    assert not analysis.moves[2].undone and analysis.moves[2].action == "undo"
    undo_back = analysis.moves[3]
    assert (
        undo_back.before.winnable is False
        and undo_back.after.winnable is True
        and not undo_back.losing
    )


def test_r21_the_losing_move_is_the_one_kept_not_the_one_undone():
    game = Game.from_code(LOSING_DEAL)
    game.play(LOSING_MOVE)
    game.undo()
    game.play("draw")
    game.play(LOSING_MOVE)
    analysis = analyze(game.record())
    assert analysis.mistakes == (1, 4)
    assert analysis.losing_move == 4
    assert solve(_after(Game.replay(game.record(), upto=3), analysis.better_move)).winnable
    _check_against_solver(analysis)


def test_a_budget_that_runs_out_says_unknown_never_guesses():
    game = Game.from_code("PY1-R-BBAAAAB")
    game.play("3♥+10♣")
    _play_out(game)
    tight = analyze(game.record(), max_nodes=50, total_nodes=2_000)
    assert not tight.complete
    assert tight.deal.winnable is None and tight.deal.max_removed is None
    assert tight.losing_move is None and tight.better_move is None
    assert 0 < tight.nodes <= 2_000
    assert "unknown" in tight.summary()
    known = [m for m in tight.moves if m.after.known]
    assert known, "nothing was settled: the check below would be vacuous"
    _check_against_solver(tight, {0, 1, known[0].index, len(tight.moves)})
    # the same game with the budget it needs settles it
    assert analyze(game.record()).losing_move == 1


def test_progress_counts_positions_and_can_stop_the_analysis():
    game = Game.from_code(LOSING_DEAL)
    game.play(LOSING_MOVE)
    game.play("draw")
    game.undo()  # back to a position already seen: counted once
    seen: list[tuple[int, int]] = []
    analyze(game.record(), progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]

    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Stop

    with pytest.raises(Stop):
        analyze(game.record(), progress=stop)


def test_the_analysis_is_plain_json_and_says_the_solver_sees_the_stock():
    game = Game.from_code(LOSING_DEAL)
    game.play(LOSING_MOVE)
    analysis = analyze(game.record().to_json())  # the JSON form of a record too
    data = json.loads(json.dumps(analysis.to_dict()))
    assert data["losing_move"] == 1 and data["losing_action"] == LOSING_MOVE
    assert data["better_move"] == str(analysis.better_move)
    assert data["moves"][0]["losing"] is True and data["deal"]["winnable"] is True
    assert (
        "perfect information" in analysis.summary()
        and "sees the order of the stock" in analysis.summary()
    )
    assert repr(analysis) == repr(analyze(game.record()))


def _long_record(actions: int) -> Record:
    """A standard game of ``actions`` draws and recycles: with unlimited recycles it never
    ends, and each pass through the stock is a new position (the recycles used differ)."""
    game = Game.from_code(LOSING_DEAL)
    while game.action_count < actions:
        game.play("draw" if game.stock else "recycle")
    return game.record()


def _lines_run(work: Callable[[], object]) -> int:
    """How many lines of Python ``work`` runs: an operation count that a slow or busy machine
    does not change."""
    count = 0

    def trace(frame: object, event: str, arg: object) -> Callable[..., object]:
        nonlocal count
        count += event == "line"
        return trace

    sys.settrace(trace)
    try:
        work()
    finally:
        sys.settrace(None)
    return count


def _ends_only(record: Record) -> dict[str, int | None]:
    """Budgets that settle the deal and the end and nothing else (every other verdict is then
    inferred from the end's, across the draws)."""
    ends = solve(Game.replay(record, upto=0)).nodes + solve(Game.replay(record)).nodes
    return {"max_nodes": None, "total_nodes": ends + 1}


@pytest.mark.parametrize(
    ("budgets", "complete"),
    [
        (lambda record: {"max_nodes": 1, "total_nodes": 1}, False),  # the work is replaying
        (_ends_only, True),
        (lambda record: {"max_nodes": 200, "total_nodes": None}, True),  # every position searched
    ],
    ids=["nothing-settled", "ends-settled", "every-position-settled"],
)
def test_the_work_of_an_analysis_grows_with_the_record_not_its_square(budgets, complete):
    # Before, every position kept a deep copy of the game, its action log included, and the
    # verdicts were inferred one step per pass: the work grew with the square of the record's
    # length, whatever the budgets.
    short, long = _long_record(150), _long_record(600)
    assert len({Game.replay(long, upto=n).position() for n in (150, 300, 450, 600)}) == 4
    per_action = [_lines_run(lambda r=r: analyze(r, **budgets(r))) / len(r) for r in (short, long)]
    assert per_action[1] < 1.25 * per_action[0], per_action
    assert analyze(long, **budgets(long)).complete is complete


@pytest.mark.parametrize(
    ("call", "error", "says"),
    [
        (lambda rec: analyze(42), TypeError, "record must be a Record"),
        (lambda rec: analyze(rec, max_nodes=0), ValueError, "max_nodes must be a positive"),
        (lambda rec: analyze(rec, max_nodes=1.5), TypeError, "max_nodes must be a whole number"),
        (
            lambda rec: analyze(rec, total_nodes=True),
            TypeError,
            "total_nodes must be a whole number",
        ),
        (lambda rec: analyze(rec, progress="yes"), TypeError, "progress must be a function"),
        (lambda rec: analyze("PY1-N-AAABAAB K♠"), RecordError, "does not replay"),
        (lambda rec: analyze("not a record"), RecordError, "."),
    ],
)
def test_bad_input_is_refused_at_the_call(call, error, says):
    record = Game.from_code(LOSING_DEAL).record()
    with pytest.raises(error, match=says):
        call(record)


@pytest.mark.parametrize("budget", ["max_nodes", "total_nodes"])
def test_a_budget_beyond_the_solvers_range_is_refused_at_the_call(budget):
    record = Game.from_code(LOSING_DEAL).record()
    with pytest.raises(ValueError, match=rf"{budget} must be .* from 1 to 2\*\*62"):
        analyze(record, **{budget: 2**63})
