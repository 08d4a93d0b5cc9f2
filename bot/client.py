"""The bot process: one `commands.Bot` subclass that owns the services and loads the cogs.

Start-up order matters and lives in `setup_hook` (run by discord.py after login, before the
gateway connects, so no interaction can arrive half-way): services first, because cogs
use them when they load (dynamic items, restored tables); then the cogs; then the optional
command sync. The offline test harness calls the same `setup_hook`, so keep all start-up
work here rather than in `on_ready`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Sequence
from typing import Any, Final

import discord
from discord.ext import commands

from bot.compiled import describe as describe_engine
from bot.health import heartbeat_path, run_heartbeat
from bot.services import Services
from bot.settings import Settings
from bot.version import bot_version

__all__ = [
    "DEFAULT_EXTENSIONS",
    "INVITE_PERMISSIONS",
    "INVITE_SCOPES",
    "KlaverjasBot",
    "ShardedKlaverjasBot",
    "invite_url",
]

log = logging.getLogger(__name__)

# Extension packages under cogs/ (setup in each package's __init__.py). "cogs.errors" first:
# it wires the command tree (error handler, translator) before any command can run.
DEFAULT_EXTENSIONS: Final[tuple[str, ...]] = (
    "cogs.errors",
    "cogs.meta",
    "cogs.help",
    "cogs.tables",
    "cogs.standings",
    "cogs.rules",
    "cogs.league",
)

# What the bot asks for when it is invited (README.md explains each; a test compares the
# number there with this). Replies to commands and buttons go through the interaction and
# need none of these; they are for what the bot posts with its own token.
INVITE_PERMISSIONS: Final = discord.Permissions(
    view_channel=True,  # see the channel it posts a table in
    send_messages=True,  # post the table's message and the final score sheet
    embed_links=True,  # those messages are embeds
    attach_files=True,  # the /cards picture, when shown to the channel
    create_public_threads=True,  # /table open thread:true
    send_messages_in_threads=True,  # a table in a thread posts there
)
INVITE_SCOPES: Final = ("bot", "applications.commands")


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server with exactly the permissions above."""
    return discord.utils.oauth_url(
        application_id, permissions=INVITE_PERMISSIONS, scopes=INVITE_SCOPES
    )


