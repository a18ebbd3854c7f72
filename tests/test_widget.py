"""PyramideWidget without a browser: front-end messages are injected as the comm would deliver
them (the comm is a dummy outside a kernel), then engine state and synced traits are checked."""

from __future__ import annotations

import importlib.util
import json
import logging
import re
from typing import Any

import pytest
from layouts import (
    dead_end_game,
    dead_end_order,
    play_dead_end,
    r5_game,
    stuck_game,
    win_by_taps,
    winnable_game,
)
from traitlets import TraitError

from pyramide_widget import CodeError, Game, Place, Record, RecordError, Rules
from pyramide_widget.engine.languages import DEFINITIONS
from pyramide_widget.engine.view.snapshot import table_view
from pyramide_widget.widget import STATIC, PyramideWidget


def send(w: PyramideWidget, content: Any) -> None:
    """Deliver a message as a view's ``model.send(content)`` would."""
    w._on_message(w, content, [])


def tap(
    w: PyramideWidget, pile: str, row: int | None = None, col: int | None = None, **extra: Any
) -> None:
    msg: dict[str, Any] = {"type": "tap", "pile": pile, **extra}
    if row is not None:
        msg["row"] = row
    if col is not None:
        msg["col"] = col
    send(w, msg)


def card(state: dict[str, Any], text: str) -> dict[str, Any] | None:
    return next((c for c in state["pyramid"] if c and c["card"] == text), None)


def pile(state: dict[str, Any], pile_id: str) -> dict[str, Any]:
    """The snapshot's entry for one pile (the standard game's waste is the pile "waste")."""
    return next(p for p in state["piles"] if p["id"] == pile_id)


@pytest.fixture
def r5() -> PyramideWidget:
    return PyramideWidget(game=r5_game())


class CommSpy:
    """Records what the widget sends to the front end."""

    def __init__(self, w: PyramideWidget) -> None:
        self.messages: list[dict[str, Any]] = []
        original = w.comm.send

        def spy(data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
            self.messages.append(data)
            original(data=data, metadata=metadata, buffers=buffers)

        w.comm.send = spy  # type: ignore[method-assign]

    def updates(self) -> list[dict[str, Any]]:
        return [m["state"] for m in self.messages if m and m.get("method") == "update"]

    def customs(self) -> list[dict[str, Any]]:
        """Custom messages (``widget.send``), as a view's ``msg:custom`` handler gets them."""
        return [m["content"] for m in self.messages if m and m.get("method") == "custom"]


# ---------------------------------------------------------------- construction


def test_deals_at_random_by_code_or_wraps_a_game():
    assert PyramideWidget().game.code.startswith("PY1-N-")
    assert PyramideWidget(rules="S").game.rules == Rules.preset("S")
    w = PyramideWidget("py1-n-aaaaaas")
    assert w.game.code == "PY1-N-AAAAAAS"
    assert w._state["code"] == "PY1-N-AAAAAAS"
    g = r5_game()
    assert PyramideWidget(game=g).game is g


def test_options_are_taken_from_the_wrapped_game_unless_given():
    g = r5_game(language="fr", explain_mistakes=False)
    w = PyramideWidget(game=g)
    assert (w.language, w.explain_mistakes) == ("fr", False)
    assert w._text["strings"]["undo"] == "Annuler"
    w2 = PyramideWidget(game=r5_game(), language="sk", explain_mistakes=False, french_indices=True)
    assert (w2.game.language, w2.game.explain_mistakes) == ("sk", False)
    assert w2._state["options"] == {
        "explain_mistakes": False,
        "french_indices": True,
        "highlight_free": True,
        "show_chance": False,
    }
    assert w2._table["deck"]["ranks"]["fr"][-3:] == [
        "V",
        "D",
        "R",
    ]  # what the corners show


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"colour": "red"}, TypeError),
        ({"code": "PY1-N-AAAAAAS", "game": "x"}, TypeError),
        ({"game": "not a game"}, TypeError),
        ({"language": "de"}, ValueError),
        ({"code": "PY2-N-AAAAAAS"}, CodeError),
        ({"code": 12}, TypeError),
        ({"rules": "Z"}, CodeError),
    ],
)
def test_bad_arguments_are_refused(kwargs, error):
    with pytest.raises(error):
        PyramideWidget(**kwargs)


def test_wrapping_a_game_excludes_deal_arguments():
    with pytest.raises(TypeError, match="either game="):
        PyramideWidget("PY1-N-AAAAAAS", game=r5_game())
    with pytest.raises(TypeError, match="clock"):
        PyramideWidget(game=r5_game(), clock=lambda: 0.0)


def test_repr_is_deterministic(r5):
    assert repr(r5) == "PyramideWidget(code=None, score=0, moves=0, status='playing')"
    w = PyramideWidget("PY1-N-AAAAAAS")
    assert repr(w) == "PyramideWidget(code='PY1-N-AAAAAAS', score=0, moves=0, status='playing')"
    assert "0x" not in repr(w)


def test_front_end_files_ship_inside_the_package():
    js, css = STATIC / "widget.js", STATIC / "widget.css"
    assert js.is_file() and css.is_file()
    assert re.search(r"^export \{\s*\w+ as default\s*\};", js.read_text(encoding="utf-8"), re.M)
    w = PyramideWidget("PY1-N-AAAAAAS")
    assert w._esm == js.read_text(encoding="utf-8")
    assert w._css == css.read_text(encoding="utf-8")


def test_display_carries_a_static_html_copy_for_viewers_without_widgets(r5):
    data, _ = r5._repr_mimebundle_()
    assert data["text/plain"] == repr(r5)
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/html"].count("data-card=") == 29  # 28 pyramid cards and the waste top
    assert "<script" not in data["text/html"]


# ---------------------------------------------------------------- taps from the front end (docs/rules.md)


