"""How many deals let the solver remove at most so many pyramid cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.table import TABLES
from .chart import (
    LEGEND,
    PERCENT,
    Chart,
    Row,
    check_flag,
    vega_spec,
)
from .estimates import (
    distribution_of,
    estimates_of,
    offsets,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes

PYRAMID_CARDS = max(table.shape.size for table in TABLES.values())
"""The most pyramid cards of any table: the most a deal lets the solver remove."""


def removable_distribution(*estimates: Any, share: bool = False) -> Chart:
    """Bars: for each number of pyramid cards, how many deals let the solver remove at most
    that many (28 = the pyramid cleared: a win, under rules where that is enough).

    Each positional argument is one estimate, or a list or mapping ``{label: estimate}`` of
    them; every estimate is one group of bars, side by side, named by its rules or its label.
    ``share=True`` plots the share of each estimate's deals (in percent) instead of their
    number. Rows: ``series``, ``cards``, ``deals``, ``percent``.
    """
    check_flag("share", share)
    if not estimates:
        raise TypeError(
            "give at least one estimate, list of estimates or mapping {label: estimate}"
        )
    items = [item for group in estimates for item in estimates_of(group)]
    rows: list[Row] = []
    for name, estimate in items:
        dist = distribution_of(estimate)
        total = sum(dist.values()) or 1
        rows += [
            {"series": name, "cards": k, "deals": dist[k], "percent": 100 * dist[k] / total}
            for k in sorted(dist)
        ]
    names = [name for name, _ in items]
    measure = "percent" if share else "deals"
    y_title = "share of deals (%)" if share else "deals"
    x_title = "pyramid cards removable (at most)"
    title = "Cards removable per deal"
    encoding: dict[str, Any] = {
        "x": {
            "field": "cards",
            "type": "ordinal",
            "title": x_title,
            "scale": {"domain": list(range(PYRAMID_CARDS + 1))},
            "axis": {"labelAngle": 0},
        },
        "y": {"field": measure, "type": "quantitative", "title": y_title},
        "color": {
            "field": "series",
            "type": "nominal",
            "sort": names,
            "legend": LEGEND,
        },
        "tooltip": [
            {"field": "series", "title": "deals of"},
            {"field": "cards", "title": "pyramid cards removable"},
            {"field": "deals", "title": "deals", "format": ","},
            {"field": "percent", "title": "share of deals (%)", "format": PERCENT},
        ],
    }
    if len(names) > 1:
        encoding["xOffset"] = {"field": "series", "type": "nominal", "sort": names}
    spec = vega_spec(title, rows, mark={"type": "bar"}, encoding=encoding)
    summary = "\n".join(
        [f"{title} (cards: {measure})"]
        + [
            f"  {name}: "
            + ", ".join(
                f"{r['cards']}: {r['percent']:.3g}%" if share else f"{r['cards']}: {r['deals']}"
                for r in rows
                if r["series"] == name
            )
            for name in names
        ]
    )

    def draw(ax: Axes) -> None:
        width = 0.8 / max(1, len(names))
        for shift, name in zip(offsets(len(names), width), names, strict=True):
            bars = [r for r in rows if r["series"] == name]
            ax.bar(
                [r["cards"] + shift for r in bars],
                [r[measure] for r in bars],
                width=width,
                label=name,
            )
        ax.set_xlabel(x_title)
        ax.set_ylabel(y_title)
        ax.set_xlim(-1, PYRAMID_CARDS + 1)
        ax.set_title(title)
        ax.legend(fontsize="small")

    return Chart(spec, summary, draw)
