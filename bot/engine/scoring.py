"""Scoring one hand (docs/rules.md 1.8 and the scoring options of section 2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from .errors import ErrorCode, InvalidInput
from .rules import RuleSet
from .tricks import HAND_TOTAL, TRICKS_PER_HAND


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
    """Refuse numbers no hand can produce, so the calculator never scores nonsense.

    Each refusal is an ``InvalidInput`` whose code says which rule the numbers break and
    whose facts hold the numbers (``field`` names the argument, ``pair`` the pair). The
    checks run on int locals: playouts score every hand they play.
    """
    if makers != 0 and makers != 1:
        raise InvalidInput(
            ErrorCode.NOT_A_PAIR, "makers must be pair 0 or 1", field="makers", value=makers
        )
    if len(points) != 2 or len(roem) != 2 or len(tricks) != 2:
        raise _shape_error({"points": points, "roem": roem, "tricks": tricks})
    p0: int = points[0]
    p1: int = points[1]
    r0: int = roem[0]
    r1: int = roem[1]
    t0: int = tricks[0]
    t1: int = tricks[1]
    if p0 < 0 or p1 < 0 or r0 < 0 or r1 < 0 or t0 < 0 or t1 < 0:
        raise _shape_error({"points": points, "roem": roem, "tricks": tricks})
    if p0 + p1 != HAND_TOTAL:
        message = f"card points incl. last trick must add up to {HAND_TOTAL}"
        raise InvalidInput(ErrorCode.POINTS_TOTAL, message, points=(p0, p1), total=HAND_TOTAL)
    if r0 % 10 or r1 % 10:
        pair = 0 if r0 % 10 else 1
        message = "roem is a multiple of 10"
        raise InvalidInput(ErrorCode.ROEM_NOT_TENS, message, pair=pair, roem=roem[pair])
    if t0 + t1 != TRICKS_PER_HAND:
        message = f"the pairs' tricks must add up to {TRICKS_PER_HAND}"
        raise InvalidInput(ErrorCode.TRICKS_TOTAL, message, tricks=(t0, t1), total=TRICKS_PER_HAND)
    if (t0 == 0 and (p0 or r0)) or (t1 == 0 and (p1 or r1)):
        pair = 0 if t0 == 0 and (p0 or r0) else 1
        raise InvalidInput(
            ErrorCode.SCORE_WITHOUT_TRICKS,
            "a pair without tricks cannot have card points or roem",
            pair=pair,
            points=points[pair],
            roem=roem[pair],
        )


def _shape_error(fields: dict[str, Sequence[int]]) -> InvalidInput:
    """The first argument that is not one non-negative number per pair (off the hot path:
    ``_check`` asks only once it knows one is wrong)."""
    for field, values in fields.items():
        if len(values) != 2:
            message = f"{field} needs one number per pair"
            return InvalidInput(ErrorCode.NOT_TWO_PAIRS, message, field=field, count=len(values))
    for field, values in fields.items():
        for pair in (0, 1):
            if values[pair] < 0:
                message = f"{field} cannot be negative"
                return InvalidInput(
                    ErrorCode.NEGATIVE_VALUE, message, field=field, pair=pair, value=values[pair]
                )
    raise AssertionError("called only for a wrong shape")


def score_hand(
    makers: int,
    points: Sequence[int],
    roem: Sequence[int],
    tricks: Sequence[int],
    rules: RuleSet,
) -> HandScore:
    """Score a finished hand. ``points`` include the last-trick 10; ``roem`` is claimed roem.

    Impossible numbers are refused with a coded ``InvalidInput`` (see ``_check``)."""
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


def assumed_tricks(points: Sequence[int], roem: Sequence[int]) -> tuple[int, int]:
    """The pairs' tricks when only a hand's card points and roem are known (a score sheet,
    the score calculator): a pair with neither took no trick, so the other took all 8 (a
    pit); otherwise both took some, and how many does not change the score (4 each). A
    pair can take a trick worth nothing, so this is the usual reading, not a certainty:
    whoever knows better passes the tricks to ``score_hand`` themselves."""
    if not points[1] and not roem[1]:
        return (TRICKS_PER_HAND, 0)
    if not points[0] and not roem[0]:
        return (0, TRICKS_PER_HAND)
    half = TRICKS_PER_HAND // 2
    return (half, half)
