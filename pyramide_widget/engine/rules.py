"""Rule settings (:class:`Rules`, the knobs of docs/rules.md §9) and the named presets
(:data:`PRESETS`): a preset names a whole game, its knobs and its table, by a code letter
(docs/design/tables.md)."""

from __future__ import annotations

import json
import reprlib
from dataclasses import dataclass, fields
from typing import Any, Union

from .errors import CodeError
from .table import (
    APOPHIS_TABLE,
    CELL_TABLE,
    FACE_DOWN_TABLE,
    GIZA_TABLE,
    RESERVE_TABLE,
    SIX_ROWS_TABLE,
    SPANISH_TABLE,
    STANDARD_TABLE,
    TRIANGLE_TABLE,
    TUTS_TOMB_TABLE,
    Table,
    find_table,
)
from .text import ascii_upper

CUSTOM_LETTER = "X"


@dataclass(frozen=True)
class Rules:
    """One rule setting. ``Rules()`` is the app's standard game (rule set N)."""

    strict_win: bool = False
    recycles: int | None = None
    draw_against_waste: bool = False
    pair_with_coverer: bool = False
    stock_face_up: bool = False
    """Show the stock's cards in order (Microsoft Solitaire Collection). A knob of the rules
    rather than of the table: like the other knobs, a player sets it on any table and records
    carry it; unlike them it changes only what is shown, never which moves are legal (the
    engine and the solver see the stock either way)."""
    table: Table = STANDARD_TABLE
    """The table the game is played on (shape, deck, faces, piles); the standard one by default."""

    def __post_init__(self) -> None:
        for name in ("strict_win", "draw_against_waste", "pair_with_coverer", "stock_face_up"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(
                    f"Rules.{name} must be True or False, got {reprlib.repr(getattr(self, name))}"
                )
        recycles = self.recycles
        if recycles is not None and (
            isinstance(recycles, bool) or not isinstance(recycles, int) or recycles < 0
        ):
            raise ValueError(
                f"Rules.recycles must be None (unlimited) or a whole number >= 0, got {reprlib.repr(recycles)}"
            )
        if not isinstance(self.table, Table):
            raise TypeError(
                f"Rules.table must be a Table (see pyramide_widget.engine.table), got {type(self.table).__name__}"
            )

    @property
    def target(self) -> int:
        """The pair sum and the rank removed alone, from the table's deck: 13 for the standard
        52-card deck, 12 for the Spanish deck."""
        return self.table.target

    @classmethod
    def standard(cls) -> Rules:
        """The app's rules, rule set ``N`` (docs/rules.md §1–§7)."""
        return cls()

    @classmethod
    def preset(cls, letter: str) -> Rules:
        """The rules of a preset by its code letter (case-insensitive)."""
        if not isinstance(letter, str):
            raise TypeError(
                f"a preset letter is text, one of {describe_presets()}; got {type(letter).__name__}"
            )
        try:
            return PRESETS[ascii_upper(letter)].rules
        except KeyError:
            raise CodeError(
                f"unknown rules letter {reprlib.repr(letter)}: expected one of {describe_presets()}"
            ) from None

    @property
    def letter(self) -> str:
        """The preset letter of these rules, or ``X`` when they match no preset."""
        return next((p.letter for p in PRESETS.values() if p.rules == self), CUSTOM_LETTER)

    @property
    def name(self) -> str:
        """The preset's name, or ``"Custom"``."""
        preset = PRESETS.get(self.letter)
        return preset.name if preset else "Custom"

    def describe(self) -> str:
        """A one-line English description of every knob, for tables and notebooks."""
        win = "pyramid and stock/waste must be cleared" if self.strict_win else "clear the pyramid"
        passes = (
            "unlimited recycles"
            if self.recycles is None
            else "single pass (no recycle)"
            if self.recycles == 0
            else f"{self.recycles} recycle{'s' if self.recycles > 1 else ''}"
        )
        parts = [win, passes]
        if self.draw_against_waste:
            parts.append("a fresh draw may pair with the waste card beneath")
        if self.pair_with_coverer:
            parts.append("a card may pair with its only coverer")
        if self.stock_face_up:
            parts.append("the stock is face up")
        if self.table != STANDARD_TABLE:
            parts.insert(0, f"{self.table.name} table")
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """The knobs as JSON-ready data; the table by its name. ``stock_face_up`` and ``table``
        are written only when they differ from the default, so the records of the standard
        game read as they always did and older records load as the standard table."""
        data: dict[str, Any] = {name: getattr(self, name) for name in _KNOBS}
        if self.stock_face_up:
            data["stock_face_up"] = True
        if self.table != STANDARD_TABLE:
            data["table"] = self.table.name
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Build rules from :meth:`to_dict` output; unknown or missing keys are errors."""
        # reprlib: the data may come from anywhere, nested too deeply for a plain repr.
        if not isinstance(data, dict):
            raise ValueError(
                f"rules must be an object with keys {_FIELD_NAMES}, got {reprlib.repr(data)}"
            )
        unknown = set(data) - set(_FIELD_NAMES)
        if unknown:
            raise ValueError(
                f"unknown rules keys {reprlib.repr(sorted(map(str, unknown)))}; expected {_FIELD_NAMES}"
            )
        data = dict(data)
        if "table" in data:
            data["table"] = find_table(data["table"])
        try:
            return cls(**data)
        except TypeError as error:
            raise ValueError(str(error)) from None

    @classmethod
    def from_json(cls, text: str) -> Rules:
        """Build rules from the JSON text of :meth:`to_dict`; any bad text (not JSON, nested
        too deeply for the parser, wrong keys or values) raises ``ValueError`` saying why."""
        if not isinstance(text, str):
            raise TypeError(f"rules JSON must be text, got {type(text).__name__}")
        try:
            data = json.loads(text)
        except RecursionError:
            raise ValueError("rules JSON is nested too deeply: expected one flat object") from None
        except ValueError as error:
            raise ValueError(f"rules must be JSON text: {error}") from None
        return cls.from_dict(data)

    def __repr__(self) -> str:
        changed = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if getattr(self, f.name) != f.default
        ]
        return f"Rules({', '.join(changed)})"


_FIELD_NAMES = [f.name for f in fields(Rules)]
_KNOBS = ("strict_win", "recycles", "draw_against_waste", "pair_with_coverer")


def describe_presets() -> str:
    """The presets as text for messages: ``N (Standard), S (Strict), …``."""
    return ", ".join(f"{p.letter} ({p.name})" for p in PRESETS.values())


@dataclass(frozen=True)
class Preset:
    """A named rule set with its own code letter."""

    letter: str
    name: str
    rules: Rules
    source: str


PRESETS: dict[str, Preset] = {
    p.letter: p
    for p in (
        Preset("N", "Standard", Rules(), "the app's rules"),
        Preset(
            "S",
            "Strict",
            Rules(strict_win=True, recycles=0),
            "every knob at its strictest: one pass, clear everything, only the waste top plays",
        ),
        Preset(
            "T",
            "Traditional",
            Rules(strict_win=True, recycles=0, draw_against_waste=True),
            "the traditional game: stock and waste tops both playable, no redeal",
        ),
        Preset(
            "P",
            "Par Pyramid",
            Rules(strict_win=True, recycles=2, draw_against_waste=True),
            "the traditional game with two redeals",
        ),
        Preset(
            "R",
            "Relaxed Pyramid",
            Rules(recycles=0, draw_against_waste=True),
            "the traditional game where only the pyramid must be cleared",
        ),
        Preset(
            "E",
            "Easy",
            Rules(draw_against_waste=True, pair_with_coverer=True),
            "every helpful knob on: unlimited recycles, draw against waste, pair with coverer",
        ),
        Preset(
            "W",
            "Six Rows",
            Rules(table=SIX_ROWS_TABLE),
            "the standard knobs on a 6-row pyramid of 21 cards",
        ),
        Preset(
            "V",
            "Triangle",
            Rules(table=TRIANGLE_TABLE),
            "the standard knobs on an inverted pyramid",
        ),
        Preset(
            "F",
            "Face-down",
            Rules(table=FACE_DOWN_TABLE),
            "the standard knobs; only the bottom row starts face up (Thirteen)",
        ),
        Preset(
            "B",
            "Spanish",
            Rules(table=SPANISH_TABLE),
            "the standard knobs with the 48-card Spanish deck (pairs to 12)",
        ),
        Preset(
            "A",
            "Apophis",
            Rules(table=APOPHIS_TABLE),
            "the standard knobs; three waste piles, the stock dealt three at a time",
        ),
        Preset(
            "Y",
            "Reserve",
            Rules(table=RESERVE_TABLE),
            "the standard knobs; seven reserve cards face up below the pyramid",
        ),
        Preset(
            "C",
            "Cell",
            Rules(table=CELL_TABLE),
            "the standard knobs; one free cell beside the waste",
        ),
        Preset(
            "G",
            "Giza",
            Rules(strict_win=True, table=GIZA_TABLE),
            "Michael Keller's Giza: the other 24 cards face up in eight columns of three, no stock; clear all 52",
        ),
        Preset(
            "U",
            "Tut's Tomb",
            Rules(table=TUTS_TOMB_TABLE),
            "the standard knobs; the stock dealt three at a time, any free cards summing to 13 removed together",
        ),
    )
}

RulesLike = Union[Rules, "Preset", str]
"""What every ``rules=`` argument accepts: :class:`Rules`, a :class:`Preset` or its letter."""


def as_rules(rules: RulesLike) -> Rules:
    """The :class:`Rules` that a ``rules=`` argument names: a :class:`Rules` as it is, a
    :class:`Preset`'s rules, or the rules of a preset letter such as ``"S"`` (any case).
    Anything else is a ``TypeError`` (an unknown letter a :class:`CodeError`), raised at the
    call rather than at the first move."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, Preset):
        return rules.rules
    if isinstance(rules, str):
        return Rules.preset(rules)
    raise TypeError(
        f"rules must be a Rules, a Preset or a preset letter ({describe_presets()}), got {type(rules).__name__}"
    )
