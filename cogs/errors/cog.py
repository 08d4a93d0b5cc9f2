"""The last line of defence for interactions: every failure gets an answer.

Expected failures (checks, cooldowns, bad arguments) get a plain ephemeral sentence.
Anything else gets an ephemeral reply with a short error code, and the same code is logged
with the traceback, so a player's screenshot leads straight to the log line.
Views and dynamic items (which do not pass through the command tree) should call
`report_unexpected_error` from their `on_error` to get the same behaviour.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.texts.catalog import t

__all__ = ["Errors", "describe_expected_error", "report_unexpected_error", "send_ephemeral"]

log = logging.getLogger(__package__)

TreeErrorHandler = Callable[
    [discord.Interaction[Any], app_commands.AppCommandError], Coroutine[Any, Any, None]
]


def new_error_code() -> str:
    """Eight hex characters: short enough to read out, unique enough to grep the logs."""
    return secrets.token_hex(4)


async def send_ephemeral(interaction: discord.Interaction[Any], content: str) -> None:
    """Answer privately whether or not the interaction was already acknowledged.

    Best effort: the token may have expired (15 min) or the answer may race another one;
    failing to deliver an error message must not raise a second error.
    """
    try:
        if interaction.response.is_done():
            await interaction.followup.send(content, ephemeral=True)
        else:
            await interaction.response.send_message(content, ephemeral=True)
    except discord.HTTPException as error:
        log.warning("could not deliver an error reply (interaction %s): %s", interaction.id, error)


def describe_expected_error(
    error: app_commands.AppCommandError, locale: object = "en"
) -> str | None:
    """A user-facing sentence for errors that are the user's (or the setup's), else None."""
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("common.error.cooldown", locale, seconds=f"{error.retry_after:.0f}")
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("common.error.guild_only", locale)
    if isinstance(error, app_commands.MissingPermissions):
        return t("common.error.missing_permissions", locale)
    if isinstance(error, app_commands.BotMissingPermissions):
        missing = ", ".join(error.missing_permissions)
        return t("common.error.bot_missing_permissions", locale, missing=missing)
    if isinstance(error, app_commands.CheckFailure):
        return t("common.error.check_failed", locale)
    if isinstance(error, app_commands.TransformerError):
        return t("common.error.bad_value", locale, value=repr(error.value))
    return None


async def report_unexpected_error(
    interaction: discord.Interaction[Any], error: BaseException, *, where: str
) -> str:
    """Log `error` with a fresh code and tell the user that code; returns the code."""
    code = new_error_code()
    log.error(
        "unexpected error %s in %s (guild=%s channel=%s user=%s)",
        code,
        where,
        interaction.guild_id,
        interaction.channel_id,
        interaction.user.id if interaction.user else None,
        exc_info=(type(error), error, error.__traceback__),
    )
    await send_ephemeral(interaction, t("common.error.unexpected", interaction.locale, code=code))
    return code


def _command_name(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    return f"/{command.qualified_name}" if command is not None else "an unknown command"


class Errors(commands.Cog):
    """Installs the command tree's error handler for as long as the cog is loaded."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._previous_handler: TreeErrorHandler | None = None

    async def cog_load(self) -> None:
        self._previous_handler = self.bot.tree.on_error
        self.bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        if self._previous_handler is not None:
            self.bot.tree.on_error = self._previous_handler  # type: ignore[method-assign]

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        message = describe_expected_error(error, interaction.locale)
        if message is not None:
            log.debug("expected error in %s: %r", _command_name(interaction), error)
            await send_ephemeral(interaction, message)
            return
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await report_unexpected_error(interaction, original, where=_command_name(interaction))
