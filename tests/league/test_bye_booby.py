"""The season and night settings a club chooses: bye per round, a bye that follows the
hands per round, the booby prize among those at every round (docs/league.md's examples)."""

from __future__ import annotations

import pytest

from bot.league.draw import RoundDraw, TablePlan
from bot.league.errors import LeagueError
from bot.league.results import TableResult
from bot.league.settings import DEFAULT_TIE_BREAKS, ByePolicy, LeagueSettings, RoundLength
from bot.league.standings import NightData, NightRow, bye_score, night_ranking


def draw(number: int, *tables: tuple[int, int, int, int], byes: tuple[int, ...] = ()) -> RoundDraw:
    return RoundDraw(number, f"s:{number}", tuple(TablePlan(t) for t in tables), byes)


# Five players. Round 1: 1+3 1500 against 2+4 1100, 5 sits out. Round 2: 5+3 1200
# against 1+2 1400, 4 sits out.
R1 = draw(1, (1, 2, 3, 4), byes=(5,))
R2 = draw(2, (5, 1, 3, 2), byes=(4,))
ROUND_1 = {(1, 0): TableResult((1, 2, 3, 4), (1500, 1100), hands=16)}
ROUND_2 = {(2, 0): TableResult((5, 1, 3, 2), (1200, 1400), hands=16)}


def byes(policy: ByePolicy, results: dict[tuple[int, int], TableResult]) -> dict[int, int]:
    rows = night_ranking(NightData([R1, R2], results), "individual", policy, DEFAULT_TIE_BREAKS)
    return {row.user_id: row.bye_points for row in rows if row.byes}


def test_a_round_bye_is_scored_from_its_own_round_and_stays_once_the_round_is_complete() -> None:
    # round 1 alone: its credits 1500, 1100, 1500, 1100 -> 1300 for player 5
    assert byes("round_average", ROUND_1) == {5: 1300, 4: 0}  # round 2 has no credits yet
    both = {**ROUND_1, **ROUND_2}
    assert byes("round_average", both) == {5: 1300, 4: 1300}  # round 2: 1200 and 1400
    assert byes("round_lowest", both) == {5: 1100, 4: 1200}
    # under the night's average, player 5's round-1 bye moves as round 2 comes in
    assert byes("night_average", ROUND_1)[5] == 1300
    assert byes("night_lowest", both) == {5: 1100, 4: 1100}


def test_a_fixed_bye_follows_the_hands_per_round() -> None:
    assert bye_score("fixed_1450", "individual", [], hands=4) == 363  # 1450 x 4/16 = 362.5
    assert bye_score("fixed_1600", "individual", [], hands=8) == 800
    assert bye_score("fixed_1450", "individual", []) == 1450
    assert bye_score("fixed_1450", "duplicate", [], hands=4) == 0
    four = LeagueSettings("Kort", round_length=RoundLength(hands=4))
    assert four.bye_misfit and four.bye_hands is None  # kept at 1450: the settings warn
    follows = LeagueSettings("Kort", round_length=RoundLength(hands=4), bye_follows_hands=True)
    assert not follows.bye_misfit and follows.bye_hands == 4
    assert not LeagueSettings("Lang").bye_misfit  # 16 hands: 1450 fits
    stored = LeagueSettings.from_dict(follows.to_dict())
    assert stored == follows
    assert not LeagueSettings.from_dict({"name": "Oud"}).bye_follows_hands  # older leagues


def test_the_booby_prize_among_those_who_played_every_round() -> None:
    # Player 9 played round 1 only (200, lowest of all) and left; 1..4 played both rounds,
    # 5..7 played round 1 and sat out round 2 (1450): 6, 9's partner, ends at 1650.
    r1 = draw(1, (1, 2, 3, 4), (9, 5, 6, 7))
    r2 = draw(2, (1, 2, 3, 4), byes=(5, 6, 7))
    results = {
        (1, 0): TableResult((1, 2, 3, 4), (1500, 1100), hands=16),
        (1, 1): TableResult((9, 5, 6, 7), (200, 2400), hands=16),
        (2, 0): TableResult((1, 2, 3, 4), (1300, 1200), hands=16),
    }
    data = NightData([r1, r2], results)

    def booby(rule: str) -> list[int]:
        rows: list[NightRow] = night_ranking(
            data,
            "individual",
            "fixed_1450",
            DEFAULT_TIE_BREAKS,
            booby=rule,  # type: ignore[arg-type]
        )
        return [row.user_id for row in rows if row.booby]

    assert booby("lowest") == [9]
    assert booby("all_rounds") == [6]  # the last of those at both rounds
    assert LeagueSettings("Nieuw").booby == "all_rounds"  # what Dutch clubs do
    assert LeagueSettings.from_dict({"name": "Oud"}).booby == "lowest"  # leagues saved before
    with pytest.raises(LeagueError) as raised:
        LeagueSettings("x", booby="first")  # type: ignore[arg-type]
    assert raised.value.facts["setting"] == "booby"


def test_a_player_who_went_home_is_marked_absent_and_takes_no_booby_prize() -> None:
    # Three rounds. Player 9 plays round 1 (lowest of the night) and goes home; 5..8 sit
    # out round 3; 1..4's round-2 table is voided: they were there all the same.
    r1 = draw(1, (1, 2, 3, 4), (9, 5, 6, 7), byes=(8,))
    r2 = draw(2, (1, 2, 3, 4), (5, 6, 7, 8))
    r3 = draw(3, (1, 2, 3, 4), byes=(5, 6, 7, 8))
    results = {
        (1, 0): TableResult((1, 2, 3, 4), (1500, 1100), hands=16),
        (1, 1): TableResult((9, 5, 6, 7), (200, 2400), hands=16),
        (2, 0): TableResult((1, 2, 3, 4), (0, 0), hands=16, void=True),
        (2, 1): TableResult((5, 6, 7, 8), (1300, 1200), hands=16),
        (3, 0): TableResult((1, 2, 3, 4), (1000, 1100), hands=16),
    }
    rows = night_ranking(
        NightData([r1, r2, r3], results), "individual", "fixed_1450", DEFAULT_TIE_BREAKS
    )

    by_user = {row.user_id: row for row in rows}
    assert (by_user[9].present, by_user[9].drawn, by_user[9].absent) == (1, 3, True)
    assert [row.user_id for row in rows if row.absent] == [9]  # a bye or a void is presence
    assert rows[-1].user_id == 9 and not rows[-1].booby
    assert [row.user_id for row in rows if row.booby] == [2, 4]  # 2200, last of the night
