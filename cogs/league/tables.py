"""The bot tables of a league night on Discord: the league service decides, this acts.

A round the bot deals answers the tables it wants (`NightAnswer.tables`): each gets a
thread of the league's channel, titled with the league, night, round and table, its
players added, and is opened there through the league service on the table service, its
end linking back to the night's standings message; the tables cog's publisher posts and
updates its message there. When a table's match ends, its result is read into the night
(`record_played`) and announced. After a restart the same is done for every table that
finished while nobody listened, and the tables a crash left unopened are opened.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot.league.answers import NightAnswer, Opening, TableRequest
from bot.league.errors import LeagueCode, LeagueError
from bot.league.night_view import NightView
from bot.league.rounds import open_wanted
from bot.league.service import LeagueService
from bot.tables import EventKind, TableAnswer, TableSettings
from cogs.common.text import t
from cogs.common.threads import new_thread
from cogs.league.messages import LeagueMessages

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["LeagueTables"]

log = logging.getLogger(__name__)


class LeagueTables:
    """Opens the tables a round wants and reads their results back (see the module's
    docstring)."""

    def __init__(self, bot: KlaverjasBot, messages: LeagueMessages) -> None:
        self.bot = bot
        self.messages = messages
        self.settings = TableSettings()  # the timings of the league's tables
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def service(self) -> LeagueService:
        """The bot's league service."""
        return self.bot.services.leagues

    # ------------------------------------------------------------------ lifecycle
    def install(self) -> None:
        """Hear every table's events; resume the open nights."""
        self.bot.services.tables.listeners.append(self.on_table_events)
        self._spawn(self.resume(), "league:resume")

    async def uninstall(self) -> None:
        """Stop listening; cancel the tasks still running."""
        listeners = self.bot.services.tables.listeners
        if self.on_table_events in listeners:
            listeners.remove(self.on_table_events)
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _spawn(self, work: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def resume(self) -> None:
        """After a restart: open the tables a crash left unopened, and read in every
        finished table the night does not have yet (docs/league.md)."""
        for night in await self.service.open_nights():
            try:
                wanted = await self.service.resume_tables(night.id)
                if wanted is not None:
                    await self.open(wanted)
                for table_id in (await self.service.round_tables(night.id)).values():
                    await self.record(table_id)
            except Exception:
                log.exception("could not resume league night %s", night.id)

    # ------------------------------------------------------------------ opening
    async def open(self, answer: NightAnswer) -> None:
        """Open every table `answer` wants, each in a thread of its own."""

        async def opening_for(request: TableRequest) -> Opening:
            thread = await self._thread_for(answer.view, request)
            names = tuple(self.messages.name_of(user) for user in request.seats)
            standings = await self.messages.standings_for(answer.view)
            return Opening(thread, names, standings, self.settings)

        await open_wanted(self.service, answer, opening_for)

    async def resume_round(self, view: NightView) -> bool:
        """Open the last round's tables that a failure left unopened (no thread could be
        opened, say) and post its plan again; True when any table was wanted."""
        wanted = await self.service.resume_tables(view.night.id)
        if wanted is None:
            return False
        await self.open(wanted)
        await self.messages.post_round(wanted.view, wanted.view.draws[-1])
        return True

    async def _thread_for(self, view: NightView, request: TableRequest) -> int:
        """A thread of the league's channel for one drawn table."""
        settings = view.settings
        if settings.channel_id is None:
            raise LeagueError(LeagueCode.NO_CHANNEL)
        locale = self.messages.locale_for(request.guild_id)
        name = t(
            "league.thread.name",
            locale,
            league=settings.name,
            night=request.night_no,
            round=request.round_no,
            table=request.table_no + 1,
        )
        try:
            thread = await new_thread(self.bot.http, settings.channel_id, name)
        except discord.HTTPException:
            raise LeagueError(LeagueCode.NO_THREAD) from None
        await self._add_members(thread, request.seats)
        return thread

    async def _add_members(self, thread: int, users: Iterable[int]) -> None:
        """Add the table's players to its thread, so it shows in their list; a failure is
        logged (the plan's link still leads there)."""
        for user_id in users:
            try:
                await self.bot.http.add_user_to_thread(thread, user_id)
            except discord.HTTPException as error:
                log.warning("thread %s: could not add %s: %s", thread, user_id, error)

    # ------------------------------------------------------------------ results
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
            await self.messages.announce(recorded)
