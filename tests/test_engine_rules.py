"""One or more tests per rule of docs/rules.md, named after the rule id, with every example of the rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from layouts import (
    R5_PYRAMID,
    dead_end_game,
    placed_game,
    play_dead_end,
    r5_game,
    ranks_game,
    win_by_taps,
    winnable_game,
)

from pyramide_widget import (
    Card,
    Game,
    IllegalMoveError,
    LayoutError,
    Move,
    Place,
    Rules,
    Status,
)
from pyramide_widget.analysis.estimation import deal_letters
from pyramide_widget.engine.cards import standard_deck
from pyramide_widget.engine.i18n import LANGUAGES, MESSAGES
from pyramide_widget.engine.rules import PRESETS
from pyramide_widget.solver import solve

# ---------------------------------------------------------------- §1 the deal


def test_r1_one_deck_of_52_with_ranks_ace_1_to_king_13():
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 52
    assert sorted({c.rank for c in deck}) == list(range(1, 14))
    assert Card.of(1, "♠").to_text() == "A♠" and Card.of(11, "♦").to_text() == "J♦"
    assert Card.of(12, "♣").to_text() == "Q♣" and Card.of(13, "♥").to_text() == "K♥"


def test_r1_a_layout_that_is_not_one_deck_is_refused():
    game = r5_game()
    stock = [str(c) for c in game.stock]
    with pytest.raises(LayoutError, match="duplicated: 7♦"):
        Game.from_layout(R5_PYRAMID, waste=["7♦"], stock=[*stock[:-1], "7♦"])
    with pytest.raises(LayoutError, match="missing"):
        Game.from_layout(R5_PYRAMID, waste=["7♦"], stock=stock[:-1])


def test_r2_seven_rows_each_card_covered_by_the_two_below():
    game = r5_game()
    assert [len(row) for row in game.pyramid] == [1, 2, 3, 4, 5, 6, 7]
    shape = game.shape
    for row in range(1, 7):
        for col in range(1, row + 1):
            below = {shape.position(i) for i in shape.covers[shape.index(row, col)]}
            assert below == {(row + 1, col), (row + 1, col + 1)}
    assert all(shape.covers[shape.index(7, c)] == () for c in range(1, 8))


def test_r3_a_dealt_game_has_28_pyramid_cards_one_waste_card_and_23_in_the_stock():
    game = Game.from_code("PY1-N-QWERTYU")
    assert sum(card is not None for row in game.pyramid for card in row) == 28
    assert len(game.waste) == 1
    assert len(game.stock) == 23


def test_r4_a_code_deals_the_same_cards_again_and_is_shown():
    a = Game.from_code("PY1-N-AAAAAAS")
    b = Game.from_code("py1-n-aaaaaas")
    assert a.code == b.code == "PY1-N-AAAAAAS"
    assert a.position() == b.position()


def test_r4_the_generator_never_changes():
    """Golden deal: if this fails, codes no longer deal what they dealt (format PY1)."""
    game = Game.from_code("PY1-N-AAAAAAS")
    assert [" ".join(map(str, row)) for row in game.pyramid] == [
        "A♦",
        "3♣ 7♦",
        "6♣ 5♣ 8♦",
        "2♥ 4♣ 8♣ 2♦",
        "K♦ Q♦ 6♠ 8♥ 8♠",
        "9♥ 3♥ 4♦ 10♠ Q♣ K♥",
        "5♦ K♣ 2♠ J♥ 3♦ 10♥ A♠",
    ]
    assert [str(c) for c in game.waste] == ["10♣"]
    assert " ".join(map(str, game.stock)) == (
        "3♠ 4♠ 9♦ Q♥ 9♣ 7♠ 10♦ 9♠ 2♣ 6♥ 5♥ A♥ 5♠ J♦ A♣ 7♥ J♠ 4♥ K♠ 6♦ J♣ 7♣ Q♠"
    )


def test_r4_the_rules_letter_fixes_the_rules_and_the_letters_fix_the_cards():
    standard = Game.from_code("PY1-N-BCDEFGH")
    traditional = Game.from_code("PY1-T-BCDEFGH")
    assert traditional.rules == Rules.preset("T") != standard.rules
    assert traditional.position() == standard.position()
    assert traditional.code == "PY1-T-BCDEFGH"


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "PY1-N-AAAAAA",
        "PY1-N-AAAAAAAA",
        "PY2-N-AAAAAAS",
        "PY1-Q-AAAAAAS",
        "PY1N-AAAAAAS",
        "PY1-N-AAAA1AS",
        "PY1-N-AAAAAÀS",
        "hello",
    ],
)
def test_r4_anything_else_is_rejected_with_an_error_that_says_what_a_code_looks_like(bad):
    with pytest.raises(ValueError, match="PY1-N-AAAAAAS"):
        Game.from_code(bad)


def test_r4_a_bad_code_changes_nothing_about_the_current_game():
    from pyramide_widget.engine.deal import DealCode

    game = Game.from_code("PY1-N-AAAAAAS")
    game.play("draw")
    before = (game.position(), game.moves, game.code)
    with pytest.raises(ValueError):
        DealCode.parse("PY1-N-???????")
    assert (game.position(), game.moves, game.code) == before


def test_r5_the_seed_layout_is_playable_from_an_explicit_layout():
    game = r5_game()
    assert [[str(c) for c in row] for row in game.pyramid] == R5_PYRAMID
    assert [str(c) for c in game.waste] == ["7♦"]
    assert len(game.stock) == 23
    assert game.code is None


# ---------------------------------------------------------------- §2 free cards


def test_r6_at_the_start_only_the_seven_bottom_cards_are_free():
    game = r5_game()
    pyramid_free = [p for p in game.free_places() if p.pile == "pyramid"]
    assert pyramid_free == [Place("pyramid", 7, c) for c in range(1, 8)]


def test_r6_a_card_is_free_only_when_both_cards_covering_it_are_gone():
    game = r5_game()
    game.play("K♦")  # (7,6) gone: J♠ (6,6) still covered by 7♠
    assert not game.is_free("J♠") and not game.is_free(6, 5)
    game.play("10♣+3♠")  # (7,5) gone too: 10♠ (6,5) now free (R11)
    assert game.is_free("10♠") and game.is_free(6, 5)


def test_r7_the_waste_top_is_free_and_no_other_waste_or_stock_card_is():
    game = r5_game()
    assert game.is_free("7♦")
    assert game.free_cards()[-1] == Card.of(7, "♦")
    game.play("draw")  # A♣ on 7♦
    assert game.is_free("A♣") and not game.is_free("7♦")
    stock_card = game.stock[0]
    assert not game.is_free(stock_card)
    with pytest.raises(IllegalMoveError, match="in the stock"):
        game.play(f"{stock_card}+Q♣")


def test_r8_tapping_a_covered_card_does_nothing_and_explains_when_asked():
    game = r5_game()
    before = game.position()
    assert game.tap("pyramid", 6, 1) is None  # Q♣ in row 6, the rules' example
    assert game.message.key == "blocked"
    assert game.message.text == "This card is blocked by another card"
    assert game.position() == before and game.selected is None and game.moves == 0


def test_r8_no_message_when_explain_mistakes_is_off():
    game = r5_game(explain_mistakes=False)
    game.tap("pyramid", 6, 1)
    assert game.message is None and game.selected is None


def test_r8_a_blocked_tap_keeps_an_existing_selection():
    game = r5_game()
    game.tap("pyramid", 7, 1)
    game.tap("pyramid", 6, 1)
    assert game.selected == Place("pyramid", 7, 1)


# ---------------------------------------------------------------- §3 removing cards


def test_r9_two_free_cards_summing_to_13_are_removed_together():
    game = r5_game()
    game.tap("pyramid", 7, 2)  # 10♣
    assert game.selected == Place("pyramid", 7, 2)
    played = game.tap("pyramid", 7, 5)  # 3♠
    assert played == Move.pair("10♣", "3♠")
    assert game.card_at(7, 2) is None and game.card_at(7, 5) is None
    assert game.selected is None


@pytest.mark.parametrize(
    "low,high", [("A", "Q"), ("2", "J"), ("3", "10"), ("4", "9"), ("5", "8"), ("6", "7")]
)
@pytest.mark.parametrize("suits", ["♣♣", "♣♦", "♥♠"])
def test_r9_every_pair_that_sums_to_13_is_removable_and_suits_never_matter(low, high, suits):
    a, b = low + suits[0], high + suits[1]
    game = placed_game({(7, 1): a, (7, 7): b})
    assert Move.pair(a, b) in game.legal_moves()
    game.play(f"{a}+{b}")
    assert game.card_at(7, 1) is None and game.card_at(7, 7) is None and game.score == 20


def test_r9_ranks_that_do_not_sum_to_13_cannot_be_removed():
    game = r5_game()
    with pytest.raises(IllegalMoveError, match="sum to 14, not 13"):
        game.play("7♣+7♠")
    assert game.moves == 0


def test_r10_a_wrong_sum_shows_the_message_and_keeps_the_second_card_selected():
    game = r5_game()
    game.tap("pyramid", 7, 1)  # 7♣
    game.tap("pyramid", 7, 7)  # 7♠
    assert game.message.key == "sum" and game.message.text == "The sum must be 13"
    assert game.selected == Place("pyramid", 7, 7)
    assert game.card_at(7, 1) == Card.of(7, "♣") and game.card_at(7, 7) == Card.of(7, "♠")
    assert game.moves == 0


def test_r11_a_king_goes_alone_in_one_tap_and_the_seed_opening_frees_the_ten_of_spades():
    game = r5_game()
    assert game.tap("pyramid", 7, 6) == Move.king("K♦")  # first move: K♦
    assert game.card_at(7, 6) is None and game.score == 10 and game.moves == 1
    game.tap("pyramid", 7, 2)
    game.tap("pyramid", 7, 5)  # second move: 10♣ + 3♠
    assert game.score == 30 and game.moves == 2
    assert game.is_free("10♠")
    assert [str(m) for m in game.history] == ["K♦", "10♣+3♠"]


def test_r11_a_king_on_the_waste_goes_in_one_tap():
    game = ranks_game(
        [
            [1],
            [1, 1],
            [1, 2, 2],
            [2, 2, 3, 3],
            [3, 3, 4, 4, 4],
            [4, 5, 5, 5, 5, 6],
            [6, 6, 6, 7, 7, 7, 7],
        ],
        [13],
        None,
    )
    assert game.tap("waste") == Move.king(game.deal.waste[0])
    assert game.waste == () and game.score == 0 and game.moves == 1


def _coverer_layout(rules: Rules | None = None) -> Game:
    # Q at (6,1) is covered by A at (7,1) and a king at (7,2); once the king is gone the A is
    # the only card covering the Q.
    rows = [
        [2],
        [2, 2],
        [2, 3, 3],
        [3, 3, 4, 4],
        [4, 4, 5, 5, 5],
        [12, 5, 6, 6, 6, 6],
        [1, 13, 7, 7, 7, 7, 8],
    ]
    game = ranks_game(rows, [8], None, rules)
    game.play(str(game.card_at(7, 2)))
    return game


def test_r12_a_card_can_never_be_paired_with_a_card_that_still_covers_it():
    game = _coverer_layout()
    queen, ace = game.card_at(6, 1), game.card_at(7, 1)
    with pytest.raises(IllegalMoveError, match="not free"):
        game.play(f"{queen}+{ace}")
    assert Move.pair(queen, ace) not in game.legal_moves()
    game.tap("pyramid", 7, 1)
    game.tap("pyramid", 6, 1)
    assert game.message.key == "blocked" and game.card_at(6, 1) is queen


def test_r13_tapping_the_selected_card_again_deselects_it():
    game = r5_game()
    game.tap("pyramid", 7, 3)
    assert game.selected == Place("pyramid", 7, 3)
    game.tap("pyramid", 7, 3)
    assert game.selected is None and game.moves == 0


def test_r13_a_selected_waste_top_covered_by_a_draw_is_deselected():
    game = r5_game()
    game.tap("waste")
    assert game.selected == Place("waste", 1)
    game.tap("stock")
    assert game.selected is None


def test_r13_a_draw_clears_a_selection_it_makes_stale():
    """docs/rules.md §10: a draw changes what a selected card could pair with, so the selection
    goes, the second card of a wrong pair (R10) included; undoing the draw brings none back."""
    game = r5_game()
    game.tap("pyramid", 7, 4)
    game.tap("stock")
    assert game.selected is None and game.selection == []
    game.tap("pyramid", 7, 1)
    game.tap("pyramid", 7, 3)  # 7♣ + 3♥: a wrong pair, 3♥ stays selected (R10)
    assert game.message.key == "sum" and game.selected == Place("pyramid", 7, 3)
    game.tap("stock")
    assert game.selected is None
    game.undo()
    assert game.selected is None


def test_r13_a_recycle_clears_the_selection_too():
    game = r5_game()
    while game.stock:
        game.tap("stock")
    game.tap("pyramid", 7, 4)
    assert game.tap("stock") == Move.recycle()
    assert game.selected is None


def test_r13_a_king_removed_while_another_card_is_selected_keeps_that_selection():
    game = r5_game()
    game.tap("pyramid", 7, 4)
    game.tap("pyramid", 7, 6)  # K♦ goes alone (R11)
    assert game.card_at(7, 6) is None and game.selected == Place("pyramid", 7, 4)


# ---------------------------------------------------------------- §4 stock and waste


def test_r14_tapping_the_stock_at_any_time_turns_its_top_card_onto_the_waste():
    game = r5_game()
    top = game.stock[0]
    game.tap("pyramid", 7, 1)  # with a selection too
    assert game.tap("stock") == Move.draw()
    assert game.waste[-1] is top and len(game.stock) == 22 and game.moves == 1


def test_r15_the_empty_stock_takes_the_waste_back_in_the_same_order_without_limit():
    game = r5_game()
    first_pass = []
    while game.stock:
        game.tap("stock")
        first_pass.append(game.waste[-1])
    for _ in range(3):  # unlimited passes in rule set N
        assert game.tap("stock") == Move.recycle()
        assert game.waste == () and game.stock == (Card.of(7, "♦"), *first_pass)
        second_pass = []
        while game.stock:
            game.tap("stock")
            second_pass.append(game.waste[-1])
        assert second_pass == [Card.of(7, "♦"), *first_pass]
    assert game.recycles_used == 3


def test_r15_tapping_an_empty_stock_with_an_empty_waste_does_nothing():
    game = dead_end_game()
    play_dead_end(game)
    assert game.stock == () and game.waste == ()
    moves = game.moves
    assert game.tap("stock") is None
    assert game.moves == moves


def test_r16_a_drawn_card_cannot_pair_with_the_waste_card_it_covers():
    # Waste 6, stock top 7: the drawn 7 lies on the 6 and only the 7 counts.
    game = ranks_game(
        [
            [1],
            [1, 1],
            [1, 2, 2],
            [2, 2, 3, 3],
            [3, 3, 4, 4, 4],
            [4, 5, 5, 5, 5, 8],
            [8, 8, 8, 9, 9, 9, 9],
        ],
        [6],
        [7],
    )
    game.play("draw")
    under, top = game.waste
    with pytest.raises(IllegalMoveError, match="lies under the waste top"):
        game.play(f"{top}+{under}")
    game.tap("waste")
    game.tap("waste", 2)
    assert game.message.key == "blocked" and game.selected == Place("waste", 1)


# ---------------------------------------------------------------- §5 end of game


def test_r17_the_game_is_won_as_soon_as_the_pyramid_is_cleared_with_cards_left():
    game = winnable_game()
    win_by_taps(game)
    assert game.status is Status.WON and game.status == "won"
    assert len(game.stock) + len(game.waste) == 24
    assert game.message.key == "won"
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        game.play("draw")


def test_r18_no_more_moves_only_when_stock_and_waste_are_empty_and_nothing_plays():
    game = dead_end_game()
    play_dead_end(game)
    assert game.status is Status.NO_MOVES
    assert game.message.key == "no_moves" and game.message.text == "No more moves possible"
    assert [str(c) for c in game.free_cards()] == ["A♣", "2♣", "3♣"]


def test_r18_while_the_waste_can_be_recycled_the_game_goes_on_even_if_nothing_is_removable():
    game = dead_end_game()
    play_dead_end(game)
    game.undo()  # the last king back on the waste... and the draw before it
    game.undo()
    assert game.status is Status.PLAYING
    game = r5_game()
    while game.stock:
        game.play("draw")
    assert game.status is Status.PLAYING and Move.recycle() in game.legal_moves()


# ---------------------------------------------------------------- §6 score, moves, time


def test_r19_score_a_pyramid_pair_20_a_pair_with_the_waste_10_a_pyramid_king_10():
    game = r5_game()
    game.play("K♦")
    assert game.score == 10
    game.play("10♣+3♠")
    assert game.score == 30
    game.play("draw")  # A♣: draws cost nothing
    assert game.score == 30
    game.play("draw")  # 3♣ on the waste; pairs with the free 10♠
    game.play("10♠+3♣")
    assert game.score == 40


def test_r19_a_card_removed_from_the_waste_scores_nothing():
    game = ranks_game(
        [
            [1],
            [1, 1],
            [1, 2, 2],
            [2, 2, 3, 3],
            [3, 3, 4, 4, 4],
            [4, 5, 5, 5, 5, 6],
            [6, 6, 6, 7, 7, 7, 7],
        ],
        [13],
        None,
    )
    game.play(str(game.waste[-1]))
    assert game.score == 0


def test_r19_a_won_standard_game_is_280():
    game = winnable_game()
    win_by_taps(game)
    assert game.score == 280


def test_r19_a_won_game_scores_ten_per_pyramid_place_and_the_documents_say_so():
    """A Six Rows win is 210, not 280: docs/rules.md and the engine guide give each table's score."""
    scores = set()
    for preset in PRESETS.values():
        if preset.rules.recycles is not None:  # one preset per table: those winning most
            continue
        game = next(
            g
            for g in (Game.from_code(f"PY1-{preset.letter}-{t}") for t in deal_letters(5, 40))
            if solve(g, max_nodes=200_000).winnable
        )
        for move in solve(game).solution:
            game.play(move)
        assert game.status is Status.WON
        assert game.score == 10 * game.table.shape.size
        scores.add(game.score)
    assert scores == {280, 210}
    root = Path(__file__).resolve().parents[1]
    for text in (
        (root / "docs" / "rules.md").read_text(encoding="utf-8"),
        (root / "docs" / "guides" / "engine.md").read_text(encoding="utf-8"),
    ):
        assert "280 under every preset" not in text and "always 280" not in text
        assert "210" in text


