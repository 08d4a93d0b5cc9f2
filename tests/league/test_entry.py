"""Face-to-face score sheets: each line goes through the engine; the round is checked here."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import ErrorCode, InvalidInput, RuleSet
from bot.league import entry
from bot.league.entry import hand_line, sheet_result, totals_result
from bot.league.errors import LeagueError
from bot.league.settings import RoundLength

RULES = RuleSet.preset("amsterdam")  # nat counts roem, pit bonus 100
SEATS = (1, 2, 3, 4)


def refusal(call: Any, *args: Any, **kwargs: Any) -> LeagueError:
    with pytest.raises(LeagueError) as raised:
        call(*args, **kwargs)
    return raised.value


def test_a_made_hand_scores_cards_plus_roem() -> None:
    line = hand_line(0, (100, 62), (20, 0), RULES)
    assert (line.scores, line.nat, line.pit) == ((120, 62), False, None)


def test_nat_is_derived_by_the_engine() -> None:
    # makers 70 + 20 roem = 90 against 92: nat; defenders take 162 and all roem
    line = hand_line(0, (70, 92), (20, 0), RULES)
    assert (line.scores, line.nat) == ((0, 182), True)


def test_pit_is_derived_from_every_card_point() -> None:
    line = hand_line(1, (0, 162), (0, 50), RULES)
    assert (line.scores, line.pit) == ((0, 312), 1)  # 162 + 50 roem + 100 pit bonus
    no_pit = hand_line(1, (0, 162), (0, 50), RULES, pit=False)  # a zero-point trick lost
    assert (no_pit.scores, no_pit.pit) == ((0, 212), None)


@pytest.mark.parametrize(
    ("points", "roem"),
    [((100, 60), (0, 0)), ((170, -8), (0, 0)), ((100, 62), (15, 0)), ((100, 62), (0, -20))],
)
def test_a_bad_line_is_refused_by_the_engine_with_its_line_number(
    points: tuple[int, int], roem: tuple[int, int]
) -> None:
    error = refusal(hand_line, 0, points, roem, RULES, number=7)
    assert error.facts["line"] == 7
    assert isinstance(error.code, str) and error.code
    assert isinstance(error.__cause__, ValueError)


def test_a_pit_mark_the_points_deny_is_refused() -> None:
    error = refusal(hand_line, 0, (150, 12), (0, 0), RULES, pit=True)
    assert isinstance(error.__cause__, ValueError)


def test_makers_must_be_named() -> None:
    assert refusal(hand_line, None, (100, 62)).code == "makers_missing"
    assert isinstance(refusal(hand_line, 2, (100, 62)).__cause__, ValueError)


def test_the_engine_code_and_facts_are_passed_on(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any) -> None:
        raise InvalidInput(ErrorCode.POINTS_TOTAL, "card points add up to 162", total=160)

    monkeypatch.setattr(entry, "check_line", refuse)
    error = refusal(hand_line, 0, (100, 60), number=3)
    assert (error.code, error.facts) == ("points_total", {"total": 160, "line": 3})


def test_a_sheet_adds_up_its_lines() -> None:
    lines = [
        hand_line(0, (100, 62), (20, 0), RULES, number=1),  # 120 - 62
        hand_line(1, (92, 70), (0, 20), RULES, number=2),  # makers 90 vs 92: nat -> 182 - 0
        hand_line(1, (0, 162), (0, 0), RULES, number=3),  # pit: 0 - 262
    ]
    result = sheet_result(SEATS, lines, RoundLength(hands=3), RULES)
    assert result.totals == (120 + 182, 62 + 0 + 262)
    assert result.roem == (20, 20)
    assert result.nats == (0, 1)
    assert result.hands == 3


def test_a_sheet_short_of_the_round_is_refused_unless_the_target_was_reached() -> None:
    lines = [hand_line(0, (162, 0), (0, 0), RULES)] * 2  # 262 a hand for pair 0
    error = refusal(sheet_result, SEATS, lines, RoundLength(hands=16), RULES)
    assert (error.code, error.facts["hands"]) == ("round_unfinished", 2)
    both = RoundLength(hands=16, target=500)
    assert sheet_result(SEATS, lines, both, RULES).totals == (524, 0)
    assert refusal(sheet_result, SEATS, lines * 9, RoundLength(hands=16), RULES).code == (
        "hand_count"
    )


def test_round_totals_that_some_round_can_produce_are_accepted() -> None:
    # 2 hands: 324 card points + 20 roem + one pit bonus
    result = totals_result(SEATS, (344, 100), 2, RoundLength(hands=2), RULES, roem=(20, 0))
    assert (result.totals, result.source, result.lines) == ((344, 100), "totals", ())


@pytest.mark.parametrize(
    ("totals", "hands", "roem", "nats", "code"),
    [
        ((100, 100), 2, (0, 0), (0, 0), "totals_implausible"),  # less than 2 x 162
        ((400, 300), 2, (0, 0), (0, 0), "totals_implausible"),  # 376 over: > 2 pit bonuses
        ((200, 124), 2, (0, 0), (2, 1), "too_many_nat"),
        ((200, -124), 2, (0, 0), (0, 0), "negative_total"),
        ((200, 124), 3, (0, 0), (0, 0), "hand_count"),
    ],
)
def test_implausible_round_totals_are_refused(
    totals: tuple[int, int], hands: int, roem: tuple[int, int], nats: tuple[int, int], code: str
) -> None:
    error = refusal(totals_result, SEATS, totals, hands, RoundLength(hands=2), RULES, roem, nats)
    assert error.code == code


def test_round_totals_are_checked_against_the_nats() -> None:
    # Pair 1 made trump and went nat in all 16 hands: it scored 0 in each.
    args = (SEATS, (2157, 995), 16, RoundLength(hands=16), RULES, (370, 190), (16, 0))
    error = refusal(totals_result, *args)
    assert (error.code, error.facts["pair"], error.facts["most"]) == ("totals_for_nats", 0, 0)
    kept = totals_result(SEATS, (0, 3152), 16, RoundLength(hands=16), RULES, (370, 190), (16, 0))
    assert kept.nats == (16, 0)
    # Nats 0 and 0 are "not given" (/night enter does not ask them), as roem 0 and 0 are.
    unknown = totals_result(SEATS, (668, 20), 4, RoundLength(hands=4), RULES, (0, 40))
    assert unknown.totals == (668, 20)
