"""`/help`: a quick start and a page per part (playing, rules, league, organiser), in the
user's language, with every command a tap away."""

from __future__ import annotations

from discord.ext import commands

from bot.client import KlaverjasBot
from cogs.help.cog import Help

__all__ = ["Help", "setup"]


async def setup(bot: commands.Bot) -> None:
    """Load the Help cog (discord.py's extension entry point)."""
    assert isinstance(bot, KlaverjasBot)
    await bot.add_cog(Help(bot))
