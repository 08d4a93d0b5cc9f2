"""What the league service's groups of operations share: the store, the clock, the one
lock of a night's changes, and the reads every command starts with (its league, its
night as one `NightView`), with the checks that come with them (ids, organisers)."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

from bot.shards import ShardSet
from bot.store import NewResult, Store, StoredAudit, StoredLeague, storable_id
from bot.tables import TableService

from .answers import NightAnswer, ResultSet
from .arguments import ARGUMENTS, checked
from .errors import LeagueCode, LeagueError
from .night_view import League, Night, NightView
from .refs import Actor, LeagueKey, LeagueName, NightKey, NightRef, Pick
from .settings import LeagueSettings

__all__ = ["LeagueParts", "check_ids", "one_at_a_time", "posted_at"]

P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S", bound="LeagueParts")
log = logging.getLogger(__name__)


def one_at_a_time(
    method: Callable[Concatenate[S, P], Coroutine[Any, Any, R]],
) -> Callable[Concatenate[S, P], Coroutine[Any, Any, R]]:
    """A change of a night, made while no other is (`LeagueParts.changing`)."""

    @functools.wraps(method)
    async def changing(service: S, /, *args: P.args, **kwargs: P.kwargs) -> R:
        async with service.changing:
            return await method(service, *args, **kwargs)

    return changing


class LeagueParts:
    """The parts every group of operations works with, and the reads they share;
    `LeagueService` builds them."""

    store: Store
    now: Callable[[], float]
    tables: TableService | None  # deals a round's tables; None: every table face to face
    shards: ShardSet
    # Check-ins, results, corrections and the close run one at a time: each reads its
    # night, writes, and answers the night with its change, which is then the truth (two
    # tables entered at once must not each miss the other's result).
    changing: asyncio.Lock
    _told: set[tuple[int, float]]  # (league, saved at) logged by `_loaded`

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
    async def leagues(self, guild_id: int | None) -> list[League]:
        """The server's leagues, by name."""
        return [self._loaded(stored) for stored in await self.store.leagues.leagues(guild_id)]

    @checked
    async def nights(self, league_id: int) -> list[Night]:
        """The league's nights, in order."""
        return [Night.of(n) for n in await self.store.leagues.nights(league_id)]

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
        """The night's view, refused once the night is closed."""
        view = await self.view(night, organiser)
        view.require_open()
        return view

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

    async def _add(
        self,
        view: NightView,
        change: ResultSet,
        actor: int | None,
        audit: StoredAudit | None = None,
        asked: int | None = None,
    ) -> NightAnswer:
        """Store a table's new result (with its audit entry; `asked`: the opponent asked to
        confirm it); the night with it."""
        at = self.now() if audit is None else audit.at
        round_no, table_no, result = change.round_no, change.table_no, change.result
        new = NewResult(view.night.id, round_no, table_no, result.to_dict(), actor, at, audit)
        await self.store.leagues.add_result(new)
        return NightAnswer((change,), view.with_result(round_no, table_no, result, asked))

    @staticmethod
    def _organiser(league: League, actor: Actor) -> LeagueSettings:
        """The league's settings, or `not_organiser` when `actor` does not organise it."""
        settings = league.settings
        if not settings.organisers.allows(actor.user_id, actor.role_ids, actor.manager):
            raise LeagueError(LeagueCode.NOT_ORGANISER, user_id=actor.user_id)
        return settings


def check_ids(**ids: int | None) -> None:
    """Refuse an id the store could not hold (a league's own refusal, not an overflow
    deep in the database driver); None is "not given" and passes."""
    for name, value in ids.items():
        if value is not None and not storable_id(value):
            raise LeagueError(LeagueCode.BAD_ID, field=name, value=value)


def posted_at(channel_id: int | None, message_id: int | None) -> tuple[int, int]:
    """Where a message was posted: both ids required (their checks let None pass, as
    "not given", for the methods where it may be)."""
    return (
        ARGUMENTS.required("channel_id", channel_id),
        ARGUMENTS.required("message_id", message_id),
    )


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
