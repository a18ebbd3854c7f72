"""Game records: what was dealt, under which rules, and every action with its time.

A record is checked on a :class:`~.board.Board` when it is loaded; a game replays it
(:meth:`Game.replay <.game.Game.replay>`, :meth:`Game.replay_steps <.game.Game.replay_steps>`).

A record is saved as JSON or as one line of text; both round-trip exactly
(docs/design/records.md)."""

from __future__ import annotations

import json
import os
import reprlib
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from .board import Board
from .cards import parse_card
from .clock import MAX_TIME
from .deal import Deal, DealCode
from .errors import PyramideError, RecordError
from .rules import CUSTOM_LETTER, Rules

FORMAT = "pyramide-record"
VERSION = 1
UNDO = "undo"

B = TypeVar("B", bound=Board)


@dataclass(frozen=True)
class Step:
    """One point of a replay: the state after ``index`` actions (0 = the deal)."""

    index: int
    action: str | None
    score: int
    moves: int
    time: float | None


@dataclass(frozen=True)
class Record:
    """A game's record. ``code`` or ``deal`` says what was dealt (``deal`` only without a code);
    ``assisted`` whether the player had help (:attr:`Game.assisted <pyramide_widget.Game.assisted>`)."""

    code: str | None
    rules: Rules
    actions: tuple[str, ...] = ()
    times: tuple[float, ...] | None = None
    deal: Deal | None = None
    assisted: bool = False

    def __post_init__(self) -> None:
        if (self.code is None) == (self.deal is None):
            raise RecordError("a record needs exactly one of a deal code or an explicit deal")
        if self.times is not None and len(self.times) != len(self.actions):
            raise RecordError(
                f"a record has {len(self.actions)} actions but {len(self.times)} times"
            )
        if self.times is not None and not all(_is_seconds(t) for t in self.times):
            raise RecordError(_TIMES_EXPECTED)
        if not isinstance(self.assisted, bool):
            raise RecordError(f"assisted must be True or False, got {reprlib.repr(self.assisted)}")

    # ------------------------------------------------------------------ checks

    def validate(self) -> None:
        """Raise :class:`RecordError` unless every action replays legally."""
        for _ in replay_actions(self, dealt(self, Board)):
            pass

    def score_curve(self) -> list[int]:
        """The score after each action, starting with 0 at the deal: the game's score curve."""
        board = dealt(self, Board)
        return [board.score] + [board.score for _ in replay_actions(self, board)]

    # ------------------------------------------------------------------ JSON

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "code": self.code}
        if self.deal is not None:
            data["deal"] = self.deal.to_dict()
        data["rules"] = self.rules.to_dict()
        data["actions"] = list(self.actions)
        if self.times is not None:
            data["times"] = list(self.times)
        if self.assisted:
            data["assisted"] = True
        return data

    def to_json(self, **dumps: Any) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **dumps)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Load and check a record from :meth:`to_dict` output; errors say what is wrong."""
        if not isinstance(data, dict):
            raise RecordError(f"a record must be a JSON object, got {type(data).__name__}")
        # reprlib in messages: a record may hold anything, nested too deeply for a plain repr.
        if not all(isinstance(key, str) for key in data):
            odd = [key for key in data if not isinstance(key, str)]
            raise RecordError(f"a record's keys must be strings, got {reprlib.repr(odd)}")
        if data.get("format") != FORMAT:
            raise RecordError(
                f"not a Pyramide record: 'format' must be {FORMAT!r}, got {reprlib.repr(data.get('format'))}"
            )
        if type(data.get("version")) is not int or data["version"] != VERSION:
            raise RecordError(
                f"unsupported record version {reprlib.repr(data.get('version'))}: this package reads version {VERSION}"
            )
        known = {"format", "version", "code", "deal", "rules", "actions", "times", "assisted"}
        if set(data) - known:
            raise RecordError(
                f"unknown record keys {sorted(set(data) - known)}; expected {sorted(known)}"
            )
        try:
            rules = Rules.from_dict(data.get("rules"))
        except (ValueError, TypeError) as error:
            raise RecordError(f"bad 'rules': {error}") from None
        code = data.get("code")
        deal = None
        if code is not None:
            if not isinstance(code, str):
                raise RecordError(f"'code' must be a deal code or null, got {reprlib.repr(code)}")
            try:
                parsed = DealCode.parse(code)
            except PyramideError as error:
                raise RecordError(f"bad 'code': {error}") from None
            code = str(parsed)
            if data.get("deal") is not None:  # both: the code deals the cards, the deal must agree
                _check_same_deal(code, parsed.deal(rules.table), _deal_from(data["deal"], rules))
        else:
            deal = _deal_from(data.get("deal"), rules)
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError(
                "'actions' must be a list of moves in notation, e.g. ['K♦', '10♣+3♠', 'draw', 'undo']"
            )
        times = data.get("times")
        if times is not None:
            if not isinstance(times, list) or not all(_is_seconds(t) for t in times):
                raise RecordError(_TIMES_EXPECTED)
            times = tuple(float(t) for t in times)
        assisted = data.get("assisted", False)
        if not isinstance(assisted, bool):
            raise RecordError(f"'assisted' must be true or false, got {reprlib.repr(assisted)}")
        record = cls(
            code=code,
            rules=rules,
            actions=tuple(actions),
            times=times,
            deal=deal,
            assisted=assisted,
        )
        record.validate()
        return record

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as error:  # not JSON, not UTF-8, a number past int's digits
            raise RecordError(f"a record must be JSON text: {error}") from None
        except RecursionError:
            raise RecordError(
                "a record must be JSON text of one flat object; this one is nested too deeply"
            ) from None
        return cls.from_dict(data)

    # ------------------------------------------------------------------ one line of text

    def to_text(self) -> str:
        if self.code is not None:
            head = [self.code]
            if self.rules.letter == CUSTOM_LETTER:
                head.append(_rules_word(self.rules))
        else:
            assert self.deal is not None
            head = [_layout_word(self.deal), _rules_word(self.rules)]
        return " ".join(head + list(self.actions))

    @classmethod
    def from_text(cls, text: str) -> Record:
        if not isinstance(text, str) or not text.strip():
            raise RecordError(
                "a record line starts with a deal code, e.g. 'PY1-N-AAAAAAS K♦ 10♣+3♠ draw'"
            )
        first, rest = _first_word(text)
        deal = None
        code: str | None = None
        rules: Rules | None = None
        try:
            if first.lower().startswith("layout:"):
                if not rest:
                    raise RecordError("a layout record needs the rules after the layout")
                parts = _layout_parts(first)
                rules, rest = _take_rules(rest)  # before the cards: they are read for its deck
                deal = _layout_deal(parts, rules)
            else:
                parsed = DealCode.parse(first)
                code = str(parsed)
                if parsed.rules_letter == CUSTOM_LETTER:
                    if not rest.startswith("rules:"):
                        raise RecordError(
                            "a code with custom rules (X) must be followed by 'rules:{...}'"
                        )
                    rules, rest = _take_rules(rest)
                else:
                    rules = parsed.rules
        except RecordError:
            raise
        except PyramideError as error:
            raise RecordError(f"bad record line: {error}") from None
        words = rest.split()
        record = cls(code=code, rules=rules, actions=tuple(words), deal=deal)
        record.validate()
        return record

    @classmethod
    def load(cls, source: Record | str | dict[str, Any]) -> Record:
        """A record from a Record, a dict, JSON text or a text line (whichever it is)."""
        if isinstance(source, Record):
            return source
        if isinstance(source, dict):
            return cls.from_dict(source)
        if isinstance(source, str):
            return (
                cls.from_json(source) if source.lstrip().startswith("{") else cls.from_text(source)
            )
        raise RecordError(
            f"expected a Record, a dict, JSON or a record line, got {type(source).__name__}"
        )

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record to a file atomically: JSON, or the text line if the name ends in
        ``.txt``. The file is replaced only once the new content is fully on disk, so a crash
        mid-write leaves the previous file intact."""
        path = os.fspath(path)
        content = self.to_text() + "\n" if path.endswith(".txt") else self.to_json(indent=1) + "\n"
        directory = os.path.dirname(os.path.abspath(path))
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=".record-", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(content)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
        except BaseException:
            if os.path.exists(temporary):
                os.unlink(temporary)
            raise

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Record:
        """Read a record saved by :meth:`save` (either form)."""
        with open(path, encoding="utf-8") as file:
            try:
                text = file.read()
            except UnicodeDecodeError as error:
                raise RecordError(
                    f"the record file {os.fspath(path)!r} is not UTF-8 text ({error}); "
                    "a record is JSON or one line of text, as Record.save writes it"
                ) from None
        return cls.load(text.strip())

    def __len__(self) -> int:
        return len(self.actions)