def test_r11_r9_king_then_pair_as_in_the_apps_deal(r5):
    assert card(r5._state, "10♠")["free"] is False
    tap(r5, "pyramid", 7, 6, card="K♦")
    tap(r5, "pyramid", 7, 2, card="10♣")
    assert r5._state["selected"] == {"pile": "pyramid", "row": 7, "col": 2}
    tap(r5, "pyramid", 7, 5, card="3♠")
    state = r5._state
    for gone in ("K♦", "10♣", "3♠"):
        assert card(state, gone) is None
    assert card(state, "10♠")["free"] is True
    assert (state["score"], state["moves"], state["selected"]) == (30, 2, None)
    assert (r5.game.score, r5.game.moves) == (30, 2)
    assert [str(m) for m in r5.game.history] == ["K♦", "10♣+3♠"]


def test_r10_sum_message_keeps_the_second_card_selected(r5):
    tap(r5, "pyramid", 7, 1)
    tap(r5, "pyramid", 7, 7)
    assert r5._state["message"] == {"key": "sum", "text": "The sum must be 13"}
    assert r5._state["selected"] == {"pile": "pyramid", "row": 7, "col": 7}
    assert r5.game.selected == Place("pyramid", 7, 7)


def test_r8_blocked_message_only_when_explaining_mistakes(r5):
    tap(r5, "pyramid", 6, 1, card="Q♣")
    assert r5._state["message"]["text"] == "This card is blocked by another card"
    send(r5, {"type": "option", "name": "explain_mistakes", "value": False})
    assert r5.game.explain_mistakes is False
    tap(r5, "pyramid", 6, 1, card="Q♣")
    assert r5._state["message"] is None
    assert r5.game.moves == 0


def test_r14_r15_stock_draws_then_recycles(r5):
    assert r5._state["stock"] == {"count": 23, "action": "draw"}
    for _ in range(23):
        tap(r5, "stock")
    assert r5._state["stock"] == {"count": 0, "action": "recycle"}
    assert pile(r5._state, "waste")["count"] == 24
    tap(r5, "stock")
    assert r5._state["stock"]["count"] == 24 and pile(r5._state, "waste")["count"] == 0
    assert r5.game.moves == 24


def test_r21_undo_from_the_front_end(r5):
    tap(r5, "pyramid", 7, 6)
    send(r5, {"type": "undo"})
    assert card(r5._state, "K♦") is not None
    assert (r5._state["score"], r5._state["moves"], r5._state["can_undo"]) == (0, 1, False)


def test_escape_deselects_from_the_front_end_and_plays_nothing(r5):
    tap(r5, "pyramid", 7, 1)
    assert r5._state["selected"] is not None
    send(r5, {"type": "deselect"})
    assert r5._state["selected"] is None and r5._state["selection"] == []
    assert (r5._state["moves"], r5._state["can_undo"]) == (0, False)


def test_the_replay_counts_steps_moves_and_undos_and_says_so(r5):
    """The status line's Moves count the moves made (an undone one too, R21); a replay steps
    through every move and every undo, and its words say so."""
    tap(r5, "pyramid", 7, 6)
    tap(r5, "stock")
    send(r5, {"type": "undo"})
    tap(r5, "stock")
    assert r5._state["moves"] == 3
    send(r5, {"type": "replay_start"})
    assert r5._state["replay"]["length"] == 3 + 1
    assert "(moves and undos)" in r5._text["strings"]["step"]
    assert "moves and undos" in r5._text["strings"]["chance_axis_move"]


def test_waste_top_pairs_with_a_pyramid_card():
    g = r5_game()
    w = PyramideWidget(game=g)
    # 6♥ is under the stock's first cards; draw until a card pairs with 7♣? Use 7♦ (waste) + 6...:
    # the R5 bottom row has no 6, so remove K♦ and pair the waste top 7♦ after a draw instead.
    tap(w, "waste", card="7♦")
    assert w._state["selected"] == {"pile": "waste", "row": 1}
    assert pile(w._state, "waste")["cards"][-1] == "7♦"
    tap(w, "stock")  # R13: the selected waste top is covered, so it is deselected
    assert w._state["selected"] is None


def test_won_and_no_moves_states():
    won = PyramideWidget(game=winnable_game())
    win_by_taps(won.game)
    assert (won._state["status"], won._state["score"], won._state["running"]) == ("won", 280, False)
    assert won._state["stock"]["action"] == "none"
    dead = PyramideWidget(game=dead_end_game())
    play_dead_end(dead.game)
    assert dead._state["status"] == "no_moves"
    assert dead._state["message"] == {"key": "no_moves", "text": "No more moves possible"}


# ---------------------------------------------------------------- the Python side drives the views


def test_moves_on_the_game_itself_update_the_state(r5):
    spy = CommSpy(r5)
    r5.game.play("K♦")
    assert r5._state["score"] == 10 and card(r5._state, "K♦") is None
    r5.game.play("10♣+3♠")
    assert r5._state["score"] == 30
    r5.undo()
    assert r5._state["score"] == 10
    r5.game.restart()
    assert (r5._state["score"], r5._state["moves"]) == (0, 0)
    assert len(spy.updates()) == 4


def test_new_game_replaces_the_game_and_restart_keeps_it(r5):
    old = r5.game
    r5.tap("pyramid", 7, 6)
    r5.restart()
    assert r5.game is old and r5.game.moves == 0
    new = r5.new_game("PY1-S-ABCDEFG")
    assert r5.game is new is not old
    assert r5._state["code"] == "PY1-S-ABCDEFG" and r5._state["rules"] == "S"
    old.play("K♦")  # the old game no longer drives the widget
    assert r5._state["moves"] == 0
    new.play("draw")
    assert r5._state["moves"] == 1
    random = r5.new_game(rules="T")
    assert random.rules == Rules.preset("T")


