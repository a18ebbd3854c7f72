"""The games of other tables (docs/rules.md §9): Six Rows (W), Triangle (V), Face-down (F),
Spanish (B), and the stock-face-up knob — deal, free cards, pairs, messages, faces, codes,
records, statistics, the snapshot and the table description. The invariants of random play
run for every preset in test_engine_properties.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyramide_widget import Game, IllegalMoveError, Move, Place, Record, Rules
from pyramide_widget.analysis.statistics import StatsStore
from pyramide_widget.engine.cards import FRENCH_DECK, SPANISH_DECK, Card, SpanishSuit, parse_card
from pyramide_widget.engine.deal import Deal
from pyramide_widget.engine.errors import CardError, LayoutError, RecordError
from pyramide_widget.engine.geometry import PyramidShape, TriangleShape
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.engine.table import (
    FACE_DOWN_TABLE,
    SIX_ROWS_TABLE,
    SPANISH_TABLE,
    STANDARD_TABLE,
    TABLES,
    TRIANGLE_TABLE,
    find_table,
)
from pyramide_widget.engine.view.snapshot import snapshot

LETTERS = "AAAAAAS"
NEW = {"W": SIX_ROWS_TABLE, "V": TRIANGLE_TABLE, "F": FACE_DOWN_TABLE, "B": SPANISH_TABLE}


def game_of(letter: str, letters: str = LETTERS, **options) -> Game:
    return Game.from_code(f"PY1-{letter}-{letters}", **options)


def play_greedily(game: Game, actions: int) -> Game:
    """Removals first, else draw or recycle, until the game ends or ``actions`` were played
    (with unlimited recycles a game that cannot be won goes on for ever)."""
    for _ in range(actions):
        if game.is_over:
            break
        moves = game.legal_moves()
        removals = [m for m in moves if m.cards]
        game.play(removals[0] if removals else moves[0])
    return game


# ------------------------------------------------------------------ presets and deals


@pytest.mark.parametrize("letter", sorted(NEW))
def test_each_new_game_is_a_preset_with_its_table_and_the_standard_knobs(letter):
    preset = PRESETS[letter]
    assert NEW[letter].name in preset.name and preset.rules.table is NEW[letter]
    assert preset.rules == Rules(table=NEW[letter]) and preset.rules.letter == letter
    assert (
        Game.from_code(f"py1-{letter.lower()}-{LETTERS.lower()}").code == f"PY1-{letter}-{LETTERS}"
    )


@pytest.mark.parametrize(
    ("letter", "pyramid", "stock", "deck"),
    [("N", 28, 23, 52), ("W", 21, 31, 52), ("V", 28, 24, 52), ("F", 28, 24, 52), ("B", 28, 20, 48)],
)
def test_each_table_deals_its_pyramid_and_stock_from_its_deck(letter, pyramid, stock, deck):
    game = game_of(letter)
    assert len(game.deal.pyramid) == game.pyramid_left == pyramid
    assert len(game.stock) == game.table.stock_size == stock
    assert len(game.waste) == deck - pyramid - stock  # one on the standard table, none elsewhere
    cards = game.deal.pyramid + game.deal.waste + game.deal.stock
    assert sorted(cards) == sorted(game.table.deck.cards()) and len(set(cards)) == deck


def test_the_same_letters_shuffle_a_french_deck_alike_on_every_french_table():
    """Step 4 of the generator does not depend on the shape: only step 5 (how the shuffled
    deck is laid out) does, so the standard deal is exactly what it always was."""
    standard = Deal.from_letters(LETTERS)
    assert Deal.from_letters(LETTERS, STANDARD_TABLE) == standard
    order = standard.pyramid + standard.waste + standard.stock
    for table in (SIX_ROWS_TABLE, TRIANGLE_TABLE, FACE_DOWN_TABLE):
        deal = Deal.from_letters(LETTERS, table)
        assert deal.pyramid + deal.waste + deal.stock == order
        assert len(deal.pyramid) == table.shape.size and deal.waste == ()


def _documented_shuffle(letters: str, deck: list[str]) -> list[str]:
    """Steps 1-4 of the generator as docs/design/deals.md writes them, for any deck order."""
    state, mask = 0, 2**64 - 1
    for letter in letters:
        state = state * 26 + ord(letter) - ord("A")

    def uniform(n: int) -> int:
        nonlocal state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z < 2**64 - (2**64 % n):
                return z % n

    deck = list(deck)
    for i in range(len(deck) - 1, 0, -1):
        j = uniform(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@pytest.mark.parametrize("letters", ["AAAAAAA", "AAAAAAS", "PYRAMID", "ZZZZZZZ"])
def test_a_spanish_code_deals_the_documented_shuffle_of_the_documented_deck_order(letters):
    order = [
        f"{rank}{suit}" for suit in "OCEB" for rank in range(1, 13)
    ]  # oros, copas, espadas, bastos
    deal = game_of("B", letters).deal
    assert deal.waste == () and [str(c) for c in deal.pyramid + deal.stock] == _documented_shuffle(
        letters, order
    )
    assert [str(c) for c in deal.pyramid] == _documented_shuffle(letters, order)[:28]


def test_the_spanish_deck_is_oros_copas_espadas_bastos_one_to_twelve():
    cards = SPANISH_DECK.cards()
    assert [str(c) for c in cards[:3]] == ["1O", "2O", "3O"] and str(cards[12]) == "1C"
    assert str(cards[-1]) == "12B" and SPANISH_DECK.target == 12 and FRENCH_DECK.target == 13
    assert [c.index for c in cards] == list(range(48))


# ------------------------------------------------------------------ cards


def test_spanish_cards_print_with_numbers_and_parse_for_their_deck():
    rey = Card(12, SpanishSuit.OROS)
    assert str(rey) == "12O" and rey.to_text(ascii=True) == "RO"
    for text in ("12O", "RO", "ro", "12o"):
        assert parse_card(text, SPANISH_DECK) is rey
    assert parse_card("CC", SPANISH_DECK) == Card(11, SpanishSuit.COPAS)  # caballo de copas
    assert parse_card("10C", SPANISH_DECK) == Card(10, SpanishSuit.COPAS)
    assert parse_card("10C") == parse_card("10♣")  # the same text is clubs in the French deck
    for card in SPANISH_DECK.cards():
        assert parse_card(str(card), SPANISH_DECK) is card
        assert parse_card(card.to_text(ascii=True), SPANISH_DECK) is card


@pytest.mark.parametrize("text", ["13O", "KO", "10♣", "1X", "O"])
def test_a_text_that_is_no_spanish_card_says_what_one_looks_like(text):
    with pytest.raises(CardError, match="Spanish deck: expected a rank 1-12"):
        parse_card(text, SPANISH_DECK)


def test_a_spanish_card_has_no_rank_thirteen():
    with pytest.raises(CardError, match="from 1 to 12 in the Spanish deck"):
        Card(13, SpanishSuit.BASTOS)


# ------------------------------------------------------------------ shapes


def test_six_rows_is_a_pyramid_of_21_whose_bottom_row_is_free():
    game = game_of("W")
    assert game.shape == PyramidShape(6) and [len(row) for row in game.pyramid] == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]
    assert game.free_places() == [Place("pyramid", 6, c) for c in range(1, 7)]
    with pytest.raises(ValueError, match=r"rows are 1..6"):
        game.tap("pyramid", 7, 1)


def test_the_triangle_is_inverted_and_only_its_bottom_card_is_free_at_the_start():
    game = game_of("V")
    shape = game.shape
    assert shape == TriangleShape(7) and [len(row) for row in game.pyramid] == [7, 6, 5, 4, 3, 2, 1]
    # Each row lies on the one above: an end card is covered by one card, the others by two.
    assert shape.covers[shape.index(1, 1)] == (shape.index(2, 1),)
    assert shape.covers[shape.index(1, 2)] == (shape.index(2, 1), shape.index(2, 2))
    assert shape.covers[shape.index(1, 7)] == (shape.index(2, 6),)
    assert shape.covers[shape.index(7, 1)] == ()
    assert game.free_places() == [Place("pyramid", 7, 1)]
    assert game.is_free(7, 1) and not game.is_free(1, 1)


def test_removing_the_triangles_bottom_card_frees_both_cards_it_covered():
    cards = [str(c) for c in FRENCH_DECK.cards() if str(c) not in ("K♠", "5♥", "8♦")]
    rows = [cards[0:7], cards[7:13], cards[13:18], cards[18:22], cards[22:25], ["5♥", "8♦"], ["K♠"]]
    game = Game.from_layout(rows, [], cards[25:], rules="V")
    game.tap("pyramid", 7, 1)  # the king goes in one tap
    assert game.history == (Move.king("K♠"),)
    assert game.free_places() == [Place("pyramid", 6, 1), Place("pyramid", 6, 2)]
    game.tap("pyramid", 1, 3)  # covered: nothing happens but the message
    assert game.message.key == "blocked" and game.selected is None
    game.tap("pyramid", 6, 1)
    game.tap("pyramid", 6, 2)
    assert game.history[-1] == Move.pair("5♥", "8♦") and game.score == 30
    assert Place("pyramid", 5, 2) in game.free_places()  # (5, 2) lay only under (6, 1) and (6, 2)


# ------------------------------------------------------------------ Spanish


def spanish_game(**options) -> Game:
    """A Spanish layout: bottom row 12O 7C 5E 6B 4O 8O 1B, the rest in deck order."""
    bottom = ["12O", "7C", "5E", "6B", "4O", "8O", "1B"]
    rest = [str(c) for c in SPANISH_DECK.cards() if str(c) not in bottom]
    rows = [rest[0:1], rest[1:3], rest[3:6], rest[6:10], rest[10:15], rest[15:21], bottom]
    return Game.from_layout(rows, [], rest[21:], rules="B", **options)


def test_spanish_pairs_sum_to_twelve_and_the_rey_goes_alone():
    game = spanish_game()
    assert game.rules.target == 12
    legal = {str(move) for move in game.legal_moves()}
    assert legal >= {"12O", "7C+5E"} and "6B+8O" not in legal  # 6 + 8 = 14
    game.play("12O")
    game.play("7C+5E")
    assert game.score == 30
    with pytest.raises(IllegalMoveError, match="only a rey \\(12\\) is removed alone"):
        game.play("8O")
    with pytest.raises(IllegalMoveError, match="sum to 14, not 12"):
        game.play("6B+8O")


@pytest.mark.parametrize(
    ("language", "text"), [("en", "The sum must be 12"), ("fr", "La somme doit faire 12")]
)
def test_a_wrong_spanish_sum_says_twelve(language, text):
    game = spanish_game(language=language)
    game.tap("pyramid", 7, 4)  # 6B
    game.tap("pyramid", 7, 6)  # 8O
    assert game.message.key == "sum" and game.message.text == text


def test_a_spanish_game_reads_moves_for_its_deck_and_refuses_french_cards():
    game = spanish_game()
    assert game.is_legal("RO") and game.is_legal("ro")
    with pytest.raises(IllegalMoveError, match="not a move"):
        game.play("K♦")
    with pytest.raises(IllegalMoveError, match="not a card of the Spanish deck"):
        game.play(Move.king("K♦"))


def test_a_layout_of_the_wrong_deck_is_refused_saying_which_deck():
    with pytest.raises(LayoutError, match="48-card deck \\(Spanish\\)"):
        Deal.from_layout(
            Deal.from_letters(LETTERS).rows(), [], Deal.from_letters(LETTERS).stock, SPANISH_TABLE
        )
    spanish = Deal.from_letters(LETTERS, SPANISH_TABLE)
    with pytest.raises(LayoutError, match="52-card deck \\(French\\)"):
        Game(spanish)  # the standard rules' table


# ------------------------------------------------------------------ Face-down


def test_only_the_bottom_row_starts_face_up_and_hidden_cards_are_hidden_everywhere():
    game = game_of("F")
    shown = game.visible_position()
    hidden = set(range(21))
    assert shown.face_down == frozenset(hidden) == game.position().face_down
    assert all(shown.pyramid[i] is None for i in hidden) and all(
        shown.pyramid[i] for i in range(21, 28)
    )
    assert game.position().pyramid == game.deal.pyramid  # the engine knows every card
    assert not game.is_face_up(6, 1) and game.is_face_up(7, 1)
    state = snapshot(game)
    assert state["pyramid"][:21] == [{"face_down": True}] * 21
    sent = json.dumps(state, ensure_ascii=False)
    text = game.to_text()
    for index in hidden:
        card = str(game.deal.pyramid[index])
        assert f'"{card}"' not in sent and card not in text.split()


def test_a_card_turns_face_up_when_both_its_coverers_are_gone_and_undo_turns_it_down():
    game = game_of("F")
    shape = game.shape
    # Pair (or remove) the cards of the bottom row until some card of row 6 has both coverers gone.
    while not any(game.is_face_up(6, c) for c in range(1, 7)):
        removal = next(m for m in game.legal_moves() if m.cards)
        game.play(removal)
    up = next(c for c in range(1, 7) if game.is_face_up(6, c))
    index = shape.index(6, up)
    assert index not in game.visible_position().face_down
    assert game.visible_position().pyramid[index] is game.deal.pyramid[index]
    assert snapshot(game)["pyramid"][index]["card"] == str(game.deal.pyramid[index])
    game.undo()
    assert not game.is_face_up(6, up) and index in game.visible_position().face_down


def test_a_face_down_card_never_pairs_even_with_its_only_coverer():
    rules = Rules(table=FACE_DOWN_TABLE, pair_with_coverer=True)
    for letters in ("AAAAAAA", "AAAAAAB", "AAAAAAS", "QWERTYU"):
        game = Game.from_code(f"PY1-X-{letters}", rules=rules)
        for _ in range(30):
            moves = game.legal_moves()
            hidden = {game.position().pyramid[i] for i in game.visible_position().face_down}
            assert not any(card in hidden for move in moves for card in move.cards)
            if not moves:
                break
            game.play(moves[-1] if len(moves) > 1 else moves[0])


# ------------------------------------------------------------------ the stock-face-up knob


def test_the_face_up_stock_shows_the_stock_and_changes_no_rule():
    rules = Rules(stock_face_up=True)
    assert rules.letter == "X" and "the stock is face up" in rules.describe()
    game = Game.from_code(f"PY1-X-{LETTERS}", rules=rules)
    plain = game_of("N")
    assert game.legal_moves() == plain.legal_moves() and game.position() == plain.position()
    assert (
        snapshot(game)["stock_cards"] == [str(c) for c in game.stock]
        and snapshot(plain)["stock_cards"] is None
    )
    assert (
        " ".join(map(str, game.stock)) in game.to_text()
        and str(plain.stock[0]) not in plain.to_text().split()
    )


# ------------------------------------------------------------------ codes, records, statistics


@pytest.mark.parametrize("letter", sorted(NEW))
def test_a_game_saves_loads_and_replays_on_its_table(letter, tmp_path: Path):
    game = game_of(letter)
    for _ in range(12):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[0])
    game.undo()
    record = game.record()
    for name in ("game.json", "game.txt"):
        record.save(tmp_path / name)
        again = Game.replay(Record.open(tmp_path / name))
        assert again.rules == game.rules and again.table is NEW[letter]
        assert again.position() == game.position() and again.moves == game.moves


def test_custom_knobs_on_another_table_travel_in_records_by_the_tables_name():
    rules = Rules(recycles=1, table=SPANISH_TABLE)
    assert rules.letter == "X" and rules.to_dict()["table"] == "Spanish"
    game = Game.from_code(f"PY1-X-{LETTERS}", rules=rules)
    game.play("draw")
    record = game.record()
    assert json.loads(record.to_json())["rules"]["table"] == "Spanish"
    for source in (record.to_json(), record.to_text()):
        again = Game.replay(source)
        assert again.rules == rules and again.position() == game.position()
    layout = Game.from_layout(game.deal.rows(game.shape), [], game.deal.stock, rules=rules)
    layout.play("draw")
    assert Game.replay(layout.record().to_text()).position() == layout.position()


def test_records_without_a_table_are_the_standard_table():
    data = game_of("N").record().to_dict()
    assert "table" not in data["rules"] and "stock_face_up" not in data["rules"]
    assert Record.from_dict(data).rules.table is STANDARD_TABLE


def test_an_unknown_table_in_a_record_is_a_record_error():
    data = (
        Game.from_code(f"PY1-X-{LETTERS}", rules=Rules(table=SPANISH_TABLE, recycles=0))
        .record()
        .to_dict()
    )
    data["rules"]["table"] = "Klondike"
    with pytest.raises(
        RecordError, match="unknown table 'Klondike': expected one of Standard, Six Rows"
    ):
        Record.from_dict(data)


@pytest.mark.parametrize("letter", sorted(NEW))
def test_a_finished_game_of_each_table_counts_in_its_presets_statistics(letter, tmp_path: Path):
    store = StatsStore(tmp_path / "stats.sqlite3")
    game = play_greedily(game_of(letter), 300)
    entry = store.record_game(
        game, abandoned=not game.is_over
    )  # abandoned after play: played, not won
    assert entry is not None and entry.won == (game.status.value == "won")
    assert store.games(limit=1)[0].code == game.code
    totals = store.totals(letter)
    assert totals.played == 1 and store.totals("N").played == 0


# ------------------------------------------------------------------ the table description


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_table_description_has_every_place_and_the_decks_display(name):
    table = find_table(name)
    described = table.describe()
    assert described["target"] == table.deck.target and len(described["places"]) == table.shape.size
    assert [(p["row"], p["col"]) for p in described["places"]] == table.shape.places()
    assert len(described["deck"]["ranks"]) == table.deck.ranks
    assert json.loads(json.dumps(described)) == described


def test_the_french_description_carries_both_index_sets_and_the_red_suits():
    deck = STANDARD_TABLE.describe()["deck"]
    assert deck["ranks"]["13"] == {"en": "K", "fr": "R"} and deck["ranks"]["10"] == {
        "en": "10",
        "fr": "10",
    }
    assert [s for s, d in deck["suits"].items() if d["red"]] == ["♦", "♥"]
    spanish = SPANISH_TABLE.describe()["deck"]
    assert spanish["suits"]["O"] == {"name": "oros", "colour": "gold", "red": False}


def test_the_places_are_drawn_centred_for_a_pyramid_and_from_the_left_for_a_triangle():
    pyramid = {(p["row"], p["col"]): p["x"] for p in STANDARD_TABLE.describe()["places"]}
    triangle = {(p["row"], p["col"]): p["x"] for p in TRIANGLE_TABLE.describe()["places"]}
    assert (pyramid[(1, 1)], pyramid[(7, 1)], pyramid[(7, 7)]) == (3.0, 0.0, 6.0)
    assert (triangle[(1, 1)], triangle[(1, 7)], triangle[(7, 1)]) == (0.0, 6.0, 3.0)


# ------------------------------------------------------------------ bad input and the solver guard


def test_bad_tables_are_refused_at_the_call():
    with pytest.raises(TypeError, match=r"Rules.table must be a Table"):
        Rules(table="Spanish")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown table 'Nope'"):
        Rules.from_dict({"table": "Nope"})
    with pytest.raises(TypeError, match="table must be a Table"):
        Deal.from_letters(LETTERS, "Spanish")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"Rules.stock_face_up must be True or False"):
        Rules(stock_face_up=1)  # type: ignore[arg-type]


def test_a_score_curve_marks_the_win_of_its_games_table():
    from pyramide_widget.analysis.plot import score_curve

    def win_line(chart) -> int:
        (rule,) = [layer for layer in chart.spec["layer"] if layer["mark"]["type"] == "rule"]
        return rule["data"]["values"][0]["score"]

    assert win_line(score_curve(game_of("W"))) == 210
    assert win_line(score_curve(game_of("N"))) == 280
    assert win_line(score_curve([game_of("W"), game_of("B")])) == 280


def test_the_widget_takes_a_tap_on_every_place_of_the_triangle():
    from pyramide_widget.widget import PyramideWidget

    widget = PyramideWidget(game=game_of("V"))
    widget._on_message(widget, {"type": "tap", "pile": "pyramid", "row": 1, "col": 7}, [])
    assert (
        widget.game.message is not None and widget.game.message.key == "blocked"
    )  # covered, not malformed
    widget._on_message(widget, {"type": "tap", "pile": "pyramid", "row": 7, "col": 1}, [])
    assert widget.game.selected == Place("pyramid", 7, 1)


@pytest.mark.parametrize("language", ["en", "fr", "sk", "vi", "pl"])
def test_screen_readers_get_a_name_for_every_spanish_card(language):
    from pyramide_widget.widget.ui_text import table_for

    names = table_for(language)["cards"]
    assert (
        names["12O"] == "rey de oros"
        and names["7C"] == "7 de copas"
        and names["10E"] == "sota de espadas"
    )
    assert all(str(card) in names for card in SPANISH_DECK.cards() + FRENCH_DECK.cards())


def test_a_preset_without_a_translation_keeps_its_own_name(monkeypatch):
    from pyramide_widget.engine.languages import DEFINITIONS
    from pyramide_widget.widget import ui_text

    monkeypatch.delitem(DEFINITIONS["pl"]["presets"], "W")
    assert (
        ui_text.preset_name("W", "pl") == "Six Rows"
        and ui_text.preset_name("W", "fr") == "Six rangées"
    )
    assert ui_text.preset_name("X", "pl") == "Własne"


def test_a_table_definition_or_a_deck_that_is_wrong_is_refused_at_once():
    from pyramide_widget.engine.moves import parse_move
    from pyramide_widget.engine.table import Table

    with pytest.raises(TypeError, match=r"Table.shape must be a Shape"):
        Table("Mine", 6, FRENCH_DECK)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"Table.face_down must be a bool"):
        Table("Mine", PyramidShape(6), FRENCH_DECK, face_down=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="dealt_to_waste must be a whole number >= 0"):
        Table("Mine", PyramidShape(6), FRENCH_DECK, dealt_to_waste=-1)
    with pytest.raises(ValueError, match="needs more cards than the Spanish deck has"):
        Table("Mine", PyramidShape(10), SPANISH_DECK)
    with pytest.raises(TypeError, match="deck must be a Deck"):
        parse_card("K♦", "French")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="deck must be a Deck"):
        parse_move("draw", SPANISH_TABLE)  # type: ignore[arg-type]
    assert Table("Mine", PyramidShape(5), FRENCH_DECK).stock_size == 52 - 15
