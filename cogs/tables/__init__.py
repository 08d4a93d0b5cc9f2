"""/table and /hand: tables in channels, played with buttons (docs/discord-tables.md)."""

from __future__ import annotations

from discord.ext import commands

from bot.client import KlaverjasBot
from cogs.tables.cog import Tables

__all__ = ["Tables", "setup"]


async def setup(bot: commands.Bot) -> None:
    """Load the Tables cog (discord.py's extension entry point)."""
    assert isinstance(bot, KlaverjasBot)
    await bot.add_cog(Tables(bot))
