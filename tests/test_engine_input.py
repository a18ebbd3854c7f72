"""Bad input to the engine raises at the call, says what is expected and changes nothing
(errors.py); the obvious forms of an argument are accepted."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

import pytest
from layouts import R5_PYRAMID, R5_WASTE, r5_game, r5_stock, win_by_taps, winnable_game

from pyramide_widget import (
    PRESETS,
    Card,
    CardError,
    CodeError,
    Deal,
    DealCode,
    Game,
    IllegalMoveError,
    LayoutError,
    Record,
    RecordError,
    Rules,
    parse_card,
    parse_move,
)
from pyramide_widget.engine.cards import SPANISH_DECK

STRICT = PRESETS["S"].rules


def _deep(depth: int = 100_000) -> list[Any]:
    """A list nested ``depth`` deep, built without recursion."""
    nested: list[Any] = []
    for _ in range(depth):
        nested = [nested]
    return nested


# ---------------------------------------------------------------- rules= (docs/rules.md §9 presets)

CONSTRUCTORS: dict[str, Callable[[Any], Game]] = {
    "Game": lambda rules: Game(Deal.from_letters("AAAAAAS"), rules),
    "from_code": lambda rules: Game.from_code("PY1-S-AAAAAAS", rules=rules),
    "from_layout": lambda rules: r5_game(rules=rules),
    "new": lambda rules: Game.new(rules=rules),
}


@pytest.mark.parametrize("build", CONSTRUCTORS.values(), ids=CONSTRUCTORS.keys())
@pytest.mark.parametrize(
    "rules", [STRICT, PRESETS["S"], "S", "s"], ids=["Rules", "Preset", "letter", "lower"]
)
def test_rules_may_be_a_rules_a_preset_or_its_letter(
    build: Callable[[Any], Game], rules: Any
) -> None:
    game = build(rules)
    assert game.rules == STRICT and game.rules.letter == "S"
    game.play("draw")  # the rules are usable, not just stored


@pytest.mark.parametrize("build", CONSTRUCTORS.values(), ids=CONSTRUCTORS.keys())
@pytest.mark.parametrize("rules", [5, object(), {"strict_win": True}, b"S", ("S",)])
def test_any_other_rules_is_a_type_error_at_the_call(
    build: Callable[[Any], Game], rules: Any
) -> None:
    with pytest.raises(TypeError, match="rules must be a Rules, a Preset or a preset letter"):
        build(rules)


@pytest.mark.parametrize("build", CONSTRUCTORS.values(), ids=CONSTRUCTORS.keys())
def test_an_unknown_preset_letter_is_refused_naming_the_known_ones(
    build: Callable[[Any], Game],
) -> None:
    with pytest.raises(CodeError, match="N \\(Standard\\)"):
        build("Q")


def test_a_preset_letter_that_disagrees_with_the_code_is_refused() -> None:
    with pytest.raises(
        CodeError, match="names the Strict rules \\(S\\), not the Standard rules \\(N\\)"
    ):
        Game.from_code("PY1-S-AAAAAAS", rules="N")


# ---------------------------------------------------------------- deal codes (R4)


@pytest.mark.parametrize(
    "code",
    [
        "PY1-N-AAAAAß",  # "ß".upper() == "SS"
        "PY1-N-AAAAAAſ",  # the long s: "ſ".upper() == "S"
        "PY1-ſ-AAAAAAS",  # ... also as the rules letter
        "PY1-N-AAAAAA\u212a",  # the Kelvin sign, which case-insensitive [A-Z] would match
        "PY1-N-ıAAAAAA",  # the dotless i: "ı".upper() == "I"
        "PY1-N-ＡAAAAAS",  # a full-width A
    ],
)
def test_r4_a_code_is_only_ascii_letters_checked_before_upper_casing(code: str) -> None:
    with pytest.raises(CodeError, match="PY1-N-AAAAAAS"):
        Game.from_code(code)
    with pytest.raises(CodeError):
        DealCode.parse(code)


def test_r4_codes_stay_case_insensitive() -> None:
    assert Game.from_code(" py1-n-aaaaaas ").code == "PY1-N-AAAAAAS"
    assert Game.from_code("Py1-s-AaAaAaS").code == "PY1-S-AAAAAAS"


@pytest.mark.parametrize(
    "letter, letters",
    [("n", "AAAAAAS"), ("Q", "AAAAAAS"), ("N", "aaaaaas"), ("N", "AAAAAßS"), ("N", 5)],
)
def test_r4_a_deal_code_built_directly_is_checked_too(letter: str, letters: Any) -> None:
    with pytest.raises(CodeError):
        DealCode(letter, letters)


# Characters that str.upper() turns into ASCII letters: parsers that upper-case before they look
# text up would take them for those letters.
LONG_S, DOTLESS_I = "\u017f", "\u0131"  # "ſ".upper() == "S", "ı".upper() == "I"


@pytest.mark.parametrize(
    ("parse", "text"),
    [
        (parse_card, "A" + LONG_S),  # a suit: ace of spades
        (parse_card, "q" + LONG_S),
        (lambda text: parse_card(text, SPANISH_DECK), LONG_S + "O"),  # a Spanish rank: sota
        (parse_move, "K" + LONG_S),
        (parse_move, "10" + LONG_S + "+3♠"),
        (lambda text: parse_card(text), "K\u212a"),  # the Kelvin sign was refused already
    ],
)
def test_r1_a_look_alike_of_an_ascii_letter_is_not_a_card(
    parse: Callable[[str], Any], text: str
) -> None:
    with pytest.raises((CardError, IllegalMoveError), match="expected"):
        parse(text)


@pytest.mark.parametrize("letter", [LONG_S, DOTLESS_I, f" {LONG_S} "])
def test_a_look_alike_of_a_preset_letter_is_refused(letter: str) -> None:
    with pytest.raises(CodeError, match="unknown rules letter"):
        Rules.preset(letter)
    with pytest.raises(CodeError, match="unknown rules letter"):
        Game.new(letter)


def test_a_look_alike_in_a_record_line_is_refused() -> None:
    words = r5_game().record().to_text().split()
    assert words[1] == "N"
    with pytest.raises(RecordError, match="unknown rules letter"):
        Record.from_text(" ".join([words[0], LONG_S, *words[2:]]))
    layout = words[0].replace("AS", "A" + LONG_S)  # the ace of spades in the layout
    assert layout != words[0]
    with pytest.raises(RecordError):
        Record.from_text(" ".join([layout, *words[1:]]))


# ---------------------------------------------------------------- Game(...) and its options


@pytest.mark.parametrize("language", ["xx", "EN", None, 5])
def test_an_unknown_language_is_refused_when_set_and_changes_nothing(language: Any) -> None:
    # Before, the assignment was accepted and the game failed later, at its next message.
    game = r5_game(language="fr")
    with pytest.raises(ValueError, match=r"unknown language .*expected one of en, fr"):
        game.language = language
    assert game.language == "fr"
    game.tap("pyramid", 6, 1)  # a blocked card: the message is still in French
    assert game.message is not None and "bloquée" in game.message.text
    with pytest.raises(ValueError, match="unknown language"):
        r5_game(language=language)


def test_game_needs_a_deal_and_a_parsed_code() -> None:
    with pytest.raises(TypeError, match="deal must be a Deal"):
        Game("PY1-N-AAAAAAS")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="code must be a DealCode"):
        Game(Deal.from_letters("AAAAAAS"), code="PY1-N-AAAAAAS")  # type: ignore[arg-type]
    deal = Deal.from_letters("AAAAAAS")
    with pytest.raises(LayoutError, match="52-card deck"):
        Game(Deal(deal.pyramid, deal.waste, deal.stock[1:]))


@pytest.mark.parametrize("value", ["no", 0, 1, None, "False"])
def test_r8_explain_mistakes_is_only_true_or_false(value: Any) -> None:
    with pytest.raises(TypeError, match="explain_mistakes must be True or False"):
        Game.from_code("PY1-N-AAAAAAS", explain_mistakes=value)
    with pytest.raises(TypeError, match="explain_mistakes must be True or False"):
        Game.new(explain_mistakes=value)
    game = r5_game(explain_mistakes=False)
    with pytest.raises(TypeError, match="explain_mistakes must be True or False"):
        game.explain_mistakes = value
    assert game.explain_mistakes is False
    game.tap("pyramid", 6, 1)  # Q♣ is covered (R8): with the option off, no message
    assert game.message is None


def test_r8_explain_mistakes_true_or_false_still_work() -> None:
    game = r5_game(explain_mistakes=False)
    game.explain_mistakes = True
    game.tap("pyramid", 6, 1)
    assert game.message is not None and game.message.key == "blocked"


# ---------------------------------------------------------------- cards (R1)


@pytest.mark.parametrize("rank", [True, False, 13.0, 1.0, 12.5, "1", None])
def test_r1_a_rank_is_an_int_not_a_bool_or_a_float(rank: Any) -> None:
    with pytest.raises(CardError, match="rank must be an integer from 1"):
        Card(rank, "♠")
    with pytest.raises(CardError, match="rank must be an integer from 1"):
        Card.of(rank, "♠")


def test_r1_a_bad_suit_is_a_card_error_naming_the_suits() -> None:
    with pytest.raises(CardError, match="♣ ♦ ♥ ♠"):
        Card(1, "S")
    assert Card(1, "♠") is Card.of(1, "♠") and str(Card(13, "♠")) == "K♠"


# ---------------------------------------------------------------- tap positions (R7, R8)


@pytest.mark.parametrize(
    "place",
    [
        ("waste", True),
        ("waste", 1.0),
        ("waste", 2.0),
        ("waste", False),
        ("pyramid", 7.0, 1),
        ("pyramid", 7, True),
        ("pyramid", True, 1),
        ("stock", 1.0),
        ("stock", None, True),
    ],
)
def test_tap_positions_are_ints_on_every_pile(place: tuple[Any, ...]) -> None:
    game = r5_game()
    game.tap("pyramid", 7, 1)  # 7♣ selected
    game.tap("pyramid", 6, 1)  # Q♣ is covered: the blocked message (R8)
    before = (game.position(), game.selected, game.message, game.moves, game.actions)
    with pytest.raises(TypeError, match="whole numbers \\(int\\)"):
        game.tap(*place)
    assert (game.position(), game.selected, game.message, game.moves, game.actions) == before


def test_tap_positions_as_ints_still_work() -> None:
    game = r5_game()
    assert str(game.tap("pyramid", 7, 6)) == "K♦"  # R11
    game.tap("waste", 1)
    assert game.selected is not None and game.selected.pile == "waste"


# ---------------------------------------------------------------- the clock (R20)


class ClockBroke(Exception):
    """What the failing time source raises."""


class FailingClock:
    """Advances 1 s per reading and raises on reading number ``fail_at`` (once)."""

    def __init__(self, fail_at: int | None = None) -> None:
        self.calls = 0
        self.fail_at = fail_at

    def __call__(self) -> float:
        self.calls += 1
        if self.calls == self.fail_at:
            raise ClockBroke(f"reading {self.calls}")
        return float(self.calls)


class _Recorder:
    """Stands in for a game in win_by_taps, to write its taps down."""

    def __init__(self, game: Game, steps: list[tuple[str, tuple[Any, ...]]]) -> None:
        self.game, self.steps = game, steps

    def card_at(self, row: int, col: int) -> Any:
        return self.game.card_at(row, col)

    def tap(self, *place: Any) -> Any:
        self.steps.append(("tap", place))
        return self.game.tap(*place)


def _script() -> list[tuple[str, tuple[Any, ...]]]:
    """Actions that read the clock in every way: the first action (the clock starts), a pair
    tapped while a "sum" message shows, draw and undo, the win (it stops), undo out of the won
    game (it resumes) and the win again."""
    steps: list[tuple[str, tuple[Any, ...]]] = [
        ("tap", ("pyramid", 7, 1)),  # K: the first action
        ("tap", ("pyramid", 7, 2)),  # A selected
        ("tap", ("pyramid", 7, 4)),  # 2: "The sum must be 13", 2 stays selected (R10)
        ("tap", ("pyramid", 7, 5)),  # J: 2 + J removed while the message shows
        ("play", ("draw",)),
        ("undo", ()),
        ("tap", ("stock",)),
    ]
    game = winnable_game()
    for step in steps:
        _run(game, step)
    win_by_taps(_Recorder(game, steps))  # type: ignore[arg-type]
    assert game.status.value == "won"
    return [*steps, ("undo", ()), ("tap", ("pyramid", 1, 1))]


def _run(game: Game, step: tuple[str, tuple[Any, ...]]) -> None:
    name, args = step
    getattr(game, name)(*args)


def _everything(game: Game) -> tuple[Any, ...]:
    """All the game's state a player or a record sees, read without reading the clock."""
    return (
        game.position(),
        game.moves,
        game.score,
        game.status,
        game.actions,
        game.history,
        game.selected,
        game.selected_card,
        game.message,
        game.can_undo,
        game.clock.state(),
        game.record().to_json(),
    )


