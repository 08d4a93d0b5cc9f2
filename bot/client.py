"""The bot process: one `commands.Bot` subclass that owns the services and loads the cogs.

Start-up order matters and lives in `setup_hook` (run by discord.py after login, before the
gateway connects, so no interaction can arrive half-way): services first, because cogs
use them when they load (dynamic items, restored tables); then the cogs; then the slash
commands, published when they changed since the last publish (`publish_commands`). The
offline test harness calls the same `setup_hook`, so keep all start-up work here rather
than in `on_ready`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import random
from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

import aiohttp
import discord
import yarl
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.shard import Shard

from bot.compiled import describe as describe_engine
from bot.engine import Card
from bot.health import heartbeat_path, run_heartbeat
from bot.services import Services
from bot.settings import Settings
from bot.tables import new_seed
from bot.version import bot_version

__all__ = [
    "DEFAULT_EXTENSIONS",
    "Backoff",
    "INVITE_PERMISSIONS",
    "INVITE_SCOPES",
    "COMMAND_IDS_KEY",
    "PUBLISHED_COMMANDS_KEY",
    "CardEmojis",
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
    "cogs.faces",
    "cogs.tables",
    "cogs.standings",
    "cogs.rules",
    "cogs.league",
    "cogs.challenge",
    "cogs.analysis",
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
# The store's bot_state keys holding the hash of the commands Discord last accepted, and
# the ids Discord gave them then (JSON: top-level name -> id), for /help's command mentions.
PUBLISHED_COMMANDS_KEY: Final = "published_commands"
COMMAND_IDS_KEY: Final = "published_command_ids"
FETCH_RETRY: Final = 300.0  # seconds before asking Discord for the command ids again
# While Discord cannot be reached at start (no network, DNS, an outage, a refused gateway):
# the first wait before trying again and the longest (docs/operations.md, "Running").
RETRY_FIRST: Final = 5.0
RETRY_CAP: Final = 300.0
# What "Discord cannot be reached" looks like: the connection, its DNS or TLS failed, it
# timed out, or Discord answered 5xx. A rejected token (LoginFailure) is not among them.
UNREACHABLE: Final = (
    OSError,
    aiohttp.ClientError,
    asyncio.TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,
)
REASON_CHARS: Final = 160  # of an error's text in the log line (a 5xx can carry a page)


class Backoff:
    """The waits between tries to reach Discord: doubling from `RETRY_FIRST` up to
    `RETRY_CAP`, each drawn from its upper half, so processes that lost Discord together
    do not all come back in the same second."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._tries = 0
        self._rng = rng or random.Random()

    def next(self) -> float:
        """The next wait, in seconds."""
        ceiling = min(RETRY_CAP, RETRY_FIRST * 2.0**self._tries)
        self._tries += 1
        return self._rng.uniform(ceiling / 2, ceiling)


def _reason(error: BaseException) -> str:
    """The error in a few words for the one log line: its type and text, one line."""
    text = " ".join(str(error).split())[:REASON_CHARS]
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class _FirstConnectRefused(Exception):
    """The gateway's first connection failed: raised past discord.py's reconnect loop,
    which cannot retry a connection that never opened (its issue #10520)."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server with exactly the permissions above."""
    return discord.utils.oauth_url(
        application_id, permissions=INVITE_PERMISSIONS, scopes=INVITE_SCOPES
    )


class CardEmojis(Protocol):
    """The card faces as emojis, as messages ask for them (`bot.card_faces`; the
    cogs.faces extension sets `cogs/common/card_faces.py`'s `CardFaces` at start-up)."""

    def emoji(self, card: Card) -> discord.PartialEmoji | None:
        """The emoji showing `card`, or None: show the card as text."""


class TextFaces:
    """No card emojis: every card is shown as text (before cogs.faces loads, or without it)."""

    def emoji(self, card: Card) -> discord.PartialEmoji | None:
        """Always None."""
        return None