class KlaverjasBot(commands.Bot):
    """The Klaverjas bot: slash commands and buttons only, no privileged intents."""

    def __init__(
        self,
        settings: Settings,
        *,
        extensions: Sequence[str] = DEFAULT_EXTENSIONS,
        **options: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channel and thread cache; the only intent slash commands need
        super().__init__(
            # Never matches message content (we have no message content intent anyway);
            # `when_mentioned` is the one prefix discord.py does not warn about.
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,
        )
        self.settings: Final = settings
        self.initial_extensions: tuple[str, ...] = tuple(extensions)
        # Set by `open_services`; cogs read it in their `cog_load`.
        self._services: Services | None = None
        self._services_closed = False
        self._item_types: list[type[discord.ui.DynamicItem[Any]]] = []
        self._routes: re.Pattern[str] | None = None  # `_one_pattern` of them, made on demand
        self._routed: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()
        self._heartbeat: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        """Open the services, load the cogs and, when asked to, sync the commands."""
        log.info("Klaverjas bot %s starting (%s)", bot_version(), describe_engine())
        await self.open_services()
        for extension in self.initial_extensions:
            await self.load_extension(extension)
            log.debug("loaded extension %s", extension)
        if self.settings.sync_commands:
            await self.sync_commands()

    @property
    def services(self) -> Services:
        """The open services; a `RuntimeError` before `setup_hook` opened them."""
        if self._services is None:
            raise RuntimeError("services are opened in setup_hook; none are open yet")
        return self._services

    async def open_services(self) -> None:
        """Open the store (migrating it), restore open tables and start their timers."""
        self._services = await Services.open(
            self.settings.database,
            exclusive=True,
            budget_ms=self.settings.computer_budget_ms,
            processes=True,  # searches in worker processes keep the gateway's loop free
            shards=self.settings.shards,
        )
        self._services.start_timers()
        heartbeat = heartbeat_path(self.settings.database_path)
        self._heartbeat = asyncio.create_task(
            run_heartbeat(self._services.store, heartbeat), name="bg:heartbeat"
        )

    async def close_services(self) -> None:
        """Stop timers and close the store; the counterpart of `open_services`."""
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._heartbeat
            self._heartbeat = None
        if self._services is not None:
            await self._services.close()
            self._services = None

    async def sync_commands(self) -> None:
        """Publish the command tree: to the dev guild when set (instant), else globally.

        Syncing is rate limited by Discord and slow to propagate globally, hence opt-in.
        """
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            synced = await self.tree.sync()
            log.info("synced %d global application commands", len(synced))
            return
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("synced %d application commands to guild %d", len(synced), guild_id)

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Register the items with discord.py and as known to `routes_custom_id`."""
        super().add_dynamic_items(*items)
        self._item_types += [item for item in items if item not in self._item_types]
        self._routes = None

    def remove_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Unregister the items, from discord.py and from `routes_custom_id`."""
        super().remove_dynamic_items(*items)
        self._item_types = [item for item in self._item_types if item not in items]
        self._routes = None

    def add_routed_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Items routed by custom_id (cogs/common/routing.py, from the errors cog's one
        click listener), not through discord.py's view store: known to `routes_custom_id`
        without being registered there."""
        self._routed += tuple(item for item in items if item not in self._routed)
        self._item_types += [item for item in items if item not in self._item_types]
        self._routes = None

    def remove_routed_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Forget items added with `add_routed_items`."""
        self._routed = tuple(item for item in self._routed if item not in items)
        self._item_types = [item for item in self._item_types if item not in items]
        self._routes = None

    @property
    def routed_items(self) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
        """The items added with `add_routed_items`, in the order they were added."""
        return self._routed

    def routes_custom_id(self, custom_id: str) -> bool:
        """Whether a click with `custom_id` reaches a registered button.

        discord.py hands a click to the dynamic items whose template matches the whole
        custom_id and silently drops the rest; this asks the same question, so the error
        cog can answer the clicks nothing else will (an outdated or malformed button).
        """
        if self._routes is None:
            self._routes = _one_pattern(self._item_types)
        return self._routes.fullmatch(custom_id) is not None

    async def close(self) -> None:
        """Refuse new table operations ("shutting down") and let those in flight finish
        while the HTTP session can still answer them; then unload the cogs (inside
        super().close()), so none of them uses a closed service, and close the services."""
        try:
            if self._services is not None:
                await self._services.tables.quiesce()
            await super().close()
        finally:
            if not self._services_closed:
                self._services_closed = True
                await self.close_services()


def _one_pattern(items: list[type[discord.ui.DynamicItem[Any]]]) -> re.Pattern[str]:
    """The items' templates as one pattern (group names dropped: they may repeat), so a
    click is checked with one match instead of one per item type."""
    parts = [
        _GROUP_NAME.sub("(?:", item.__discord_ui_compiled_template__.pattern) for item in items
    ]
    return re.compile("|".join(f"(?:{part})" for part in parts) or "(?!)")


_GROUP_NAME = re.compile(r"\(\?P<\w+>")


class ShardedKlaverjasBot(KlaverjasBot, commands.AutoShardedBot):
    """The bot on discord.py's own sharding: SHARD_COUNT shards, of which this process
    connects SHARD_IDS; its services serve only those shards' guilds (bot/shards.py)."""

    def __init__(
        self, settings: Settings, *, extensions: Sequence[str] = DEFAULT_EXTENSIONS
    ) -> None:
        super().__init__(
            settings,
            extensions=extensions,
            shard_count=settings.shards.count,
            shard_ids=list(settings.shards.ids),
        )
