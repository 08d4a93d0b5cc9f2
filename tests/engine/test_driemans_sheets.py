"""Score-sheet lines of a table of three (bot/engine/driemans_sheets.py): the worked examples
of VARIANTS 5.9 as lines, the options, the refusals, and every line random play scores."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import DriemansMatch, DriemansPhase, ErrorCode, InvalidInput, RuleSet
from bot.engine.driemans_sheets import MOST_THREE_ROEM, check_three_line

from .test_driemans import played_example, random_action

DRIEMANS = RuleSet.game_preset("driemans")


def test_example_5_9_1_a_made_hand() -> None:
    scores = played_example().result
    assert scores is not None and scores.scores == (13, 149, 13)
    line = check_three_line([13, 149, 13], DRIEMANS)
    assert (line.solo, line.nat, line.pit, line.roem) == (1, False, None, 0)


def test_example_5_9_3_nat_and_level_totals() -> None:
    line = check_three_line([202, 0, 202], DRIEMANS)
    assert (line.solo, line.nat, line.roem) == (1, True, 40)
    # both totals 81 is nat too: the solo's 81 beside two 81s is no line a hand writes
    with pytest.raises(InvalidInput) as level:
        check_three_line([81, 81, 81], DRIEMANS)
    assert level.value.code == ErrorCode.THREE_LINE_NO_SOLO


def test_example_5_9_4_pit_with_and_without_roem() -> None:
    line = check_three_line([0, 262, 0], DRIEMANS)
    assert (line.solo, line.nat, line.pit, line.roem) == (1, False, 0, 0)
    assert check_three_line([0, 302, 0], DRIEMANS).roem == 40
    nat_pit = check_three_line([282, 0, 282], DRIEMANS)  # the defenders took all ten
    assert nat_pit.nat and nat_pit.pit == 1 and nat_pit.roem == 20


def test_example_5_9_5_roem_of_forty_in_one_hand() -> None:
    # the solo's 102 card points and 40 (run and stuk), the defenders' 60 and a run of 20
    assert check_three_line([80, 102 + 40, 80], DRIEMANS).roem == 60


@pytest.mark.parametrize(
    ("scores", "code"),
    [
        ([13, 149], ErrorCode.THREE_SCORES),
        ([13, 149, 13.0], ErrorCode.THREE_SCORES),
        ([10, 149, 13], ErrorCode.THREE_LINE_NO_SOLO),
        ([-(10**9), 10**9 + 162, -(10**9)], ErrorCode.THREE_LINE_NEGATIVE),
        ([13, 150, 13], ErrorCode.THREE_LINE_SUM),  # 163: no roem of 1
        ([13, 159, 13], ErrorCode.THREE_LINE_SUM),  # roem of 10: three-card tricks give 20s
        ([90, 0, 90], ErrorCode.THREE_LINE_NAT),
        ([172, 0, 172], ErrorCode.THREE_LINE_NAT),
        ([100, 90, 100], ErrorCode.THREE_LINE_SOLO_LOW),
        ([0, 162 + MOST_THREE_ROEM + 100 + 20, 0], ErrorCode.THREE_LINE_SUM),
    ],
)
def test_refusals(scores: list[Any], code: ErrorCode) -> None:
    with pytest.raises(InvalidInput) as refused:
        check_three_line(scores, DRIEMANS)
    assert refused.value.code == code
    assert refused.value.facts["scores"] == scores


def test_nat_by_card_points_lets_the_solo_score_less_than_the_defenders() -> None:
    rules = DRIEMANS.with_options(nat_counts_roem=False)
    assert not check_three_line([112, 90, 112], rules).nat  # 70 + 40 roem against 72
    with pytest.raises(InvalidInput):
        check_three_line([112, 90, 112], DRIEMANS)


def test_solo_only_lines() -> None:
    rules = DRIEMANS.with_options(three_player_scoring="solo_only")
    assert check_three_line([0, 149, 0], rules).solo == 1
    nat = check_three_line([0, 0, -202], rules)
    assert (nat.solo, nat.nat, nat.roem) == (2, True, 40)
    for bad in ([13, 149, 13], [0, -170, 0], [0, 0, 0]):
        with pytest.raises(InvalidInput):
            check_three_line(bad, rules)


def test_discard_to_the_defenders_and_to_no_one() -> None:
    defenders = DRIEMANS.with_options(discard_to="defenders")
    assert check_three_line([4, 258, 4], defenders).pit == 0  # 158 + 100; the discard theirs
    none = DRIEMANS.with_options(discard_to="none")
    assert check_three_line([9, 149, 9], none).roem == 0  # a discard of 4 counts for no one


@pytest.mark.parametrize("seed", range(8))
def test_every_line_random_play_scores_is_accepted(seed: int) -> None:
    rng = random.Random(seed)
    options: dict[str, Any] = {
        "discard_to": rng.choice(["solo", "defenders", "none"]),
        "three_player_scoring": rng.choice(["each_defender", "solo_only"]),
        "nat_counts_roem": rng.choice([True, False]),
        "match_hands": 6,
    }
    rules = DRIEMANS.with_options(**options)
    match = DriemansMatch(rules, f"sheet-{seed}")
    while not match.finished:
        hand = match.hand
        assert hand is not None
        match.apply(random_action(match, rng))
        if hand.phase == DriemansPhase.DONE:
            score = hand.result
            assert score is not None
            line = check_three_line(list(score.scores), rules)
            assert line.nat == score.nat
            assert line.solo == score.solo
