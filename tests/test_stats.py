"""The statistics store (R20): what is recorded, ranking and totals, and the file's safety."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
import warnings
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from pyramide_widget import Game, Record
from pyramide_widget.analysis.statistics import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    CorruptStatsError,
    GameEntry,
    StatsBusyError,
    StatsError,
    StatsStore,
    StatsWarning,
    default_path,
    open_stats,
    record_safely,
    stats,
)
from pyramide_widget.engine.errors import RecordError
from pyramide_widget.solver import hint, solve

T0 = datetime(2025, 1, 2, 12, 0, tzinfo=timezone.utc)
WINNABLE_N = "PY1-N-AAAAAAB"  # the greedy line below wins it in 73 moves
WINNABLE_E = "PY1-E-AAAAAAC"
HOPELESS_S = "PY1-S-AAAAAAD"  # the greedy line below ends with no more moves


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def greedy(game: Game, seconds: float = 0.0, extra_draws: int = 0) -> Game:
    """Play removals first, else draw/recycle, until the game ends, which takes ``seconds``
    (the clock starts at the first action, at 0, and reads ``seconds`` from then on).
    ``extra_draws`` draw-and-undo pairs come first: the same game, one move more each (undo does not lower the counter, R21)."""
    clock: FakeTime = game._clock_source  # type: ignore[assignment]
    clock.now = 0.0
    for _ in range(extra_draws):
        game.play("draw")
        game.undo()
        clock.now = seconds
    while not game.is_over:
        moves = game.legal_moves()
        removals = [m for m in moves if m.kind.value not in ("draw", "recycle")]
        game.play(removals[0] if removals else moves[0])
        clock.now = seconds
    return game


def finished(code: str, seconds: float, extra_draws: int = 0) -> Game:
    return greedy(Game.from_code(code, clock=FakeTime()), seconds, extra_draws)


@pytest.fixture
def store(tmp_path: Path) -> StatsStore:
    return StatsStore(tmp_path / "stats.sqlite3")


# --------------------------------------------------------------------------- where


def test_default_path_follows_the_environment_override(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PYRAMIDE_STATS", str(tmp_path / "mine.db"))
    assert default_path() == tmp_path / "mine.db"
    assert StatsStore().path == tmp_path / "mine.db"


@pytest.mark.parametrize(
    ("platform", "env", "expected"),
    [
        ("linux", {"XDG_DATA_HOME": "/xdg"}, "/xdg/pyramide-widget/stats.sqlite3"),
        ("linux", {}, "{home}/.local/share/pyramide-widget/stats.sqlite3"),
        (
            "linux",
            {"XDG_DATA_HOME": "relative"},
            "{home}/.local/share/pyramide-widget/stats.sqlite3",
        ),
        ("emscripten", {}, "{home}/.local/share/pyramide-widget/stats.sqlite3"),
        ("darwin", {}, "{home}/Library/Application Support/pyramide-widget/stats.sqlite3"),
        ("win32", {"APPDATA": "/appdata"}, "/appdata/pyramide-widget/stats.sqlite3"),
    ],
)
def test_default_path_follows_platform_conventions(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    platform: str,
    env: dict[str, str],
    expected: str,
) -> None:
    for name in ("PYRAMIDE_STATS", "XDG_DATA_HOME", "APPDATA"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", platform)
    assert default_path() == Path(expected.format(home=tmp_path))


def test_default_path_without_a_home_directory_is_in_the_temporary_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("PYRAMIDE_STATS", raising=False)
    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert default_path() == tmp_path / "pyramide-widget" / "stats.sqlite3"


def test_reading_a_missing_store_creates_nothing(store: StatsStore) -> None:
    assert store.ranking() == []
    assert store.games() == []
    assert store.totals().played == 0
    assert store.totals().win_rate is None
    assert not store.path.exists()
    assert not store.path.parent.joinpath("stats.sqlite3-journal").exists()


def test_the_first_write_creates_the_folder_and_a_versioned_file(tmp_path: Path) -> None:
    store = StatsStore(tmp_path / "a" / "b" / "stats.sqlite3")
    store.record_game(finished(WINNABLE_N, 30.0))
    conn = sqlite3.connect(store.path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    finally:
        conn.close()


# --------------------------------------------------------------------------- what is recorded


def test_a_won_game_is_recorded_with_its_result_and_record(store: StatsStore) -> None:
    game = finished(WINNABLE_N, 95.25)
    entry = store.record_game(game, finished_at=T0)
    assert isinstance(entry, GameEntry)
    assert (entry.code, entry.rules, entry.outcome, entry.won) == (WINNABLE_N, "N", "won", True)
    assert (entry.score, entry.time, entry.moves) == (280, 95.25, game.moves)
    assert entry.finished_at == T0
    assert store.games() == [entry]
    replayed = Game.replay(entry.record())
    assert (replayed.status.value, replayed.score, replayed.moves) == ("won", 280, game.moves)


def test_a_game_with_no_more_moves_is_recorded_as_played_not_won(store: StatsStore) -> None:
    game = finished(HOPELESS_S, 40.0)
    assert game.status.value == "no_moves"
    entry = store.record_game(game)
    assert entry is not None and (entry.outcome, entry.won, entry.rules) == ("no_moves", False, "S")
    assert store.ranking() == []
    assert store.totals("S").played == 1


def test_a_game_still_in_play_is_not_recorded_unless_abandoned(store: StatsStore) -> None:
    game = Game.from_code(WINNABLE_N)
    game.play("draw")
    assert store.record_game(game) is None
    assert store.games() == []
    entry = store.record_game(game, abandoned=True)
    assert entry is not None and (entry.outcome, entry.won, entry.moves) == ("abandoned", False, 1)


def test_a_deal_abandoned_before_any_action_is_not_a_game_played(store: StatsStore) -> None:
    assert store.record_game(Game.from_code(WINNABLE_N), abandoned=True) is None
    assert not store.path.exists()


def test_a_game_is_recorded_once_until_it_is_dealt_again(store: StatsStore) -> None:
    game = finished(WINNABLE_N, 10.0)
    assert store.record_game(game) is not None
    assert store.record_game(game) is None  # e.g. the end, then "New game"
    assert store.record_game(game, abandoned=True) is None
    game.restart()
    greedy(game, 12.0)
    assert store.record_game(game) is not None
    assert store.totals().played == 2


def undo_and_win_again(game: Game, seconds: float) -> Game:
    """Undo the winning move and play it again, ``seconds`` into the game."""
    last = game.history[-1]
    game.undo()
    game._clock_source.now = seconds  # type: ignore[attr-defined]
    game.play(last)
    return game


def test_a_win_undone_and_won_again_is_one_row_with_the_last_win(store: StatsStore) -> None:
    game = finished(WINNABLE_N, 60.0)
    first = store.record_game(game, finished_at=T0)
    assert first is not None and (first.time, first.moves) == (60.0, 73)
    undo_and_win_again(game, 80.0)
    again = store.record_game(game, finished_at=T0 + timedelta(minutes=1))
    assert again is not None and again.id == first.id
    assert (again.outcome, again.time, again.moves, again.finished_at) == (
        "won",
        80.0,
        74,
        T0 + timedelta(minutes=1),
    )
    assert store.games() == [again]
    assert (
        Game.replay(again.record()).moves == 74
    )  # the row's record is the whole game, undo included
    assert (store.totals().played, store.totals().won, store.totals().best_time) == (1, 1, 80.0)


def test_a_game_abandoned_after_its_end_keeps_that_end(store: StatsStore) -> None:
    game = finished(WINNABLE_N, 60.0)
    entry = store.record_game(game)
    game.undo()  # looking back after the win, then "New game"
    assert store.record_game(game, abandoned=True) is None
    assert store.games() == [entry]
    lost = finished(HOPELESS_S, 9.0)
    entry = store.record_game(lost)
    lost.undo()
    assert store.record_game(lost, abandoned=True) is None
    assert [e.outcome for e in store.games()] == ["no_moves", "won"]


def test_an_abandoned_game_played_on_and_won_becomes_a_win(store: StatsStore) -> None:
    game = Game.from_code(WINNABLE_N, clock=FakeTime())
    game.play("draw")
    abandoned = store.record_game(game, abandoned=True)
    assert abandoned is not None and abandoned.outcome == "abandoned"
    greedy(game, 30.0)
    won = store.record_game(game)
    assert won is not None and (won.id, won.outcome) == (abandoned.id, "won")
    assert (store.totals().played, store.totals().won) == (1, 1)


def test_two_stores_record_one_game_as_one_row(tmp_path: Path) -> None:
    a, b = StatsStore(tmp_path / "s.db"), StatsStore(tmp_path / "s.db")
    game = finished(WINNABLE_N, 60.0)
    a.record_game(game)
    undo_and_win_again(game, 70.0)
    b.record_game(game)
    assert [(e.time, e.moves) for e in a.games()] == [(70.0, 74)]


# --------------------------------------------------------------------------- help


def test_a_hint_while_playing_makes_the_game_assisted_until_restart() -> None:
    game = Game.from_code(WINNABLE_N, clock=FakeTime())
    assert not game.assisted
    hint(game)
    assert game.assisted
    game.restart()
    assert not game.assisted
    greedy(game)
    hint(game)  # a hint on a finished game helps nobody
    assert not game.assisted


def test_an_assisted_record_keeps_its_mark_and_older_records_still_load() -> None:
    game = Game.from_code(WINNABLE_N, clock=FakeTime())
    hint(game)
    greedy(game, 30.0)
    record = game.record()
    assert record.assisted and record.to_dict()["assisted"] is True
    again = Record.from_json(record.to_json())
    assert again == record and Game.replay(again).assisted
    plain = Game.from_code(WINNABLE_N).record()
    assert "assisted" not in plain.to_dict()  # records without help are as before
    assert not Record.from_json(plain.to_json()).assisted
    with pytest.raises(RecordError, match="'assisted' must be true or false"):
        Record.from_dict({**record.to_dict(), "assisted": "yes"})
    with pytest.raises(RecordError, match="assisted must be True or False"):
        Record(code=WINNABLE_N, rules=record.rules, assisted=1)  # type: ignore[arg-type]


def test_assisted_wins_count_as_won_but_are_not_ranked(store: StatsStore) -> None:
    fill(store)
    helped = Game.from_code(WINNABLE_N, clock=FakeTime())
    hint(helped)
    greedy(helped, 1.0)  # faster than any win without help
    entry = store.record_game(helped, finished_at=T0 + timedelta(hours=1))
    assert entry is not None and entry.assisted and entry.won and "(assisted)" in repr(entry)
    assert entry not in store.ranking("N", limit=None)
    n = store.totals("N")
    assert (n.played, n.won, n.won_assisted, n.best_time, n.fewest_moves) == (5, 5, 1, 50.0, 73)
    assert store.view("N")["totals"]["won_assisted"] == 1
    assert store.games(limit=1)[0].assisted
    summary = store.summary()
    assert (
        "Standard (N)                5     5         1    100.0%     0:50.0            73"
        in repr(summary)
    )
    assert "<td>Standard (N)</td><td>5</td><td>5</td><td>1</td>" in summary._repr_html_()


def test_the_widget_hint_button_makes_the_recorded_game_assisted(tmp_path: Path) -> None:
    from pyramide_widget.widget import PyramideWidget

    path = tmp_path / "stats.sqlite3"
    widget = PyramideWidget(WINNABLE_N, stats=path, clock=FakeTime())
    try:
        widget._on_message(widget, {"type": "hint"}, [])
        greedy(widget.game, 20.0)
    finally:
        widget.close()
    (entry,) = StatsStore(path).games()
    assert entry.assisted and entry.won and entry.record().assisted
    assert StatsStore(path).ranking() == []


def test_a_game_won_by_playing_the_solvers_line_from_python_is_assisted(
    store: StatsStore,
) -> None:
    game = Game.from_code(WINNABLE_N, clock=FakeTime())
    result = solve(game)
    assert game.assisted  # consulting the solver on a game in progress is help, as a hint is
    for move in result.solution or ():
        game.play(move)
    entry = store.record_game(game)
    assert entry is not None and entry.won and entry.assisted and entry.record().assisted
    assert store.ranking() == [] and store.totals().best_time is None
    assert store.totals().won_assisted == 1


def test_solving_a_finished_game_a_deal_code_or_a_copy_leaves_the_players_game_unaided() -> None:
    game = finished(WINNABLE_N, 5.0)
    solve(game)  # the game is over: looking back helps nobody
    assert not game.assisted
    playing = Game.from_code(WINNABLE_N)
    playing.play("draw")
    solve(WINNABLE_N)
    copied = copy.deepcopy(playing)
    solve(copied)
    assert copied.assisted and not playing.assisted


def test_the_widgets_own_check_for_a_dead_end_is_no_help_to_the_player() -> None:
    from layouts import stuck_game

    from pyramide_widget.widget import PyramideWidget

    widget = PyramideWidget(game=stuck_game(), stats=False)
    try:
        while not widget._state["stuck"]:  # a whole cycle of the talon without a removal
            assert widget.game.stock or widget.game.waste
            widget._on_message(widget, {"type": "tap", "pile": "stock"}, [])
        assert not widget.game.assisted  # the widget asked the solver, the player did not
    finally:
        widget.close()


def test_a_game_from_an_explicit_layout_is_recorded_without_a_code(store: StatsStore) -> None:
    source = Game.from_code(WINNABLE_N)
    game = Game.from_layout(source.pyramid, source.waste, source.stock, clock=FakeTime())
    greedy(game, 5.0)
    entry = store.record_game(game)
    assert entry is not None and entry.code is None
    assert Game.replay(store.games()[0].record()).score == 280
    assert "custom layout" in repr(entry)


def test_record_game_rejects_what_is_not_a_game(store: StatsStore) -> None:
    with pytest.raises(TypeError, match=r"record_game takes a pyramide_widget.Game, got Record"):
        store.record_game(finished(WINNABLE_N, 1.0).record())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="abandoned must be True or False"):
        store.record_game(finished(WINNABLE_N, 1.0), abandoned="yes")  # type: ignore[arg-type]
    assert not store.path.exists()


def test_finished_at_must_be_aware(store: StatsStore) -> None:
    with pytest.raises(ValueError, match="aware"):
        store.record_game(finished(WINNABLE_N, 1.0), finished_at=datetime(2025, 1, 1))


# --------------------------------------------------------------------------- ranking and totals


def fill(store: StatsStore) -> None:
    """Won N games at 60 s (73 and 75 moves), 50 s, 90 s; an E win; a lost S game."""
    store.record_game(finished(WINNABLE_N, 60.0, extra_draws=2), finished_at=T0)
    store.record_game(finished(WINNABLE_N, 90.0), finished_at=T0 + timedelta(minutes=1))
    store.record_game(finished(WINNABLE_N, 60.0), finished_at=T0 + timedelta(minutes=2))
    store.record_game(finished(WINNABLE_N, 50.0), finished_at=T0 + timedelta(minutes=3))
    store.record_game(finished(WINNABLE_E, 20.0), finished_at=T0 + timedelta(minutes=4))
    store.record_game(finished(HOPELESS_S, 5.0), finished_at=T0 + timedelta(minutes=5))


def test_ranking_is_by_time_then_moves_per_preset(store: StatsStore) -> None:
    fill(store)
    ranking = store.ranking("N")
    assert [(e.time, e.moves) for e in ranking] == [(50.0, 73), (60.0, 73), (60.0, 75), (90.0, 73)]
    assert [e.code for e in store.ranking("e")] == [WINNABLE_E]
    assert store.ranking("S") == []
    assert [e.time for e in store.ranking()] == [20.0, 50.0, 60.0, 60.0, 90.0]
    assert len(store.ranking("N", limit=2)) == 2
    assert len(store.ranking(limit=None)) == 5


def test_totals_per_preset_and_overall(store: StatsStore) -> None:
    fill(store)
    n = store.totals("N")
    assert (n.played, n.won, n.win_rate, n.best_time, n.fewest_moves) == (4, 4, 1.0, 50.0, 73)
    s = store.totals("S")
    assert (s.played, s.won, s.win_rate, s.best_time, s.fewest_moves) == (1, 0, 0.0, None, None)
    overall = store.totals()
    assert (overall.played, overall.won, overall.best_time, overall.fewest_moves) == (
        6,
        5,
        20.0,
        63,
    )
    assert overall.win_rate == pytest.approx(5 / 6)
    assert store.rules_played() == ["N", "S", "E"]


def test_unknown_rules_letters_and_bad_limits_are_rejected(store: StatsStore) -> None:
    with pytest.raises(ValueError, match="unknown rules letter 'Q'"):
        store.ranking("Q")
    for look_alike in ("\u017f", "\u0131"):  # "ſ".upper() == "S", "ı".upper() == "I"
        with pytest.raises(ValueError, match="unknown rules letter"):
            store.totals(look_alike)
    with pytest.raises(ValueError, match="limit"):
        store.ranking("N", limit=-1)


def test_games_lists_the_most_recent_first(store: StatsStore) -> None:
    fill(store)
    assert [e.rules for e in store.games(limit=3)] == ["S", "E", "N"]


def test_clear_deletes_every_game(store: StatsStore) -> None:
    fill(store)
    assert store.clear() == 6
    assert store.totals().played == 0


def test_stats_shows_totals_and_rankings_deterministically(store: StatsStore) -> None:
    fill(store)
    summary = stats(store.path, limit=2)
    assert summary.totals("N").won == 4
    assert [e.time for e in summary.ranking("N")] == [50.0, 60.0]
    text = repr(summary)
    assert text == repr(stats(store.path, limit=2))
    assert text.splitlines()[:6] == [
        "Statistics",
        "rules                  played   won  assisted  win rate  best time  fewest moves",
        "Standard (N)                4     4         0    100.0%     0:50.0            73",
        "Strict (S)                  1     0         0      0.0%          —             —",
        "Easy (E)                    1     1         0    100.0%     0:20.0            63",
        "All rules                   6     5         0     83.3%     0:20.0            63",
    ]
    assert "  1.   0:50.0    73 moves  PY1-N-AAAAAAB   2025-01-02 12:03" in text
    html = summary._repr_html_()
    assert "<td>Standard (N)</td><td>4</td><td>4</td><td>0</td><td>100.0%</td>" in html
    assert "Best Easy (E) games won without help" in html
    assert "0x" not in text and "object at" not in text


def test_statistics_html_escapes_everything_a_tampered_file_holds(store: StatsStore) -> None:
    fill(store)
    evil = "<img src=x onerror=alert(1)>"
    conn = sqlite3.connect(store.path)
    with conn:
        conn.execute("UPDATE games SET moves = ? WHERE id = 4", (evil,))  # the fastest N win
        conn.execute("UPDATE games SET code = ? WHERE id = 2", (evil,))
        conn.execute("UPDATE games SET rules = ? WHERE id = 5", (evil,))  # the E win
        conn.execute("UPDATE games SET time = ?, finished_at = ? WHERE id = 3", (evil, evil))
    conn.close()
    with pytest.warns(StatsWarning, match="2 damaged game row\\(s\\) \\(id [34], [34]\\)"):
        summary = store.summary()
    page = summary._repr_html_()
    assert "<img" not in page and "<script" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page  # the code, shown as text
    assert store.rules_played() == ["N", "S"]  # an unknown letter is no rules to show
    assert [e.id for e in summary.ranking("N")] == [1, 2]  # rows 3 and 4 are not games any more
    n = summary.totals("N")
    assert (n.played, n.best_time, n.fewest_moves) == (4, 60.0, 73)  # text is not a time or a count
    assert evil in repr(summary)  # plain text needs no escaping, and does not fail


def test_a_stored_time_out_of_range_is_a_damaged_row_and_every_view_still_shows(
    store: StatsStore,
) -> None:
    fill(store)
    conn = sqlite3.connect(store.path)
    with conn:  # the fastest N win and the only E win: each the best time of its totals
        conn.execute("UPDATE games SET time = 1e308 WHERE id IN (4, 5)")
    conn.close()
    with pytest.warns(StatsWarning, match=r"damaged game row") as caught:
        summary = store.summary()
    damaged = {re.search(r"\(id [\d, ]+\)", str(w.message))[0] for w in caught}  # type: ignore[index]
    assert damaged == {"(id 4)", "(id 5)"}  # one warning per preset's ranking
    text = repr(summary)
    assert (
        "Easy (E)                    1     1         0    100.0%          —             —" in text
    )
    assert "1e+308" not in summary._repr_html_()
    n = summary.totals("N")
    assert (n.played, n.won, n.best_time, n.fewest_moves) == (4, 4, 60.0, 73)
    assert [e.id for e in summary.ranking("N")] == [3, 1, 2]
    assert summary.ranking("E") == ()
    assert json.loads(json.dumps(summary.to_dict(), allow_nan=False)) == summary.to_dict()
    with pytest.warns(StatsWarning, match=r"\(id 5\)"):
        assert store.view("E")["totals"]["best_time"] is None
    with pytest.warns(StatsWarning, match=r"\(id 5, 4\)"):
        assert [e.id for e in store.games()] == [6, 3, 2, 1]


def test_a_game_whose_clock_reads_an_absurd_time_is_recorded_with_the_largest_time(
    store: StatsStore,
) -> None:
    from pyramide_widget.engine.clock import MAX_TIME

    game = finished(WINNABLE_N, 1e308)
    entry = store.record_game(game)
    assert entry is not None and entry.time == MAX_TIME
    assert store.games()[0].record().times[-1] == MAX_TIME


def test_empty_statistics_say_so(tmp_path: Path) -> None:
    summary = stats(tmp_path / "none.sqlite3")
    assert repr(summary) == "Statistics: no finished game yet."
    assert "no finished game" in summary._repr_html_()


# --------------------------------------------------------------------------- the file's safety

CHILD = textwrap.dedent(
    """
    import sqlite3, sys, time
    from pyramide_widget import Game
    from pyramide_widget.analysis.statistics import StatsStore

    store = StatsStore(sys.argv[1])
    mode = sys.argv[2]
    if mode == "open-transaction":
        # A write transaction with many uncommitted rows, then wait to be killed.
        game = Game.from_code("PY1-N-AAAAAAB")
        game.play("draw")
        store.record_game(game, abandoned=True)
        conn = sqlite3.connect(sys.argv[1], isolation_level=None)
        conn.execute("BEGIN IMMEDIATE")
        for i in range(2000):
            conn.execute(
                "INSERT INTO games (code, rules, rules_json, outcome, won, score, time, moves, finished_at, record)"
                " VALUES ('PY1-N-AAAAAAA', 'N', '{}', 'won', 1, 280, 1.0, 1, '2025-01-01T00:00:00', '{}')"
            )
        conn.execute("UPDATE games SET score = -1")
        print("ready", flush=True)
        time.sleep(60)
    else:
        # Record games as fast as possible until killed.
        print("ready", flush=True)
        while True:
            game = Game.from_code("PY1-N-AAAAAAB")
            game.play("draw")
            store.record_game(game, abandoned=True)
    """
)


def run_child_and_kill(path: Path, mode: str, delay: float) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    with subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), mode], stdout=subprocess.PIPE, env=env
    ) as proc:
        try:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == b"ready"
            time.sleep(delay)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert proc.returncode == -signal.SIGKILL


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_process_killed_inside_a_write_transaction_loses_nothing_committed(
    store: StatsStore,
) -> None:
    fill(store)
    run_child_and_kill(store.path, "open-transaction", 0.0)
    assert store.path.with_name("stats.sqlite3-journal").exists()  # the hot journal it left
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        totals = store.totals()
        assert (totals.played, totals.won) == (7, 5)  # 6 + the child's committed game
        assert all(e.score >= 0 for e in store.games())
    assert not any(p.name.startswith("stats.sqlite3.corrupt") for p in store.path.parent.iterdir())
    store.record_game(finished(WINNABLE_N, 1.0))
    assert store.totals().played == 8


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_process_killed_while_recording_games_leaves_only_whole_games(store: StatsStore) -> None:
    fill(store)
    run_child_and_kill(store.path, "record-loop", 0.5)
    games = store.games()
    assert len(games) > 6
    for entry in games:
        Record.from_json(entry.record_json)  # every row is complete
    assert store.totals("S").played == 1


def test_random_bytes_are_moved_aside_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    junk = os.urandom(4096)
    path.write_bytes(junk)
    store = StatsStore(path)
    with pytest.warns(
        StatsWarning, match="not a SQLite database.*moved to .*stats.sqlite3.corrupt-"
    ):
        entry = store.record_game(finished(WINNABLE_N, 3.0))
    assert entry is not None
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("stats.sqlite3.corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes() == junk
    assert store.totals().played == 1


def test_corrupt_file_raises_and_is_left_alone_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"definitely not sqlite" * 100)
    store = StatsStore(path, on_corrupt="raise")
    with pytest.raises(CorruptStatsError, match=r"is not a SQLite database.*left as it is"):
        store.record_game(finished(WINNABLE_N, 3.0))
    with pytest.raises(CorruptStatsError):
        store.totals()
    assert path.read_bytes() == b"definitely not sqlite" * 100
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.sqlite3"]


@pytest.mark.parametrize("content", [b"x", b"\0", b"\n", b"SQLite format 3"])
def test_a_tiny_file_that_is_not_a_store_is_refused_and_left_alone_when_asked(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(content)
    raising = StatsStore(path, on_corrupt="raise")
    with pytest.raises(CorruptStatsError, match=r"is not a SQLite database.*left as it is"):
        raising.totals()
    with pytest.raises(CorruptStatsError, match=r"is not a SQLite database.*left as it is"):
        raising.record_game(finished(WINNABLE_N, 3.0))
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.sqlite3"]
    with pytest.warns(StatsWarning, match=r"not a SQLite database.*moved to"):
        assert StatsStore(path).record_game(finished(WINNABLE_N, 3.0)) is not None
    (aside,) = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert aside.read_bytes() == content
    assert StatsStore(path).totals().played == 1


def make_foreign(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("INSERT INTO notes (text) VALUES ('keep me')")
    conn.commit()
    conn.close()


def test_another_programs_database_is_never_written_to(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    make_foreign(path)
    before = path.read_bytes()
    with pytest.raises(CorruptStatsError, match="another program \\(tables: notes\\)"):
        StatsStore(path, on_corrupt="raise").record_game(finished(WINNABLE_N, 3.0))
    assert path.read_bytes() == before
    with pytest.warns(StatsWarning, match="another program"):
        StatsStore(path).record_game(finished(WINNABLE_N, 3.0))
    (aside,) = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert aside.read_bytes() == before
    assert StatsStore(path).totals().played == 1


SCHEMA_V1 = (
    """CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    code        TEXT,
    rules       TEXT NOT NULL,
    rules_json  TEXT NOT NULL,
    outcome     TEXT NOT NULL CHECK (outcome IN ('won', 'no_moves', 'abandoned')),
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    score       INTEGER NOT NULL,
    time        REAL NOT NULL,
    moves       INTEGER NOT NULL,
    finished_at TEXT NOT NULL,
    record      TEXT NOT NULL
    )""",
    "CREATE INDEX games_ranking ON games (rules, won, time, moves)",
    f"PRAGMA application_id = {APPLICATION_ID}",
    "PRAGMA user_version = 1",
)


def test_a_version_1_store_is_upgraded_in_place_and_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    old = finished(WINNABLE_N, 42.0)
    conn = sqlite3.connect(path)
    for statement in SCHEMA_V1:
        conn.execute(statement)
    conn.execute(
        "INSERT INTO games (code, rules, rules_json, outcome, won, score, time, moves, finished_at, record)"
        " VALUES (?, 'N', '{}', 'won', 1, 280, 42.0, 73, ?, ?)",
        (WINNABLE_N, T0.isoformat(), old.record().to_json()),
    )
    conn.commit()
    conn.close()
    store = StatsStore(path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        (entry,) = store.ranking("N")
    assert (entry.time, entry.moves, entry.assisted, entry.finished_at) == (42.0, 73, False, T0)
    helped = Game.from_code(WINNABLE_E, clock=FakeTime())
    hint(helped)
    greedy(helped, 5.0)
    assert store.record_game(helped) is not None
    assert (store.totals().played, store.totals().won, store.totals().won_assisted) == (2, 2, 1)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()
    assert [p.name for p in tmp_path.iterdir()] == ["stats.sqlite3"]


def test_a_store_whose_table_was_altered_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    StatsStore(path).record_game(finished(WINNABLE_N, 3.0))
    conn = sqlite3.connect(path)
    conn.execute("DROP INDEX games_session")
    conn.execute("ALTER TABLE games DROP COLUMN session")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(
        StatsError, match=r"cannot use the statistics file .*no such column: session.*left as it is"
    ):
        StatsStore(path).record_game(finished(WINNABLE_E, 3.0))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["stats.sqlite3"]


def test_a_store_with_an_unknown_schema_version_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    conn.commit()
    conn.close()
    with pytest.warns(StatsWarning, match="unknown schema"):
        assert StatsStore(path).totals().played == 0


def test_a_store_from_a_newer_version_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    StatsStore(path).record_game(finished(WINNABLE_N, 3.0))
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StatsError, match="newer pyramide-widget"):
        StatsStore(path).record_game(finished(WINNABLE_N, 3.0))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["stats.sqlite3"]


def test_a_truncated_store_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    store = StatsStore(path)
    for _ in range(30):
        game = Game.from_code(WINNABLE_N)
        game.play("draw")
        store.record_game(game, abandoned=True)
    data = path.read_bytes()
    assert len(data) > 3 * 4096
    path.write_bytes(data[: len(data) // 2])
    with pytest.warns(StatsWarning, match="statistics file"):
        played = StatsStore(path).totals().played
    assert played == 0
    assert any(".corrupt-" in p.name for p in tmp_path.iterdir())


def test_a_second_set_aside_in_the_same_second_gets_its_own_name(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    for _ in range(2):
        path.write_bytes(b"junk" * 1000)
        with pytest.warns(StatsWarning):
            StatsStore(path).totals()
    assert len([p for p in tmp_path.iterdir() if ".corrupt-" in p.name]) == 2


HOLDER = textwrap.dedent(
    """
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN EXCLUSIVE")  # no other connection may read or write until it ends
    print("locked", flush=True)
    sys.stdin.read()  # until the test closes our stdin
    conn.execute("ROLLBACK")
    """
)


@contextlib.contextmanager
def locked_by_another_process(path: Path) -> Iterator[None]:
    """Another process holds an exclusive lock on ``path`` until the block ends."""
    with subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        try:
            assert proc.stdout.readline().strip() == b"locked"
            yield
        finally:
            proc.stdin.close()
            proc.wait(timeout=30)
    assert proc.returncode == 0


def test_a_file_locked_longer_than_the_busy_timeout_is_busy_not_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    store = StatsStore(path, busy_timeout=0.2)
    fill(store)
    before = path.read_bytes()
    late = finished(WINNABLE_N, 7.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no StatsWarning "moved to ...": nothing is set aside
        with locked_by_another_process(path):
            with pytest.raises(
                StatsBusyError, match=r"is busy: another program kept it locked.*left as it is"
            ):
                StatsStore(path, busy_timeout=0.2).summary()  # what stats() shows
            for fresh in (
                StatsStore(path, busy_timeout=0.2),
                store,
            ):  # first look, and a checked store
                with pytest.raises(StatsBusyError):
                    fresh.view("N")
                with pytest.raises(StatsBusyError):
                    fresh.record_game(late)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.sqlite3"]
    assert path.read_bytes() == before
    assert store.totals().played == 6
    assert store.record_game(late) is not None  # skipped while busy, recorded once the file is free
    assert store.totals().played == 7


@contextlib.contextmanager
def another_connection_in(path: Path, begin: str) -> Iterator[None]:
    """Another program's connection to ``path`` in a transaction until the block ends:
    ``"BEGIN"`` then a read holds a read lock (a database browser, a backup), ``"BEGIN
    IMMEDIATE"`` the write lock (a write in progress)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(begin)
        conn.execute("SELECT COUNT(*) FROM games").fetchone()
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


