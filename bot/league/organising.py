"""The organisers' operations: a league and its settings, its schedule's postings, and
the opening and closing of its nights."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Final

from bot.store import NightBusy, StoredLeague, StoredRun, StoreError

from .answers import Closed, NightAnswer, Opened
from .arguments import checked
from .errors import LeagueCode, LeagueError
from .night import NightStatus
from .night_view import League, Night, NightView
from .parts import LeagueParts, check_ids, one_at_a_time
from .refs import Actor, LeagueKey, NightKey
from .schedule import (
    NightTimes,
    Posting,
    RunOutcome,
    ScheduledJob,
    last_night,
    next_night,
    plan,
)
from .settings import LeagueSettings
from .standings import NightData

LATE_AFTER: Final = 300.0  # seconds after its time a posting counts as late
log = logging.getLogger(__name__)


class OrganisingOperations(LeagueParts):
    """Leagues, their settings and schedules, and the opening and closing of nights."""

    _seed: Callable[[], str]

    # ------------------------------------------------------------------ leagues
    @checked
    async def create_league(
        self, guild_id: int | None, settings: LeagueSettings, actor: Actor
    ) -> League:
        """A new league, as it is now stored; its creator is among its organisers from
        the start."""
        check_ids(guild_id=guild_id)
        if not settings.organisers.allows(actor.user_id, actor.role_ids):
            settings = _with_organiser(settings, actor.user_id)
        at = self.now()
        try:
            league_id = await self.store.leagues.create_league(
                guild_id, settings.name, settings.to_dict(), at
            )
        except StoreError as error:
            raise LeagueError(LeagueCode.LEAGUE_EXISTS, name=settings.name) from error
        return League(league_id, guild_id, settings, at)

    @checked
    async def settings(self, league_id: int) -> LeagueSettings:
        """The league's settings."""
        return (await self.league(league_id)).settings

    @checked
    async def update_settings(
        self, league_id: int, settings: LeagueSettings, actor: Actor
    ) -> League:
        """Save the league's new settings; organisers only. The league as it now is."""
        found = await self.league(league_id)
        self._organiser(found, actor)
        at = self.now()
        await self.store.leagues.update_settings(league_id, settings.to_dict(), at)
        return replace(found, settings=settings, updated_at=at, repairs=())

    @checked
    async def require_organiser(self, league: LeagueKey, actor: Actor) -> League:
        """The league, or `not_organiser`: a front end asks before it posts."""
        found = await self.league(league)
        self._organiser(found, actor)
        return found

    # ---------------------------------------------------------------- schedules
    @checked
    async def next_night(self, league_id: int) -> NightTimes | None:
        """When the league's next scheduled night starts and its postings go out (UTC);
        None when it has no schedule."""
        schedule = (await self.settings(league_id)).schedule
        if schedule is None:
            return None
        return next_night(schedule, datetime.fromtimestamp(self.now(), UTC))

    @checked
    async def due_jobs(self, now: float | None = None) -> list[ScheduledJob]:
        """The postings due now over every league with a schedule in our shards' guilds
        (the front end's task loop asks every minute or so). Postings it decides to skip
        (docs/decisions.md, "Leagues") are recorded here, so they are never offered again."""
        at = self.now() if now is None else now
        jobs: list[ScheduledJob] = []
        skipped: list[StoredRun] = []
        for league in await self.store.leagues.all_leagues():
            if self.shards.owns(league.guild_id):
                await self._plan(league, at, jobs, skipped)
        if skipped:
            await self.store.leagues.add_runs(skipped)
        return jobs

    async def _plan(
        self, league: StoredLeague, at: float, jobs: list[ScheduledJob], skipped: list[StoredRun]
    ) -> None:
        """Add the league's postings due at `at` to `jobs`, those to skip to `skipped`."""
        try:
            schedule = self._loaded(league).settings.schedule
        except LeagueError:  # e.g. a time zone this machine does not know
            log.warning("league %s: settings unreadable, schedule not run", league.id)
            return
        if schedule is None:
            return
        moment = datetime.fromtimestamp(at, UTC)
        nights = (last_night(schedule, moment), next_night(schedule, moment))
        starts = [int(night.start.timestamp()) for night in nights]  # what `plan` looks at
        done = _recorded(await self.store.leagues.runs(league.id, starts))
        since = datetime.fromtimestamp(league.updated_at, UTC)
        todo = plan(schedule, moment, done, since)
        for start, posting in todo.post:
            jobs.append(_job(league, schedule.channel_id, start, posting, at))
        for start, posting in todo.skip:
            skipped.append(
                _run(league.id, start.timestamp(), posting, RunOutcome.SKIPPED, None, at)
            )

    @checked
    async def mark_done(self, job: ScheduledJob, message_id: int | None = None) -> StoredRun | None:
        """Record that `job` was posted (with its message, if any): the posting as now
        recorded; None when it was recorded already (another call got there first), which
        changes nothing."""
        posting = Posting(job.kind, job.minutes, datetime.fromtimestamp(job.due_at, UTC))
        run = _run(job.league_id, job.starts_at, posting, RunOutcome.POSTED, message_id, self.now())
        (added,) = await self.store.leagues.add_runs([run])
        return run if added else None

    @checked
    async def schedule_history(self, league_id: int) -> list[StoredRun]:
        """Every recorded posting of the league's scheduled nights, posted or skipped."""
        return await self.store.leagues.runs(league_id)

    # ------------------------------------------------------------------- nights
    @checked
    async def open_night(
        self, league: LeagueKey, actor: Actor, channel_id: int | None = None
    ) -> NightAnswer:
        """The league's next night, in check-in. With `channel_id`, the league's nights
        are run there from now on (where /night open was used)."""
        found = await self.league(league)
        settings = self._organiser(found, actor)
        try:
            stored = await self.store.leagues.open_night(found.id, self._seed(), self.now())
        except NightBusy as error:
            raise LeagueError(LeagueCode.NIGHT_OPEN, league_id=found.id) from error
        if channel_id is not None and settings.channel_id != channel_id:
            settings = replace(settings, channel_id=channel_id)
            await self.store.leagues.update_settings(found.id, settings.to_dict(), self.now())
            found = replace(found, settings=settings)
        view = NightView(found, Night.of(stored), (), NightData((), {}), frozenset())
        return NightAnswer((Opened(),), view)

    @checked
    @one_at_a_time
    async def close_night(self, night: NightKey, actor: Actor) -> NightAnswer:
        """Close once every drawn table has a result or is voided and no result a player
        entered still waits for its confirmation; the night closed (its `standings()` the
        final ranking)."""
        view = await self._open(night, actor)
        self._organiser(view.league, actor)
        missing = view.missing()
        if missing:
            raise LeagueError(LeagueCode.RESULTS_MISSING, tables=missing)
        if view.unconfirmed:
            waiting = [[round_no, table_no] for round_no, table_no in sorted(view.unconfirmed)]
            raise LeagueError(LeagueCode.RESULTS_UNCONFIRMED, tables=waiting)
        at = self.now()
        await self.store.leagues.set_status(view.night.id, NightStatus.CLOSED, at)
        return NightAnswer((Closed(),), view.with_status(NightStatus.CLOSED, at))


