"""The games with other piles (docs/rules.md §11, A1–A5) in the engine: deal, taps,
moves, undo, records and the snapshot."""

from __future__ import annotations

import pytest
from preset_sets import PILE_PRESETS

from pyramide_widget import Deal, Game, IllegalMoveError, Move, Place, Record, Rules
from pyramide_widget.engine.cards import Card, Suit
from pyramide_widget.engine.deal import SplitMix64
from pyramide_widget.engine.errors import LayoutError
from pyramide_widget.engine.moves import parse_move
from pyramide_widget.engine.piles import Pile, PileKind
from pyramide_widget.engine.table import (
    APOPHIS_TABLE,
    CELL_TABLE,
    GIZA_TABLE,
    RESERVE_SIX_TABLE,
    RESERVE_TABLE,
    STANDARD_TABLE,
    TUTS_TOMB_TABLE,
    Table,
)
from pyramide_widget.engine.view.snapshot import snapshot

LETTERS = "AAAAAAS"


def shuffled(table: Table, letters: str = LETTERS) -> list:
    """The deck of ``table`` shuffled as steps 1-4 of docs/design/deals.md say (re-implemented here)."""
    seed = 0
    for letter in letters:
        seed = seed * 26 + ord(letter) - ord("A")
    rng = SplitMix64(seed)
    deck = table.deck.cards()
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def first(game: Game, kind: str) -> Move:
    return next(move for move in game.legal_moves() if move.kind.value == kind)


def test_a1_apophis_deals_three_cards_one_onto_each_waste_pile_in_order() -> None:
    game = Game.from_code(f"PY1-A-{LETTERS}")
    deck = shuffled(APOPHIS_TABLE)
    assert list(game.piles) == ["waste-1", "waste-2", "waste-3"] and len(game.stock) == 24
    game.play("draw")
    assert [game.piles[f"waste-{n}"] for n in (1, 2, 3)] == [(deck[28],), (deck[29],), (deck[30],)]
    game.play("draw")
    assert game.piles["waste-3"] == (deck[30], deck[33]) and len(game.stock) == 18
    # A1: every waste pile's top is free, the cards beneath are not.
    for n, card in ((1, deck[31]), (2, deck[32]), (3, deck[33])):
        assert game.is_free(card) and game.place_of(card) == Place(f"waste-{n}", 1)
    assert not game.is_free(deck[28])


def test_a1_apophis_recycles_pile_1_first_and_undo_puts_the_piles_back() -> None:
    game = Game.from_code(f"PY1-A-{LETTERS}")
    while game.stock:
        game.play("draw")
    piles = dict(game.piles)
    game.play("recycle")
    assert game.stock == piles["waste-1"] + piles["waste-2"] + piles["waste-3"]
    assert all(not cards for cards in game.piles.values())
    game.undo()
    assert game.piles == piles and not game.stock
    game.play("recycle")
    game.play("draw")
    assert game.piles["waste-1"] == (piles["waste-1"][0],) and game.piles["waste-2"] == (
        piles["waste-1"][1],
    )


def test_a1_the_last_draw_of_a_short_stock_fills_the_piles_from_the_first() -> None:
    game = Game.from_code(f"PY1-A-{LETTERS}")
    for _ in range(7):
        game.play("draw")
    assert len(game.stock) == 3
    game.play("draw")
    game.undo()
    assert len(game.stock) == 3 and [len(game.piles[f"waste-{n}"]) for n in (1, 2, 3)] == [7, 7, 7]


def test_a2_reserve_deals_seven_face_up_cards_that_are_free() -> None:
    game = Game.from_code(f"PY1-Y-{LETTERS}")
    deck = shuffled(RESERVE_TABLE)
    reserve = [game.piles[f"reserve-{n}"] for n in range(1, 8)]
    assert reserve == [(card,) for card in deck[28:35]] and game.stock == tuple(deck[35:])
    assert all(game.is_free(card) for (card,) in reserve)
    assert snapshot(game)["piles"][1] == {
        "id": "reserve-1",
        "kind": "reserve",
        "number": 1,
        "count": 1,
        "cards": [str(deck[28])],
        "free": [0],
        "selectable": [0],
    }


