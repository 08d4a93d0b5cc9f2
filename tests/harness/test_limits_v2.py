"""The harness's checks of Components V2 messages and of Discord's published schema: each
rule is shown to catch a body that breaks it, and to pass one that keeps it."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.harness.discord_schema import SCHEMA_FILE, schema_violations
from tests.harness.limits import IS_COMPONENTS_V2, discord_limit_violations
from tests.harness.recorder import Call, Snapshot
from tests.harness.world import CALLBACK, CHANNEL_MESSAGE, CHANNEL_MESSAGES, World

V2 = IS_COMPONENTS_V2


def call(
    method: str, path: str, body: dict[str, Any], message: dict[str, Any] | None = None
) -> Call:
    """A recorded call as the harness keeps it: its body, and the message after it."""
    return Call(0, "rest", method, path, "", Snapshot(body), after=Snapshot(message))


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def row(*ids: str) -> dict[str, Any]:
    buttons = [{"type": 2, "style": 1, "label": i, "custom_id": i} for i in ids]
    return {"type": 1, "components": buttons}


def container(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "accent_color": 0x1F8B4C, "components": list(children)}


def test_a_good_v2_message_passes() -> None:
    body = {"flags": V2, "components": [container(text("### Table 1"), row("a", "b"))]}
    assert discord_limit_violations(call("POST", CHANNEL_MESSAGES, body)) == []


def test_content_or_embeds_beside_the_v2_flag_are_refused() -> None:
    body = {"flags": V2, "content": "hi", "embeds": [{"title": "t"}], "components": []}
    problems = "\n".join(discord_limit_violations(call("POST", CHANNEL_MESSAGES, body)))
    assert "content beside the IS_COMPONENTS_V2 flag" in problems
    assert "embeds beside the IS_COMPONENTS_V2 flag" in problems
    # emptied fields are what turns an older message into a V2 one: allowed
    emptied = {"flags": V2, "content": None, "embeds": [], "components": [text("x")]}
    assert discord_limit_violations(call("PATCH", CHANNEL_MESSAGE, emptied)) == []


def test_forty_components_and_four_thousand_characters_at_most() -> None:
    many = {"flags": V2, "components": [container(*[text("x")] * 39, text("y"))]}
    assert "41 components (max 40)" in "\n".join(discord_limit_violations(many))
    long = {"flags": V2, "components": [text("x" * 3000), text("y" * 1001)]}
    assert "text displays hold 4001 characters (max 4000)" in discord_limit_violations(long)


def test_v2_kinds_need_the_flag() -> None:
    body = {"components": [container(text("x"))]}
    problems = discord_limit_violations(call("POST", CHANNEL_MESSAGES, body))
    assert "top-level component 0 is not an action row" in problems


def test_an_edit_without_flags_keeps_the_messages_v2_flag() -> None:
    body = {"components": [container(text("x"))]}
    message = {"flags": V2, "attachments": []}
    assert discord_limit_violations(call("PATCH", CHANNEL_MESSAGE, body, message)) == []


def test_a_picture_must_be_a_file_of_the_message() -> None:
    gallery = {"type": 12, "items": [{"media": {"url": "attachment://table.png"}}]}
    body = {"flags": V2, "components": [container(text("x"), gallery)]}
    without = {"flags": V2, "attachments": []}
    problems = discord_limit_violations(call("PATCH", CHANNEL_MESSAGE, body, without))
    assert any("attachment://table.png names no file" in p for p in problems)
    kept = {"flags": V2, "attachments": [{"id": "9", "filename": "table.png"}]}
    assert discord_limit_violations(call("PATCH", CHANNEL_MESSAGE, body, kept)) == []


def test_the_schema_names_the_field_at_fault() -> None:
    section = {"type": 9, "components": [text("x")] * 4, "accessory": row("a")}
    body = {"flags": V2, "components": [container(section)]}
    problems = schema_violations(body, "create")
    assert any("components/0/components/0/components" in p for p in problems), problems
    assert any("components/0/components/0/accessory" in p for p in problems), problems
    update = {"type": 7, "data": {"components": [row("a" * 101)]}}
    recorded = Call(0, "webhook", "POST", CALLBACK, "", Snapshot(update))
    assert any(
        "IncomingWebhookUpdateForInteractionCallbackRequestPartial" in p and "custom_id" in p
        for p in discord_limit_violations(recorded)
    )


def test_the_schema_file_came_from_discords_spec() -> None:
    assert "discord/discord-api-spec" in SCHEMA_FILE.read_text(encoding="utf-8")[:300]


def test_the_fake_discord_keeps_the_v2_flag_and_refuses_text_beside_it() -> None:
    world = World()
    legacy = world.new_message(world.channel_id, {"embeds": [{"title": "old"}]})
    message_id = int(legacy["id"])
    with pytest.raises(discord.HTTPException) as refused:
        world.edit_message(message_id, {"flags": V2, "components": [text("new")]})
    assert refused.value.status == 400
    turned = {"flags": V2, "content": None, "embeds": [], "components": [text("new")]}
    assert world.edit_message(message_id, turned)["flags"] & V2
    assert world.edit_message(message_id, {"flags": 0})["flags"] & V2  # never unset
    with pytest.raises(discord.HTTPException):
        world.new_message(world.channel_id, {"flags": V2, "content": "x", "components": []})


def test_a_refused_edit_leaves_the_stored_message_as_it_was() -> None:
    world = World()
    posted = world.new_message(world.channel_id, {"flags": V2, "components": [text("board")]})
    before = dict(posted)
    with pytest.raises(discord.HTTPException) as refused:
        world.edit_message(int(posted["id"]), {"embeds": [{"title": "page 2"}], "components": []})
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert world.messages[int(posted["id"])] == before
