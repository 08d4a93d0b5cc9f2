"""The average against par and its interval: pure arithmetic."""

from __future__ import annotations

import math

import pytest

from bot.pars import against_par
from bot.pars.stats import t_quantile
from bot.store import ParTotals


def test_no_hands_no_average() -> None:
    found = against_par(ParTotals(0, 0, 0, 3))
    assert (found.hands, found.average, found.margin, found.waiting) == (0, 0.0, None, 3)


def test_one_hand_has_no_interval() -> None:
    found = against_par(ParTotals(1, -20, 400, 0))
    assert (found.hands, found.average, found.margin) == (1, -20.0, None)


def test_the_interval_is_students() -> None:
    diffs = [10, -30, 20, 0, 40]
    totals = ParTotals(len(diffs), sum(diffs), sum(d * d for d in diffs), 0)
    found = against_par(totals)
    mean = sum(diffs) / len(diffs)
    s = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    assert found.average == pytest.approx(8.0)
    assert found.margin == pytest.approx(2.776 * s / math.sqrt(5))


def test_equal_differences_have_no_spread() -> None:
    assert against_par(ParTotals(4, 40, 400, 0)).margin == 0.0


def test_t_quantiles_join_the_normal_one() -> None:
    assert t_quantile(1) == 12.706
    assert t_quantile(30) == 2.042
    assert t_quantile(40) == pytest.approx(2.021, abs=0.001)
    assert t_quantile(120) == pytest.approx(1.980, abs=0.001)
    with pytest.raises(ValueError):
        t_quantile(0)
