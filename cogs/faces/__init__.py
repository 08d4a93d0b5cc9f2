"""The card faces at start-up: the extension that makes the application's card emojis
ready (cogs/common/card_faces.py) and hands them to the bot as `bot.card_faces`."""

from __future__ import annotations

import asyncio
import contextlib

from discord.ext import commands

from bot.client import KlaverjasBot, TextFaces
from cogs.common.card_faces import CardFaces

__all__ = ["FacesCog", "setup"]

SYNC_TASK = "card-faces-sync"  # short-lived: the harness's settle() waits for it


class FacesCog(commands.Cog):
    """Starts the emoji sync when loaded; the bot shows cards as text until it is done."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.faces = CardFaces()
        self._task: asyncio.Task[bool] | None = None

    async def cog_load(self) -> None:
        self.bot.card_faces = self.faces
        # A task, not awaited: a first start uploads 32 images, and the gateway need not
        # wait for that (cards show as text meanwhile).
        self._task = asyncio.create_task(self.faces.sync(self.bot), name=SYNC_TASK)

    async def cog_unload(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self.bot.card_faces is self.faces:
            self.bot.card_faces = TextFaces()


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, KlaverjasBot)
    await bot.add_cog(FacesCog(bot))
