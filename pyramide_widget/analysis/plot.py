"""Charts of games and of the solver's estimates, as Vega-Lite specs that every front end draws.

* :func:`score_curve` — the score against the move number of one or several games;
* :func:`win_rates` — the winnable share of deals per rules preset, with confidence intervals;
* :func:`removable_distribution` — how many deals allow removing at most k pyramid cards.

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
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.game import POINTS_PER_CARD
from ..engine.record import Record
from ..engine.rules import PRESETS, Rules
from ..engine.table import STANDARD_TABLE, TABLES
from ..engine.text import ascii_upper
from ..install import missing_dependency

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
        """The chart's title, as drawn above it."""
        return str(self._spec["title"])

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


def _spec(title: str, rows: list[Row], **rest: Any) -> dict[str, Any]:
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
                    },
                    "color": {"field": "game", "type": "nominal", "title": "game", "sort": names},
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
        ax.set_xlabel("move number")
        ax.set_ylabel("score")
        ax.set_ylim(-5, win + 15)
        ax.set_title(title)
        if names:
            ax.legend(loc="lower right", fontsize="small")

    return Chart(spec, summary, draw)


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
) -> Chart:
    """Points with confidence-interval bars: the share of winnable deals per preset.

    Each positional argument is one series: one estimate, a list (labelled by their rules), or
    a mapping ``{label: estimate}``. Several series, e.g. a quick estimate and the published
    10,000-deal figures, are drawn side by side per category and named by ``labels``. Rows:
    ``series``, ``rules``, ``rate``, ``low``, ``high`` (in percent, or shares if not
    ``percent``), ``deals`` when the estimate has it. ``title``, ``axis`` (the categories' axis)
    and ``measure`` (the rates' axis) name what is drawn when the categories are not presets, e.g.
    the strategies that played (``measure="deals won"``).
    """
    _check_flag("percent", percent)
    for name, value in (("title", title), ("axis", axis), ("measure", measure)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be text, got {type(value).__name__} {value!r}")
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
    x = {
        "field": "rules",
        "type": "nominal",
        "title": axis,
        "sort": categories,
        "axis": {"labelAngle": 0},
    }
    y_scale = {"domain": [0, scale]}
    encoding: dict[str, Any] = {
        "x": x,
        "color": {"field": "series", "type": "nominal", "title": None, "sort": names},
    }
    if len(names) > 1:
        encoding["xOffset"] = {"field": "series", "type": "nominal", "sort": names}
    spec = _spec(
        title,
        rows,
        encoding=encoding,
        layer=[
            {
                "mark": {"type": "rule", "strokeWidth": 2},
                "encoding": {
                    "y": {
                        "field": "low",
                        "type": "quantitative",
                        "title": y_title,
                        "scale": y_scale,
                    },
                    "y2": {"field": "high"},
                },
            },
            {
                "mark": {"type": "point", "filled": True, "size": 60},
                "encoding": {
                    "y": {
                        "field": "rate",
                        "type": "quantitative",
                        "title": y_title,
                        "scale": y_scale,
                    },
                    "tooltip": [
                        {"field": f} for f in ("series", "rules", "rate", "low", "high", "deals")
                    ],
                },
            },
        ],
    )
    unit = "%" if percent else ""
    summary = "\n".join(
        [f"{title} ({'95% interval' if percent else 'share, 95% interval'})"]
        + [
            f"  {r['series']}: {r['rules']}  {r['rate']:.4g}{unit} [{r['low']:.4g}–{r['high']:.4g}{unit}]"
            for r in rows
        ]
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
        ax.set_xticks(
            range(len(categories)), [c.replace(" · ", "\n") for c in categories]
        )  # letter over name
        ax.set_xlim(-0.6, len(categories) - 0.4)
        ax.set_xlabel(axis)
        ax.set_ylabel(y_title)
        ax.set_ylim(0, scale * 1.05)
        ax.set_title(title)
        if len(names) > 1:
            ax.legend(fontsize="small")

    return Chart(spec, summary, draw)


def removable_distribution(*estimates: Any, share: bool = False) -> Chart:
    """Bars: for each number of pyramid cards, how many deals let the solver remove at most
    that many (28 = the pyramid cleared: a win, under rules where that is enough).

    Each positional argument is one estimate, or a list or mapping ``{label: estimate}`` of
    them; every estimate is one group of bars, side by side, named by its rules or its label.
    ``share=True`` plots the share of each estimate's deals instead of their number. Rows:
    ``series``, ``cards``, ``deals``, ``share``.
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
            {"series": name, "cards": k, "deals": dist[k], "share": dist[k] / total}
            for k in sorted(dist)
        ]
    names = [name for name, _ in items]
    measure = "share" if share else "deals"
    y_title = "share of deals" if share else "deals"
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
        "color": {"field": "series", "type": "nominal", "title": None, "sort": names},
        "tooltip": [{"field": f} for f in ("series", "cards", "deals", "share")],
    }
    if len(names) > 1:
        encoding["xOffset"] = {"field": "series", "type": "nominal", "sort": names}
    spec = _spec(title, rows, mark={"type": "bar"}, encoding=encoding)
    summary = "\n".join(
        [f"{title} (cards: {measure})"]
        + [
            f"  {name}: "
            + ", ".join(
                f"{r['cards']}: {r['share']:.3g}" if share else f"{r['cards']}: {r['deals']}"
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


__all__ = [
    "Chart",
    "estimate_label",
    "estimate_rate",
    "removable_distribution",
    "score_curve",
    "win_rates",
]