def test_r20_a_clock_that_raises_leaves_the_game_and_its_record_as_they_were() -> None:
    script = _script()
    reference = Game(winnable_game().deal, clock=FailingClock())
    for step in script:
        _run(reference, step)
    readings = reference.clock._now.calls  # type: ignore[attr-defined]
    assert readings >= len(script) // 2  # the script reads the clock all along
    for fail_at in range(1, readings + 1):
        clock = FailingClock(fail_at)
        game = Game(winnable_game().deal, clock=clock)
        failed = False
        for step in script:
            before = _everything(game)
            try:
                _run(game, step)
            except ClockBroke:
                failed = True
                assert _everything(game) == before, f"reading {fail_at} failed during {step}"
                replayed = Game.replay(Record.load(game.record().to_json()))
                assert (replayed.position(), replayed.moves, replayed.actions) == before[
                    0:2
                ] + before[4:5]
                _run(game, step)  # the clock works again: the same action now goes through
        assert failed
        assert (game.position(), game.actions, game.moves, game.status) == (
            reference.position(),
            reference.actions,
            reference.moves,
            reference.status,
        )


@pytest.mark.parametrize("value", ["12", None, True, math.nan, math.inf])
def test_r20_a_clock_that_returns_no_number_is_refused_and_changes_nothing(value: Any) -> None:
    game = r5_game(clock=lambda: value)
    game.tap("pyramid", 7, 1)  # a selection, which needs no time
    before = _everything(game)
    with pytest.raises((TypeError, ValueError), match="clock must return"):
        game.tap("pyramid", 7, 6)  # K♦ (R11): an action, timed
    assert _everything(game) == before


