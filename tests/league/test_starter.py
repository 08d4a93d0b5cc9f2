"""League rounds dealt by the table service, played to the end and read back."""

from __future__ import annotations

from pathlib import Path

from bot.league.settings import LeagueSettings, RoundLength
from bot.store import open_store
from bot.tables import FakeClock, Status

from .kit import ORGANISER, deal, night_of_eight, opening, play_out, services, start_dealt


async def test_a_round_is_dealt_played_and_credited_across_a_restart(database: str | Path) -> None:
    path, clock = database, FakeClock()
    settings = LeagueSettings("Bots", round_length=RoundLength(hands=1))
    async with await open_store(path) as store:
        tables, league = services(store, clock)
        league_id = (await league.create_league(3, settings, ORGANISER)).id
        night = (await league.open_night(league_id, ORGANISER)).view.night.id
        for user in range(1, 6):
            await league.check_in(night, user)
        draw = (await start_dealt(league, night)).draw
        links = await store.leagues.round_tables(night)
        table = tables.registry.get(links[(1, 0)])
        assert table.channel_id == 510 and table.status == Status.PLAYING
        assert [seat.user_id for seat in table.seats] == list(draw.tables[0].seats)
        assert table.rules == settings.rules
    async with await open_store(path) as store:  # restart with the round half played
        tables, league = services(store, clock)
        await tables.restore()
        table_id = links[(1, 0)]
        assert await league.record_played(table_id) is None  # not finished yet
        await play_out(tables, clock, table_id)
        recorded = await league.record_played(table_id)
        assert recorded is not None
        result = recorded.result
        assert result.source == "bot" and result.hands == 1
        assert result.seats == draw.tables[0].seats
        assert await league.record_played(table_id) is None  # recorded once
        sheet = await store.tables.sheet(table_id, 1)
        assert result.totals == sheet[0].scores
        rows = {r.user_id: r.points for r in await league.night_standings(night)}
        seats = draw.tables[0].seats
        assert rows[seats[0]] == rows[seats[2]] == result.totals[0]
        assert rows[seats[1]] == rows[seats[3]] == result.totals[1]
        assert rows[draw.byes[0]] == 1450


async def test_a_face_to_face_duplicate_round_is_never_dealt(database: str | Path) -> None:
    async with await open_store(database) as store:
        _, league = services(store, FakeClock())
        night = await night_of_eight(league, LeagueSettings("Dup", format="duplicate"))
        started = await league.start_round(night, ORGANISER, deal=False)
        face_to_face = started.draw
        assert face_to_face.deal_seed is not None and started.tables == ()
        assert await league.resume_tables(night) is None  # a face-to-face round is never dealt
        assert await store.leagues.round_tables(night) == {}


async def test_a_round_drawn_before_a_crash_gets_its_tables_after_the_restart(
    database: str | Path,
) -> None:
    clock = FakeClock()
    async with await open_store(database) as store:
        _, league = services(store, clock)
        night = await night_of_eight(league, LeagueSettings("Eight"))
        started = await league.start_round(night, ORGANISER)
        assert [request.table_no for request in started.tables] == [0, 1]
        # The process stops here: the round is drawn, none of its tables exists.
    async with await open_store(database) as store:
        tables, league = services(store, clock)
        await tables.restore()
        assert await store.leagues.round_tables(night) == {}
        wanted = await league.resume_tables(night)
        assert wanted is not None and wanted.tables == started.tables
        await deal(league, wanted)
        links = await store.leagues.round_tables(night)
        assert sorted(links) == [(1, 0), (1, 1)]
        assert await league.resume_tables(night) is None  # nothing left to open
        assert await store.leagues.round_tables(night) == links
        assert await store.leagues.dealt_rounds(night) == {1}
        assert [draw.number for draw in await league.draws(night)] == [1]  # drawn once
        assert {tables.get(t).status for t in links.values()} == {Status.PLAYING}


async def test_tables_not_opened_before_a_crash_are_opened_on_resume(
    database: str | Path,
) -> None:
    clock = FakeClock()
    async with await open_store(database) as store:
        _, league = services(store, clock)
        night = await night_of_eight(league, LeagueSettings("Eight"))
        started = await league.start_round(night, ORGANISER)
        first = started.tables[0]
        await league.open_table(started.view, first, opening(first))
        assert list(await store.leagues.round_tables(night)) == [(1, 0)]
    async with await open_store(database) as store:  # the restart
        tables, league = services(store, clock)
        await tables.restore()
        wanted = await league.resume_tables(night)
        assert wanted is not None and wanted.tables == started.tables[1:]
        await deal(league, wanted)
        links = await store.leagues.round_tables(night)
        assert sorted(links) == [(1, 0), (1, 1)]
        assert await league.resume_tables(night) is None
        assert len(await store.tables.open_tables()) == 2  # no table opened twice
        assert {tables.get(t).status for t in links.values()} == {Status.PLAYING}
