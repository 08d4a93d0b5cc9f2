"""The league schedule's loop: every minute, post what `LeagueService.due_jobs` says is due.

A check-in opens the night (or takes the night already open) and posts the same check-in
message as /night open (`LeagueMessages.checkin_message`); a reminder says when the night
starts with Discord's `<t:...>` markup, so every reader sees their own clock. A posting
is recorded (`mark_done`) only after Discord took it: one that fails is logged and comes
back on the next tick until its night starts. The service reads the time from its own
clock, so the tests drive this loop by moving the bot's FakeClock and calling `tick`.
"""

from __future__ import annotations

import asyncio
import logging

import discord
from discord.ext import tasks

from bot.league.errors import LeagueCode, LeagueError
from bot.league.night_view import NightView
from bot.league.refs import NightRef
from bot.league.schedule import PostingKind
from bot.league.service import Actor, LeagueService, ScheduledJob
from cogs.common.text import t
from cogs.league.messages import LeagueMessages

__all__ = ["LeagueScheduler"]

log = logging.getLogger(__name__)


class LeagueScheduler:
    """The task loop that posts the leagues' scheduled check-ins and reminders."""

    def __init__(self, messages: LeagueMessages) -> None:
        self.messages = messages
        self._lock = asyncio.Lock()  # the loop's tick and a test's tick never overlap
        self.loop = tasks.loop(minutes=1)(self.tick)

    @property
    def service(self) -> LeagueService:
        """The bot's league service."""
        return self.messages.service

    def start(self) -> None:
        """Start the loop (once)."""
        if not self.loop.is_running():
            self.loop.start()

    def stop(self) -> None:
        """Stop the loop."""
        self.loop.cancel()

    async def tick(self) -> None:
        """Post every due job; nothing raised here may stop the loop."""
        async with self._lock:
            try:
                jobs = await self.service.due_jobs()
            except Exception:
                log.exception("league schedule: could not read the due postings")
                return
            for job in jobs:
                try:
                    await self.run(job)
                except (discord.HTTPException, LeagueError) as error:
                    log.warning(
                        "league %s: scheduled %s not posted (retried next minute): %s",
                        job.league_id,
                        job.kind,
                        error,
                    )
                except Exception:
                    log.exception("league %s: scheduled %s failed", job.league_id, job.kind)

    async def run(self, job: ScheduledJob) -> None:
        """Post one due job in its channel and record it as done."""
        settings = await self.service.settings(job.league_id)
        channel_id = job.channel_id or settings.channel_id
        if channel_id is None:
            raise LeagueError(LeagueCode.NO_CHANNEL)
        locale = self.messages.locale_for(job.guild_id)
        late = t("league.schedule.late", locale) if job.late else None
        if job.kind is PostingKind.CHECKIN:
            view = await self._night(job.league_id)
            message = self.messages.checkin_message(view)
            sent = await self.messages.send(channel_id, job.guild_id, content=late, **message)
            await self.service.checkin_posted(view, channel_id, sent.id)
        else:
            text = t(
                "league.schedule.reminder",
                locale,
                league=settings.name,
                start=f"<t:{int(job.starts_at)}:t>",
                until=f"<t:{int(job.starts_at)}:R>",
            )
            if late:
                text += "\n" + late
            sent = await self.messages.send(channel_id, job.guild_id, content=text)
        await self.service.mark_done(job, sent.id)

    async def _night(self, league_id: int) -> NightView:
        """The night the check-in is for: opened now, or the one already open (an organiser
        opened it early, or the check-in was posted before a crash and is posted again)."""
        if await self.service.current_night(league_id) is None:
            try:
                return (await self.service.open_night(league_id, self._actor())).view
            except LeagueError as error:
                if error.code != LeagueCode.NIGHT_OPEN:  # another process opened it just now
                    raise
        return await self.service.view(NightRef(league_id))

    def _actor(self) -> Actor:
        """The bot opens scheduled nights on behalf of the organisers who set the schedule."""
        user = self.messages.bot.user
        return Actor(0 if user is None else user.id, (), manager=True)
