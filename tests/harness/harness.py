"""Offline harness for the Discord layer: the real bot, real discord.py, no network.

How it works (see docs/discord-harness.md and docs/table-ux.md section 4, and `test_canary.py`
for every private discord.py name used here). Four modules: this one runs the bot and waits
for its tasks; `world.py` is the fake Discord (its state and answers); `recorder.py` records
every HTTP call the bot makes; `payloads.py` builds what Discord sends.

* The real `KlaverjasBot` runs its real `setup_hook` against a temporary database, after the
  steps `Client.login` would take (`_async_setup_hook`, a `ClientUser`, the application id),
  but without any login or gateway.
* Every interaction reply passes through discord.py's async webhook adapter; the harness
  installs a recording subclass (`RecordingWebhookAdapter`) in place of the module-level
  `async_context` variable. Every bot-token REST call passes through `bot.http.request`,
  which is replaced by the recorder. The `World` answers both with minimal, valid bodies
  and keeps a small model of Discord (clock, ids, channels, messages, interaction tokens)
  that also enforces the rules that bite in production: a 3 s window to answer an
  interaction, 15-minute interaction tokens, ephemeral messages editable only through their
  own token.
* Real `INTERACTION_CREATE` payloads go into `bot._connection.parse_interaction_create`;
  a task factory tracks every task discord.py (and our code) spawns, and `settle()` waits
  for them. Long-lived tasks (timers, loops) must be named with a prefix from
  `BACKGROUND_TASK_PREFIXES` (e.g. `asyncio.create_task(..., name="bg:turn-timer:12")`),
  or `settle()` fails after its timeout and names the task that kept it waiting.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import discord.interactions as discord_interactions
import discord.webhook.async_ as discord_webhook
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.client import DEFAULT_EXTENSIONS, KlaverjasBot
from bot.settings import Settings
from tests.harness import payloads
from tests.harness.recorder import Call, Dispatch, Handler, Recorder, RecordingWebhookAdapter
from tests.harness.world import FAKE_TOKEN, HarnessError, World
from tests.seeds import table_seeds

__all__ = ["BACKGROUND_TASK_PREFIXES", "Harness"]

# Task name prefixes `settle()` does not wait for. discord.py's own long-lived tasks are
# recognised by their coroutine (view timeouts, delete_after) or these names.
BACKGROUND_TASK_PREFIXES: tuple[str, ...] = ("bg:", "discord-ext-tasks:", "discord-ui-view-timeout")
_BACKGROUND_COROUTINES = ("__timeout_task_impl", ".<locals>.inner_call")
ANSWERED_KINDS = (2, 3, 5)  # interaction types a user waits on: command, component, modal


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
        seeds: Callable[[], str] | None = None,
    ) -> None:
        self.world = world or World()
        # Publishing the commands is asked for by the tests about it; the rest start quietly.
        base = settings or Settings(discord_token=FAKE_TOKEN, sync_commands=False)
        self.settings = replace(base, database_path=Path(database_path))
        self.extensions = tuple(extensions)
        self.bot_class = bot_class
        self.ready = ready
        self.settle_timeout = settle_timeout
        # The tables' and nights' seeds: the running test's (tests/seeds.py) unless given.
        self.seeds = seeds or table_seeds()
        # Discord shows "This interaction failed" for a command, click or form the bot
        # leaves unanswered; `dispatch` fails then, unless a test allows it (a refused
        # callback it set up on purpose).
        self.allow_unanswered = False
        self.background_task_prefixes = BACKGROUND_TASK_PREFIXES
        self.recorder = Recorder(self.world)
        self.task_errors: list[BaseException] = []
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
        self.bot = self.bot_class(self.settings, extensions=self.extensions, seeds=self.seeds)
        self.bot.http.request = self.recorder.on_rest  # type: ignore[method-assign]
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
            default=RecordingWebhookAdapter(self.recorder),  # noqa: B039
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
        self.world.remember_interaction(payload)
        first = len(self.calls)
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.settle()
        if not self.allow_unanswered:
            self._require_answer(payload)
        return Dispatch(self.recorder, payload, first, len(self.calls))

    def _require_answer(self, payload: Mapping[str, Any]) -> None:
        """Fail unless Discord accepted an answer to this command, click or form."""
        record = self.world.interactions[payload["token"]]
        if payload["type"] in ANSWERED_KINDS and not record.acknowledged:
            what = payload.get("data", {}).get("custom_id") or payload.get("data", {}).get("name")
            raise HarnessError(f"interaction {what!r} was left unanswered")

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
        return await self.dispatch(payloads.focus(payload, focused))

    # ---------------------------------------------------------------- payloads (payloads.py)

    def slash_payload(
        self, command: str, options: Mapping[str, Any] | None = None, **context: Any
    ) -> dict[str, Any]:
        return payloads.slash_payload(self.world, self.bot.tree, command, options, **context)

    def component_payload(
        self,
        custom_id: str,
        *,
        message: int | Call | Mapping[str, Any] | None = None,
        values: Sequence[str] | None = None,
        **context: Any,
    ) -> dict[str, Any]:
        """A click on ``custom_id``; without ``message``, on the newest message carrying it."""
        target = self._resolve_message(custom_id, message)
        return payloads.component_payload(self.world, custom_id, target, values=values, **context)

    def modal_payload(
        self, custom_id: str, fields: Mapping[str, str], **context: Any
    ) -> dict[str, Any]:
        return payloads.modal_payload(self.world, custom_id, fields, **context)

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

    # ---------------------------------------------------------------- inspection (recorder.py)

    @property
    def calls(self) -> list[Call]:
        return self.recorder.calls

    def replies_for(self, interaction_id: int) -> list[Call]:
        return self.recorder.replies_for(interaction_id)

    def rest_calls(self, method: str | None = None, path: str | None = None) -> list[Call]:
        return self.recorder.rest_calls(method, path)

    def override(self, method: str, path: str, handler: Handler | None) -> None:
        """Answer `method path` with `handler(call)` (return a body or raise `http_error`);
        None restores the default behaviour."""
        self.recorder.override(method, path, handler)


def _task_label(task: asyncio.Task[Any]) -> str:
    coro = task.get_coro()
    return f"{task.get_name()} ({getattr(coro, '__qualname__', coro)!s})"