@pytest.mark.parametrize("begin", ["BEGIN", "BEGIN IMMEDIATE"])
def test_reading_goes_on_while_another_program_holds_a_transaction(
    tmp_path: Path, begin: str
) -> None:
    path = tmp_path / "stats.sqlite3"
    store = StatsStore(path, busy_timeout=1.0)
    fill(store)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with another_connection_in(path, begin):
            for reader in (StatsStore(path, busy_timeout=1.0), store):  # first look, checked
                summary = reader.summary()
                assert (summary.totals().played, summary.totals("N").best_time) == (6, 50.0)
                assert reader.view("N")["totals"]["played"] == 4
                assert len(reader.games()) == 6 and len(reader.ranking(limit=None)) == 5
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.sqlite3"]


@pytest.mark.parametrize("begin", ["BEGIN", "BEGIN IMMEDIATE"])
def test_writing_while_another_program_holds_a_transaction_is_busy_and_keeps_the_game(
    tmp_path: Path, begin: str
) -> None:
    path = tmp_path / "stats.sqlite3"
    store = StatsStore(path, busy_timeout=0.2)
    fill(store)
    with another_connection_in(path, begin):
        with pytest.raises(StatsBusyError, match=r"is busy.*the game is kept"):
            store.record_game(finished(WINNABLE_E, 2.0))
        assert store.totals().played == 6  # and reading still works
    assert store.record_game(finished(HOPELESS_S, 3.0)) is not None
    assert [e.rules for e in store.games(limit=2)] == ["S", "E"]
    assert store.totals().played == 8