def test_a2_a_reserve_card_pairs_with_another_reserve_card_and_the_pile_stays_empty() -> None:
    for letters in ("AAAAAAS", "AAAAAAB", "AAAAAAC", "AAAAAAD", "AAAAAAE", "AAAAAAF"):
        game = Game.from_code(f"PY1-Y-{letters}")
        places = {
            pile: game.place_of(cards[0])
            for pile, cards in game.piles.items()
            if pile.startswith("reserve")
        }
        pair = next(
            (
                m
                for m in game.legal_moves()
                if m.kind.value == "pair"
                and all(game.place_of(c).pile.startswith("reserve") for c in m.cards)
            ),
            None,
        )
        if pair is None:
            continue
        a, b = (game.place_of(card) for card in pair.cards)
        assert game.tap(a.pile) is None and game.tap(b.pile) == pair
        assert (
            not game.piles[a.pile] and not game.piles[b.pile] and game.score == 0
        )  # reserve cards score nothing
        assert (
            game.tap(a.pile) is None and game.message is None
        )  # an empty reserve place does nothing
        assert len(places) == 7
        return
    pytest.fail("no deal with a reserve pair")


def test_a2_the_six_card_knob() -> None:
    game = Game.from_code(f"PY1-X-{LETTERS}", rules=Rules(table=RESERVE_SIX_TABLE))
    assert [pile for pile in game.piles if pile.startswith("reserve")] == [
        f"reserve-{n}" for n in range(1, 7)
    ]
    assert len(game.stock) == 18 and RESERVE_SIX_TABLE.stock_size == 18
    record = Record.load(game.record().to_json())
    assert record.rules.table is RESERVE_SIX_TABLE
    with pytest.raises(ValueError, match="7 or 6"):
        from pyramide_widget.engine.table import reserve_table

        reserve_table(5)


def test_a3_a_free_card_moves_into_the_empty_cell_by_two_taps_and_plays_from_there() -> None:
    game = Game.from_code(f"PY1-C-{LETTERS}")
    free = game.free_cards()[0]
    place = game.place_of(free)
    game.tap(place.pile, place.row, place.col)
    move = game.tap("cell")
    assert move == parse_move(f"{free}>cell") and str(move) == f"{free}>cell"
    assert (
        game.piles["cell"] == (free,)
        and game.is_free(free)
        and game.place_of(free) == Place("cell", 1)
    )
    assert not any(m.kind.value == "cell" for m in game.legal_moves())  # one card at a time
    with pytest.raises(IllegalMoveError, match="already holds"):
        game.play(f"{game.free_cards()[0]}>cell")
    game.undo()
    assert game.piles["cell"] == () and game.place_of(free) == place


def test_a3_a_card_that_is_not_free_cannot_go_to_the_cell() -> None:
    game = Game.from_code(f"PY1-C-{LETTERS}")
    covered = game.pyramid[0][0]
    with pytest.raises(IllegalMoveError, match="not free"):
        game.play(f"{covered}>cell")
    assert game.tap("cell") is None and game.piles["cell"] == ()  # nothing selected: nothing moves
    standard = Game.from_code(f"PY1-N-{LETTERS}")
    with pytest.raises(IllegalMoveError, match="no cell"):
        standard.play(f"{standard.free_cards()[0]}>cell")


def test_a3_the_game_is_not_won_while_the_cell_holds_a_card() -> None:
    from pyramide_widget.solver import solve

    for letters in ("AAAAAAS", "AAAAAAC", "AAAAAAD", "AAAAAAE", "AAAAAAF"):
        game = Game.from_code(f"PY1-C-{letters}")
        result = solve(game)
        if not result.winnable:
            continue
        for move in result.solution:  # along a winning line, until one pyramid card is left
            game.play(move)
            if game.pyramid_left == 1:
                break
        last = next(c for row in game.pyramid for c in row if c is not None)
        if game.piles["cell"] or not game.is_free(last):
            continue
        game.play(f"{last}>cell")
        assert game.pyramid_left == 0 and str(game.status) == "playing"  # parked, not removed
        return
    pytest.fail("no deal among five ends with a free last pyramid card and an empty cell")


