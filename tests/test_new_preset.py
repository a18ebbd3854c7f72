"""Adding a game is one ``Table`` and one ``Preset``: every layer reads them as data.

A throwaway game (a six-row pyramid with a card dealt to the waste, under letter ``Q``) is added to ``TABLES`` and ``PRESETS``
for one test, and its codes, records, solver answers, estimate, statistics and the widget's
rules menu are checked without any other change to the package.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from pyramide_widget import CodeError, DealCode, Game, Record, Rules, solve
from pyramide_widget.analysis.estimation import estimate
from pyramide_widget.analysis.statistics import StatsStore
from pyramide_widget.engine.cards import FRENCH_DECK
from pyramide_widget.engine.geometry import PyramidShape
from pyramide_widget.engine.rules import PRESETS, Preset
from pyramide_widget.engine.table import TABLES, Table
from pyramide_widget.widget.ui_text import table_for

LETTER = "Q"
TABLE = Table("Throwaway", PyramidShape(6), FRENCH_DECK, dealt_to_waste=1)
PRESET = Preset(LETTER, "Throwaway", Rules(table=TABLE), "a game that exists for this test")


@pytest.fixture
def new_preset(monkeypatch: pytest.MonkeyPatch) -> Preset:
    assert LETTER not in PRESETS and TABLE.name not in TABLES
    monkeypatch.setitem(TABLES, TABLE.name, TABLE)
    monkeypatch.setitem(PRESETS, LETTER, PRESET)
    return PRESET


def won_game() -> Game:
    """The first deal of the new game the solver wins, played to the win (solved on a copy, so
    the game stays unaided)."""
    for letters in ("AAAAAAS", "AAAAAAT", "AAAAAAU", "AAAAAAV", "AAAAAAW"):
        game = Game.from_code(f"PY1-{LETTER}-{letters}")
        result = solve(copy.deepcopy(game))
        if result.winnable:
            for move in result.solution or ():
                game.play(move)
            return game
    raise AssertionError("none of the deals tried is won")


def test_a_new_preset_names_its_rules_by_its_letter(new_preset: Preset) -> None:
    rules = new_preset.rules
    assert rules.letter == LETTER and rules.name == "Throwaway"
    assert Rules.preset(LETTER.lower()) is rules
    assert DealCode.parse(f"py1-{LETTER.lower()}-aaaaaas").rules == rules
    game = Game.new(LETTER)
    assert game.code is not None and game.code.startswith(f"PY1-{LETTER}-")
    assert len(game.deal.pyramid) == 21 and game.table is TABLE
    # A bad code's error names the new letter among the rules letters (R4).
    with pytest.raises(CodeError, match=rf"rules letter \(N, .*, {LETTER}\)"):
        Game.from_code("PY1-N-AAAA")
    # The widget's rules menu lists it, under its own name where a language has none for it.
    assert {"letter": LETTER, "name": "Throwaway"} in table_for("fr")["presets"]


def test_a_new_presets_games_replay_from_their_records(new_preset: Preset, tmp_path: Path) -> None:
    game = Game.from_code(f"PY1-{LETTER}-AAAAAAS")
    for _ in range(10):
        game.play(game.legal_moves()[0])
    record = game.record()
    assert record.to_text().startswith(f"PY1-{LETTER}-AAAAAAS ")
    assert Record.from_dict(record.to_dict()).rules == new_preset.rules
    record.save(tmp_path / "game.json")
    again = Game.replay(Record.open(tmp_path / "game.json"))
    assert again.rules == new_preset.rules and again.position() == game.position()


def test_the_solver_and_the_estimate_play_a_new_preset(new_preset: Preset) -> None:
    game = won_game()
    assert str(game.status) == "won" and game.pyramid_left == 0
    result = estimate(LETTER, deals=4, seed=1, executor="serial")
    assert result.rules is new_preset.rules and result.deals == 4


def test_a_new_presets_games_count_in_its_statistics(new_preset: Preset, tmp_path: Path) -> None:
    store = StatsStore(tmp_path / "stats.sqlite3")
    entry = store.record_game(won_game())
    assert entry is not None and entry.won
    assert store.totals(LETTER).played == store.totals(LETTER).won == 1
    assert store.rules_played() == [LETTER]
    assert [e.rules for e in store.ranking(LETTER)] == [LETTER]
