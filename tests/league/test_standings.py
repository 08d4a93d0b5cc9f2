"""Night rankings on worked examples: credits, byes by policy, tie-breaks, booby prize."""

from __future__ import annotations

from bot.league.draw import RoundDraw, TablePlan
from bot.league.results import TableResult
from bot.league.settings import DEFAULT_TIE_BREAKS, ByePolicy
from bot.league.standings import (
    Adjustment,
    NightData,
    NightRow,
    UnrankedSeat,
    bye_score,
    night_ranking,
    unranked_seats,
)


def draw(number: int, *tables: tuple[int, int, int, int], byes: tuple[int, ...] = ()) -> RoundDraw:
    return RoundDraw(number, f"s:{number}", tuple(TablePlan(t) for t in tables), byes)


# Five players, two rounds. Round 1: 1+3 (1500, roem 100) beat 2+4 (1100, roem 40, two nat);
# 5 sits out. Round 2: 5+3 (1200, roem 60, one nat) lose to 1+2 (1400, roem 80); 4 sits out.
R1 = draw(1, (1, 2, 3, 4), byes=(5,))
R2 = draw(2, (5, 1, 3, 2), byes=(4,))
NIGHT = NightData(
    [R1, R2],
    {
        (1, 0): TableResult((1, 2, 3, 4), (1500, 1100), (100, 40), (0, 2), 16),
        (2, 0): TableResult((5, 1, 3, 2), (1200, 1400), (60, 80), (1, 0), 16),
    },
)


def rank(data: NightData, policy: ByePolicy = "fixed_1450") -> list[NightRow]:
    return night_ranking(data, "individual", policy, DEFAULT_TIE_BREAKS)


def summary(rows: list[NightRow]) -> list[tuple[int, int, int, bool]]:
    return [(r.place, r.user_id, r.points, r.booby) for r in rows]


def test_each_player_gets_the_pair_total_and_a_fixed_bye() -> None:
    rows = rank(NIGHT)
    assert summary(rows) == [
        (1, 1, 1500 + 1400, False),
        (2, 3, 1500 + 1200, False),
        (3, 5, 1450 + 1200, False),
        (4, 4, 1100 + 1450, False),
        (5, 2, 1100 + 1400, True),
    ]
    one = rows[0]
    assert (one.rounds, one.rounds_won, one.nat, one.roem, one.byes) == (2, 2, 0, 180, 0)
    two = rows[-1]
    assert (two.rounds, two.rounds_won, two.nat, two.roem) == (2, 1, 2, 120)


def test_bye_at_the_night_average_and_the_rounds_won_tie_break() -> None:
    # eight credits: 1500, 1100, 1500, 1100, 1200, 1400, 1200, 1400 -> mean 1300
    rows = rank(NIGHT, "night_average")
    assert summary(rows) == [
        (1, 1, 2900, False),
        (2, 3, 2700, False),
        (3, 2, 2500, False),  # 2500 like player 5, but one round won against none
        (4, 5, 1300 + 1200, False),
        (5, 4, 1100 + 1300, True),
    ]


def test_bye_at_the_night_lowest_and_fixed_1600() -> None:
    lowest = {r.user_id: r.points for r in rank(NIGHT, "night_lowest")}
    assert (lowest[4], lowest[5]) == (1100 + 1100, 1100 + 1200)
    high = {r.user_id: r.bye_points for r in rank(NIGHT, "fixed_1600")}
    assert (high[4], high[5], high[1]) == (1600, 1600, 0)


def test_bye_average_rounds_half_up() -> None:
    assert bye_score("night_average", "individual", [1000, 1001]) == 1001
    assert bye_score("night_average", "individual", [1000, 1001, 1001]) == 1001  # 1000.67
    assert bye_score("night_average", "individual", []) == 0


