"""Adding a game is one ``Table`` and one ``Preset``: every layer reads them as data.

A throwaway game (a six-row pyramid with a card dealt to the waste, under letter ``Q``) is added to ``TABLES`` and ``PRESETS``
for one test, and its codes, records, solver answers, estimate, statistics and the widget's
rules menu are checked without any other change to the package.
"""

from __future__ import annotations

import copy
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pyramide_widget
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


# ---------------------------------------------------------------- the guide's steps suffice

GUIDE = Path(__file__).parent.parent / "docs" / "guides" / "code.md"

NEW_TABLE = (
    'THROWAWAY_TABLE = Table("Throwaway", PyramidShape(6), FRENCH_DECK, dealt_to_waste=1)\n'
    '"""A game that exists for one test."""\n\n'
)
NEW_PRESET = """        Preset(
            "Q",
            "Throwaway",
            Rules(table=THROWAWAY_TABLE),
            "a game that exists for one test",
        ),
"""

PLAY_THE_NEW_GAME = """
import pathlib, sys
import pyramide_widget
from pyramide_widget import Game, Record, solve
from pyramide_widget.analysis.statistics import StatsStore
from pyramide_widget.engine.i18n import LANGUAGES
from pyramide_widget.engine.view.snapshot import snapshot
from pyramide_widget.widget import PyramideWidget
from pyramide_widget.widget.ui_text import table_for

assert pathlib.Path(pyramide_widget.__file__).parent == pathlib.Path(sys.argv[1])
game = Game.from_code("PY1-Q-AAAAAAS")
assert len(game.deal.pyramid) == 21 and game.rules.name == "Throwaway"
for _ in range(8):
    game.play(game.legal_moves()[0])
again = Game.replay(Record.from_json(game.record().to_json()))
assert again.position() == game.position() and again.rules == game.rules
assert "<svg" in game._repr_html_() and len(snapshot(game)["pyramid"]) == 21
assert solve(Game.from_code("PY1-Q-AAAAAAT")).winnable in (True, False)
for language in LANGUAGES:
    assert {"letter": "Q", "name": "Throwaway"} in table_for(language)["presets"], language
widget = PyramideWidget(rules="Q", stats=False)
assert widget.game.rules.letter == "Q" and widget._state["rules"] == "Q"
store = StatsStore(pathlib.Path(sys.argv[2]) / "stats.sqlite3")
assert store.record_game(game, abandoned=True) is not None
assert store.rules_played() == ["Q"]
print("played")
"""


def _edit(path: Path, anchor: str, text: str, *, before: bool = True) -> None:
    source = path.read_text()
    assert source.count(anchor) == 1, f"{anchor!r} is not once in {path.name}"
    path.write_text(source.replace(anchor, text + anchor if before else anchor + text))


def test_the_guides_two_files_add_a_game(tmp_path: Path) -> None:
    """docs/guides/code.md's steps in the package, done in a copy of it: a ``Table`` listed in
    ``TABLES`` and a ``Preset`` in ``PRESETS``, and nothing else, give a game that deals,
    plays, replays, draws, solves, shows in every language's rules menu, opens in the widget
    and counts in the statistics."""
    guide = GUIDE.read_text()
    steps = guide[guide.index("## Adding a game") : guide.index("3. Its rules in")]
    named = set(re.findall(r"`(pyramide_widget/[\w/]+\.py)`", steps))
    assert named == {"pyramide_widget/engine/table.py", "pyramide_widget/engine/rules.py"}

    package = Path(pyramide_widget.__file__).parent
    copy_of = tmp_path / "pyramide_widget"
    shutil.copytree(package, copy_of, ignore=shutil.ignore_patterns("__pycache__"))
    table, rules = copy_of / "engine" / "table.py", copy_of / "engine" / "rules.py"
    _edit(table, "TABLES: dict[str, Table] = {", NEW_TABLE)
    _edit(table, "        TUTS_TOMB_TABLE,\n", "        THROWAWAY_TABLE,\n", before=False)
    _edit(rules, "    TUTS_TOMB_TABLE,\n", "    THROWAWAY_TABLE,\n", before=False)
    _edit(rules, "    )\n}\n\nRulesLike = ", NEW_PRESET)
    changed = {
        f"pyramide_widget/{path.relative_to(copy_of)}"
        for path in copy_of.rglob("*.py")
        if path.read_bytes() != (package / path.relative_to(copy_of)).read_bytes()
    }
    assert changed == named

    result = subprocess.run(
        [sys.executable, "-c", PLAY_THE_NEW_GAME, str(copy_of), str(tmp_path)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "played"