_TIMES_EXPECTED = (
    f"'times' must be a list of seconds (numbers from 0 to {MAX_TIME:,.0f}), one per action"
)


def _is_seconds(value: object) -> bool:
    """Whether ``value`` is a time a record keeps: a number from 0 to :data:`MAX_TIME` (an
    integer too large for a float, infinity and NaN are not)."""
    return (
        isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= MAX_TIME
    )


class ScriptedTime:
    """A time source set from the record, so a replayed game's clock shows the recorded times."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def dealt(record: Record, board_type: type[B], **options: Any) -> B:
    """The board of ``record``'s deal (a :class:`~.game.Game` when ``board_type`` is one, with
    its ``options``); a :class:`RecordError` when the deal is invalid."""
    try:
        if record.code is not None:
            return board_type.from_code(record.code, rules=record.rules, **options)
        assert record.deal is not None
        return board_type(record.deal, record.rules, **options)
    except PyramideError as error:
        raise RecordError(f"the record's deal is invalid: {error}") from None


def replay_actions(
    record: Record, board: Board, upto: int | None = None, time: ScriptedTime | None = None
) -> Iterator[tuple[int, str]]:
    """Play ``record``'s first ``upto`` actions (all by default) on ``board``, yielding each
    one's number and notation after it is played; ``time`` is set to each action's recorded
    time before it. A :class:`RecordError` says which action does not replay."""
    if upto is not None and type(upto) is not int:
        raise TypeError(
            f"upto must be a whole number of actions (int) or None, got {type(upto).__name__}"
        )
    if upto is not None and not 0 <= upto <= len(record.actions):
        raise RecordError(f"upto must be between 0 and {len(record.actions)}, got {upto}")
    actions = record.actions if upto is None else record.actions[:upto]
    for index, action in enumerate(actions, 1):
        if time is not None and record.times is not None:
            time.now = record.times[index - 1]
        try:
            if action == UNDO:
                if board.undo() is None:
                    raise RecordError("undo with nothing to undo")
            else:
                board.play(action)
        except PyramideError as error:
            raise RecordError(f"action {index} ({action!r}) does not replay: {error}") from None
        yield index, action


def _rules_word(rules: Rules) -> str:
    if rules.letter != CUSTOM_LETTER:
        return rules.letter
    return "rules:" + json.dumps(rules.to_dict(), separators=(",", ":"))


def _first_word(text: str) -> tuple[str, str]:
    """The first word of ``text`` and the text after it."""
    words = text.split(maxsplit=1)
    return words[0], words[1] if len(words) > 1 else ""


def _take_rules(text: str) -> tuple[Rules, str]:
    """The rules word at the start of ``text`` (a preset letter, or ``rules:`` and the JSON of
    custom rules, read whole: a table's name may hold a space) and the text after it."""
    if not text.startswith("rules:"):
        word, rest = _first_word(text)
        return Rules.preset(word), rest
    try:
        data, end = json.JSONDecoder().raw_decode(text, len("rules:"))
    except RecursionError:
        raise RecordError("bad custom rules: nested too deeply, expected one flat object") from None
    except ValueError as error:
        raise RecordError(f"bad custom rules {reprlib.repr(text)}: {error}") from None
    try:
        return Rules.from_dict(data), text[end:].strip()
    except ValueError as error:
        raise RecordError(f"bad custom rules {reprlib.repr(text[:end])}: {error}") from None


def _deal_from(raw: Any, rules: Rules) -> Deal:
    """The explicit deal of a record's ``"deal"`` object, on the rules' table."""
    if not isinstance(raw, dict) or not {"pyramid", "waste", "stock"} <= set(raw) <= {
        "pyramid",
        "waste",
        "stock",
        "piles",
    }:
        raise RecordError(
            "a record needs 'deal': {'pyramid': [...], 'waste': [...], 'stock': [...]} "
            "(and 'piles': [[...], ...] on a table that deals piles) or a 'code'"
        )
    try:
        return Deal.from_layout(
            raw["pyramid"], raw["waste"], raw["stock"], rules.table, raw.get("piles", ())
        )
    except (PyramideError, TypeError) as error:
        raise RecordError(f"bad 'deal': {error}") from None


def _check_same_deal(code: str, dealt: Deal, given: Deal) -> None:
    """Raise :class:`RecordError` naming the first card where ``given`` is not ``code``'s deal."""
    for pile in ("pyramid", "waste", "stock", "piles"):
        expected, found = getattr(dealt, pile), getattr(given, pile)
        if pile == "piles":
            expected, found = sum(expected, ()), sum(found, ())
        for position, (a, b) in enumerate(zip(expected, found, strict=False), 1):
            if a is not b:
                raise RecordError(
                    f"the record's 'deal' is not the deal of its code {code}: {pile} card {position} "
                    f"is {b} in 'deal' but {a} for the code; drop 'deal' or 'code'"
                )
        if len(expected) != len(found):
            raise RecordError(
                f"the record's 'deal' is not the deal of its code {code}: its {pile} has {len(found)} "
                f"cards, the code's {len(expected)}; drop 'deal' or 'code'"
            )


def _layout_word(deal: Deal) -> str:
    """``layout:`` pyramid/waste/stock, then one more ``/`` part per dealt pile (a reserve card,
    a Giza column) on the tables that deal piles."""
    parts = [deal.pyramid, deal.waste, deal.stock, *deal.piles]
    return "layout:" + "/".join(
        "".join(card.to_text(ascii=True) for card in part) for part in parts
    )


def _layout_parts(word: str) -> list[str]:
    """The pyramid, waste and stock texts of a layout word, checked for form only."""
    parts = word[len("layout:") :].split("/")
    if len(parts) < 3 or not all(len(part) % 2 == 0 for part in parts):
        raise RecordError(
            "a layout is 'layout:' + pyramid/waste/stock (then /pile for each dealt pile), "
            "each card two ASCII characters (e.g. TD for 10♦)"
        )
    return parts


def _layout_deal(parts: list[str], rules: Rules) -> Deal:
    """The deal of a layout word's parts, its cards read for the rules' deck."""
    deck = rules.table.deck
    piles = [[parse_card(part[i : i + 2], deck) for i in range(0, len(part), 2)] for part in parts]
    return Deal.from_layout(piles[0], piles[1], piles[2], rules.table, piles[3:])