def test_record_safely_skips_a_busy_file_with_a_warning_and_moves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    store = StatsStore(path, busy_timeout=0.2)
    fill(store)
    with (
        locked_by_another_process(path),
        pytest.warns(StatsWarning, match="not added to the statistics.*is busy"),
    ):
        assert record_safely(store, finished(WINNABLE_E, 2.0)) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.sqlite3"]
    assert store.totals().played == 6


def test_a_game_refused_by_a_busy_file_is_added_with_the_next_one(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    store = StatsStore(path, busy_timeout=0.2)
    fill(store)
    with (
        locked_by_another_process(path),
        pytest.warns(
            StatsWarning, match="is busy.*the game is kept and will be added with the next one"
        ),
    ):
        assert record_safely(store, finished(WINNABLE_E, 2.0)) is None
    assert store.totals().played == 6
    entry = store.record_game(finished(HOPELESS_S, 3.0))
    assert entry is not None and entry.rules == "S"
    assert [e.rules for e in store.games(limit=2)] == ["S", "E"]
    assert store.totals().played == 8
    assert (
        store.record_game(finished(HOPELESS_S, 4.0)) is not None and store.totals().played == 9
    )  # kept once


def test_opening_the_statistics_panel_on_a_locked_file_says_busy_and_moves_nothing(
    tmp_path: Path,
) -> None:
    from pyramide_widget.widget import PyramideWidget

    path = tmp_path / "stats.sqlite3"
    fill(StatsStore(path))
    widget = PyramideWidget(WINNABLE_N, stats=StatsStore(path, busy_timeout=0.2))
    try:
        with locked_by_another_process(path):
            view = widget.stats_view("N")
        assert view["stats"] is None and "is busy" in view["error"]
        assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.sqlite3"]
        assert widget.stats_view("N")["stats"]["totals"]["played"] == 4
    finally:
        widget.close()


RECORDER = textwrap.dedent(
    """
    import sys, warnings
    from datetime import datetime, timedelta, timezone
    from pyramide_widget import Game
    from pyramide_widget.analysis.statistics import StatsStore

    path, worker, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    store = StatsStore(path, busy_timeout=60)
    t0 = datetime(2025, 1, 1, tzinfo=timezone.utc)
    print("ready", flush=True)
    sys.stdin.readline()  # everyone starts together
    warnings.simplefilter("ignore")
    for n in range(games):
        game = Game.from_code("PY1-N-AAAAAAB")
        game.play("draw")
        when = t0 + timedelta(seconds=1000 * worker + n)  # names the game
        try:
            entry = store.record_game(game, abandoned=True, finished_at=when)
        except Exception as error:
            print("failed", repr(error), flush=True)
        else:
            print("recorded", when.isoformat(timespec="milliseconds"), flush=True)
    """
)


def test_processes_meeting_one_corrupt_file_set_it_aside_once_and_lose_no_game(
    tmp_path: Path,
) -> None:
    path = tmp_path / "stats.sqlite3"
    junk = b"not a statistics file " * 500
    path.write_bytes(junk)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", RECORDER, str(path), str(n), "4"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )
        for n in range(8)
    ]
    try:
        for proc in workers:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        for proc in workers:
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.close()
        outputs = [proc.stdout.read() for proc in workers]  # type: ignore[union-attr]
        for proc in workers:
            assert proc.wait(timeout=60) == 0
    finally:
        for proc in workers:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            proc.stdout.close()  # type: ignore[union-attr]
    lines = [line.split(" ", 1) for out in outputs for line in out.splitlines()]
    assert [rest for word, rest in lines if word != "recorded"] == []  # every game acknowledged
    acknowledged = sorted(rest for _, rest in lines)
    assert len(acknowledged) == 32
    stored = sorted(
        e.finished_at.isoformat(timespec="milliseconds") for e in StatsStore(path).games()
    )
    assert stored == acknowledged
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert [p.read_bytes() for p in aside] == [junk]  # moved once, and nothing else with it


