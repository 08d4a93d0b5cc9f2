"""`/help`: what the bot does, how to start a table, and every command, in the user's language."""

from __future__ import annotations

from discord.ext import commands

from cogs.help.cog import Help

__all__ = ["Help", "setup"]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
