"""The published win rates, shipped with the package: the solver's and the players'.

``published_rates("T")`` gives what the repository's long runs measured under a preset (or
under other rules that were measured): the solver's rate over its published deals, the rate of
each strategy that sees only what a player sees, with the solver's on the same deals, and an
outside study's figure where one exists. The figures are data in ``published_rates.json``
beside this module, read with :mod:`importlib.resources`, so they are there wherever the
package is installed, Pyodide included. ``benchmarks/package_data.py`` writes that file from
``benchmarks/results/``; nothing here reads outside the package.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from ..engine.rules import PRESETS, Rules, RulesLike, as_rules
from .rate import WinRate

__all__ = ["OutsideFigure", "PublishedRates", "Rate", "all_published_rates", "published_rates"]

DATA_FILE = "published_rates.json"
FORMAT, VERSION = "pyramide-published-rates", 1


@dataclass(frozen=True)
class Rate:
    """A published share of deals won under ``rules`` by ``player`` (``"solver"`` or a
    strategy's name), over ``deals`` deals drawn from ``seed``, with its 95% interval
    (``low``, ``high``). A solver run with a node budget (``max_nodes``) counts the deals it
    did not settle as ``undecided``: ``rate`` then counts them lost and :attr:`rate_range`
    gives both ends. A strategy's ``solver`` is the solver's rate on the same deals."""

    rules: Rules
    player: str
    about: str
    seed: int
    deals: int
    won: int
    low: float
    high: float
    undecided: int = 0
    max_nodes: int | None = None
    max_removed: Mapping[int, int] = field(default_factory=dict, repr=False)
    fewer_because: str | None = field(default=None, repr=False)
    """Why the run has fewer than 10,000 deals, when it has."""
    solver: Rate | None = field(default=None, repr=False)

    @property
    def rate(self) -> float:
        """The share of the deals won."""
        return self.won / self.deals

    @property
    def lost(self) -> int:
        return self.deals - self.won - self.undecided

    @property
    def rate_range(self) -> tuple[float, float]:
        """The share won if every undecided deal is lost, and if every one is won."""
        return WinRate(self.won, self.deals, self.undecided).rate_range

    def __str__(self) -> str:
        low, high = self.rate_range
        share = f"{100 * low:.2f}%" if low == high else f"{100 * low:.2f}–{100 * high:.2f}%"
        return (
            f"{self.player}: {self.won:,} of {self.deals:,} deals won = {share} "
            f"(95% interval {100 * self.low:.2f}–{100 * self.high:.2f}%)"
        )


@dataclass(frozen=True)
class OutsideFigure:
    """A rate published elsewhere under the same rules: ``won`` of ``deals`` by ``source``."""

    source: str
    url: str
    what: str
    won: int
    deals: int

    @property
    def rate(self) -> float:
        return self.won / self.deals


@dataclass(frozen=True)
class PublishedRates:
    """What was published under one set of rules: the solver's rate (``None``, with the
    reason in ``unpublished``, where it was not measured), each player's, strongest first, and
    an outside study's figure (or ``None``)."""

    rules: Rules
    solver: Rate | None
    players: Mapping[str, Rate]
    outside: OutsideFigure | None = None
    unpublished: str | None = None

    @property
    def expert(self) -> Rate | None:
        """The expert's rate, once it is published (``None`` until then)."""
        return self.players.get("expert")

    def __repr__(self) -> str:
        solver = "not published" if self.solver is None else str(self.solver)
        players = "".join(
            f"; {rate.player} {100 * rate.rate:.2f}%" for rate in self.players.values()
        )
        return f"<PublishedRates {self.rules.letter} {self.rules.name}: {solver}{players}>"


def published_rates(rules: RulesLike) -> PublishedRates:
    """The published rates under ``rules``: a preset letter, a :class:`~pyramide_widget.Preset`
    or :class:`~pyramide_widget.Rules` (other rules than a preset's where they were measured).

    An unknown letter is a :class:`~pyramide_widget.CodeError`; rules nothing was published for
    are a ``ValueError`` that names those that have figures."""
    wanted = as_rules(rules)
    for item in all_published_rates():
        if item.rules == wanted:
            return item
    known = ", ".join(
        f"{item.rules.letter} ({item.rules.name})"
        for item in all_published_rates()
        if item.rules.letter in PRESETS
    )
    others = sum(item.rules.letter not in PRESETS for item in all_published_rates())
    raise ValueError(
        f"no published rates for {wanted!r}: they are published for the presets {known}, "
        f"and for {others} other rule sets (all_published_rates())"
    )


@cache
def all_published_rates() -> tuple[PublishedRates, ...]:
    """Every set of rules with published rates: the presets in their order, then the others."""
    data = _data()
    if (data.get("format"), data.get("version")) != (FORMAT, VERSION):
        raise ValueError(
            f"{DATA_FILE} is not {FORMAT} version {VERSION}: reinstall pyramide-widget"
        )
    about: dict[str, str] = data["players"]
    return tuple(_entry(item, about) for item in data["entries"])


def _data() -> dict[str, Any]:
    """The file's contents, from the installed package."""
    text = resources.files(__package__).joinpath(DATA_FILE).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _entry(item: dict[str, Any], about: dict[str, str]) -> PublishedRates:
    code = item["rules"]
    rules = Rules.preset(code) if isinstance(code, str) else Rules.from_dict(code)
    players = {
        name: _rate(rules, name, about.get(name, ""), figures, about)
        for name, figures in item["players"].items()
    }
    outside = item.get("outside")
    return PublishedRates(
        rules,
        None
        if item["solver"] is None
        else _rate(rules, "solver", about["solver"], item["solver"], about),
        MappingProxyType(players),
        None if outside is None else OutsideFigure(**outside),
        item.get("unpublished"),
    )


def _rate(
    rules: Rules, player: str, text: str, figures: dict[str, Any], about: dict[str, str]
) -> Rate:
    low, high = figures["ci95"]
    solver = figures.get("solver")
    return Rate(
        rules,
        player,
        text,
        figures["seed"],
        figures["deals"],
        figures["won"],
        low,
        high,
        figures.get("undecided", 0),
        figures.get("max_nodes"),
        MappingProxyType({int(k): v for k, v in figures.get("max_removed", {}).items()}),
        figures.get("fewer_because"),
        None if solver is None else _rate(rules, "solver", about["solver"], solver, about),
    )
