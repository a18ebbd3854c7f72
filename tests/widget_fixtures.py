"""The JSON states the JS unit tests draw, made by the real Python side.

``js/test/fixtures/*.json`` are committed so ``npm test`` runs without Python; the test
``test_widget_fixtures_are_current`` fails when they no longer match what the widget sends,
and ``python tests/widget_fixtures.py`` rewrites them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from layouts import dead_end_game, play_dead_end, r5_game, win_by_taps, winnable_game  # noqa: E402

from pyramide_widget.ui_text import table_for  # noqa: E402
from pyramide_widget.widget import PyramideWidget  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[1] / "js" / "test" / "fixtures"


class StepClock:
    """A time source that advances 1.5 s per reading: deterministic elapsed times."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.5
        return self.now


def _widget(game: Any) -> PyramideWidget:
    widget = PyramideWidget(game=game)
    widget._hint_offered = False
    return widget


def _state(widget: PyramideWidget) -> dict[str, Any]:
    return json.loads(json.dumps(widget._state))


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

    won = winnable_game()
    won.clock = type(won.clock)(StepClock())
    win_by_taps(won)
    out["won.json"] = _state(_widget(won))
    dead = dead_end_game()
    play_dead_end(dead)
    out["no_moves.json"] = _state(_widget(dead))
    hinted = _widget(r5_game())
    hinted._hint, hinted._hint_at = None, 0
    hinted._publish()
    out["no_hint.json"] = _state(hinted)
    for language in ("en", "fr"):
        out[f"text_{language}.json"] = {**table_for(language), "hint": False}
    out["text_en_hint.json"] = {**table_for("en"), "hint": True}
    return out


def dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name, value in build().items():
        (FIXTURES / name).write_text(dump(value), encoding="utf-8")
        print("wrote", FIXTURES / name)


if __name__ == "__main__":
    main()