def test_r20_the_move_counter_counts_removals_draws_and_recycles():
    game = r5_game()
    game.play("K♦")
    game.play("draw")
    while game.stock:
        game.play("draw")
    game.play("recycle")
    assert game.moves == 1 + 23 + 1
    game.tap("pyramid", 7, 1)  # a selection is not a move
    game.tap("pyramid", 6, 1)  # nor a blocked tap
    assert game.moves == 25


# ---------------------------------------------------------------- §7 undo


def test_r21_undo_puts_cards_back_subtracts_points_and_keeps_the_move_counter():
    game = r5_game()
    start = game.position()
    game.play("K♦")
    game.play("10♣+3♠")
    assert game.undo() == Move.pair("10♣", "3♠")
    assert game.card_at(7, 2) == Card.of(10, "♣") and game.card_at(7, 5) == Card.of(3, "♠")
    assert game.score == 10 and game.moves == 2
    assert game.undo() == Move.king("K♦")
    assert game.position() == start and game.score == 0 and game.moves == 2
    assert game.history == ()


def test_r21_undo_reverses_draws_and_recycles():
    game = r5_game()
    while game.stock:
        game.play("draw")
    full_waste = game.position()
    game.play("recycle")
    game.play("draw")
    game.undo()
    game.undo()
    assert game.position() == full_waste and game.recycles_used == 0