def test_assigning_a_game(r5):
    g = r5_game(language="fr")
    r5.game = g
    assert g.language == "en"  # the widget's options win
    g.play("K♦")
    assert r5._state["score"] == 10
    with pytest.raises(TypeError):
        r5.game = "PY1-N-AAAAAAS"  # type: ignore[assignment]


def test_new_game_from_the_front_end(r5):
    send(r5, {"type": "new", "code": " py1-n-bbbbbbb ", "rules": ""})
    assert r5.game.code == "PY1-N-BBBBBBB"
    send(r5, {"type": "new", "code": "", "rules": "P"})
    assert r5.game.rules == Rules.preset("P") and r5.game.code.startswith("PY1-P-")


def test_new_game_dialog_deals_the_letters_alone_under_the_rules_menu(r5):
    send(r5, {"type": "new", "code": " aaaaaas ", "rules": "E"})
    assert (r5.game.code, r5.game.rules) == ("PY1-E-AAAAAAS", Rules.preset("E"))
    assert r5._state["error"] is None
    easy = r5.game
    send(r5, {"type": "new", "code": "AAAAAAB", "rules": ""})  # menu untouched: the current rules
    assert r5.game is not easy and r5.game.code == "PY1-E-AAAAAAB"
    # The same cards as the standard code's: only the rules differ.
    assert r5.game.deal == Game.from_code("PY1-N-AAAAAAB").deal


def test_new_game_dialog_deals_a_code_under_its_own_rules_unless_others_are_chosen(r5):
    send(r5, {"type": "new", "code": "PY1-N-AAAAAAB", "rules": ""})  # menu untouched
    assert r5.game.code == "PY1-N-AAAAAAB"
    send(r5, {"type": "new", "code": "py1-e-aaaaaab", "rules": "E"})  # code and menu agree
    assert r5.game.code == "PY1-E-AAAAAAB"
    r5.tap("stock")
    game, state = r5.game, dict(r5._state)
    send(
        r5, {"type": "new", "code": "PY1-N-AAAAAAS", "rules": "E"}
    )  # they disagree: said, nothing dealt
    assert r5.game is game and game.moves == 1
    assert r5._state["error"] == (
        "PY1-N-AAAAAAS is a code of the Standard rules, but Easy is chosen: choose Standard, "
        "or type only the letters AAAAAAS to play this deal under Easy."
    )
    assert {**r5._state, "error": None} == {**state, "error": None}
    r5.language = "fr"
    send(r5, {"type": "new", "code": "PY1-N-AAAAAAS", "rules": "T"})
    assert "« Standard »" in r5._state["error"] and "« Traditionnelle »" in r5._state["error"]
    assert r5.game is game


def test_new_game_takes_the_letters_alone_from_python_too():
    assert PyramideWidget("aaaaaas", stats=False).game.code == "PY1-N-AAAAAAS"
    w = PyramideWidget(rules="S", stats=False)
    assert w.new_game("AAAAAAS", rules="P").code == "PY1-P-AAAAAAS"
    assert w.new_game("AAAAAAS").code == "PY1-N-AAAAAAS"  # standard by default, like new_game()
    with pytest.raises(CodeError):
        w.new_game("AAAAAA")
    assert w.game.code == "PY1-N-AAAAAAS"


@pytest.mark.parametrize("language", ["fr", "sk", "pl", "vi"])
def test_a_bad_code_is_said_in_the_players_language_with_an_example(r5, language):
    send(r5, {"type": "option", "name": "language", "value": language})
    send(r5, {"type": "new", "code": "hello", "rules": ""})
    error = r5._state["error"]
    assert "PY1-N-AAAAAAS" in error and "That is not" not in error
    assert error == DEFINITIONS[language]["strings"]["new_bad_code"].format(example="PY1-N-AAAAAAS")


def test_a_bad_code_is_said_as_a_player_understands_it_with_an_example_and_changes_nothing(r5):
    r5.tap("pyramid", 7, 6)
    game, state = r5.game, dict(r5._state)
    send(r5, {"type": "new", "code": "PY1-N-AAAA", "rules": "N"})
    assert r5.game is game and game.moves == 1
    error = r5._state["error"]
    assert error.startswith("That is not a deal code.") and "looks like PY1-N-AAAAAAS" in error
    assert not {"letter", "version", "format", "'"} & set(error.replace(".", " ").split())
    assert {**r5._state, "error": None} == {**state, "error": None}
    with pytest.raises(CodeError):
        r5.new_game("nonsense")
    r5.tap("stock")  # the next action clears the error
    assert r5._state["error"] is None


def test_two_views_share_one_model_and_taps_from_either_work(r5):
    """Views are front-end objects of one model: both send on the same channel, every update
    goes to all of them. A tap from a view showing an outdated card is ignored."""
    spy = CommSpy(r5)
    tap(r5, "pyramid", 7, 6, card="K♦")  # from view 1
    tap(r5, "pyramid", 7, 6, card="K♦")  # view 2 clicked the same card before its update
    assert r5.game.moves == 1 and r5.game.message is None
    tap(r5, "pyramid", 7, 2, card="10♣")  # view 2
    tap(r5, "pyramid", 7, 5, card="3♠")  # view 1
    assert r5._state["score"] == 30
    assert len(spy.updates()) == 3  # K♦, select 10♣, pair


def test_an_update_after_a_tap_is_small_and_sends_no_static_text(r5):
    spy = CommSpy(r5)
    tap(r5, "pyramid", 7, 6, card="K♦")
    (update,) = spy.updates()
    assert set(update) == {"_state"}
    size = len(json.dumps(update, ensure_ascii=False).encode())
    assert size < 4096, size
    send(r5, {"type": "option", "name": "language", "value": "vi"})
    assert "_text" in spy.updates()[-1] or any("_text" in u for u in spy.updates())


