"""A league night's lifecycle against the store: open, check in and out, draw and start
rounds, record and correct results, close; and the standings read from it.

The service keeps no state of its own: every operation reads what it needs from the store
and writes its outcome in one transaction, so a restart at any moment (check-in open, a
round half played, between rounds) loses nothing and the next call simply continues.
Starting the bot tables of a round is asked of a `TableStarter` the front end provides,
so this package never needs to know about threads or channels.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Final, Literal, Protocol

from bot.engine import RuleSet
from bot.shards import ShardSet
from bot.store import (
    AlreadyStored,
    CheckinMessage,
    NightBusy,
    Store,
    StoredAudit,
    StoredLeague,
    StoredNight,
    StoredRun,
    StoreError,
    storable_id,
)

from .corrections import Kind, corrected_line, require_reason, voided
from .draw import RoundDraw, TablePlan, draw_round, round_seed
from .entry import SheetEntry, hand_line, sheet_lines, sheet_result, totals_result
from .errors import LeagueCode, LeagueError
from .export import NightExport
from .night import Attendance, checked_in, pairs_of, refuse_repeat
from .results import HandLine, TableResult
from .schedule import NightTimes, Posting, PostingKind, last_night, next_night, plan
from .season import SeasonTable, season_table
from .settings import LeagueSettings
from .standings import Adjustment, NightData, NightRow, UnrankedSeat, night_ranking, unranked_seats
from .stats import PlayerSeason, player_season

# The store's records of a league and a night, as the service returns them.
__all__ = [
    "Actor",
    "LeagueService",
    "ScheduledJob",
    "StoredLeague",
    "StoredNight",
    "TableRequest",
    "TableStarter",
]

LATE_AFTER: Final = 300.0  # seconds after its time a posting counts as late
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Actor:
    """Who asks: their user id, roles, and whether they manage the server."""

    user_id: int
    role_ids: tuple[int, ...] = ()
    manager: bool = False


@dataclass(frozen=True, slots=True)
class TableRequest:
    """One drawn table the bot should deal: four players in seat order, the league's
    rules, and on a duplicate night the seed every table of the round deals from."""

    guild_id: int | None
    league_id: int
    night_id: int
    round_no: int
    table_no: int
    seats: tuple[int, int, int, int]
    rules: RuleSet
    deal_seed: str | None


@dataclass(frozen=True, slots=True)
class ScheduledJob:
    """A posting due now for a league's scheduled night: the check-in or a reminder.

    The front end posts it in `channel_id` and then calls `LeagueService.mark_done`;
    until then every `due_jobs` call returns it again (so a failed post is retried),
    until its night starts. Times are UTC seconds since the epoch.
    """

    league_id: int
    guild_id: int | None
    channel_id: int | None
    kind: PostingKind
    minutes: int  # before the start
    starts_at: float  # the night's scheduled start
    due_at: float
    late: bool  # more than LATE_AFTER after its time: the bot was down or stalled


class TableStarter(Protocol):
    # Whether `start` deals from `request.deal_seed`: a duplicate night needs it.
    seeded_deals: bool

    async def start(self, request: TableRequest) -> int:
        """Open and start the table; the bot table's id (its result is read back by
        `LeagueService.record_played` when its match ends)."""
        ...


class LeagueService:
    def __init__(
        self,
        store: Store,
        now: Callable[[], float] = time.time,
        starter: TableStarter | None = None,
        seed: Callable[[], str] = lambda: secrets.token_hex(8),
        shards: ShardSet | None = None,
    ) -> None:
        self.store = store
        self.now = now
        self.starter = starter
        self._seed = seed
        # The guilds this process serves: it schedules and resumes only their leagues.
        self.shards = shards or ShardSet()

    # ------------------------------------------------------------------ leagues
    async def create_league(
        self, guild_id: int | None, settings: LeagueSettings, actor: Actor
    ) -> int:
        """A new league; its creator is among its organisers from the start."""
        check_ids(guild_id=guild_id)
        if not settings.organisers.allows(actor.user_id, actor.role_ids):
            settings = _with_organiser(settings, actor.user_id)
        try:
            return await self.store.leagues.create_league(
                guild_id, settings.name, settings.to_dict(), self.now()
            )
        except StoreError as error:
            raise LeagueError(LeagueCode.LEAGUE_EXISTS, name=settings.name) from error

    async def settings(self, league_id: int) -> LeagueSettings:
        """A league's settings; refused (`no_league`) for an unknown league."""
        check_ids(league_id=league_id)
        stored = await self.store.leagues.league(league_id)
        if stored is None:
            raise LeagueError(LeagueCode.NO_LEAGUE, league_id=league_id)
        return LeagueSettings.from_dict(stored.settings)

    async def update_settings(self, league_id: int, settings: LeagueSettings, actor: Actor) -> None:
        await self._organiser(league_id, actor)
        await self.store.leagues.update_settings(league_id, settings.to_dict(), self.now())

    async def leagues(self, guild_id: int | None) -> list[StoredLeague]:
        """The server's leagues, by name."""
        return await self.store.leagues.leagues(guild_id)

    async def require_organiser(self, league_id: int, actor: Actor) -> LeagueSettings:
        """The league's settings, or `not_organiser`: a front end asks before it posts."""
        return await self._organiser(league_id, actor)

    async def _organiser(self, league_id: int, actor: Actor) -> LeagueSettings:
        settings = await self.settings(league_id)
        if not settings.organisers.allows(actor.user_id, actor.role_ids, actor.manager):
            raise LeagueError(LeagueCode.NOT_ORGANISER, user_id=actor.user_id)
        return settings

    # ---------------------------------------------------------------- schedules
    async def next_night(self, league_id: int) -> NightTimes | None:
        """When the league's next scheduled night starts and its postings go out (UTC);
        None when it has no schedule."""
        schedule = (await self.settings(league_id)).schedule
        if schedule is None:
            return None
        return next_night(schedule, datetime.fromtimestamp(self.now(), UTC))

    async def due_jobs(self, now: float | None = None) -> list[ScheduledJob]:
        """The postings due now over every league with a schedule in our shards' guilds
        (the front end's task loop asks every minute or so). Postings it decides to skip
        (docs/decisions.md, "Leagues") are recorded here, so they are never offered again."""
        at = self.now() if now is None else now
        moment = datetime.fromtimestamp(at, UTC)
        jobs: list[ScheduledJob] = []
        skipped: list[StoredRun] = []
        for league in await self.store.leagues.all_leagues():
            if not self.shards.owns(league.guild_id):
                continue
            try:
                schedule = LeagueSettings.from_dict(league.settings).schedule
            except LeagueError:  # e.g. a time zone this machine does not know
                log.warning("league %s: settings unreadable, schedule not run", league.id)
                continue
            if schedule is None:
                continue
            nights = (last_night(schedule, moment), next_night(schedule, moment))
            starts = [int(night.start.timestamp()) for night in nights]  # what `plan` looks at
            done = _recorded(await self.store.leagues.runs(league.id, starts))
            since = datetime.fromtimestamp(league.updated_at, UTC)
            todo = plan(schedule, moment, done, since)
            for start, posting in todo.post:
                jobs.append(_job(league, schedule.channel_id, start, posting, at))
            for start, posting in todo.skip:
                skipped.append(_run(league.id, start.timestamp(), posting, "skipped", None, at))
        if skipped:
            await self.store.leagues.add_runs(skipped)
        return jobs

    async def mark_done(self, job: ScheduledJob, message_id: int | None = None) -> bool:
        """Record that `job` was posted (with its message, if any); False when it was
        recorded already (another call got there first), which changes nothing."""
        posting = Posting(job.kind, job.minutes, datetime.fromtimestamp(job.due_at, UTC))
        run = _run(job.league_id, job.starts_at, posting, "posted", message_id, self.now())
        (added,) = await self.store.leagues.add_runs([run])
        return added

    async def schedule_history(self, league_id: int) -> list[StoredRun]:
        """Every recorded posting of the league's scheduled nights, posted or skipped."""
        return await self.store.leagues.runs(league_id)

    # ------------------------------------------------------------------- nights
    async def open_night(self, league_id: int, actor: Actor) -> StoredNight:
        """Open the league's next night (organisers only); refused while one is open."""
        await self._organiser(league_id, actor)
        try:
            return await self.store.leagues.open_night(league_id, self._seed(), self.now())
        except NightBusy as error:
            raise LeagueError(LeagueCode.NIGHT_OPEN, league_id=league_id) from error

    async def night(self, night_id: int) -> StoredNight:
        """A night by id; refused (`no_night`) for an unknown one."""
        check_ids(night_id=night_id)
        night = await self.store.leagues.night(night_id)
        if night is None:
            raise LeagueError(LeagueCode.NO_NIGHT, night_id=night_id)
        return night

    async def nights(self, league_id: int) -> list[StoredNight]:
        return await self.store.leagues.nights(league_id)

    async def current_night(self, league_id: int) -> StoredNight | None:
        """The league's night that is not closed, if any (a league has at most one)."""
        return next((n for n in await self.nights(league_id) if n.status != "closed"), None)

    async def open_nights(self) -> list[StoredNight]:
        """Every night not closed, of any league of our shards' guilds: what a restart
        resumes (another process resumes the other shards' nights)."""
        nights = await self.store.leagues.open_nights()
        if self.shards.complete:
            return nights
        ours = {
            league.id
            for league in await self.store.leagues.all_leagues()
            if self.shards.owns(league.guild_id)
        }
        return [night for night in nights if night.league_id in ours]

    async def round_tables(self, night_id: int) -> dict[tuple[int, int], int]:
        """(round, table) -> the bot table that plays it."""
        return await self.store.leagues.round_tables(night_id)

    async def table_round(self, table_id: int) -> tuple[int, int, int] | None:
        """(night, round, table) a bot table plays, or None when it is no league table."""
        return await self.store.leagues.table_round(table_id)

    async def _open(self, night_id: int) -> StoredNight:
        night = await self.night(night_id)
        if night.status == "closed":
            raise LeagueError(LeagueCode.NIGHT_CLOSED, night_id=night_id)
        return night

    async def attendance(self, night_id: int) -> list[Attendance]:
        check_ids(night_id=night_id)
        rows = await self.store.leagues.attendance(night_id)
        return [Attendance.from_dict(row) for row in rows]

    async def check_in(self, night_id: int, user_id: int, partner_id: int | None = None) -> None:
        """In from the next round drawn; on a fixed-pairs night naming their partner."""
        check_ids(user_id=user_id, partner_id=partner_id)
        night = await self._open(night_id)
        settings = await self.settings(night.league_id)
        if settings.format == "pairs" and (partner_id is None or partner_id == user_id):
            raise LeagueError(LeagueCode.PARTNER_REQUIRED, user_id=user_id)
        await self._attend(night_id, user_id, "in", partner_id)

    async def check_out(self, night_id: int, user_id: int) -> None:
        """No further rounds; a round they are playing is finished without them."""
        check_ids(user_id=user_id)
        await self._open(night_id)
        await self._attend(night_id, user_id, "out", None)

    async def checkin_posted(
        self, night_id: int, channel_id: int, message_id: int, drawn: int
    ) -> None:
        """Remember the night's newest check-in message (round `drawn` + 1), so /league
        join and leave can update its count, after a restart too."""
        check_ids(night_id=night_id, channel_id=channel_id, message_id=message_id)
        message = CheckinMessage(channel_id, message_id, drawn)
        await self.store.leagues.set_checkin_message(night_id, message, self.now())

    async def checkin_message(self, night_id: int) -> CheckinMessage | None:
        """The night's newest check-in message, if one was posted."""
        check_ids(night_id=night_id)
        return await self.store.leagues.checkin_message(night_id)

    async def _attend(
        self, night_id: int, user_id: int, kind: Literal["in", "out"], partner: int | None
    ) -> None:
        refuse_repeat(await self.attendance(night_id), user_id, kind)
        drawn = len(await self.store.leagues.rounds(night_id))
        event = Attendance(user_id, kind, drawn, partner)
        await self.store.leagues.add_attendance(night_id, event.to_dict(), self.now())

    # ------------------------------------------------------------------- rounds
    async def draws(self, night_id: int) -> list[RoundDraw]:
        check_ids(night_id=night_id)
        return [RoundDraw.from_dict(d) for d in await self.store.leagues.rounds(night_id)]

    async def start_round(self, night_id: int, actor: Actor, deal: bool = True) -> RoundDraw:
        """Draw the next round from who is checked in, publish it, and have the bot deal
        its tables when a starter is given (`deal=False`: the tables play face to face).
        Refused while a table of the last round has no result, and once the night has all
        its rounds."""
        check_ids(night_id=night_id)
        night = await self._open(night_id)
        settings = await self._organiser(night.league_id, actor)
        earlier = await self.draws(night_id)
        if len(earlier) >= settings.rounds_per_night:
            raise LeagueError(LeagueCode.NIGHT_COMPLETE, rounds=len(earlier))
        missing = _unresolved(earlier[-1:], await self.results(night_id))
        if missing:
            raise LeagueError(LeagueCode.ROUND_IN_PROGRESS, tables=missing)
        rules = self._dealable(settings) if deal else None  # refused before any draw
        events = await self.attendance(night_id)
        number = len(earlier) + 1
        draw = draw_round(
            checked_in(events),
            earlier,
            round_seed(night.seed, number),
            number,
            settings.format,
            pairs_of(events),
        )
        try:
            await self.store.leagues.add_round(
                night_id, number, draw.to_dict(), rules is not None, self.now()
            )
        except AlreadyStored as error:  # another start won the race
            raise LeagueError(LeagueCode.ROUND_ALREADY_DRAWN, round=number) from error
        if rules is not None:
            await self._start_tables(night, draw, rules)
        return draw

    def _dealable(self, settings: LeagueSettings) -> RuleSet | None:
        """The rules the bot deals a round's tables with; None when tables are face to face."""
        if self.starter is None:
            return None
        if settings.format == "duplicate" and not self.starter.seeded_deals:
            raise LeagueError(
                LeagueCode.DUPLICATE_NOT_DEALT, "the tables cannot share one deal seed"
            )
        return settings.rules

    async def _start_tables(self, night: StoredNight, draw: RoundDraw, rules: RuleSet) -> None:
        stored = await self.store.leagues.league(night.league_id)
        assert stored is not None and self.starter is not None
        started = await self.store.leagues.round_tables(night.id)
        for table_no, table in enumerate(draw.tables):
            if (draw.number, table_no) in started:
                continue
            request = TableRequest(
                stored.guild_id,
                night.league_id,
                night.id,
                draw.number,
                table_no,
                table.seats,
                rules,
                draw.deal_seed,
            )
            table_id = await self.starter.start(request)
            await self.store.leagues.link_table(
                night.id, draw.number, table_no, table_id, self.now()
            )

    async def resume_tables(self, night_id: int) -> None:
        """Start the tables of the latest round that were not started (a restart between
        the draw and the last table's start)."""
        night = await self._open(night_id)
        draws = await self.draws(night_id)
        dealt = await self.store.leagues.dealt_rounds(night_id)
        if draws and draws[-1].number in dealt and self.starter is not None:
            settings = await self.settings(night.league_id)
            await self._start_tables(night, draws[-1], settings.rules)

    # ------------------------------------------------------------------ results
    async def results(self, night_id: int) -> dict[tuple[int, int], TableResult]:
        """The effective result of each table: its latest version."""
        check_ids(night_id=night_id)
        latest: dict[tuple[int, int], TableResult] = {}
        for stored in await self.store.leagues.results(night_id):
            latest[(stored.round_no, stored.table_no)] = TableResult.from_dict(stored.result)
        return latest

    async def missing_results(self, night_id: int) -> list[list[int]]:
        """[round, table] of each drawn table of the night that has no result yet."""
        return _unresolved(await self.draws(night_id), await self.results(night_id))

    async def _table(self, night_id: int, round_no: int, table_no: int) -> TablePlan:
        draws = await self.draws(night_id)
        if not 1 <= round_no <= len(draws) or not 0 <= table_no < len(draws[round_no - 1].tables):
            raise LeagueError(LeagueCode.NO_SUCH_TABLE, round=round_no, table=table_no)
        return draws[round_no - 1].tables[table_no]

    async def _entering(
        self, night_id: int, round_no: int, table_no: int, actor: Actor, confirmed_by: int | None
    ) -> tuple[LeagueSettings, tuple[int, int, int, int]]:
        """Who may enter a sheet: an organiser, or a player of the table confirmed by an
        opponent there; and only once (later changes are corrections)."""
        night = await self._open(night_id)
        settings = await self.settings(night.league_id)
        seats = (await self._table(night_id, round_no, table_no)).seats
        if not settings.organisers.allows(actor.user_id, actor.role_ids, actor.manager):
            if actor.user_id not in seats or confirmed_by not in seats:
                raise LeagueError(LeagueCode.NOT_ALLOWED_TO_ENTER, user_id=actor.user_id)
            assert confirmed_by is not None
            if seats.index(actor.user_id) % 2 == seats.index(confirmed_by) % 2:
                raise LeagueError(LeagueCode.OPPONENT_MUST_CONFIRM, user_id=confirmed_by)
        if (round_no, table_no) in await self.results(night_id):
            raise LeagueError(LeagueCode.RESULT_EXISTS, round=round_no, table=table_no)
        return settings, seats

    async def record_sheet(
        self,
        night_id: int,
        round_no: int,
        table_no: int,
        entries: Sequence[SheetEntry],
        actor: Actor,
        confirmed_by: int | None = None,
    ) -> TableResult:
        """A face-to-face table's score sheet, hand by hand, each line checked."""
        settings, seats = await self._entering(night_id, round_no, table_no, actor, confirmed_by)
        rules = settings.scoring_rules
        result = sheet_result(seats, sheet_lines(entries, rules), settings.round_length, rules)
        await self.store.leagues.add_result(
            night_id, round_no, table_no, result.to_dict(), actor.user_id, self.now()
        )
        return result

    async def record_totals(
        self,
        night_id: int,
        round_no: int,
        table_no: int,
        totals: tuple[int, int],
        hands: int,
        actor: Actor,
        roem: tuple[int, int] = (0, 0),
        nats: tuple[int, int] = (0, 0),
        confirmed_by: int | None = None,
    ) -> TableResult:
        """A face-to-face table's round as totals, checked for plausibility."""
        settings, seats = await self._entering(night_id, round_no, table_no, actor, confirmed_by)
        result = totals_result(
            seats, totals, hands, settings.round_length, settings.scoring_rules, roem, nats
        )
        await self.store.leagues.add_result(
            night_id, round_no, table_no, result.to_dict(), actor.user_id, self.now()
        )
        return result

    async def record_played(self, table_id: int) -> TableResult | None:
        """Read a finished bot table's sheet into its league round; None when the table is
        no league table, is not finished, or its result is in already. Seats that a
        computer finished (a player who left) carry no credit."""
        check_ids(table_id=table_id)
        where = await self.store.leagues.table_round(table_id)
        stored = await self.store.tables.get(table_id)
        if where is None or stored is None or stored.status != "finished":
            return None
        night_id, round_no, table_no = where
        if (round_no, table_no) in await self.results(night_id):
            return None
        sheet = await self.store.tables.sheet(table_id, 1)
        if not sheet:
            return None
        lines = [HandLine(h.makers, h.points, h.roem, h.scores, h.nat, h.pit) for h in sheet]
        s = sheet[-1].seats
        result = TableResult.of_lines((s[0], s[1], s[2], s[3]), lines, "bot")
        await self.store.leagues.add_result(
            night_id, round_no, table_no, result.to_dict(), None, self.now()
        )
        return result

    # -------------------------------------------------------------- corrections
    async def correct_line(
        self,
        night_id: int,
        round_no: int,
        table_no: int,
        number: int,
        entry: SheetEntry,
        actor: Actor,
        reason: str,
    ) -> TableResult:
        """Replace sheet line `number` (from 1) of a table's result, checked like any line."""
        before, settings = await self._correcting(night_id, round_no, table_no, actor)
        line = hand_line(
            entry.makers, entry.points, entry.roem, settings.scoring_rules, entry.pit, number
        )
        after = corrected_line(before, number, line)
        await self._append(
            night_id, round_no, table_no, "correct_line", before, after, actor, reason, number
        )
        return after

    async def correct_totals(
        self,
        night_id: int,
        round_no: int,
        table_no: int,
        totals: tuple[int, int],
        hands: int,
        actor: Actor,
        reason: str,
        roem: tuple[int, int] = (0, 0),
        nats: tuple[int, int] = (0, 0),
    ) -> TableResult:
        """Replace a table's round totals (a result entered as totals, or one to override)."""
        before, settings = await self._correcting(night_id, round_no, table_no, actor)
        after = totals_result(
            before.seats, totals, hands, settings.round_length, settings.scoring_rules, roem, nats
        )
        await self._append(
            night_id, round_no, table_no, "correct_result", before, after, actor, reason
        )
        return after

    async def void_table(
        self, night_id: int, round_no: int, table_no: int, actor: Actor, reason: str
    ) -> TableResult:
        """Void a table's round: it credits no one. A table without a result yet (a player
        left and nobody finished it) is voided as drawn."""
        night = await self.night(night_id)
        await self._organiser(night.league_id, actor)
        current = (await self.results(night_id)).get((round_no, table_no))
        if current is None:
            current = TableResult((await self._table(night_id, round_no, table_no)).seats, (0, 0))
            before = None
        else:
            before = current
        after = voided(current)
        await self._append(night_id, round_no, table_no, "void", before, after, actor, reason)
        return after

    async def penalise(
        self, night_id: int, user_id: int, points: int, actor: Actor, reason: str
    ) -> Adjustment:
        """Add `points` to a player's night (negative for a penalty), with the reason."""
        check_ids(user_id=user_id)
        night = await self.night(night_id)
        await self._organiser(night.league_id, actor)
        adjustment = Adjustment(user_id, points, require_reason(reason))
        audit = StoredAudit(
            night_id,
            "penalty",
            None,
            None,
            None,
            actor.user_id,
            adjustment.reason,
            None,
            adjustment.to_dict(),
            self.now(),
        )
        await self.store.leagues.add_adjustment(night_id, adjustment.to_dict(), audit)
        return adjustment

    async def _correcting(
        self, night_id: int, round_no: int, table_no: int, actor: Actor
    ) -> tuple[TableResult, LeagueSettings]:
        night = await self.night(night_id)
        settings = await self._organiser(night.league_id, actor)
        current = (await self.results(night_id)).get((round_no, table_no))
        if current is None:
            raise LeagueError(LeagueCode.NO_RESULT, round=round_no, table=table_no)
        return current, settings

    async def _append(
        self,
        night_id: int,
        round_no: int,
        table_no: int,
        kind: Kind,
        before: TableResult | None,
        after: TableResult,
        actor: Actor,
        reason: str,
        line: int | None = None,
    ) -> None:
        audit = StoredAudit(
            night_id,
            kind,
            round_no,
            table_no,
            line,
            actor.user_id,
            require_reason(reason),
            before.to_dict() if before else None,
            after.to_dict(),
            self.now(),
        )
        await self.store.leagues.add_result(
            night_id, round_no, table_no, after.to_dict(), actor.user_id, audit.at, audit
        )

    async def history(self, night_id: int) -> list[StoredAudit]:
        check_ids(night_id=night_id)
        return await self.store.leagues.audit(night_id)

    # ---------------------------------------------------------------- the close
    async def close_night(self, night_id: int, actor: Actor) -> list[NightRow]:
        """Close once every drawn table has a result or is voided; the final ranking."""
        night = await self._open(night_id)
        await self._organiser(night.league_id, actor)
        missing = _unresolved(await self.draws(night_id), await self.results(night_id))
        if missing:
            raise LeagueError(LeagueCode.RESULTS_MISSING, tables=missing)
        await self.store.leagues.set_status(night_id, "closed", self.now())
        return await self.night_standings(night_id)

    # ---------------------------------------------------------------- standings
    async def night_data(self, night_id: int) -> NightData:
        adjustments = [
            Adjustment.from_dict(a) for a in await self.store.leagues.adjustments(night_id)
        ]
        return NightData(await self.draws(night_id), await self.results(night_id), adjustments)

    async def night_standings(self, night_id: int) -> list[NightRow]:
        """The night's ranking so far (live while rounds run, final once closed)."""
        night = await self.night(night_id)
        s = await self.settings(night.league_id)
        return night_ranking(await self.night_data(night_id), s.format, s.bye_policy, s.tie_breaks)

    async def unranked(self, night_id: int) -> list[UnrankedSeat]:
        """The seats a computer finished for a player who left: unranked, credit to nobody."""
        return unranked_seats(await self.draws(night_id), await self.results(night_id))

    async def night_export(self, night_id: int) -> NightExport:
        """The night for `bot/league/export.py`: its draws, each table's effective result,
        which results and sheet lines were corrected, and the ranking so far."""
        await self.night(night_id)
        versions = await self.store.leagues.results(night_id)
        corrected = frozenset((v.round_no, v.table_no) for v in versions if v.version > 1)
        lines = frozenset(
            (a.round_no, a.table_no, a.line)
            for a in await self.history(night_id)
            if a.kind == "correct_line"
            and a.round_no is not None
            and a.table_no is not None
            and a.line is not None
        )
        return NightExport(
            await self.draws(night_id),
            await self.results(night_id),
            corrected,
            lines,
            await self.night_standings(night_id),
        )

    async def season(self, league_id: int) -> SeasonTable:
        """The season table over the closed nights."""
        settings = await self.settings(league_id)
        nights = []
        for night in await self._closed(league_id):
            rows = await self.night_standings(night.id)
            nights.append({row.user_id: row.points for row in rows})
        return season_table(nights, settings.counting)

    async def player(self, league_id: int, user_id: int) -> PlayerSeason:
        """A player's season statistics over the closed nights."""
        check_ids(league_id=league_id, user_id=user_id)
        data = [await self.night_data(n.id) for n in await self._closed(league_id)]
        return player_season(user_id, data)

    async def _closed(self, league_id: int) -> list[StoredNight]:
        check_ids(league_id=league_id)
        return [n for n in await self.store.leagues.nights(league_id) if n.status == "closed"]


def check_ids(**ids: int | None) -> None:
    """Refuse an id the store could not hold (a league's own refusal, not an overflow
    deep in the database driver); None is "not given" and passes."""
    for name, value in ids.items():
        if value is not None and not storable_id(value):
            raise LeagueError(LeagueCode.BAD_ID, field=name, value=value)


def _unresolved(
    draws: Iterable[RoundDraw], results: dict[tuple[int, int], TableResult]
) -> list[list[int]]:
    """[round, table] of each drawn table that has no result yet."""
    return [
        [draw.number, table_no]
        for draw in draws
        for table_no in range(len(draw.tables))
        if (draw.number, table_no) not in results
    ]


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
    outcome: str,
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
