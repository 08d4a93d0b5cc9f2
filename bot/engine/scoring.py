"""Scoring one hand (docs/rules.md 1.8 and the scoring options of section 2, the calls
and multipliers of 2.5 and 2.7 among them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from .errors import ErrorCode, InvalidInput
from .rules import RuleSet
from .seats import SIDE_COUNT, TRICKS_PER_HAND
from .tricks import HAND_TOTAL, hand_total


@mypyc_attr(native_class=False)  # a plain dataclass even when compiled: copy/pickle work
@dataclass(frozen=True, slots=True)
class HandScore:
    """What each pair scores, and why: ``nat`` (makers failed), ``pit`` (pair with all tricks);
    after a call (docs/rules.md 2.5) ``calls`` (k), the ``multiplier`` and the ``loser``, the
    pair marked nat whether makers or defenders; ``multiplier`` also counts double spades."""

    scores: tuple[int, int]
    nat: bool
    pit: int | None
    makers: int
    zero_bonus: bool = False
    calls: int = 0
    multiplier: int = 1
    loser: int | None = None

    @property
    def nat_pair(self) -> int | None:
        """The pair marked nat on the sheet: the failed makers, or after a call the loser."""
        if self.calls:
            return self.loser
        return self.makers if self.nat else None

    @property
    def bearing_pair(self) -> int:
        """The pair that must get more than half (docs/rules.md 2.5.4)."""
        return bearing_pair(self.makers, self.calls)


MAX_CALLS = 3  # kraak, rekraak, superkraak


def bearing_pair(makers: int, calls: int) -> int:
    """The pair that must get more than half after ``calls`` calls (docs/rules.md 2.5.4):
    the makers with no call or after a rekraak, the defenders after a kraak or superkraak."""
    return makers if calls % 2 == 0 else 1 - makers


def multiplier(calls: int, spades: bool, rules: RuleSet) -> int:
    """A hand's multiplier (docs/rules.md 2.5.3): 2 to the number of calls, doubled again
    when ``spades`` are trump under ``spades_double="multiply"`` (2.7)."""
    doubled = spades and rules.spades_double == "multiply"
    return (1 << calls) * (2 if doubled else 1)


def _check(
    makers: int,
    points: Sequence[int],
    roem: Sequence[int],
    tricks: Sequence[int],
    total: int,
    hand_roem: bool = False,
) -> None:
    """Refuse numbers no hand can produce, so the calculator never scores nonsense.

    Each refusal is an ``InvalidInput`` whose code says which rule the numbers break and
    whose facts hold the numbers (``field`` names the argument, ``pair`` the pair). The
    checks run on int locals: playouts score every hand they play. With ``hand_roem`` a
    pair without a trick may still hold roem (from the hand, docs/rules.md 2.6).
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
    if p0 + p1 != total:
        message = f"card points incl. last trick must add up to {total}"
        raise InvalidInput(ErrorCode.POINTS_TOTAL, message, points=(p0, p1), total=total)
    if r0 % 10 or r1 % 10:
        pair = 0 if r0 % 10 else 1
        message = "roem is a multiple of 10"
        raise InvalidInput(ErrorCode.ROEM_NOT_TENS, message, pair=pair, roem=roem[pair])
    if t0 + t1 != TRICKS_PER_HAND:
        message = f"the pairs' tricks must add up to {TRICKS_PER_HAND}"
        raise InvalidInput(ErrorCode.TRICKS_TOTAL, message, tricks=(t0, t1), total=TRICKS_PER_HAND)
    if hand_roem:
        r0 = r1 = 0
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
        for pair in range(SIDE_COUNT):
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
    calls: int = 0,
    spades: bool = False,
) -> HandScore:
    """Score a finished hand. ``points`` include the last-trick 10; ``roem`` is all counted
    roem (claimed trick roem and hand roem); ``calls`` the kraak calls made (0-3) and
    ``spades`` whether spades were trump (docs/rules.md 2.5 and 2.7: under
    ``spades_double="trump_values"`` the card points then add up to 224).

    Impossible numbers are refused with a coded ``InvalidInput`` (see ``_check``)."""
    if calls or spades or rules.roem_source != "trick":
        return _score_kraken(makers, points, roem, tricks, rules, calls, spades)
    _check(makers, points, roem, tricks, HAND_TOTAL)
    return _score_plain(makers, points, roem, tricks, rules, HAND_TOTAL)


