"""`/challenge`: the duplicate challenge of a server (bot/challenge)."""

from __future__ import annotations

from discord.ext import commands

from bot.client import KlaverjasBot
from cogs.challenge.cog import Challenge

__all__ = ["Challenge", "setup"]


async def setup(bot: commands.Bot) -> None:
    """Load the Challenge cog (discord.py's extension entry point)."""
    assert isinstance(bot, KlaverjasBot)
    await bot.add_cog(Challenge(bot))