def test_fewer_nat_then_more_roem_then_shared() -> None:
    # one round, two tables; everyone at table A ties on points and rounds won (a draw)
    night = NightData(
        [draw(1, (1, 2, 3, 4), (5, 6, 7, 8))],
        {
            (1, 0): TableResult((1, 2, 3, 4), (1000, 1000), (40, 40), (1, 1), 16),
            (1, 1): TableResult((5, 6, 7, 8), (1000, 1000), (20, 60), (0, 1), 16),
        },
    )
    rows = rank(night)
    # 1000 each, no round won. Fewer nat: 5 and 7 (none) first; the rest had one nat,
    # then more roem: 6 and 8 (60) before 1, 2, 3, 4 (40). Equal on every link: shared.
    assert [(r.place, r.user_id) for r in rows] == [
        (1, 5),
        (1, 7),
        (3, 6),
        (3, 8),
        (5, 1),
        (5, 2),
        (5, 3),
        (5, 4),
    ]
    assert [r.user_id for r in rows if r.booby] == [1, 2, 3, 4]


def test_a_night_everyone_shares_has_no_booby_prize() -> None:
    night = NightData(
        [draw(1, (1, 2, 3, 4))], {(1, 0): TableResult((1, 2, 3, 4), (900, 900), hands=16)}
    )
    assert summary(rank(night)) == [(1, u, 900, False) for u in (1, 2, 3, 4)]


def test_penalty_void_and_computer_seat() -> None:
    night = NightData(
        [draw(1, (1, 2, 3, 4), (5, 6, 7, 8))],
        {
            (1, 0): TableResult((1, 2, 3, 4), (1500, 1100), hands=16).voided(),
            (1, 1): TableResult((5, None, 7, 8), (1300, 1200), hands=16),
        },
        [Adjustment(7, -100, "late"), Adjustment(1, -50, "phone")],
    )
    rows = {r.user_id: r for r in rank(night)}
    # the void table credits nobody; 6 left and a computer finished the round: 6 is listed
    # without its points, and the computer seat has no row
    assert sorted(rows) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert (rows[2].points, rows[2].rounds, rows[6].points, rows[6].rounds) == (0, 0, 0, 0)
    assert (rows[5].points, rows[7].points, rows[7].adjustment) == (1300, 1200, -100)
    assert (rows[1].points, rows[1].rounds) == (-50, 0)


def test_duplicate_credits_the_difference_to_the_line_mean() -> None:
    tables = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))
    night = NightData(
        [draw(1, *tables)],
        {
            (1, 0): TableResult(tables[0], (1600, 900), hands=16),
            (1, 1): TableResult(tables[1], (1200, 1300), hands=16),
            (1, 2): TableResult(tables[2], (1000, 1000), hands=16),
        },
    )
    points = {
        r.user_id: r.points
        for r in night_ranking(night, "duplicate", "fixed_1450", DEFAULT_TIE_BREAKS)
    }
    # line 0 mean 3800/3 = 1266.67; line 1 mean 3200/3 = 1066.67 (halves round up)
    assert (points[1], points[5], points[9]) == (333, -67, -267)
    assert (points[2], points[6], points[10]) == (-167, 233, -67)


def test_a_computer_finished_seat_is_unranked_for_its_drawn_player() -> None:
    draws = [draw(1, (1, 2, 3, 4), (5, 6, 7, 8)), draw(2, (1, 5, 3, 7), (2, 6, 4, 8))]
    results = {
        (1, 0): TableResult((1, 2, 3, 4), (1500, 1100), hands=16),
        (1, 1): TableResult((5, None, 7, 8), (1300, 1200), hands=16),
        (2, 0): TableResult((1, 5, None, 7), (1000, 1400), hands=16).voided(),
        (2, 1): TableResult((None, 6, 4, None), (900, 1500), hands=16),
    }
    assert unranked_seats(draws, results) == [
        UnrankedSeat(1, 1, 1, 6),
        UnrankedSeat(2, 1, 0, 2),
        UnrankedSeat(2, 1, 3, 8),
    ]
    del results[(2, 1)]  # no result yet: nothing to mark
    assert unranked_seats(draws, results) == [UnrankedSeat(1, 1, 1, 6)]
