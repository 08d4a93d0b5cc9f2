"""Analysis of your hand: routes the Analyse button the table's review and the challenge's
scored deal carry (cogs/common/analyse.py); no command of its own."""

from __future__ import annotations

from discord.ext import commands

from bot.client import KlaverjasBot
from cogs.analysis.actions import AnalysisActions
from cogs.analysis.items import ALL_ITEMS

__all__ = ["Analysis"]


class Analysis(commands.Cog):
    """The Analyse button."""

    def __init__(self, bot: KlaverjasBot) -> None:
        self.bot = bot
        self.actions = AnalysisActions(bot)

    async def cog_load(self) -> None:
        """Route the button."""
        self.bot.add_routed_items(*ALL_ITEMS)

    async def cog_unload(self) -> None:
        """Undo `cog_load`."""
        self.bot.remove_routed_items(*ALL_ITEMS)