def test_a4_giza_deals_eight_columns_of_three_and_no_stock() -> None:
    game = Game.from_code(f"PY1-G-{LETTERS}")
    deck = shuffled(GIZA_TABLE)
    assert [game.piles[f"column-{n}"] for n in range(1, 9)] == [
        tuple(deck[28 + 3 * n : 31 + 3 * n]) for n in range(8)
    ]
    assert game.stock == () and game.waste == () and GIZA_TABLE.stock_size == 0
    assert game.is_free(deck[30]) and not game.is_free(deck[29])  # only the exposed card
    assert game.tap("stock") is None and game.message is None
    assert game.rules.strict_win and "draw" not in map(str, game.legal_moves())
    with pytest.raises(ValueError, match="column-8"):
        game.tap("column-9")
    with pytest.raises(ValueError, match="'column-1'"):
        game.tap("waste")
    view = snapshot(game)
    assert view["table"]["piles"]["stock"] is None and view["stock"] == {
        "count": 0,
        "action": "none",
    }
    assert [pile["cards"] for pile in view["piles"]] == [
        [str(c) for c in deck[28 + 3 * n : 31 + 3 * n]] for n in range(8)
    ]
    assert all(pile["free"] == [2] for pile in view["piles"])


def test_a4_a_giza_record_with_an_explicit_deal_replays() -> None:
    game = Game.from_code(f"PY1-G-{LETTERS}")
    deal = Deal.from_layout(
        game.deal.pyramid, table=GIZA_TABLE, piles=[" ".join(map(str, p)) for p in game.deal.piles]
    )
    assert deal == game.deal
    played = Game(deal, "G")
    for move in game.legal_moves()[:1]:
        played.play(move)
    for form in (played.record().to_json(), played.record().to_text()):
        again = Game.replay(form)
        assert again.position() == played.position()


def test_a4_a_layout_must_fill_the_tables_piles() -> None:
    game = Game.from_code(f"PY1-G-{LETTERS}")
    with pytest.raises(LayoutError, match="8 pile"):
        Deal.from_layout(game.deal.pyramid, stock=sum(game.deal.piles, ()), table=GIZA_TABLE)


