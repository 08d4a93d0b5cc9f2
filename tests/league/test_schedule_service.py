"""Scheduled postings through the service and the store: each goes out once, a restart
neither repeats nor misses one, and what the bot missed is recorded as skipped."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.league.errors import LeagueError
from bot.league.schedule import Schedule
from bot.league.service import Actor, LeagueService, ScheduledJob
from bot.league.settings import LeagueSettings
from bot.store import open_store
from tests.backends import DATABASE_ERRORS, execute

AMS = ZoneInfo("Europe/Amsterdam")
ORGANISER = Actor(7)
CLUB = Schedule(2, "20:00", "Europe/Amsterdam", 60, (30, 10), channel_id=900)


def at(month: int, day: int, hour: int, minute: int) -> float:
    """A wall-clock moment in Amsterdam in 2026, as the service's clock gives it."""
    return datetime(2026, month, day, hour, minute, tzinfo=AMS).timestamp()


class Clock:
    def __init__(self, now: float) -> None:
        self.time = now

    def now(self) -> float:
        return self.time


Opener = Callable[[], AbstractAsyncContextManager[LeagueService]]


@pytest.fixture
def clock() -> Clock:
    return Clock(at(3, 23, 12, 0))


@pytest.fixture
def service(database: str | Path, clock: Clock) -> Opener:
    """`async with service() as league`: a fresh store and service on the same database
    (each back end in turn)."""

    @asynccontextmanager
    async def opened() -> AsyncIterator[LeagueService]:
        store = await open_store(database)
        try:
            yield LeagueService(store, now=clock.now)
        finally:
            await store.close()

    return opened


def seen(jobs: list[ScheduledJob]) -> list[tuple[str, int, bool]]:
    return [(job.kind, job.minutes, job.late) for job in jobs]


async def test_each_posting_goes_out_once_across_a_restart(service: Opener, clock: Clock) -> None:
    async with service() as league:
        league_id = (
            await league.create_league(5, LeagueSettings("Club", schedule=CLUB), ORGANISER)
        ).id
        await league.create_league(5, LeagueSettings("No schedule"), ORGANISER)
        night = await league.next_night(league_id)
        assert night is not None and night.start.timestamp() == at(3, 25, 20, 0)
        clock.time = at(3, 25, 18, 59)
        assert await league.due_jobs() == []
        clock.time = at(3, 25, 19, 0)
        (job,) = await league.due_jobs()
        assert (job.league_id, job.guild_id, job.channel_id) == (league_id, 5, 900)
        assert (job.kind, job.starts_at, job.due_at, job.late) == (
            "checkin",
            at(3, 25, 20, 0),
            at(3, 25, 19, 0),
            False,
        )
        clock.time = at(3, 25, 19, 1)
        assert await league.due_jobs() == [job]  # not marked done: offered again
        posted = await league.mark_done(job, message_id=1234)
        assert posted is not None and (posted.kind, posted.outcome) == ("checkin", "posted")
        assert posted.message_id == 1234 and posted.due_at == at(3, 25, 19, 0)
        assert await league.mark_done(job) is None  # once only
    async with service() as league:  # a restart just after the posting
        assert await league.due_jobs() == []
        clock.time = at(3, 25, 19, 30)
        assert seen(await league.due_jobs()) == [("reminder", 30, False)]
        (reminder,) = await league.due_jobs(now=at(3, 25, 19, 31))
        assert await league.mark_done(reminder) is not None
        clock.time = at(3, 25, 19, 50)
        (last,) = await league.due_jobs()
        assert await league.mark_done(last) is not None
        clock.time = at(3, 25, 21, 0)
        assert await league.due_jobs() == []
        history = await league.schedule_history(league_id)
        assert [(r.kind, r.minutes, r.outcome) for r in history] == [
            ("checkin", 0, "posted"),
            ("reminder", 30, "posted"),
            ("reminder", 10, "posted"),
        ]
        assert history[0].message_id == 1234 and history[0].due_at == at(3, 25, 19, 0)
        # a week later, across the change to summer time: 20:00 local is an hour earlier in UTC
        clock.time = at(4, 1, 19, 0)
        (next_week,) = await league.due_jobs()
        assert next_week.starts_at == at(4, 1, 20, 0) == at(3, 25, 20, 0) + 7 * 86_400 - 3_600


async def test_postings_missed_while_down_go_out_late_or_are_recorded_skipped(
    service: Opener, clock: Clock
) -> None:
    async with service() as league:
        league_id = (
            await league.create_league(5, LeagueSettings("Club", schedule=CLUB), ORGANISER)
        ).id
    clock.time = at(3, 25, 19, 55)  # down from before the check-in until after both reminders
    async with service() as league:
        (late,) = await league.due_jobs()
        assert seen([late]) == [("checkin", 60, True)]
        assert await league.due_jobs() == [late]  # the skipped reminders are not offered again
        await league.mark_done(late)
        runs = await league.schedule_history(league_id)
        assert [(r.kind, r.minutes, r.outcome) for r in runs] == [
            ("checkin", 0, "posted"),
            ("reminder", 30, "skipped"),
            ("reminder", 10, "skipped"),
        ]
    clock.time = at(4, 1, 20, 5)  # down over the whole of the next night
    async with service() as league:
        assert await league.due_jobs() == []
        runs = await league.schedule_history(league_id)
        assert [(r.starts_at, r.outcome) for r in runs[3:]] == [(at(4, 1, 20, 0), "skipped")] * 3
        assert await league.due_jobs() == []
        assert len(await league.schedule_history(league_id)) == 6


async def test_a_schedule_applies_from_when_it_is_saved(service: Opener, clock: Clock) -> None:
    clock.time = at(3, 25, 19, 40)  # after tonight's check-in and first reminder
    async with service() as league:
        league_id = (await league.create_league(5, LeagueSettings("Club"), ORGANISER)).id
        assert await league.next_night(league_id) is None
        settings = await league.settings(league_id)
        with pytest.raises(LeagueError) as refused:
            await league.update_settings(
                league_id, LeagueSettings("Club", schedule=CLUB), Actor(99)
            )
        assert refused.value.code == "not_organiser"
        await league.update_settings(league_id, replace_schedule(settings, CLUB), ORGANISER)
        assert await league.due_jobs() == []
        assert await league.schedule_history(league_id) == []  # last week is not recalled
        clock.time = at(3, 25, 19, 50)
        assert seen(await league.due_jobs()) == [("reminder", 10, False)]


def replace_schedule(settings: LeagueSettings, schedule: Schedule) -> LeagueSettings:
    return LeagueSettings.from_dict({**settings.to_dict(), "schedule": schedule.to_dict()})


async def test_schedule_rows_are_append_only(service: Opener, clock: Clock) -> None:
    clock.time = at(3, 25, 19, 0)
    async with service() as league:
        await league.create_league(None, LeagueSettings("Club", schedule=CLUB), ORGANISER)
        clock.time = at(3, 25, 19, 1)
        (job,) = await league.due_jobs()
        await league.mark_done(job)
        for statement in (
            "UPDATE league_schedule_runs SET outcome = 'skipped'",
            "DELETE FROM league_schedule_runs",
        ):
            with pytest.raises(DATABASE_ERRORS, match="append-only"):
                await execute(league.store, statement)
