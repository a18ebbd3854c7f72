"""The widget's post-game Analysis and its background work (kernel side).

Without a running event loop (these tests' direct calls, a script, Pyodide) the work runs at
once; inside one (a kernel) it runs in a thread and hands progress and results back to the
loop's thread. Both paths are tested here, the second under ``asyncio.run`` as in a kernel.
The front end's drawing of these states is tested in js/test/widget.test.js and in a real
browser in tests/browser/test_analysis_browser.py."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

import pytest
from widget_fixtures import LOSING_MOVE, LOST_DEAL, lose

from pyramide_widget import Game, analyze, hint, solve
from pyramide_widget.widget import PyramideWidget, background

SLOW_HINT = "PY1-T-AAAAAAS"
"""A deal whose hint uses the whole hint budget under the Traditional rules (seconds in pure
Python)."""


def summary(record: Any) -> dict[str, Any]:
    """What the views get of ``analyze(record)``: all but the verdict of every move."""
    return {key: value for key, value in analyze(record).to_dict().items() if key != "moves"}


def send(w: PyramideWidget, content: dict[str, Any]) -> None:
    """Deliver a message as a view's ``model.send(content)`` would."""
    w._on_message(w, content, [])


def _widget(game: Game) -> PyramideWidget:
    return PyramideWidget(game=game, stats=False)


def _lost() -> PyramideWidget:
    """A widget whose game lost LOST_DEAL by LOSING_MOVE and is stuck since (R18)."""
    w = _widget(Game.from_code(LOST_DEAL))
    lose(w)
    return w


