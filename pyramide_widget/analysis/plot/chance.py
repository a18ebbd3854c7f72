"""The chance to win over a game, drawn as a chess program draws its evaluation."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..chance_review import scale_top
from .chart import (
    LEGEND,
    PERCENT,
    POINT_COLOUR,
    Chart,
    Row,
    vega_spec,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes


CHANCE_SERIES = ("chance to win", "likely range (95%)", "costliest move")
"""The legend's entries of :func:`chance_curve`, in its order."""
_CHANCE_COLOURS = (POINT_COLOUR, "#9ecae9", "#e45756")


def chance_curve(review: Any) -> Chart:
    """The chance to win after each action of a game, as a chess program draws its evaluation:
    the share of the layouts of the cards the player had not seen that could still be won
    (:func:`~pyramide_widget.analysis.chance_review.chance_review`), with its likely range
    (95%), and the move that cost the most chance marked from the chance before it to the
    chance after.

    ``review`` is a :class:`~pyramide_widget.analysis.chance_review.ChanceReview` or its
    ``to_dict()`` form. Rows: ``step`` (0 = the deal), ``action``, ``chance``, ``low``,
    ``high``, ``before`` (the chance before the action), ``cost`` (the share of the layouts
    the best move kept and this one did not, where there was a choice), ``better`` and
    ``costliest``; chances in percent."""
    data = review.to_dict() if hasattr(review, "to_dict") else review
    if not isinstance(data, Mapping) or not isinstance(data.get("points"), Sequence):
        raise TypeError(
            "review must be a ChanceReview (chance_review(record)) or its to_dict() form, "
            f"got {type(review).__name__}"
        )
    points = list(data["points"])
    if not points:
        raise ValueError("the review has no points: it needs at least the deal")
    costliest = data.get("costliest")
    if costliest is not None and costliest not in range(1, len(points)):
        raise ValueError(
            f"costliest must be the index of an action (1 to {len(points) - 1}), got {costliest!r}"
        )
    rows: list[Row] = []
    before = None
    for point in points:
        cost = point.get("cost")
        rows.append(
            {
                "step": point["index"],
                "action": point["action"] or "deal",
                "chance": 100 * point["chance"],
                "low": 100 * point["low"],
                "high": 100 * point["high"],
                "before": before,
                "cost": None if cost is None else 100 * cost,
                "better": point.get("better_move"),
                "costliest": point["index"] == costliest,
            }
        )
        before = 100 * point["chance"]
    title = "Chance to win over the game"
    x = {"field": "step", "type": "quantitative", "title": "action", "axis": {"tickMinStep": 1}}
    y_title = "chance to win (%)"
    top = round(100 * scale_top(max(max(row["high"], row["chance"]) for row in rows) / 100))
    y = {"type": "quantitative", "title": y_title, "scale": {"domain": [0, top], "nice": False}}
    names = list(CHANCE_SERIES if costliest is not None else CHANCE_SERIES[:2])
    colour = {
        "field": "series",
        "type": "nominal",
        "scale": {"domain": names, "range": list(_CHANCE_COLOURS[: len(names)])},
        "legend": LEGEND,
    }

    def named(name: str) -> dict[str, str]:
        """The transform that names a layer's marks in the legend."""
        return {"calculate": json.dumps(name), "as": "series"}

    tooltip = [
        {"field": "step", "title": "action", "format": "d"},
        {"field": "action", "title": "move"},
        {"field": "chance", "title": "chance to win (%)", "format": PERCENT},
        {"field": "low", "title": "likely range (95%) from", "format": PERCENT},
        {"field": "high", "title": "likely range (95%) to", "format": PERCENT},
        {"field": "cost", "title": "cost (% of the layouts)", "format": PERCENT},
        {"field": "better", "title": "better move"},
    ]
    layers: list[dict[str, Any]] = [
        {
            "transform": [named(CHANCE_SERIES[1])],
            "mark": {"type": "area", "opacity": 0.6},
            "encoding": {
                "x": x,
                "y": {"field": "low", **y},
                "y2": {"field": "high"},
                "color": colour,
            },
        },
        {
            "transform": [named(CHANCE_SERIES[0])],
            "mark": {"type": "line", "strokeWidth": 2, "point": {"size": 20}},
            "encoding": {
                "x": x,
                "y": {"field": "chance", **y},
                "color": colour,
                "tooltip": tooltip,
            },
        },
    ]
    if costliest is not None:
        marked = [{"filter": "datum.costliest"}, named(CHANCE_SERIES[2])]
        layers += [
            {
                "transform": marked,
                "mark": {"type": "rule", "strokeWidth": 3},
                "encoding": {
                    "x": x,
                    "y": {"field": "before", **y},
                    "y2": {"field": "chance"},
                    "color": colour,
                },
            },
            {
                "transform": marked,
                "mark": {"type": "point", "shape": "diamond", "filled": True, "size": 140},
                "encoding": {
                    "x": x,
                    "y": {"field": "chance", **y},
                    "color": colour,
                    "tooltip": tooltip,
                },
            },
        ]
    spec = vega_spec(title, rows, layer=layers)
    first, last = rows[0], rows[-1]
    lines = [
        f"{title} (what the player could see; action: chance, likely range (95%))",
        f"  deal: {first['chance']:.1f}% [{first['low']:.1f}–{first['high']:.1f}%]",
        f"  end, after action {last['step']}: {last['chance']:.1f}% [{last['low']:.1f}–{last['high']:.1f}%]",
    ]
    marked_row = next((row for row in rows if row["costliest"]), None)
    if marked_row is not None:
        cost = (
            "" if marked_row["cost"] is None else f"cost {marked_row['cost']:.1f}% of the layouts; "
        )
        lines.append(
            f"  costliest move: {marked_row['step']}. {marked_row['action']}, "
            f"{marked_row['before']:.1f}% → {marked_row['chance']:.1f}% "
            f"({cost}better: {marked_row['better']})"
        )
    summary = "\n".join(lines)

    def draw(ax: Axes) -> None:
        steps = [row["step"] for row in rows]
        ax.fill_between(
            steps,
            [row["low"] for row in rows],
            [row["high"] for row in rows],
            color=_CHANCE_COLOURS[1],
            linewidth=0,
            label=CHANCE_SERIES[1],
        )
        ax.plot(
            steps,
            [row["chance"] for row in rows],
            color=_CHANCE_COLOURS[0],
            marker=".",
            markersize=3,
            label=CHANCE_SERIES[0],
        )
        if marked_row is not None:
            ax.vlines(
                marked_row["step"],
                marked_row["before"],
                marked_row["chance"],
                color=_CHANCE_COLOURS[2],
                linewidth=3,
            )
            ax.plot(
                [marked_row["step"]],
                [marked_row["chance"]],
                marker="D",
                linestyle="",
                color=_CHANCE_COLOURS[2],
                label=CHANCE_SERIES[2],
            )
        ax.set_xlabel("action")
        ax.set_ylabel(y_title)
        ax.set_ylim(0, top)
        ax.set_title(title)
        ax.legend(fontsize="small")

    return Chart(spec, summary, draw)
