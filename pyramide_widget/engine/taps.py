"""The tap layer: what a click on the table does, as in the app (docs/rules.md R8–R15, A3,
A5). A tap selects, deselects, plays a move through :meth:`Game.play <.game.Game.play>` or the
same resolution, or sets the message that says why nothing happened; it never decides a rule
itself (the game does)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card
from .moves import DRAW, RECYCLE, Move, MoveKind
from .position import Status
from .slots import PILE_SLOTS, pile_slot, slot_pile

if TYPE_CHECKING:
    from .game import Game


def tap(game: Game, pile: str, row: int | None, col: int | None) -> Move | None:
    """Play a tap on ``game`` (see :meth:`Game.tap <.game.Game.tap>`)."""
    if _buried(game, pile, row, col):
        game._message_key = (
            "blocked" if game.status is Status.PLAYING and game.explain_mistakes else None
        )
        return None
    slot = _tap_slot(game, pile, row, col)
    message = game._message_key
    game._message_key = None
    try:
        return _tap(game, slot)
    except BaseException:
        game._message_key = message  # the move's clock reading failed: the tap changed nothing
        raise


def _tap(game: Game, slot: int | None) -> Move | None:
    if game.status is not Status.PLAYING:
        return None
    if slot is None:
        return _tap_stock(game)
    card = game._card_at_slot(slot)
    if card is None:
        return _tap_empty(game, slot)
    if game.table.groups:
        return _tap_group(game, slot, card)
    selection = game._selection
    if not game._selectable(slot):
        if game.explain_mistakes:
            game._message_key = "blocked"  # R8: nothing else happens
        return None
    if slot == selection.slot:
        selection.clear()  # R13
        return None
    if card.rank == game.rules.target and game._is_free(slot):
        return game.play(Move(MoveKind.KING, (card,)))  # R11: a king goes in one tap
    if selection.slot is None:
        selection.select(slot, card)
        return None
    first = selection.card
    assert first is not None
    if first.rank + card.rank != game.rules.target:
        selection.select(slot, card)
        game._message_key = "sum"  # R10: the second card stays selected
        return None
    if not game._pair_allowed(selection.slot, slot):
        selection.select(slot, card)
        if game.explain_mistakes:
            game._message_key = "blocked"
        return None
    move = Move(MoveKind.PAIR, (first, card))
    game._apply(move, game._resolve(move))  # deselects: the selected card is gone
    return move


def _tap_empty(game: Game, slot: int) -> Move | None:
    """A tap on an empty place: the selected card moves into it if it is an empty cell (A3);
    anything else does nothing, as on a removed card."""
    selection = game._selection
    if slot < PILE_SLOTS or slot_pile(slot)[0] not in game._cells or selection.slot is None:
        return None
    assert selection.card is not None
    move = Move(MoveKind.CELL, (selection.card,))
    for source, to in game._cell_moves():
        if source == selection.slot and to == pile_slot(slot_pile(slot)[0], 1):
            game._apply(move, (source, to))
            return move
    if game.explain_mistakes:
        game._message_key = "blocked"  # a card that may only pair with one partner stays put
    return None


def _tap_group(game: Game, slot: int, card: Card) -> Move | None:
    """Tut's Tomb's taps (A5): a free card joins the selection (a selected one leaves it);
    once the selected ranks make the pair sum they go together; past it, the sum message, and
    the last card stays selected alone (as R10)."""
    if not game._is_free(slot) or not game._selectable(slot):
        if game.explain_mistakes:
            game._message_key = "blocked"
        return None
    selection = game._selection
    chosen = selection.slots()
    if slot in chosen:
        chosen.remove(slot)
        selection.clear()
        for kept in chosen:
            selection.select(kept, game._card_at_slot(kept), keep=True)
        return None
    target = game.rules.target
    if card.rank == target:
        return game.play(Move(MoveKind.KING, (card,)))  # R11: a king goes in one tap
    chosen.append(slot)
    total = sum(game._card_at(s).rank for s in chosen)
    if total == target:
        move = game._move_for(tuple(chosen))
        game._apply(move, game._resolve(move))
        return move
    if total > target:
        selection.clear()
        selection.select(slot, card)
        game._message_key = "sum"
        return None
    selection.select(slot, card, keep=True)
    return None


def _tap_stock(game: Game) -> Move | None:
    if game._stock:
        return game.play(DRAW)  # R14
    if game._can_recycle():
        return game.play(RECYCLE)  # R15
    if game._has_waste():
        game._message_key = "no_recycles"
    return None  # R15: empty stock and empty waste: nothing happens


def _buried(game: Game, pile: str, row: int | None, col: int | None) -> bool:
    """Whether a tap names a card below the two a move can ever take from a pile: a card that
    is on the table (the front end draws a column's every card), never playable."""
    pile_ids = game._pile_ids
    if pile not in pile_ids or col is not None or type(row) is not int or row <= 2:
        return False
    return row <= len(game._piles[pile_ids.index(pile)])


def _tap_slot(game: Game, pile: str, row: int | None, col: int | None) -> int | None:
    """Validate a tap's place; ``None`` stands for the stock."""
    for value in (row, col):
        # Every pile alike: True == 1 and 2.0 == 2 would otherwise pass as positions.
        if value is not None and type(value) is not int:
            raise TypeError(
                f"a tap's row and position are whole numbers (int), got {type(value).__name__} {value!r}"
            )
    if pile == "pyramid":
        if row is None or col is None:
            raise ValueError(
                "tap('pyramid', row, position) needs a row and a position, counted from 1"
            )
        return game.shape.index(row, col)
    if pile in game._pile_ids:
        if col is not None or row not in (None, 1, 2):
            raise ValueError(
                f"tap({pile!r}) taps the top card; tap({pile!r}, 2) the card beneath it"
            )
        return pile_slot(game._pile_ids.index(pile), 1 if row is None else row)
    if pile == "stock":
        if row is not None or col is not None:
            raise ValueError("tap('stock') takes no row or position")
        return None
    names = ", ".join(repr(name) for name in ("pyramid", *game._pile_ids, "stock"))
    raise ValueError(f"unknown pile {pile!r}: expected {names}")
