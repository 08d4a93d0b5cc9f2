"""Self-tests of the harness on the demo cog: if these fail, suspect the harness first."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable

import discord
import pytest

from bot.client import DEFAULT_EXTENSIONS
from bot.settings import Settings
from tests.harness.harness import Harness
from tests.harness.limits import (
    assert_ephemeral,
    assert_not_ephemeral,
    assert_within_discord_limits,
    discord_limit_violations,
)
from tests.harness.recorder import Call
from tests.harness.world import (
    CHANNEL_MESSAGES,
    FAKE_TOKEN,
    GUILD_COMMANDS,
    HarnessError,
    http_error,
)

StartHarness = Callable[..., Awaitable[Harness]]
DEMO = (*DEFAULT_EXTENSIONS, "tests.harness.demo_cog")


async def test_dynamic_button_edits_its_own_ephemeral_message(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=DEMO)

    opened = await harness.slash("demo counter")
    first = await harness.click("demo:count:0")
    second = await harness.click("demo:count:1")

    assert opened.reply.custom_ids() == ["demo:count:0"]
    assert [first.response.callback_type, second.response.callback_type] == [7, 7]
    message = harness.world.messages[opened.reply.message_id or 0]
    assert message["content"] == "count 2"
    assert_ephemeral(second.response)  # flags come from the edited message
    assert_within_discord_limits(second.response)


async def test_public_message_in_a_new_thread_and_its_view(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=DEMO)

    result = await harness.slash("demo public", {"title": "Table 1", "thread": True})

    assert [c.route for c in result.rest] == [
        "POST /channels/{channel_id}/threads",
        "POST /channels/{channel_id}/messages",
    ]
    thread_id = int(result.rest[0].result["id"])
    [posted] = harness.world.channel_messages(thread_id)
    assert posted["embeds"][0]["title"] == "Table 1"
    assert_not_ephemeral(result.rest[1])
    assert_ephemeral(result.reply)
    assert f"<#{thread_id}>" in result.reply.content

    hello = await harness.click("demo:hello", user=harness.world.add_user("anna"))
    assert hello.reply.content == "hello anna"
    assert_ephemeral(hello.reply)


async def test_options_are_typed_from_the_registered_command(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=DEMO)
    bob = harness.world.add_user("bob")

    picked = await harness.slash("demo pick", {"opponent": bob})
    pinged = await harness.slash("demo deep ping", {"times": 2})

    assert picked.reply.content == "you picked bob"
    assert pinged.reply.content.split() == ["pong", "pong"]
    assert pinged.payload["data"]["options"][0]["type"] == 2  # subcommand group


async def test_interaction_tokens_expire_after_fifteen_minutes(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=DEMO)
    await harness.slash("demo counter")
    interaction = harness.bot.get_cog("Demo").last_interaction  # type: ignore[union-attr]

    harness.world.advance(minutes=14)
    await interaction.edit_original_response(content="still mine")
    harness.world.advance(minutes=2)
    with pytest.raises(discord.HTTPException) as raised:
        await interaction.edit_original_response(content="too late")

    assert raised.value.status == 401
    assert [m["content"] for m in harness.world.messages.values()] == ["still mine"]


async def test_settle_names_a_task_that_never_finishes(harness: Harness) -> None:
    hanging = asyncio.create_task(asyncio.sleep(60), name="forgotten-timer")
    background = asyncio.create_task(asyncio.sleep(60), name="bg:turn-timer")

    with pytest.raises(HarnessError, match="forgotten-timer"):
        await harness.settle(timeout=0.05)
    hanging.cancel()
    await harness.settle(timeout=0.05)  # the bg: task does not block
    assert not background.done()


async def test_task_errors_surface_in_settle(harness: Harness) -> None:
    async def broken() -> None:
        raise ValueError("lost in a task")

    asyncio.create_task(broken())
    with pytest.raises(HarnessError, match="lost in a task"):
        await harness.settle()


async def test_sync_to_dev_guild_publishes_valid_commands(make_harness: StartHarness) -> None:
    guild_id = 123456789012345678
    settings = Settings(discord_token=FAKE_TOKEN, sync_commands=True, dev_guild_id=guild_id)

    harness = await make_harness(extensions=DEMO, settings=settings)

    [sync] = harness.rest_calls("PUT", GUILD_COMMANDS)
    assert str(guild_id) in sync.url
    names = {command["name"] for command in sync.json}
    assert {"about", "demo"} <= names
    for command in sync.json:
        assert re.fullmatch(r"[-_a-z0-9]{1,32}", command["name"]), command["name"]
        assert 1 <= len(command["description"]) <= 100
        assert len(command.get("options", [])) <= 25


def test_limit_checks_catch_oversized_payloads() -> None:
    rows = [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "label": "x" * 81, "custom_id": f"b{i}{j}"}
                for j in range(6)
            ],
        }
        for i in range(6)
    ]
    body = {
        "content": "x" * 2001,
        "embeds": [{"title": "t" * 257, "fields": [{"name": "n", "value": "v" * 1025}] * 26}],
        "components": rows,
    }
    problems = "\n".join(discord_limit_violations({"type": 4, "data": body}))
    for expected in (
        "content",
        "title",
        "26 fields",
        "fields[0].value",
        "6 action rows",
        "6 buttons",
        "button label",
    ):
        assert expected in problems
    with pytest.raises(AssertionError):
        assert_ephemeral({"type": 4, "data": body})


def test_limit_checks_catch_oversized_modals() -> None:
    text = {"type": 4, "custom_id": "t", "placeholder": "p" * 101, "max_length": 4001}
    label = {"type": 18, "label": "l" * 46, "description": "d" * 101, "component": text}
    nameless = {"type": 4, "custom_id": "", "label": "x" * 46}
    modal = {
        "title": "ok",
        "custom_id": "m",
        "components": [label, {"type": 1, "components": [nameless]}],
    }
    problems = "\n".join(discord_limit_violations({"type": 9, "data": modal}))
    for expected in (
        "modal label has 46",
        "modal label description",
        "placeholder has 101",
        "max_length=4001",
        "text input '' label has 46",
        "has no custom_id",
    ):
        assert expected in problems, problems


async def test_modal_round_trip(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=DEMO)

    opened = await harness.slash("feedback")
    submitted = await harness.submit_modal("demo:feedback", {"demo:remark": "nice game"})

    assert opened.response.callback_type == 9
    assert_within_discord_limits(opened.response)
    assert submitted.reply.content == "noted: nice game"


async def test_autocomplete_answers_with_choices(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=DEMO)

    result = await harness.autocomplete("city", {"name": "A"}, focused="name")

    assert result.response.callback_type == 8
    choices = [c["value"] for c in result.response.json["data"]["choices"]]
    assert choices == ["Amsterdam", "Arnhem"]


async def test_direct_messages_are_supported(harness: Harness) -> None:
    result = await harness.slash("about", dm=True)

    assert_ephemeral(result.reply)
    assert result.payload["user"]["id"] == str(harness.world.default_user_id)


async def test_override_simulates_a_discord_refusal(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=DEMO)

    def missing_permissions(call: Call) -> None:
        raise http_error(403, 50013, "Missing Permissions")

    harness.override("POST", CHANNEL_MESSAGES, missing_permissions)
    result = await harness.slash("demo public", {"title": "Table 2"})

    assert [c.route for c in result.rest] == ["POST /channels/{channel_id}/messages"]
    assert_ephemeral(result.reply)
    assert "error code" in result.reply.content
    assert harness.world.messages.keys() == {result.reply.message_id}


async def test_a_refused_callback_leaves_the_interaction_unanswered(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness(extensions=DEMO)
    opened = await harness.slash("demo counter")
    message_id = opened.reply.message_id or 0
    components = [{"type": 10, "content": "board"}, *opened.reply.components]
    v2 = {"flags": 1 << 15, "content": None, "components": components}
    harness.world.edit_message(message_id, v2)  # the counter now sits on a V2 message
    before = dict(harness.world.messages[message_id])

    with pytest.raises(HarnessError, match="'demo:count:0' was left unanswered"):
        await harness.click("demo:count:0", message=message_id)
    harness.allow_unanswered = True
    clicked = await harness.click("demo:count:0", message=message_id)

    assert clicked.response.result is None  # Discord answered 400: content beside V2
    assert not harness.world.interactions[clicked.payload["token"]].acknowledged
    assert harness.world.messages[message_id] == before
