"""Where the pyramid's cards lie and which cards cover which (R2).

Positions count from 1, as in the rules (R2): row 1 is the top card, row 7 the bottom row, and
position ``c`` of row ``r`` runs from 1 (left) to ``r``. Internally a position is an index
0–27 in row-major order. Card ``(r, c)`` is covered by ``(r+1, c)`` and ``(r+1, c+1)``.

The geometry is an object rather than module constants so that variants with another shape
(a 6-row pyramid, an inverted Triangle) can supply their own without touching the game logic.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class PyramidShape:
    """A triangular tableau of ``rows`` rows, each card covered by the two below it."""

    rows: int = 7
    size: int = field(init=False)
    covers: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    """``covers[i]``: the indices of the cards lying on card ``i``."""
    covered: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    """``covered[i]``: the indices of the cards that card ``i`` lies on."""

    def __post_init__(self) -> None:
        size = self.rows * (self.rows + 1) // 2
        covers: list[tuple[int, ...]] = []
        covered: list[list[int]] = [[] for _ in range(size)]
        for row in range(1, self.rows + 1):
            for col in range(1, row + 1):
                index = self.index(row, col)
                below = (
                    (self.index(row + 1, col), self.index(row + 1, col + 1))
                    if row < self.rows else ()
                )
                covers.append(below)
                for other in below:
                    covered[other].append(index)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "covers", tuple(covers))
        object.__setattr__(self, "covered", tuple(tuple(c) for c in covered))

    def index(self, row: int, col: int) -> int:
        """Index 0..size-1 of the card at ``(row, col)``; raises ``ValueError`` off the pyramid."""
        if not (isinstance(row, int) and isinstance(col, int)) or isinstance(row, bool) or isinstance(col, bool):
            raise ValueError(f"row and position must be whole numbers, got {row!r}, {col!r}")
        if not (1 <= row <= self.rows and 1 <= col <= row):
            raise ValueError(
                f"no pyramid card at row {row}, position {col}: rows are 1..{self.rows} "
                f"(1 = top) and row r has positions 1..r"
            )
        return (row - 1) * row // 2 + col - 1

    def position(self, index: int) -> tuple[int, int]:
        """``(row, col)``, counted from 1, of the card at ``index``."""
        row = 1
        while index >= row:
            index -= row
            row += 1
        return row, index + 1


STANDARD_SHAPE = PyramidShape(7)
