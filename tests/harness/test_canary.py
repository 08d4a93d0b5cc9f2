"""Canary: the private discord.py names the harness relies on are still where it expects.

When one of these fails after a discord.py upgrade, fix tests/harness/harness.py (and this
file) before trusting any other Discord-layer test result.
"""

from __future__ import annotations

import asyncio
import inspect
from contextvars import ContextVar
from pathlib import Path

import discord
import discord.interactions
import discord.webhook.async_
from discord.ext import commands
from discord.http import HTTPClient, Route
from discord.state import ConnectionState
from discord.webhook.async_ import AsyncWebhookAdapter

MOVED = "discord.py internals moved ({}); update tests/harness/harness.py"


def test_discord_py_is_the_pinned_minor_version() -> None:
    assert discord.__version__.startswith("2.7."), MOVED.format(f"version {discord.__version__}")


def test_setup_hook_entry_points() -> None:
    for cls in (discord.Client, commands.Bot):
        hook = getattr(cls, "_async_setup_hook", None)
        assert inspect.iscoroutinefunction(hook), MOVED.format(f"{cls.__name__}._async_setup_hook")


def test_interaction_entry_point() -> None:
    parser = getattr(ConnectionState, "parse_interaction_create", None)
    assert callable(parser), MOVED.format("ConnectionState.parse_interaction_create")
    params = list(inspect.signature(parser).parameters)
    assert params == ["self", "data"], MOVED.format(f"parse_interaction_create{params}")


def test_webhook_adapter_context_and_its_importers() -> None:
    context = getattr(discord.webhook.async_, "async_context", None)
    assert isinstance(context, ContextVar), MOVED.format("webhook.async_.async_context")
    assert isinstance(context.get(), AsyncWebhookAdapter), MOVED.format("async_context default")
    # The harness swaps the variable in every module that imported it by name.
    package = Path(discord.__file__).parent
    importers = {
        ".".join(("discord", *path.relative_to(package).with_suffix("").parts))
        for path in package.rglob("*.py")
        if "async_context" in path.read_text(encoding="utf-8")
    }
    expected = {"discord.webhook.async_", "discord.interactions"}
    assert importers == expected, MOVED.format(f"async_context is used in {sorted(importers)}")
    assert discord.interactions.async_context is context


def test_webhook_adapter_request_signature() -> None:
    params = list(inspect.signature(AsyncWebhookAdapter.request).parameters)
    expected = [
        "self",
        "route",
        "session",
        "payload",
        "multipart",
        "proxy",
        "proxy_auth",
        "files",
        "reason",
        "auth_token",
        "params",
    ]
    assert params == expected, MOVED.format(f"AsyncWebhookAdapter.request{params}")


def test_http_request_signature_and_route_fields() -> None:
    signature = inspect.signature(HTTPClient.request)
    params = list(signature.parameters)
    assert params[:4] == ["self", "route", "files", "form"], MOVED.format(
        f"HTTPClient.request{params}"
    )
    assert signature.parameters[params[-1]].kind is inspect.Parameter.VAR_KEYWORD
    route = Route("POST", "/webhooks/{webhook_id}/{webhook_token}", webhook_id=1, webhook_token="t")
    assert (route.method, route.path, route.webhook_id, route.webhook_token) == (
        "POST",
        "/webhooks/{webhook_id}/{webhook_token}",
        1,
        "t",
    ), MOVED.format("Route attributes")


async def test_client_user_and_bot_state_can_be_set_as_login_does(tmp_path: Path) -> None:
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.none())

    async def fake_request(*args: object, **kwargs: object) -> None:
        return None

    bot.http.request = fake_request  # type: ignore[method-assign]
    assert bot.http.request is fake_request, MOVED.format("HTTPClient.request not assignable")
    await bot._async_setup_hook()
    assert isinstance(bot._ready, asyncio.Event), MOVED.format("Client._ready")
    state = bot._connection
    assert isinstance(state, ConnectionState), MOVED.format("Client._connection")
    data = {"id": "1", "username": "kj", "discriminator": "0", "avatar": None, "bot": True}
    state.user = discord.ClientUser(state=state, data=data)  # type: ignore[arg-type]
    state.application_id = 1
    assert bot.user is not None and bot.user.id == 1, MOVED.format("ClientUser / state.user")
    assert bot.application_id == 1, MOVED.format("state.application_id")
    await bot.close()


def test_background_task_markers() -> None:
    # settle() recognises view timeout tasks by this coroutine name.
    from discord.ui.view import BaseView

    assert hasattr(BaseView, "_BaseView__timeout_task_impl"), MOVED.format("view timeout task")
