"""/league and /night: league nights run on Discord (docs/league.md, README "League nights")."""

from __future__ import annotations

from discord.ext import commands

from bot.client import KlaverjasBot
from cogs.league.cog import League

__all__ = ["League", "setup"]


async def setup(bot: commands.Bot) -> None:
    """Load the League cog (discord.py's extension entry point)."""
    assert isinstance(bot, KlaverjasBot)
    await bot.add_cog(League(bot))
