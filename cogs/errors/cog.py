"""The command tree's wiring: every failure gets an answer, every command its translations.

The `Errors` cog is the first extension loaded (bot/client.py), and always loaded, so it
installs what the whole tree needs while it is loaded: the error handler below and the
catalogue translator (`cogs/common/translator.py`). The Discord process therefore needs no
import from `cogs`: the arrows between the layers all point down. Extensions load before
the optional command sync, so the translator is in place whenever commands are published.

Expected failures (checks, cooldowns, bad arguments) get a plain ephemeral sentence.
Anything else gets an ephemeral reply with a short error code, and the same code is logged
with the traceback, so a player's screenshot leads straight to the log line.
Buttons do not pass through the command tree: they run in the common guard
(`cogs/common/replies.py`), which answers the same way.

Clicks have one listener, here, so a click costs one task (each listener of an event is a
task of its own in discord.py): every feature names its buttons with
`bot.add_routed_items`, and a click goes to its item through a `ClickRouter`
(cogs/common/routing.py); a click on one of our buttons (custom_id `kj:...`) that no
routed button matches (an outdated message, a malformed or forged id) would go unanswered,
and Discord would show "This interaction failed", so it is answered as out of date.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import KlaverjasBot
from cogs.common.components import BUTTON_PREFIX
from cogs.common.replies import report_unexpected_error, send_ephemeral
from cogs.common.routing import ClickRouter
from cogs.common.text import clip, t
from cogs.common.translator import CatalogueTranslator

__all__ = ["Errors", "describe_expected_error"]

log = logging.getLogger("cogs.errors")  # the logger of cogs/common/replies.py too

TreeErrorHandler = Callable[
    [discord.Interaction[Any], app_commands.AppCommandError], Coroutine[Any, Any, None]
]


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
        return t("common.error.bad_value", locale, value=clip(repr(error.value), 40))
    return None


def _command_name(interaction: discord.Interaction[Any]) -> str:
    command = interaction.command
    return f"/{command.qualified_name}" if command is not None else "an unknown command"


class Errors(commands.Cog):
    """Installs the command tree's error handler and translator while the cog is loaded."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._previous_handler: TreeErrorHandler | None = None
        self._router = ClickRouter((), prefix=BUTTON_PREFIX)

    async def cog_load(self) -> None:
        """Take over the command tree's error handler and set the catalogue translator."""
        self._previous_handler = self.bot.tree.on_error
        self.bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        await self.bot.tree.set_translator(CatalogueTranslator())

    async def cog_unload(self) -> None:
        """Undo `cog_load`."""
        if self._previous_handler is not None:
            self.bot.tree.on_error = self._previous_handler  # type: ignore[method-assign]
        await self.bot.tree.set_translator(None)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Route a click on a routed item; answer one on a button of ours that no routed
        item matches as out of date."""
        if interaction.type != discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith(BUTTON_PREFIX) or not isinstance(self.bot, KlaverjasBot):
            return
        if await self.router(self.bot).route(interaction):
            return
        log.info("out-of-date button %r (user %s)", custom_id[:100], interaction.user.id)
        await send_ephemeral(interaction, t("common.error.stale_button", interaction.locale))

    def router(self, bot: KlaverjasBot) -> ClickRouter:
        """The router of the bot's routed items, made again when cogs add or remove some."""
        if self._router.item_types != bot.routed_items:
            self._router = ClickRouter(bot.routed_items, prefix=BUTTON_PREFIX)
        return self._router

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """A command's error: an expected one in a sentence, anything else with an error code."""
        message = describe_expected_error(error, interaction.locale)
        if message is not None:
            log.debug("expected error in %s: %r", _command_name(interaction), error)
            await send_ephemeral(interaction, message)
            return
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await report_unexpected_error(interaction, original, where=_command_name(interaction))