def _score_kraken(
    makers: int,
    points: Sequence[int],
    roem: Sequence[int],
    tricks: Sequence[int],
    rules: RuleSet,
    calls: int,
    spades: bool,
) -> HandScore:
    """``score_hand`` with calls, double spades or roem from the hand (docs/rules.md 2.5
    to 2.7; a pair without a trick may hold hand roem): the hand decided (1.8 without a
    call, 2.5 after one), then each pair's card part and the rest scaled by the multiplier."""
    total = hand_total(spades, rules)
    _check(makers, points, roem, tricks, total, rules.roem_source != "trick")
    _check_calls(calls, rules)
    m = multiplier(calls, spades, rules)
    if not calls:
        plain = _score_plain(makers, points, roem, tricks, rules, total)
        cards = _card_part(plain, makers, points, rules, total)
        scores = [
            _scaled(cards[p], plain.scores[p] - cards[p], m, rules) for p in range(SIDE_COUNT)
        ]
        return HandScore(
            (scores[0], scores[1]), plain.nat, plain.pit, makers, plain.zero_bonus, 0, m
        )
    pit = 0 if tricks[0] == TRICKS_PER_HAND else 1 if tricks[1] == TRICKS_PER_HAND else None
    loser = _loser(makers, points, roem, rules, calls)
    winner = 1 - loser
    bonus = [pit_bonus(p, makers, rules) if pit == p else 0 for p in range(SIDE_COUNT)]
    scores = [0, 0]
    if rules.doubled_result == "each_own" and winner == makers:
        for p in range(SIDE_COUNT):
            scores[p] = _scaled(points[p], roem[p] + bonus[p], m, rules)
    else:
        scores[winner] = _scaled(total, roem[0] + roem[1] + bonus[winner], m, rules)
    return HandScore((scores[0], scores[1]), loser == makers, pit, makers, False, calls, m, loser)


def _score_plain(
    makers: int,
    points: Sequence[int],
    roem: Sequence[int],
    tricks: Sequence[int],
    rules: RuleSet,
    total: int,
) -> HandScore:
    """docs/rules.md 1.8 and the scoring options of section 2, on checked numbers (``total``:
    the hand's card points, 162 or with spades doubled 224)."""
    defenders = 1 - makers
    pit = 0 if tricks[0] == 8 else 1 if tricks[1] == 8 else None
    totals = [points[0] + roem[0], points[1] + roem[1]]
    if pit is not None:
        totals[pit] += pit_bonus(pit, makers, rules)
    if rules.nat_counts_roem:
        nat = points[makers] + roem[makers] <= points[defenders] + roem[defenders]
    else:
        nat = points[makers] <= points[defenders]
    scores = totals
    if nat and rules.nat_enabled:
        scores[makers] = 0
        scores[defenders] = total + roem[0] + roem[1]
        scores[defenders] += pit_bonus(pit, makers, rules) if pit == defenders else 0
    zero = not nat and pit is None and scores[defenders] == 0 and rules.zero_bonus > 0
    if zero:
        scores[makers] += rules.zero_bonus
    return HandScore((scores[0], scores[1]), nat, pit, makers, zero)


def pit_bonus(pair: int, makers: int, rules: RuleSet) -> int:
    """The bonus ``pair`` earns by taking every trick: ``pit_bonus``, and for the defenders
    ``counter_pit_bonus`` on top (docs/rules.md 2.1, the counter-pit)."""
    return rules.pit_bonus + (rules.counter_pit_bonus if pair != makers else 0)


def _check_calls(calls: int, rules: RuleSet) -> None:
    """Refuse calls the rule set does not allow: ``no_calls`` where it has none (no
    doubling), else ``too_many_calls`` with ``most``."""
    if calls and rules.doubling == "off":
        message = "the rules have no kraak calls"
        raise InvalidInput(ErrorCode.NO_CALLS, message, calls=calls)
    most = rules.doubling_levels if rules.doubling != "off" else 0
    if calls < 0 or calls > most:
        message = f"the rules allow at most {most} calls"
        raise InvalidInput(ErrorCode.TOO_MANY_CALLS, message, calls=calls, most=most)


def _card_part(
    plain: HandScore, makers: int, points: Sequence[int], rules: RuleSet, total: int
) -> tuple[int, int]:
    """The card points in each pair's unmultiplied score (the rest is roem and bonuses):
    its own, or on a nat all ``total`` for the defenders and none for the makers."""
    if plain.nat and rules.nat_enabled:
        return (total, 0) if makers == 1 else (0, total)
    return (points[0], points[1])


def _scaled(cards: int, extra: int, m: int, rules: RuleSet) -> int:
    """A score of ``cards`` card points and ``extra`` roem and bonuses under multiplier
    ``m``: all of it multiplied, or the card points only (``multiplier_scope``)."""
    if rules.multiplier_scope == "all":
        return (cards + extra) * m
    return cards * m + extra


def _loser(
    makers: int, points: Sequence[int], roem: Sequence[int], rules: RuleSet, calls: int
) -> int:
    """The pair that loses a called hand (docs/rules.md 2.5.5): the lower total (card
    points alone under ``nat_counts_roem=False``); a tie is lost by the bearing pair, or
    by the makers under ``double_tie="makers_lose"``."""
    with_roem = rules.nat_counts_roem
    totals = [points[p] + (roem[p] if with_roem else 0) for p in range(SIDE_COUNT)]
    if totals[0] != totals[1]:
        return 0 if totals[0] < totals[1] else 1
    return makers if rules.double_tie == "makers_lose" else bearing_pair(makers, calls)


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