WRITER = textwrap.dedent(
    """
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("DELETE FROM games")  # a write in progress (rolled back): the journal exists
    print("writing", flush=True)
    sys.stdin.read()
    conn.execute("ROLLBACK")
    """
)


def test_a_late_set_aside_leaves_a_store_that_another_process_already_replaced(
    tmp_path: Path,
) -> None:
    """The moment the race is about: store ``late`` found the file corrupt, and before it set
    the file aside another process did so and wrote games into a fresh store (with a write of
    its own in progress). ``late`` must move neither that store nor its journal."""
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"junk" * 1000)
    late = StatsStore(path, busy_timeout=0.2)
    with pytest.warns(StatsWarning, match="moved to"):
        StatsStore(path).record_game(finished(WINNABLE_N, 3.0))  # the other process, first
    before = path.read_bytes()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        late._database.set_aside("not a SQLite database")  # what it decided a moment ago
        assert path.read_bytes() == before
        with subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        ) as proc:
            assert proc.stdin is not None and proc.stdout is not None
            try:
                assert proc.stdout.readline().strip() == b"writing"
                journal = path.with_name("stats.sqlite3-journal")
                assert journal.exists()
                with pytest.raises(StatsBusyError):
                    late._database.set_aside("not a SQLite database")
                assert journal.exists()
            finally:
                proc.stdin.close()
                proc.wait(timeout=30)
    assert len([p for p in tmp_path.iterdir() if ".corrupt-" in p.name]) == 1
    assert StatsStore(path).totals().played == 1