def _recorded(runs: Iterable[StoredRun]) -> Callable[[datetime, Posting], bool]:
    """Whether a night's posting is recorded, posted or skipped, among `runs`."""
    done = {(run.starts_at, run.kind, run.minutes) for run in runs}
    return lambda start, posting: (int(start.timestamp()), posting.kind, posting.slot) in done


def _job(
    league: StoredLeague, channel_id: int | None, start: datetime, posting: Posting, now: float
) -> ScheduledJob:
    due = posting.at.timestamp()
    return ScheduledJob(
        league.id,
        league.guild_id,
        channel_id,
        posting.kind,
        posting.minutes,
        start.timestamp(),
        due,
        now - due > LATE_AFTER,
    )


def _run(
    league_id: int,
    starts_at: float,
    posting: Posting,
    outcome: RunOutcome,
    message_id: int | None,
    at: float,
) -> StoredRun:
    return StoredRun(
        league_id,
        int(starts_at),
        posting.kind,
        posting.slot,
        int(posting.at.timestamp()),
        outcome,
        message_id,
        at,
    )


def _with_organiser(settings: LeagueSettings, user_id: int) -> LeagueSettings:
    organisers = settings.organisers
    return replace(
        settings, organisers=replace(organisers, user_ids=(*organisers.user_ids, user_id))
    )