@pytest.mark.parametrize("clock", [5, "monotonic", 1.5])
def test_a_clock_that_is_not_a_function_is_refused_at_the_call(clock: Any) -> None:
    with pytest.raises(TypeError, match="clock must be a function"):
        Game.from_code("PY1-N-AAAAAAS", clock=clock)
    with pytest.raises(TypeError, match="clock must be a function"):
        r5_game(clock=clock)


# ---------------------------------------------------------------- layouts as bug reports write them (R5)

R5_ROW_TEXT = [" ".join(row) for row in R5_PYRAMID]


def test_r5_pyramid_rows_waste_and_stock_may_be_strings_of_cards() -> None:
    game = Game.from_layout(R5_ROW_TEXT, "7♦", " ".join(r5_stock()))
    assert R5_ROW_TEXT[:3] == ["J♦", "6♣ 7♥", "A♠ 4♦ Q♠"]
    assert game.deal == r5_game().deal
    assert Game.from_layout(R5_ROW_TEXT, ["7♦"], ", ".join(r5_stock())).deal == r5_game().deal


def test_r5_the_existing_layout_forms_still_work() -> None:
    flat = [card for row in R5_PYRAMID for card in row]
    mixed = [R5_PYRAMID[0], *R5_ROW_TEXT[1:4], *R5_PYRAMID[4:]]
    for pyramid in (R5_PYRAMID, flat, mixed, [tuple(row) for row in R5_PYRAMID]):
        assert Game.from_layout(pyramid, R5_WASTE, r5_stock()).deal == r5_game().deal


