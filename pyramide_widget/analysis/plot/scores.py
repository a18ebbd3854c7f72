"""Score curves: the score against the move number of one game or several."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...engine.board import POINTS_PER_CARD
from ...engine.game import Game
from ...engine.record import Record
from ...engine.table import STANDARD_TABLE
from .chart import (
    Chart,
    Row,
    vega_spec,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes

WIN_SCORE = POINTS_PER_CARD * STANDARD_TABLE.shape.size
"""R19: the score of a won game on the standard table (28 pyramid cards × 10); a score curve
marks the win of its games' tables."""


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
        for step, _game in Game.replay_steps(record)
    ]
    title = "Score curve" if len(recs) == 1 else "Score curves"
    ticks = _score_ticks(win)
    win_label = f"{win} (won)"  # the dotted line's label, on the axis where it meets it
    spec = vega_spec(
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
