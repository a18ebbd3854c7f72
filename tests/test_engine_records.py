"""Game records (JSON and one-line text), replay, score curves and the clock."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layouts import r5_game

from pyramide_widget import Game, Record, RecordError, Rules, Status
from pyramide_widget.engine.clock import MAX_TIME, GameClock


class FakeTime:
    """A time source the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _played(clock: FakeTime | None = None) -> Game:
    game = Game.from_code("PY1-N-AAAAAAS", clock=clock)
    for action in ["draw", "draw", "undo", "draw", "draw"]:
        if clock:
            clock.now += 1.5
        game.undo() if action == "undo" else game.play(action)
    return game


def test_a_record_holds_code_rules_and_every_action_including_undos():
    game = _played()
    record = game.record()
    assert record.code == "PY1-N-AAAAAAS" and record.rules == Rules()
    assert record.actions == ("draw", "draw", "undo", "draw", "draw")
    assert len(record.times) == 5


def test_json_round_trip_replays_to_the_same_state_score_and_move_counter():
    game = _played()
    text = game.record().to_json()
    data = json.loads(text)
    assert data["format"] == "pyramide-record" and data["version"] == 1
    again = Game.replay(text)
    assert again.position() == game.position()
    assert (again.moves, again.score, again.status) == (game.moves, game.score, game.status)
    assert Record.from_json(text) == game.record()


def test_text_round_trip_is_one_line():
    game = _played()
    line = game.record().to_text()
    assert line == "PY1-N-AAAAAAS draw draw undo draw draw"
    again = Game.replay(line)
    assert again.position() == game.position() and again.moves == 4


def test_layout_games_and_custom_rules_round_trip_in_both_forms():
    game = r5_game(Rules(recycles=3, pair_with_coverer=True))
    game.play("K♦")
    game.play("10♣+3♠")
    record = game.record()
    assert record.code is None and record.deal == game.deal
    for text in (record.to_json(), record.to_text()):
        again = Game.replay(text)
        assert again.position() == game.position() and again.rules == game.rules
    assert record.to_text().startswith("layout:JD6C7H")


def test_replay_upto_and_the_score_curve():
    game = r5_game()
    for move in ["K♦", "10♣+3♠", "draw", "draw", "10♠+3♣"]:
        game.play(move)
    game.undo()
    record = game.record()
    assert record.score_curve() == [0, 10, 30, 30, 30, 40, 30]
    assert Game.replay(record, upto=2).score == 30
    assert Game.replay(record, upto=0).position() == r5_game().position()
    with pytest.raises(RecordError, match="upto"):
        Game.replay(record, upto=99)


def test_steps_give_score_moves_and_time_after_each_action():
    clock = FakeTime()
    game = _played(clock)
    steps = [
        (step.index, step.action, step.moves, step.time)
        for step, _ in Game.replay_steps(game.record())
    ]
    assert steps[0] == (0, None, 0, 0.0)
    assert [s[1] for s in steps[1:]] == ["draw", "draw", "undo", "draw", "draw"]
    assert [s[2] for s in steps] == [0, 1, 2, 2, 3, 4]
    assert [s[3] for s in steps[1:]] == [0.0, 1.5, 3.0, 4.5, 6.0]


def test_replay_reproduces_the_recorded_time():
    clock = FakeTime()
    game = _played(clock)
    assert Game.replay(game.record()).elapsed == pytest.approx(game.elapsed) == 6.0


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d.update(format="chess"), "not a Pyramide record"),
        (lambda d: d.update(version=9), "unsupported record version"),
        (lambda d: d.update(code="PY1-N-AAA"), "bad 'code'"),
        (lambda d: d.update(rules={"strict": True}), "bad 'rules'"),
        (lambda d: d.update(actions="draw"), "'actions' must be a list"),
        (lambda d: d.update(actions=["draw", "K♣+A♠"], times=None), "action 2"),
        (lambda d: d.update(actions=["undo"], times=[0.0]), "nothing to undo"),
        (lambda d: d.update(actions=[1, 2], times=None), "'actions' must be a list"),
        (lambda d: d.update(times=[1.0]), "actions but 1 times"),
        (lambda d: d.update(times=[-1.0] * len(d["actions"])), "'times'"),
        (lambda d: d.update(extra=1), "unknown record keys"),
        (lambda d: d.update(code=None), "needs 'deal'"),
    ],
)
def test_malformed_records_raise_a_record_error_saying_what_is_wrong(mutate, message):
    data = _played().record().to_dict()
    mutate(data)
    with pytest.raises(RecordError, match=message):
        Record.from_dict(data)


@pytest.mark.parametrize(
    "line,message",
    [
        ("", "starts with a deal code"),
        ("PY1-N-AAAA draw", "not a deal code"),
        ("PY1-N-AAAAAAS jump", "action 1"),
        ("PY1-X-AAAAAAS draw", "custom rules"),
        ("layout:JD draw", "layout"),
        ("{not json", "JSON"),
    ],
)
def test_malformed_record_lines_raise_a_record_error(line, message):
    with pytest.raises(RecordError, match=message):
        Record.load(line)


