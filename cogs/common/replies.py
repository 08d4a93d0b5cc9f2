"""Answers every feature needs: a private reply whatever the interaction's state, the
error-code reply for anything unexpected, and the one guard every command and click runs
in (`guarded`).

The guard turns a refusal into its sentence: each feature declares its refusals once
(`cogs.common.refusals.Refusals`, in cogs/<feature>/errors.py), and a refusal of the
feature's class is answered privately in the user's language (or as the feature's
`answer` says: the tables answer inside the hand message a click came from). Anything
else gets the error-code reply, as the tree's error handler (`cogs/errors`) gives a
command; a refusal of another feature's class is not the user's doing there (a league
command that meets a table's refusal) and is reported the same way. Unexpected errors are
all logged on the one logger `cogs.errors`, whichever feature they came from, so the code
a player reports leads to one place in the logs.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import discord

from bot.engine.errors import Refusal
from cogs.common.components import NO_MENTIONS, embed_layout
from cogs.common.locales import note_guild_locale
from cogs.common.refusals import Refusals
from cogs.common.text import locale_of, t

__all__ = [
    "edit_in_place",
    "guarded",
    "new_error_code",
    "report_unexpected_error",
    "send_ephemeral",
]

E = TypeVar("E", bound=Refusal[Any])

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


async def edit_in_place(
    interaction: discord.Interaction[Any], embed: discord.Embed, view: discord.ui.View | None
) -> None:
    """Answer a click with `embed` and `view` in place of the clicked message, drawn in the
    kind of message it is: Discord refuses an embed on a Components V2 message (400), so
    there the embed's words go in a V2 box (`embed_layout`)."""
    message = interaction.message
    if message is not None and message.flags.components_v2:
        layout = embed_layout(embed, view)
        await interaction.response.edit_message(view=layout, allowed_mentions=NO_MENTIONS)
        return
    await interaction.response.edit_message(embed=embed, view=view, allowed_mentions=NO_MENTIONS)


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


@asynccontextmanager
async def guarded(
    interaction: discord.Interaction[Any],
    where: str,
    refusals: Refusals[E],
    answer: Callable[[E], Awaitable[None]] | None = None,
) -> AsyncIterator[None]:
    """Run the body for `interaction`: a refusal of `refusals.kind` is answered with its
    sentence (by `answer` when given, else privately in the user's language), anything
    else is logged and answered with an error code naming `where` (e.g. "/night open",
    "button sit"). Notes the server's locale for public messages (cogs/common/locales.py)."""
    note_guild_locale(interaction)
    try:
        yield
    except refusals.kind as error:
        log.debug("refused %s: %r", where, error)
        if answer is not None:
            await answer(error)
        else:
            await send_ephemeral(interaction, refusals.text(error, locale_of(interaction)))
    except Exception as error:
        await report_unexpected_error(interaction, error, where=where)