def test_the_tables_layout_is_sent_once_per_table_apart_from_the_state(r5):
    assert "table" not in r5._state and r5._table == table_view(r5.game)
    spy = CommSpy(r5)
    tap(r5, "stock")
    tap(r5, "pyramid", 7, 6, card="K♦")
    r5.new_game("PY1-N-AAAAAAS")  # another deal on the same table
    assert [set(update) for update in spy.updates()] == [{"_state"}] * 3
    r5.new_game("PY1-W-AAAAAAS")  # Six Rows: its layout and its state in one message
    (update,) = spy.updates()[3:]
    assert set(update) == {"_state", "_table"} and "table" not in update["_state"]
    assert update["_table"] == table_view(r5.game) and update["_table"]["name"] == "Six Rows"
    r5.replay()  # a replay of the game on its table: the state alone
    assert set(spy.updates()[-1]) == {"_state"}


def test_a_stock_tap_is_answered_by_one_message(r5):
    """R14, the click benchmarks/bench_widget.py times: the view gets one state update and
    nothing else, so the answer travels as one websocket frame after the kernel's "busy"."""
    spy = CommSpy(r5)
    tap(r5, "stock")
    assert [m.get("method") for m in spy.messages] == ["update"]
    assert set(spy.messages[0]["state"]) == {"_state"} and pile(r5._state, "waste")["count"] == 2


def test_nothing_is_sent_when_nothing_changed(r5):
    spy = CommSpy(r5)
    tap(r5, "pyramid", 6, 1)  # blocked: message appears
    tap(r5, "pyramid", 6, 1)  # the same message again: no change
    assert len(spy.updates()) == 1


def test_a_tap_never_rebuilds_the_action_log(r5, monkeypatch):
    """A tap costs the same however long the game has run (benchmarks/bench_widget.py prints
    the cost at the start and after 10,000 actions): the widget counts the actions with
    Game.action_count and never builds Game.actions on a tap, a hint or an undo."""
    built: list[int] = []
    actions = Game.actions
    monkeypatch.setattr(
        Game, "actions", property(lambda game: built.append(1) or actions.fget(game))
    )
    for _ in range(30):
        tap(r5, "stock")
    send(r5, {"type": "hint"})
    tap(r5, "pyramid", 7, 6)
    send(r5, {"type": "undo"})
    assert r5.game.action_count == 32 and built == []


def test_the_clock_is_sent_as_a_reading_not_a_stream():
    now = [100.0]
    w = PyramideWidget("PY1-N-AAAAAAS", clock=lambda: now[0])
    assert (w._state["elapsed"], w._state["running"]) == (0.0, False)
    w.tap("stock")
    now[0] = 112.34
    spy = CommSpy(w)
    send(w, {"type": "refresh"})  # a new view asks for a fresh reading
    assert spy.updates()[-1]["_state"]["elapsed"] == 12.3
    assert w._state["running"] is True


def test_language_changes_every_string_and_the_engine_messages(r5):
    tap(r5, "pyramid", 6, 1)
    send(r5, {"type": "option", "name": "language", "value": "pl"})
    assert r5.language == "pl" and r5.game.language == "pl"
    assert r5._text["strings"]["new"] == "Nowa gra"
    assert r5._text["cards"]["Q♣"] == "dama trefl"
    assert r5._state["message"]["text"] == "Tę kartę blokuje inna karta"
    r5.language = "sk"
    assert r5._text["strings"]["undo"] == "Späť"
    with pytest.raises(TraitError):
        r5.language = "xx"
    spy = CommSpy(r5)
    send(r5, {"type": "option", "name": "french_indices", "value": True})
    assert r5.french_indices is True
    # The front end picks the corner letters from the table's deck by the state's options:
    # switching the indices sends the state alone, no text and no table.
    (update,) = spy.updates()
    assert set(update) == {"_state"} and update["_state"]["options"]["french_indices"] is True
    assert r5._table["deck"]["ranks"]["fr"][12] == "R"


# ---------------------------------------------------------------- malformed messages


MALFORMED = [
    "tap",
    None,
    [],
    {"kind": "tap"},
    {"type": "jump"},
    {"type": 3},
    {"type": "tap"},
    {"type": "tap", "pile": "table"},
    {"type": "tap", "pile": "pyramid", "row": 8, "col": 1},
    {"type": "tap", "pile": "pyramid", "row": 3, "col": 4},
    {"type": "tap", "pile": "pyramid", "row": 7},
    {"type": "tap", "pile": "pyramid", "row": "7", "col": "6"},
    {"type": "tap", "pile": "pyramid", "row": True, "col": 1},
    {"type": "tap", "pile": "pyramid", "row": 7.0, "col": 6},
    {"type": "tap", "pile": "pyramid", "row": 7, "col": 6, "card": 5},
    {"type": "tap", "pile": "waste", "row": 3},
    {"type": "tap", "pile": "waste", "col": 1},
    {"type": "tap", "pile": "stock", "row": 1},
    {"type": "tap", "pile": "stock", "extra": 1},
    {"type": "undo", "now": True},
    {"type": "new", "code": 5},
    {"type": "new", "code": "x" * 5000},
    {"type": "new", "code": "", "rules": "Q"},
    {"type": "option", "name": "language", "value": "de"},
    {"type": "option", "name": "language", "value": None},
    {"type": "option", "name": "explain_mistakes", "value": 1},
    {"type": "option", "name": "score", "value": 280},
    {"type": "option", "name": "language"},
    {"type": "option", "name": ["language"], "value": "fr"},
    {"type": "option", "name": {"language": 1}, "value": True},
    {"type": "replay_goto", "index": -1},
    {"type": "replay_goto", "index": "2"},
    {"type": "stats", "rules": "Q"},
    {"type": "stats", "rules": "n"},
    {"type": "stats", "rules": 5},
    {"type": "stats", "rules": "N", "limit": 3},
]