class KlaverjasBot(commands.Bot):
    """The Klaverjas bot: slash commands and buttons only, no privileged intents."""

    def __init__(
        self,
        settings: Settings,
        *,
        extensions: Sequence[str] = DEFAULT_EXTENSIONS,
        seeds: Callable[[], str] = new_seed,
        **options: Any,
    ) -> None:
        """``seeds``: each new table's and league night's seed (random; the tests' harness
        gives one derived from the test, so a failing test deals the same cards again)."""
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
        self.seeds: Final = seeds
        # Set by `open_services`; cogs read it in their `cog_load`.
        self._services: Services | None = None
        self._services_closed = False
        self._routed: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()
        self._heartbeat: asyncio.Task[None] | None = None
        self._command_ids: dict[str, int] = {}  # top-level command name -> Discord's id
        self._ids_tried = float("-inf")  # when Discord was last asked for them
        self._set_up = False  # setup_hook has begun: a login failing later is not retried
        self.card_faces: CardEmojis = TextFaces()

    async def setup_hook(self) -> None:
        """Open the services, load the cogs and, when asked to, sync the commands."""
        self._set_up = True
        log.info("Klaverjas bot %s starting (%s)", bot_version(), describe_engine())
        await self.open_services()
        for extension in self.initial_extensions:
            await self.load_extension(extension)
            log.debug("loaded extension %s", extension)
        await self.publish_commands()

    async def login(self, token: str) -> None:
        """discord.py's login, tried again while Discord cannot be reached: one log line
        each time, no traceback, a growing wait (`Backoff`). A rejected token is not
        retried (`discord.LoginFailure`), nor a failure once `setup_hook` has begun."""
        backoff = Backoff()
        while True:
            try:
                await super().login(token)
                return
            except UNREACHABLE as error:
                if self._set_up:
                    raise
                await self.http.close()  # its next login opens a new session
                self.http.connector = discord.utils.MISSING
                await self.wait_for_discord("log in", error, backoff)

    async def connect(self, *, reconnect: bool = True) -> None:
        """discord.py's connect, its first connection tried until it opens: discord.py
        reconnects a connection that was open, but one that never opened ends in an
        AttributeError (its issue #10520), a crash loop under a supervisor."""
        self._gate_first_connection()
        backoff = Backoff()
        while not self.is_closed():
            try:
                await super().connect(reconnect=reconnect)
                return
            except _FirstConnectRefused as refused:
                await self.wait_for_discord("connect to the gateway", refused.error, backoff)
            except AttributeError as error:  # a first connection failing past its socket
                if self.ws is not None:
                    raise
                await self.wait_for_discord("connect to the gateway", error, backoff)

    def _gate_first_connection(self) -> None:
        """Make the gateway socket's failures raise `_FirstConnectRefused` until the first
        connection opened (`self.ws` set), past discord.py's reconnect loop to ours."""
        open_socket = self.http.ws_connect

        async def ws_connect(url: str, *, compress: int = 0) -> aiohttp.ClientWebSocketResponse:
            try:
                return await open_socket(url, compress=compress)
            except UNREACHABLE as error:
                if self.ws is None:
                    raise _FirstConnectRefused(error) from error
                raise

        setattr(self.http, "ws_connect", ws_connect)  # noqa: B010 (this instance only)

    async def wait_for_discord(self, step: str, error: BaseException, backoff: Backoff) -> None:
        """Log that `step` failed because Discord cannot be reached, in one line, and
        wait the backoff's next delay."""
        delay = backoff.next()
        log.warning(
            "Discord cannot be reached: could not %s (%s); trying again in %.1f s",
            step,
            _reason(error),
            delay,
        )
        await asyncio.sleep(delay)

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
            seeds=self.seeds,
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

    async def publish_commands(self) -> None:
        """Publish the slash commands when they changed since Discord last accepted them.

        SYNC_COMMANDS overrides the comparison: 1 always publishes, 0 never does. The hash
        of what was published is stored only after Discord accepted it, so a failed publish
        is tried again at the next start; the bot runs on with the commands Discord has.
        """
        mode = self.settings.sync_commands
        if mode is False:
            return
        guild = self._publish_target()
        digest = await command_digest(self.tree, guild, self.application_id)
        state = self.services.store.state
        if mode is None and await state.get(PUBLISHED_COMMANDS_KEY) == digest:
            log.info("slash commands unchanged since they were last published")
            self._command_ids = _ids_from_json(await state.get(COMMAND_IDS_KEY))
            return
        try:
            synced = await self.tree.sync(guild=guild)
        except discord.HTTPException as error:
            log.error("publishing the slash commands failed (%s); the next start retries", error)
            return
        self._command_ids = {command.name: command.id for command in synced}
        now = self.services.tables.clock.now()
        await state.put(COMMAND_IDS_KEY, json.dumps(self._command_ids, sort_keys=True), now)
        await state.put(PUBLISHED_COMMANDS_KEY, digest, now)
        where = "globally" if guild is None else f"to guild {guild.id}"
        log.info("published %d slash commands %s", len(synced), where)

    async def command_ids(self) -> dict[str, int]:
        """Discord's id of each top-level slash command (by its default name), for command
        mentions (`</table open:id>`): those of the last publish, else asked of Discord
        once (then again at most every `FETCH_RETRY` seconds); empty while unknown."""
        now = asyncio.get_running_loop().time()
        if self._command_ids or now - self._ids_tried < FETCH_RETRY:
            return dict(self._command_ids)
        self._ids_tried = now
        guild_id = self.settings.dev_guild_id
        try:
            fetched = await self.tree.fetch_commands(
                guild=None if guild_id is None else discord.Object(id=guild_id)
            )
        except discord.HTTPException as error:
            log.warning("could not read the slash commands' ids (%s); /help names them", error)
            return {}
        self._command_ids = {command.name: command.id for command in fetched}
        return dict(self._command_ids)

    def _publish_target(self) -> discord.Object | None:
        """The dev guild (DEV_GUILD_ID: commands appear there at once), with the global
        commands copied to it; None publishes globally."""
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            return None
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        return guild

    def add_routed_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """The one way a cog registers its buttons: items routed by custom_id
        (cogs/common/routing.py, from the errors cog's one click listener), not through
        discord.py's view store (`add_dynamic_items`, which no cog uses)."""
        self._routed += tuple(item for item in items if item not in self._routed)

    def remove_routed_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Forget items added with `add_routed_items` (a cog unloading)."""
        self._routed = tuple(item for item in self._routed if item not in items)

    @property
    def routed_items(self) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
        """The items added with `add_routed_items`, in the order they were added."""
        return self._routed

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


def _ids_from_json(text: str | None) -> dict[str, int]:
    """The stored command ids; none when nothing (or something unreadable) was stored."""
    try:
        stored = json.loads(text) if text else {}
    except ValueError:
        return {}
    if not isinstance(stored, dict):
        return {}
    return {str(k): v for k, v in stored.items() if isinstance(v, int) and v > 0}


async def command_digest(
    tree: discord.app_commands.CommandTree[Any],
    guild: discord.abc.Snowflake | None,
    application_id: int | None,
) -> str:
    """A hash of the commands as `tree.sync(guild=guild)` sends them (translated when the
    tree has a translator, as discord.py does), and of where they go."""
    translator = tree.translator
    payloads = [
        await command.get_translated_payload(tree, translator)
        if translator
        else command.to_dict(tree)
        for command in tree.get_commands(guild=guild)
    ]
    target = {"application": application_id, "guild": None if guild is None else guild.id}
    text = json.dumps({**target, "commands": payloads}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


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

    async def connect(self, *, reconnect: bool = True) -> None:
        """discord.py's sharded connect: each shard's first connection is retried in
        `launch_shard`, not by the unsharded gate."""
        await commands.AutoShardedBot.connect(self, reconnect=reconnect)

    async def launch_shard(
        self, gateway: yarl.URL, shard_id: int, *, initial: bool = False
    ) -> None:
        """Open shard `shard_id`'s first connection, tried again while Discord cannot be
        reached, with one log line each time and `Backoff`, until the bot closes.
        discord.py's own retries every 5 s with a traceback, for ever, even once the bot
        closed (so SIGTERM could not stop a process whose shard never connected); the rest
        is as it does it (discord/shard.py, `launch_shard`)."""
        backoff = Backoff()
        while not self.is_closed():
            try:
                socket = DiscordWebSocket.from_client(
                    self, initial=initial, gateway=gateway, shard_id=shard_id
                )
                ws = await asyncio.wait_for(socket, timeout=self.shard_connect_timeout)
            except UNREACHABLE as error:
                initial = False  # as discord.py retries
                await self.wait_for_discord(f"connect shard {shard_id}", error, backoff)
                continue
            state = vars(self)  # discord.py's private shard table and event queue
            queue: asyncio.PriorityQueue[Any] = state["_AutoShardedClient__queue"]
            state["_AutoShardedClient__shards"][shard_id] = shard = Shard(
                ws, self, queue.put_nowait
            )
            shard.launch()
            return
