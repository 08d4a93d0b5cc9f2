"""Scoring one hand (docs/rules.md 1.8) and the scoring options of section 2.

``score_hand(makers, points, roem, tricks, rules)``: points include the last-trick 10, roem
is the claimed roem, tricks the number of tricks each pair took.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bot.engine import (
    ErrorCode,
    HandScore,
    InvalidInput,
    RuleSet,
    assumed_tricks,
    check_totals,
    score_hand,
)

RULES = RuleSet()


def score(
    makers: int,
    points: Sequence[int],
    roem: Sequence[int] = (0, 0),
    tricks: Sequence[int] = (4, 4),
    rules: RuleSet = RULES,
) -> HandScore:
    return score_hand(makers, list(points), list(roem), list(tricks), rules)


class TestSuccess:
    def test_each_pair_scores_its_own_total(self) -> None:
        result = score(0, (100, 62))
        assert result.scores == (100, 62)
        assert not result.nat
        assert result.pit is None
        assert result.makers == 0

    def test_makers_pair_1(self) -> None:
        result = score(1, (62, 100), (20, 50))
        assert result.scores == (82, 150)
        assert not result.nat

    def test_82_is_enough_without_roem(self) -> None:
        result = score(0, (82, 80))
        assert not result.nat
        assert result.scores == (82, 80)

    def test_own_roem_counts(self) -> None:
        result = score(0, (90, 72), (20, 0))
        assert result.scores == (110, 72)

    def test_makers_roem_saves_a_hand_below_82(self) -> None:
        # 75 + 20 = 95 against 87: strictly more, so success.
        result = score(0, (75, 87), (20, 0))
        assert not result.nat
        assert result.scores == (95, 87)

    def test_defenders_roem_is_their_own_on_success(self) -> None:
        result = score(1, (50, 112), (20, 40))
        assert not result.nat
        assert result.scores == (70, 152)


class TestNat:
    def test_tie_is_nat(self) -> None:
        result = score(0, (81, 81))
        assert result.nat
        assert result.scores == (0, 162)

    def test_tie_with_roem_is_nat(self) -> None:
        result = score(1, (71, 91), (20, 0))
        assert result.nat
        assert result.scores == (182, 0)

    def test_worked_example_82_vs_80_plus_20(self) -> None:
        result = score(0, (82, 80), (0, 20))
        assert result.nat
        assert result.scores == (0, 182)

    def test_makers_pair_1_nat(self) -> None:
        result = score(1, (80, 82), (20, 0))
        assert result.nat
        assert result.scores == (182, 0)

    def test_nat_gives_defenders_roem_of_both_pairs(self) -> None:
        # 90 + 20 = 110 against 72 + 50 = 122.
        result = score(0, (90, 72), (20, 50))
        assert result.nat
        assert result.scores == (0, 162 + 20 + 50)

    def test_fewer_points_is_nat(self) -> None:
        result = score(0, (60, 102))
        assert result.nat
        assert result.scores == (0, 162)


class TestNatOptions:
    def test_nat_counts_roem_off_judges_card_points_only(self) -> None:
        rules = RuleSet(nat_counts_roem=False)
        result = score(0, (82, 80), (0, 20), rules=rules)
        assert not result.nat
        assert result.scores == (82, 100)

    def test_nat_counts_roem_off_own_roem_does_not_save(self) -> None:
        rules = RuleSet(nat_counts_roem=False)
        result = score(0, (75, 87), (20, 0), rules=rules)
        assert result.nat
        assert result.scores == (0, 162 + 20)

    def test_nat_counts_roem_off_tie_on_points_is_nat(self) -> None:
        result = score(0, (81, 81), (50, 0), rules=RuleSet(nat_counts_roem=False))
        assert result.nat
        assert result.scores == (0, 212)

    def test_gezelligheid_failing_makers_keep_their_points(self) -> None:
        rules = RuleSet(nat_enabled=False)
        result = score(0, (82, 80), (0, 20), rules=rules)
        assert result.scores == (82, 100)

    def test_gezelligheid_tie(self) -> None:
        result = score(1, (81, 81), (20, 20), rules=RuleSet(nat_enabled=False))
        assert result.scores == (101, 101)

    def test_gezelligheid_success_unchanged(self) -> None:
        result = score(0, (100, 62), (20, 0), rules=RuleSet(nat_enabled=False))
        assert result.scores == (120, 62)


class TestPit:
    def test_makers_pit_adds_100_on_top_of_last_trick(self) -> None:
        result = score(0, (162, 0), (40, 0), (8, 0))
        assert result.pit == 0
        assert not result.nat
        assert result.scores == (162 + 40 + 100, 0)

    def test_pit_pair_1(self) -> None:
        result = score(1, (0, 162), (0, 0), (0, 8))
        assert result.pit == 1
        assert result.scores == (0, 262)

    def test_seven_tricks_is_no_pit(self) -> None:
        result = score(0, (152, 10), (0, 0), (7, 1))
        assert result.pit is None
        assert result.scores == (152, 10)

    def test_pit_by_defenders_is_nat_with_pit_bonus(self) -> None:
        result = score(0, (0, 162), (0, 20), (0, 8))
        assert result.nat
        assert result.pit == 1
        assert result.scores == (0, 162 + 20 + 100)

    def test_pit_by_defenders_without_nat(self) -> None:
        result = score(0, (0, 162), (0, 20), (0, 8), rules=RuleSet(nat_enabled=False))
        assert result.scores == (0, 282)


class TestZeroBonus:
    SLOT = RuleSet(zero_bonus=50)

    def test_makers_succeed_and_defenders_score_nothing(self) -> None:
        # The defenders took a trick of 7s and 8s (not the last): 0 points, no pit.
        result = score(0, (162, 0), (0, 0), (7, 1), rules=self.SLOT)
        assert result.scores == (212, 0)
        assert result.zero_bonus
        assert result.pit is None

    def test_off_by_default(self) -> None:
        result = score(0, (162, 0), (0, 0), (7, 1))
        assert result.scores == (162, 0)
        assert not result.zero_bonus

    def test_not_with_a_pit(self) -> None:
        result = score(0, (162, 0), (0, 0), (8, 0), rules=self.SLOT)
        assert result.scores == (262, 0)
        assert not result.zero_bonus

    def test_not_when_defenders_score(self) -> None:
        result = score(0, (160, 2), (0, 0), (7, 1), rules=self.SLOT)
        assert result.scores == (160, 2)
        assert not result.zero_bonus

    def test_not_when_makers_fail(self) -> None:
        result = score(0, (0, 162), (0, 0), (1, 7), rules=self.SLOT)
        assert result.nat
        assert result.scores == (0, 162)
        assert not result.zero_bonus


class TestNatCountsRoemOffIncludesTheLastTrick:
    """Section 2: with ``nat_counts_roem`` off the makers need more card points, the
    last-trick 10 included (``points`` always include it)."""

    def test_the_last_trick_decides(self) -> None:
        # Cards only: makers 76, defenders 76 (152). The makers take the last trick: 86
        # against 76, so they make it, although the defenders' 50 roem would sink them
        # if roem counted (86 against 126).
        rules = RuleSet(nat_counts_roem=False)
        result = score(0, (76 + 10, 76), (0, 50), rules=rules)
        assert not result.nat
        assert result.scores == (86, 126)
        assert score(0, (86, 76), (0, 50)).nat  # the default counts roem: nat

    def test_without_the_last_trick_the_same_cards_fail(self) -> None:
        # Same cards, but the defenders take the last trick: 76 against 86, nat.
        rules = RuleSet(nat_counts_roem=False)
        result = score(0, (76, 76 + 10), (0, 50), rules=rules)
        assert result.nat
        assert result.scores == (0, 162 + 50)


class TestInvalidInputs:
    @pytest.mark.parametrize(
        ("args", "code", "facts"),
        [
            ({"makers": 2}, ErrorCode.NOT_A_PAIR, {"field": "makers", "value": 2}),
            ({"makers": -1}, ErrorCode.NOT_A_PAIR, {"field": "makers", "value": -1}),
            (
                {"points": (100, 61)},
                ErrorCode.POINTS_TOTAL,
                {"points": (100, 61), "total": 162},
            ),
            (
                {"points": (100, 63)},
                ErrorCode.POINTS_TOTAL,
                {"points": (100, 63), "total": 162},
            ),
            (
                {"points": (-10, 172)},
                ErrorCode.NEGATIVE_VALUE,
                {"field": "points", "pair": 0, "value": -10},
            ),
            (
                {"points": (100, 62, 0)},
                ErrorCode.NOT_TWO_PAIRS,
                {"field": "points", "count": 3},
            ),
            ({"roem": (15, 0)}, ErrorCode.ROEM_NOT_TENS, {"pair": 0, "roem": 15}),
            ({"roem": (0, 25)}, ErrorCode.ROEM_NOT_TENS, {"pair": 1, "roem": 25}),
            (
                {"roem": (-20, 0)},
                ErrorCode.NEGATIVE_VALUE,
                {"field": "roem", "pair": 0, "value": -20},
            ),
            ({"roem": (20,)}, ErrorCode.NOT_TWO_PAIRS, {"field": "roem", "count": 1}),
            ({"tricks": (4, 3)}, ErrorCode.TRICKS_TOTAL, {"tricks": (4, 3), "total": 8}),
            ({"tricks": (5, 4)}, ErrorCode.TRICKS_TOTAL, {"tricks": (5, 4), "total": 8}),
            (
                {"tricks": (-1, 9)},
                ErrorCode.NEGATIVE_VALUE,
                {"field": "tricks", "pair": 0, "value": -1},
            ),
            (  # roem without a trick
                {"points": (162, 0), "tricks": (8, 0), "roem": (0, 20)},
                ErrorCode.SCORE_WITHOUT_TRICKS,
                {"pair": 1, "points": 0, "roem": 20},
            ),
            (  # points without a trick
                {"points": (152, 10), "tricks": (8, 0)},
                ErrorCode.SCORE_WITHOUT_TRICKS,
                {"pair": 1, "points": 10, "roem": 0},
            ),
            (  # the makers took none
                {"points": (10, 152), "tricks": (0, 8)},
                ErrorCode.SCORE_WITHOUT_TRICKS,
                {"pair": 0, "points": 10, "roem": 0},
            ),
        ],
    )
    def test_refused_with_code_and_facts(
        self, args: dict[str, Any], code: ErrorCode, facts: dict[str, Any]
    ) -> None:
        full: dict[str, Any] = {
            "makers": 0,
            "points": (100, 62),
            "roem": (0, 0),
            "tricks": (4, 4),
            **args,
        }
        with pytest.raises(InvalidInput) as info:
            score_hand(
                full["makers"],
                list(full["points"]),
                list(full["roem"]),
                list(full["tricks"]),
                RULES,
            )
        assert info.value.code == code
        assert info.value.facts == facts
        assert isinstance(info.value, ValueError)  # callers catching ValueError still do


# --------------------------------------------------------------------------- sheets


@pytest.mark.parametrize(
    ("points", "roem", "tricks"),
    [
        ((162, 0), (40, 0), (8, 0)),  # the others have nothing: a pit
        ((0, 162), (0, 0), (0, 8)),
        ((162, 0), (0, 20), (4, 4)),  # roem in a trick worth no card points: no pit
        ((100, 62), (0, 0), (4, 4)),
    ],
)
def test_assumed_tricks_read_a_sheet_line(
    points: tuple[int, int], roem: tuple[int, int], tricks: tuple[int, int]
) -> None:
    assert assumed_tricks(points, roem) == tricks
    score_hand(0, points, roem, tricks, RuleSet())  # a reading the engine accepts


def test_round_totals_span_the_bonuses() -> None:
    check_totals((162, 0), 1, None, RuleSet())
    check_totals((262, 0), 1, None, RuleSet())
    check_totals((162 * 16 + 120 + 1600, 0), 16, (120, 0), RuleSet())
    check_totals((324, 0), 2, None, RuleSet(pit_bonus=0))
    for totals, hands, rules in (((263, 0), 1, RuleSet()), ((424, 0), 2, RuleSet(pit_bonus=0))):
        with pytest.raises(InvalidInput):
            check_totals(totals, hands, (0, 0), rules)
    for makers_points in range(0, 163, 9):
        for roem in ((0, 0), (20, 50), (0, 100)):
            points = (makers_points, 162 - makers_points)
            scored = score_hand(0, points, roem, assumed_tricks(points, roem), RuleSet())
            check_totals(scored.scores, 1, roem, RuleSet())
