"""Offline harness for the Discord layer: the real bot, real discord.py, no network.

How it works (see docs in DESIGN.md section 4, and `test_canary.py` for every private
discord.py name used here):

* The real `KlaverjasBot` runs its real `setup_hook` against a temporary database, after the
  steps `Client.login` would take (`_async_setup_hook`, a `ClientUser`, the application id),
  but without any login or gateway.
* Every interaction reply passes through discord.py's async webhook adapter; the harness
  installs a recording subclass (`RecordingWebhookAdapter`) in place of the module-level
  `async_context` variable. Every bot-token REST call passes through `bot.http.request`,
  which is replaced by a recorder. Both answer with minimal, valid bodies and keep a small
  model of Discord (`World`: clock, ids, channels, messages, interaction tokens) that also
  enforces the rules that bite in production: a 3 s window to answer an interaction,
  15-minute interaction tokens, ephemeral messages editable only through their own token.
* Real `INTERACTION_CREATE` payloads go into `bot._connection.parse_interaction_create`;
  a task factory tracks every task discord.py (and our code) spawns, and `settle()` waits
  for them. Long-lived tasks (timers, loops) must be named with a prefix from
  `BACKGROUND_TASK_PREFIXES` (e.g. `asyncio.create_task(..., name="bg:turn-timer:12")`),
  or `settle()` fails after its timeout and names the task that kept it waiting.
"""

from __future__ import annotations

import asyncio
import copy
import datetime as dt
import itertools
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import discord.interactions as discord_interactions
import discord.webhook.async_ as discord_webhook
from discord import app_commands
from discord.http import Route
from discord.utils import time_snowflake
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.client import DEFAULT_EXTENSIONS, KlaverjasBot
from bot.settings import Settings
from tests.harness import payloads
from tests.harness.limits import (
    EPHEMERAL,
    assert_ephemeral,
    assert_not_ephemeral,
    assert_within_discord_limits,
    is_command_name,
    iter_components,
    message_body,
)

__all__ = [
    "BACKGROUND_TASK_PREFIXES",
    "Call",
    "Dispatch",
    "FAKE_TOKEN",
    "Harness",
    "HarnessError",
    "RecordingWebhookAdapter",
    "World",
    "assert_ephemeral",
    "assert_not_ephemeral",
    "assert_within_discord_limits",
    "http_error",
    "is_command_name",
]

# Shaped like a real token so Settings validation accepts it; it authenticates nothing.
FAKE_TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAwMA.GhArNs.offline-harness-token-not-a-secret"

_FIXED_EPOCH = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
APPLICATION_ID = time_snowflake(_FIXED_EPOCH) + 1
BOT_USER_ID = APPLICATION_ID  # for bots created since 2017, the user id is the application id
GUILD_ID = time_snowflake(_FIXED_EPOCH) + 2
CHANNEL_ID = time_snowflake(_FIXED_EPOCH) + 3
DEFAULT_USER_ID = time_snowflake(_FIXED_EPOCH) + 4

# Task name prefixes `settle()` does not wait for. discord.py's own long-lived tasks are
# recognised by their coroutine (view timeouts, delete_after) or these names.
BACKGROUND_TASK_PREFIXES: tuple[str, ...] = ("bg:", "discord-ext-tasks:", "discord-ui-view-timeout")
_BACKGROUND_COROUTINES = ("__timeout_task_impl", ".<locals>.inner_call")

RESPONSE_WINDOW = dt.timedelta(seconds=3)
TOKEN_LIFETIME = dt.timedelta(minutes=15)

CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
EXECUTE = "/webhooks/{webhook_id}/{webhook_token}"
ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
WEBHOOK_MESSAGE = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
CHANNEL = "/channels/{channel_id}"
CHANNEL_MESSAGES = "/channels/{channel_id}/messages"
CHANNEL_MESSAGE = "/channels/{channel_id}/messages/{message_id}"
THREADS = "/channels/{channel_id}/threads"
MESSAGE_THREADS = "/channels/{channel_id}/messages/{message_id}/threads"
GUILD_COMMANDS = "/applications/{application_id}/guilds/{guild_id}/commands"
GLOBAL_COMMANDS = "/applications/{application_id}/commands"

# Interaction callback types (Discord API "interaction response types").
CHANNEL_MESSAGE_WITH_SOURCE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
LOADING = 1 << 7

Handler = Callable[["Call"], Any]


class HarnessError(AssertionError):
    """The harness could not settle, or a spawned task died with an exception."""


