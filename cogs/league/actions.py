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
from bot.league.night import Presence
from bot.league.night_view import NightView, Recorded
from bot.league.service import Actor, LeagueService, TableRequest
from bot.league.settings import LeagueSettings
from bot.league.starter import TableServiceStarter
from bot.tables import EventKind, TableAnswer
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
    """The league cog's work besides its commands' bodies (see the module's docstring)."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.names: dict[int, str] = {}  # display names seen in interactions (table seats)
        self.starter = TableServiceStarter(bot.services.tables, self._channel_for, self._name_of)
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def service(self) -> LeagueService:
        """The bot's league service."""
        return self.bot.services.leagues

    # ------------------------------------------------------------------ lifecycle
    def install(self) -> None:
        """Deal league tables through this cog's starter; hear every table's events."""
        self.service.starter = self.starter
        self.bot.services.tables.listeners.append(self.on_table_events)
        self._spawn(self.resume(), "league:resume")

    async def uninstall(self) -> None:
        """Stop dealing and listening; cancel the tasks still running."""
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

    def checkin_message(self, view: NightView) -> dict[str, Any]:
        """The night's check-in message for its next round: its embed (who is in) and
        buttons."""
        locale = self.locale_for(view.league.guild_id)
        name, number = view.settings.name, view.night.number
        embed = checkin_embed(name, number, view.drawn + 1, view.players(), locale)
        return {"embed": embed, "view": checkin_view(view.night.id, view.drawn, locale)}

    async def post_checkin(self, view: NightView) -> None:
        """Post the night's check-in message in the league's channel, and remember it."""
        sent = await self.post(view.settings, view.league.guild_id, **self.checkin_message(view))
        if sent is not None:
            await self.service.checkin_posted(view.night.id, sent.channel.id, sent.id, view.drawn)

    async def refresh_checkin(self, view: NightView) -> None:
        """Show the new count on the night's check-in message after /league join or leave
        (the message is stored, so this works after a restart too); nothing when none was
        posted or it is out of date (a round was drawn since), a failure logged."""
        known = await self.service.checkin_message(view.night.id)
        if known is None or known.drawn != view.drawn:
            return
        guild_id = view.league.guild_id
        channel = self.bot.get_partial_messageable(known.channel_id, guild_id=guild_id)
        try:
            await channel.get_partial_message(known.message_id).edit(**self.checkin_message(view))
        except discord.HTTPException as error:
            log.warning("league night %s: check-in message not updated: %s", view.night.id, error)

    async def post_round(self, view: NightView, draw: RoundDraw) -> None:
        """The round's table plan with its threads, then check-in for the next round."""
        guild_id = view.league.guild_id
        locale = self.locale_for(guild_id)
        threads = {}
        links = await self.service.round_tables(view.night.id)
        for (round_no, table_no), table_id in links.items():
            if round_no == draw.number:
                threads[table_no] = (await self.bot.services.tables.find(table_id)).channel_id
        embed = plan_embed(view.settings.name, view.night.number, draw, threads, locale)
        await self.post(view.settings, guild_id, embed=embed, allowed_mentions=PLAYERS)
        if draw.number < view.settings.rounds_per_night:
            await self.post_checkin(view)

    async def resume_round(self, view: NightView) -> bool:
        """Start the last round's tables that a failure left unstarted (no thread could be
        opened, say) and post its plan again; True when any table was started."""
        resumed = await self.service.resume_tables(view.night.id)
        if resumed is None:
            return False
        await self.post_round(resumed, resumed.draws[-1])
        return True

    async def post_standings(self, view: NightView, content: str) -> None:
        """The night's standings so far in the league's channel, under `content`."""
        guild_id = view.league.guild_id
        locale = self.locale_for(guild_id)
        name, number = view.settings.name, view.night.number
        embed = standings_embed(name, number, view.standings(), locale, final=False)
        await self.post(view.settings, guild_id, content=content, embed=embed)

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

    async def on_table_events(self, table: TableAnswer) -> None:
        """The table service's listener: a finished match may be a league table's round."""
        if any(event.kind is EventKind.MATCH_FINISHED for event in table.events):
            self._spawn(self.record(table.id), f"league:record:{table.id}")

    async def record(self, table_id: int) -> None:
        """Read a finished bot table into its night and post the result and standings.
        Two tables finishing at once are read in one after the other (the service makes
        a night's changes one at a time), so exactly one finds its round complete."""
        recorded = await self.service.record_played(table_id)
        if recorded is not None:
            await self.announce(recorded)

    async def announce(self, recorded: Recorded) -> None:
        """A table's new result in the league's channel, with the standings."""
        view, round_no, table_no = recorded.view, recorded.round_no, recorded.table_no
        locale = self.locale_for(view.league.guild_id)
        unranked = view.unranked_at(round_no, table_no)
        content = result_text(round_no, table_no, recorded.result, locale, unranked)
        content += self.round_done_line(view, round_no, locale)
        await self.post_standings(view, content)

    def round_done_line(self, view: NightView, round_no: int, locale: str) -> str:
        """ "Round n is complete ..." on a line of its own once every table of the round
        has a result (or is void); empty before."""
        if view.missing(round_no):
            return ""
        return "\n" + t("league.result.round_done", locale, round=round_no)

    # ------------------------------------------------------------------ buttons
    async def on_check(
        self, interaction: Interaction, kind: CheckKind, night_id: int, version: int
    ) -> None:
        """A click on a check-in message's button: check the user in or out."""

        async def work() -> None:
            presence = Presence(kind)
            view = await self.service.check_button(night_id, interaction.user.id, presence, version)
            message = self.checkin_message(view)
            await interaction.response.edit_message(**message)
            if interaction.message is not None and interaction.channel_id is not None:
                message_id = interaction.message.id
                await self.service.checkin_posted(
                    night_id, interaction.channel_id, message_id, view.drawn
                )
            key = "league.done.checked_in" if presence is Presence.IN else "league.done.checked_out"
            text = t(key, locale_of(interaction), round=view.drawn + 1)
            await interaction.followup.send(text, ephemeral=True)

        await self.guard(interaction, f"button check {kind}", work)
