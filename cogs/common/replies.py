"""Answers every feature needs: a private reply whatever the interaction's state, and the
error-code reply for anything unexpected.

The tree's error handler (`cogs/errors`) uses these for commands; buttons (dynamic items)
do not pass through the command tree, so each feature calls `report_unexpected_error`
itself. Unexpected errors are all logged on the one logger `cogs.errors`, whichever
feature they came from, so the code a player reports leads to one place in the logs.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord

from cogs.common.text import t

__all__ = ["new_error_code", "report_unexpected_error", "send_ephemeral"]

log = logging.getLogger("cogs.errors")


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
