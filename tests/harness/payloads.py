"""Builders for the raw JSON Discord sends and returns, shaped as in API v10.

These are plain dicts on purpose: the harness feeds them to discord.py's own parsers, so a
test exercises the same code paths as production. Keep them close to real payloads; add a
field here (not in a test) when a parser starts to need it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import discord

__all__ = [
    "DEFAULT_APP_PERMISSIONS",
    "DEFAULT_MEMBER_PERMISSIONS",
    "channel_payload",
    "iso",
    "member_payload",
    "message_payload",
    "thread_payload",
    "user_payload",
]

# What a member usually has in a game channel, and what the bot needs to run tables there.
DEFAULT_MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    read_message_history=True,
    use_application_commands=True,
    embed_links=True,
    add_reactions=True,
)
DEFAULT_APP_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    manage_threads=True,
    read_message_history=True,
    embed_links=True,
    use_external_emojis=True,
)

TEXT_CHANNEL = 0
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12


def iso(moment: dt.datetime) -> str:
    return moment.isoformat()


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "global_name": name,
        "avatar": None,
        "public_flags": 0,
        "bot": bot,
    }


def member_payload(
    user_id: int,
    name: str,
    *,
    joined_at: dt.datetime,
    permissions: discord.Permissions = DEFAULT_MEMBER_PERMISSIONS,
    roles: list[int] | None = None,
) -> dict[str, Any]:
    """A guild member as embedded in an interaction (with resolved channel permissions)."""
    return {
        "user": user_payload(user_id, name),
        "nick": None,
        "avatar": None,
        "roles": [str(role) for role in roles or []],
        "joined_at": iso(joined_at),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
        "permissions": str(permissions.value),
    }


def channel_payload(channel_id: int, guild_id: int, *, name: str = "klaverjas") -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": TEXT_CHANNEL,
        "guild_id": str(guild_id),
        "name": name,
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def thread_payload(
    thread_id: int,
    parent_id: int,
    guild_id: int,
    *,
    name: str,
    owner_id: int,
    created_at: dt.datetime,
    thread_type: int = PUBLIC_THREAD,
    auto_archive_duration: int = 1440,
) -> dict[str, Any]:
    return {
        "id": str(thread_id),
        "type": thread_type,
        "guild_id": str(guild_id),
        "parent_id": str(parent_id),
        "owner_id": str(owner_id),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": auto_archive_duration,
            "archive_timestamp": iso(created_at),
            "locked": False,
            "create_timestamp": iso(created_at),
        },
    }


def message_payload(
    message_id: int,
    channel_id: int,
    *,
    author: dict[str, Any],
    created_at: dt.datetime,
    guild_id: int | None = None,
    body: dict[str, Any] | None = None,
    webhook_id: int | None = None,
    application_id: int | None = None,
) -> dict[str, Any]:
    """A message as Discord returns it, built from the body the bot sent."""
    body = body or {}
    message: dict[str, Any] = {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "type": 0,
        "author": author,
        "content": body.get("content") or "",
        "embeds": list(body.get("embeds") or []),
        "components": list(body.get("components") or []),
        "attachments": [],
        "flags": int(body.get("flags") or 0),
        "timestamp": iso(created_at),
        "edited_timestamp": None,
        "tts": bool(body.get("tts", False)),
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "pinned": False,
    }
    if guild_id is not None:
        message["guild_id"] = str(guild_id)
    if webhook_id is not None:
        message["webhook_id"] = str(webhook_id)
    if application_id is not None:
        message["application_id"] = str(application_id)
    return message
