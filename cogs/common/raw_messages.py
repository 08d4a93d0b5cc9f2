"""Message edits sent as Discord's JSON, without discord.py building or parsing messages.

A click on a hand is answered by redrawing that hand, the next player's hand is redrawn
through the token that drew it, and the table's public message is edited with the bot
token: about three requests a click whose answers the bot never reads. discord.py's
public calls (`InteractionResponse.edit_message`, `Interaction.edit_original_response`,
`PartialMessage.edit`) build a `Message` from every answer (asking Discord to send it
back, for the first), after an `Embed` and a `View` object per request; at busy tables
that was the largest part of a click's CPU the bot could still cut (docs/benchmarks.md).
These functions send the same requests with JSON the caller drew, through discord.py's
own HTTP layers (its rate-limit handling and its errors: `NotFound`, `Forbidden`,
`HTTPException` as before), and read nothing back.

This is the one module that leans on discord.py internals: the webhook adapter
(`discord.webhook.async_.async_context`), the interaction's HTTP session and proxy
settings, the response's `_response_type` (so `response.is_done()` is true after an
answer, as after `edit_message`), and `Client.http.request` for bot-token requests (a
multipart form as discord.py builds one when an edit uploads a file).
tests/cogs/common/test_raw_messages.py pins that the requests equal discord.py's own
through the harness's real discord.py objects; a discord.py upgrade that breaks them
fails there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord.http import Route
from discord.webhook import async_ as webhook_async

__all__ = ["Message", "edit_channel_message", "edit_original", "update_message"]

Message = dict[str, Any]  # a message's JSON: "embeds", "components", "content"...

_CALLBACK = "/interactions/{webhook_id}/{webhook_token}/callback"
_ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
_CHANNEL_MESSAGE = "/channels/{channel_id}/messages/{message_id}"
_UPDATE = discord.InteractionResponseType.message_update


async def update_message(interaction: discord.Interaction[Any], message: Message) -> None:
    """Answer a component click by editing the clicked message (what
    `interaction.response.edit_message` does), with the bot's default allowed mentions."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    route = Route("POST", _CALLBACK, webhook_id=interaction.id, webhook_token=interaction.token)
    data = _with_mentions(interaction, message)
    await _request(interaction, route, {"type": _UPDATE.value, "data": data})
    response._response_type = _UPDATE  # noqa: SLF001 -- is_done(), as after edit_message


async def edit_original(interaction: discord.Interaction[Any], message: Message) -> None:
    """Edit the message that answered `interaction` (what
    `interaction.edit_original_response` does), valid while its token lives (15 min)."""
    route = Route(
        "PATCH",
        _ORIGINAL,
        webhook_id=interaction.application_id,
        webhook_token=interaction.token,
    )
    await _request(interaction, route, _with_mentions(interaction, message))


async def edit_channel_message(
    client: discord.Client,
    channel_id: int,
    message_id: int,
    message: Message,
    files: Sequence[discord.File] = (),
) -> None:
    """Edit one of the bot's messages with the bot token (what `PartialMessage.edit` does
    without new content: no allowed mentions are sent). With `files`, one multipart
    request uploads them as `message` lists them in its "attachments" (what
    `PartialMessage.edit(attachments=...)` sends)."""
    route = Route("PATCH", _CHANNEL_MESSAGE, channel_id=channel_id, message_id=message_id)
    if not files:
        await client.http.request(route, json=message)
        return
    form: list[dict[str, Any]] = [
        {"name": "payload_json", "value": discord.utils._to_json(message)}
    ]
    form += [
        {
            "name": f"files[{index}]",
            "value": file.fp,
            "filename": file.filename,
            "content_type": "application/octet-stream",
        }
        for index, file in enumerate(files)
    ]
    await client.http.request(route, form=form, files=files)


def _with_mentions(interaction: discord.Interaction[Any], message: Message) -> Message:
    """The bot's default allowed mentions, as discord.py adds them to every message."""
    mentions = interaction.client.allowed_mentions
    if mentions is None or "allowed_mentions" in message:
        return message
    return {**message, "allowed_mentions": mentions.to_dict()}


async def _request(interaction: discord.Interaction[Any], route: Route, payload: Message) -> None:
    adapter = webhook_async.async_context.get()
    http = interaction._state.http  # noqa: SLF001 -- the proxy settings discord.py uses
    await adapter.request(
        route,
        session=interaction._session,  # noqa: SLF001
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        payload=payload,
    )