async def _until(condition: Any, timeout: float = 60.0) -> None:
    """Let the loop run (as a kernel's does between messages) until ``condition()``."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the background work never finished"
        await asyncio.sleep(0.01)


# ---------------------------------------------------------------- at once (no running loop)


def test_the_analysis_is_offered_only_once_the_game_is_over_or_stuck():
    w = _widget(Game.from_code("PY1-R-BBAAAAB"))
    w.game.play("3♥+10♣")  # loses this deal of the one-pass Relaxed rules
    assert w._state["can_analyze"] is False  # still playing: no help from the solver
    send(w, {"type": "analyze"})
    assert w._state["analysis"] is None and w.analysis is None
    while not w.game.is_over:
        moves = w.game.legal_moves()
        w.game.play(next((m for m in moves if m.cards), moves[0]))
    assert w._state["can_analyze"] is True  # over (R18)
    stuck = _lost()  # unlimited recycles: never over, but stuck
    assert not stuck.game.is_over and stuck._state["can_analyze"] is True


def test_the_analysis_shows_what_analyze_finds_the_losing_move_and_the_better_one():
    w = _lost()
    send(w, {"type": "analyze"})
    expected = summary(w.game.record())
    assert w._state["analysis"] == expected
    assert expected["losing_move"] == 1 and expected["losing_action"] == LOSING_MOVE
    assert w._work == {}
    better = Game.from_code(LOST_DEAL)
    better.play(expected["better_move"])
    assert analyze(better.record()).deal.winnable  # the better move keeps the deal winnable


def test_analysing_a_game_still_in_progress_makes_it_assisted():
    """A stuck game can be undone and played on once the analysis has shown the better move:
    it is assisted from then on, as after a hint. A finished game is not changed."""
    stuck = _lost()
    assert not stuck.game.is_over and not stuck.game.assisted
    send(stuck, {"type": "analyze"})
    assert stuck.analysis is not None and stuck.game.assisted
    over = _widget(Game.from_code("PY1-R-BBAAAAB"))
    over.game.play("3♥+10♣")
    while not over.game.is_over:
        moves = over.game.legal_moves()
        over.game.play(next((m for m in moves if m.cards), moves[0]))
    send(over, {"type": "analyze"})
    assert over.analysis is not None and not over.game.assisted


def test_replay_marks_the_losing_step_and_highlights_the_better_move_before_it():
    w = _lost()
    send(w, {"type": "analyze"})
    send(w, {"type": "replay_start"})
    state = w._state
    assert (
        state["replay"]["losing"] == 1
        and state["replay"]["better"] is None
        and state["hint"] is None
    )
    assert state["can_analyze"] is False  # not during a replay
    send(w, {"type": "analysis_better"})
    state = w._state
    better = w.analysis.better_move
    assert state["replay"]["index"] == 0  # the position where the losing move was chosen
    assert state["replay"]["better"] == {"move": str(better), "played": LOSING_MOVE}
    assert state["hint"]["cards"] == [str(card) for card in better.cards]
    send(w, {"type": "replay_goto", "index": 1})
    assert w._state["hint"] is None and w._state["replay"]["better"] is None
    assert w._state["replay"]["losing"] == 1
    # another game's record is not this analysis's: no mark
    other = Game.from_code(LOST_DEAL)
    other.play("draw")
    w.replay(other.record())
    assert "losing" not in w._state["replay"]
    # from the game (not replaying), the panel's button opens the replay there
    w.stop_replay()
    send(w, {"type": "analysis_better"})
    assert w.replaying and w._state["replay"]["better"] is not None


def test_r21_an_undo_drops_the_analysis():
    w = _lost()
    w.analyze()
    assert w.analysis is not None
    w.undo()  # R21: the analysis was of the game as it stood
    assert w.analysis is None and w._state["analysis"] is None


def test_a_won_game_is_analysed_without_a_losing_move():
    game = Game.from_code(LOST_DEAL)
    for move in solve(game).solution:
        game.play(move)
    w = _widget(game)
    send(w, {"type": "analyze"})
    assert w._state["analysis"]["losing_move"] is None and w._state["analysis"]["status"] == "won"


# ---------------------------------------------------------------- in a kernel (running loop)


def test_the_analysis_runs_in_a_thread_and_its_progress_reaches_the_main_thread():
    async def scenario() -> tuple[PyramideWidget, list[tuple[bool, dict[str, Any]]], bool]:
        w = _lost()
        seen: list[tuple[bool, dict[str, Any]]] = []
        w.observe(
            lambda change: seen.append(
                (threading.current_thread() is threading.main_thread(), change["new"])
            ),
            names="_work",
        )
        send(w, {"type": "analyze"})
        returned_before_the_end = w.analysis is None and w._tasks["analysis"].thread is not None
        await _until(lambda: w.analysis is not None and w._work == {})  # and the chance over it
        return w, seen, returned_before_the_end

    w, seen, returned_before_the_end = asyncio.run(scenario())
    assert returned_before_the_end
    assert all(on_main for on_main, _ in seen), "the widget's traits change only on the main thread"
    counts = [value["analysis"]["done"] for _, value in seen if "analysis" in value]
    assert counts[0] == 0 and counts == sorted(counts) and counts[-1] > 1
    assert seen[-1][1] == {}
    assert w._state["analysis"] == summary(w.game.record())


def test_a_new_game_cancels_a_running_analysis():
    async def scenario() -> PyramideWidget:
        w = _lost()
        send(w, {"type": "analyze"})
        task = w._tasks["analysis"]
        w.new_game(LOST_DEAL)
        assert task.cancelled and w._work == {}
        task.thread.join(timeout=60)
        assert not task.thread.is_alive(), "a cancelled analysis stops at its next position"
        await asyncio.sleep(0.1)  # anything it had handed back is delivered now, or never
        return w

    w = asyncio.run(scenario())
    assert w.analysis is None and w._state["analysis"] is None and w._work == {}


def test_the_hint_button_never_freezes_the_kernel_under_the_strict_rules(
    monkeypatch: pytest.MonkeyPatch,
):
    """The hint searches in a thread (seconds in pure Python, the slow case: the compiled
    search is forced off): a tap sent meanwhile is handled at once, the loop keeps turning,
    and the hint, now stale, is dropped; the game is assisted."""
    monkeypatch.setenv("PYRAMIDE_SOLVER", "python")

    async def scenario() -> tuple[PyramideWidget, bool, float, int]:
        w = _widget(Game.from_code(SLOW_HINT))
        send(w, {"type": "hint"})
        task = w._tasks["hint"]
        assert w._work == {"hint": True}
        started = time.perf_counter()
        send(w, {"type": "tap", "pile": "stock"})
        tap_seconds = time.perf_counter() - started
        still_searching = task.thread.is_alive()
        ticks = 0
        while "hint" in w._tasks:
            await asyncio.sleep(0.01)
            ticks += 1
        return w, still_searching, tap_seconds, ticks

    w, still_searching, tap_seconds, ticks = asyncio.run(scenario())
    assert still_searching, "the tap was handled while the hint was still searching"
    assert tap_seconds < 0.5
    assert ticks >= 3
    assert (
        w.game.moves == 1 and w._state["hint"] is None
    )  # the hint was for the deal, not this position
    assert w.game.assisted and w._work == {}


def test_a_hint_from_the_background_is_shown_if_the_game_did_not_move():
    async def scenario() -> PyramideWidget:
        w = _widget(Game.from_code(LOST_DEAL))
        send(w, {"type": "hint"})
        await _until(lambda: "hint" not in w._tasks)
        return w

    w = asyncio.run(scenario())
    assert w._state["hint"]["move"] == str(hint(Game.from_code(LOST_DEAL)))
    assert w.game.assisted


def test_without_threads_pyodide_the_work_runs_at_once(monkeypatch: pytest.MonkeyPatch):
    async def scenario() -> PyramideWidget:
        monkeypatch.setattr(background, "THREADS", False)
        assert not background.in_background()
        w = _lost()
        send(w, {"type": "analyze"})
        return w

    w = asyncio.run(scenario())
    assert w.analysis is not None and w.analysis.losing_move == 1 and w._work == {}


def test_work_that_fails_hands_its_error_to_on_done():
    task: background.Task[Any] = background.Task("boom")
    results: list[Any] = []

    def work(report: Any) -> None:
        report(1)
        raise ValueError("broken")

    background.run(task, work, results.append, lambda result, error: results.append(error))
    assert results[0] == 1 and isinstance(results[1], ValueError)


def _steps(results: list[Any], fail: bool = False) -> Any:
    """Stepped work: ten steps, then its result (or an error)."""
    for n in range(10):
        results.append(n)
        yield n
    if fail:
        raise ValueError("broken")
    return "done"


def test_stepped_work_without_threads_runs_in_slices_on_the_loop(monkeypatch: pytest.MonkeyPatch):
    """Pyodide: each slice runs until SLICE_SECONDS have passed; with none, one step a slice,
    and the loop runs other callbacks between them."""
    monkeypatch.setattr(background, "THREADS", False)
    monkeypatch.setattr(background, "SLICE_SECONDS", 0.0)

    async def scenario() -> list[Any]:
        results: list[Any] = []
        task: background.Task[Any] = background.Task("steps")
        background.run_steps(task, _steps(results), lambda _: None, lambda r, e: results.append(r))
        loop = asyncio.get_running_loop()
        loop.call_soon(lambda: results.append("between"))
        assert results == [] and task.sliced is not None
        await task.sliced
        return results

    results = asyncio.run(scenario())
    assert results[-1] == "done" and 0 < results.index("between") < 10


def test_stepped_work_cancelled_stops_at_its_next_step_and_delivers_nothing(
    monkeypatch: pytest.MonkeyPatch,
):
    monkeypatch.setattr(background, "THREADS", False)
    monkeypatch.setattr(background, "SLICE_SECONDS", 0.0)

    async def scenario() -> tuple[list[Any], list[Any], Any]:
        results: list[Any] = []
        delivered: list[Any] = []
        task: background.Task[Any] = background.Task("steps")
        steps = _steps(results)
        background.run_steps(task, steps, delivered.append, lambda r, e: delivered.append(r))
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        task.cancel()
        assert task.sliced is not None
        await task.sliced
        return results, delivered, steps

    results, delivered, steps = asyncio.run(scenario())
    assert 0 < len(results) < 10 and "done" not in delivered
    assert steps.gi_frame is None  # closed


def test_stepped_work_that_fails_hands_its_error_to_on_done(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(background, "THREADS", False)
    ended: list[Any] = []

    async def scenario() -> None:
        task: background.Task[Any] = background.Task("steps")
        background.run_steps(
            task, _steps([], fail=True), lambda _: None, lambda *end: ended.append(end)
        )
        assert task.sliced is not None
        await task.sliced

    asyncio.run(scenario())
    assert ended[0][0] is None and isinstance(ended[0][1], ValueError)
    ended.clear()
    background.run_steps(  # no loop at all: at once, as run() does
        background.Task("steps"), _steps([]), lambda _: None, lambda *end: ended.append(end)
    )
    assert ended == [("done", None)]


def test_a_replay_step_of_an_analysed_game_stays_small():
    """Every snapshot carries the analysis, replay steps included: its summary, not the verdict
    of every move (which grows with the game)."""
    w = _lost()
    w.analyze()
    w.replay()
    w.replay_to(20)
    assert "moves" not in w._state["analysis"]
    assert len(json.dumps(w._state, ensure_ascii=False).encode()) < 6000
