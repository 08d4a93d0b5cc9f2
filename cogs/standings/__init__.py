"""`/standings` and `/stats`: the leaderboard and one player's statistics."""

from __future__ import annotations

from discord.ext import commands

from bot.client import KlaverjasBot
from cogs.standings.cog import Standings

__all__ = ["Standings", "setup"]


async def setup(bot: commands.Bot) -> None:
    """Load the Standings cog (discord.py's extension entry point)."""
    assert isinstance(bot, KlaverjasBot)
    await bot.add_cog(Standings(bot))