def _with_times(*times: Any) -> dict[str, Any]:
    """A two-action record's dict whose times are ``times``."""
    game = Game.from_code("PY1-N-AAAAAAS")
    game.play("draw")
    game.play("draw")
    return {**game.record().to_dict(), "times": list(times)}


@pytest.mark.parametrize(
    "load",
    [
        pytest.param(lambda: Record.from_dict(_with_times(0.0, 1e308)), id="enormous-time"),
        pytest.param(lambda: Record.from_dict(_with_times(0, 10**400)), id="time-beyond-a-float"),
        pytest.param(
            lambda: Record.from_json(json.dumps(_with_times(0.0, float("inf")))),
            id="infinite-time",
        ),
        pytest.param(
            lambda: Record.load(json.dumps(_with_times(0.0, 0.5)).replace("0.5", "1e400")),
            id="time-that-overflows-in-json",
        ),
    ],
)
def test_a_time_out_of_range_is_a_record_error(load):
    with pytest.raises(RecordError, match=r"'times' must be a list of seconds \(numbers from 0 to"):
        load()


def test_the_largest_time_a_record_keeps_still_loads():
    record = Record.from_dict(_with_times(0.0, MAX_TIME))
    assert record.times == (0.0, MAX_TIME)
    assert Game.replay(record).elapsed == MAX_TIME


def test_a_record_built_with_a_time_out_of_range_is_refused():
    game = Game.from_code("PY1-N-AAAAAAS")
    with pytest.raises(RecordError, match="'times' must be a list of seconds"):
        Record(game.code, game.rules, ("draw",), (1e308,))


@pytest.mark.parametrize(
    "load,message",
    [
        (
            lambda: Record.from_json(
                '{"format": "pyramide-record", "version": ' + "9" * 5000 + "}"
            ),
            "a record must be JSON text",
        ),
        (lambda: Record.from_json(b"\xff\xfe{"), "a record must be JSON text"),
        (lambda: Record.from_json(b'{"format": "\xff"}'), "a record must be JSON text"),
        (lambda: Record.from_dict({**_with_times(0, 1), 1: 2, "x": 3}), "keys must be strings"),
        (lambda: Record.from_dict({**_with_times(0, 1), None: 2}), "keys must be strings"),
    ],
)
def test_numbers_bytes_and_keys_a_record_cannot_hold_are_record_errors(load, message):
    with pytest.raises(RecordError, match=message):
        load()


def test_a_record_file_that_is_not_utf8_is_a_record_error(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(_played().record().to_json().encode("utf-8").replace(b"draw", b"dr\xe2w", 1))
    with pytest.raises(RecordError, match="not UTF-8 text"):
        Record.open(path)


# JSON-ish values: what json.loads gives (and Python callers may pass), including numbers no
# float holds, infinities, NaN and keys that are not strings.
_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**300, max_value=10**400),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(["draw", "undo", "recycle", "K♦", "10♣+3♠", "PY1-N-AAAAAAS", "N", "X"]),
)
_garbage = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=8), st.integers()), inner, max_size=4),
    ),
    max_leaves=12,
)
_VALID = _played().record().to_dict()
_KEYS = [*_VALID, "deal", "assisted"]


@st.composite
def _damaged_records(draw: st.DrawFn) -> dict[Any, Any]:
    """A valid record's dict with some of its values (or the rules' values) replaced."""
    data = json.loads(json.dumps(_VALID))
    for key in draw(st.lists(st.sampled_from(_KEYS), min_size=1, max_size=3)):
        if key == "rules" and isinstance(data["rules"], dict) and draw(st.booleans()):
            rule = draw(st.sampled_from([*_VALID["rules"], "table", "x"]))
            data["rules"] = {**data["rules"], rule: draw(_garbage)}
        else:
            data[key] = draw(_garbage)
    return data


def _loads_or_refuses(source: Any) -> None:
    try:
        record = Record.load(source)
    except RecordError:
        return
    assert isinstance(record, Record)
    assert Record.from_json(record.to_json()) == record  # what loads is a whole record


_PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_PROPERTY
@given(st.one_of(_garbage, _damaged_records()))
def test_any_json_like_value_loads_as_a_record_or_raises_a_record_error(value):
    _loads_or_refuses(value)
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):  # a key json cannot write
        return
    _loads_or_refuses(text)
    _loads_or_refuses(text.replace("Infinity", "1e999"))


@_PROPERTY
@given(st.text(max_size=60))
def test_any_text_loads_as_a_record_or_raises_a_record_error(text):
    _loads_or_refuses(text)
    _loads_or_refuses("PY1-N-AAAAAAS " + text)
    _loads_or_refuses("PY1-X-AAAAAAS rules:" + text)


