"""The challenge's schedule: every minute, close what is due, post each closing summary
once, and announce new challenges in the servers' channels.

A summary or announcement is recorded only after Discord took it; one that fails for a
passing reason is logged and tried again at the next tick; one Discord refuses for good
(no access to the channel, the channel gone) is recorded as not posted and not tried
again. The service reads the time from its own clock, so tests call `tick` after moving it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.ext import tasks

from bot.challenge import ChallengeInfo, ChallengeService
from cogs.challenge.ui import Drawn, announcement, summary_message

__all__ = ["ChallengeScheduler"]

log = logging.getLogger(__name__)
Send = Callable[[int, int, Drawn], Awaitable[discord.Message]]
Locale = Callable[[int], str]
FOR_GOOD = (discord.Forbidden, discord.NotFound)


class ChallengeScheduler:
    """The task loop that closes challenges and posts their summaries and announcements."""

    def __init__(self, service: Callable[[], ChallengeService], send: Send, locale: Locale) -> None:
        self._service = service
        self._send = send
        self._locale = locale
        self._lock = asyncio.Lock()  # the loop's tick, a command's announcement: one at a time
        self.loop = tasks.loop(minutes=1)(self.tick)

    def start(self) -> None:
        """Start the loop (once)."""
        if not self.loop.is_running():
            self.loop.start()

    def stop(self) -> None:
        """Stop the loop."""
        self.loop.cancel()

    async def tick(self) -> None:
        """Close, summarise, announce; nothing raised here may stop the loop."""
        async with self._lock:
            service = self._service()
            try:
                await service.close_due()
                for board in await service.summaries_due():
                    info = board.challenge
                    drawn = summary_message(board, self._locale(info.guild_id))
                    await self._post(info, drawn, service.summary_posted, "summary")
                for info in await service.announcements_due():
                    await self._announce(service, info)
            except Exception:
                log.exception("challenge schedule: tick failed (tried again next minute)")

    async def announce(self, info: ChallengeInfo) -> None:
        """Announce a challenge a command has just opened (under the loop's lock)."""
        async with self._lock:
            service = self._service()
            current = await service.info(info.id)
            if current.message_id is None and current.channel_id is not None:
                await self._announce(service, current)

    async def _announce(self, service: ChallengeService, info: ChallengeInfo) -> None:
        drawn = announcement(info, self._locale(info.guild_id))
        await self._post(info, drawn, service.announced, "announcement")

    async def _post(
        self,
        info: ChallengeInfo,
        drawn: Drawn,
        done: Callable[[int, int | None], Awaitable[Any]],
        what: str,
    ) -> None:
        if info.channel_id is None:
            await done(info.id, None)
            return
        try:
            sent = await self._send(info.channel_id, info.guild_id, drawn)
        except FOR_GOOD as error:
            log.warning("challenge %s: %s not posted (for good): %s", info.id, what, error)
            await done(info.id, None)
        except discord.HTTPException as error:
            log.warning("challenge %s: %s not posted (tried again): %s", info.id, what, error)
        else:
            await done(info.id, sent.id)
