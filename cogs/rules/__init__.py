"""`/rules` and the calculators `/roem`, `/legal`, `/score`, `/cards`."""

from __future__ import annotations

from discord.ext import commands

from bot.client import KlaverjasBot
from cogs.rules.cog import RulesCog

__all__ = ["RulesCog", "setup"]


async def setup(bot: commands.Bot) -> None:
    """Load the Rules cog (discord.py's extension entry point)."""
    assert isinstance(bot, KlaverjasBot)
    await bot.add_cog(RulesCog(bot))