@pytest.mark.parametrize("content", MALFORMED, ids=[repr(m)[:40] for m in MALFORMED])
def test_malformed_messages_are_ignored_with_a_warning(r5, caplog, content):
    r5.tap("pyramid", 7, 6)
    before_state, before_position, before_moves = dict(r5._state), r5.game.position(), r5.game.moves
    with caplog.at_level(logging.WARNING, logger="pyramide_widget.widget"):
        send(r5, content)
    assert any("malformed" in rec.getMessage() for rec in caplog.records)
    assert not any(rec.exc_info for rec in caplog.records), "a malformed message is not a failure"
    assert r5._state == before_state
    assert (r5.game.position(), r5.game.moves) == (before_position, before_moves)
    assert (r5.language, r5.explain_mistakes) == ("en", True)


def test_an_unexpected_failure_is_logged_not_raised(r5, caplog, monkeypatch):
    def boom(*args: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(r5.game, "undo", boom)
    with caplog.at_level(logging.ERROR, logger="pyramide_widget.widget"):
        send(r5, {"type": "undo"})
    assert "failed" in caplog.text


# ---------------------------------------------------------------- replay


def test_replay_steps_through_the_record_and_returns_to_play(r5):
    r5.game.play("K♦")
    r5.game.play("draw")
    r5.game.undo()
    r5.game.play("10♣+3♠")
    send(r5, {"type": "replay_start"})
    assert r5.replaying and r5.replay_index == 0  # at the deal: Next plays the game forward
    state = r5._state
    assert state["mode"] == "replay" and state["replay"] == {
        "index": 0,
        "length": 4,
        "action": None,
    }
    assert (state["score"], state["moves"]) == (0, 0)
    scores = []
    for i in range(5):
        send(r5, {"type": "replay_goto", "index": i})
        scores.append((r5._state["score"], r5._state["moves"], r5._state["stock"]["count"]))
    assert scores == [(0, 0, 23), (10, 1, 23), (10, 2, 22), (10, 2, 23), (30, 3, 23)]
    send(r5, {"type": "replay_goto", "index": 99})
    assert r5.replay_index == 4
    tap(r5, "stock")  # taps do nothing during a replay
    send(r5, {"type": "undo"})
    assert r5.game.moves == 3
    send(r5, {"type": "replay_stop"})
    assert not r5.replaying and r5._state["mode"] == "play" and r5._state["moves"] == 3


def test_replay_of_a_loaded_record():
    w = PyramideWidget()
    w.replay("PY1-N-AAAAAAS draw draw undo", index=2)
    assert w._state["code"] == "PY1-N-AAAAAAS" and w._state["replay"]["length"] == 3
    assert (pile(w._state, "waste")["count"], w._state["stock"]["count"]) == (3, 21)
    w.replay_to(3)
    assert (pile(w._state, "waste")["count"], w._state["moves"]) == (2, 2)
    with pytest.raises(RecordError):
        w.replay("PY1-N-AAAAAAS K♠K♠")
    w.stop_replay()
    with pytest.raises(RuntimeError):
        w.replay_to(1)
    record = Record.load(w.game.record().to_json())
    w.replay(record)
    assert w._state["replay"]["length"] == 0


def test_replay_follows_a_language_change(r5):
    r5.game.play("K♦")
    r5.replay(index=1)
    r5.language = "fr"
    assert r5.replaying and r5.replay_index == 1
    assert r5._text["strings"]["first"] == "Début"


def test_switching_the_indices_in_a_replay_keeps_its_replay(r5):
    """The indices are a display option sent with each snapshot: the replay is not built again
    for them."""
    r5.game.play("K♦")
    r5.replay(index=1)
    replay = r5._replay
    send(r5, {"type": "option", "name": "french_indices", "value": True})
    assert r5._replay is replay and r5.replay_index == 1
    assert r5._state["options"]["french_indices"] is True and r5._state["mode"] == "replay"


def _long_record(actions: int) -> Record:
    game = Game.from_code("PY1-N-AAAAAAS")
    king = next(move for move in game.legal_moves() if move.kind.value == "king")
    game.play(king)
    while game.action_count < actions:
        game.play("draw" if game.stock else "recycle")
        if game.action_count % 7 == 0 and game.action_count < actions:
            game.undo()
    return game.record()


def test_a_long_replay_keeps_a_bounded_number_of_games_and_shows_every_step_as_replayed():
    """A replay keeps the game at the step shown and a copy every so many steps, never a
    snapshot per step: a step is rebuilt on demand, the same as a full replay shows it."""
    from pyramide_widget.engine.view.snapshot import snapshot
    from pyramide_widget.widget.replay import MAX_CHECKPOINTS

    record = _long_record(5_000)
    w = PyramideWidget(stats=False)
    w.replay(record)
    assert len(w._replay.checkpoints) <= MAX_CHECKPOINTS + 1
    wanted = {0, 1, 7, 8, 2_345, 4_999, 5_000, 3_001, 3_000, 12}
    expected = {}
    for step, game in Game.replay_steps(record):
        if step.index in wanted:
            expected[step.index] = snapshot(game)
    for index in [5_000, 0, 2_345, 12, 3_001, 3_000, 1, 8, 7, 4_999]:  # back and forth
        w.replay_to(index)
        shown = {key: w._state[key] for key in ("pyramid", "piles", "stock", "discard", "moves")}
        wanted_state = expected[index]
        assert shown == {key: wanted_state[key] for key in shown}, index
        assert w._state["replay"]["index"] == index


def test_a_language_change_in_a_replay_does_not_replay_the_record_again(r5, monkeypatch):
    r5.game.play("K♦")
    r5.game.play("10♣+3♠")
    r5.replay(index=2)
    replayed: list[int] = []
    steps = Game.replay_steps
    monkeypatch.setattr(Game, "replay_steps", lambda *a, **k: replayed.append(1) or steps(*a, **k))
    r5.language = "fr"
    assert replayed == [] and r5.replay_index == 2 and r5._state["replay"]["index"] == 2


@pytest.mark.parametrize("index", [1.5, "x", None, True, [1]])
def test_replay_to_takes_a_whole_number(r5, index):
    r5.game.play("K♦")
    r5.replay(index=1)
    with pytest.raises(TypeError, match="a whole number"):
        r5.replay_to(index)
    assert r5.replay_index == 1


# ---------------------------------------------------------------- hint


def test_no_hint_button_without_the_solver(r5, monkeypatch):
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    w = PyramideWidget(game=r5_game())
    assert w._text["hint"] is False
    with pytest.raises(RuntimeError):
        w.hint()
    send(w, {"type": "hint"})
    assert w._state["hint"] is None


def test_hint_with_the_solver():
    w = PyramideWidget(game=r5_game())
    assert w._text["hint"] is True
    send(w, {"type": "hint"})
    assert w._state["hint"] == {"move": "K♦", "kind": "king", "cards": ["K♦"]}
    tap(w, "pyramid", 7, 2)  # selecting keeps the hint: the position is the same
    assert w._state["hint"] is not None
    w.game.play("K♦")  # a move clears it
    assert w._state["hint"] is None
    dead = PyramideWidget(game=dead_end_game())
    play_dead_end(dead.game)
    dead.hint()
    assert dead._state["hint"] == {"move": None, "kind": "none", "cards": []}


def test_a_hint_belongs_to_the_position_it_was_asked_in():
    w = PyramideWidget(game=r5_game(), stats=False)
    send(w, {"type": "hint"})
    assert w._state["hint"]["move"] == "K♦"
    w.new_game("PY1-N-AAAAAAB")  # also no action yet, but other cards
    assert w._state["hint"] is None
    w.game = r5_game()
    send(w, {"type": "hint"})
    assert w._state["hint"] is not None
    send(w, {"type": "new", "code": "", "rules": ""})  # from the dialog
    assert w._state["hint"] is None
    w.game.play("draw")
    send(w, {"type": "hint"})
    assert w._state["hint"] is not None
    send(w, {"type": "restart"})
    w.game.play("draw")  # as many actions as when the hint was asked, from another position
    assert w._state["hint"] is None
    send(w, {"type": "hint"})
    w.game.restart()  # directly on the game
    w.game.play("draw")
    assert w._state["hint"] is None
    send(w, {"type": "hint"})
    send(w, {"type": "undo"})
    assert w._state["hint"] is None


def test_nothing_more_can_be_removed_is_said_after_a_cycle_of_the_stock_without_removals():
    w = PyramideWidget(game=stuck_game(), stats=False)
    while w.game.stock:
        tap(w, "stock")
    assert w._state["stuck"] is False  # not asked before a whole cycle: taps stay cheap
    tap(w, "stock")  # the recycle: every talon card has been on the waste since the last removal
    state = w._state
    assert state["stuck"] is True
    assert (state["status"], state["stock"]["action"]) == ("playing", "draw")  # R18: play goes on
    tap(w, "stock")
    assert w._state["stuck"] is True
    w.new_game("PY1-N-AAAAAAB")
    assert w._state["stuck"] is False


def test_a_hint_with_nothing_to_remove_offers_a_new_game_not_no_move_possible():
    for rules in (None, Rules.preset("S")):
        w = PyramideWidget(game=stuck_game(rules), stats=False)
        assert "draw" in [str(move) for move in w.game.legal_moves()]
        send(w, {"type": "hint"})
        assert w._state["hint"] is None, (
            rules
        )  # not "No hint: no move is possible": a draw is legal
        assert w._state["stuck"] is True, rules


def test_with_limited_recycles_only_a_hint_asks_the_solver():
    """Limited recycles end by themselves (R18); the check after each pass is for unlimited ones."""
    w = PyramideWidget(game=stuck_game(Rules.preset("P")), stats=False)
    for _ in range(len(w.game.stock) + 2):  # a cycle, the first recycle, one more draw
        tap(w, "stock")
    assert (w._state["status"], w._state["stuck"]) == ("playing", False)


def test_the_verdict_lasts_while_only_draws_change_and_goes_with_an_undone_removal():
    w = PyramideWidget(game=dead_end_game(), stats=False)
    g = w.game
    g.play(f"{g.card_at(7, 1)}+{g.card_at(7, 2)}")
    for n, (row, col) in enumerate(dead_end_order()):
        if n:
            g.play("draw")
        g.play(f"{g.card_at(row, col)}+{g.waste[-1]}")
    assert w._state["stuck"] is False and len(g.stock) == 4  # the four kings are still to come
    for _ in range(4):
        g.play("draw")
    assert w._state["stuck"] is True and not g.is_over
    for _ in range(4):
        w.undo()
    assert w._state["stuck"] is True  # draws undone: the same cards are left
    w.undo()  # the last pair comes back: its pyramid card can be removed again
    assert w._state["stuck"] is False


def test_the_hint_button_answers_on_the_hardest_deals_within_its_budget():
    """PY1-T-DOHWZZG takes the full solver many seconds; the button must still answer."""
    w = PyramideWidget(game=Game.from_code("PY1-T-DOHWZZG"), stats=False)
    send(w, {"type": "hint"})
    shown = w._state["hint"]
    assert shown is not None and shown["move"] is not None
    assert w.game.is_legal(shown["move"])


def test_close_stops_following_the_game(r5):
    g = r5.game
    r5.close()
    g.play("K♦")
    assert g._observers == []


# ---------------------------------------------------------------- statistics (stats=)


def test_statistics_record_finished_and_abandoned_games(tmp_path):
    from pyramide_widget.analysis.statistics import StatsStore

    store = StatsStore(tmp_path / "stats.sqlite3")
    w = PyramideWidget(game=winnable_game(), stats=store)
    assert w.stats is store
    win_by_taps(w.game)
    assert store.totals().won == 1
    w.new_game("PY1-N-AAAAAAS")
    w.new_game("PY1-N-AAAAAAB")  # replaced without a move: not a game played
    w.tap("stock")
    w.restart()  # abandoned after an action
    assert (store.totals().played, store.totals().won) == (2, 1)
    assert PyramideWidget(game=r5_game(), stats=False).stats is None
    with pytest.raises(TypeError):
        PyramideWidget(stats=3.5)


def test_statistics_are_on_by_default_in_the_file_pyramide_stats_names(private_stats_file):
    w = PyramideWidget(game=winnable_game())
    assert w.stats.path == private_stats_file
    assert w._state["stats"] is True
    win_by_taps(w.game)
    assert w.stats.totals("N").won == 1 and private_stats_file.exists()


def test_with_statistics_off_there_is_no_button_and_requests_are_ignored(
    caplog, private_stats_file
):
    w = PyramideWidget(game=winnable_game(), stats=False)
    assert w._state["stats"] is False
    spy = CommSpy(w)
    with caplog.at_level(logging.INFO, logger="pyramide_widget.widget"):
        send(w, {"type": "stats", "rules": "N"})
    assert spy.customs() == [] and "statistics are off" in caplog.text
    win_by_taps(w.game)
    assert spy.customs() == [] and not private_stats_file.exists()
    assert w.stats_view()["error"] == "statistics are off (stats=False)"


def test_the_statistics_panel_asks_and_python_answers(tmp_path):
    w = PyramideWidget(game=winnable_game(), stats=tmp_path / "stats.sqlite3")
    spy = CommSpy(w)
    send(w, {"type": "stats", "rules": "N"})
    (empty,) = spy.customs()
    assert empty["type"] == "stats" and empty["rules"] == "N" and empty["error"] is None
    assert empty["stats"]["totals"]["played"] == 0 and empty["stats"]["ranking"] == []
    assert not (tmp_path / "stats.sqlite3").exists()  # reading creates nothing
    win_by_taps(w.game)
    assert spy.customs()[-1] == {"type": "stats_changed"}  # an open panel asks again
    send(w, {"type": "stats"})  # no rules: the current game's
    reply = spy.customs()[-1]
    assert json.loads(json.dumps(reply)) == reply
    assert reply["rules"] == "N"
    stats = reply["stats"]
    assert stats["rules_played"] == ["N"]
    assert {k: stats["totals"][k] for k in ("played", "won", "win_rate", "fewest_moves")} == {
        "played": 1,
        "won": 1,
        "win_rate": 1.0,
        "fewest_moves": w.game.moves,
    }
    (row,) = stats["ranking"]
    assert (row["moves"], row["score"], row["code"]) == (w.game.moves, 280, None)
    assert row["finished_at"].endswith("+00:00")
    send(w, {"type": "stats", "rules": "E"})  # another preset: no games yet
    other = spy.customs()[-1]
    assert other["rules"] == "E" and other["stats"]["totals"]["played"] == 0
    assert other["stats"]["rules_played"] == ["N"]


def test_a_finished_game_is_shown_before_it_is_written(tmp_path):
    w = PyramideWidget(game=winnable_game(), stats=tmp_path / "stats.sqlite3")
    spy = CommSpy(w)
    tap(w, "pyramid", 7, 1)  # taps during play never touch the file
    assert not (tmp_path / "stats.sqlite3").exists()
    win_by_taps(w.game)
    kinds = [m.get("method") for m in spy.messages]
    last_update = max(i for i, k in enumerate(kinds) if k == "update")
    assert spy.messages[last_update]["state"]["_state"]["status"] == "won"
    assert kinds.index("custom") > last_update  # stats_changed comes after the final state
    w.new_game()  # a game already recorded is not recorded again as abandoned
    assert w.stats.totals().played == 1


def test_a_corrupt_statistics_file_is_a_warning_and_the_game_goes_on(tmp_path, caplog):
    from pyramide_widget.analysis.statistics import StatsStore, StatsWarning

    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"not a database " * 100)
    # The store refuses to touch the file: the game is not recorded, the player is warned.
    w = PyramideWidget(game=winnable_game(), stats=StatsStore(path, on_corrupt="raise"))
    spy = CommSpy(w)
    with pytest.warns(StatsWarning, match="not added to the statistics"):
        win_by_taps(w.game)
    assert w._state["status"] == "won" and w.game.score == 280
    with caplog.at_level(logging.WARNING, logger="pyramide_widget.widget"):
        send(w, {"type": "stats", "rules": "N"})
    reply = spy.customs()[-1]
    assert reply["stats"] is None and "not a SQLite database" in reply["error"]
    assert "could not read the statistics" in caplog.text
    assert path.read_bytes() == b"not a database " * 100
    with pytest.warns(StatsWarning):  # New game tries once more to record the won game
        w.new_game("PY1-N-AAAAAAS")
    tap(w, "stock")  # and the widget plays on
    assert (w.game.moves, w._state["moves"]) == (1, 1)
    # By default the bad file is moved aside with a warning and a fresh file takes its place.
    w2 = PyramideWidget(game=winnable_game(), stats=path)
    with pytest.warns(StatsWarning, match="moved to"):
        win_by_taps(w2.game)
    assert w2.stats.totals().won == 1
    assert len(list(tmp_path.glob("stats.sqlite3.corrupt-*"))) == 1


