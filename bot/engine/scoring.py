"""Scoring one hand (RULES.md 1.8 and the scoring options of section 2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from .rules import RuleSet
from .tricks import HAND_TOTAL


@mypyc_attr(native_class=False)  # a plain dataclass even when compiled: copy/pickle work
@dataclass(frozen=True, slots=True)
class HandScore:
    """What each pair scores, and why: ``nat`` (makers failed), ``pit`` (pair with all tricks)."""

    scores: tuple[int, int]
    nat: bool
    pit: int | None
    makers: int
    zero_bonus: bool = False


def _check(makers: int, points: Sequence[int], roem: Sequence[int], tricks: Sequence[int]) -> None:
    """Refuse numbers no hand can produce, so the calculator never scores nonsense."""
    if makers != 0 and makers != 1:
        raise ValueError(f"makers must be pair 0 or 1, not {makers!r}")
    p0, p1 = points
    r0, r1 = roem
    t0, t1 = tricks
    if p0 < 0 or p1 < 0 or p0 + p1 != HAND_TOTAL:
        raise ValueError(f"card points incl. last trick must be >= 0 and add up to {HAND_TOTAL}")
    if r0 < 0 or r1 < 0 or r0 % 10 or r1 % 10:
        raise ValueError("roem is a non-negative multiple of 10")
    if t0 < 0 or t1 < 0 or t0 + t1 != 8:
        raise ValueError("the pairs' tricks must add up to 8")
    if (t0 == 0 and (p0 or r0)) or (t1 == 0 and (p1 or r1)):
        raise ValueError("a pair without tricks cannot have card points or roem")


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
    pit = 0 if tricks[0] == 8 else 1 if tricks[1] == 8 else None
    totals = [points[0] + roem[0], points[1] + roem[1]]
    if pit is not None:
        totals[pit] += rules.pit_bonus
    if rules.nat_counts_roem:
        nat = points[makers] + roem[makers] <= points[defenders] + roem[defenders]
    else:
        nat = points[makers] <= points[defenders]
    scores = totals
    if nat and rules.nat_enabled:
        scores[makers] = 0
        scores[defenders] = HAND_TOTAL + roem[0] + roem[1]
        scores[defenders] += rules.pit_bonus if pit == defenders else 0
    zero = not nat and pit is None and scores[defenders] == 0 and rules.zero_bonus > 0
    if zero:
        scores[makers] += rules.zero_bonus
    return HandScore((scores[0], scores[1]), nat, pit, makers, zero)
