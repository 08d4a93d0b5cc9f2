"""The draw: partners before opponents, fair byes, movements, reproducible from its seed."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.league.draw import Meetings, RoundDraw, draw_round, round_seed
from bot.league.errors import LeagueError
from bot.league.settings import Format


def night(
    players: list[int],
    rounds: int,
    seed: str = "night",
    format: Format = "individual",
    pairs: list[tuple[int, int]] | None = None,
) -> list[RoundDraw]:
    drawn: list[RoundDraw] = []
    for number in range(1, rounds + 1):
        drawn.append(
            draw_round(players, drawn, round_seed(seed, number), number, format, pairs or [])
        )
    return drawn


def check_round(draw: RoundDraw, players: list[int]) -> None:
    """No one twice, everyone present either seated or out, tables of four."""
    everyone = draw.seated + list(draw.byes)
    assert len(everyone) == len(set(everyone))
    assert sorted(everyone) == sorted(players)
    assert all(len(set(t.seats)) == 4 for t in draw.tables)


def test_sixteen_players_five_rounds_never_repeat_a_partner() -> None:
    players = list(range(1, 17))
    rounds = night(players, 5)
    for draw in rounds:
        check_round(draw, players)
        assert not draw.byes
    partners, _ = Meetings.of(rounds).repeats()
    assert partners == 0
    # each player had five different partners
    for player in players:
        met = {
            t.seats[(t.seats.index(player) + 2) % 4]
            for d in rounds
            for t in d.tables
            if player in t.seats
        }
        assert len(met) == 5


def test_sixty_four_players_four_rounds_never_repeat_a_partner() -> None:
    players = list(range(100, 164))
    rounds = night(players, 4, seed="big")
    for draw in rounds:
        check_round(draw, players)
        assert len(draw.tables) == 16
    assert Meetings.of(rounds).repeats()[0] == 0


@pytest.mark.parametrize("count", [12, 13, 14, 15])
def test_byes_are_fair_for_twelve_to_fifteen_players(count: int) -> None:
    players = list(range(1, count + 1))
    rounds = night(players, 4, seed=f"byes{count}")
    meetings = Meetings.of(rounds)
    per_round = count % 4
    for draw in rounds:
        check_round(draw, players)
        assert len(draw.byes) == per_round
    # 4 rounds x at most 3 byes <= 15 players: nobody sits out twice
    assert max(meetings.byes.values(), default=0) <= 1
    assert sum(meetings.byes.values()) == 4 * per_round
    assert meetings.repeats()[0] == 0


def test_byes_rotate_before_anyone_sits_out_twice() -> None:
    players = list(range(1, 6))  # one table, one out each round: five rounds, five players
    rounds = night(players, 5, seed="five")
    assert sorted(b for d in rounds for b in d.byes) == players


def test_same_seed_same_draw_and_other_seed_other_draw() -> None:
    players = list(range(1, 30))
    assert night(players, 3, seed="x") == night(players, 3, seed="x")
    assert night(players, 3, seed="x") != night(players, 3, seed="y")


def test_draw_survives_serialisation() -> None:
    draw = night(list(range(1, 14)), 1, format="duplicate")[0]
    assert RoundDraw.from_dict(draw.to_dict()) == draw


def test_a_late_arrival_does_not_sit_out_before_the_regulars() -> None:
    regulars = list(range(1, 14))  # 13: one out each round
    rounds = night(regulars, 2, seed="late")
    late = 99
    third = draw_round([*regulars, late, 100, 101, 102, 103], rounds, "late:3", 3)
    # 18 players: two sit out; the two come from the regulars who have not had a bye yet
    assert late not in third.byes
    earlier_byes = {b for d in rounds for b in d.byes}
    assert set(third.byes).isdisjoint(earlier_byes | {100, 101, 102, 103})


def test_duplicate_tables_share_one_deal_seed() -> None:
    draw = draw_round(list(range(1, 13)), [], "dup:1", 1, "duplicate")
    assert draw.deal_seed == "dup:1:deals"
    assert draw_round(list(range(1, 13)), [], "dup:1", 1).deal_seed is None


def test_fixed_pairs_meet_different_pairs() -> None:
    pairs = [(2 * i + 1, 2 * i + 2) for i in range(8)]  # 8 pairs, 7 rounds: a full movement
    players = [p for pair in pairs for p in pair]
    rounds = night(players, 7, seed="pairs", format="pairs", pairs=pairs)
    met: Counter[frozenset[int]] = Counter()
    for draw in rounds:
        check_round(draw, players)
        for table in draw.tables:
            assert {table.pairs[0], table.pairs[1]} <= {tuple(p) for p in pairs}
            met[frozenset((table.seats[0], table.seats[1]))] += 1
    assert max(met.values()) == 1
    assert len(met) == 7 * 4


def test_fixed_pairs_with_an_odd_number_of_pairs_rotate_the_bye() -> None:
    pairs = [(1, 2), (3, 4), (5, 6)]
    rounds = night([1, 2, 3, 4, 5, 6], 3, format="pairs", pairs=pairs)
    assert sorted(d.byes for d in rounds) == [(1, 2), (3, 4), (5, 6)]


def test_refusals() -> None:
    with pytest.raises(LeagueError) as few:
        draw_round([1, 2, 3], [], "s", 1)
    assert few.value.code == "too_few_players"
    with pytest.raises(LeagueError) as unpaired:
        draw_round([1, 2, 3, 4, 5], [], "s", 1, "pairs", [(1, 2), (3, 4)])
    assert unpaired.value.code == "unpaired_players"
    assert unpaired.value.facts["players"] == [5]
    with pytest.raises(LeagueError) as twice:
        draw_round([1, 2, 3, 4, 4], [], "s", 1)
    assert twice.value.code == "duplicate_player"


@settings(max_examples=60, deadline=None)
@given(count=st.integers(4, 40), rounds=st.integers(1, 5), seed=st.text(max_size=8))
def test_any_night_seats_everyone_once_and_spreads_byes(count: int, rounds: int, seed: str) -> None:
    players = list(range(1, count + 1))
    drawn = night(players, rounds, seed=seed)
    for draw in drawn:
        check_round(draw, players)
        assert len(draw.byes) == count % 4
    byes = Meetings.of(drawn).byes
    counts = [byes[p] for p in players]
    assert max(counts) - min(counts) <= 1
    if rounds * (count % 4) <= count:
        assert max(counts) <= 1
    # no partner twice while the night has new partners to give (each player had < 3 so far)
    if rounds <= 3 and count >= 8:
        assert Meetings.of(drawn).repeats()[0] == 0
    assert drawn == night(players, rounds, seed=seed)


def three_night(players: list[int], rounds: int, seed: str = "three") -> list[RoundDraw]:
    drawn: list[RoundDraw] = []
    for number in range(1, rounds + 1):
        seed_n = round_seed(seed, number)
        drawn.append(draw_round(players, drawn, seed_n, number, table_of_three=True))
    return drawn


def test_seven_players_sit_four_and_three_instead_of_three_byes() -> None:
    players = list(range(1, 8))
    for draw in three_night(players, 3):
        assert not draw.byes
        assert [len(t.seats) for t in draw.tables] == [4, 3]
        assert draw.three == draw.tables[-1]
        assert sorted(draw.seated) == players
    # without the setting the same players give three byes
    assert len(night(players, 1)[0].byes) == 3


def test_the_table_of_three_goes_round_before_anyone_sits_there_twice() -> None:
    players = list(range(1, 12))  # 11 = 8 + 3
    rounds = three_night(players, 3, seed="eleven")
    threes = Meetings.of(rounds).threes
    assert sum(threes.values()) == 9
    assert max(threes.values()) == 1


def test_the_three_are_opponents_of_each_other_and_nobody_s_partners() -> None:
    draw = three_night([1, 2, 3], 1)[0]
    assert draw.tables[0].seats == (1, 2, 3)
    assert draw.tables[0].pairs == ()
    meetings = Meetings.of([draw])
    assert set(meetings.opponents) == {frozenset(p) for p in ((1, 2), (1, 3), (2, 3))}
    assert not meetings.partners


def test_other_counts_keep_their_byes_with_the_setting_on() -> None:
    for count, byes in ((9, 1), (10, 2), (12, 0)):
        draw = three_night(list(range(1, count + 1)), 1)[0]
        assert len(draw.byes) == byes
        assert draw.three is None
        assert draw == night(list(range(1, count + 1)), 1, seed="three")[0]


def test_a_table_of_three_survives_serialisation_and_old_draws_read_as_before() -> None:
    draw = three_night(list(range(1, 12)), 1)[0]
    assert RoundDraw.from_dict(draw.to_dict()) == draw
    old = {"number": 1, "seed": "s", "tables": [[1, 2, 3, 4]], "byes": [5], "deal_seed": None}
    assert RoundDraw.from_dict(old).tables[0].seats == (1, 2, 3, 4)


def test_fixed_pairs_and_duplicate_nights_never_seat_three() -> None:
    players = list(range(1, 8))
    draw = draw_round(players, [], "dup", 1, "duplicate", table_of_three=True)
    assert len(draw.byes) == 3