def test_a_statistics_store_that_cannot_be_located_turns_statistics_off(monkeypatch):
    import pyramide_widget.analysis.statistics as stats_module

    def nowhere(option: Any) -> None:
        raise RuntimeError("no data directory")

    monkeypatch.setattr(stats_module, "open_stats", nowhere)
    with pytest.warns(stats_module.StatsWarning, match="statistics are off: no data directory"):
        w = PyramideWidget(game=r5_game())
    assert w.stats is None and w._state["stats"] is False


# ---------------------------------------------------------------- the table's look


def test_free_cards_are_highlighted_unless_the_player_asks_for_no_help(r5):
    """A display option (the front end lifts free cards in a light): on by default, off from
    the constructor, Python or the Options panel; every view follows, no rule changes."""
    assert r5.highlight_free is True and r5._state["options"]["highlight_free"] is True
    send(r5, {"type": "option", "name": "highlight_free", "value": False})
    assert r5.highlight_free is False and r5._state["options"]["highlight_free"] is False
    assert card(r5._state, "K♦")["free"] is True, "the engine's answer is unchanged"
    r5.highlight_free = True
    assert r5._state["options"]["highlight_free"] is True
    quiet = PyramideWidget(game=r5_game(), highlight_free=False)
    assert quiet._state["options"]["highlight_free"] is False


