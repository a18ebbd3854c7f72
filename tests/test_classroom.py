"""The class activity: each student's deals, the watch that fixes a deal's result, the result
codes (read back, typos caught) and the class's pooled share."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyramide_widget import Game, solve
from pyramide_widget.analysis.classroom import (
    ALPHABET,
    ClassActivity,
    DealResult,
    DealWatch,
    ResultCodeError,
    StudentResult,
)
from pyramide_widget.analysis.rate import wilson_interval

ACTIVITY = ClassActivity(7)


def results(deals: int = 5) -> st.SearchStrategy[StudentResult]:
    return st.builds(
        StudentResult,
        st.integers(1, 99),
        st.tuples(*[st.sampled_from(DealResult)] * deals),
    )


@given(results())
def test_a_result_code_reads_back_as_the_result(result: StudentResult) -> None:
    code = ACTIVITY.result_code(result)
    assert ACTIVITY.read_code(code) == result
    assert set(code.replace("-", "")) <= set(ALPHABET)


@given(st.integers(1, 10), st.data())
def test_every_size_of_activity_reads_its_codes_back(deals: int, data: st.DataObject) -> None:
    activity = ClassActivity(3, "N", deals_each=deals)
    result = data.draw(results(deals))
    assert activity.read_code(activity.result_code(result)) == result


@given(results(), st.data())
def test_one_mistyped_symbol_is_caught(result: StudentResult, data: st.DataObject) -> None:
    code = ACTIVITY.result_code(result).replace("-", "")
    where = data.draw(st.integers(0, len(code) - 1))
    typed = data.draw(st.sampled_from(ALPHABET).filter(lambda symbol: symbol != code[where]))
    with pytest.raises(ResultCodeError, match="does not check"):
        ACTIVITY.read_code(code[:where] + typed + code[where + 1 :])


@given(results(), st.data())
def test_two_neighbours_swapped_are_caught(result: StudentResult, data: st.DataObject) -> None:
    code = ACTIVITY.result_code(result).replace("-", "")
    where = data.draw(
        st.integers(0, len(code) - 2).filter(lambda i: code[i] != code[i + 1]), label="where"
    )
    swapped = code[:where] + code[where + 1] + code[where] + code[where + 2 :]
    with pytest.raises(ResultCodeError, match="does not check"):
        ACTIVITY.read_code(swapped)


def test_a_code_is_read_as_a_student_says_it() -> None:
    result = StudentResult(10, (DealResult.WON, DealResult.LOST, *[DealResult.NOT_PLAYED] * 3))
    code = ACTIVITY.result_code(result)
    assert len(code) == 6 and code[3] == "-"
    spoken = " ".join(code.replace("-", "")).lower().replace("0", "o").replace("1", "l")
    assert ACTIVITY.read_code(spoken) == result


def test_a_code_of_another_class_or_other_rules_is_refused() -> None:
    code = ACTIVITY.result_code(StudentResult(3, (DealResult.WON,) * 5))
    for other in (ClassActivity(8), ClassActivity(7, "N"), ClassActivity(7, deals_each=6)):
        with pytest.raises(ResultCodeError):
            other.read_code(code)


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ("BPB-D", "has 4 symbols"),
        ("BPB-DJJ", "has 6 symbols"),
        ("BPU-DJ", "U never"),
        ("B*B-DJ", r"\*"),
    ],
)
def test_a_bad_code_says_what_is_wrong(code: str, says: str) -> None:
    with pytest.raises(ResultCodeError, match=says):
        ACTIVITY.read_code(code)


def test_each_student_plays_their_own_deals_the_same_on_every_computer() -> None:
    deals = [ACTIVITY.deal_codes(student) for student in range(1, 31)]
    assert len({deal for mine in deals for deal in mine}) == 30 * 5
    assert ClassActivity(7).deal_codes(4) == deals[3]
    assert ClassActivity(8).deal_codes(4) != deals[3]
    assert all(code.startswith("PY1-T-") for code in deals[0])


def test_bad_settings_are_refused() -> None:
    with pytest.raises(TypeError, match="class_number"):
        ClassActivity("7")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="deals_each"):
        ClassActivity(7, deals_each=11)
    with pytest.raises(ValueError, match="student"):
        ACTIVITY.deal_codes(100)


def winnable_game() -> Game:
    """A game of the activity whose deal can be won, with the winning line beside it."""
    for code in ACTIVITY.deal_codes(1) + ACTIVITY.deal_codes(2) + ACTIVITY.deal_codes(3):
        if solve(code).winnable:
            return Game.from_code(code)
    raise AssertionError("no winnable deal among the first students'")


def play_to_win(game: Game) -> None:
    assert game.code is not None
    for move in solve(game.code).solution:
        game.play(move)


def test_a_deal_won_straight_counts_as_won() -> None:
    game = winnable_game()
    watch = DealWatch(game)
    assert watch.result is DealResult.NOT_PLAYED
    play_to_win(game)
    assert watch.result is DealResult.WON
    game.undo()
    assert watch.result is DealResult.WON  # fixed when the game first ended


@pytest.mark.parametrize("help", ["undo", "restart", "hint"])
def test_a_deal_won_after_help_counts_as_lost(help: str) -> None:
    game = winnable_game()
    watch = DealWatch(game)
    if help == "hint":
        game.assisted = True  # what the widget's Hint button sets
    else:
        game.play("draw")
        game.undo() if help == "undo" else game.restart()
    play_to_win(game)
    assert game.status.value == "won" and watch.result is DealResult.LOST


def test_a_deal_started_and_left_counts_as_lost() -> None:
    game = winnable_game()
    watch = DealWatch(game)
    game.play("draw")
    assert watch.result is DealResult.LOST


def test_a_students_play_gives_the_code_of_its_results() -> None:
    play = ACTIVITY.play(12)
    assert [game.code for game in play.games] == list(ACTIVITY.deal_codes(12))
    play.games[1].play("draw")
    result = ACTIVITY.read_code(play.code())
    assert result.student == 12 and result.results[1] is DealResult.LOST
    assert result.played == 1 and "deal 2 lost" in play.summary()


def test_the_class_pools_its_codes_and_counts_typed_in() -> None:
    codes = ACTIVITY.codes_played_by("careful", 6)
    rate = ACTIVITY.pool("\n".join(codes), won=2, deals=10)
    read = [ACTIVITY.read_code(code) for code in codes]
    won = 2 + sum(result.won for result in read)
    assert (rate.won, rate.deals, rate.students) == (won, 10 + 30, 6)
    assert (rate.low, rate.high) == wilson_interval(won, 40)
    assert len(rate.played) == 30 and set(rate.played) == {
        deal for student in range(1, 7) for deal in ACTIVITY.deal_codes(student)
    }
    solver = rate.solved()
    assert solver.won == sum(solve(deal).winnable for deal in rate.played)
    assert f"{rate.won:,} won of {rate.deals:,} deals" in rate.summary()


def test_pooling_refuses_a_student_twice_and_a_bad_code() -> None:
    first = ACTIVITY.result_code(StudentResult(4, (DealResult.LOST,) * 5))
    again = ACTIVITY.result_code(StudentResult(4, (DealResult.WON,) * 5))
    with pytest.raises(ResultCodeError, match="two codes of student 4"):
        ACTIVITY.pool([first, again])
    with pytest.raises(ResultCodeError, match="does not check"):
        ACTIVITY.pool(f"{first}\nBPB-DZ")
    with pytest.raises(ValueError, match="won"):
        ACTIVITY.pool(won=3, deals=2)


def test_an_empty_class_has_no_share_yet() -> None:
    rate = ACTIVITY.pool("  \n")
    assert (rate.won, rate.deals) == (0, 0) and "no deals played yet" in rate.summary()
