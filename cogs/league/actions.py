"""What the league cog does besides its commands' bodies (actions_commands.py): the one
guard, which league and night a command means, the night's public messages, the check-in
buttons, and the bot tables of a round.

One path for refusals: a `LeagueError` (the service's, the engine's score checks passed
on, or this cog's own: which league, which night, unreadable input) becomes a specific
ephemeral sentence (errors.py); anything unexpected gets an error code. The public
messages (check-in, round plans, results, standings) go to the league's channel, where
`/night open` was used.

Bot-dealt tables are ordinary tables: the `TableServiceStarter` opens each in a thread of
its own, and the tables cog's publisher posts and updates its message there, as for any
table. When a table's match ends, its result is read into the night (`record_played`)
and the standings are posted; after a restart the same is done for every table that
finished while nobody listened, and tables a crash left unstarted are started.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

import discord

from bot.league.draw import RoundDraw
from bot.league.errors import LeagueCode, LeagueError
from bot.league.night import checked_in
from bot.league.results import TableResult
from bot.league.service import Actor, LeagueService, StoredNight, TableRequest
from bot.league.settings import LeagueSettings
from bot.league.starter import TableServiceStarter
from bot.tables import Event, Table
from cogs.common.locales import public_locale
from cogs.common.replies import guarded
from cogs.common.text import locale_of, t
from cogs.common.threads import new_thread
from cogs.league.errors import REFUSALS
from cogs.league.items import CheckKind, checkin_view
from cogs.league.ui import (
    checkin_embed,
    plan_embed,
    result_text,
    standings_embed,
)

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["NO_MENTIONS", "Interaction", "LeagueActions", "actor_of"]

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
Work = Callable[[], Awaitable[None]]
NO_MENTIONS = discord.AllowedMentions.none()
PLAYERS = discord.AllowedMentions(everyone=False, roles=False, users=True)


def actor_of(interaction: Interaction) -> Actor:
    """Who asks, as the league sees organisers: their id, roles, and Manage Server."""
    user = interaction.user
    roles = tuple(role.id for role in getattr(user, "roles", ()))
    return Actor(user.id, roles, bool(interaction.permissions.manage_guild))


class LeagueActions:
    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.names: dict[int, str] = {}  # display names seen in interactions (table seats)
        self.starter = TableServiceStarter(bot.services.tables, self._channel_for, self._name_of)
        self._tasks: set[asyncio.Task[None]] = set()
        # One table read in at a time: two tables finishing at once must not both find
        # their round complete (or neither).
        self._recording = asyncio.Lock()

    @property
    def service(self) -> LeagueService:
        return self.bot.services.leagues

    # ------------------------------------------------------------------ lifecycle
    def install(self) -> None:
        """Deal league tables through this cog's starter; hear every table's events."""
        self.service.starter = self.starter
        self.bot.services.tables.listeners.append(self.on_table_events)
        self._spawn(self.resume(), "league:resume")

    async def uninstall(self) -> None:
        listeners = self.bot.services.tables.listeners
        if self.on_table_events in listeners:
            listeners.remove(self.on_table_events)
        if self.service.starter is self.starter:
            self.service.starter = None
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _spawn(self, work: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def resume(self) -> None:
        """After a restart: start the tables a crash left unstarted, and read in every
        finished table the night does not have yet (docs/league.md)."""
        for night in await self.service.open_nights():
            try:
                await self.service.resume_tables(night.id)
                for table_id in (await self.service.round_tables(night.id)).values():
                    await self.record(table_id)
            except Exception:
                log.exception("could not resume league night %s", night.id)

    # ------------------------------------------------------------------ the one guard
    async def guard(self, interaction: Interaction, where: str, work: Work) -> None:
        """Run `work` in the common guard (cogs/common/replies.py): a refusal becomes its
        sentence, a failure an error code."""
        self.names[interaction.user.id] = interaction.user.display_name
        async with guarded(interaction, where, REFUSALS):
            await work()

    def locale_for(self, guild_id: int | None) -> str:
        """The language of a server's public league messages (cogs/common/locales.py)."""
        return public_locale(self.bot, guild_id)

    # ------------------------------------------------------------------ which league
    async def league(
        self, interaction: Interaction, name: str | None
    ) -> tuple[int, LeagueSettings]:
        """The league a command names, or the server's only league."""
        leagues = await self.service.leagues(interaction.guild_id)
        if name is not None and name.strip():
            wanted = name.strip().casefold()
            found = [league for league in leagues if league.name.casefold() == wanted]
            if not found:
                raise LeagueError(LeagueCode.NO_LEAGUE_NAMED, name=name.strip())
        elif not leagues:
            raise LeagueError(LeagueCode.NO_LEAGUES)
        elif len(leagues) > 1:
            raise LeagueError(LeagueCode.WHICH_LEAGUE, names=[league.name for league in leagues])
        else:
            found = leagues
        return found[0].id, LeagueSettings.from_dict(found[0].settings)

    async def night_of(self, league_id: int) -> StoredNight:
        """The league's open night; refused (`no_open_night`) when none is."""
        night = await self.service.current_night(league_id)
        if night is None:
            raise LeagueError(LeagueCode.NO_OPEN_NIGHT)
        return night

    async def latest_night(self, league_id: int, number: int | None = None) -> StoredNight:
        """Night `number`, else the open night, else the last one."""
        nights = await self.service.nights(league_id)
        if number is not None:
            found = [n for n in nights if n.number == number]
            if not found:
                raise LeagueError(LeagueCode.NO_NIGHT_NUMBER, night=number)
            return found[0]
        if not nights:
            raise LeagueError(LeagueCode.NO_OPEN_NIGHT)
        return next((n for n in nights if n.status != "closed"), nights[-1])

    # ------------------------------------------------------------------ posting
    async def send(self, channel_id: int, guild_id: int | None, **message: Any) -> discord.Message:
        """A message in a channel, mentioning nobody unless told; a failure is raised."""
        channel = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        message.setdefault("allowed_mentions", NO_MENTIONS)
        return await channel.send(**message)

    async def post(
        self, settings: LeagueSettings, guild_id: int | None, **message: Any
    ) -> discord.Message | None:
        """A public message in the league's channel; a failure is logged, never raised (the
        change it announces is committed and shows in /night status)."""
        if settings.channel_id is None:
            return None
        try:
            return await self.send(settings.channel_id, guild_id, **message)
        except discord.HTTPException as error:
            log.warning(
                "league %s: cannot post in %s: %s", settings.name, settings.channel_id, error
            )
            return None

    async def checkin_message(
        self, settings: LeagueSettings, guild_id: int | None, night: StoredNight, drawn: int
    ) -> dict[str, Any]:
        """The check-in message of round `drawn + 1`: its embed (who is in) and buttons."""
        locale = self.locale_for(guild_id)
        players = checked_in(await self.service.attendance(night.id))
        embed = checkin_embed(settings.name, night.number, drawn + 1, players, locale)
        return {"embed": embed, "view": checkin_view(night.id, drawn, locale)}

    async def post_checkin(
        self, settings: LeagueSettings, guild_id: int | None, night: StoredNight, drawn: int
    ) -> None:
        message = await self.checkin_message(settings, guild_id, night, drawn)
        sent = await self.post(settings, guild_id, **message)
        if sent is not None:
            await self.service.checkin_posted(night.id, sent.channel.id, sent.id, drawn)

    async def refresh_checkin(self, night: StoredNight, guild_id: int | None) -> None:
        """Show the new count on the night's check-in message after /league join or leave
        (the message is stored, so this works after a restart too); nothing when none was
        posted or it is out of date (a round was drawn since), a failure logged."""
        known = await self.service.checkin_message(night.id)
        drawn = len(await self.service.draws(night.id))
        if known is None or known.drawn != drawn:
            return
        settings = await self.service.settings(night.league_id)
        message = await self.checkin_message(settings, guild_id, night, drawn)
        channel = self.bot.get_partial_messageable(known.channel_id, guild_id=guild_id)
        try:
            await channel.get_partial_message(known.message_id).edit(**message)
        except discord.HTTPException as error:
            log.warning("league night %s: check-in message not updated: %s", night.id, error)

    async def post_round(
        self, settings: LeagueSettings, guild_id: int | None, night: StoredNight, draw: RoundDraw
    ) -> None:
        """The round's table plan with its threads, then check-in for the next round."""
        locale = self.locale_for(guild_id)
        threads = {}
        for (round_no, table_no), table_id in (await self.service.round_tables(night.id)).items():
            if round_no == draw.number:
                threads[table_no] = (await self.bot.services.tables.find(table_id)).channel_id
        embed = plan_embed(settings.name, night.number, draw, threads, locale)
        await self.post(settings, guild_id, embed=embed, allowed_mentions=PLAYERS)
        if draw.number < settings.rounds_per_night:
            await self.post_checkin(settings, guild_id, night, draw.number)

    async def resume_round(
        self, settings: LeagueSettings, guild_id: int | None, night: StoredNight
    ) -> bool:
        """Start the last round's tables that a failure left unstarted (no thread could be
        opened, say) and post its plan again; True when any table was started."""
        before = len(await self.service.round_tables(night.id))
        await self.service.resume_tables(night.id)
        if len(await self.service.round_tables(night.id)) == before:
            return False
        await self.post_round(settings, guild_id, night, (await self.service.draws(night.id))[-1])
        return True

    async def post_standings(
        self, league_id: int, night: StoredNight, content: str, guild_id: int | None
    ) -> None:
        settings = await self.service.settings(league_id)
        locale = self.locale_for(guild_id)
        rows = await self.service.night_standings(night.id)
        embed = standings_embed(settings.name, night.number, rows, locale, final=False)
        await self.post(settings, guild_id, content=content, embed=embed)

    # ------------------------------------------------------------------ bot tables
    async def _channel_for(self, request: TableRequest) -> int:
        """A thread of the league's channel for one drawn table (the starter's callback)."""
        settings = await self.service.settings(request.league_id)
        if settings.channel_id is None:
            raise LeagueError(LeagueCode.NO_CHANNEL)
        locale = self.locale_for(request.guild_id)
        name = t(
            "league.thread.name",
            locale,
            league=settings.name,
            round=request.round_no,
            table=request.table_no + 1,
        )
        try:
            return await new_thread(self.bot.http, settings.channel_id, name)
        except discord.HTTPException:
            raise LeagueError(LeagueCode.NO_THREAD) from None

    def _name_of(self, user_id: int) -> str:
        return self.names.get(user_id, f"<@{user_id}>")

    async def on_table_events(self, table: Table, events: list[Event]) -> None:
        """The table service's listener: a finished match may be a league table's round."""
        if any(event.kind == "match_finished" for event in events):
            self._spawn(self.record(table.id), f"league:record:{table.id}")

    async def record(self, table_id: int) -> None:
        """Read a finished bot table into its night and post the result and standings."""
        async with self._recording:
            await self._record(table_id)

    async def _record(self, table_id: int) -> None:
        result = await self.service.record_played(table_id)
        where = await self.service.table_round(table_id)
        if result is None or where is None:
            return
        night_id, round_no, table_no = where
        night = await self.service.night(night_id)
        guild_id = (await self.bot.services.tables.find(table_id)).guild_id
        await self.announce(night, round_no, table_no, result, guild_id)

    async def announce(
        self,
        night: StoredNight,
        round_no: int,
        table_no: int,
        result: TableResult,
        guild_id: int | None,
    ) -> None:
        locale = self.locale_for(guild_id)
        unranked = [
            seat.user_id
            for seat in await self.service.unranked(night.id)
            if (seat.round_no, seat.table_no) == (round_no, table_no)
        ]
        content = result_text(round_no, table_no, result, locale, unranked)
        content += await self.round_done_line(night, round_no, locale)
        await self.post_standings(night.league_id, night, content, guild_id)

    async def round_done_line(self, night: StoredNight, round_no: int, locale: str) -> str:
        """ "Round n is complete ..." on a line of its own once every table of the round
        has a result (or is void); empty before."""
        missing = [m for m in await self.service.missing_results(night.id) if m[0] == round_no]
        return "" if missing else "\n" + t("league.result.round_done", locale, round=round_no)

    # ------------------------------------------------------------------ buttons
    async def on_check(
        self, interaction: Interaction, kind: CheckKind, night_id: int, version: int
    ) -> None:
        """A Check in / Check out click: refused on a closed night, after the last round
        or on a message of an earlier round; else the count on the message is redrawn."""

        async def work() -> None:
            night = await self.service.night(night_id)
            if night.status == "closed":
                raise LeagueError(LeagueCode.NIGHT_CLOSED)
            drawn = len(await self.service.draws(night_id))
            settings = await self.service.settings(night.league_id)
            if drawn >= settings.rounds_per_night:
                raise LeagueError(LeagueCode.NO_MORE_ROUNDS, rounds=drawn)
            if version != drawn:
                raise LeagueError(LeagueCode.STALE_CHECKIN, round=drawn + 1)
            user_id = interaction.user.id
            if kind == "in":
                await self.service.check_in(night_id, user_id)
            else:
                await self.service.check_out(night_id, user_id)
            public = self.locale_for(interaction.guild_id)
            players = checked_in(await self.service.attendance(night_id))
            embed = checkin_embed(settings.name, night.number, drawn + 1, players, public)
            view = checkin_view(night_id, version, public)
            await interaction.response.edit_message(embed=embed, view=view)
            if interaction.message is not None and interaction.channel_id is not None:
                message_id = interaction.message.id
                await self.service.checkin_posted(
                    night_id, interaction.channel_id, message_id, drawn
                )
            key = "league.done.checked_in" if kind == "in" else "league.done.checked_out"
            text = t(key, locale_of(interaction), round=drawn + 1)
            await interaction.followup.send(text, ephemeral=True)

        await self.guard(interaction, f"button check {kind}", work)
