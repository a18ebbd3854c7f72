"""Charts of games and of the solver's estimates, as Vega-Lite specs that every front end draws.

* :func:`score_curve` — the score against the move number of one or several games;
* :func:`win_rates` — the winnable share of deals per rules preset, with confidence intervals;
* :func:`running_rate` — the share won so far as deals are added, with its likely range;
* :func:`removable_distribution` — how many deals allow removing at most k pyramid cards;
* :func:`chance_curve` — the chance to win after each action of a game, its costliest move marked.

Each function returns a :class:`Chart`. Why Vega-Lite and not matplotlib: the offline
JupyterLite site cannot have matplotlib (PyPI carries no Pyodide wheel of it or of numpy),
while JupyterLab, Notebook 7, JupyterLite and VS Code all draw the
``application/vnd.vegalite.v5+json`` MIME type themselves. A spec is plain dicts, so this
module needs nothing beyond the standard library and one code path serves every front end.
Static exports (nbconvert HTML, GitHub) do not run Vega, so the chart's display also carries
an SVG drawn by matplotlib when matplotlib is importable, and always a plain-text summary.
:meth:`Chart.to_matplotlib` draws the same data on matplotlib ``Axes`` for people who want them.
matplotlib is imported only there, so importing this module, and the engine, never needs it.

The estimate arguments are duck-typed: anything with the attributes below, or a ``dict``
with the same keys, works — the solver's estimate results have them.

* label: ``rules`` (a :class:`~pyramide_widget.Rules` or a preset letter), else ``label``;
* win rate: ``rate`` (or ``win_rate``), else ``won / deals``;
* interval: ``low`` and ``high``, or ``ci``/``ci95`` (a ``(low, high)`` pair or an object with
  ``low``/``high``);
* cards removable: ``max_removed``, a mapping ``{cards: number of deals}`` or one number per deal.

:class:`pyramide_widget.analysis.estimation.Estimate` and its ``to_dict()`` (the form of the published
results) both fit.
"""

from __future__ import annotations

import copy
import io
import json
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.game import POINTS_PER_CARD
from ..engine.record import Record
from ..engine.rules import PRESETS, Rules
from ..engine.table import STANDARD_TABLE, TABLES
from ..engine.text import ascii_upper
from ..install import missing_dependency
from .chance_review import scale_top
from .estimation import wilson_interval

if TYPE_CHECKING:
    from matplotlib.axes import Axes

WIN_SCORE = POINTS_PER_CARD * STANDARD_TABLE.shape.size
"""R19: the score of a won game on the standard table (28 pyramid cards × 10); a score curve
marks the win of its games' tables."""

PYRAMID_CARDS = max(table.shape.size for table in TABLES.values())
"""The most pyramid cards of any table: the most a deal lets the solver remove."""

VEGA_LITE_MIME = "application/vnd.vegalite.v5+json"
VEGA_LITE_SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json"
WIDTH, HEIGHT = 520, 300
"""The chart's plotting area in pixels (a fixed size: "container" collapses in some outputs)."""

Row = dict[str, Any]

LEGEND = {"orient": "bottom", "direction": "vertical", "labelLimit": 0, "title": ""}
"""A legend under the chart, one entry a line, never shortened: as wide as its longest name
without widening the chart. Its entries name themselves, so its title is empty (JupyterLite's
Vega-Lite prints the field's name for a title of ``None`` on a layered chart)."""

PERCENT = ".2~f"
"""How tooltips write a percentage: at most two decimals (0.41, 66.6, 12)."""

INTERVAL_NOTE = "dot: share won · bar: likely range (95%)"
"""The subtitle of a chart of rates with their 95% intervals."""

POINT_COLOUR = "#4c78a8"
"""Vega-Lite's first colour: a point's, and its interval bar's where one series needs no legend."""

CHAR_WIDTH = 6.5
"""About how wide a character of an axis label is, in pixels: whether labels side by side fit."""


