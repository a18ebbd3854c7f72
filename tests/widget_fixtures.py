"""The JSON the JS unit tests read, made by the real Python side: the states the views draw,
and the message protocol (``protocol.json``) every message a view sends is checked against.

``js/test/fixtures/*.json`` are committed so ``npm test`` runs without Python; the test
``test_js_fixtures_are_current`` fails when they no longer match what the widget sends,
and ``python tests/widget_fixtures.py`` rewrites them.
"""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from layouts import dead_end_game, play_dead_end, r5_game, stuck_game, win_by_taps, winnable_game

from pyramide_widget import Game, Rules
from pyramide_widget.analysis.statistics import StatsStore
from pyramide_widget.widget import PyramideWidget, protocol
from pyramide_widget.widget.ui_text import table_for

FIXTURES = Path(__file__).resolve().parents[1] / "js" / "test" / "fixtures"
# Fixture widgets have statistics on (the button shows) in a file that is never written.
UNUSED_STATS = StatsStore(
    Path(tempfile.gettempdir()) / "pyramide-fixtures-never-written" / "stats.sqlite3"
)


class StepClock:
    """A time source that advances 1.5 s per reading: deterministic elapsed times."""

    def __init__(self, step: float = 1.5) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def _widget(game: Any) -> PyramideWidget:
    widget = PyramideWidget(game=game, stats=UNUSED_STATS)
    widget._hint_offered = False
    return widget


def _state(widget: PyramideWidget) -> dict[str, Any]:
    """What a view draws: the ``_state`` trait with the ``_table`` trait as its ``table``, as
    the front end joins them (js/src/client.js); js/test/fake_model.js sends a fixture back
    as the two traits, as the kernel does."""
    return json.loads(json.dumps({**widget._state, "table": widget._table}))


def build() -> dict[str, Any]:
    """Every fixture by file name."""
    out: dict[str, Any] = {}
    w = _widget(r5_game(clock=StepClock()))
    out["r5_start.json"] = _state(w)
    w.tap("pyramid", 7, 1)
    w.tap("pyramid", 7, 7)  # 7♣ then 7♠: "The sum must be 13", 7♠ stays selected (R10)
    out["r5_sum.json"] = _state(w)
    w.game.deselect()
    w.tap("pyramid", 7, 6)  # K♦ alone (R11)
    w.tap("pyramid", 7, 2)
    w.tap("pyramid", 7, 5)  # 10♣ + 3♠
    out["r5_two_moves.json"] = _state(w)
    w.tap("pyramid", 6, 1)  # Q♣ is still covered: the blocked message (R8)
    out["r5_blocked.json"] = _state(w)
    w.replay(index=1)
    out["r5_replay.json"] = _state(w)

    # The chance indicator turned on, after a first draw (a number with its interval).
    measured = PyramideWidget(game=r5_game(clock=StepClock()), stats=UNUSED_STATS, show_chance=True)
    measured.tap("stock")
    out["chance_shown.json"] = _state(measured)

    drawn = _widget(r5_game(clock=StepClock()))
    drawn.tap("stock")  # one card from the stock onto the waste
    out["r5_drawn.json"] = _state(drawn)

    won = winnable_game()
    won.clock = type(won.clock)(StepClock())
    win_by_taps(won)
    out["won.json"] = _state(_widget(won))
    dead = dead_end_game()
    play_dead_end(dead)
    out["no_moves.json"] = _state(_widget(dead))
    over = dead_end_game()
    over.clock = type(over.clock)(StepClock())
    play_dead_end(over)
    hinted = PyramideWidget(game=over, stats=UNUSED_STATS)  # with the solver: the Hint button
    hinted.tap("stock")  # a tap on a finished game clears its message; the hint's shows
    hinted.hint()
    out["no_hint.json"] = _state(hinted)
    stuck = PyramideWidget(game=stuck_game(), stats=UNUSED_STATS)
    stuck.game.clock = type(stuck.game.clock)(StepClock())
    for _ in range(len(stuck.game.stock) + 1):  # a whole cycle of the stock, then the solver
        stuck.tap("stock")
    out["stuck.json"] = _state(stuck)
    # A lost game analysed (the first move lost a winnable deal; stuck since), then replayed at the step
    # before that move with the solver's better move shown.
    lost = PyramideWidget(game=Game.from_code(LOST_DEAL, clock=StepClock()), stats=UNUSED_STATS)
    lose(lost)
    lost.analyze()
    out["analysed.json"] = _state(lost)
    lost.show_better_move()
    out["analysed_replay_better.json"] = _state(lost)
    lost.replay_to(lost.analysis.losing_move)
    out["analysed_replay_losing.json"] = _state(lost)
    # The other tables, drawn from the snapshot's table entry alone (at the deal).
    for letter, name in (
        ("W", "six_rows"),
        ("V", "triangle"),
        ("F", "face_down"),
        ("B", "spanish"),
    ):
        out[f"{name}.json"] = _state(
            _widget(Game.from_code(f"PY1-{letter}-AAAAAAS", clock=StepClock()))
        )
    out["stock_face_up.json"] = _state(
        _widget(r5_game(Rules(stock_face_up=True), clock=StepClock()))
    )
    # The games with other piles, their presets' PY1-?-AAAAAAS: Giza and Reserve
    # at the deal, Apophis after a draw (one card on each waste pile), Cell with 3♦ in its cell
    # and 10♣ on the waste, Tut's Tomb with 5♦ and 3♦ selected together and 4♠ on the waste.
    piled = {"giza": "G", "reserve": "Y", "apophis": "A", "cell": "C", "tuts_tomb": "U"}
    for name, letter in piled.items():
        w = _widget(Game.from_code(f"PY1-{letter}-AAAAAAS", clock=StepClock()))
        if name in ("apophis", "cell", "tuts_tomb"):
            w.tap("stock")
        if name == "cell":
            w.tap("pyramid", 7, 5)  # 3♦
            w.tap("cell")  # into the empty cell
        if name == "tuts_tomb":
            w.tap("pyramid", 7, 5)  # 3♦
            w.tap("pyramid", 7, 1)  # 5♦: selected with it
        out[f"{name}.json"] = _state(w)
    for language in ("en", "fr"):
        out[f"text_{language}.json"] = {**table_for(language), "hint": False}
    out["text_en_hint.json"] = {**table_for("en"), "hint": True}
    out["stats_n.json"] = stats_reply()
    out["protocol.json"] = protocol.as_json()
    return out


