"""The raw redraws (cogs/common/raw_messages.py) against discord.py's own calls, through the
harness's real discord.py objects: the same requests, the same state afterwards. These
pin the discord.py internals that module uses; a discord.py upgrade that moves them fails
here first."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest

from cogs.common.components import RenderedLayout
from cogs.common.raw_messages import edit_channel_message, edit_original, update_message
from cogs.tables.ui import public_payload, public_view
from cogs.tables.ui_hand import hand_payload
from tests.cogs.tables.tables_kit import Kit, StartHarness, start
from tests.harness.recorder import Call
from tests.harness.world import CALLBACK, CHANNEL_MESSAGE, ORIGINAL, http_error


async def _table_with_a_hand(kit: Kit) -> tuple[int, int, int]:
    """A started table of four humans; (table id, the first player, their hand message)."""
    users = [kit.world.add_user(name) for name in ("anna", "bob", "carl", "dave")]
    t = await kit.open(users[0])
    for seat, user in enumerate(users[1:], start=1):
        await kit.click(f"kj:sit:{t}:{seat}", user)
    await kit.click(f"kj:start:{t}", users[0])
    hand = await kit.hand(t, users[0])
    assert hand.message_id is not None
    return t, users[0], hand.message_id


def _click(kit: Kit, t: int, user: int, message_id: int) -> discord.Interaction[Any]:
    """A Refresh click on the hand message, as discord.py builds it (not dispatched)."""
    payload = kit.harness.component_payload(f"kj:refresh:{t}", message=message_id, user=user)
    kit.world.remember_interaction(payload)
    return discord.Interaction(data=payload, state=kit.bot._connection)  # type: ignore[arg-type]


def _no_tts(message: dict[str, Any]) -> dict[str, Any]:
    """discord.py sends `tts: false` with every edit; Discord ignores it there."""
    return {k: v for k, v in message.items() if k != "tts"}


def _last(kit: Kit, path: str) -> Call:
    return [c for c in kit.harness.calls if c.path == path][-1]


async def test_the_raw_redraws_send_what_discord_py_sends(make_harness: StartHarness) -> None:
    kit = await start(make_harness)
    t, user, message_id = await _table_with_a_hand(kit)
    answer = kit.service.get(t)
    drawn = hand_payload(answer.public, answer.private(0), "en-US", "a note")
    view = RenderedLayout.of(drawn["components"])
    raw, public = _click(kit, t, user, message_id), _click(kit, t, user, message_id)

    # a V2 message that may replace an older one: content and embeds emptied, the V2 flag
    await public.response.edit_message(content=None, embed=None, view=view)
    theirs = _last(kit, CALLBACK)
    await update_message(raw, drawn)
    ours = _last(kit, CALLBACK)

    assert ours.json == {**theirs.json, "data": _no_tts(theirs.json["data"])}  # type 7 ...
    assert ours.url != theirs.url and ours.url.endswith(f"/{raw.id}/{raw.token}/callback")
    assert ours.message is not None and ours.message["components"] == drawn["components"]
    assert raw.response.is_done() and raw.response.type == public.response.type
    with pytest.raises(discord.InteractionResponded):
        await update_message(raw, drawn)

    await public.edit_original_response(content=None, embed=None, view=view)
    theirs = _last(kit, ORIGINAL)
    await edit_original(raw, drawn)
    ours = _last(kit, ORIGINAL)

    assert ours.json == _no_tts(theirs.json)
    assert ours.method == "PATCH" and ours.url.endswith(f"/{raw.token}/messages/@original")
    assert ours.message is not None and ours.message["id"] == str(message_id)


async def test_the_raw_table_edit_sends_what_discord_py_sends(make_harness: StartHarness) -> None:
    kit = await start(make_harness)
    t, _, _ = await _table_with_a_hand(kit)
    table = kit.service.get(t)
    message_id = int(kit.public(t)["id"])
    view = public_view(table, "en-US")
    channel = kit.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    quiet = discord.AllowedMentions.none()  # the opener named in the lobby is not pinged
    message = channel.get_partial_message(message_id)
    await message.edit(content=None, embed=None, view=view, allowed_mentions=quiet)
    theirs = _last(kit, CHANNEL_MESSAGE)
    await edit_channel_message(
        kit.bot, table.channel_id, message_id, public_payload(table, "en-US")
    )
    ours = _last(kit, CHANNEL_MESSAGE)

    assert ours.via == theirs.via == "rest"  # the bot token, counted by RequestStats
    assert (ours.method, ours.url) == (theirs.method, theirs.url)
    assert ours.json == _no_tts(theirs.json)
    assert kit.cog.requests.bot_token["PATCH"] >= 2


async def test_discord_errors_reach_the_caller_as_discord_py_raises_them(
    make_harness: StartHarness,
) -> None:
    kit = await start(make_harness)
    t, user, message_id = await _table_with_a_hand(kit)
    answer = kit.service.get(t)
    drawn = hand_payload(answer.public, answer.private(0), "en-US")

    def unknown(call: Call) -> Any:
        raise http_error(404, 10062, "Unknown interaction")

    kit.harness.override("POST", CALLBACK, unknown)
    kit.harness.override("PATCH", ORIGINAL, unknown)
    click = _click(kit, t, user, message_id)
    with pytest.raises(discord.NotFound):
        await update_message(click, drawn)
    assert not click.response.is_done()
    with pytest.raises(discord.NotFound):
        await edit_original(click, drawn)
    kit.harness.override("PATCH", CHANNEL_MESSAGE, unknown)
    with pytest.raises(discord.NotFound):
        await edit_channel_message(kit.bot, kit.world.channel_id, message_id, drawn)


async def test_a_raw_edit_with_a_file_sends_what_discord_py_sends(
    make_harness: StartHarness,
) -> None:
    kit = await start(make_harness)
    t, _, _ = await _table_with_a_hand(kit)
    table = kit.service.get(t)
    message_id = int(kit.public(t)["id"])
    channel = kit.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
    png = b"\x89PNG\r\n\x1a\n picture"

    def file() -> discord.File:
        return discord.File(io.BytesIO(png), "table.png", description="the table")

    await channel.get_partial_message(message_id).edit(attachments=[file()])
    theirs = _last(kit, CHANNEL_MESSAGE)
    body = {"attachments": [{"id": 0, "filename": "table.png", "description": "the table"}]}
    await edit_channel_message(kit.bot, table.channel_id, message_id, body, [file()])
    ours = _last(kit, CHANNEL_MESSAGE)

    assert ours.json == _no_tts(theirs.json)  # the payload_json part of the form
    assert ours.files == theirs.files == ["table.png"]
    assert ours.file_data == theirs.file_data == [png]
    assert ours.message is not None
    assert [a["filename"] for a in ours.message["attachments"]] == ["table.png"]
