"""The widget's message protocol (widget/protocol.py): every message the front end sends is in it,
each has one handler, and a message that breaks it in any field changes nothing and says what
was expected. The front end's side is js/test (every message a view sends is checked against
js/test/fixtures/protocol.json, written from this protocol)."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from layouts import r5_game, win_by_taps, winnable_game

from pyramide_widget.widget import STATIC, PyramideWidget, protocol
from pyramide_widget.widget.model import _HANDLERS

SENT_TYPE = re.compile(r"""\bsend\(\s*\{\s*type:\s*["']([^"']*)["']""")
"""``send({ type: "..." })`` in the front end's source."""

VALID: dict[str, dict[str, Any]] = {
    "tap": {"type": "tap", "pile": "pyramid", "row": 7, "col": 6, "card": "K♦"},
    "new": {"type": "new", "code": "PY1-N-AAAAAAS", "rules": "N"},
    "undo": {"type": "undo"},
    "deselect": {"type": "deselect"},
    "restart": {"type": "restart"},
    "hint": {"type": "hint"},
    "analyze": {"type": "analyze"},
    "analysis_better": {"type": "analysis_better"},
    "option": {"type": "option", "name": "language", "value": "fr"},
    "replay_start": {"type": "replay_start"},
    "replay_goto": {"type": "replay_goto", "index": 0},
    "replay_stop": {"type": "replay_stop"},
    "refresh": {"type": "refresh"},
    "stats": {"type": "stats", "rules": "N"},
}
"""One message of each type that follows the protocol, with every field it may carry."""

WRONG_VALUES: dict[str, list[Any]] = {
    "string": [5, None, True, ["N"]],
    "integer": ["7", 7.5, True, None],
    "boolean": [1, "true", None],
}
"""Values of other JSON types than each field's."""


def sent_types() -> set[str]:
    """Every message type written as ``send({ type: "..." })`` in the front end."""
    return {
        kind
        for path in sorted(STATIC.rglob("*.js"))
        for kind in SENT_TYPE.findall(path.read_text(encoding="utf-8"))
    }


def malformed() -> list[tuple[str, dict[str, Any]]]:
    """Each message of VALID broken in one way the protocol forbids, derived from the
    protocol: a required field left out, an extra field, each field of a wrong type, out of
    its range, too long, or not one of its choices."""
    cases: list[tuple[str, dict[str, Any]]] = []
    for kind, message in protocol.REQUESTS.items():
        valid = VALID[kind]
        cases.append((f"{kind} with an extra field", {**valid, "extra": 1}))
        for name, spec in message.fields.items():
            if spec.required:
                without = {key: value for key, value in valid.items() if key != name}
                cases.append((f"{kind} without {name}", without))
            field = spec.cases[valid[spec.by]] if isinstance(spec, protocol.Depends) else spec
            for json_type in field.types:
                for value in WRONG_VALUES[json_type]:
                    cases.append((f"{kind} {name}={value!r}", {**valid, name: value}))
            if field.minimum is not None:
                cases.append((f"{kind} {name} below", {**valid, name: field.minimum - 1}))
            if field.maximum is not None:
                cases.append((f"{kind} {name} above", {**valid, name: field.maximum + 1}))
            if field.max_length is not None:
                long = "A" * (field.max_length + 1)
                cases.append((f"{kind} {name} too long", {**valid, name: long}))
            if field.choices is not None:
                cases.append((f"{kind} {name} not a choice", {**valid, name: "Q?"}))
    return cases


MALFORMED = malformed()


@pytest.fixture
def r5() -> PyramideWidget:
    return PyramideWidget(game=r5_game(), stats=False)


def send(w: PyramideWidget, content: Any) -> None:
    """Deliver a message as a view's ``model.send(content)`` would."""
    w._on_message(w, content, [])


def test_every_message_type_the_front_end_sends_is_in_the_protocol():
    assert sent_types() <= set(protocol.REQUESTS), sent_types() - set(protocol.REQUESTS)


def test_the_protocol_holds_no_message_the_front_end_never_sends():
    assert set(protocol.REQUESTS) <= sent_types(), set(protocol.REQUESTS) - sent_types()


def test_the_source_scan_sees_a_send_in_either_quotes():
    source = (
        """send({ type: "tap", pile: "stock" }); ctx.send({type:'refresh'}); h({ type: "x" })"""
    )
    assert SENT_TYPE.findall(source) == ["tap", "refresh"]


def test_each_message_of_the_protocol_has_one_handler():
    assert list(_HANDLERS) == list(protocol.REQUESTS)


def test_the_examples_cover_every_field_and_follow_the_protocol():
    assert set(VALID) == set(protocol.REQUESTS)
    for kind, message in VALID.items():
        assert set(message) - {"type"} == set(protocol.REQUESTS[kind].fields)
        assert protocol.check(message) is message


@pytest.mark.parametrize(("case", "content"), MALFORMED, ids=[case for case, _ in MALFORMED])
def test_a_message_that_breaks_the_protocol_changes_nothing_and_says_why(
    r5: PyramideWidget, caplog: Any, case: str, content: dict[str, Any]
) -> None:
    r5.tap("pyramid", 7, 1)  # 7♣ selected
    before = (dict(r5._state), r5.game.position(), r5.game.moves, r5.language)
    with caplog.at_level(logging.WARNING, logger="pyramide_widget.widget"):
        send(r5, content)
    (record,) = caplog.records
    assert "malformed" in record.getMessage() and not record.exc_info
    assert f"{content['type']}: " in record.getMessage()
    assert (r5._state, r5.game.position(), r5.game.moves, r5.language) == before


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ({"type": "jump"}, "unknown type 'jump'; expected one of tap, new, undo"),
        ([1], "expected a JSON object with a type, got list"),
        ({"type": "undo", "now": True}, "undo: unexpected field 'now'; expected no other field"),
        ({"type": "option", "name": "language"}, "option: missing field value"),
        ({"type": "replay_goto", "index": -1}, "replay_goto: index must be from 0 to"),
        ({"type": "tap", "pile": "stock", "row": "1"}, "tap: row must be an integer, got '1'"),
        ({"type": "tap", "pile": "pyramid", "row": 0, "col": 1}, "tap: row must be at least 1"),
        (
            {"type": "option", "name": "language", "value": "de"},
            "option: value must be one of 'en', 'fr'",
        ),
        (
            {"type": "option", "name": "french_indices", "value": "yes"},
            "option: value must be a boolean, got 'yes'",
        ),
        ({"type": "stats", "rules": None}, "stats: rules must be a string, got None"),
        ({"type": "tap", "pile": "pyramid", "row": 8, "col": 1}, "tap: no pyramid place at row 8"),
        ({"type": "tap", "pile": "reserve", "row": 1}, "tap: unknown pile 'reserve'; expected"),
    ],
)
def test_a_malformed_message_is_refused_saying_what_was_expected(
    r5: PyramideWidget, caplog: Any, content: Any, says: str
) -> None:
    with caplog.at_level(logging.WARNING, logger="pyramide_widget.widget"):
        send(r5, content)
    assert says in caplog.text