def test_a_hint_clears_a_selection_it_makes_stale():
    """docs/rules.md §10: after a wrong pair the second card stays selected (R10); a hint then
    shows alone, with no selection beside it."""
    w = PyramideWidget(game=r5_game())
    tap(w, "pyramid", 7, 1)
    tap(w, "pyramid", 7, 3)  # 7♣ + 3♥: the sum message, 3♥ stays selected
    assert w._state["message"]["key"] == "sum" and w._state["selected"] is not None
    if not w._hint_offered:
        pytest.skip("the solver is not installed")
    move = w.hint()
    assert move is not None and w._state["hint"]["move"] == str(move)
    assert w._state["selected"] is None and w._state["selection"] == []
    assert w.game.selected is None


def test_the_card_art_and_the_palette_are_sent_once_a_deck_for_every_view(r5):
    """The game's deck's sprite, each card's face and top symbols, the back and the palette's
    CSS travel in their own trait: a tap or a language change sends none of it again; the first
    game on another deck adds that deck, before the state that draws it."""
    from pyramide_widget.engine.cards import FRENCH_DECK, SPANISH_DECK
    from pyramide_widget.engine.view.card_art import BACK_ID, face_id, top_id
    from pyramide_widget.engine.view.palette import stylesheet

    art = r5._art
    assert art["back"] == BACK_ID and art["palette"] == stylesheet(".pyr-root")
    assert list(art["decks"]) == ["French"]
    spy = CommSpy(r5)
    tap(r5, "pyramid", 7, 6)
    r5.language = "fr"
    assert all("_art" not in update for update in spy.updates())
    spy = CommSpy(r5)
    r5.new_game("PY1-B-AAAAAAS")
    updates = spy.updates()
    first_art = next(i for i, u in enumerate(updates) if "_art" in u)
    first_state = next(i for i, u in enumerate(updates) if "_state" in u)
    assert first_art < first_state, "the Spanish art arrives before the Spanish table"
    for deck in (FRENCH_DECK, SPANISH_DECK):
        drawn = r5._art["decks"][deck.name]
        assert drawn["sprite"].startswith("<svg")
        assert drawn["faces"] == {str(c): [face_id(c), top_id(c)] for c in deck.cards()}
        assert all(f'id="{face_id(c)}"' in drawn["sprite"] for c in deck.cards())
    r5.new_game("PY1-N-AAAAAAS")
    assert list(r5._art["decks"]) == ["French", "Spanish"], "a deck once sent stays"


