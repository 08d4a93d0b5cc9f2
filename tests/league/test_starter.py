"""League rounds dealt by the table service, played to the end and read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.league.errors import LeagueError
from bot.league.service import TableRequest
from bot.league.settings import LeagueSettings, RoundLength
from bot.league.starter import TableServiceStarter
from bot.store import open_store
from bot.tables import FakeClock, Status

from .kit import ORGANISER, play_out, services


async def test_a_round_is_dealt_played_and_credited_across_a_restart(database: str | Path) -> None:
    path, clock = database, FakeClock()
    settings = LeagueSettings("Bots", round_length=RoundLength(hands=1))
    async with await open_store(path) as store:
        tables, league = services(store, clock)
        league_id = await league.create_league(3, settings, ORGANISER)
        night = (await league.open_night(league_id, ORGANISER)).night.id
        for user in range(1, 6):
            await league.check_in(night, user)
        draw = (await league.start_round(night, ORGANISER)).draw
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


class DealsApart(TableServiceStarter):
    """A front end whose tables cannot share a deal seed."""

    seeded_deals = False


async def test_a_duplicate_night_is_not_drawn_on_tables_that_deal_apart(
    database: str | Path,
) -> None:
    async with await open_store(database) as store:
        tables, league = services(store, FakeClock())
        assert isinstance(league.starter, TableServiceStarter)
        league.starter = DealsApart(tables, league.starter.channel_for, league.starter.name_of)
        settings = LeagueSettings("Dup", format="duplicate")
        night = (
            await league.open_night(await league.create_league(3, settings, ORGANISER), ORGANISER)
        ).night.id
        for user in range(1, 9):
            await league.check_in(night, user)
        with pytest.raises(LeagueError) as raised:
            await league.start_round(night, ORGANISER)
        assert raised.value.code == "duplicate_not_dealt"
        assert await league.draws(night) == []
        face_to_face = (await league.start_round(night, ORGANISER, deal=False)).draw
        assert face_to_face.deal_seed is not None
        await league.resume_tables(night)  # a face-to-face round is never dealt
        assert await store.leagues.round_tables(night) == {}


async def test_tables_not_started_before_a_crash_are_started_on_resume(
    database: str | Path,
) -> None:
    async with await open_store(database) as store:
        tables, league = services(store, FakeClock())
        assert league.starter is not None
        working = league.starter.start
        calls: list[int] = []

        async def crash_on_second(request: TableRequest) -> int:
            calls.append(request.table_no)
            if len(calls) == 2:
                raise RuntimeError("the process stops here")
            return await working(request)

        league.starter.start = crash_on_second  # type: ignore[method-assign]
        settings = LeagueSettings("Resume")
        night = (
            await league.open_night(await league.create_league(3, settings, ORGANISER), ORGANISER)
        ).night.id
        for user in range(1, 9):
            await league.check_in(night, user)
        with pytest.raises(RuntimeError):
            await league.start_round(night, ORGANISER)
        assert list(await store.leagues.round_tables(night)) == [(1, 0)]
        league.starter.start = working  # type: ignore[method-assign]
        await league.resume_tables(night)
        links = await store.leagues.round_tables(night)
        assert sorted(links) == [(1, 0), (1, 1)]
        await league.resume_tables(night)  # nothing left to start
        assert await store.leagues.round_tables(night) == links
        assert await store.leagues.dealt_rounds(night) == {1}
        assert {tables.get(t).status for t in links.values()} == {Status.PLAYING}
