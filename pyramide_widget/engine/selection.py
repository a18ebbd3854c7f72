"""The tap layer's selection: the card tapped last, and on Tut's Tomb the cards gathered
before it (docs/rules.md R13, A5). Places are slots (:mod:`.slots`)."""

from __future__ import annotations

from .cards import Card


class Selection:
    """The selected slot and its card, and the slots selected before it (Tut's Tomb's group)."""

    def __init__(self) -> None:
        self.slot: int | None = None
        self.card: Card | None = None
        self.group: list[int] = []

    def select(self, slot: int, card: Card | None, *, keep: bool = False) -> None:
        """Select ``card`` at ``slot``; ``keep``: Tut's Tomb keeps the earlier selection too."""
        if keep and self.slot is not None:
            self.group.append(self.slot)
        self.slot = slot
        self.card = card

    def clear(self) -> None:
        self.slot = None
        self.card = None
        self.group = []

    def slots(self) -> list[int]:
        """Every selected slot, the last tapped last."""
        return self.group + ([self.slot] if self.slot is not None else [])

    def copy(self) -> Selection:
        copied = Selection()
        copied.slot, copied.card, copied.group = self.slot, self.card, list(self.group)
        return copied
