"""The tree error handler: every failed command gets an answer and a loggable code."""

from __future__ import annotations

from discord.ext import commands

from cogs.errors.cog import Errors

__all__ = ["Errors", "setup"]


async def setup(bot: commands.Bot) -> None:
    """Load the error cog (discord.py's extension entry point)."""
    await bot.add_cog(Errors(bot))