def test_a_huge_malformed_value_is_logged_in_short(r5: PyramideWidget, caplog: Any) -> None:
    with caplog.at_level(logging.WARNING, logger="pyramide_widget.widget"):
        send(r5, {"type": "replay_goto", "index": "9" * 1_000_000})
    assert "replay_goto: index must be an integer" in caplog.text and len(caplog.text) < 1000


def test_every_example_message_is_handled_without_a_warning(caplog: Any) -> None:
    w = PyramideWidget(game=r5_game())
    with caplog.at_level(logging.WARNING, logger="pyramide_widget.widget"):
        for message in VALID.values():
            send(w, message)
    assert [record.getMessage() for record in caplog.records] == []
    assert w.game.code == "PY1-N-AAAAAAS" and w.language == "fr"


def test_the_chance_option_is_checked_like_every_option(r5: PyramideWidget, caplog: Any) -> None:
    with caplog.at_level(logging.WARNING, logger="pyramide_widget.widget"):
        send(r5, {"type": "option", "name": "show_chance", "value": "on"})
    assert "option: value must be a boolean, got 'on'" in caplog.text
    assert r5.show_chance is False and r5._state["options"]["show_chance"] is False


def test_the_widgets_replies_follow_the_protocol(tmp_path: Any) -> None:
    w = PyramideWidget(game=r5_game(), stats=tmp_path / "stats.sqlite3")
    replies: list[Any] = []
    w.send = replies.append  # type: ignore[method-assign]
    send(w, {"type": "stats"})
    send(w, {"type": "stats", "rules": "E"})
    w.tap("stock")
    game = winnable_game()  # the game before it is recorded as abandoned
    w.game = game
    win_by_taps(game)
    kinds = [protocol.check(reply, protocol.REPLIES)["type"] for reply in replies]
    assert kinds == ["stats", "stats", "stats_changed", "stats_changed"]


def test_a_reply_that_breaks_the_protocol_is_refused() -> None:
    with pytest.raises(protocol.MalformedMessage, match="stats: missing field error"):
        protocol.check({"type": "stats", "rules": "N", "stats": None}, protocol.REPLIES)
