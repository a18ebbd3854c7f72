"""The widget's chance indicator (the chance to win from here, an option off by default) and
the chance over the game in the Analysis panel (kernel side).

The numbers are checked against ``analysis.chance`` and ``analysis.chance_review`` called
directly; the background work runs at once without an event loop and in a thread under
``asyncio.run``, as in a kernel. The drawing is tested in js/test/widget.test.js and in a real
browser in tests/browser/test_chance_browser.py."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Any

from widget_fixtures import LOST_DEAL, lose

from pyramide_widget import Game, solve
from pyramide_widget.analysis import chance as chance_module
from pyramide_widget.analysis.chance import chance
from pyramide_widget.analysis.chance_review import chance_review
from pyramide_widget.widget import PyramideWidget, background
from pyramide_widget.widget import chance as widget_chance

SLOW = "PY1-T-AAABAAB"
"""A one-pass deal whose first positions take the indicator the longest (every layout a whole
deal for the solver)."""


def send(w: PyramideWidget, content: dict[str, Any]) -> None:
    """Deliver a message as a view's ``model.send(content)`` would."""
    w._on_message(w, content, [])


def expected(game: Game) -> dict[str, Any]:
    """What the indicator must show for ``game``'s position, measured directly."""
    view = game.player_view()
    measured = chance(
        view,
        samples=widget_chance.indicator_samples(game.table),
        seed=widget_chance.seed(game, view),
    )
    return widget_chance.shown(measured)


