"""Scoring one hand (RULES.md 1.8 and the scoring options of section 2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import RuleSet
from .tricks import HAND_TOTAL


@dataclass(frozen=True, slots=True)
class HandScore:
    """What each pair scores, and why: ``nat`` (makers failed), ``pit`` (pair with all tricks)."""

    scores: tuple[int, int]
    nat: bool
    pit: int | None
    makers: int
    zero_bonus: bool = False


def _check(makers: int, points: Sequence[int], roem: Sequence[int], tricks: Sequence[int]) -> None:
    if makers not in (0, 1):
        raise ValueError(f"makers must be pair 0 or 1, not {makers!r}")
    if len(points) != 2 or len(roem) != 2 or len(tricks) != 2:
        raise ValueError("points, roem and tricks each need one number per pair")
    if min(points) < 0 or sum(points) != HAND_TOTAL:
        raise ValueError(f"card points incl. last trick must be >= 0 and add up to {HAND_TOTAL}")
    if min(roem) < 0 or any(r % 10 for r in roem):
        raise ValueError("roem is a non-negative multiple of 10")
    if min(tricks) < 0 or sum(tricks) != 8:
        raise ValueError("the pairs' tricks must add up to 8")
    for pair in (0, 1):
        if tricks[pair] == 0 and points[pair] > 0:
            raise ValueError("a pair without tricks cannot have card points")
        if tricks[pair] == 0 and roem[pair] > 0:
            raise ValueError("a pair without tricks cannot have roem")


def score_hand(
    makers: int,
    points: Sequence[int],
    roem: Sequence[int],
    tricks: Sequence[int],
    rules: RuleSet,
) -> HandScore:
    """Score a finished hand. ``points`` include the last-trick 10; ``roem`` is claimed roem."""
    _check(makers, points, roem, tricks)
    defenders = 1 - makers
    pit = next((p for p in (0, 1) if tricks[p] == 8), None)
    totals = [points[p] + roem[p] + (rules.pit_bonus if pit == p else 0) for p in (0, 1)]
    if rules.nat_counts_roem:
        nat = points[makers] + roem[makers] <= points[defenders] + roem[defenders]
    else:
        nat = points[makers] <= points[defenders]
    scores = list(totals)
    if nat and rules.nat_enabled:
        scores[makers] = 0
        scores[defenders] = HAND_TOTAL + roem[0] + roem[1]
        scores[defenders] += rules.pit_bonus if pit == defenders else 0
    zero = not nat and pit is None and scores[defenders] == 0 and rules.zero_bonus > 0
    if zero:
        scores[makers] += rules.zero_bonus
    return HandScore((scores[0], scores[1]), nat, pit, makers, zero)
