"""The card faces at start-up: the extension that makes the application's card emojis
ready (cogs/common/card_faces.py) and hands them to the bot as `bot.card_faces`, and has
the table picture's fixed parts drawn in a worker thread (`bot.pictures.table.prepare`),
so the first picture a table posts does not hold up the event loop."""

from __future__ import annotations

import asyncio
import contextlib

from discord.ext import commands

from bot.client import KlaverjasBot, TextFaces
from bot.pictures.table import prepare
from cogs.common.card_faces import CardFaces

__all__ = ["FacesCog", "setup"]

SYNC_TASK = "card-faces-sync"  # short-lived: the harness's settle() waits for it
PREPARE_TASK = "table-picture-prepare"  # the same; a no-op after the first in a process


class FacesCog(commands.Cog):
    """Starts the emoji sync when loaded; the bot shows cards as text until it is done."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.faces = CardFaces()
        self._tasks: list[asyncio.Task[object]] = []

    async def cog_load(self) -> None:
        """Give the bot the card faces, and upload them in the background."""
        self.bot.card_faces = self.faces
        # A task, not awaited: a first start uploads 32 images, and the gateway need not
        # wait for that (cards show as text meanwhile).
        self._tasks = [
            asyncio.create_task(self.faces.sync(self.bot), name=SYNC_TASK),
            asyncio.create_task(asyncio.to_thread(prepare), name=PREPARE_TASK),
        ]

    async def cog_unload(self) -> None:
        """Stop the uploads; cards show as text again."""
        for task in self._tasks:
            if not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self.bot.card_faces is self.faces:
            self.bot.card_faces = TextFaces()


async def setup(bot: commands.Bot) -> None:
    """Load the card faces cog (discord.py's extension entry point)."""
    assert isinstance(bot, KlaverjasBot)
    await bot.add_cog(FacesCog(bot))