async def _until(condition: Any, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the background work never finished"
        await asyncio.sleep(0.01)


# ---------------------------------------------------------------- the indicator


def test_the_chance_is_off_by_default_and_never_measured_then():
    w = PyramideWidget(game=Game.from_code(LOST_DEAL), stats=False)
    assert w.show_chance is False and w._state["options"]["show_chance"] is False
    w.game.play("draw")
    assert w._state["chance"] is None and w.chance is None
    assert "chance" not in w._tasks and w._work == {}


def test_turned_on_the_chance_from_here_arrives_and_follows_each_move():
    w = PyramideWidget(game=Game.from_code(SLOW), stats=False)
    send(w, {"type": "option", "name": "show_chance", "value": True})
    assert w.show_chance and w._state["options"]["show_chance"] is True
    assert w._state["chance"] == expected(w.game) and w._work == {}
    at_deal = w._state["chance"]
    assert 0 < at_deal["rate"] < 1 and at_deal["low"] <= at_deal["rate"] <= at_deal["high"]
    w.game.play(w.game.legal_moves()[0])
    assert w._state["chance"] == expected(w.game)
    w.undo()  # R21: the deal's position again, the same number
    assert w._state["chance"] == at_deal
    send(w, {"type": "option", "name": "show_chance", "value": False})
    assert w._state["chance"] is None and w._state["options"]["show_chance"] is False


def test_the_constructor_turns_the_chance_on():
    w = PyramideWidget(game=Game.from_code(LOST_DEAL), show_chance=True, stats=False)
    assert w._state["chance"] == expected(w.game)


def test_at_the_end_of_a_game_the_chance_is_certain_without_a_search():
    game = Game.from_code(LOST_DEAL)
    for move in solve(game).solution[:-1]:
        game.play(move)
    w = PyramideWidget(game=game, show_chance=True, stats=False)
    w.game.play(solve(w.game).solution[0])
    assert w.game.status.value == "won"
    assert w._state["chance"] == {
        "rate": 1.0,
        "low": 1.0,
        "high": 1.0,
        "undecided": 0,
        "layouts": 1,
        "exact": True,
        "final": True,
    }
    lost = Game.from_code("PY1-R-BBAAAAB")
    lost.play("3♥+10♣")
    while not lost.is_over:
        moves = lost.legal_moves()
        lost.play(next((m for m in moves if m.cards), moves[0]))
    w.game = lost
    assert w._state["chance"]["rate"] == 0.0 and w._state["chance"]["final"] is True
    assert "chance" not in w._tasks


def test_the_chance_is_measured_in_a_thread_and_shows_that_it_works_meanwhile():
    async def scenario() -> tuple[PyramideWidget, dict[str, Any], Any]:
        w = PyramideWidget(game=Game.from_code(SLOW), stats=False)
        w.show_chance = True
        during = {"work": dict(w._work), "chance": w._state["chance"]}
        await _until(lambda: w._state["chance"] is not None)
        return w, during, w._work

    w, during, after = asyncio.run(scenario())
    assert during == {"work": {"chance": True}, "chance": None}  # working, no stale number
    assert w._state["chance"] == expected(w.game) and after == {}


def test_a_move_made_while_the_chance_is_measured_supersedes_it(monkeypatch: Any):
    """The measure of the deal is cancelled by the move: it stops at its next layout, and the
    number shown is never the deal's while the views show the position after the move."""
    # However fast the search, the deal's measure is still under way when the move comes: each
    # measure starts (the real one) once the move is made.
    moved = threading.Event()
    measure = chance_module.chance_steps

    def once_moved(*args: Any, **kwargs: Any) -> Any:
        steps = measure(*args, **kwargs)

        def gated() -> Any:
            moved.wait(timeout=30)
            return (yield from steps)

        return gated()

    monkeypatch.setattr(chance_module, "chance_steps", once_moved)

    async def scenario() -> tuple[PyramideWidget, Any, bool, list[tuple[int, Any]]]:
        w = PyramideWidget(game=Game.from_code(SLOW), stats=False)
        shown: list[tuple[int, Any]] = []
        w.observe(
            lambda change: shown.append((w.game.action_count, change["new"]["chance"])), "_state"
        )
        w.show_chance = True
        first = w._tasks["chance"]
        w.game.play("9♣+4♥")  # a chance other than the deal's
        running_at_the_move = first.thread.is_alive()
        moved.set()
        await _until(lambda: w._state["chance"] is not None)
        first.thread.join(timeout=30)
        return w, first, running_at_the_move, shown

    w, first, running_at_the_move, shown = asyncio.run(scenario())
    assert running_at_the_move and first.cancelled and not first.thread.is_alive()
    after_the_move = expected(w.game)
    assert after_the_move != expected(Game.from_code(SLOW))
    assert [seen for actions, seen in shown if seen is not None] == [after_the_move]
    assert all(actions == 1 for actions, seen in shown if seen is not None)


def test_a_malformed_chance_option_changes_nothing(caplog: Any):
    w = PyramideWidget(game=Game.from_code(LOST_DEAL), stats=False)
    before = dict(w._state)
    with caplog.at_level(logging.WARNING, logger="pyramide_widget.widget"):
        send(w, {"type": "option", "name": "show_chance", "value": 1})
        send(w, {"type": "option", "name": "show_chance"})
    assert "option: value must be a boolean, got 1" in caplog.text
    assert "option: missing field value" in caplog.text
    assert w._state == before and w.show_chance is False and "chance" not in w._tasks


def test_fewer_layouts_where_the_compiled_search_does_not_answer():
    standard, giza = Game.from_code(LOST_DEAL), Game.from_code("PY1-G-AAAAAAS")
    assert widget_chance.indicator_samples(standard.table) == 200
    assert widget_chance.indicator_samples(giza.table) == widget_chance.FEWER_SAMPLES


# ---------------------------------------------------------------- the chance over the game


def test_the_analysis_brings_the_chance_over_the_game_and_its_costliest_move():
    w = PyramideWidget(game=Game.from_code(LOST_DEAL), stats=False)
    lose(w)
    send(w, {"type": "analyze"})
    review = chance_review(
        w.game.record(),
        samples=widget_chance.review_samples(w.game.table),
        chance_samples=widget_chance.indicator_samples(w.game.table),
    )
    data = w._state["chance_review"]
    assert data == widget_chance.review_shown(review) and w.chance_review is not None
    assert len(data["chance"]) == len(w.game.record().actions) + 1
    mark = data["costliest"]
    assert mark["index"] == review.costliest and mark["action"] == review.costliest_point.action
    assert mark["before"] == data["chance"][mark["index"] - 1] > mark["after"]
    assert mark["better"] == str(review.costliest_point.better_move)
    w.undo()  # R21: it was of the game as it stood
    assert w._state["chance_review"] is None and w.chance_review is None


def test_a_new_game_cancels_the_chance_over_the_old_one():
    async def scenario() -> tuple[PyramideWidget, Any]:
        w = PyramideWidget(game=Game.from_code(LOST_DEAL), stats=False)
        lose(w)
        w_record = w.game.record()
        send(w, {"type": "analyze"})
        await _until(lambda: "chance_review" in w._tasks)
        started = dict(w._work["chance_review"])
        task = w._tasks["chance_review"]
        w.new_game(LOST_DEAL)
        task.thread.join(timeout=60)
        await asyncio.sleep(0.1)
        assert started["total"] == len(w_record.actions) and started["done"] < started["total"]
        return w, task

    w, task = asyncio.run(scenario())
    assert task.cancelled and not task.thread.is_alive()
    assert w._state["chance_review"] is None and w._work == {}


def test_without_threads_pyodide_the_move_is_drawn_before_the_chance_is_measured(
    monkeypatch: Any,
):
    async def scenario() -> tuple[PyramideWidget, list[tuple[int, Any]]]:
        monkeypatch.setattr(background, "THREADS", False)
        assert not background.in_background()
        w = PyramideWidget(game=Game.from_code(LOST_DEAL), show_chance=True, stats=False)
        states: list[tuple[int, Any]] = []
        w.observe(
            lambda change: states.append((change["new"]["moves"], change["new"]["chance"])),
            "_state",
        )
        w.game.play("draw")
        await _until(lambda: w._state["chance"] is not None)
        return w, states

    w, states = asyncio.run(scenario())
    assert states[0] == (1, None), "the move first, without the last position's number"
    assert states[-1] == (1, expected(w.game)) and w._work == {}


def test_without_threads_a_click_is_handled_between_slices_of_the_measure(monkeypatch: Any):
    """Pyodide has no threads: the indicator measures on the kernel's event loop a few layouts
    at a time, so a click's message, sent while the deal is measured, is handled before that
    measure ends; it cancels it, and the new position's number is the one-shot measure's."""
    monkeypatch.setattr(background, "THREADS", False)
    steps: list[int] = []  # layouts measured at the deal, counted as the measure yields them
    measure = chance_module.chance_steps

    def counted(*args: Any, **kwargs: Any) -> Any:
        inner = measure(*args, **kwargs)

        def counting() -> Any:
            while True:
                try:
                    done, total = next(inner)
                except StopIteration as end:
                    return end.value
                steps.append(done)
                yield done, total

        return counting()

    monkeypatch.setattr(chance_module, "chance_steps", counted)

    async def scenario() -> tuple[PyramideWidget, dict[str, Any]]:
        w = PyramideWidget(game=Game.from_code(SLOW), stats=False)
        w.show_chance = True
        first = w._tasks["chance"]
        assert first.sliced is not None and w._state["chance"] is None
        at_the_click: dict[str, Any] = {}

        def click() -> None:
            at_the_click.update(measured=len(steps), finished=first.sliced.done())
            send(w, {"type": "tap", "pile": "stock"})  # a draw
            at_the_click["moves"] = w._state["moves"]

        asyncio.get_running_loop().call_soon(click)
        await _until(lambda: w._state["chance"] is not None)
        await asyncio.sleep(0)
        at_the_click["cancelled"] = first.cancelled and first.sliced.done()
        return w, at_the_click

    w, at_the_click = asyncio.run(scenario())
    total = widget_chance.indicator_samples(w.game.table)
    assert 0 < at_the_click["measured"] < total and not at_the_click["finished"]
    assert at_the_click["moves"] == 1 and at_the_click["cancelled"]
    assert w._state["chance"] == expected(w.game) and w._work == {}


def test_the_indicator_and_the_analysis_graph_give_a_position_the_same_chance():
    """Issue 30: the graph's point for a position is the indicator's number there (the same
    layouts, seeded by the position), the undecided layouts beside it."""
    w = PyramideWidget(game=Game.from_code(LOST_DEAL), show_chance=True, stats=False)
    shown_live = [w._state["chance"]]

    def remember(change: dict[str, Any]) -> None:
        if change["new"]["chance"] is not None and len(shown_live) <= w.game.action_count:
            shown_live.append(change["new"]["chance"])

    w.observe(remember, "_state")
    lose(w)
    send(w, {"type": "analyze"})
    graph = w._state["chance_review"]
    assert len(shown_live) == len(graph["chance"]) > 5
    assert graph["chance"] == [live["rate"] for live in shown_live]
    assert graph["low"] == [live["low"] for live in shown_live]
    assert graph["undecided"] == [live["undecided"] for live in shown_live]