def test_r21_101_undos_only_undo_100():
    game = r5_game()
    for _ in range(23):
        game.play("draw")
    game.play("recycle")
    while game.moves < 101:
        game.play("draw" if game.stock else "recycle")
    assert game.moves == 101
    undone = [game.undo() for _ in range(101)]
    assert all(m is not None for m in undone[:100]) and undone[100] is None
    assert game.message.key == "no_undo"
    assert len(game.history) == 1 and game.history[0] == Move.draw()
    assert game.moves == 101


# ---------------------------------------------------------------- §8 messages


@pytest.mark.parametrize("language", LANGUAGES)
def test_section8_messages_in_every_language(language):
    game = r5_game(language=language)
    game.tap("pyramid", 6, 1)
    assert game.message.text == MESSAGES["blocked"][language]
    game.tap("pyramid", 7, 1)
    game.tap("pyramid", 7, 7)
    assert game.message.text == MESSAGES["sum"][language].format(target=13)


def test_section8_the_seed_texts_are_the_messages():
    assert MESSAGES["blocked"]["sk"] == "Túto kartu blokuje iná karta"
    assert MESSAGES["sum"]["vi"] == "Tổng phải bằng {target}"
    assert MESSAGES["no_moves"]["sk"] == "Už nie je možný žiadny ťah"
    assert MESSAGES["no_moves"]["vi"] == "Không còn nước đi nào"


def test_section8_changing_the_language_translates_the_current_message():
    game = r5_game()
    game.tap("pyramid", 6, 1)
    game.language = "fr"
    assert game.message.text == "Cette carte est bloquée par une autre carte"
