"""The slash commands are published when the command tree changed since Discord last
accepted it (a hash kept in the store), with SYNC_COMMANDS as the override: every start is
the real `setup_hook`, and the fake Discord records each publish (a PUT of the commands)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.client import DEFAULT_EXTENSIONS, PUBLISHED_COMMANDS_KEY
from bot.settings import Settings
from tests.harness.harness import Harness
from tests.harness.recorder import Call
from tests.harness.world import (
    FAKE_TOKEN,
    GLOBAL_COMMANDS,
    GUILD_COMMANDS,
    World,
    http_error,
)

DEMO = (*DEFAULT_EXTENSIONS, "tests.harness.demo_cog")  # the tree with two more commands
CHANGED = Settings(discord_token=FAKE_TOKEN)  # SYNC_COMMANDS unset: publish when changed


async def start(
    path: Path,
    world: World,
    settings: Settings = CHANGED,
    extensions: Sequence[str] = DEFAULT_EXTENSIONS,
    fail: bool = False,
) -> tuple[list[Call], str | None]:
    """One start and stop of the bot: its publishes, and the hash stored afterwards."""
    harness = Harness(path, world=world, settings=settings, extensions=extensions)
    if fail:

        def refuse(call: Call) -> None:
            raise http_error(500, 0, "Internal Server Error")

        for route in (GLOBAL_COMMANDS, GUILD_COMMANDS):
            harness.recorder.override("PUT", route, refuse)
    async with harness:
        published = harness.recorder.rest_calls("PUT")
        stored = await harness.bot.services.store.state.get(PUBLISHED_COMMANDS_KEY)
    return published, stored


def digest_of(world: World, call: Call, guild: int | None = None) -> str:
    """The hash of what Discord received, by the same recipe as bot/client.py."""
    sent = {"application": world.application_id, "guild": guild, "commands": call.json}
    return hashlib.sha256(json.dumps(sent, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


async def test_the_first_start_publishes_and_a_second_one_does_not(
    database_path: Path, world: World
) -> None:
    [first], stored = await start(database_path, world)
    assert first.path == GLOBAL_COMMANDS
    names = {command["name"] for command in first.json}
    assert {"help", "table", "rules"} <= names
    assert any(c.get("name_localizations", {}).get("nl") for c in first.json)  # translated
    assert stored == digest_of(world, first)

    again, kept = await start(database_path, world)
    assert again == [] and kept == stored


async def test_a_changed_tree_is_published_again(database_path: Path, world: World) -> None:
    [_], before = await start(database_path, world)
    [changed], after = await start(database_path, world, extensions=DEMO)
    assert {"demo", "about"} <= {command["name"] for command in changed.json}
    assert after == digest_of(world, changed) != before
    [back], last = await start(database_path, world)  # the command removed again
    assert "demo" not in {command["name"] for command in back.json} and last == before


async def test_a_failed_publish_is_tried_again_at_the_next_start(
    database_path: Path, world: World
) -> None:
    [refused], stored = await start(database_path, world, fail=True)
    assert refused.path == GLOBAL_COMMANDS and stored is None
    [retried], stored = await start(database_path, world)
    assert retried.json == refused.json and stored == digest_of(world, retried)


@pytest.mark.parametrize("extensions", [DEFAULT_EXTENSIONS, DEMO])
async def test_sync_commands_0_never_publishes(
    database_path: Path, world: World, extensions: Sequence[str]
) -> None:
    never = Settings(discord_token=FAKE_TOKEN, sync_commands=False)
    assert await start(database_path, world, never) == ([], None)
    [_], stored = await start(database_path, world)
    assert await start(database_path, world, never, extensions) == ([], stored)


async def test_sync_commands_1_publishes_at_every_start(database_path: Path, world: World) -> None:
    always = Settings(discord_token=FAKE_TOKEN, sync_commands=True)
    [first], stored = await start(database_path, world, always)
    [second], again = await start(database_path, world, always)
    assert first.json == second.json and stored == again == digest_of(world, first)


async def test_a_new_dev_guild_gets_the_commands(database_path: Path, world: World) -> None:
    [_], _ = await start(database_path, world)
    guild = Settings(discord_token=FAKE_TOKEN, dev_guild_id=4242)
    [there], stored = await start(database_path, world, guild)
    assert there.path == GUILD_COMMANDS and "4242" in there.url
    assert stored == digest_of(world, there, 4242)
    assert await start(database_path, world, guild) == ([], stored)
