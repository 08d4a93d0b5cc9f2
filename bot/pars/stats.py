"""A player's average against par and its 95% confidence interval: pure arithmetic.

Each hand gives a difference d (the player's pair's score less the par's). Over n hands
the average is sum(d)/n, and the interval is the average ± t × s/√n, with s the sample
standard deviation and t Student's 97.5% quantile with n − 1 degrees of freedom: the
range that, were the hands a random sample of the player's play, holds their true
average 95 times out of 100. One hand has no interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from bot.store import ParTotals

__all__ = ["AgainstPar", "against_par", "t_quantile"]

# Student's t, 97.5% quantile, for 1..30 degrees of freedom.
_T975: Final = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
_Z975: Final = 1.959964


def t_quantile(freedom: int) -> float:
    """Student's t 97.5% quantile for ``freedom`` (≥ 1) degrees of freedom: the table up to
    30, beyond it the normal quantile with two Cornish-Fisher terms (within 0.0005)."""
    if freedom < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if freedom <= len(_T975):
        return _T975[freedom - 1]
    z = _Z975
    return z + (z**3 + z) / (4 * freedom) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * freedom**2)


@dataclass(frozen=True, slots=True)
class AgainstPar:
    """A player's hands against par: how many, the average difference in points per hand,
    the interval's half width (None below two hands) and the hands still waiting for
    their par."""

    hands: int
    average: float
    margin: float | None
    waiting: int


def against_par(totals: ParTotals) -> AgainstPar:
    """The average and interval of the stored totals."""
    n = totals.hands
    if n == 0:
        return AgainstPar(0, 0.0, None, totals.waiting)
    average = totals.total / n
    if n == 1:
        return AgainstPar(1, average, None, totals.waiting)
    variance = max(0.0, (totals.squares - n * average * average) / (n - 1))
    margin = t_quantile(n - 1) * math.sqrt(variance / n)
    return AgainstPar(n, average, margin, totals.waiting)
