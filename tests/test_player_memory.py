"""What a player who remembers knows (the view's ``history`` and ``deal``), and games the
player cannot tell from theirs (``Game.exchanged``): what ``chance`` and the expert build on."""

from __future__ import annotations

import pytest
from layouts import r5_game

from pyramide_widget import Game, Move, Rules
from pyramide_widget.engine.cards import parse_card
from pyramide_widget.engine.player_view import SeenDeal


def test_r15_after_a_recycle_the_player_knows_the_stock_in_order() -> None:
    game = r5_game()
    first_pass = list(game.stock)
    for _ in first_pass:
        game.play("draw")
    game.play("recycle")
    view = game.player_view()
    assert view.stock is None  # the stock is face down ...
    assert view.deal.stock == game.deal.stock  # ... but every card of it was seen, in order
    assert view.never_seen() == frozenset()
    assert view.history == (Move.draw(),) * len(first_pass) + (Move.recycle(),)


def test_the_first_pass_shows_the_stock_card_by_card() -> None:
    game = r5_game()
    game.play("draw")
    game.play("draw")
    view = game.player_view()
    assert view.deal.stock[:2] == game.deal.stock[:2]
    assert view.deal.stock[2:] == (None,) * (len(game.deal.stock) - 2)
    assert view.never_seen() == frozenset(game.stock) == view.unseen()
    assert view.deal.pyramid == game.deal.pyramid and view.deal.waste == game.deal.waste


def test_r21_a_card_drawn_then_undone_is_remembered_on_the_stock() -> None:
    game = r5_game()
    game.play("draw")
    game.undo()
    view = game.player_view()
    top = game.stock[0]
    assert view.deal.stock[0] is top and top in view.unseen() and top not in view.never_seen()
    assert view.history == ()


def test_face_down_a_card_turned_up_then_down_by_undo_is_remembered() -> None:
    """§9 Face-down: the card is face down again, but the player saw it."""
    game = Game.from_code("PY1-F-AAAAAAS")
    for _ in range(60):
        before = game.player_view().face_down
        move = next(m for m in game.legal_moves() if m.kind.value in ("king", "pair", "draw"))
        game.play(move)
        if game.player_view().face_down < before:
            break
    turned = before - game.player_view().face_down
    assert turned, "a removal turned a card face up"
    cards = {game.position().pyramid[place] for place in turned}
    game.undo()
    view = game.player_view()
    assert turned <= view.face_down and all(view.pyramid[place] is None for place in turned)
    assert cards <= view.unseen() and not cards & view.never_seen()
    assert {view.deal.pyramid[place] for place in turned} == cards


def test_a_face_up_stock_is_never_unseen() -> None:
    game = Game.from_code("PY1-X-AAAAAAS", rules=Rules(stock_face_up=True))
    assert game.player_view().never_seen() == frozenset()


def test_restart_deals_again_and_the_view_starts_from_the_deal() -> None:
    game = r5_game()
    game.play("draw")
    game.restart()
    assert game.player_view().never_seen() == frozenset(game.stock)


def test_a_replayed_record_remembers_what_the_game_showed() -> None:
    game = r5_game()
    for action in ("draw", "draw", "K♦"):
        game.play(action)
    game.undo()
    game.undo()
    assert Game.replay(game.record()).player_view() == game.player_view()


def test_filled_puts_cards_into_the_places_never_seen_in_order() -> None:
    game = Game.from_code("PY1-F-AAAAAAS")
    seen = game.player_view().deal
    hidden = [card for card in (*game.deal.pyramid, *game.deal.stock) if card not in seen.pyramid]
    hidden = [card for card in hidden if card not in seen.stock]
    assert seen.hidden == len(hidden) == 21 + 24
    assert seen.filled(tuple(hidden)) == game.deal
    with pytest.raises(ValueError, match="45 places never seen; got 2 cards"):
        seen.filled(tuple(hidden[:2]))
    assert isinstance(seen, SeenDeal)


# ---------------------------------------------------------------- Game.exchanged


def played_face_down(moves: int = 12) -> Game:
    game = Game.from_code("PY1-F-AAAAAAB")
    for _ in range(moves):
        game.play(next(m for m in game.legal_moves() if m.kind.value in ("king", "pair", "draw")))
    return game


def test_exchanging_unseen_cards_gives_a_game_the_player_cannot_tell_apart() -> None:
    game = played_face_down()
    view = game.player_view()
    never = sorted(view.never_seen(), key=str)
    swap = dict(zip(never, never[1:] + never[:1], strict=True))
    other = game.exchanged(swap)
    assert other.player_view() == view
    assert other.stock != game.stock or other.position().pyramid != game.position().pyramid
    assert other.code is None and other.history == game.history
    assert Game.replay(other.record()).position() == other.position()  # its moves replay
    for card, new in swap.items():  # where a card lay, its image lies now
        assert (card in game.stock) == (new in other.stock)
    other.play(other.legal_moves()[0])  # the copy plays on its own
    assert game.player_view() == view


def test_only_cards_never_seen_can_be_exchanged_among_themselves() -> None:
    game = played_face_down()
    never = sorted(game.player_view().never_seen(), key=str)
    seen = game.waste[-1]
    before = (game.position(), game.player_view())
    with pytest.raises(ValueError, match=f"{seen} has been seen"):
        game.exchanged({seen: never[0], never[0]: seen})
    with pytest.raises(ValueError, match="among themselves"):
        game.exchanged({never[0]: never[1]})
    with pytest.raises(ValueError, match="not a card of the French deck"):
        spanish = parse_card("12O", Rules.preset("B").table.deck)
        game.exchanged({spanish: spanish})
    with pytest.raises(TypeError, match="mapping"):
        game.exchanged([never[0]])  # type: ignore[arg-type]
    assert (game.position(), game.player_view()) == before
