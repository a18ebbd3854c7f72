"""The chance to win in the widget: the indicator's chance from here and the Analysis panel's
chance over the game, as :mod:`pyramide_widget.analysis.chance` measures them from what the
player sees, and what the views draw of them. ``docs/widget.md`` tells how they are shown.
The solver and the analysis are imported on first use, as everywhere in the widget."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.game import Game
from ..engine.player_view import PlayerView
from ..engine.position import Status
from ..engine.table import Table

if TYPE_CHECKING:
    from ..analysis.chance import Chance
    from ..analysis.chance_review import ChanceReview

FEWER_SAMPLES = 30
"""Layouts per position on the tables the compiled search does not model, or where no compiled
engine runs (an install without the extension, a Pyodide without the WebAssembly module): each
layout is a solve in pure Python there."""


def samples(table: Table, full: int) -> int:
    """Layouts per position: ``full`` where the compiled search answers (natively, or as
    WebAssembly in Pyodide), else fewer."""
    from ..solver import compiled

    return full if compiled.available() and compiled.models(table) else min(full, FEWER_SAMPLES)


def indicator_samples(table: Table) -> int:
    """Layouts the indicator asks about at each position."""
    from ..analysis.chance import CHANCE_SAMPLES

    return samples(table, CHANCE_SAMPLES)


def review_samples(table: Table) -> int:
    """Layouts the chance over the game asks about at each position."""
    from ..analysis.chance_review import REVIEW_SAMPLES

    return samples(table, REVIEW_SAMPLES)


def seed(game: Game, view: PlayerView) -> str:
    """The seed of a position: its deal and the moves that led there, so that a position shows
    the same chance however often it is reached, and the same as the chance over the game
    (:func:`~pyramide_widget.analysis.chance.position_seed` with the review's default seed)."""
    from ..analysis.chance import position_seed

    return position_seed(0, game.code, view.history)


def final(game: Game) -> dict[str, Any] | None:
    """The chance at the end of a game (won: certain; lost: none), ``None`` while it goes on."""
    if not game.is_over:
        return None
    rate = 1.0 if game.status is Status.WON else 0.0
    return {
        "rate": rate,
        "low": rate,
        "high": rate,
        "undecided": 0,
        "layouts": 1,
        "exact": True,
        "final": True,
    }


def shown(result: Chance) -> dict[str, Any]:
    """What the indicator draws of a measured chance."""
    return {
        "rate": _share(result.rate),
        "low": _share(result.low),
        "high": _share(result.high),
        "undecided": result.undecided,
        "layouts": result.layouts,
        "exact": result.exact,
        "final": False,
    }


def review_shown(review: ChanceReview) -> dict[str, Any]:
    """What the Analysis panel draws of the chance over a game: the chance, low and high after
    each step (0 the deal), the layouts left undecided at each, the top of its scale, and the costliest move with the chance before
    and after it."""
    points = review.points
    costliest = review.costliest_point
    mark = None
    if costliest is not None:
        assert costliest.cost is not None and costliest.better_move is not None
        mark = {
            "index": costliest.index,
            "action": costliest.action,
            "before": _share(points[costliest.index - 1].chance.rate),
            "after": _share(costliest.chance.rate),
            "cost": _share(costliest.cost),
            "better": str(costliest.better_move),
        }
    return {
        "chance": [_share(p.chance.rate) for p in points],
        "low": [_share(p.chance.low) for p in points],
        "high": [_share(p.chance.high) for p in points],
        "undecided": [p.chance.undecided for p in points],
        "top": review.scale_top,
        "costliest": mark,
    }


@dataclass(frozen=True)
class ShownReview:
    """The chance over the current game after ``actions`` actions, and what the views draw of it
    (:func:`review_shown`)."""

    result: ChanceReview
    data: dict[str, Any]
    actions: int


def _share(value: float) -> float:
    """A share as the views need it (four decimals: a tenth of a percent and more)."""
    return round(value, 4)


__all__ = [
    "FEWER_SAMPLES",
    "ShownReview",
    "final",
    "indicator_samples",
    "review_samples",
    "review_shown",
    "samples",
    "seed",
    "shown",
]