LOST_DEAL, LOSING_MOVE = "PY1-N-AAABAAB", "4♥+9♥"
"""A deal of the standard rules that can be won, and a first move that loses it."""


def lose(widget: PyramideWidget) -> None:
    """Play LOSING_MOVE on the widget's game (dealt LOST_DEAL), then a removal if any, else a
    draw or a recycle, until the widget says nothing more can be removed (R18: the game goes
    on, ``_state["stuck"]``)."""
    widget.game.play(LOSING_MOVE)
    for _ in range(500):
        if widget._state["stuck"]:
            return
        moves = widget.game.legal_moves()
        widget.game.play(next((move for move in moves if move.cards), moves[-1]))
    raise AssertionError("the widget never said that nothing more can be removed")


def stats_reply() -> dict[str, Any]:
    """The widget's answer to {"type": "stats", "rules": "N"}: three N wins (the fastest last),
    an abandoned N game, an E win."""
    when = datetime(2025, 3, 14, 9, 26, tzinfo=timezone.utc)
    with tempfile.TemporaryDirectory() as folder:
        store = StatsStore(Path(folder) / "stats.sqlite3")
        for n, (step, rules) in enumerate(
            [(1.5, None), (2.0, None), (0.5, None), (1.0, Rules.preset("E"))]
        ):
            game = winnable_game(rules)
            game.clock = type(game.clock)(StepClock(step))
            win_by_taps(game)
            store.record_game(game, finished_at=when + timedelta(days=n))
        abandoned = r5_game()
        abandoned.play("K♦")
        store.record_game(abandoned, abandoned=True, finished_at=when + timedelta(days=9))
        widget = PyramideWidget(game=r5_game(), stats=store)
        return {"type": "stats", **widget.stats_view("N")}


def dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name, value in build().items():
        (FIXTURES / name).write_text(dump(value), encoding="utf-8")
        print("wrote", FIXTURES / name)


if __name__ == "__main__":
    main()
