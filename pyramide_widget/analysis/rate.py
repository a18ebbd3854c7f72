"""A win rate and its likely range: the one arithmetic of rates that the estimates
(:mod:`.estimation`), the published figures (:mod:`.published`), the chance (:mod:`.chance`)
and the charts share."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(won: int, total: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for ``won`` successes out of ``total`` (95% by default).

    Chosen over the textbook ``p ± z·sqrt(p(1-p)/n)`` because it stays inside [0, 1] and keeps
    its coverage when the rate is near 0, as it is for the strict rules."""
    if total <= 0:
        raise ValueError("the interval needs at least one deal")
    if not 0 <= won <= total:
        raise ValueError(f"won must be between 0 and {total}, got {won}")
    p = won / total
    z2 = z * z
    denominator = 1 + z2 / total
    centre = (p + z2 / (2 * total)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class WinRate:
    """``won`` of ``total`` deals (or layouts), and ``undecided`` ones a search left open,
    counted neither way."""

    won: int
    total: int
    undecided: int = 0

    @property
    def rate(self) -> float:
        """The share won, every undecided one counted lost (a lower bound)."""
        return self.won / self.total

    @property
    def rate_range(self) -> tuple[float, float]:
        """The share won if every undecided one is lost, and if every one is won."""
        return self.won / self.total, (self.won + self.undecided) / self.total

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson bounds of the two ends of :attr:`rate_range`: the low bound of the
        share won, the high bound of the share won or undecided."""
        return (
            wilson_interval(self.won, self.total)[0],
            wilson_interval(self.won + self.undecided, self.total)[1],
        )