def test_a5_any_free_cards_summing_to_13_go_together_in_tuts_tomb() -> None:
    for n in range(40):
        letters = "AAAAA" + chr(65 + n // 26) + chr(65 + n % 26)
        game = Game.from_code(f"PY1-U-{letters}")
        group = next((m for m in game.legal_moves() if m.kind.value == "group"), None)
        if group is None:
            continue
        assert sum(card.rank for card in group.cards) == 13 and len(group.cards) >= 3
        text = "+".join(map(str, group.cards))
        assert game.is_legal(text) and parse_move(text, groups=True) == group
        places = [game.place_of(card) for card in group.cards]
        for place in places[:-1]:
            assert game.tap(place.pile, place.row, place.col) is None
        assert game.selection == places[:-1]
        last = places[-1]
        assert game.tap(last.pile, last.row, last.col) == group
        assert all(game.place_of(card) is None for card in group.cards) and game.selection == []
        game.undo()
        assert [game.place_of(card) for card in group.cards] == places
        return
    pytest.fail("no Tut's Tomb deal with a group among 40")


def test_a5_a_tap_past_13_says_so_and_keeps_the_last_card_alone() -> None:
    game = Game.from_code(f"PY1-U-{LETTERS}")
    free = [card for card in game.free_cards() if card.rank != 13]
    a, b = next((x, y) for x in free for y in free if x is not y and x.rank + y.rank > 13)
    for card in (a, b):
        place = game.place_of(card)
        game.tap(place.pile, place.row, place.col)
    assert game.message.key == "sum" and game.selection == [game.place_of(b)]
    place = game.place_of(b)
    game.tap(place.pile, place.row, place.col)
    assert game.selection == [] and game.selected is None


def test_a5_tuts_tomb_lays_the_king_of_spades_first_at_the_top_of_the_pyramid() -> None:
    """A Polish rules page: "the king of spades is laid first and represents King Tut at the top
    of the pyramid". A new Tut's Tomb deal (format PY2) puts the K♠ at the apex and shuffles the other
    51 cards as deal.py's steps 1-5 do, into the other places and the stock."""
    for game in (Game.new("U"), Game.from_code(f"PY2-U-{LETTERS}")):
        assert game.code.startswith("PY2-U-") and game.deal.pyramid[0] == Card(13, Suit.SPADES)
    deck = [card for card in TUTS_TOMB_TABLE.deck.cards() if card != Card(13, Suit.SPADES)]
    seed = 18  # AAAAAAS
    rng = SplitMix64(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    game = Game.from_code(f"PY2-U-{LETTERS}")
    assert list(game.deal.pyramid[1:]) + list(game.deal.stock) == deck
    assert Deal.from_letters(LETTERS, TUTS_TOMB_TABLE) == game.deal


def test_r4_a_tuts_tomb_code_shared_before_king_tut_still_deals_the_same_cards() -> None:
    """Codes of format PY1 keep dealing what they dealt (R4): the K♠ shuffled with the rest."""
    game = Game.from_code(f"PY1-U-{LETTERS}")
    assert game.code == f"PY1-U-{LETTERS}" and game.rules == Rules.preset("U")
    assert list(game.deal.pyramid) + list(game.deal.stock) == shuffled(TUTS_TOMB_TABLE)
    assert Game.replay(Record.from_text(game.record().to_text())).deal == game.deal
    assert Deal.from_letters(LETTERS, TUTS_TOMB_TABLE, version=1) == game.deal


def test_a5_tuts_tomb_deals_three_at_a_time_onto_one_waste() -> None:
    game = Game.from_code(f"PY1-U-{LETTERS}")
    stock = game.stock
    game.tap("stock")
    assert game.waste == stock[:3] and game.free_cards()[-1] == stock[2]
    assert not game.is_free(stock[1])  # A5: only the waste top is available


def test_groups_are_read_only_on_a_table_with_groups() -> None:
    game = Game.from_code(f"PY1-N-{LETTERS}")
    with pytest.raises(IllegalMoveError, match="Tut's Tomb"):
        game.play("A♠+2♠+K♣")
    with pytest.raises(IllegalMoveError):
        parse_move("A♠+Q♠+2♣")


def test_bad_pile_definitions_are_refused_saying_what_is_expected() -> None:
    with pytest.raises(ValueError, match=r"Pile.kind"):
        Pile("foundation")
    with pytest.raises(ValueError, match="dealt"):
        Pile("cell", 1)
    with pytest.raises(ValueError, match="dealt"):
        Pile("column")
    with pytest.raises(TypeError, match="tuple of Pile"):
        Table("Odd", STANDARD_TABLE.shape, STANDARD_TABLE.deck, piles=["waste"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no waste pile"):
        Table("Odd", STANDARD_TABLE.shape, STANDARD_TABLE.deck, piles=(Pile("cell"),))
    with pytest.raises(ValueError, match=r"Table.draw"):
        Table("Odd", STANDARD_TABLE.shape, STANDARD_TABLE.deck, draw=0)


def test_a_pile_kind_is_a_pile_kind_member_and_tables_write_it_as_plain_text() -> None:
    assert Pile("column", 3) == Pile(PileKind.COLUMN, 3)
    assert Pile("column", 3).kind is PileKind.COLUMN
    kinds = [pile["kind"] for pile in CELL_TABLE.describe()["piles"]]
    assert kinds == ["waste", "cell"] and all(type(kind) is str for kind in kinds)


@pytest.mark.parametrize("letter", PILE_PRESETS)
def test_each_pile_game_is_a_preset_named_after_its_table(letter: str) -> None:
    from pyramide_widget.engine.rules import PRESETS

    preset = PRESETS[letter]
    assert preset.rules.table.name in preset.name and Rules.preset(letter) is preset.rules
    game = Game.from_code(f"PY1-{letter}-{LETTERS}")
    assert game.code == f"PY1-{letter}-{LETTERS}"
    for _ in range(12):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[len(moves) // 2])
    again = Game.replay(game.record().to_text())
    assert again.position() == game.position() and again.score == game.score
    assert snapshot(game)["piles"] == snapshot(again)["piles"]


@pytest.mark.parametrize("letter", PILE_PRESETS)
def test_a_finished_pile_game_counts_in_its_presets_statistics(letter: str, tmp_path) -> None:
    from pyramide_widget.analysis.statistics import StatsStore
    from pyramide_widget.solver import solve

    store = StatsStore(tmp_path / "stats.sqlite3")
    game = Game.from_code(f"PY1-{letter}-{LETTERS}")
    for move in solve(game).solution:  # these deals are won (tests/test_solver_piles.py)
        game.play(move)
    entry = store.record_game(game)
    assert entry is not None and entry.won and str(game.status) == "won"
    assert (
        store.totals(letter).played == 1
        and store.totals(letter).won == 1
        and store.totals("N").played == 0
    )
