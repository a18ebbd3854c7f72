"""Pyramide (Pyramid solitaire) for Jupyter, playing the rules written in ``docs/rules.md`` of
the repository (rule ids R1–R21, the presets, and the choices made where the sources are silent).

The engine (``Game``, ``Rules``, ``Move``, cards, deal codes, records) uses only the standard
library, so it runs anywhere Python does, Pyodide included. The widget is imported lazily, on
first use of ``PyramideWidget``, so ``import pyramide_widget`` never needs ipywidgets.
"""

from __future__ import annotations

from typing import Any

from .engine.cards import Card, Suit, parse_card
from .engine.clock import GameClock
from .engine.deal import Deal, DealCode
from .engine.errors import (
    CardError,
    CodeError,
    IllegalMoveError,
    LayoutError,
    PyramideError,
    RecordError,
)
from .engine.game import Game
from .engine.i18n import LANGUAGES, Message
from .engine.moves import Move, MoveKind, parse_move
from .engine.position import Place, Position, Status
from .engine.record import Record, Step
from .engine.rules import PRESETS, Preset, Rules

__version__ = "0.1.0"

_LAZY = {
    "PyramideWidget": ("pyramide_widget.widget", "PyramideWidget"),
    "solve": ("pyramide_widget.solver", "solve"),
    "hint": ("pyramide_widget.solver", "hint"),
    "SolveResult": ("pyramide_widget.solver", "SolveResult"),
    "estimate": ("pyramide_widget.analysis.estimation", "estimate"),
    "Estimate": ("pyramide_widget.analysis.estimation", "Estimate"),
    "analyze": ("pyramide_widget.analysis.review", "analyze"),
    "chance": ("pyramide_widget.analysis.chance", "chance"),
    "Chance": ("pyramide_widget.analysis.chance", "Chance"),
    "chance_review": ("pyramide_widget.analysis.chance_review", "chance_review"),
    "GameAnalysis": ("pyramide_widget.analysis.review", "GameAnalysis"),
    "published_rates": ("pyramide_widget.analysis.published", "published_rates"),
    "PublishedRates": ("pyramide_widget.analysis.published", "PublishedRates"),
    "stats": ("pyramide_widget.analysis.statistics", "stats"),
    "StatsStore": ("pyramide_widget.analysis.statistics", "StatsStore"),
}


def __getattr__(name: str) -> Any:
    """Import the other layers (widget, solver, statistics) only when they are first used.

    A name here is never also the name of a submodule (hence ``estimation``, ``statistics``):
    importing a submodule sets it as an attribute of the package, which would then shadow the
    public function of the same name (tests/test_layers.py checks both)."""
    if name in _LAZY:
        import importlib

        module, attribute = _LAZY[name]
        return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module 'pyramide_widget' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names with the lazy ones, for tab completion; nothing is imported."""
    return sorted({*globals(), *_LAZY})


__all__ = [
    "LANGUAGES",
    "PRESETS",
    "Card",
    "CardError",
    "Chance",
    "CodeError",
    "Deal",
    "DealCode",
    "Estimate",
    "Game",
    "GameAnalysis",
    "GameClock",
    "IllegalMoveError",
    "LayoutError",
    "Message",
    "Move",
    "MoveKind",
    "Place",
    "Position",
    "Preset",
    "PublishedRates",
    "PyramideError",
    "PyramideWidget",
    "Record",
    "RecordError",
    "Rules",
    "SolveResult",
    "StatsStore",
    "Status",
    "Step",
    "Suit",
    "__version__",
    "analyze",
    "chance",
    "chance_review",
    "estimate",
    "hint",
    "parse_card",
    "parse_move",
    "published_rates",
    "solve",
    "stats",
]
