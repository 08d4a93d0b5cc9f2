"""Analysis of your hand (bot/analysis): the Analyse button's answer."""

from __future__ import annotations

from discord.ext import commands

from bot.client import KlaverjasBot
from cogs.analysis.cog import Analysis

__all__ = ["Analysis", "setup"]


async def setup(bot: commands.Bot) -> None:
    """Load the Analysis cog (discord.py's extension entry point)."""
    assert isinstance(bot, KlaverjasBot)
    await bot.add_cog(Analysis(bot))
