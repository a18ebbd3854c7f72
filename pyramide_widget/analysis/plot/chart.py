"""A chart as a Vega-Lite spec with its matplotlib drawing and text summary: what every
chart function of :mod:`pyramide_widget.analysis.plot` returns, and the look they share."""

from __future__ import annotations

import copy
import io
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...install import missing_dependency

if TYPE_CHECKING:
    from matplotlib.axes import Axes

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


def check_flag(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {type(value).__name__} {value!r}")


def vega_spec(title: str | dict[str, str], rows: list[Row], **rest: Any) -> dict[str, Any]:
    return {
        "$schema": VEGA_LITE_SCHEMA,
        "title": title,
        "width": WIDTH,
        "height": HEIGHT,
        "data": {"values": rows},
        **rest,
    }
