"""Duplicate nights on bot tables: every table of a round holds the same cards hand by hand
(from the round's deal seed, kept with each table), across a restart, and the standings
compare each pair with the pairs of its line that held the same cards."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from bot.league.settings import LeagueSettings, RoundLength
from bot.league.standings import half_up
from bot.store import open_store
from bot.tables import FakeClock
from bot.terminal.league_simulation import simulate_night
from tests.tables.helpers import logged_deals

from .kit import ORGANISER, play_out, services, start_dealt


async def test_a_duplicate_round_deals_one_set_of_hands_to_every_table(
    database: str | Path,
) -> None:
    path, clock = database, FakeClock()
    settings = LeagueSettings("Dup", round_length=RoundLength(hands=3), format="duplicate")
    async with await open_store(path) as store:
        tables, league = services(store, clock)
        night = (
            await league.open_night(
                (await league.create_league(3, settings, ORGANISER)).id, ORGANISER
            )
        ).view.night.id
        for user in range(1, 9):
            await league.check_in(night, user)
        draw = (await start_dealt(league, night)).draw
        links = await store.leagues.round_tables(night)
        first, second = tables.registry.get(links[(1, 0)]), tables.registry.get(links[(1, 1)])
        assert draw.deal_seed is not None
        assert first.deal_seed == second.deal_seed == draw.deal_seed
        assert first.seed != second.seed  # their computers think apart
        await play_out(tables, clock, first.id, hands=1)  # the restart comes mid-round
    async with await open_store(path) as store:
        tables, league = services(store, clock)
        await tables.restore()
        for table_id in links.values():
            await play_out(tables, clock, table_id)
            assert await league.record_played(table_id) is not None
        deals = [await logged_deals(store, links[(1, n)]) for n in (0, 1)]
        assert len(deals[0]) == 3 and deals[0] == deals[1]
        assert len({str(d["dealt"]) for d in deals[0]}) == 3

        await start_dealt(league, night)  # the next round deals other cards
        later = await store.leagues.round_tables(night)
        for table_id in (later[(2, 0)], later[(2, 1)]):
            await play_out(tables, clock, table_id)
        round_two = [await logged_deals(store, later[(2, n)]) for n in (0, 1)]
        assert round_two[0] == round_two[1] != deals[0]


async def test_a_duplicate_night_simulated_end_to_end(database: str | Path) -> None:
    async with await open_store(database) as store:
        ranking = await simulate_night(9, 3, 2, "dup-night", "duplicate", store)
        (league,) = await store.leagues.leagues(None)
        (night,) = await store.leagues.nights(league.id)
        assert night.status == "closed"
        links = await store.leagues.round_tables(night.id)
        expected: dict[int, int] = {}
        for number, draw in enumerate(await store.leagues.rounds(night.id), 1):
            ids = [links[(number, n)] for n in range(len(draw["tables"]))]
            assert len(ids) == 2 and draw["deal_seed"]
            deals = [await logged_deals(store, table_id) for table_id in ids]
            assert deals[0] == deals[1]
            totals = []
            for table_id in ids:
                sheet = await store.tables.sheet(table_id, 1)
                totals.append([sum(line.scores[pair] for line in sheet) for pair in (0, 1)])
            means = [Fraction(sum(t[line] for t in totals), len(totals)) for line in (0, 1)]
            for seats, total in zip(draw["tables"], totals, strict=True):
                for seat, user in enumerate(seats):
                    credit = half_up(total[seat % 2] - means[seat % 2])
                    expected[user] = expected.get(user, 0) + credit
            for user in draw["byes"]:
                expected[user] = expected.get(user, 0)  # a fixed bye scores the line's mean
            assert all(sum(t) >= 162 * 2 for t in totals)  # every table played its hands
        # Relative to the line: on individual scoring these would be the pair totals. The
        # computers break only ties by their seeds, so with the same cards they may well
        # play alike and every credit be 0; the ranking must then say exactly that.
        assert {row.user_id: row.points for row in ranking} == expected
        assert [row.points for row in ranking] == sorted(expected.values(), reverse=True)
