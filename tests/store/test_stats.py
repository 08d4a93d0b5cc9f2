"""StatsStore over hand-made records.

Table A (four humans, at ~1000): users 1 and 3 (pair 0) beat 2 and 4 over two hands:
  hand 1: pair 0 made trump (user 1 chose), scores 120-62, 20 roem for pair 0;
  hand 2: pair 1 made trump (user 2 chose) and went nat, scores 162-0.
Table B (two computers, at ~2000): users 5 and 1 (pair 0) draw 262-262:
  hand 1: pair 0 made trump (user 1 chose) and took every trick, 262-0;
  hand 2: pair 1 (a computer chose) took every trick, 0-262.
Table C is in another guild and must never show up.
"""

from __future__ import annotations

import pytest

from bot.store import PlayerStats, Store
from bot.store.records import ActionRecord, NewTable

from .conftest import GUILD, hand, match

WITH_COMPUTERS = (5, None, 1, None)


@pytest.fixture
async def played(store: Store) -> Store:
    a = await store.tables.create(NewTable(GUILD, 10, 1, {}, 900.0))
    await store.tables.record(ActionRecord(
        a, 1, 1, "end", {}, 1010.0, {}, "finished",
        hands=(
            hand(a, 1, at=1000.0),
            hand(
                a, 2, makers=1, chooser=1, points=(90, 72), roem=(0, 0), scores=(162, 0),
                nat=True, at=1010.0,
            ),
        ),
        match=match(a, totals=(282, 62), winner=0, hands=2, at=1010.0),
    ))  # fmt: skip
    b = await store.tables.create(NewTable(GUILD, 11, 5, {}, 1900.0))
    await store.tables.record(ActionRecord(
        b, 1, 5, "end", {}, 2010.0, {}, "finished",
        hands=(
            hand(
                b, 1, makers=0, chooser=2, points=(162, 0), roem=(0, 0), scores=(262, 0),
                pit=0, seats=WITH_COMPUTERS, at=2000.0,
            ),
            hand(
                b, 2, makers=1, chooser=1, points=(0, 162), roem=(0, 0), scores=(0, 262),
                pit=1, seats=WITH_COMPUTERS, at=2010.0,
            ),
        ),
        match=match(b, totals=(262, 262), winner=None, hands=2, seats=WITH_COMPUTERS, at=2010.0),
    ))  # fmt: skip
    c = await store.tables.create(NewTable(GUILD + 1, 12, 1, {}, 900.0))
    await store.tables.record(ActionRecord(
        c, 1, 1, "end", {}, 1000.0, {}, "finished",
        hands=(hand(c, 1, guild_id=GUILD + 1),),
        match=match(c, guild_id=GUILD + 1, winner=0, at=1000.0),
    ))  # fmt: skip
    return store


async def test_player(played: Store) -> None:
    one = await played.stats.player(GUILD, 1)
    assert one == PlayerStats(
        user_id=1, matches=2, wins=1, draws=1, losses=0, hands=4, points=120 + 162 + 262 + 0,
        hands_as_maker=2, chose_trump=2, nat=0, pits=1, roem=20, matches_with_computers=1,
    )  # fmt: skip
    assert one.points_per_hand == 544 / 4
    assert one.nat_rate == 0.0
    two = await played.stats.player(GUILD, 2)
    assert (two.losses, two.hands_as_maker, two.nat, two.nat_rate) == (1, 1, 1, 1.0)
    assert two.points_per_hand == (62 + 0) / 2


async def test_player_without_games_is_all_zeros(played: Store) -> None:
    nobody = await played.stats.player(GUILD, 99)
    assert nobody == PlayerStats(user_id=99)
    assert nobody.points_per_hand == 0.0 and nobody.nat_rate == 0.0


async def test_standings_order(played: Store) -> None:
    standings = await played.stats.standings(GUILD)
    # One win: user 3 (282 in 2 hands) before user 1 (544 in 4); no wins: user 5 (262 in 2),
    # then 2 and 4 (62 in 2 each), tied, by user id.
    assert [s.user_id for s in standings] == [3, 1, 5, 2, 4]
    assert [s.wins for s in standings] == [1, 1, 0, 0, 0]
    assert await played.stats.count_players(GUILD) == 5
    page = await played.stats.standings(GUILD, limit=2, offset=1)
    assert [s.user_id for s in page] == [1, 5]


async def test_without_computers(played: Store) -> None:
    standings = await played.stats.standings(GUILD, include_computers=False)
    assert [s.user_id for s in standings] == [1, 3, 2, 4]
    one = standings[0]
    assert (one.matches, one.draws, one.hands, one.points, one.matches_with_computers) == (
        1,
        0,
        2,
        282,
        0,
    )
    assert await played.stats.count_players(GUILD, include_computers=False) == 4
    assert await played.stats.player(GUILD, 5, include_computers=False) == PlayerStats(5)


async def test_since(played: Store) -> None:
    standings = await played.stats.standings(GUILD, since=1500.0)
    assert [s.user_id for s in standings] == [1, 5]
    assert all((s.matches, s.draws, s.hands, s.points, s.pits) == (1, 1, 2, 262, 1)
               for s in standings)  # fmt: skip
    assert await played.stats.count_players(GUILD, since=1500.0) == 2
    assert (await played.stats.player(GUILD, 2, since=1500.0)).hands == 0
    # `since` is inclusive, and applies to hands one by one.
    assert (await played.stats.player(GUILD, 3, since=1010.0)).hands == 1


async def test_other_guild(played: Store) -> None:
    standings = await played.stats.standings(GUILD + 1)
    assert [(s.user_id, s.wins, s.hands) for s in standings] == [
        (1, 1, 1),
        (3, 1, 1),
        (2, 0, 1),
        (4, 0, 1),
    ]
    assert await played.stats.standings(GUILD + 2) == []
    assert await played.stats.count_players(GUILD + 2) == 0


async def test_hands_without_a_finished_match_count(store: Store) -> None:
    table_id = await store.tables.create(NewTable(GUILD, 10, 1, {}, 1.0))
    await store.tables.record(
        ActionRecord(table_id, 1, 1, "h", {}, 2.0, {}, "playing", hands=(hand(table_id),))
    )
    one = await store.stats.player(GUILD, 1)
    assert (one.matches, one.hands, one.points) == (0, 1, 120)
    assert [s.user_id for s in await store.stats.standings(GUILD)] == [1, 3, 2, 4]
