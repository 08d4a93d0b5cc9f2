"""Season tables and player statistics on worked examples."""

from __future__ import annotations

from fractions import Fraction

from bot.engine import RuleSet
from bot.league.draw import RoundDraw, TablePlan
from bot.league.entry import hand_line
from bot.league.results import TableResult
from bot.league.season import SeasonTable, season_table
from bot.league.settings import Counting
from bot.league.standings import NightData
from bot.league.stats import player_season

# Player 1: 3000, 2000, 2900 (7900). Player 2: 2500, 2600, 2700 (7800). Player 3: 2800,
# 3100 (5900).
NIGHTS = [{1: 3000, 2: 2500, 3: 2800}, {1: 2000, 2: 2600}, {2: 2700, 3: 3100}, {1: 2900}]


def listing(table: SeasonTable) -> list[tuple[int, int, Fraction]]:
    return [(r.place, r.user_id, r.value) for r in table.ranked]


def test_all_nights_count() -> None:
    table = season_table(NIGHTS, Counting())
    assert listing(table) == [(1, 1, 7900), (2, 2, 7800), (3, 3, 5900)]
    assert table.below_minimum == ()


def test_best_two_ties_broken_by_all_points() -> None:
    # best 2: player 1 3000 + 2900 = 5900, player 3 3100 + 2800 = 5900, player 2 5300
    table = season_table(NIGHTS, Counting("best", 2))
    assert listing(table) == [(1, 1, 5900), (2, 3, 5900), (3, 2, 5300)]
    assert table.ranked[0].counted == (3000, 2900)


def test_average_of_best_two_with_minimum_attendance() -> None:
    table = season_table(NIGHTS, Counting("average_best", 2, min_nights=3))
    assert listing(table) == [(1, 1, 2950), (2, 2, 2650)]
    assert [(r.user_id, r.value, r.nights) for r in table.below_minimum] == [(3, 2950, 2)]


def test_average_of_best_three_averages_the_nights_a_player_has() -> None:
    table = season_table(NIGHTS, Counting("average_best", 3))
    assert listing(table) == [(1, 3, 2950), (2, 1, Fraction(7900, 3)), (3, 2, 2600)]


def test_equal_counted_and_total_points_share_a_place() -> None:
    table = season_table([{1: 100, 2: 100, 3: 50}], Counting())
    assert listing(table) == [(1, 1, 100), (1, 2, 100), (3, 3, 50)]


def test_player_season_from_sheet_lines_and_totals() -> None:
    rules = RuleSet()
    lines = (
        hand_line(0, (100, 62), (20, 0), rules),  # pair 0 makes 120 - 62
        hand_line(0, (60, 102), (0, 0), rules),  # pair 0 goes nat: 0 - 162
        hand_line(1, (0, 162), (0, 0), rules),  # pair 1 pit: 0 - 262
    )
    sheet = TableResult.of_lines((1, 2, 3, 4), lines)
    totals = TableResult((5, 1, 6, 7), (1300, 1250), (40, 60), (1, 0), 16, source="totals")
    night_one = NightData(
        [
            RoundDraw(1, "a", (TablePlan((1, 2, 3, 4)),)),
            RoundDraw(2, "b", (TablePlan((5, 1, 6, 7)),)),
        ],
        {(1, 0): sheet, (2, 0): totals},
    )
    night_two = NightData([RoundDraw(1, "c", (TablePlan((2, 3, 4, 5)),), byes=(1,))], {})
    stats = player_season(1, [night_one, night_two])
    assert (stats.nights, stats.rounds, stats.hands) == (2, 2, 3 + 16)
    assert stats.points == (120 + 0 + 0) + 1250  # pair 0 at the sheet, pair 1 at the totals
    assert (stats.hands_as_maker, stats.nat, stats.pits, stats.roem) == (2, 1 + 0, 0, 20 + 60)
    assert stats.partners == {3, 7}
    assert stats.nat_rate == 0.5
    assert stats.points_per_hand == 1370 / 19
    two = player_season(2, [night_one])
    assert (two.pits, two.hands_as_maker, two.points, two.nat) == (1, 1, 62 + 162 + 262, 0)
