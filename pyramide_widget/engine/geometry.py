"""Where the tableau's cards lie, which cards cover which, and where each is drawn (R2, §9).

Rows and positions count from 1, as in the rules; internally a place is an index in row-major
order. Two shapes: the pyramid and the inverted Triangle (docs/design/engine.md)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Shape:
    """A tableau of ``rows`` rows; subclasses say how long each row is and what covers what."""

    rows: int = 7
    size: int = field(init=False)
    covers: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    """``covers[i]``: the indices of the cards lying on card ``i``."""
    covered: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    """``covered[i]``: the indices of the cards that card ``i`` lies on."""
    _starts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if type(self.rows) is not int or not 1 <= self.rows <= 10:
            raise ValueError(f"a shape has a whole number of rows from 1 to 10, got {self.rows!r}")
        starts = [0]
        for row in range(1, self.rows + 1):
            starts.append(starts[-1] + self.row_length(row))
        object.__setattr__(self, "_starts", tuple(starts))
        object.__setattr__(self, "size", starts[-1])
        covers = [
            tuple(self.index(r, c) for r, c in self._coverers(row, col))
            for row in range(1, self.rows + 1)
            for col in range(1, self.row_length(row) + 1)
        ]
        covered: list[list[int]] = [[] for _ in range(self.size)]
        for index, on in enumerate(covers):
            for other in on:
                covered[other].append(index)
        object.__setattr__(self, "covers", tuple(covers))
        object.__setattr__(self, "covered", tuple(tuple(c) for c in covered))

    def row_length(self, row: int) -> int:
        """How many cards row ``row`` (counted from 1) holds."""
        raise NotImplementedError

    def _coverers(self, row: int, col: int) -> list[tuple[int, int]]:
        """The ``(row, col)`` places lying on ``(row, col)``."""
        raise NotImplementedError

    def _x(self, row: int, col: int) -> float:
        """The left edge of ``(row, col)``, in card widths from the left of the tableau."""
        raise NotImplementedError

    def index(self, row: int, col: int) -> int:
        """Index 0..size-1 of the card at ``(row, col)``; raises ``ValueError`` off the tableau."""
        if (
            not (isinstance(row, int) and isinstance(col, int))
            or isinstance(row, bool)
            or isinstance(col, bool)
        ):
            raise ValueError(f"row and position must be whole numbers, got {row!r}, {col!r}")
        if not (1 <= row <= self.rows and 1 <= col <= self.row_length(row)):
            raise ValueError(
                f"no pyramid card at row {row}, position {col}: rows are 1..{self.rows} "
                f"(1 = top) and {self._row_rule()}"
            )
        return self._starts[row - 1] + col - 1

    def _row_rule(self) -> str:
        raise NotImplementedError

    def position(self, index: int) -> tuple[int, int]:
        """``(row, col)``, counted from 1, of the card at ``index``."""
        row = 1
        while index >= self._starts[row]:
            row += 1
        return row, index - self._starts[row - 1] + 1

    def places(self) -> list[tuple[int, int]]:
        """Every ``(row, col)`` in index order."""
        return [self.position(index) for index in range(self.size)]

    def layout(self) -> list[tuple[float, int]]:
        """Where each place (in index order) is drawn: ``(x, y)`` with ``x`` the left edge in
        card widths and ``y`` the row step (0 = top row). Rows overlap; a front end chooses the
        step, so only the column arithmetic lives here."""
        return [(self._x(row, col), row - 1) for row, col in self.places()]

    @property
    def width(self) -> int:
        """The tableau's width in card widths (the widest row's cards side by side)."""
        return max(self.row_length(row) for row in range(1, self.rows + 1))

    @property
    def bottom(self) -> tuple[int, ...]:
        """The indices no card covers at the deal (the cards free from the start)."""
        return tuple(index for index in range(self.size) if not self.covers[index])


@dataclass(frozen=True)
class PyramidShape(Shape):
    """A pyramid of ``rows`` rows, each card covered by the two below it."""

    def row_length(self, row: int) -> int:
        return row

    def _coverers(self, row: int, col: int) -> list[tuple[int, int]]:
        return [(row + 1, col), (row + 1, col + 1)] if row < self.rows else []

    def _x(self, row: int, col: int) -> float:
        return (self.rows - row) / 2 + col - 1

    def _row_rule(self) -> str:
        return "row r has positions 1..r"


@dataclass(frozen=True)
class TriangleShape(Shape):
    """An inverted pyramid of ``rows`` rows: the widest row at the top, each row lying on the
    one above it (PySolFC's Triangle)."""

    def row_length(self, row: int) -> int:
        return self.rows + 1 - row

    def _coverers(self, row: int, col: int) -> list[tuple[int, int]]:
        if row == self.rows:
            return []
        below = self.row_length(row + 1)
        return [(row + 1, c) for c in (col - 1, col) if 1 <= c <= below]

    def _x(self, row: int, col: int) -> float:
        return (row - 1) / 2 + col - 1

    def _row_rule(self) -> str:
        return f"row r has positions 1..{self.rows + 1}-r"


STANDARD_SHAPE = PyramidShape(7)