@_PROPERTY
@given(st.binary(max_size=60))
def test_any_file_opens_as_a_record_or_raises_a_record_error(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "game.json")
        path.write_bytes(data)
        try:
            record = Record.open(path)
        except RecordError:
            return
    assert isinstance(record, Record)


def test_loading_a_bad_record_leaves_an_existing_game_alone():
    game = _played()
    before = (game.position(), game.moves)
    with pytest.raises(RecordError):
        Game.replay("PY1-N-AAAAAAS recycle")
    assert (game.position(), game.moves) == before


# ---------------------------------------------------------------- the clock


def test_the_clock_starts_at_the_first_action_and_stops_at_the_end():
    from layouts import win_by_taps, winnable_game

    clock = FakeTime()
    game = winnable_game()
    game = Game(game.deal, clock=clock)
    clock.now += 50  # thinking before the first action does not count
    assert game.elapsed == 0.0
    game.tap("pyramid", 7, 1)  # the king of the bottom row: the first action
    clock.now += 10
    assert game.elapsed == 10.0
    win_by_taps(game)
    assert game.status is Status.WON
    clock.now += 1000
    assert game.elapsed == 10.0


def test_undo_out_of_a_finished_game_resumes_the_clock_without_counting_the_pause():
    clock = GameClock(FakeTime())
    source = clock._now  # the FakeTime
    clock.start()
    source.now += 5
    clock.stop()
    source.now += 100
    clock.resume()
    source.now += 2
    assert clock.elapsed == 7.0


def test_restart_deals_the_same_cards_with_counters_and_clock_reset():
    clock = FakeTime()
    game = _played(clock)
    game.restart()
    fresh = Game.from_code("PY1-N-AAAAAAS")
    assert game.position() == fresh.position()
    assert (game.moves, game.score, game.elapsed, game.history) == (0, 0, 0.0, ())


# ---------------------------------------------------------------- files


def test_records_save_and_open_in_both_forms(tmp_path):
    record = _played().record()
    record.save(tmp_path / "game.json")
    record.save(tmp_path / "game.txt")
    assert Record.open(tmp_path / "game.json") == record
    assert (tmp_path / "game.txt").read_text(encoding="utf-8") == record.to_text() + "\n"
    assert Record.open(tmp_path / "game.txt").actions == record.actions


def test_a_failed_save_leaves_the_previous_file_intact(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    first = _played().record()
    first.save(path)
    before = path.read_bytes()

    def crash(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("os.fsync", crash)
    with pytest.raises(OSError, match="disk full"):
        r5_game().record().save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_text_record_of_custom_rules_on_a_table_with_a_space_in_its_name_opens(tmp_path):
    # Records of custom rules (docs/rules.md §9 knobs) carry their table by name; "Six Rows",
    # "Reserve Six" and "Tut's Tomb" have a space, which split the rules word of the text line.
    from pyramide_widget.engine.table import RESERVE_SIX_TABLE, SIX_ROWS_TABLE, TUTS_TOMB_TABLE

    for table in (SIX_ROWS_TABLE, RESERVE_SIX_TABLE, TUTS_TOMB_TABLE):
        game = Game.from_code("PY1-X-AAAAAAS", rules=Rules(table=table, recycles=1))
        game.play(game.legal_moves()[0])
        record = game.record()
        record.save(tmp_path / "game.txt")
        opened = Record.open(tmp_path / "game.txt")
        assert (opened.code, opened.rules, opened.actions) == (
            record.code,
            record.rules,
            record.actions,
        )
        assert Record.from_text(record.to_text()).rules == record.rules


def test_a_text_record_written_before_the_rules_word_was_read_whole_still_opens(tmp_path):
    # A file as Record.save wrote it before: the custom rules' JSON with the table's own space.
    line = (
        'PY1-X-AAAAAAS rules:{"recycles":1,"strict_win":false,"draw_against_waste":false,'
        '"pair_with_coverer":false,"table":"Six Rows"} draw'
    )
    (tmp_path / "old.txt").write_text(line + "\n", encoding="utf-8")
    record = Record.open(tmp_path / "old.txt")
    assert record.rules.table.name == "Six Rows" and record.actions == ("draw",)


def test_a_clock_that_jumps_past_the_largest_time_still_lets_the_game_be_recorded():
    # R20: the time ranks games; a time source that jumps by more than MAX_TIME (a suspended
    # machine, a bad source) shows MAX_TIME, so the game can still be recorded and replayed.
    clock = FakeTime()
    game = Game.from_code("PY1-N-AAAAAAS", clock=clock)
    game.play("draw")
    clock.now += 10 * MAX_TIME
    game.play("draw")
    assert game.elapsed == MAX_TIME
    record = game.record()
    assert record.times == (0.0, MAX_TIME)
    assert Record.from_json(record.to_json()) == record
