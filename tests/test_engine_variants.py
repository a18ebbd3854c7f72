"""The rule knobs and presets of docs/rules.md §9."""

from __future__ import annotations

import pytest
from layouts import placed_game, r5_game, ranks_game, win_by_taps, winnable_game

from pyramide_widget import PRESETS, Game, IllegalMoveError, Move, Place, Rules, Status
from pyramide_widget.engine.errors import CodeError

# ---------------------------------------------------------------- strict win


def test_strict_win_needs_the_stock_and_waste_emptied_too():
    game = winnable_game(Rules(strict_win=True))
    win_by_taps(game)
    assert game.pyramid_left == 0 and game.status is Status.PLAYING
    relaxed = winnable_game()
    win_by_taps(relaxed)
    assert relaxed.status is Status.WON


# Kings in the pyramid; every other pyramid card is paired, bottom-up, with the next stock card.
STRICT_PYRAMID = [
    [13],
    [11, 12],
    [13, 9, 10],
    [5, 6, 7, 8],
    [13, 1, 2, 3, 4],
    [7, 8, 9, 10, 11, 12],
    [13, 1, 2, 3, 4, 5, 6],
]
STRICT_ORDER = [
    (r, c) for r in range(7, 0, -1) for c in range(1, r + 1) if STRICT_PYRAMID[r - 1][c - 1] != 13
]


def _strict_game(rules: Rules) -> Game:
    partners = [13 - STRICT_PYRAMID[r - 1][c - 1] for r, c in STRICT_ORDER]
    return ranks_game(STRICT_PYRAMID, partners[:1], partners[1:], rules)


def _play_strict_win(game: Game) -> None:
    for n, (row, col) in enumerate(STRICT_ORDER):
        for king_col in range(1, 8):  # kings as soon as they are free
            for r in range(7, 0, -1):
                if (
                    king_col <= r
                    and game.card_at(r, king_col)
                    and game.card_at(r, king_col).rank == 13
                    and game.is_free(r, king_col)
                ):
                    game.play(str(game.card_at(r, king_col)))
        if n:
            game.play("draw")
        game.play(f"{game.card_at(row, col)}+{game.waste[-1]}")
    game.play(str(game.card_at(1, 1)))


def test_strict_win_is_won_when_pyramid_stock_and_waste_are_all_gone():
    game = _strict_game(Rules(strict_win=True, recycles=0))
    _play_strict_win(game)
    assert game.stock == () and game.waste == () and game.pyramid_left == 0
    assert game.status is Status.WON and game.score == 280


# ---------------------------------------------------------------- limited recycles


@pytest.mark.parametrize("limit", [0, 1, 2])
def test_recycles_are_limited_to_k(limit):
    game = r5_game(Rules(recycles=limit))
    for _ in range(limit):
        while game.stock:
            game.play("draw")
        game.play("recycle")
    while game.stock:
        game.play("draw")
    assert Move.recycle() not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="used up"):
        game.play("recycle")
    game.tap("stock")
    assert game.message.key == "no_recycles"
    assert game.recycles_left == 0


def test_with_no_recycle_left_and_nothing_removable_there_are_no_moves():
    # R5 under a single pass: draw everything, remove nothing.
    game = r5_game(Rules(recycles=0))
    while game.stock:
        game.play("draw")
    # The R5 bottom row still has K♦ and 10♣+3♠ etc.: the game goes on while removals exist.
    assert game.status is Status.PLAYING
    assert Move.recycle() not in game.legal_moves()


def test_undo_of_a_recycle_gives_the_recycle_back():
    game = r5_game(Rules(recycles=1))
    while game.stock:
        game.play("draw")
    game.play("recycle")
    assert game.recycles_left == 0
    game.undo()
    assert game.recycles_left == 1 and Move.recycle() in game.legal_moves()


# ---------------------------------------------------------------- draw against waste


def _waste_pair_game(rules: Rules) -> Game:
    # Waste 6, the next stock card a 7.
    return ranks_game(
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
        rules,
    )


def test_draw_against_waste_a_fresh_draw_pairs_with_the_card_beneath():
    game = _waste_pair_game(Rules(draw_against_waste=True))
    game.play("draw")
    under, top = game.waste
    assert game.waste_fresh
    assert Move.pair(top, under) in game.legal_moves()
    game.tap("waste")
    game.tap("waste", 2)
    assert game.waste == () and game.score == 0 and game.moves == 2


def test_draw_against_waste_the_card_beneath_pairs_only_with_the_fresh_top():
    game = placed_game({(7, 1): "7♣"}, waste=("6♦",), rules=Rules(draw_against_waste=True))
    game.play("draw")
    assert not game.is_free("6♦")
    with pytest.raises(IllegalMoveError):
        game.play("7♣+6♦")


