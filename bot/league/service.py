"""A league night's lifecycle against the store: open, check in and out, draw and start
rounds, record and correct results, close; and the standings read from it.

The service keeps no state of its own: every operation reads what it needs from the store
and writes its outcome in one transaction, so a restart at any moment (check-in open, a
round half played, between rounds) loses nothing and the next call simply continues.
A command reads its night once, as one `NightView` (night_view.py: the league's settings,
the night's check-ins, draws, results and adjustments), checks and computes on that, and
returns the view with its change applied, so the front end draws its answer (standings,
missing tables, who is in) without reading again. A front end names a league and night
as its user does (refs.py); the service finds them.
Starting the bot tables of a round is asked of a `TableStarter` the front end provides,
so this package never needs to know about threads or channels.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
from collections.abc import Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Concatenate, Final, ParamSpec, Protocol, TypeVar

from bot.engine import RuleSet
from bot.shards import ShardSet
from bot.store import (
    AlreadyStored,
    CheckinMessage,
    NewResult,
    NightBusy,
    PostedMessage,
    Store,
    StoredAudit,
    StoredLeague,
    StoredRun,
    StoreError,
    storable_id,
)
from bot.tables import Status as TableStatus

from .arguments import ARGUMENTS, checked
from .corrections import (
    AuditEntry,
    AuditKind,
    corrected_line,
    require_reason,
    restored,
    voided,
)
from .draw import RoundDraw, draw_round, round_seed
from .entry import (
    PENALTY_RANGE,
    SheetEntry,
    check_range,
    check_sheet,
    hand_line,
    sheet_lines,
    sheet_result,
    totals_result,
)
from .errors import LeagueCode, LeagueError
from .export import NightExport
from .night import Attendance, NightMessage, NightStatus, Presence, refuse_repeat
from .night_view import Adjusted, Drawn, League, Night, NightView, Recorded, unresolved
from .refs import Actor, LeagueKey, LeagueName, NightKey, NightRef, Pick
from .results import HandLine, TableResult
from .schedule import (
    NightTimes,
    Posting,
    RunOutcome,
    ScheduledJob,
    last_night,
    next_night,
    plan,
)
from .season import SeasonTable, season_table
from .settings import LeagueSettings
from .standings import Adjustment, NightData, NightRow, UnrankedSeat
from .stats import PlayerSeason, player_season

__all__ = [
    "Actor",
    "LeagueService",
    "ScheduledJob",
    "TableRequest",
    "TableStarter",
]

P = ParamSpec("P")
R = TypeVar("R")
LATE_AFTER: Final = 300.0  # seconds after its time a posting counts as late
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class TableRequest:
    """One drawn table the bot should deal: four players in seat order, the league's
    rules, on a duplicate night the seed every table of the round deals from, and the
    league's name and the night's number (the table's messages name them)."""

    guild_id: int | None
    league_id: int
    night_id: int
    round_no: int
    table_no: int
    seats: tuple[int, int, int, int]
    rules: RuleSet
    deal_seed: str | None
    league_name: str = ""
    night_no: int = 0


class TableStarter(Protocol):
    """What starts a drawn table's bot table (the front end's, e.g. `TableServiceStarter`)."""

    # Whether `start` deals from `request.deal_seed`: a duplicate night needs it.
    seeded_deals: bool

    async def start(self, request: TableRequest) -> int:
        """Open and start the table; the bot table's id (its result is read back by
        `LeagueService.record_played` when its match ends)."""
        ...


@dataclass(frozen=True, slots=True)
class Change:
    """A correction of one table: its result before (None: it had none) and after."""

    round_no: int
    table_no: int
    kind: AuditKind
    before: TableResult | None
    after: TableResult
    line: int | None = None  # the sheet line corrected, from 1


def _one_at_a_time(
    method: Callable[Concatenate[LeagueService, P], Coroutine[Any, Any, R]],
) -> Callable[Concatenate[LeagueService, P], Coroutine[Any, Any, R]]:
    """A change of a night, made while no other is (`LeagueService._changing`)."""

    @functools.wraps(method)
    async def changing(service: LeagueService, /, *args: P.args, **kwargs: P.kwargs) -> R:
        async with service._changing:
            return await method(service, *args, **kwargs)

    return changing


class LeagueService:
    """Leagues and their nights against the store (see the module's docstring)."""

    def __init__(
        self,
        store: Store,
        now: Callable[[], float] = time.time,
        starter: TableStarter | None = None,
        seed: Callable[[], str] = lambda: secrets.token_hex(8),
        shards: ShardSet | None = None,
    ) -> None:
        """The service on `store`, with its clock, table starter, seeds and shards."""
        self.store = store
        # Check-ins, results, corrections and the close run one at a time: each reads its
        # night, writes, and returns the night with its change, which is then the truth
        # (two tables entered at once must not each miss the other's result).
        self._changing = asyncio.Lock()
        self.now = now
        self.starter = starter
        self._seed = seed
        # The guilds this process serves: it schedules and resumes only their leagues.
        self.shards = shards or ShardSet()
        self._told: set[tuple[int, float]] = set()  # (league, saved at) logged by `_loaded`

    # ------------------------------------------------------------------ leagues
    @checked
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

    @checked
    async def league(self, league: LeagueKey) -> League:
        """The league by id, or by its name in a server (`refs.LeagueName`): one read."""
        if isinstance(league, LeagueName):
            return _named(await self.leagues(league.guild_id), league)
        check_ids(league_id=league)
        stored = await self.store.leagues.league(league)
        if stored is None:
            raise LeagueError(LeagueCode.NO_LEAGUE, league_id=league)
        return self._loaded(stored)

    @checked
    async def settings(self, league_id: int) -> LeagueSettings:
        """The league's settings."""
        return (await self.league(league_id)).settings

    @checked
    async def update_settings(self, league_id: int, settings: LeagueSettings, actor: Actor) -> None:
        """Save the league's new settings; organisers only."""
        self._organiser(await self.league(league_id), actor)
        await self.store.leagues.update_settings(league_id, settings.to_dict(), self.now())

    @checked
    async def leagues(self, guild_id: int | None) -> list[League]:
        """The server's leagues, by name."""
        return [self._loaded(stored) for stored in await self.store.leagues.leagues(guild_id)]

    @checked
    async def require_organiser(self, league: LeagueKey, actor: Actor) -> League:
        """The league, or `not_organiser`: a front end asks before it posts."""
        found = await self.league(league)
        self._organiser(found, actor)
        return found

    def _loaded(self, stored: StoredLeague) -> League:
        """The league of a stored row. A repair of its settings (bot/league/repair.py),
        or settings that cannot be used at all, is logged once per saved version."""
        told = (stored.id, stored.updated_at)
        try:
            league = League.of(stored)
        except LeagueError as error:
            self._tell(told, f"league {stored.id}: stored settings unusable: {error}")
            raise
        if league.repairs:
            repairs = "; ".join(league.repairs)
            self._tell(told, f"league {stored.id}: stored settings repaired: {repairs}")
        return league

    def _tell(self, told: tuple[int, float], line: str) -> None:
        if told not in self._told:
            self._told.add(told)
            log.warning("%s", line)

    @staticmethod
    def _organiser(league: League, actor: Actor) -> LeagueSettings:
        """The league's settings, or `not_organiser` when `actor` does not organise it."""
        settings = league.settings
        if not settings.organisers.allows(actor.user_id, actor.role_ids, actor.manager):
            raise LeagueError(LeagueCode.NOT_ORGANISER, user_id=actor.user_id)
        return settings

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
        moment = datetime.fromtimestamp(at, UTC)
        jobs: list[ScheduledJob] = []
        skipped: list[StoredRun] = []
        for league in await self.store.leagues.all_leagues():
            if not self.shards.owns(league.guild_id):
                continue
            try:
                schedule = self._loaded(league).settings.schedule
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
                skipped.append(
                    _run(league.id, start.timestamp(), posting, RunOutcome.SKIPPED, None, at)
                )
        if skipped:
            await self.store.leagues.add_runs(skipped)
        return jobs

    @checked
    async def mark_done(self, job: ScheduledJob, message_id: int | None = None) -> bool:
        """Record that `job` was posted (with its message, if any); False when it was
        recorded already (another call got there first), which changes nothing."""
        posting = Posting(job.kind, job.minutes, datetime.fromtimestamp(job.due_at, UTC))
        run = _run(job.league_id, job.starts_at, posting, RunOutcome.POSTED, message_id, self.now())
        (added,) = await self.store.leagues.add_runs([run])
        return added

    @checked
    async def schedule_history(self, league_id: int) -> list[StoredRun]:
        """Every recorded posting of the league's scheduled nights, posted or skipped."""
        return await self.store.leagues.runs(league_id)

    # ------------------------------------------------------------------- nights
    @checked
    async def open_night(
        self, league: LeagueKey, actor: Actor, channel_id: int | None = None
    ) -> NightView:
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
        return NightView(found, Night.of(stored), (), NightData((), {}), frozenset())

    @checked
    async def night(self, night_id: int) -> Night:
        """Night `night_id`, or `no_night`."""
        check_ids(night_id=night_id)
        night = await self.store.leagues.night(night_id)
        if night is None:
            raise LeagueError(LeagueCode.NO_NIGHT, night_id=night_id)
        return Night.of(night)

    @checked
    async def nights(self, league_id: int) -> list[Night]:
        """The league's nights, in order."""
        return [Night.of(n) for n in await self.store.leagues.nights(league_id)]

    @checked
    async def current_night(self, league_id: int) -> Night | None:
        """The league's night that is not closed, if any (a league has at most one)."""
        return next((n for n in await self.nights(league_id) if not n.closed), None)

    @checked
    async def open_nights(self) -> list[Night]:
        """Every night not closed, of any league of our shards' guilds: what a restart
        resumes (another process resumes the other shards' nights)."""
        nights = [Night.of(n) for n in await self.store.leagues.open_nights()]
        if self.shards.complete:
            return nights
        ours = {
            league.id
            for league in await self.store.leagues.all_leagues()
            if self.shards.owns(league.guild_id)
        }
        return [night for night in nights if night.league_id in ours]

    @checked
    async def pick(self, ref: NightRef, organiser: Actor | None = None) -> tuple[League, Night]:
        """The league and night `ref` means (two reads); with `organiser`, refused with
        `not_organiser` as soon as the league is known."""
        league = await self.league(ref.league)
        if organiser is not None:
            self._organiser(league, organiser)
        return league, _picked(await self.nights(league.id), ref)

    @checked
    async def view(self, night: NightKey, organiser: Actor | None = None) -> NightView:
        """The night with everything it produced, read once (`night_view.py`): by id two
        reads, by `NightRef` three. With `organiser`, a night named by `NightRef` is
        refused with `not_organiser` before its night is looked for."""
        if isinstance(night, NightRef):
            league, found = await self.pick(night, organiser)
            rows = await self.store.leagues.night_rows(found.id)
        else:
            check_ids(night_id=night)
            rows = await self.store.leagues.night_rows(night)
            if rows is None:
                raise LeagueError(LeagueCode.NO_NIGHT, night_id=night)
            league = await self.league(rows.night.league_id)
        assert rows is not None  # a night's rows are never deleted
        return NightView.of(league, rows)

    async def _open(self, night: NightKey, organiser: Actor | None = None) -> NightView:
        view = await self.view(night, organiser)
        view.require_open()
        return view

    @checked
    async def round_tables(self, night_id: int) -> dict[tuple[int, int], int]:
        """(round, table) -> the bot table that plays it."""
        return await self.store.leagues.round_tables(night_id)

    @checked
    async def table_round(self, table_id: int) -> tuple[int, int, int] | None:
        """(night, round, table) a bot table plays, or None when it is no league table."""
        return await self.store.leagues.table_round(table_id)

    @checked
    async def attendance(self, night_id: int) -> list[Attendance]:
        """The night's check-ins and check-outs, in order."""
        check_ids(night_id=night_id)
        rows = await self.store.leagues.attendance(night_id)
        return [Attendance.from_dict(row) for row in rows]

    @checked
    @_one_at_a_time
    async def check_in(
        self, night: NightKey, user_id: int, partner_id: int | None = None
    ) -> NightView:
        """In from the next round drawn; on a fixed-pairs night naming their partner."""
        check_ids(user_id=user_id, partner_id=partner_id)
        return await self._check(await self._open(night), user_id, Presence.IN, partner_id)

    @checked
    @_one_at_a_time
    async def check_out(self, night: NightKey, user_id: int) -> NightView:
        """No further rounds; a round they are playing is finished without them."""
        check_ids(user_id=user_id)
        return await self._check(await self._open(night), user_id, Presence.OUT, None)

    @checked
    @_one_at_a_time
    async def check_button(
        self, night_id: int, user_id: int, kind: Presence, version: int
    ) -> NightView:
        """A click on a check-in message posted after `version` rounds: refused once the
        night is closed or has all its rounds, and when a round was drawn since."""
        view = await self._open(night_id)
        if view.drawn >= view.settings.rounds_per_night:
            raise LeagueError(LeagueCode.NO_MORE_ROUNDS, rounds=view.drawn)
        if version != view.drawn:
            raise LeagueError(LeagueCode.STALE_CHECKIN, round=view.drawn + 1)
        check_ids(user_id=user_id)
        return await self._check(view, user_id, kind, None)

    async def _check(
        self, view: NightView, user_id: int, kind: Presence, partner: int | None
    ) -> NightView:
        pairs = view.settings.format == "pairs"
        if kind is Presence.IN and pairs and (partner is None or partner == user_id):
            raise LeagueError(LeagueCode.PARTNER_REQUIRED, user_id=user_id)
        refuse_repeat(view.attendance, user_id, kind)
        event = Attendance(user_id, kind, view.drawn, partner)
        await self.store.leagues.add_attendance(view.night.id, event.to_dict(), self.now())
        return view.with_attendance(event)

    @checked
    async def checkin_posted(
        self, night_id: int, channel_id: int, message_id: int, drawn: int
    ) -> None:
        """Remember the night's newest check-in message (round `drawn` + 1), so /league
        join and leave can update its count, after a restart too."""
        message = CheckinMessage(*_posted_at(channel_id, message_id), drawn)
        await self.store.leagues.set_checkin_message(night_id, message, self.now())

    @checked
    async def checkin_message(self, night_id: int) -> CheckinMessage | None:
        """The night's newest check-in message, if one was posted."""
        check_ids(night_id=night_id)
        return await self.store.leagues.checkin_message(night_id)

    @checked
    async def message_posted(
        self, night_id: int, message_kind: NightMessage, channel_id: int, message_id: int
    ) -> None:
        """Remember the night's message of `message_kind` (its standings), so every later
        change edits that one message, after a restart too; a new one replaces it."""
        message = PostedMessage(*_posted_at(channel_id, message_id))
        await self.store.leagues.set_night_message(night_id, message_kind, message, self.now())

    @checked
    async def posted_message(
        self, night_id: int, message_kind: NightMessage
    ) -> PostedMessage | None:
        """The night's message of `message_kind`, if one was posted."""
        check_ids(night_id=night_id)
        return await self.store.leagues.night_message(night_id, message_kind)

    # ------------------------------------------------------------------- rounds
    @checked
    async def draws(self, night_id: int) -> list[RoundDraw]:
        """The night's rounds drawn so far, in order."""
        check_ids(night_id=night_id)
        return [RoundDraw.from_dict(d) for d in await self.store.leagues.rounds(night_id)]

    @checked
    async def start_round(self, night: NightKey, actor: Actor, deal: bool = True) -> Drawn:
        """Draw the next round from who is checked in, publish it, and have the bot deal
        its tables when a starter is given (`deal=False`: the tables play face to face).
        Refused while a table of the last round has no result, and once the night has all
        its rounds."""
        view = await self._open(night, actor)
        settings = self._organiser(view.league, actor)
        if view.drawn >= settings.rounds_per_night:
            raise LeagueError(LeagueCode.NIGHT_COMPLETE, rounds=view.drawn)
        missing = unresolved(view.draws[-1:], view.results)
        if missing:
            raise LeagueError(LeagueCode.ROUND_IN_PROGRESS, tables=missing)
        rules = self._dealable(settings) if deal else None  # refused before any draw
        number = view.drawn + 1
        draw = draw_round(
            view.players(),
            list(view.draws),
            round_seed(view.night.seed, number),
            number,
            settings.format,
            view.pairs(),
        )
        try:
            await self.store.leagues.add_round(
                view.night.id, number, draw.to_dict(), rules is not None, self.now()
            )
        except AlreadyStored as error:  # another start won the race
            raise LeagueError(LeagueCode.ROUND_ALREADY_DRAWN, round=number) from error
        view = view.with_draw(draw)
        if rules is not None:
            await self._start_tables(view, draw, rules)
        return Drawn(view, draw)

    def _dealable(self, settings: LeagueSettings) -> RuleSet | None:
        """The rules the bot deals a round's tables with; None when tables are face to face."""
        if self.starter is None:
            return None
        if settings.format == "duplicate" and not self.starter.seeded_deals:
            raise LeagueError(
                LeagueCode.DUPLICATE_NOT_DEALT, "the tables cannot share one deal seed"
            )
        return settings.rules

    async def _start_tables(self, view: NightView, draw: RoundDraw, rules: RuleSet) -> int:
        """Start the round's tables not started yet; how many were started."""
        assert self.starter is not None
        night = view.night
        started = await self.store.leagues.round_tables(night.id)
        count = 0
        for table_no, table in enumerate(draw.tables):
            if (draw.number, table_no) in started:
                continue
            request = TableRequest(
                view.league.guild_id,
                night.league_id,
                night.id,
                draw.number,
                table_no,
                table.seats,
                rules,
                draw.deal_seed,
                view.settings.name,
                night.number,
            )
            table_id = await self.starter.start(request)
            await self.store.leagues.link_table(
                night.id, draw.number, table_no, table_id, self.now()
            )
            count += 1
        return count

    @checked
    async def resume_tables(self, night: NightKey) -> NightView | None:
        """Start the tables of the latest round that were not started (a restart between
        the draw and the last table's start); the night when any was, else None."""
        view = await self._open(night)
        dealt = await self.store.leagues.dealt_rounds(view.night.id)
        if not view.draws or view.draws[-1].number not in dealt or self.starter is None:
            return None
        started = await self._start_tables(view, view.draws[-1], view.settings.rules)
        return view if started else None

    # ------------------------------------------------------------------ results
    @checked
    async def results(self, night_id: int) -> dict[tuple[int, int], TableResult]:
        """The effective result of each table: its latest version."""
        check_ids(night_id=night_id)
        latest: dict[tuple[int, int], TableResult] = {}
        for stored in await self.store.leagues.results(night_id):
            latest[(stored.round_no, stored.table_no)] = TableResult.from_dict(stored.result)
        return latest

    @checked
    async def missing_results(self, night_id: int) -> list[list[int]]:
        """[round, table] of each drawn table of the night that has no result yet."""
        return (await self.view(night_id)).missing()

    async def _entering(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        actor: Actor,
        confirmed_by: int | None,
    ) -> tuple[NightView, tuple[int, int, int, int], int | None]:
        """Who may enter a sheet: an organiser, or a player of the table naming an opponent
        there, who is then asked to confirm it (the third value); and only once (later
        changes are corrections), except that an organiser may enter a voided table again."""
        view = await self._open(night)
        seats = view.table(round_no, table_no).seats
        organiser = view.settings.organisers.allows(actor.user_id, actor.role_ids, actor.manager)
        if not organiser:
            if actor.user_id not in seats or confirmed_by not in seats:
                raise LeagueError(LeagueCode.NOT_ALLOWED_TO_ENTER, user_id=actor.user_id)
            assert confirmed_by is not None
            if seats.index(actor.user_id) % 2 == seats.index(confirmed_by) % 2:
                raise LeagueError(LeagueCode.OPPONENT_MUST_CONFIRM, user_id=confirmed_by)
        existing = view.results.get((round_no, table_no))
        if existing is not None and not existing.void:
            raise LeagueError(LeagueCode.RESULT_EXISTS, round=round_no, table=table_no)
        if existing is not None and not organiser:
            raise LeagueError(LeagueCode.TABLE_VOIDED, round=round_no, table=table_no)
        return view, seats, None if organiser else confirmed_by

    @checked
    async def entry_form(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        actor: Actor,
        confirmed_by: int | None = None,
    ) -> NightView:
        """The night, once `actor` may enter this table's sheet as `record_sheet` checks
        it (the same refusals; nothing is written): a front end asks before it offers a
        form to type the sheet in, and hands the form's lines to `record_sheet`."""
        view, _, _ = await self._entering(night, round_no, table_no, actor, confirmed_by)
        return view

    @checked
    @_one_at_a_time
    async def record_sheet(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        entries: Sequence[SheetEntry],
        actor: Actor,
        confirmed_by: int | None = None,
    ) -> Recorded:
        """A face-to-face table's score sheet, hand by hand, each line checked."""
        view, seats, asked = await self._entering(night, round_no, table_no, actor, confirmed_by)
        settings = view.settings
        rules = settings.scoring_rules
        result = sheet_result(seats, sheet_lines(entries, rules), settings.round_length, rules)
        return await self._entered(view, round_no, table_no, result, actor, asked)

    @checked
    @_one_at_a_time
    async def record_totals(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        totals: tuple[int, int],
        hands: int,
        actor: Actor,
        roem: tuple[int, int] = (0, 0),
        nats: tuple[int, int] = (0, 0),
        confirmed_by: int | None = None,
    ) -> Recorded:
        """A face-to-face table's round as totals, checked for plausibility."""
        view, seats, asked = await self._entering(night, round_no, table_no, actor, confirmed_by)
        settings = view.settings
        result = totals_result(
            seats, totals, hands, settings.round_length, settings.scoring_rules, roem, nats
        )
        return await self._entered(view, round_no, table_no, result, actor, asked)

    @checked
    @_one_at_a_time
    async def record_played(self, table_id: int) -> Recorded | None:
        """Read a finished bot table's sheet into its league round; None when the table is
        no league table, is not finished, or its result is in already. Seats that a
        computer finished (a player who left) carry no credit."""
        check_ids(table_id=table_id)
        where = await self.store.leagues.table_round(table_id)
        stored = await self.store.tables.get(table_id)
        if where is None or stored is None or stored.status != TableStatus.FINISHED:
            return None
        night_id, round_no, table_no = where
        view = await self.view(night_id)
        if (round_no, table_no) in view.results:
            return None
        sheet = await self.store.tables.sheet(table_id, 1)
        if not sheet:
            return None
        lines = [HandLine(h.makers, h.points, h.roem, h.scores, h.nat, h.pit) for h in sheet]
        s = sheet[-1].seats
        result = TableResult.of_lines((s[0], s[1], s[2], s[3]), lines, "bot")
        return await self._add(view, round_no, table_no, result, None)

    async def _entered(
        self,
        view: NightView,
        round_no: int,
        table_no: int,
        result: TableResult,
        actor: Actor,
        asked: int | None,
    ) -> Recorded:
        """A result entered by hand, with the audit entry saying who entered it and which
        opponent is asked to confirm it (None: an organiser's entry, which stands)."""
        before = view.results.get((round_no, table_no))  # a voided result entered again
        audit = StoredAudit(
            view.night.id,
            AuditKind.ENTER,
            round_no,
            table_no,
            None,
            actor.user_id,
            "",
            None if before is None else before.to_dict(),
            result.to_dict(),
            self.now(),
            asked,
        )
        return await self._add(view, round_no, table_no, result, actor.user_id, audit, asked)

    async def _add(
        self,
        view: NightView,
        round_no: int,
        table_no: int,
        result: TableResult,
        actor: int | None,
        audit: StoredAudit | None = None,
        asked: int | None = None,
    ) -> Recorded:
        """Store the table's new result (with its audit entry); the night with it."""
        at = self.now() if audit is None else audit.at
        new = NewResult(view.night.id, round_no, table_no, result.to_dict(), actor, at, audit)
        await self.store.leagues.add_result(new)
        changed = view.with_result(round_no, table_no, result, asked)
        return Recorded(changed, round_no, table_no, result)

    @checked
    @_one_at_a_time
    async def confirm_result(
        self, night: NightKey, round_no: int, table_no: int, version: int, actor: Actor
    ) -> Recorded:
        """The asked opponent (or an organiser) confirms version `version` of a table's
        result a player entered: refused once it is confirmed or settled by an organiser
        (`already_confirmed`), when the result changed since (`stale_confirm`), and for
        anyone else (`not_asked`)."""
        view = await self.view(night)
        key = (round_no, table_no)
        result = view.results.get(key)
        if result is None:
            raise LeagueError(LeagueCode.NO_RESULT, round=round_no, table=table_no)
        if view.versions.get(key) != version:
            raise LeagueError(LeagueCode.STALE_CONFIRM, round=round_no, table=table_no)
        asked = view.unconfirmed.get(key)
        if asked is None:
            raise LeagueError(LeagueCode.ALREADY_CONFIRMED, round=round_no, table=table_no)
        organisers = view.settings.organisers
        if actor.user_id != asked and not organisers.allows(
            actor.user_id, actor.role_ids, actor.manager
        ):
            raise LeagueError(LeagueCode.NOT_ASKED, user_id=asked)
        audit = StoredAudit(
            view.night.id,
            AuditKind.CONFIRM,
            round_no,
            table_no,
            None,
            actor.user_id,
            "",
            None,
            result.to_dict(),
            self.now(),
        )
        await self.store.leagues.add_audit(audit)
        return Recorded(view.with_confirmed(round_no, table_no), round_no, table_no, result)

    # -------------------------------------------------------------- corrections
    @checked
    @_one_at_a_time
    async def correct_line(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        number: int,
        entry: SheetEntry,
        actor: Actor,
        reason: str,
    ) -> Recorded:
        """Replace sheet line `number` (from 1) of a table's result, checked like any line;
        the corrected sheet must still end where the round ends."""
        view, before = await self._correcting(night, round_no, table_no, actor)
        rules = view.settings.scoring_rules
        line = hand_line(entry.makers, entry.points, entry.roem, rules, entry.pit, number)
        after = corrected_line(before, number, line)
        check_sheet(after.lines, view.settings.round_length, rules)
        change = Change(round_no, table_no, AuditKind.CORRECT_LINE, before, after, number)
        return await self._append(view, change, actor, reason)

    @checked
    @_one_at_a_time
    async def correct_totals(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        totals: tuple[int, int],
        hands: int,
        actor: Actor,
        reason: str,
        roem: tuple[int, int] = (0, 0),
        nats: tuple[int, int] = (0, 0),
    ) -> Recorded:
        """Replace a table's round totals (a result entered as totals, or one to override)."""
        view, before = await self._correcting(night, round_no, table_no, actor)
        settings = view.settings
        after = totals_result(
            before.seats, totals, hands, settings.round_length, settings.scoring_rules, roem, nats
        )
        change = Change(round_no, table_no, AuditKind.CORRECT_RESULT, before, after)
        return await self._append(view, change, actor, reason)

    @checked
    @_one_at_a_time
    async def void_table(
        self, night: NightKey, round_no: int, table_no: int, actor: Actor, reason: str
    ) -> Recorded:
        """Void a table's round: it credits no one. A table without a result yet (a player
        left and nobody finished it) is voided as drawn."""
        view = await self.view(night, actor)
        self._organiser(view.league, actor)
        before = view.results.get((round_no, table_no))
        current = before or TableResult(view.table(round_no, table_no).seats, (0, 0))
        change = Change(round_no, table_no, AuditKind.VOID, before, voided(current))
        return await self._append(view, change, actor, reason)

    @checked
    @_one_at_a_time
    async def restore_table(
        self, night: NightKey, round_no: int, table_no: int, actor: Actor, reason: str
    ) -> Recorded:
        """Count a voided table's result again, as it was before the void (audited like a
        void). A table voided before it had a result has none to restore (`no_result`): an
        organiser enters it instead."""
        view = await self.view(night, actor)
        self._organiser(view.league, actor)
        before = view.results.get((round_no, table_no))
        if before is None or (before.void and before.hands == 0):
            raise LeagueError(LeagueCode.NO_RESULT, round=round_no, table=table_no)
        after = restored(before, round_no, table_no)
        change = Change(round_no, table_no, AuditKind.RESTORE, before, after)
        return await self._append(view, change, actor, reason)

    @checked
    @_one_at_a_time
    async def penalise(
        self, night: NightKey, user_id: int, points: int, actor: Actor, reason: str
    ) -> Adjusted:
        """Add `points` to a player's night (negative for a penalty), with the reason; only
        for a player who checked in at the night, within ``PENALTY_RANGE``."""
        check_range("penalty", points, *PENALTY_RANGE)
        view = await self.view(night, actor)
        self._organiser(view.league, actor)
        if not view.attended(user_id):
            raise LeagueError(LeagueCode.NOT_IN_NIGHT, user_id=user_id, night=view.night.number)
        check_ids(user_id=user_id)
        adjustment = Adjustment(user_id, points, require_reason(reason))
        audit = StoredAudit(
            view.night.id,
            AuditKind.PENALTY,
            None,
            None,
            None,
            actor.user_id,
            adjustment.reason,
            None,
            adjustment.to_dict(),
            self.now(),
        )
        await self.store.leagues.add_adjustment(view.night.id, adjustment.to_dict(), audit)
        return Adjusted(view.with_adjustment(adjustment), adjustment)

    async def _correcting(
        self, night: NightKey, round_no: int, table_no: int, actor: Actor
    ) -> tuple[NightView, TableResult]:
        view = await self.view(night, actor)
        self._organiser(view.league, actor)
        current = view.results.get((round_no, table_no))
        if current is None:
            raise LeagueError(LeagueCode.NO_RESULT, round=round_no, table=table_no)
        if current.void:
            raise LeagueError(LeagueCode.TABLE_VOIDED, round=round_no, table=table_no)
        return view, current

    async def _append(self, view: NightView, change: Change, actor: Actor, reason: str) -> Recorded:
        """A correction: the table's new result version with its audit entry."""
        audit = StoredAudit(
            view.night.id,
            change.kind,
            change.round_no,
            change.table_no,
            change.line,
            actor.user_id,
            require_reason(reason),
            change.before.to_dict() if change.before else None,
            change.after.to_dict(),
            self.now(),
        )
        return await self._add(
            view, change.round_no, change.table_no, change.after, actor.user_id, audit
        )

    @checked
    async def history(self, night_id: int) -> list[AuditEntry]:
        """The night's audit trail, oldest first: each result entered by hand, confirmed,
        corrected, voided or restored, and each penalty."""
        check_ids(night_id=night_id)
        return [AuditEntry.of(stored) for stored in await self.store.leagues.audit(night_id)]

    # ---------------------------------------------------------------- the close
    @checked
    @_one_at_a_time
    async def close_night(self, night: NightKey, actor: Actor) -> NightView:
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
        return view.with_status(NightStatus.CLOSED, at)

    # ---------------------------------------------------------------- standings
    @checked
    async def night_data(self, night_id: int) -> NightData:
        """The night's draws, effective results and adjustments."""
        return (await self.view(night_id)).data

    @checked
    async def night_standings(self, night_id: int) -> list[NightRow]:
        """The night's ranking so far (live while rounds run, final once closed)."""
        return (await self.view(night_id)).standings()

    @checked
    async def unranked(self, night_id: int) -> list[UnrankedSeat]:
        """The seats a computer finished for a player who left: unranked, credit to nobody."""
        return (await self.view(night_id)).unranked_seats()

    @checked
    async def night_export(self, night_id: int) -> NightExport:
        """The night for `bot/league/export.py`: its draws, each table's effective result,
        which results and sheet lines were corrected, and the ranking so far."""
        view = await self.view(night_id)
        lines = frozenset(
            (a.round_no, a.table_no, a.line)
            for a in await self.history(night_id)
            if a.kind is AuditKind.CORRECT_LINE
            and a.round_no is not None
            and a.table_no is not None
            and a.line is not None
        )
        return NightExport(
            view.draws, view.results, view.corrected, lines, view.standings(), view.date()
        )

    @checked
    async def season(self, league: LeagueKey) -> SeasonTable:
        """The season table over the closed nights."""
        found, views = await self._closed(league)
        nights = [{row.user_id: row.points for row in view.standings()} for view in views]
        return season_table(nights, found.settings.counting)

    @checked
    async def player(self, league: LeagueKey, user_id: int) -> PlayerSeason:
        """A player's season statistics over the closed nights."""
        check_ids(user_id=user_id)
        _, views = await self._closed(league)
        return player_season(user_id, [view.data for view in views])

    async def _closed(self, league: LeagueKey) -> tuple[League, list[NightView]]:
        """The league and its closed nights (one read each, after the league's two)."""
        found = await self.league(league)
        views = []
        for night in await self.nights(found.id):
            if night.closed:
                rows = await self.store.leagues.night_rows(night.id)
                assert rows is not None  # a night's rows are never deleted
                views.append(NightView.of(found, rows))
        return found, views


def _posted_at(channel_id: int | None, message_id: int | None) -> tuple[int, int]:
    """Where a message was posted: both ids required (their checks let None pass, as
    "not given", for the methods where it may be)."""
    return (
        ARGUMENTS.required("channel_id", channel_id),
        ARGUMENTS.required("message_id", message_id),
    )


def check_ids(**ids: int | None) -> None:
    """Refuse an id the store could not hold (a league's own refusal, not an overflow
    deep in the database driver); None is "not given" and passes."""
    for name, value in ids.items():
        if value is not None and not storable_id(value):
            raise LeagueError(LeagueCode.BAD_ID, field=name, value=value)


def _named(leagues: Sequence[League], name: LeagueName) -> League:
    """The league `name` means among a server's leagues (its only one when no name)."""
    wanted = name.wanted
    if wanted is not None:
        found = [league for league in leagues if league.name.casefold() == wanted]
        if not found:
            raise LeagueError(LeagueCode.NO_LEAGUE_NAMED, name=(name.name or "").strip())
        return found[0]
    if not leagues:
        raise LeagueError(LeagueCode.NO_LEAGUES)
    if len(leagues) > 1:
        raise LeagueError(LeagueCode.WHICH_LEAGUE, names=[league.name for league in leagues])
    return leagues[0]


def _picked(nights: Sequence[Night], ref: NightRef) -> Night:
    """The night `ref` means among a league's nights (in order)."""
    if ref.number is not None:
        found = [night for night in nights if night.number == ref.number]
        if not found:
            raise LeagueError(LeagueCode.NO_NIGHT_NUMBER, night=ref.number)
        return found[0]
    current = next((night for night in nights if not night.closed), None)
    if ref.pick is Pick.OPEN or not nights:
        if current is None:
            code = (
                LeagueCode.NO_NIGHTS if ref.pick is Pick.LAST_CLOSED else LeagueCode.NO_OPEN_NIGHT
            )
            raise LeagueError(code)
        return current
    if ref.pick is Pick.LAST_CLOSED:
        closed = [night for night in nights if night.closed]
        return closed[-1] if closed else nights[-1]
    return current or nights[-1]


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