def test_without_file_locks_a_corrupt_file_is_still_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As in Pyodide (no other process to guard against): neither fcntl nor msvcrt."""
    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.setitem(sys.modules, "msvcrt", None)
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"junk" * 1000)
    with pytest.warns(StatsWarning, match="moved to"):
        assert StatsStore(path).record_game(finished(WINNABLE_N, 3.0)) is not None
    assert StatsStore(path).totals().played == 1


def test_without_sqlite3_the_store_raises_a_clear_error(
    store: StatsStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "sqlite3", None)
    with pytest.raises(StatsError, match="sqlite3 module"):
        store.record_game(finished(WINNABLE_N, 3.0))


def test_bad_on_corrupt_value_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="on_corrupt"):
        StatsStore(tmp_path / "x", on_corrupt="ignore")  # type: ignore[arg-type]


@pytest.mark.parametrize("timeout", [-1, "10", True, float("nan"), float("inf")])
def test_bad_busy_timeout_is_rejected(tmp_path: Path, timeout: object) -> None:
    with pytest.raises(ValueError, match="busy_timeout must be a finite number of seconds >= 0"):
        StatsStore(tmp_path / "x", busy_timeout=timeout)  # type: ignore[arg-type]


def test_two_stores_on_one_file_see_each_others_games(tmp_path: Path) -> None:
    a, b = StatsStore(tmp_path / "s.db"), StatsStore(tmp_path / "s.db")
    a.record_game(finished(WINNABLE_N, 3.0))
    b.record_game(finished(WINNABLE_E, 4.0))
    assert a.totals().played == b.totals().played == 2


# --------------------------------------------------------------------------- for the widget


def test_open_stats_reads_the_widget_option(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYRAMIDE_STATS", str(tmp_path / "env.sqlite3"))
    assert open_stats(False) is None and open_stats(None) is None
    assert open_stats(True).path == tmp_path / "env.sqlite3"  # type: ignore[union-attr]
    assert open_stats(str(tmp_path / "a.db")).path == tmp_path / "a.db"  # type: ignore[union-attr]
    assert open_stats(tmp_path / "b.db").path == tmp_path / "b.db"  # type: ignore[union-attr]
    store = StatsStore(tmp_path / "c.db")
    assert open_stats(store) is store
    with pytest.raises(TypeError, match="stats must be"):
        open_stats(3)  # type: ignore[arg-type]
    assert not any(tmp_path.iterdir())  # nothing is opened or created yet


def test_record_safely_never_raises(tmp_path: Path) -> None:
    game = finished(WINNABLE_N, 3.0)
    assert record_safely(None, game) is None
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"junk" * 100)
    with pytest.warns(StatsWarning, match="not added to the statistics.*not a SQLite database"):
        assert record_safely(StatsStore(path, on_corrupt="raise"), game) is None
    assert path.read_bytes() == b"junk" * 100
    entry = record_safely(StatsStore(tmp_path / "ok.sqlite3"), game)
    assert entry is not None and entry.won


def test_view_gives_one_presets_totals_and_ranking(store: StatsStore) -> None:
    assert store.view("N") == {
        "rules": "N",
        "name": "Standard (N)",
        "rules_played": [],
        "ranking": [],
        "totals": {
            "rules": "N",
            "name": "Standard (N)",
            "played": 0,
            "won": 0,
            "won_assisted": 0,
            "win_rate": None,
            "best_time": None,
            "fewest_moves": None,
        },
    }
    fill(store)
    view = store.view("n", limit=2)
    assert json.loads(json.dumps(view)) == view
    assert view["rules"] == "N" and view["rules_played"] == ["N", "S", "E"]
    assert (view["totals"]["played"], view["totals"]["won"], view["totals"]["best_time"]) == (
        4,
        4,
        50.0,
    )
    assert [(e["time"], e["moves"]) for e in view["ranking"]] == [(50.0, 73), (60.0, 73)]
    assert view["ranking"] == store.summary(limit=2).to_dict()["rankings"]["N"]
    with pytest.raises(ValueError):
        store.view(None)  # type: ignore[arg-type]


def test_statistics_to_dict_is_json_ready(store: StatsStore) -> None:
    fill(store)
    data = store.summary(limit=1).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["overall"]["played"] == 6
    assert [t["rules"] for t in data["per_rules"]] == ["N", "S", "E"]
    assert data["rankings"]["N"] == [
        {
            "id": 4,
            "code": WINNABLE_N,
            "rules": "N",
            "time": 50.0,
            "moves": 73,
            "score": 280,
            "finished_at": "2025-01-02T12:03:00+00:00",
        }
    ]
    assert data["rankings"]["S"] == []


@pytest.mark.parametrize("when", ["2024-01-01", 1_700_000_000, datetime(2024, 1, 1).date()])
def test_a_finished_at_that_is_not_a_datetime_is_a_type_error_and_records_nothing(
    tmp_path: Path, when: object
) -> None:
    store = StatsStore(tmp_path / "stats.db")
    game = finished("PY1-N-AAAAAAS", 60)
    with pytest.raises(TypeError, match="finished_at must be an aware datetime"):
        store.record_game(game, finished_at=when)  # type: ignore[arg-type]
    assert store.games() == []
    assert store.record_game(game) is not None  # the game was not marked as recorded


def test_a_statistics_path_under_a_file_is_a_stats_error(tmp_path: Path) -> None:
    (tmp_path / "notes").write_text("a file, not a folder")
    store = StatsStore(tmp_path / "notes" / "stats.db")
    with pytest.raises(StatsError, match="cannot create the folder"):
        store.record_game(finished("PY1-N-AAAAAAS", 60))
    assert (tmp_path / "notes").read_text() == "a file, not a folder"