class Chart:
    """A chart: its Vega-Lite spec (``spec``) and the rows it plots (``data``).

    In a notebook it displays itself (``_repr_mimebundle_``): the Vega-Lite spec, drawn by
    JupyterLab, Notebook 7, JupyterLite and VS Code, plus for static exports an SVG when
    matplotlib is importable and a plain-text summary. ``to_matplotlib()`` draws the same rows
    on matplotlib ``Axes``. Build charts with the module's functions, not with this class.
    """

    def __init__(self, spec: dict[str, Any], summary: str, draw: Callable[[Axes], None]) -> None:
        self._spec = spec
        self._summary = summary
        self._draw = draw

    @property
    def spec(self) -> dict[str, Any]:
        """The Vega-Lite v5 spec, data included (a copy: changing it changes nothing here)."""
        return copy.deepcopy(self._spec)

    @property
    def data(self) -> list[Row]:
        """The rows the chart plots, one dict per point or bar (a copy)."""
        return copy.deepcopy(self._spec["data"]["values"])

    @property
    def title(self) -> str:
        """The chart's title, as drawn above it (without its subtitle)."""
        title = self._spec["title"]
        return str(title["text"] if isinstance(title, dict) else title)

    def __repr__(self) -> str:
        return f"<Chart {self.title!r}: {len(self._spec['data']['values'])} rows>"

    def __str__(self) -> str:
        return self._summary

    def to_matplotlib(self, ax: Axes | None = None) -> Axes:
        """Draw the chart on ``ax`` (a new figure when ``None``) and return the ``Axes``.

        Needs matplotlib (the ``plot`` extra); the ``ImportError`` says how to install it."""
        try:
            import matplotlib.pyplot as plt
            from matplotlib.axes import Axes
        except ImportError as error:
            raise missing_dependency(
                "pyramide_widget.analysis.plot", "matplotlib", "plot", error
            ) from None
        if ax is None:
            _fig, ax = plt.subplots(figsize=(7, 4), layout="constrained")
        elif not isinstance(ax, Axes):
            raise TypeError(f"ax must be matplotlib Axes or None, got {type(ax).__name__}")
        self._draw_as_written(ax)
        return ax

    def to_svg(self) -> str | None:
        """The chart drawn by matplotlib as SVG text, or ``None`` when matplotlib is missing.

        Drawn on a figure of its own, outside pyplot, so an inline backend does not show it a
        second time; the ``svg.hashsalt`` and the absent date make the text reproducible."""
        try:
            import matplotlib
            from matplotlib.figure import Figure
        except ImportError:
            return None
        figure = Figure(figsize=(7, 4), layout="constrained")
        self._draw_as_written(figure.add_subplot())
        buffer = io.StringIO()
        with matplotlib.rc_context({"svg.hashsalt": "pyramide-widget"}):
            figure.savefig(buffer, format="svg", metadata={"Date": None})
        return buffer.getvalue()

    def _draw_as_written(self, ax: Axes) -> None:
        """Draw the chart on ``ax``, every text as written: a ``$`` in a game's name or a label
        starts no formula (matplotlib's mathtext), which could fail to parse and lose the
        chart's whole display."""
        self._draw(ax)
        legend = ax.get_legend()
        for text in (
            ax.title,
            ax.xaxis.label,
            ax.yaxis.label,
            *(label for tick in ax.xaxis.get_major_ticks() for label in (tick.label1, tick.label2)),
            *(legend.get_texts() if legend is not None else ()),
        ):
            text.set_parse_math(False)

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The spec, the SVG and the summary, with no ``text/html``: JupyterLab ranks HTML above
        its Vega-Lite renderer and would show that instead. The metadata asks the renderer
        (vega-embed) for SVG rather than a canvas: sharp at any zoom, and its marks are elements."""
        bundle: dict[str, Any] = {VEGA_LITE_MIME: self.spec, "text/plain": self._summary}
        svg = self.to_svg()
        if svg is not None:
            bundle["image/svg+xml"] = svg
        return bundle, {VEGA_LITE_MIME: {"embed_options": {"renderer": "svg"}}}


def _check_flag(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {type(value).__name__} {value!r}")


def _spec(title: str | dict[str, str], rows: list[Row], **rest: Any) -> dict[str, Any]:
    return {
        "$schema": VEGA_LITE_SCHEMA,
        "title": title,
        "width": WIDTH,
        "height": HEIGHT,
        "data": {"values": rows},
        **rest,
    }


# ---------------------------------------------------------------------- score curves


def _as_record(item: Any) -> Record:
    if hasattr(item, "record") and callable(item.record) and not isinstance(item, Record):
        record: Record = item.record()  # a Game, or a widget exposing record()
        return record
    if hasattr(item, "game") and hasattr(item.game, "record"):
        record = item.game.record()  # a widget
        return record
    return Record.load(item)


def score_curve(records: Any, labels: Sequence[str] | None = None) -> Chart:
    """The score (R19) against the move number (R20) of one game or several on one chart.

    ``records`` is a :class:`~pyramide_widget.Record`, a :class:`~pyramide_widget.Game`, a
    record's JSON or text, or a list of them. There is one row per step of each game (``game``,
    ``step``, ``action``, ``move``, ``score``): ``score`` follows ``record.score_curve()`` and
    ``move`` is the move counter, which an undo keeps while the score drops, so an undo shows
    as a vertical drop. ``labels`` default to each game's code (numbered when codes repeat).
    A dotted line marks a won game's score (280 on the standard table, 210 on Six Rows).
    """
    items = [records] if _is_single_record(records) else list(records)
    recs = [_as_record(item) for item in items]
    win = max(
        (POINTS_PER_CARD * record.rules.table.shape.size for record in recs), default=WIN_SCORE
    )
    if labels is not None and (isinstance(labels, str) or len(labels) != len(recs)):
        count = "a string" if isinstance(labels, str) else f"{len(labels)} labels"
        raise ValueError(f"labels must be one name per game: got {count} for {len(recs)} games")
    names = [str(n) for n in labels] if labels is not None else _default_labels(recs)
    if len(set(names)) != len(names):
        raise ValueError(f"labels must differ (each names one line), got {names}")
    rows: list[Row] = [
        {
            "game": name,
            "step": step.index,
            "action": step.action or "deal",
            "move": step.moves,
            "score": step.score,
        }
        for record, name in zip(recs, names, strict=True)
        for step, _game in record.steps()
    ]
    title = "Score curve" if len(recs) == 1 else "Score curves"
    ticks = _score_ticks(win)
    win_label = f"{win} (won)"  # the dotted line's label, on the axis where it meets it
    spec = _spec(
        title,
        rows,
        layer=[
            {
                "mark": {"type": "line", "interpolate": "step-after", "point": {"size": 16}},
                "encoding": {
                    "x": {"field": "move", "type": "quantitative", "title": "move number"},
                    "y": {
                        "field": "score",
                        "type": "quantitative",
                        "title": "score",
                        "scale": {"domain": [0, win + 20]},
                        "axis": {
                            "values": ticks,
                            "labelExpr": f"datum.value == {win} ? '{win_label}' : datum.label",
                        },
                    },
                    "color": {
                        "field": "game",
                        "type": "nominal",
                        "title": "game",
                        "sort": names,
                        "legend": {"labelLimit": 0},
                    },
                    "order": {"field": "step", "type": "quantitative"},
                    "tooltip": [{"field": f} for f in ("game", "step", "action", "move", "score")],
                },
            },
            {
                "data": {"values": [{"score": win}]},
                "mark": {"type": "rule", "strokeDash": [2, 3], "color": "#999999"},
                "encoding": {"y": {"field": "score", "type": "quantitative"}},
            },
        ],
    )
    summary = "\n".join(
        [title + " (move number: score)"]
        + [
            f"  {name}: {len(record)} actions, ends at move {last['move']} with score {last['score']}"
            for record, name in zip(recs, names, strict=True)
            for last in [[r for r in rows if r["game"] == name][-1]]
        ]
    )

    def draw(ax: Axes) -> None:
        for name in names:
            points = [r for r in rows if r["game"] == name]
            ax.plot(
                [r["move"] for r in points],
                [r["score"] for r in points],
                drawstyle="steps-post",
                marker=".",
                markersize=3,
                label=name,
            )
        ax.axhline(win, color="0.6", linestyle=":", linewidth=1, zorder=0)
        ax.set_yticks(ticks, [win_label if t == win else str(t) for t in ticks])
        ax.set_xlabel("move number")
        ax.set_ylabel("score")
        ax.set_ylim(-5, win + 15)
        ax.set_title(title)
        if names:
            ax.legend(loc="lower right", fontsize="small")

    return Chart(spec, summary, draw)


def _score_ticks(win: int) -> list[int]:
    """The score axis's ticks: every 50 points, and the score of a won game, which the dotted
    line marks (a tick too close below it is left out, so their labels do not touch)."""
    return [*range(0, win - 25, 50), win]


def _is_single_record(value: Any) -> bool:
    return (
        isinstance(value, (Record, str, dict)) or hasattr(value, "record") or hasattr(value, "game")
    )


def _default_labels(records: Sequence[Record]) -> list[str]:
    names = [r.code or "custom layout" for r in records]
    counts = Counter(names)
    seen: Counter[str] = Counter()
    labels = []
    for name in names:
        seen[name] += 1
        labels.append(f"{name} #{seen[name]}" if counts[name] > 1 else name)
    return labels


# ---------------------------------------------------------------------- estimates


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def estimate_label(estimate: Any) -> str:
    """The preset letter and name of an estimate (``"N · Standard"``), or its ``label``."""
    rules = _get(estimate, "rules")
    if isinstance(rules, Rules):
        return f"{rules.letter} · {rules.name}" if rules.letter in PRESETS else rules.name
    if isinstance(rules, str) and ascii_upper(rules) in PRESETS:
        return f"{ascii_upper(rules)} · {PRESETS[ascii_upper(rules)].name}"
    label = _get(estimate, "label")
    if label is None:
        raise ValueError("an estimate needs 'rules' (Rules or a preset letter) or a 'label'")
    return str(label)


def estimate_rate(estimate: Any) -> tuple[float, float, float]:
    """``(win rate, low, high)`` of an estimate, as fractions."""
    rate = _get(estimate, "win_rate", _get(estimate, "rate"))
    if rate is None:
        won, deals = _get(estimate, "won"), _get(estimate, "deals")
        if won is None or not deals:
            raise ValueError("an estimate needs 'rate' (or 'win_rate'), or 'won' and 'deals'")
        rate = won / deals
    ci = _get(estimate, "ci", _get(estimate, "ci95"))
    if ci is None:
        low, high = _get(estimate, "low", rate), _get(estimate, "high", rate)
    elif hasattr(ci, "low") and hasattr(ci, "high"):
        low, high = ci.low, ci.high
    else:
        low, high = ci
    return float(rate), float(low), float(high)


def _distribution(estimate: Any) -> dict[int, int]:
    data = _get(estimate, "max_removed")
    if data is None:
        raise ValueError("an estimate needs 'max_removed': {cards: deals} or one number per deal")
    if isinstance(data, Mapping):
        return {int(k): int(v) for k, v in data.items()}
    return dict(Counter(int(x) for x in data))


def _estimates(estimates: Any) -> list[tuple[str, Any]]:
    if isinstance(estimates, Mapping) and not _looks_like_estimate(estimates):
        return [(str(k), v) for k, v in estimates.items()]
    if _looks_like_estimate(estimates):
        return [(estimate_label(estimates), estimates)]
    if isinstance(estimates, (str, bytes)) or not hasattr(estimates, "__iter__"):
        raise TypeError(
            "estimates must be an estimate, a list of them or a mapping {label: estimate}, "
            f"got {type(estimates).__name__}"
        )
    return [(estimate_label(e), e) for e in estimates]


def _looks_like_estimate(value: Any) -> bool:
    keys = ("rate", "win_rate", "max_removed", "won")
    if isinstance(value, Mapping):
        return any(k in value for k in keys)
    return any(hasattr(value, k) for k in keys)


def _series(
    series: tuple[Any, ...], labels: Sequence[str] | None
) -> list[tuple[str, list[tuple[str, Any]]]]:
    """``(series name, [(category, estimate), ...])`` for each positional argument."""
    if not series:
        raise TypeError(
            "give at least one estimate, list of estimates or mapping {label: estimate}"
        )
    if labels is not None and (isinstance(labels, str) or len(labels) != len(series)):
        count = "a string" if isinstance(labels, str) else f"{len(labels)} labels"
        raise ValueError(
            f"labels must be one name per series: got {count} for {len(series)} series"
        )
    names = (
        [str(n) for n in labels]
        if labels is not None
        else ["estimate" if len(series) == 1 else f"series {i}" for i in range(1, len(series) + 1)]
    )
    return [(name, _estimates(s)) for name, s in zip(names, series, strict=True)]


def _categories(groups: list[tuple[str, list[tuple[str, Any]]]]) -> list[str]:
    """The categories in order of first appearance across the series."""
    return list(dict.fromkeys(category for _name, items in groups for category, _e in items))


def _offsets(count: int, width: float) -> list[float]:
    return [(i - (count - 1) / 2) * width for i in range(count)]


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
    _check_flag("percent", percent)
    for name, value in (("title", title), ("axis", axis), ("measure", measure)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be text, got {type(value).__name__} {value!r}")
    lines = _references(references)
    groups = _series(estimates, labels)
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
                    "deals": _get(estimate, "deals"),
                }
            )
    categories = _categories(groups)
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
    spec = _spec({"text": title, "subtitle": INTERVAL_NOTE}, rows, layer=layers)
    unit = "%" if percent else ""
    summary = "\n".join(
        [f"{title} ({'95% interval' if percent else 'share, 95% interval'})"]
        + [
            f"  {r['series']}: {r['rules']}  {r['rate']:.4g}{unit} [{r['low']:.4g}–{r['high']:.4g}{unit}]"
            for r in rows
        ]
        + [f"  {label}: {value * scale:.4g}{unit}" for label, value in lines.items()]
    )

    def draw(ax: Axes) -> None:
        positions = {category: i for i, category in enumerate(categories)}
        for shift, name in zip(_offsets(len(names), 0.2), names, strict=True):
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
        deals = _get(published, "deals")
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
        "axis": {"format": ","},
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
    spec = _spec(title, rows, layer=layers)
    summary = "\n".join(
        [title]
        + [
            f"  {r['deals']:,} deals: {r['won']:,} won = {r['rate']:.4g}% [{r['low']:.4g}–{r['high']:.4g}%]"
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
        if _get(won, "keep", "all") != "all":
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


def _percent(value: float) -> str:
    """A percentage for a title: one decimal, none when it is 0 (70%, 66.6%)."""
    text = f"{value:.1f}".removesuffix(".0")
    return f"{text}%"


def removable_distribution(*estimates: Any, share: bool = False) -> Chart:
    """Bars: for each number of pyramid cards, how many deals let the solver remove at most
    that many (28 = the pyramid cleared: a win, under rules where that is enough).

    Each positional argument is one estimate, or a list or mapping ``{label: estimate}`` of
    them; every estimate is one group of bars, side by side, named by its rules or its label.
    ``share=True`` plots the share of each estimate's deals (in percent) instead of their
    number. Rows: ``series``, ``cards``, ``deals``, ``percent``.
    """
    _check_flag("share", share)
    if not estimates:
        raise TypeError(
            "give at least one estimate, list of estimates or mapping {label: estimate}"
        )
    items = [item for group in estimates for item in _estimates(group)]
    rows: list[Row] = []
    for name, estimate in items:
        dist = _distribution(estimate)
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
    spec = _spec(title, rows, mark={"type": "bar"}, encoding=encoding)
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
        for shift, name in zip(_offsets(len(names), width), names, strict=True):
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


# ---------------------------------------------------------------------- the chance over a game

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
    spec = _spec(title, rows, layer=layers)
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


__all__ = [
    "Chart",
    "chance_curve",
    "estimate_label",
    "estimate_rate",
    "removable_distribution",
    "running_rate",
    "score_curve",
    "win_rates",
]