def test_draw_against_waste_freshness_is_lost_when_the_top_is_uncovered_by_a_removal():
    # Waste 6 then 7 (drawn, fresh) then a king drawn on them: remove the king, the 7 is the
    # top again but not fresh, so 7+6 is not legal; undo brings freshness back.
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
        [7, 13],
        Rules(draw_against_waste=True),
    )
    game.play("draw")
    game.play("draw")
    king = game.waste[-1]
    game.play(str(king))
    assert not game.waste_fresh
    under, top = game.waste
    assert Move.pair(top, under) not in game.legal_moves()
    game.undo()
    game.undo()
    assert game.waste_fresh and Move.pair(top, under) in game.legal_moves()


def test_without_draw_against_waste_a_fresh_draw_still_cannot_pair_beneath():
    game = _waste_pair_game(Rules())
    game.play("draw")
    under, top = game.waste
    assert Move.pair(top, under) not in game.legal_moves()


# ---------------------------------------------------------------- pair with the coverer


def _coverer_game(rules: Rules) -> Game:
    game = placed_game({(6, 1): "Q♣", (7, 1): "A♦", (7, 2): "K♠"}, rules=rules)
    game.play("K♠")
    return game


def test_pair_with_coverer_a_card_pairs_with_its_only_coverer():
    game = _coverer_game(Rules(pair_with_coverer=True))
    assert Move.pair("Q♣", "A♦") in game.legal_moves()
    game.tap("pyramid", 6, 1)
    assert game.selected == Place("pyramid", 6, 1)
    game.tap("pyramid", 7, 1)
    assert game.card_at(6, 1) is None and game.card_at(7, 1) is None and game.score == 30


def test_pair_with_coverer_not_while_two_coverers_remain():
    game = placed_game(
        {(6, 1): "Q♣", (7, 1): "A♦", (7, 2): "A♠"}, rules=Rules(pair_with_coverer=True)
    )
    assert Move.pair("Q♣", "A♦") not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="not free"):
        game.play("Q♣+A♦")
    game.tap("pyramid", 6, 1)
    assert game.message.key == "blocked" and game.selected is None


def test_pair_with_coverer_only_with_that_coverer():
    game = placed_game(
        {(6, 1): "Q♣", (7, 1): "A♦", (7, 2): "K♠"},
        waste=("A♥",),
        rules=Rules(pair_with_coverer=True),
    )
    game.play("K♠")
    with pytest.raises(IllegalMoveError, match="not free"):
        game.play("Q♣+A♥")
    game.tap("pyramid", 6, 1)
    game.tap("waste")
    assert game.message.key == "blocked" and game.card_at(6, 1) is not None
    assert game.selected == Place("waste", 1)


def test_pair_with_coverer_is_off_in_the_standard_rules():
    game = _coverer_game(Rules())
    assert Move.pair("Q♣", "A♦") not in game.legal_moves()


# ---------------------------------------------------------------- presets


def test_presets_have_their_own_code_letters_and_round_trip():
    assert set(PRESETS) == {
        "N",
        "S",
        "T",
        "P",
        "R",
        "E",
        "W",
        "V",
        "F",
        "B",
        "A",
        "Y",
        "C",
        "G",
        "U",
    }
    assert Rules.standard() == Rules() == Rules.preset("N")
    for letter, preset in PRESETS.items():
        assert preset.rules.letter == letter
        assert Rules.preset(letter.lower()) == preset.rules
        game = Game.new(rules=preset.rules)
        version = 2 if letter == "U" else 1  # Tut's Tomb lays its K♠ first (deal format PY2)
        assert game.code.startswith(f"PY{version}-{letter}-")
        assert Game.from_code(game.code).rules == preset.rules


def test_custom_rules_have_letter_x_and_need_the_rules_with_the_code():
    rules = Rules(recycles=3)
    assert rules.letter == "X" and rules.name == "Custom"
    game = Game.new(rules=rules)
    assert game.code.startswith("PY1-X-")
    with pytest.raises(CodeError, match="custom rules"):
        Game.from_code(game.code)
    again = Game.from_code(game.code, rules=rules)
    assert again.position() == game.position() and again.rules == rules


def test_a_code_and_disagreeing_rules_are_refused():
    with pytest.raises(CodeError, match="names the Standard rules"):
        Game.from_code("PY1-N-AAAAAAS", rules=Rules.preset("T"))


def test_unknown_preset_letters_are_refused_with_the_known_ones_listed():
    with pytest.raises(CodeError, match="N \\(Standard\\)"):
        Rules.preset("Q")


@pytest.mark.parametrize(
    "bad", [{"recycles": -1}, {"recycles": 1.5}, {"recycles": True}, {"strict_win": 1}]
)
def test_bad_rule_values_are_refused(bad):
    with pytest.raises((ValueError, TypeError)):
        Rules(**bad)


def test_rules_describe_and_dict_round_trip():
    for preset in PRESETS.values():
        assert Rules.from_dict(preset.rules.to_dict()) == preset.rules
        assert preset.rules.describe()
    with pytest.raises(ValueError, match="unknown rules keys"):
        Rules.from_dict({"strict": True})
    assert repr(Rules(recycles=2)) == "Rules(recycles=2)"
