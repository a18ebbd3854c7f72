"""Whether a move is legal on a board, and if not, why: the words of
:class:`~.errors.IllegalMoveError` (docs/rules.md R6–R16, A3, A5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card
from .errors import IllegalMoveError
from .moves import Move, MoveKind
from .piles import PileKind
from .position import Status
from .slots import PILE_SLOTS, slot_pile

if TYPE_CHECKING:
    from .board import Board


def resolve(board: Board, move: Move) -> tuple[int, ...]:
    """The slots a legal move acts on; raise :class:`IllegalMoveError` with the reason."""
    if board.status is not Status.PLAYING:
        raise IllegalMoveError(f"{move} is not legal: the game is over ({board.status.value})")
    if move.kind is MoveKind.DRAW:
        if not board._stock:
            raise IllegalMoveError(
                "draw is not legal: the stock is empty (play 'recycle' to turn the waste over)"
            )
        return ()
    if move.kind is MoveKind.RECYCLE:
        if board._stock:
            raise IllegalMoveError("recycle is not legal: the stock is not empty yet")
        if not board._has_waste():
            raise IllegalMoveError("recycle is not legal: the waste is empty")
        if not board._can_recycle():
            raise IllegalMoveError(
                f"recycle is not legal: the {board.rules.recycles} recycle(s) these rules allow are used up"
            )
        return ()
    slots = []
    for card in move.cards:
        slot = board._slot_of(card)
        if slot is None:
            raise IllegalMoveError(f"{move} is not legal: {where_is(board, card)}")
        slots.append(slot)
    target = board.rules.target
    if move.kind is MoveKind.CELL:
        return _resolve_cell(board, move, slots[0])
    if move.kind is MoveKind.GROUP:
        return _resolve_group(board, move, tuple(slots))
    if move.kind is MoveKind.KING:
        if move.cards[0].rank != target:
            raise IllegalMoveError(
                f"{move} is not legal: only a {board.table.deck.top_name} is removed alone; "
                f"pair {move.cards[0]} with a card that makes {target}"
            )
        if not board._is_free(slots[0]):
            raise IllegalMoveError(f"{move} is not legal: {move.cards[0]} is not free")
        return tuple(slots)
    a, b = move.cards
    if a.rank + b.rank != target:
        raise IllegalMoveError(
            f"{move} is not legal: the ranks sum to {a.rank + b.rank}, not {target}"
        )
    if not board._pair_allowed(slots[0], slots[1]):
        blocked = next(
            c
            for c, s, o in ((a, slots[0], slots[1]), (b, slots[1], slots[0]))
            if not board._may_pair(s, o)
        )
        raise IllegalMoveError(
            f"{move} is not legal: {blocked} is not free ({where_is(board, blocked)})"
        )
    return tuple(slots)


def _resolve_cell(board: Board, move: Move, slot: int) -> tuple[int, ...]:
    card = move.cards[0]
    if not board._cells:
        raise IllegalMoveError(f"{move} is not legal: the {board.table.name} table has no cell")
    for from_slot, to_slot in board._cell_moves():
        if from_slot == slot:
            return (from_slot, to_slot)
    if all(board._piles[i] for i in board._cells):
        raise IllegalMoveError(
            f"{move} is not legal: the cell already holds {board._piles[board._cells[0]][-1]}"
        )
    if slot >= PILE_SLOTS and slot_pile(slot)[0] in board._cells:
        raise IllegalMoveError(f"{move} is not legal: {card} is in the cell already")
    if slot >= PILE_SLOTS and board.table.piles[slot_pile(slot)[0]].kind is not PileKind.WASTE:
        raise IllegalMoveError(
            f"{move} is not legal: only a pyramid card or a waste top goes to the cell"
        )
    raise IllegalMoveError(f"{move} is not legal: {card} is not free ({where_is(board, card)})")


def _resolve_group(board: Board, move: Move, slots: tuple[int, ...]) -> tuple[int, ...]:
    if not board.table.groups:
        raise IllegalMoveError(
            f"{move} is not legal: only Tut's Tomb removes three or more cards together"
        )
    total = sum(card.rank for card in move.cards)
    if total != board.rules.target:
        raise IllegalMoveError(
            f"{move} is not legal: the ranks sum to {total}, not {board.rules.target}"
        )
    for card, slot in zip(move.cards, slots, strict=True):
        if not board._is_free(slot):
            raise IllegalMoveError(
                f"{move} is not legal: {card} is not free ({where_is(board, card)})"
            )
    return slots


def where_is(board: Board, card: Card) -> str:
    """Where ``card`` is, in words: why it cannot be played."""
    if card not in board.table.deck:
        return f"{card} is not a card of the {board.table.deck.name} deck"
    index = board._pyramid_index.get(card)
    if index is not None and board._pyramid[index] is card:
        row, col = board.shape.position(index)
        coverers = [
            str(board._pyramid[c])
            for c in board.shape.covers[index]
            if board._pyramid[c] is not None
        ]
        return f"{card} (row {row}, position {col}) is covered by {' and '.join(coverers)}"
    if card in board._stock:
        return f"{card} is in the stock"
    for pile_id, cards in zip(board._pile_ids, board._piles, strict=True):
        if card in cards:
            name = "the waste" if pile_id == "waste" else pile_id
            if len(cards) >= 2 and cards[-2] is card:
                return f"{card} lies under the {'waste top' if pile_id == 'waste' else f'top of {name}'} {cards[-1]}"
            return f"{card} is buried in {name}"
    return f"{card} has already been removed"