def test_a_table_defined_in_a_notebook_with_its_own_deck_plays_in_the_widget():
    # docs/guides/code.md: a table defined in a notebook works at once, without a preset.
    import dataclasses

    from pyramide_widget.engine.cards import FRENCH_DECK
    from pyramide_widget.engine.table import STANDARD_TABLE, Table

    deck = dataclasses.replace(FRENCH_DECK, name="Club deck")
    table = Table("Club table", STANDARD_TABLE.shape, deck, dealt_to_waste=1)
    game = Game.from_code("PY1-X-AAAAAAS", rules=Rules(table=table))
    w = PyramideWidget(game=game, stats=False)
    assert w._table["deck"]["name"] == "Club deck"
    assert set(w._art["decks"]) == {"Club deck"}
    assert len(w._art["decks"]["Club deck"]["faces"]) == 52
    tap(w, "stock")
    assert w.game.moves == 1


@pytest.mark.parametrize(
    "option", ["explain_mistakes", "french_indices", "highlight_free", "show_chance"]
)
@pytest.mark.parametrize("value", ["no", 0, 1, None, "False"])
def test_a_boolean_option_that_is_not_true_or_false_is_a_type_error(option, value):
    if option == "explain_mistakes" and value is None:
        return  # None: the wrapped game's setting (or True)
    with pytest.raises(TypeError, match=f"{option} must be a boolean"):
        PyramideWidget("PY1-N-AAAAAAS", stats=False, **{option: value})


def test_a_tap_never_reads_the_whole_history(r5, monkeypatch):
    """The discard's top (the last removal) is kept by the game as it plays and undoes, so a
    tap costs the same after 20,000 actions as at the start (benchmarks/bench_long_game.py)."""
    read: list[int] = []
    history = Game.history
    monkeypatch.setattr(
        Game, "history", property(lambda game: read.append(1) or history.fget(game))
    )
    tap(r5, "pyramid", 7, 6)  # the K♦ of the R5 deal, removed alone (R11)
    for _ in range(30):
        tap(r5, "stock")
    send(r5, {"type": "undo"})
    assert read == []
    assert r5._state["discard"]["cards"] == [str(r5.game.last_removal.cards[0])]


def test_the_discard_shows_the_last_removal_kept_through_undo():
    game = Game.from_code("PY1-N-AAAAAAS")
    assert game.last_removal is None
    king = next(move for move in game.legal_moves() if move.kind.value == "king")
    game.play(king)
    for _ in range(5):
        game.play("draw")
    assert game.last_removal == king
    for _ in range(6):
        game.undo()
    assert game.last_removal is None
    game.play(king)
    assert game.exchanged({}).last_removal == king