def http_error(status: int, code: int, message: str) -> discord.HTTPException:
    """The exception discord.py raises for a Discord error response (for `override`)."""
    reason = {400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found"}
    response = SimpleNamespace(status=status, reason=reason.get(status, "Error"))
    body = {"code": code, "message": message}
    if status == 403:
        return discord.Forbidden(response, body)
    if status == 404:
        return discord.NotFound(response, body)
    return discord.HTTPException(response, body)


def _unknown_message() -> discord.HTTPException:
    return http_error(404, 10008, "Unknown Message")


# --------------------------------------------------------------------------- the world


@dataclass
class InteractionRecord:
    id: int
    token: str
    created_at: dt.datetime
    channel_id: int | None
    guild_id: int | None
    clicked_message_id: int | None = None
    original_message_id: int | None = None
    acknowledged: bool = False


class World:
    """What Discord remembers, shared by successive bot processes (pass it to a new Harness).

    `now` drives snowflake ids and token expiry; it defaults to the real time so that
    discord.py helpers such as `Interaction.is_expired()` agree with it.
    """

    def __init__(self, now: dt.datetime | None = None) -> None:
        self.now = (now or discord.utils.utcnow()).replace(microsecond=0)
        self.application_id = APPLICATION_ID
        self.bot_user_id = BOT_USER_ID
        self.guild_id = GUILD_ID
        self.channel_id = CHANNEL_ID
        self.default_user_id = DEFAULT_USER_ID
        self.users: dict[int, str] = {DEFAULT_USER_ID: "player"}
        self.channels: dict[int, dict[str, Any]] = {
            CHANNEL_ID: payloads.channel_payload(CHANNEL_ID, GUILD_ID)
        }
        self.messages: dict[int, dict[str, Any]] = {}
        self.deleted_messages: dict[int, dict[str, Any]] = {}
        self.interactions: dict[str, InteractionRecord] = {}
        self.message_tokens: dict[int, set[str]] = {}
        self._sequence = itertools.count(1)

    def snowflake(self, at: dt.datetime | None = None) -> int:
        """A unique id that encodes `at` (default: now), like Discord's own ids."""
        return time_snowflake(at or self.now) + next(self._sequence) % (1 << 22)

    def advance(self, **delta: float) -> dt.datetime:
        """Move the clock forward, e.g. `world.advance(minutes=16)`; returns the new now."""
        self.now += dt.timedelta(**delta)
        return self.now

    def add_user(self, name: str) -> int:
        user_id = self.snowflake(_FIXED_EPOCH + dt.timedelta(days=len(self.users)))
        self.users[user_id] = name
        return user_id

    def add_channel(self, name: str = "klaverjas") -> int:
        channel_id = self.snowflake(_FIXED_EPOCH + dt.timedelta(days=1))
        self.channels[channel_id] = payloads.channel_payload(channel_id, self.guild_id, name=name)
        return channel_id

    def bot_user_payload(self) -> dict[str, Any]:
        data = payloads.user_payload(self.bot_user_id, "Klaverjas", bot=True)
        data.update(verified=True, mfa_enabled=False, flags=0, locale="en-US")
        return data

    def new_message(
        self, channel_id: int, body: Mapping[str, Any], *, token: str | None = None
    ) -> dict[str, Any]:
        from_interaction = token is not None
        message = payloads.message_payload(
            self.snowflake(),
            channel_id,
            author=payloads.user_payload(self.bot_user_id, "Klaverjas", bot=True),
            created_at=self.now,
            guild_id=self._guild_of(channel_id),
            body=dict(body),
            webhook_id=self.application_id if from_interaction else None,
            application_id=self.application_id if from_interaction else None,
        )
        message_id = int(message["id"])
        self.messages[message_id] = message
        if token is not None:
            self.message_tokens.setdefault(message_id, set()).add(token)
        return message

    def edit_message(self, message_id: int, body: Mapping[str, Any]) -> dict[str, Any]:
        message = self.messages.get(message_id)
        if message is None:
            raise _unknown_message()
        for key in ("content", "embeds", "components", "attachments", "poll"):
            if key in body:
                message[key] = body[key] if body[key] is not None else _EMPTY[key]
        if "flags" in body and body["flags"] is not None:
            # Only some flags may change on edit; EPHEMERAL stays what it was.
            message["flags"] = (message["flags"] & EPHEMERAL) | (int(body["flags"]) & ~EPHEMERAL)
        message["flags"] &= ~LOADING
        message["edited_timestamp"] = payloads.iso(self.now)
        return message

    def delete_message(self, message_id: int) -> None:
        message = self.messages.pop(message_id, None)
        if message is None:
            raise _unknown_message()
        self.deleted_messages[message_id] = message

    def channel_messages(self, channel_id: int) -> list[dict[str, Any]]:
        """The current messages of a channel, oldest first."""
        return [m for m in self.messages.values() if int(m["channel_id"]) == channel_id]

    def find_message_with(self, custom_id: str) -> dict[str, Any]:
        """The newest message that carries a component with this custom_id."""
        for message in sorted(self.messages.values(), key=lambda m: -int(m["id"])):
            if any(c.get("custom_id") == custom_id for c in iter_components(message["components"])):
                return message
        raise HarnessError(f"no recorded message has a component with custom_id {custom_id!r}")

    def _guild_of(self, channel_id: int) -> int | None:
        channel = self.channels.get(channel_id)
        if channel is None:
            return self.guild_id
        guild_id = channel.get("guild_id")
        return int(guild_id) if guild_id is not None else None


_EMPTY: dict[str, Any] = {
    "content": "",
    "embeds": [],
    "components": [],
    "attachments": [],
    "poll": None,
}


# --------------------------------------------------------------------------- recordings


@dataclass
class Call:
    """One HTTP request the bot made, as Discord would have received it."""

    seq: int
    via: str  # "webhook" (interaction token, no bot auth) or "rest" (bot token)
    method: str
    path: str  # discord.py's route template, e.g. "/channels/{channel_id}/messages"
    url: str
    json: Any
    files: list[str] = field(default_factory=list)
    params: dict[str, Any] | None = None
    reason: str | None = None
    interaction_id: int | None = None
    result: Any = None  # the body the fake Discord answered with
    message: dict[str, Any] | None = None  # the message this call created or edited, after it

    @property
    def route(self) -> str:
        return f"{self.method} {self.path}"

    @property
    def callback_type(self) -> int | None:
        """Interaction response type (4 message, 5 defer, 6 deferred update, 7 update, 9 modal)."""
        return self.json.get("type") if self.path == CALLBACK else None

    @property
    def body(self) -> dict[str, Any]:
        return message_body(self)

    @property
    def content(self) -> str:
        return self.body.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.body.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.body.get("components") or [])

    @property
    def ephemeral(self) -> bool:
        flags = self.message["flags"] if self.message is not None else self.body.get("flags")
        return bool(int(flags or 0) & EPHEMERAL)

    @property
    def message_id(self) -> int | None:
        return int(self.message["id"]) if self.message is not None else None

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in iter_components(self.components) if c.get("type") == 2]

    def text(self) -> str:
        """Content plus every embed string, for loose `in` assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [(embed.get("footer") or {}).get("text") or ""]
            for f in embed.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
        return "\n".join(p for p in parts if p)


@dataclass
class Dispatch:
    """The outcome of feeding one interaction: its replies and the REST calls it caused."""

    harness: Harness
    payload: dict[str, Any]
    first_seq: int
    end_seq: int

    @property
    def interaction_id(self) -> int:
        return int(self.payload["id"])

    @property
    def calls(self) -> list[Call]:
        return self.harness.calls[self.first_seq : self.end_seq]

    @property
    def replies(self) -> list[Call]:
        """Every webhook call made with this interaction's id or token (so far)."""
        return self.harness.replies_for(self.interaction_id)

    @property
    def rest(self) -> list[Call]:
        return [c for c in self.calls if c.via == "rest"]

    @property
    def response(self) -> Call:
        """The interaction callback; fails unless there is exactly one."""
        callbacks = [c for c in self.replies if c.path == CALLBACK]
        if len(callbacks) != 1:
            raise HarnessError(f"expected one interaction response, got {_describe(callbacks)}")
        return callbacks[0]

    @property
    def reply(self) -> Call:
        """The only webhook call of this interaction; fails unless there is exactly one."""
        replies = self.replies
        if len(replies) != 1:
            raise HarnessError(f"expected exactly one reply, got {_describe(replies)}")
        return replies[0]


