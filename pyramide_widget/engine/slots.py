"""Where a card lies, as one number: a pyramid place's index, or a slot of a pile.

A pile slot is above every pyramid index, so ``slot < PILE_SLOTS`` means a pyramid place. Pile
``i``'s top card is slot ``PILE_SLOTS + 2 * i``, the card beneath it the next: a move takes at
most those two from a pile."""

from __future__ import annotations

PILE_SLOTS = 1 << 16
"""The first pile slot."""


def pile_slot(pile: int, depth: int) -> int:
    """The slot of the card ``depth`` from the top of pile ``pile`` (1 = the top, 2 = beneath)."""
    return PILE_SLOTS + 2 * pile + depth - 1


def slot_pile(slot: int) -> tuple[int, int]:
    """The pile index and depth of a pile slot."""
    pile, under = divmod(slot - PILE_SLOTS, 2)
    return pile, under + 1
