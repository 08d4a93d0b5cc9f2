"""A process schedules and resumes only the leagues of its shards' guilds; the process
running the other shards does theirs."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.league.schedule import Schedule
from bot.league.service import Actor, LeagueService
from bot.league.settings import LeagueSettings
from bot.shards import ShardSet
from bot.store import open_store
from tests.test_shards import guild_on

ORGANISER = Actor(7)
CLUB = Schedule(2, "20:00", "Europe/Amsterdam", 60, (30, 10), channel_id=900)
CHECK_IN = datetime(2026, 3, 25, 19, 0, tzinfo=ZoneInfo("Europe/Amsterdam")).timestamp()


async def test_due_jobs_and_open_nights_are_the_shards_own(database: str | Path) -> None:
    now = datetime(2026, 3, 23, 12, 0, tzinfo=ZoneInfo("Europe/Amsterdam")).timestamp()
    store = await open_store(database)
    try:
        everyone = LeagueService(store, now=lambda: now)
        leagues = {}
        for shard in range(2):
            settings = LeagueSettings(f"Club {shard}", schedule=CLUB)
            league_id = (await everyone.create_league(guild_on(shard, 2), settings, ORGANISER)).id
            leagues[shard] = league_id
            await everyone.open_night(league_id, ORGANISER)
        for shard in range(2):
            mine = LeagueService(store, now=lambda: now, shards=ShardSet(2, (shard,)))
            assert [night.league_id for night in await mine.open_nights()] == [leagues[shard]]
            assert [job.league_id for job in await mine.due_jobs(CHECK_IN)] == [leagues[shard]]
        assert len(await everyone.due_jobs(CHECK_IN)) == 2  # the whole bot: both
        assert len(await everyone.open_nights()) == 2
    finally:
        await store.close()
