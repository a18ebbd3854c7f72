"""Charts of games and of the solver's estimates, with matplotlib (the ``plot`` extra).

* :func:`score_curve` — the score against the move number of one or several games;
* :func:`win_rates` — the winnable share of deals per rules preset, with confidence intervals;
* :func:`removable_distribution` — how many deals allow removing at most k pyramid cards.

Each function draws on ``ax`` if given, else on a new figure, labels its axes and returns the
:class:`~matplotlib.axes.Axes` (whose ``repr`` is deterministic, unlike a list of artists).
Nothing here changes matplotlib's global settings. matplotlib is imported inside the functions,
so importing this module, and the engine, never needs it.

The estimate arguments are duck-typed: anything with the attributes below, or a ``dict``
with the same keys, works — the solver's estimate results have them.

* label: ``rules`` (a :class:`~pyramide_widget.Rules` or a preset letter), else ``label``;
* win rate: ``rate`` (or ``win_rate``), else ``won / deals``;
* interval: ``low`` and ``high``, or ``ci``/``ci95`` (a ``(low, high)`` pair or an object with
  ``low``/``high``);
* cards removable: ``max_removed``, a mapping ``{cards: number of deals}`` or one number per deal.

:class:`pyramide_widget.estimation.Estimate` and its ``to_dict()`` (the form of the published
results) both fit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .install import missing_dependency
from .record import Record
from .rules import PRESETS, Rules

if TYPE_CHECKING:
    from matplotlib.axes import Axes

WIN_SCORE = 280
"""R19: the score of a won game (28 pyramid cards × 10)."""


def _pyplot() -> Any:
    try:
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise missing_dependency("pyramide_widget.plot", "matplotlib", "plot", error) from None
    return plt


def _axes(ax: "Axes | None") -> "Axes":
    if ax is not None:
        return ax
    _fig, new_ax = _pyplot().subplots(figsize=(7, 4), layout="constrained")
    return new_ax


# ---------------------------------------------------------------------- score curves


def _as_record(item: Any) -> Record:
    if hasattr(item, "record") and callable(item.record) and not isinstance(item, Record):
        return item.record()  # a Game, or a widget exposing record()
    if hasattr(item, "game") and hasattr(item.game, "record"):
        return item.game.record()  # a widget
    return Record.load(item)


def score_curve(
    records: Any,
    ax: "Axes | None" = None,
    labels: Sequence[str] | None = None,
) -> "Axes":
    """Plot the score (R19) against the move number (R20) of one game or several on one chart.

    ``records`` is a :class:`~pyramide_widget.Record`, a :class:`~pyramide_widget.Game`, a
    record's JSON or text, or a list of them. Line ``i`` has ``ydata`` equal to
    ``records[i].score_curve()`` and ``xdata`` the move counter at each step (an undo keeps the
    move number and lowers the score, so it shows as a vertical drop). ``labels`` default to
    each game's code (numbered when codes repeat). A dotted line marks a won game's 280.
    """
    items = [records] if _is_single_record(records) else list(records)
    recs = [_as_record(item) for item in items]
    if labels is not None and len(labels) != len(recs):
        raise ValueError(f"got {len(labels)} labels for {len(recs)} games")
    names = list(labels) if labels is not None else _default_labels(recs)
    ax = _axes(ax)
    for record, name in zip(recs, names):
        steps = [step for step, _game in record.steps()]
        ax.plot(
            [s.moves for s in steps], [s.score for s in steps],
            drawstyle="steps-post", marker=".", markersize=3, label=name,
        )
    ax.axhline(WIN_SCORE, color="0.6", linestyle=":", linewidth=1, zorder=0)
    ax.set_xlabel("move number")
    ax.set_ylabel("score")
    ax.set_ylim(-5, WIN_SCORE + 15)
    ax.set_title("Score curve" if len(recs) == 1 else "Score curves")
    if recs:
        ax.legend(loc="lower right", fontsize="small")
    return ax


def _is_single_record(value: Any) -> bool:
    return isinstance(value, (Record, str, dict)) or hasattr(value, "record") or hasattr(value, "game")


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
    if isinstance(rules, str) and rules.upper() in PRESETS:
        return f"{rules.upper()} · {PRESETS[rules.upper()].name}"
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
    return [(estimate_label(e), e) for e in estimates]


def _looks_like_estimate(value: Any) -> bool:
    keys = ("rate", "win_rate", "max_removed", "won")
    if isinstance(value, Mapping):
        return any(k in value for k in keys)
    return any(hasattr(value, k) for k in keys)


def win_rates(
    estimates: Iterable[Any] | Mapping[str, Any] | Any,
    ax: "Axes | None" = None,
    *,
    label: str | None = None,
    offset: float = 0.0,
    percent: bool = True,
) -> "Axes":
    """Points with confidence-interval error bars: the share of winnable deals per preset.

    ``estimates`` is one estimate, a list (labelled by their rules), or a mapping
    ``{label: estimate}``. Call it again on the same ``ax`` with another ``label`` and a small
    ``offset`` (in category widths) to compare two series, e.g. a quick estimate and the
    published 10,000-deal figures; categories are matched by label.
    """
    items = _estimates(estimates)
    ax = _axes(ax)
    scale = 100.0 if percent else 1.0
    positions = _categories(ax, [name for name, _ in items])
    xs, ys, lows, highs = [], [], [], []
    for name, estimate in items:
        rate, low, high = estimate_rate(estimate)
        xs.append(positions[name] + offset)
        ys.append(rate * scale)
        lows.append(max(0.0, rate - low) * scale)
        highs.append(max(0.0, high - rate) * scale)
    ax.errorbar(xs, ys, yerr=[lows, highs], fmt="o", capsize=4, label=label)
    ax.set_xlabel("rules preset")
    ax.set_ylabel("winnable deals (%)" if percent else "winnable deals (share)")
    ax.set_ylim(0, scale * 1.05)
    ax.set_title("Winnable deals per rules preset")
    if label is not None:
        ax.legend(fontsize="small")
    return ax


def _categories(ax: "Axes", names: list[str]) -> dict[str, int]:
    """Category positions on ``ax``, shared by repeated calls (kept on the axes' tick labels)."""
    known: list[str] = list(getattr(ax, "_pyramide_categories", []))
    for name in names:
        if name not in known:
            known.append(name)
    ax._pyramide_categories = known  # type: ignore[attr-defined]
    ax.set_xticks(range(len(known)), [name.replace(" · ", "\n") for name in known])  # letter over name
    ax.set_xlim(-0.6, len(known) - 0.4)
    return {name: i for i, name in enumerate(known)}


def removable_distribution(
    estimates: Any,
    ax: "Axes | None" = None,
    *,
    share: bool = False,
) -> "Axes":
    """Bars: for each number of pyramid cards, how many deals let the solver remove at most
    that many (28 = won, under rules where clearing the pyramid wins).

    ``estimates`` is one estimate, or a list or mapping of them: several are drawn as side-by-side
    bars. ``share=True`` plots the share of deals instead of their number.
    """
    items = _estimates(estimates)
    ax = _axes(ax)
    width = 0.8 / max(1, len(items))
    for n, (name, estimate) in enumerate(items):
        dist = _distribution(estimate)
        total = sum(dist.values()) or 1
        xs = sorted(dist)
        ys = [dist[x] / total if share else dist[x] for x in xs]
        shift = (n - (len(items) - 1) / 2) * width
        ax.bar([x + shift for x in xs], ys, width=width, label=name)
    ax.set_xlabel("pyramid cards removable (at most)")
    ax.set_ylabel("share of deals" if share else "deals")
    ax.set_xlim(-1, 29)
    ax.set_title("Cards removable per deal")
    ax.legend(fontsize="small")
    return ax


__all__ = ["estimate_label", "estimate_rate", "removable_distribution", "score_curve", "win_rates"]