def test_r5_a_row_string_with_the_wrong_number_of_cards_names_the_row() -> None:
    rows = list(R5_ROW_TEXT)
    rows[2] = "A♠ 4♦"
    with pytest.raises(LayoutError, match="row 3 has 2 cards"):
        Game.from_layout(rows, "7♦ Q♠", " ".join(r5_stock()))
    with pytest.raises(LayoutError, match="card 1"):
        Game.from_layout(R5_ROW_TEXT, "7♦", "XX " + " ".join(r5_stock()))


@pytest.mark.parametrize(
    "pyramid, waste, stock",
    [
        (None, "7♦", ""),
        (5, "7♦", ""),
        (R5_ROW_TEXT, None, ""),
        (R5_ROW_TEXT, "7♦", 5),
        (R5_ROW_TEXT, Card(7, "♦"), ""),
    ],
)
def test_r5_a_layout_that_is_not_lists_or_strings_of_cards_is_a_type_error(
    pyramid: Any, waste: Any, stock: Any
) -> None:
    with pytest.raises(TypeError, match="list of cards or a string of cards"):
        Game.from_layout(pyramid, waste, stock)


# ---------------------------------------------------------------- records


def test_a_record_nested_too_deeply_is_a_record_error() -> None:
    text = "[" * 100_000 + "]" * 100_000
    with pytest.raises(RecordError, match="nested too deeply"):
        Record.from_json(text)
    with pytest.raises(RecordError, match="nested too deeply"):
        Record.load('{"format": "pyramide-record", "actions": ' + text + "}")
    with pytest.raises(RecordError, match="nested too deeply"):
        Record.from_text("PY1-X-AAAAAAS rules:" + text)


