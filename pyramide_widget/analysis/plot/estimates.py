"""Reading estimates, duck-typed: an object or a ``dict`` with the keys the charts of rates
and of removable cards need (see :mod:`pyramide_widget.analysis.plot`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.rules import PRESETS, Rules
from ...engine.text import ascii_upper


def read_field(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def estimate_label(estimate: Any) -> str:
    """The preset letter and name of an estimate (``"N · Standard"``), or its ``label``."""
    rules = read_field(estimate, "rules")
    if isinstance(rules, Rules):
        return f"{rules.letter} · {rules.name}" if rules.letter in PRESETS else rules.name
    if isinstance(rules, str) and ascii_upper(rules) in PRESETS:
        return f"{ascii_upper(rules)} · {PRESETS[ascii_upper(rules)].name}"
    label = read_field(estimate, "label")
    if label is None:
        raise ValueError("an estimate needs 'rules' (Rules or a preset letter) or a 'label'")
    return str(label)


def estimate_rate(estimate: Any) -> tuple[float, float, float]:
    """``(win rate, low, high)`` of an estimate, as fractions."""
    rate = read_field(estimate, "win_rate", read_field(estimate, "rate"))
    if rate is None:
        won, deals = read_field(estimate, "won"), read_field(estimate, "deals")
        if won is None or not deals:
            raise ValueError("an estimate needs 'rate' (or 'win_rate'), or 'won' and 'deals'")
        rate = won / deals
    ci = read_field(estimate, "ci", read_field(estimate, "ci95"))
    if ci is None:
        low, high = read_field(estimate, "low", rate), read_field(estimate, "high", rate)
    elif hasattr(ci, "low") and hasattr(ci, "high"):
        low, high = ci.low, ci.high
    else:
        low, high = ci
    return float(rate), float(low), float(high)


def distribution_of(estimate: Any) -> dict[int, int]:
    data = read_field(estimate, "max_removed")
    if data is None:
        raise ValueError("an estimate needs 'max_removed': {cards: deals} or one number per deal")
    if isinstance(data, Mapping):
        return {int(k): int(v) for k, v in data.items()}
    return dict(Counter(int(x) for x in data))


def estimates_of(estimates: Any) -> list[tuple[str, Any]]:
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


def series_groups(
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
    return [(name, estimates_of(s)) for name, s in zip(names, series, strict=True)]


def ordered_categories(groups: list[tuple[str, list[tuple[str, Any]]]]) -> list[str]:
    """The categories in order of first appearance across the series."""
    return list(dict.fromkeys(category for _name, items in groups for category, _e in items))


def offsets(count: int, width: float) -> list[float]:
    return [(i - (count - 1) / 2) * width for i in range(count)]
