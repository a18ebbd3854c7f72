"""The messages between the front end and the widget: every field, its type and range.

The front end sends custom messages only (``model.send({type: "tap", pile: "stock"})``);
:data:`REQUESTS` lists each one, and :func:`check` refuses anything else with a
:class:`MalformedMessage` saying what was expected, before any handler runs. :func:`check_tap`
adds the checks that need the game (does the tapped place exist on this table?). The widget
answers with :data:`REPLIES`. :func:`as_json` is the same contract for the front end's tests and
types (``js/test/fixtures/protocol.json``).
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game
from ..engine.i18n import LANGUAGES
from ..engine.rules import CUSTOM_LETTER, PRESETS

MAX_TEXT = 4000
"""The longest text a message may carry (a pasted code or record line)."""
MAX_NAME = 40
"""The longest pile name or card a tap may carry."""
MAX_INDEX = 1 << 30
"""The largest replay step a message may ask for (a replay clamps it to the record's length)."""

_JSON_TYPES: dict[str, type] = {
    "string": str,
    "integer": int,
    "boolean": bool,
    "object": dict,
    "null": type(None),
}


class MalformedMessage(ValueError):
    """A front-end message that does not follow the protocol; it is ignored."""


@dataclass(frozen=True)
class Field:
    """One field of a message: its JSON types, whether it must be there, and its range."""

    types: tuple[str, ...]
    doc: str
    required: bool = False
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None
    choices: tuple[str, ...] | None = None

    def problem(self, value: Any, message: Mapping[str, Any]) -> str | None:
        """What is wrong with ``value``, or ``None`` if it is right."""
        shown = reprlib.repr(value)
        if not any(type(value) is _JSON_TYPES[name] for name in self.types):
            return f"must be {' or '.join(_a(name) for name in self.types)}, got {shown}"
        if type(value) is int and (
            (self.minimum is not None and value < self.minimum)
            or (self.maximum is not None and value > self.maximum)
        ):
            return f"must be {self._range()}, got {shown}"
        if isinstance(value, str):
            if self.max_length is not None and len(value) > self.max_length:
                return f"must be at most {self.max_length} characters, got {len(value)}"
            if self.choices is not None and value not in self.choices:
                return f"must be one of {', '.join(map(repr, self.choices))}, got {shown}"
        return None

    def _range(self) -> str:
        if self.maximum is None:
            return f"at least {self.minimum}"
        if self.minimum is None:
            return f"at most {self.maximum}"
        return f"from {self.minimum} to {self.maximum}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"types": list(self.types), "required": self.required}
        for key, value in (
            ("minimum", self.minimum),
            ("maximum", self.maximum),
            ("maxLength", self.max_length),
            ("choices", None if self.choices is None else list(self.choices)),
        ):
            if value is not None:
                out[key] = value
        out["doc"] = self.doc
        return out


@dataclass(frozen=True)
class Depends:
    """A field whose form depends on another field's value (an option's value on its name)."""

    by: str
    cases: Mapping[str, Field]
    doc: str
    required: bool = False

    def problem(self, value: Any, message: Mapping[str, Any]) -> str | None:
        name = message.get(self.by)
        case = self.cases.get(name) if isinstance(name, str) else None
        if case is None:
            return f"depends on {self.by}, which is not one of {', '.join(map(repr, self.cases))}"
        return case.problem(value, message)

    def to_json(self) -> dict[str, Any]:
        return {
            "by": self.by,
            "cases": {name: case.to_json() for name, case in self.cases.items()},
            "required": self.required,
            "doc": self.doc,
        }


@dataclass(frozen=True)
class Message:
    """One kind of message: what it asks or says, and its fields besides ``type``."""

    doc: str
    fields: Mapping[str, Field | Depends] = field(default_factory=dict)

    def check(self, kind: str, content: Mapping[str, Any]) -> None:
        """Raise :class:`MalformedMessage` unless ``content`` has exactly these fields, each
        of its type and in its range."""
        expected = ", ".join(self.fields) or "no other field"
        extra = [repr(key) for key in content if key != "type" and key not in self.fields]
        if extra:
            raise MalformedMessage(
                f"{kind}: unexpected field {', '.join(extra)}; expected {expected}"
            )
        missing = [key for key, spec in self.fields.items() if spec.required and key not in content]
        if missing:
            raise MalformedMessage(f"{kind}: missing field {', '.join(missing)}")
        for key, spec in self.fields.items():
            if key in content:
                problem = spec.problem(content[key], content)
                if problem is not None:
                    raise MalformedMessage(f"{kind}: {key} {problem}")

    def to_json(self) -> dict[str, Any]:
        return {
            "doc": self.doc,
            "fields": {name: spec.to_json() for name, spec in self.fields.items()},
        }


def _text(doc: str, *, max_length: int = MAX_NAME, **options: Any) -> Field:
    return Field(("string",), doc, max_length=max_length, **options)


OPTIONS: Mapping[str, Field] = {
    "explain_mistakes": Field(("boolean",), "say why a tap did nothing (R8)"),
    "language": Field(("string",), "every visible string's language", choices=LANGUAGES),
    "french_indices": Field(("boolean",), "card corners show R/D/V instead of K/Q/J"),
    "highlight_free": Field(("boolean",), "free cards are lifted in a light"),
    "show_chance": Field(("boolean",), "show the chance to win from here (off by default)"),
}
"""The display options a view may change, and their values."""

REQUESTS: Mapping[str, Message] = {
    "tap": Message(
        "Tap a place, as a click does: a pyramid card by row and col, the stock, or the card "
        "at depth row of another pile (1, its top card, when row is left out).",
        {
            "pile": _text(
                "pyramid, stock, or a pile of the table (waste, reserve-3, column-1, cell...)",
                required=True,
            ),
            "row": Field(("integer",), "the pyramid row from 1, or the depth in a pile", minimum=1),
            "col": Field(("integer",), "the place in the pyramid row, from 1", minimum=1),
            "card": _text(
                "the card the view showed there: a tap on an out-of-date view is ignored"
            ),
        },
    ),
    "new": Message(
        "Deal a new game (the New game dialog).",
        {
            "code": _text(
                "as typed: a deal code, its 7 letters, or empty for a random deal",
                max_length=MAX_TEXT,
            ),
            "rules": _text("the preset chosen in the menu, or empty", choices=("", *PRESETS)),
        },
    ),
    "undo": Message("Take back the last action (R21)."),
    "deselect": Message("Clear the selection without playing anything (Escape)."),
    "restart": Message("Deal the same cards again."),
    "hint": Message("Search for a hint in the background and highlight it."),
    "analyze": Message("Analyse the game, once over or stuck, in the background."),
    "analysis_better": Message(
        "Replay the analysed game at its losing move, with the better move highlighted."
    ),
    "option": Message(
        "Change a display option.",
        {
            "name": _text("the option", required=True, choices=tuple(OPTIONS)),
            "value": Depends("name", OPTIONS, "its new value", required=True),
        },
    ),
    "replay_start": Message("Replay this game from the deal."),
    "replay_goto": Message(
        "Show one step of the replay.",
        {
            "index": Field(
                ("integer",), "the step, 0 the deal", required=True, minimum=0, maximum=MAX_INDEX
            )
        },
    ),
    "replay_stop": Message("Leave the replay."),
    "refresh": Message("Send the state again, with a fresh clock reading (a new view)."),
    "stats": Message(
        "Ask for the Statistics panel's data.",
        {
            "rules": _text(
                "a rules letter (default: the current game's)",
                choices=(*PRESETS, CUSTOM_LETTER),
            )
        },
    ),
}
"""Every message the front end may send, by its ``type``."""

REPLIES: Mapping[str, Message] = {
    "stats": Message(
        "The answer to a stats request.",
        {
            "rules": _text("the rules letter asked for", required=True),
            "stats": Field(
                ("object", "null"), "StatsStore.view(rules), or null on error", required=True
            ),
            "error": Field(("string", "null"), "why there are no statistics", required=True),
        },
    ),
    "stats_changed": Message("A game was recorded: an open Statistics panel asks again."),
}
"""Every custom message the widget sends the front end, by its ``type``."""


def check(content: Any, messages: Mapping[str, Message] = REQUESTS) -> dict[str, Any]:
    """Return ``content`` if it is one of ``messages`` with its fields right, else raise
    :class:`MalformedMessage` saying what was expected."""
    if not isinstance(content, dict):
        raise MalformedMessage(f"expected a JSON object with a type, got {type(content).__name__}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in messages:
        raise MalformedMessage(f"unknown type {kind!r}; expected one of {', '.join(messages)}")
    messages[kind].check(kind, content)
    return content


def check_options(**options: Any) -> None:
    """A ``TypeError`` naming the first option whose value :data:`OPTIONS` refuses: the
    constructor takes what a view may send (``bool("no")`` is true, so only a bool is a switch)."""
    for name, value in options.items():
        problem = OPTIONS[name].problem(value, options)
        if problem is not None:
            raise TypeError(f"{name} {problem}")


def check_tap(message: Mapping[str, Any], game: Game) -> None:
    """Raise :class:`MalformedMessage` unless a checked tap names a place of ``game``'s table:
    a pyramid place, the stock alone, or a card of another pile by its depth (one more than
    the pile holds, so that an empty cell can be tapped)."""
    pile, row, col = message["pile"], message.get("row"), message.get("col")
    if pile == "pyramid":
        shape = game.shape
        if row is None or col is None or row > shape.rows or col > shape.row_length(row):
            raise MalformedMessage(f"tap: no pyramid place at row {row!r}, col {col!r}")
    elif pile == "stock":
        if row is not None or col is not None or "card" in message:
            raise MalformedMessage("tap: a stock tap takes no row, col or card")
    elif pile in game.piles:
        deepest = max(2, len(game.piles[pile]))
        if col is not None or (row is not None and row > deepest):
            raise MalformedMessage(
                f"tap: a tap on the pile {pile!r} takes a row from 1 (its top card) "
                f"to {deepest} and no col"
            )
    else:
        known = ", ".join(repr(name) for name in ("pyramid", "stock", *game.piles))
        raise MalformedMessage(f"tap: unknown pile {pile!r}; expected one of {known}")


def as_json() -> dict[str, Any]:
    """The protocol as JSON: ``{"requests": {type: message}, "replies": {...}}``."""
    return {
        "requests": {kind: message.to_json() for kind, message in REQUESTS.items()},
        "replies": {kind: message.to_json() for kind, message in REPLIES.items()},
    }


def _a(json_type: str) -> str:
    return {"integer": "an integer", "object": "an object", "null": "null"}.get(
        json_type, f"a {json_type}"
    )


__all__ = [
    "MAX_TEXT",
    "OPTIONS",
    "REPLIES",
    "REQUESTS",
    "Depends",
    "Field",
    "MalformedMessage",
    "Message",
    "as_json",
    "check",
    "check_options",
    "check_tap",
]
