"""Charts of rates with their likely ranges: the winnable share per preset, and the share
won so far as deals are added."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..rate import wilson_interval
from .chart import (
    CHAR_WIDTH,
    INTERVAL_NOTE,
    LEGEND,
    PERCENT,
    POINT_COLOUR,
    WIDTH,
    Chart,
    Row,
    check_flag,
    vega_spec,
)
from .estimates import (
    estimate_rate,
    offsets,
    ordered_categories,
    read_field,
    series_groups,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes


def win_rates(
    *estimates: Any,
    labels: Sequence[str] | None = None,
    percent: bool = True,
    title: str = "Winnable deals per rules preset",
    axis: str = "rules preset",
    measure: str = "winnable deals",
    references: Mapping[str, float] | None = None,
) -> Chart:
    """Points with confidence-interval bars: the share of winnable deals per preset.

    Each positional argument is one series: one estimate, a list (labelled by their rules), or
    a mapping ``{label: estimate}``. Several series, e.g. a quick estimate and the published
    10,000-deal figures, are drawn side by side per category and named by ``labels`` in a
    legend. Rows: ``series``, ``rules``, ``rate``, ``low``, ``high`` (in percent, or shares if
    not ``percent``), ``deals`` when the estimate has it. ``title``, ``axis`` (the categories'
    axis) and ``measure`` (the rates' axis) name what is drawn when the categories are not
    presets, e.g. the strategies that played (``measure="deals won"``). ``references``
    (``{label: share}``) draws labelled dashed lines across, e.g. a figure to compare with.

    The rates' axis runs from 0 to a little above the highest bar, or is a symmetric log scale
    (linear near 0) where the rates span two orders of magnitude or more; the categories'
    labels turn when they would not fit side by side.
    """
    check_flag("percent", percent)
    for name, value in (("title", title), ("axis", axis), ("measure", measure)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be text, got {type(value).__name__} {value!r}")
    lines = _references(references)
    groups = series_groups(estimates, labels)
    scale = 100.0 if percent else 1.0
    rows: list[Row] = []
    for name, items in groups:
        for category, estimate in items:
            rate, low, high = estimate_rate(estimate)
            rows.append(
                {
                    "series": name,
                    "rules": category,
                    "rate": rate * scale,
                    "low": low * scale,
                    "high": high * scale,
                    "deals": read_field(estimate, "deals"),
                }
            )
    categories = ordered_categories(groups)
    names = [name for name, _ in groups]
    y_title = f"{measure} (%)" if percent else f"{measure} (share)"
    axis_scale = _rate_axis(
        [r["rate"] for r in rows],
        [r["high"] for r in rows] + [value * scale for value in lines.values()],
        scale,
    )
    angle = _label_angle(categories)
    fmt = PERCENT if percent else ".4~f"
    by_category: dict[str, Any] = {
        "x": {
            "field": "rules",
            "type": "nominal",
            "title": axis,
            "sort": categories,
            "axis": {"labelAngle": angle, "labelLimit": 0},
        },
    }
    if len(names) > 1:
        by_category["color"] = {
            "field": "series",
            "type": "nominal",
            "sort": names,
            "legend": LEGEND,
        }
        by_category["xOffset"] = {"field": "series", "type": "nominal", "sort": names}
    tooltip = [
        *([{"field": "series", "title": "series"}] if len(names) > 1 else []),
        {"field": "rules", "title": axis},
        {"field": "rate", "title": y_title, "format": fmt},
        {"field": "low", "title": "likely range (95%) from", "format": fmt},
        {"field": "high", "title": "likely range (95%) to", "format": fmt},
        {"field": "deals", "title": "deals", "format": ","},
    ]
    log_note = ", log scale" if "type" in axis_scale["scale"] else ""
    y_axis = {"title": f"{measure} ({'%' if percent else 'share'}{log_note})", **axis_scale["axis"]}

    def rates_axis(field: str) -> dict[str, Any]:
        return {
            "field": field,
            "type": "quantitative",
            "title": y_title,
            "scale": axis_scale["scale"],
            "axis": y_axis,
        }

    layers: list[dict[str, Any]] = [
        {
            "mark": {"type": "rule", "strokeWidth": 2, "color": POINT_COLOUR},
            "encoding": {**by_category, "y": rates_axis("low"), "y2": {"field": "high"}},
        },
        {
            "mark": {"type": "point", "filled": True, "size": 60},
            "encoding": {**by_category, "y": rates_axis("rate"), "tooltip": tooltip},
        },
    ]
    if lines:
        layers.append(
            {
                "data": {
                    "values": [
                        {"reference": label, "value": value * scale}
                        for label, value in lines.items()
                    ]
                },
                "encoding": {"y": rates_axis("value")},
                "layer": [
                    {"mark": {"type": "rule", "strokeDash": [6, 4], "color": "#666666"}},
                    {
                        "mark": {
                            "type": "text",
                            "x": "width",
                            "align": "right",
                            "baseline": "bottom",
                            "dy": -3,
                            "color": "#444444",
                        },
                        "encoding": {"text": {"field": "reference"}},
                    },
                ],
            }
        )
    spec = vega_spec({"text": title, "subtitle": INTERVAL_NOTE}, rows, layer=layers)
    unit = "%" if percent else ""
    summary = "\n".join(
        [f"{title} ({'95% interval' if percent else 'share, 95% interval'})"]
        + [
            f"  {r['series']}: {r['rules']}  {_figure(r['rate'])}{unit} "
            f"[{_figure(r['low'])}–{_figure(r['high'])}{unit}]"
            for r in rows
        ]
        + [f"  {label}: {_figure(value * scale)}{unit}" for label, value in lines.items()]
    )

    def draw(ax: Axes) -> None:
        positions = {category: i for i, category in enumerate(categories)}
        for shift, name in zip(offsets(len(names), 0.2), names, strict=True):
            points = [r for r in rows if r["series"] == name]
            ax.errorbar(
                [positions[r["rules"]] + shift for r in points],
                [r["rate"] for r in points],
                yerr=[
                    [max(0.0, r["rate"] - r["low"]) for r in points],
                    [max(0.0, r["high"] - r["rate"]) for r in points],
                ],
                fmt="o",
                capsize=4,
                label=name,
            )
        for label, value in lines.items():
            ax.axhline(value * scale, color="0.4", linestyle="--", linewidth=1)
            ax.annotate(
                label,
                (1, value * scale),
                xycoords=("axes fraction", "data"),
                ha="right",
                va="bottom",
                color="0.25",
            )
        if angle:  # turned as in the spec
            ax.set_xticks(range(len(categories)), categories, rotation=-angle, ha="right")
        else:  # letter over name
            ax.set_xticks(range(len(categories)), [c.replace(" · ", "\n") for c in categories])
        ax.set_xlim(-0.6, len(categories) - 0.4)
        ax.set_xlabel(axis)
        ax.set_ylabel(y_axis["title"])
        if "type" in axis_scale["scale"]:
            ax.set_yscale("symlog", linthresh=axis_scale["scale"]["constant"])
            ax.set_yticks(axis_scale["axis"]["values"])
            ax.yaxis.set_major_formatter("{x:g}")
        ax.set_ylim(0, axis_scale["scale"]["domain"][1])
        ax.set_title(f"{title}\n{INTERVAL_NOTE}")
        if len(names) > 1:
            ax.legend(fontsize="small")

    return Chart(spec, summary, draw)


def _references(references: Mapping[str, float] | None) -> dict[str, float]:
    """``references`` checked: ``{label: share}`` with shares from 0 to 1."""
    if references is None:
        return {}
    if not isinstance(references, Mapping):
        raise TypeError(
            f"references must be a mapping {{label: share}}, got {type(references).__name__}"
        )
    lines = {}
    for label, value in references.items():
        if (
            not isinstance(label, str)
            or isinstance(value, bool)
            or not isinstance(value, (int, float))
        ):
            raise TypeError(f"references must map text to a share, got {label!r}: {value!r}")
        if not 0 <= value <= 1:
            raise ValueError(f"a reference is a share from 0 to 1, got {label!r}: {value!r}")
        lines[label] = float(value)
    return lines


LOG_TICKS = (0, 0.1, 0.3, 1, 3, 10, 30, 100)
"""The ticks of a rates' axis on a log scale, in percent."""


def _rate_axis(rates: Sequence[float], tops: Sequence[float], scale: float) -> dict[str, Any]:
    """The scale and axis of rates (in percent when ``scale`` is 100, else shares): from 0 to a
    round number above every value in ``tops``, or a symmetric log scale (linear below 0.1%)
    when the positive ``rates`` span a factor of 100 or more."""
    top = _round_up(max([*tops, scale / 1000]), scale)
    positive = [rate for rate in rates if rate > 0]
    if positive and max(positive) / min(positive) >= 100:
        ticks = [tick * scale / 100 for tick in LOG_TICKS if tick * scale / 100 <= top]
        return {
            "scale": {"type": "symlog", "constant": scale / 1000, "domain": [0, top]},
            "axis": {"values": ticks, "format": ".2~r"},
        }
    return {"scale": {"domain": [0, top]}, "axis": {}}


def _round_up(value: float, most: float) -> float:
    """The first round number at or above ``value`` (at most ``most``): 0.6, 8, 80, 100."""
    power = 10.0 ** math.floor(math.log10(value))
    for step in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if step * power >= value * 1.0001:
            return min(most, step * power)
    return most


def _label_angle(labels: Sequence[str]) -> int:
    """0 when the labels fit side by side under the chart, else -45: turned, they cannot touch."""
    room = WIDTH / max(1, len(labels))
    return 0 if max((len(label) for label in labels), default=0) * CHAR_WIDTH < room - 6 else -45


RUNNING_POINTS = 400
"""The most points a running rate draws: past that many deals it draws some of them, evenly
spread on its log scale, and always the last."""


def running_rate(won: Any, published: Any = None) -> Chart:
    """The share of deals won so far after each deal, with its likely range (95%): how an
    estimate settles as deals are added (the law of large numbers).

    ``won`` says, deal by deal in the order they were dealt, whether each was won: ``True`` or
    ``False``, or an object with ``winnable`` (a
    :class:`~pyramide_widget.analysis.estimation.DealOutcome`), or an ``Estimate`` that kept
    its outcomes. ``published`` (optional) is a figure to settle towards, drawn as a dashed
    line: anything :func:`win_rates` takes, e.g. ``published_rates("N").solver``. Rows:
    ``deals``, ``won``, ``rate``, ``low``, ``high`` (in percent). The deals' axis turns
    logarithmic from 100 deals on, so the first deals and the last share the chart.
    """
    results = _won_list(won)
    if not results:
        raise ValueError("running_rate needs at least one deal")
    wins = [0]
    for result in results:
        wins.append(wins[-1] + result)
    total = len(results)
    rows: list[Row] = []
    for n in _running_points(total):
        low, high = wilson_interval(wins[n], n)
        rows.append(
            {
                "deals": n,
                "won": wins[n],
                "rate": 100 * wins[n] / n,
                "low": 100 * low,
                "high": 100 * high,
            }
        )
    last = rows[-1]
    title = (
        f"After {total:,} deals: {_percent(last['rate'])} won "
        f"(likely range {_percent(last['low'])} to {_percent(last['high'])})"
    )
    names = ["share won so far", "likely range (95%)"]
    colours = [POINT_COLOUR, "#9ecae9"]
    tops = [last["high"], *(r["high"] for r in rows)]
    goal: Row | None = None
    if published is not None:
        rate, _low, _high = estimate_rate(published)
        deals = read_field(published, "deals")
        name = f"published: {_percent(100 * rate)}" + (f" of {deals:,} deals" if deals else "")
        goal = {"name": name, "rate": 100 * rate}
        names.append(name)
        colours.append("#e45756")
        tops.append(100 * rate)
    log = total >= 100
    x_title = "deals so far" + (" (log scale)" if log else "")
    x: dict[str, Any] = {
        "field": "deals",
        "type": "quantitative",
        "title": x_title,
        "scale": {"type": "log", "domain": [1, total]} if log else {"domain": [0, total]},
        # Whole deals: Vega's "," alone rounds its ticks to their step, which drew 10 as 1e+1.
        "axis": {"format": ",d", "tickMinStep": 1},
    }
    y_scale = {"domain": [0, _round_up(max(tops), 100.0)]}

    colour = {
        "field": "series",
        "type": "nominal",
        "scale": {"domain": names, "range": colours},
        "legend": LEGEND,
    }

    def named(name: str) -> list[dict[str, str]]:
        """The transform that names a layer's marks in the legend."""
        return [{"calculate": json.dumps(name), "as": "series"}]

    y = {"type": "quantitative", "title": "deals won (%)", "scale": y_scale}
    layers: list[dict[str, Any]] = [
        {
            "transform": named(names[1]),
            "mark": {"type": "area", "opacity": 0.6},
            "encoding": {
                "x": x,
                "y": {"field": "low", **y},
                "y2": {"field": "high"},
                "color": colour,
            },
        },
        {
            "transform": named(names[0]),
            "mark": {"type": "line", "strokeWidth": 2},
            "encoding": {
                "x": x,
                "y": {"field": "rate", **y},
                "color": colour,
                "tooltip": [
                    {"field": "deals", "title": "deals so far", "format": ","},
                    {"field": "won", "title": "won", "format": ","},
                    {"field": "rate", "title": "share won (%)", "format": PERCENT},
                    {"field": "low", "title": "likely range (95%) from", "format": PERCENT},
                    {"field": "high", "title": "likely range (95%) to", "format": PERCENT},
                ],
            },
        },
    ]
    if goal is not None:
        layers.append(
            {
                "data": {"values": [goal]},
                "transform": named(goal["name"]),
                "mark": {"type": "rule", "strokeDash": [6, 4], "strokeWidth": 2},
                "encoding": {"y": {"field": "rate", **y}, "color": colour},
            }
        )
    spec = vega_spec(title, rows, layer=layers)
    summary = "\n".join(
        [title]
        + [
            f"  {r['deals']:,} deals: {r['won']:,} won = {_figure(r['rate'])}% "
            f"[{_figure(r['low'])}–{_figure(r['high'])}%]"
            for r in rows[-3:]
        ]
        + ([f"  {goal['name']}"] if goal else [])
    )

    def draw(ax: Axes) -> None:
        xs = [r["deals"] for r in rows]
        ax.fill_between(
            xs,
            [r["low"] for r in rows],
            [r["high"] for r in rows],
            color=colours[1],
            label=names[1],
        )
        ax.plot(xs, [r["rate"] for r in rows], color=colours[0], label=names[0])
        if goal is not None:
            ax.axhline(goal["rate"], color=colours[2], linestyle="--", label=goal["name"])
        if log:
            ax.set_xscale("log")
        ax.set_xlabel(x_title)
        ax.set_ylabel("deals won (%)")
        ax.set_ylim(*y_scale["domain"])
        ax.set_title(title)
        ax.legend(fontsize="small")

    return Chart(spec, summary, draw)


def _won_list(won: Any) -> list[bool]:
    """Each deal's result as ``True`` or ``False`` (see :func:`running_rate`)."""
    if hasattr(won, "outcomes") and not isinstance(won, (str, bytes)):
        if read_field(won, "keep", "all") != "all":
            raise ValueError("running_rate needs an estimate that kept its outcomes (keep='all')")
        won = won.outcomes
    if isinstance(won, (str, bytes, Mapping)) or not hasattr(won, "__iter__"):
        raise TypeError(
            f"won must be a list of True or False, one per deal, got {type(won).__name__}"
        )
    results = []
    for item in won:
        value = item.winnable if hasattr(item, "winnable") else item
        if not isinstance(value, bool):
            raise ValueError(
                f"each deal must be won (True) or lost (False), got {value!r}: "
                "an undecided deal cannot be counted"
            )
        results.append(value)
    return results


def _running_points(total: int) -> list[int]:
    """The deal counts a running rate draws: every one up to RUNNING_POINTS, else that many
    spread evenly on a log scale, the last included."""
    if total <= RUNNING_POINTS:
        return list(range(1, total + 1))
    step = math.log(total) / (RUNNING_POINTS - 1)
    return sorted({min(total, round(math.exp(i * step))) for i in range(RUNNING_POINTS)} | {total})


def _figure(value: float) -> str:
    """A number for a chart's text: four significant digits, never a power of ten (a bound
    computed as 2.7e-18 is 0)."""
    text = f"{value:.4g}"
    return f"{value:.4f}".rstrip("0").rstrip(".") if "e" in text else text


def _percent(value: float) -> str:
    """A percentage for a title: one decimal, none when it is 0 (70%, 66.6%)."""
    text = f"{value:.1f}".removesuffix(".0")
    return f"{text}%"