@pytest.mark.parametrize(
    "key", ["format", "version", "code", "rules", "deal", "actions", "times", "assisted"]
)
def test_a_record_dict_holding_deeply_nested_data_is_a_record_error(key: str) -> None:
    data = Record.load("PY1-N-AAAAAAS draw").to_dict()
    data[key] = _deep()
    with pytest.raises(RecordError):
        Record.from_dict(data)


def test_rules_json_nested_too_deeply_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="nested too deeply"):
        Rules.from_json("[" * 100_000)
    with pytest.raises(ValueError, match="unknown rules keys"):
        Rules.from_dict({"x" * 10_000: 1, "recycles": None})
    assert Rules.from_json(json.dumps(STRICT.to_dict())) == STRICT


def test_a_record_with_a_code_and_the_same_deal_is_accepted() -> None:
    data = Record.load("PY1-N-AAAAAAS draw").to_dict()
    data["deal"] = Deal.from_letters("AAAAAAS").to_dict()
    record = Record.from_dict(data)
    assert (record.code, record.deal, record.actions) == ("PY1-N-AAAAAAS", None, ("draw",))


def test_a_record_with_a_code_and_another_deal_is_a_record_error() -> None:
    data = Record.load("PY1-N-AAAAAAS").to_dict()
    other = Deal.from_letters("AAAAAAT").to_dict()
    data["deal"] = other
    with pytest.raises(RecordError, match="not the deal of its code PY1-N-AAAAAAS: pyramid card 1"):
        Record.from_dict(data)
    dealt = Deal.from_letters("AAAAAAS").to_dict()
    swapped = {**dealt, "stock": dealt["stock"][1:] + dealt["stock"][:1]}
    data["deal"] = swapped
    with pytest.raises(RecordError, match="stock card 1"):
        Record.from_dict(data)
    data["deal"] = {**dealt, "waste": []}
    with pytest.raises(RecordError, match="bad 'deal'"):
        Record.from_dict(data)
    data["deal"] = "PY1-N-AAAAAAS"
    with pytest.raises(RecordError, match="needs 'deal'"):
        Record.from_dict(data)


@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_a_record_version_is_the_int_1(version: Any) -> None:
    data = Record.load("PY1-N-AAAAAAS").to_dict()
    data["version"] = version
    with pytest.raises(RecordError, match="unsupported record version"):
        Record.from_dict(data)


@pytest.mark.parametrize("upto", [1.5, True, "1"])
def test_replay_upto_is_a_whole_number_of_actions(upto: Any) -> None:
    record = Record.load("PY1-N-AAAAAAS draw draw")
    with pytest.raises(TypeError, match="upto must be a whole number"):
        Game.replay(record, upto=upto)
    assert Game.replay(record, upto=1).actions == ("draw",)


@pytest.mark.parametrize(
    "text", ["X" * 1_000_000, "Q♣+" + "X" * 1_000_000, "7" * 1_000_000 + ">cell"]
)
def test_an_error_about_huge_input_quotes_only_its_start(text: str) -> None:
    game = Game.from_code("PY1-N-AAAAAAS")
    for bad in (lambda: parse_card(text), lambda: parse_move(text), lambda: game.play(text)):
        with pytest.raises((CardError, IllegalMoveError)) as error:
            bad()
        assert len(str(error.value)) < 400, str(error.value)[:200]
    assert game.actions == ()


@pytest.mark.parametrize("letter", [["N"], None, 7, ("N",)])
def test_a_deal_code_with_a_rules_letter_that_is_not_text_is_a_code_error(letter: object) -> None:
    with pytest.raises(CodeError, match="rules letter"):
        DealCode(letter, "AAAAAAA")  # type: ignore[arg-type]