def _describe(calls: Sequence[Call]) -> str:
    return f"{len(calls)}: " + ", ".join(c.route for c in calls) if calls else "none"


# --------------------------------------------------------------------------- adapter


class RecordingWebhookAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter with the HTTP round trip replaced by the harness."""

    def __init__(self, harness: Harness) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self._harness = harness

    async def request(
        self,
        route: Route,
        session: Any,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        proxy: str | None = None,
        proxy_auth: Any = None,
        files: Sequence[discord.File] | None = None,
        reason: str | None = None,
        auth_token: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> Any:
        body = payload if payload is not None else _json_from_form(multipart)
        return self._harness._on_webhook(route, body, files or [], params, reason)


def _json_from_form(form: Iterable[dict[str, Any]] | None) -> Any:
    for part in form or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


# --------------------------------------------------------------------------- harness


_active: Harness | None = None


class Harness:
    """A started `KlaverjasBot` wired to a fake Discord. Use `async with Harness(...)`."""

    def __init__(
        self,
        database_path: Path,
        *,
        extensions: Sequence[str] = DEFAULT_EXTENSIONS,
        world: World | None = None,
        settings: Settings | None = None,
        bot_class: type[KlaverjasBot] = KlaverjasBot,
        ready: bool = True,
        settle_timeout: float = 5.0,
    ) -> None:
        self.world = world or World()
        base = settings or Settings(discord_token=FAKE_TOKEN)
        self.settings = replace(base, database_path=Path(database_path))
        self.extensions = tuple(extensions)
        self.bot_class = bot_class
        self.ready = ready
        self.settle_timeout = settle_timeout
        self.background_task_prefixes = BACKGROUND_TASK_PREFIXES
        self.calls: list[Call] = []
        self.task_errors: list[BaseException] = []
        self.overrides: dict[tuple[str, str], Handler] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._saved_factory: Any = None
        self._saved_contexts: tuple[Any, Any] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.bot: KlaverjasBot

    # ---------------------------------------------------------------- lifecycle

    async def __aenter__(self) -> Harness:
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def start(self) -> Harness:
        """Do what `Client.login` does, minus the network, then run the real setup_hook."""
        global _active
        if _active is not None:
            raise HarnessError("close the running harness first: one bot process at a time")
        _active = self
        try:
            await self._start()
        except BaseException:
            await self.close()
            raise
        return self

    async def _start(self) -> None:
        self._install_task_factory()
        self._install_adapter()
        self.bot = self.bot_class(self.settings, extensions=self.extensions)
        self.bot.http.request = self._on_rest  # type: ignore[method-assign]
        await self.bot._async_setup_hook()
        state = self.bot._connection
        state.user = discord.ClientUser(state=state, data=self.world.bot_user_payload())  # type: ignore[arg-type]
        state.application_id = self.world.application_id
        await self.bot.setup_hook()
        await self.settle()
        if self.ready:
            # What READY amounts to for a bot in no cached guild: ready flag, then on_ready.
            self.bot._ready.set()
            self.bot.dispatch("ready")
            await self.settle()

    async def close(self) -> None:
        """Close the bot like a shutdown would, then cancel what is left and unpatch."""
        global _active
        try:
            if hasattr(self, "bot"):
                await self.bot.close()
                await self.settle(raise_errors=False)
        finally:
            current = asyncio.current_task()
            leftovers = [t for t in self._tasks if not t.done() and t is not current]
            for task in leftovers:
                task.cancel()
            await asyncio.gather(*leftovers, return_exceptions=True)
            self._uninstall_adapter()
            self._uninstall_task_factory()
            if _active is self:
                _active = None

    def _install_task_factory(self) -> None:
        loop = asyncio.get_running_loop()
        self._loop = loop
        self._saved_factory = previous = loop.get_task_factory()

        def factory(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> Any:
            if previous is not None:
                task = previous(loop, coro, **kwargs)
            else:
                task = asyncio.Task(coro, loop=loop, **kwargs)
            self._tasks.add(task)  # type: ignore[arg-type]
            return task

        loop.set_task_factory(factory)

    def _uninstall_task_factory(self) -> None:
        if self._loop is not None:
            self._loop.set_task_factory(self._saved_factory)
            self._loop = None

    def _install_adapter(self) -> None:
        # A fresh ContextVar whose *default* is our adapter, so tasks created in any context
        # (fixtures, timers, the test body) see it. Both modules bind the name at import.
        var: ContextVar[AsyncWebhookAdapter] = ContextVar(
            "async_webhook_context",
            default=RecordingWebhookAdapter(self),  # noqa: B039
        )
        self._saved_contexts = (
            discord_webhook.async_context,
            discord_interactions.async_context,  # type: ignore[attr-defined]
        )
        discord_webhook.async_context = var
        discord_interactions.async_context = var  # type: ignore[attr-defined]

    def _uninstall_adapter(self) -> None:
        if self._saved_contexts is not None:
            discord_webhook.async_context = self._saved_contexts[0]
            discord_interactions.async_context = self._saved_contexts[1]  # type: ignore[attr-defined]
            self._saved_contexts = None

    # ---------------------------------------------------------------- settling

    async def settle(self, timeout: float | None = None, *, raise_errors: bool = True) -> None:
        """Wait until every task spawned since start is done, except background ones."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (self.settle_timeout if timeout is None else timeout)
        quiet_rounds = 0
        while quiet_rounds < 3:  # a few empty rounds: callbacks may still spawn tasks
            await asyncio.sleep(0)
            pending = self._pending_tasks()
            if not pending:
                quiet_rounds += 1
                continue
            quiet_rounds = 0
            remaining = deadline - loop.time()
            if remaining <= 0:
                names = ", ".join(_task_label(t) for t in pending)
                raise HarnessError(
                    f"tasks still running after settle timeout: {names}. Name long-lived "
                    f"tasks with a prefix from {self.background_task_prefixes}."
                )
            await asyncio.wait(pending, timeout=remaining, return_when=asyncio.FIRST_COMPLETED)
        errors = self._collect_finished()
        if errors and raise_errors:
            raise HarnessError(f"{len(errors)} task(s) failed; first: {errors[0]!r}") from errors[0]

    def _pending_tasks(self) -> list[asyncio.Task[Any]]:
        current = asyncio.current_task()
        return [
            t
            for t in self._tasks
            if not t.done() and t is not current and not self._is_background(t)
        ]

    def _is_background(self, task: asyncio.Task[Any]) -> bool:
        if task.get_name().startswith(self.background_task_prefixes):
            return True
        qualname = getattr(task.get_coro(), "__qualname__", "")
        return qualname.endswith(_BACKGROUND_COROUTINES)

    def _collect_finished(self) -> list[BaseException]:
        errors: list[BaseException] = []
        for task in [t for t in self._tasks if t.done()]:
            self._tasks.discard(task)
            if not task.cancelled() and task.exception() is not None:
                errors.append(task.exception())  # type: ignore[arg-type]
        self.task_errors += errors
        return errors

    # ---------------------------------------------------------------- feeding interactions

    async def dispatch(self, payload: dict[str, Any]) -> Dispatch:
        """Feed one raw INTERACTION_CREATE payload and wait for everything it caused."""
        self._remember_interaction(payload)
        first = len(self.calls)
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.settle()
        return Dispatch(self, payload, first, len(self.calls))

    async def slash(
        self, command: str, options: Mapping[str, Any] | None = None, **context: Any
    ) -> Dispatch:
        """Run `/command` (subcommands separated by spaces): `await h.slash("table open")`."""
        return await self.dispatch(self.slash_payload(command, options, **context))

    async def click(
        self,
        custom_id: str,
        *,
        message: int | Call | Mapping[str, Any] | None = None,
        values: Sequence[str] | None = None,
        **context: Any,
    ) -> Dispatch:
        """Click a button (or choose `values` in a select) on a recorded message.

        Without `message`, the newest message carrying `custom_id` is used.
        """
        return await self.dispatch(
            self.component_payload(custom_id, message=message, values=values, **context)
        )

    async def submit_modal(
        self, custom_id: str, fields: Mapping[str, str], **context: Any
    ) -> Dispatch:
        return await self.dispatch(self.modal_payload(custom_id, fields, **context))

    async def autocomplete(
        self, command: str, options: Mapping[str, Any], focused: str, **context: Any
    ) -> Dispatch:
        payload = self.slash_payload(command, options, **context)
        payload["type"] = 4
        for option in _leaf_options(payload["data"]):
            if option["name"] == focused:
                option["focused"] = True
        return await self.dispatch(payload)

    # ---------------------------------------------------------------- payload builders

    def slash_payload(
        self, command: str, options: Mapping[str, Any] | None = None, **context: Any
    ) -> dict[str, Any]:
        """An INTERACTION_CREATE (type 2) for a chat-input command; options are typed from
        the registered command (user/channel options accept ids and get resolved data)."""
        path = command.strip().lstrip("/").split()
        payload = self._base_payload(2, **context)
        resolved: dict[str, dict[str, Any]] = {}
        built = self._options(path, options or {}, resolved, payload)
        for name in reversed(path[1:]):
            is_group = built is not None and any(o["type"] == 1 for o in built)
            built = [{"name": name, "type": 2 if is_group else 1, "options": built or []}]
        data: dict[str, Any] = {"id": str(self.world.snowflake()), "name": path[0], "type": 1}
        if built:
            data["options"] = built
        if resolved:
            data["resolved"] = resolved
        payload["data"] = data
        return payload

    def component_payload(
        self,
        custom_id: str,
        *,
        message: int | Call | Mapping[str, Any] | None = None,
        values: Sequence[str] | None = None,
        **context: Any,
    ) -> dict[str, Any]:
        target = self._resolve_message(custom_id, message)
        component = next(
            (c for c in iter_components(target["components"]) if c.get("custom_id") == custom_id),
            None,
        )
        component_type = component["type"] if component else (3 if values is not None else 2)
        context.setdefault("channel", int(target["channel_id"]))
        payload = self._base_payload(3, **context)
        payload["message"] = copy.deepcopy(target)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = list(values)
        payload["data"] = data
        return payload

    def modal_payload(
        self, custom_id: str, fields: Mapping[str, str], **context: Any
    ) -> dict[str, Any]:
        payload = self._base_payload(5, **context)
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in fields.items()
        ]
        payload["data"] = {"custom_id": custom_id, "components": rows}
        return payload

    def _base_payload(
        self,
        interaction_type: int,
        *,
        user: int | None = None,
        channel: int | None = None,
        dm: bool = False,
        locale: str = "en-US",
        guild_locale: str = "en-US",
        at: dt.datetime | None = None,
        permissions: discord.Permissions | None = None,
        app_permissions: discord.Permissions | None = None,
    ) -> dict[str, Any]:
        world = self.world
        moment = at or world.now
        interaction_id = world.snowflake(moment)
        user_id = user if user is not None else world.default_user_id
        name = world.users.setdefault(user_id, f"user{user_id % 10_000}")
        channel_id = channel if channel is not None else world.channel_id
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(world.application_id),
            "type": interaction_type,
            "token": f"itoken-{interaction_id}",
            "version": 1,
            "locale": locale,
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "app_permissions": str((app_permissions or payloads.DEFAULT_APP_PERMISSIONS).value),
        }
        if dm:
            payload["user"] = payloads.user_payload(user_id, name)
            payload["channel"] = {"id": str(channel_id), "type": 1, "recipients": []}
            payload["channel_id"] = str(channel_id)
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"1": str(user_id)}
            return payload
        channel_data = world.channels.setdefault(
            channel_id, payloads.channel_payload(channel_id, world.guild_id)
        )
        payload.update(
            guild_id=str(world.guild_id),
            guild_locale=guild_locale,
            guild={"id": str(world.guild_id), "locale": guild_locale, "features": []},
            channel_id=str(channel_id),
            channel=copy.deepcopy(channel_data),
            context=0,
            authorizing_integration_owners={"0": str(world.guild_id)},
            member=payloads.member_payload(
                user_id,
                name,
                joined_at=moment - dt.timedelta(days=30),
                permissions=permissions or payloads.DEFAULT_MEMBER_PERMISSIONS,
            ),
        )
        return payload

    def _options(
        self,
        path: list[str],
        values: Mapping[str, Any],
        resolved: dict[str, dict[str, Any]],
        payload: dict[str, Any],
    ) -> list[dict[str, Any]] | None:
        command = self._find_command(path)
        params: dict[str, app_commands.Parameter] = {}
        if command is not None:
            for parameter in command.parameters:
                params[parameter.name] = params[parameter.display_name] = parameter
        built = []
        for key, value in values.items():
            param = params.get(key)
            option_type = param.type.value if param else _infer_option_type(value)
            name = param.display_name if param else key
            built.append(self._option(name, option_type, value, resolved, payload))
        return built or None

    def _find_command(self, path: list[str]) -> app_commands.Command[Any, ..., Any] | None:
        found: Any = self.bot.tree.get_command(path[0]) or self.bot.tree.get_command(
            path[0], guild=discord.Object(self.world.guild_id)
        )
        for name in path[1:]:
            found = found.get_command(name) if isinstance(found, app_commands.Group) else None
        return found if isinstance(found, app_commands.Command) else None

    def _option(
        self,
        name: str,
        option_type: int,
        value: Any,
        resolved: dict[str, dict[str, Any]],
        payload: dict[str, Any],
    ) -> dict[str, Any]:
        value = getattr(value, "value", value)  # Choice / Enum
        if option_type == 6:  # user
            user_id = int(getattr(value, "id", value))
            user_name = self.world.users.setdefault(user_id, f"user{user_id % 10_000}")
            resolved.setdefault("users", {})[str(user_id)] = payloads.user_payload(
                user_id, user_name
            )
            if "member" in payload:
                member = payloads.member_payload(user_id, user_name, joined_at=self.world.now)
                member.pop("user")
                resolved.setdefault("members", {})[str(user_id)] = member
            value = str(user_id)
        elif option_type == 7:  # channel
            channel_id = int(getattr(value, "id", value))
            channel = dict(
                self.world.channels.get(channel_id)
                or payloads.channel_payload(channel_id, self.world.guild_id)
            )
            channel["permissions"] = str(payloads.DEFAULT_MEMBER_PERMISSIONS.value)
            resolved.setdefault("channels", {})[str(channel_id)] = channel
            value = str(channel_id)
        elif option_type in (8, 9, 11):
            raise NotImplementedError(f"option type {option_type} is not built by the harness yet")
        return {"name": name, "type": option_type, "value": value}

    def _resolve_message(
        self, custom_id: str, message: int | Call | Mapping[str, Any] | None
    ) -> dict[str, Any]:
        if message is None:
            return self.world.find_message_with(custom_id)
        if isinstance(message, Call):
            if message.message_id is None:
                raise HarnessError(f"{message.route} did not create or edit a message")
            message = message.message_id
        if isinstance(message, int):
            try:
                return self.world.messages[message]
            except KeyError:
                raise HarnessError(f"no message {message} in the world") from None
        return dict(message)

    def _remember_interaction(self, payload: Mapping[str, Any]) -> None:
        interaction_id = int(payload["id"])
        clicked = payload.get("message")
        record = InteractionRecord(
            id=interaction_id,
            token=payload["token"],
            created_at=discord.utils.snowflake_time(interaction_id),
            channel_id=int(payload["channel_id"]) if "channel_id" in payload else None,
            guild_id=int(payload["guild_id"]) if "guild_id" in payload else None,
            clicked_message_id=int(clicked["id"]) if clicked else None,
        )
        self.world.interactions[record.token] = record
        if record.clicked_message_id is not None:
            # The click's token may edit the clicked message, ephemeral or not.
            self.world.message_tokens.setdefault(record.clicked_message_id, set()).add(record.token)

    # ---------------------------------------------------------------- inspection

    def replies_for(self, interaction_id: int) -> list[Call]:
        return [c for c in self.calls if c.interaction_id == interaction_id]

    def rest_calls(self, method: str | None = None, path: str | None = None) -> list[Call]:
        return [
            c
            for c in self.calls
            if c.via == "rest" and method in (None, c.method) and path in (None, c.path)
        ]

    def override(self, method: str, path: str, handler: Handler | None) -> None:
        """Answer `method path` with `handler(call)` (return a body or raise `http_error`);
        None restores the default behaviour."""
        if handler is None:
            self.overrides.pop((method, path), None)
        else:
            self.overrides[(method, path)] = handler

    # ---------------------------------------------------------------- fake Discord: webhooks

    def _record(
        self, via: str, route: Route, body: Any, files: Sequence[Any], **extra: Any
    ) -> Call:
        call = Call(
            seq=len(self.calls),
            via=via,
            method=route.method,
            path=route.path,
            url=route.url,
            json=copy.deepcopy(body),
            files=[getattr(f, "filename", None) or "file" for f in files],
            **extra,
        )
        self.calls.append(call)
        return call

    def _on_webhook(
        self,
        route: Route,
        body: Any,
        files: Sequence[discord.File],
        params: dict[str, Any] | None,
        reason: str | None,
    ) -> Any:
        token = route.webhook_token
        record = self.world.interactions.get(token) if token else None
        interaction_id = record.id if record else None
        if route.path == CALLBACK:
            interaction_id = int(route.webhook_id) if route.webhook_id is not None else None
        call = self._record(
            "webhook",
            route,
            body,
            files,
            params=params,
            reason=reason,
            interaction_id=interaction_id,
        )
        result = self._answer_webhook(call, route, record)
        self._finish(call, result)
        return result

    def _answer_webhook(self, call: Call, route: Route, record: InteractionRecord | None) -> Any:
        override = self.overrides.get((call.method, call.path))
        if override is not None:
            return override(call)
        if record is None:
            raise http_error(401, 50027, "Invalid Webhook Token")
        age = self.world.now - record.created_at
        if call.path == CALLBACK:
            if record.acknowledged:
                raise http_error(400, 40060, "Interaction has already been acknowledged.")
            if age > RESPONSE_WINDOW:
                raise http_error(404, 10062, "Unknown interaction")
            record.acknowledged = True
            return self._answer_callback(call, record)
        if age > TOKEN_LIFETIME:
            raise http_error(401, 50027, "Invalid Webhook Token")
        return self._answer_webhook_message(call, route, record)

    def _answer_callback(self, call: Call, record: InteractionRecord) -> dict[str, Any]:
        kind = call.json["type"]
        data = call.json.get("data") or {}
        message: dict[str, Any] | None = None
        if kind == CHANNEL_MESSAGE_WITH_SOURCE:
            message = self.world.new_message(record.channel_id or 0, data, token=record.token)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = int(data.get("flags") or 0) | LOADING
            message = self.world.new_message(
                record.channel_id or 0, {"flags": flags}, token=record.token
            )
        elif kind == UPDATE_MESSAGE and record.clicked_message_id is not None:
            message = self.world.edit_message(record.clicked_message_id, data)
        elif kind == DEFERRED_UPDATE_MESSAGE and record.clicked_message_id is not None:
            message = self.world.messages.get(record.clicked_message_id)
        if message is not None:
            record.original_message_id = int(message["id"])
        interaction: dict[str, Any] = {
            "id": str(record.id),
            "type": self._interaction_type(record),
            "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool(message and message["flags"] & EPHEMERAL),
        }
        if message is not None:
            interaction["response_message_id"] = message["id"]
        response: dict[str, Any] = {"interaction": interaction}
        if message is not None and kind != DEFERRED_UPDATE_MESSAGE:
            response["resource"] = {"type": kind, "message": copy.deepcopy(message)}
        return response

    def _interaction_type(self, record: InteractionRecord) -> int:
        return 3 if record.clicked_message_id is not None else 2

    def _followup(self, call: Call, record: InteractionRecord) -> dict[str, Any]:
        # After a "thinking" defer, Discord turns the first followup into the original
        # response: it replaces the loading message and keeps the defer's ephemerality.
        original = self.world.messages.get(record.original_message_id or 0)
        if original is not None and original["flags"] & LOADING:
            return self.world.edit_message(int(original["id"]), call.json or {})
        return self.world.new_message(record.channel_id or 0, call.json or {}, token=record.token)

    def _answer_webhook_message(self, call: Call, route: Route, record: InteractionRecord) -> Any:
        if call.path == EXECUTE and call.method == "POST":  # followup
            return copy.deepcopy(self._followup(call, record))
        if call.path == ORIGINAL:
            message_id = record.original_message_id
        elif call.path == WEBHOOK_MESSAGE:
            message_id = int(route.url.rsplit("/", 1)[-1])
            if record.token not in self.world.message_tokens.get(message_id, set()):
                raise _unknown_message()
        else:
            return None
        if message_id is None or message_id not in self.world.messages:
            raise _unknown_message()
        if call.method == "GET":
            return copy.deepcopy(self.world.messages[message_id])
        if call.method == "PATCH":
            return copy.deepcopy(self.world.edit_message(message_id, call.json or {}))
        if call.method == "DELETE":
            self.world.delete_message(message_id)
        return None

    # ---------------------------------------------------------------- fake Discord: REST

    async def _on_rest(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        body = kwargs.get("json")
        if body is None and form is not None:
            body = _json_from_form(form)
        call = self._record(
            "rest",
            route,
            body,
            files or [],
            params=kwargs.get("params"),
            reason=kwargs.get("reason"),
        )
        override = self.overrides.get((call.method, call.path))
        result = override(call) if override is not None else self._answer_rest(call, route)
        self._finish(call, result)
        return result

    def _finish(self, call: Call, result: Any) -> None:
        call.result = copy.deepcopy(result)
        message: Any = None
        if isinstance(result, Mapping):
            if "interaction" in result:  # an interaction callback response
                message_id = result["interaction"].get("response_message_id")
                message = self.world.messages.get(int(message_id)) if message_id else None
            elif "channel_id" in result and "content" in result:
                message = result
        call.message = copy.deepcopy(message)

    def _answer_rest(self, call: Call, route: Route) -> Any:
        world = self.world
        ids = _ids_in(route.url)
        key = (call.method, call.path)
        if key == ("POST", CHANNEL_MESSAGES):
            self._require_channel(ids[0])
            return copy.deepcopy(world.new_message(ids[0], call.json or {}))
        if call.path == CHANNEL_MESSAGE:
            message = world.messages.get(ids[1])
            if message is None or int(message["channel_id"]) != ids[0]:
                raise _unknown_message()
            if call.method == "GET":
                return copy.deepcopy(message)
            if call.method == "PATCH":
                return copy.deepcopy(world.edit_message(ids[1], call.json or {}))
            if call.method == "DELETE":
                world.delete_message(ids[1])
            return None
        if call.path == CHANNEL:
            channel = self._require_channel(ids[0])
            if call.method == "PATCH":
                channel.update({k: v for k, v in (call.json or {}).items() if k == "name"})
                metadata = channel.get("thread_metadata")
                if metadata is not None:
                    for flag in ("archived", "locked"):
                        if flag in (call.json or {}):
                            metadata[flag] = call.json[flag]
            if call.method == "DELETE":
                return copy.deepcopy(world.channels.pop(ids[0]))
            return copy.deepcopy(channel)
        if key in (("POST", THREADS), ("POST", MESSAGE_THREADS)):
            return copy.deepcopy(self._create_thread(ids[0], call.json or {}))
        if call.method == "PUT" and call.path in (GUILD_COMMANDS, GLOBAL_COMMANDS):
            return [self._registered_command(command) for command in call.json or []]
        return None

    def _require_channel(self, channel_id: int) -> dict[str, Any]:
        channel = self.world.channels.get(channel_id)
        if channel is None:
            raise http_error(404, 10003, "Unknown Channel")
        return channel

    def _create_thread(self, parent_id: int, body: Mapping[str, Any]) -> dict[str, Any]:
        parent = self._require_channel(parent_id)
        thread_id = self.world.snowflake()
        thread = payloads.thread_payload(
            thread_id,
            parent_id,
            int(parent["guild_id"]),
            name=body.get("name", "thread"),
            owner_id=self.world.bot_user_id,
            created_at=self.world.now,
            thread_type=int(body.get("type") or payloads.PUBLIC_THREAD),
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        self.world.channels[thread_id] = thread
        return thread

    def _registered_command(self, command: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "id": str(self.world.snowflake()),
            "application_id": str(self.world.application_id),
            "version": str(self.world.snowflake()),
            "default_member_permissions": None,
            "type": 1,
            **command,
        }


def _ids_in(url: str) -> list[int]:
    return [int(part) for part in url.split("?")[0].split("/") if part.isdigit()]


def _infer_option_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    return 3


def _leaf_options(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    options = list(data.get("options") or [])
    while options and options[0].get("type") in (1, 2):
        options = list(options[0].get("options") or [])
    return options


def _task_label(task: asyncio.Task[Any]) -> str:
    coro = task.get_coro()
    return f"{task.get_name()} ({getattr(coro, '__qualname__', coro)!s})"
