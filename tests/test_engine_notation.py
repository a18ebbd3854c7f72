"""Cards, moves and deal codes: parsing, printing, errors, and the portable generator (R4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyramide_widget import (
    PRESETS,
    Card,
    CardError,
    DealCode,
    Game,
    IllegalMoveError,
    Move,
    MoveKind,
    parse_card,
    parse_move,
)
from pyramide_widget.engine.cards import standard_deck
from pyramide_widget.engine.deal import Deal, SplitMix64

# ---------------------------------------------------------------- cards


@pytest.mark.parametrize(
    "text,expected",
    [
        ("K♦", (13, "♦")),
        ("10♣", (10, "♣")),
        ("Kd", (13, "♦")),
        ("TD", (10, "♦")),
        ("R♦", (13, "♦")),
        ("D♣", (12, "♣")),
        ("V♥", (11, "♥")),
        ("DD", (12, "♦")),
        ("10D", (10, "♦")),
        ("a♠", (1, "♠")),
        ("1s", (1, "♠")),
        ("qh", (12, "♥")),
        (" 7c ", (7, "♣")),
        ("J♢", (11, "♦")),
        ("9♤", (9, "♠")),
        ("K♥\ufe0f", (13, "♥")),
    ],
)
def test_cards_parse_in_every_accepted_spelling(text, expected):
    card = parse_card(text)
    assert (card.rank, card.suit.value) == expected


@pytest.mark.parametrize(
    "bad", ["", "K", "11♠", "0♣", "KX", "♦K", "10", "1O♦", "KK♦", "Z♣", 13, None]
)
def test_anything_else_is_a_card_error_that_says_what_a_card_looks_like(bad):
    with pytest.raises(CardError, match="rank"):
        parse_card(bad)
    assert issubclass(CardError, ValueError)


def test_cards_print_unicode_ascii_and_french():
    card = Card.of(12, "♦")
    assert str(card) == "Q♦" and card.to_text(ascii=True) == "QD"
    assert card.to_text(french=True) == "D♦" and card.to_text(ascii=True, french=True) == "DD"
    assert Card.of(10, "♣").to_text(ascii=True) == "TC" and str(Card.of(10, "♣")) == "10♣"
    assert repr(Card.of(13, "♠")) == "Card('K♠')"


def test_every_card_round_trips_through_every_printing():
    for card in standard_deck():
        for ascii in (False, True):
            for french in (False, True):
                assert parse_card(card.to_text(ascii=ascii, french=french)) is card


def test_cards_are_interned_immutable_and_picklable():
    import pickle

    card = parse_card("K♦")
    assert Card(13, "♦") is card and pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.rank = 12


# ---------------------------------------------------------------- moves


@pytest.mark.parametrize(
    "text,printed",
    [
        ("K♦", "K♦"),
        ("kd", "K♦"),
        ("R♦", "K♦"),
        ("10♣+3♠", "10♣+3♠"),
        ("TC + 3s", "10♣+3♠"),
        ("draw", "draw"),
        (" DRAW ", "draw"),
        ("Recycle", "recycle"),
    ],
)
def test_moves_parse_and_print_one_text_form(text, printed):
    move = parse_move(text)
    assert str(move) == printed and parse_move(str(move)) == move


def test_pairs_are_the_same_move_in_either_order_but_print_as_chosen():
    assert parse_move("3♠+10♣") == parse_move("10♣+3♠")
    assert hash(parse_move("3♠+10♣")) == hash(parse_move("10♣+3♠"))
    assert str(parse_move("3♠+10♣")) == "3♠+10♣"
    assert parse_move("draw") is Move.draw() and Move.recycle().kind is MoveKind.RECYCLE


@pytest.mark.parametrize("bad", ["", "K♦+", "A♠+Q♠+2♣", "K♦+K♦", "jump", "11♠", 5])
def test_malformed_moves_are_errors_that_say_what_a_move_looks_like(bad):
    with pytest.raises(IllegalMoveError):
        parse_move(bad)


def test_play_accepts_what_str_of_a_legal_move_prints():
    game = Game.from_code("PY1-N-MOVESAA")
    for _ in range(30):
        moves = game.legal_moves()
        if not moves:
            break
        move = moves[0]
        assert game.play(str(move)) == move


def test_illegal_moves_raise_and_change_nothing():
    game = Game.from_code("PY1-N-AAAAAAS")
    game.play("draw")
    before = (game.position(), game.moves, game.score, game.history, game.actions)
    covered = game.card_at(1, 1)
    for bad in [str(covered), f"{covered}+{game.card_at(7, 1)}", "recycle", "K♣+A♠"]:
        with pytest.raises(IllegalMoveError):
            game.play(bad)
    assert (game.position(), game.moves, game.score, game.history, game.actions) == before


def test_a_non_king_alone_is_refused_with_the_reason():
    game = Game.from_code("PY1-N-AAAAAAS")
    with pytest.raises(IllegalMoveError, match="only a king is removed alone"):
        game.play("5♦")


# ---------------------------------------------------------------- codes and the generator


def test_splitmix64_matches_the_published_reference_outputs_for_seed_0():
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def _spec_deal(letters: str) -> list[str]:
    """The generator written again from docs/design/deals.md's words alone, to check code and docs agree."""
    mask = 2**64 - 1
    state = 0
    for letter in letters:
        state = state * 26 + "ABCDEFGHIJKLMNOPQRSTUVWXYZ".index(letter)

    def output() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    def uniform(n: int) -> int:
        while True:
            x = output()
            if x < 2**64 - (2**64 % n):
                return x % n

    names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    deck = [rank + suit for suit in "♣♦♥♠" for rank in names]
    for i in range(51, 0, -1):
        j = uniform(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=7, max_size=7))
def test_the_generator_is_exactly_the_documented_algorithm(letters):
    deal = Deal.from_letters(letters)
    assert [str(c) for c in deal.pyramid + deal.waste + deal.stock] == _spec_deal(letters)


@given(
    st.text(
        alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", min_size=7, max_size=7
    ),
    st.sampled_from(list(PRESETS)),
)
def test_codes_round_trip_and_always_deal_one_deck(letters, rules_letter):
    code = f"py1-{rules_letter.lower()}-{letters}"
    parsed = DealCode.parse(code)
    assert str(parsed) == code.upper() and DealCode.parse(str(parsed)) == parsed
    game = Game.from_code(code)
    assert game.code == code.upper()
    deal = game.deal
    dealt = deal.pyramid + deal.waste + deal.stock + tuple(c for pile in deal.piles for c in pile)
    assert len(set(dealt)) == len(dealt) == game.table.deck.size


def test_different_letters_deal_different_cards():
    assert Deal.from_letters("AAAAAAA") != Deal.from_letters("AAAAAAB")


def test_new_games_get_random_valid_codes():
    codes = {Game.new().code for _ in range(20)}
    assert len(codes) == 20
    assert all(DealCode.parse(code).rules_letter == "N" for code in codes)
