"""Builders for the raw JSON Discord sends and returns, shaped as in API v10.

These are plain dicts on purpose: the harness feeds them to discord.py's own parsers, so a
test exercises the same code paths as production. Keep them close to real payloads; add a
field here (not in a test) when a parser starts to need it.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from tests.harness.limits import iter_components

if TYPE_CHECKING:
    from tests.harness.world import World

__all__ = [
    "DEFAULT_APP_PERMISSIONS",
    "DEFAULT_MEMBER_PERMISSIONS",
    "channel_payload",
    "component_payload",
    "focus",
    "interaction_payload",
    "iso",
    "member_payload",
    "message_payload",
    "modal_payload",
    "slash_payload",
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
        "attachments": attachments_payload(message_id, body.get("attachments")),
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


def attachments_payload(message_id: int, sent: Any) -> list[dict[str, Any]]:
    """The attachments Discord stores for the `attachments` a bot sent with its files
    (discord.py sends only an id and a file name per file)."""
    stored = []
    for index, item in enumerate(sent or []):
        if "size" in item:  # an attachment kept from before (an edit)
            stored.append(dict(item))
            continue
        name = str(item.get("filename") or "file")
        url = f"https://cdn.discordapp.com/attachments/{message_id}/{index}/{name}"
        stored.append(
            {
                "id": str(message_id + index + 1),
                "filename": name,
                "size": 0,
                "url": url,
                "proxy_url": url,
            }
        )
    return stored


# --------------------------------------------------------------------------- interactions
# INTERACTION_CREATE payloads as Discord sends them, for the world's guild and users.


def slash_payload(
    world: World,
    tree: app_commands.CommandTree[Any],
    command: str,
    options: Mapping[str, Any] | None = None,
    **context: Any,
) -> dict[str, Any]:
    """An INTERACTION_CREATE (type 2) for a chat-input command; options are typed from
    the command registered in ``tree`` (user/channel options accept ids and get resolved
    data)."""
    path = command.strip().lstrip("/").split()
    payload = interaction_payload(world, 2, **context)
    resolved: dict[str, dict[str, Any]] = {}
    built = _options(world, tree, path, options or {}, resolved, payload)
    for name in reversed(path[1:]):
        is_group = built is not None and any(o["type"] == 1 for o in built)
        built = [{"name": name, "type": 2 if is_group else 1, "options": built or []}]
    data: dict[str, Any] = {"id": str(world.snowflake()), "name": path[0], "type": 1}
    if built:
        data["options"] = built
    if resolved:
        data["resolved"] = resolved
    payload["data"] = data
    return payload


def focus(payload: dict[str, Any], focused: str) -> dict[str, Any]:
    """A slash payload turned into an autocomplete (type 4) for the option ``focused``."""
    payload["type"] = 4
    for option in _leaf_options(payload["data"]):
        if option["name"] == focused:
            option["focused"] = True
    return payload


def component_payload(
    world: World,
    custom_id: str,
    target: Mapping[str, Any],
    *,
    values: Sequence[str] | None = None,
    **context: Any,
) -> dict[str, Any]:
    """A click on (or a choice in) the component ``custom_id`` of the message ``target``."""
    component = next(
        (c for c in iter_components(target["components"]) if c.get("custom_id") == custom_id),
        None,
    )
    component_type = component["type"] if component else (3 if values is not None else 2)
    context.setdefault("channel", int(target["channel_id"]))
    payload = interaction_payload(world, 3, **context)
    payload["message"] = json.loads(json.dumps(target))  # as Discord sends it
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
    if values is not None:
        data["values"] = list(values)
    payload["data"] = data
    return payload


def modal_payload(
    world: World, custom_id: str, fields: Mapping[str, str], **context: Any
) -> dict[str, Any]:
    payload = interaction_payload(world, 5, **context)
    rows = [
        {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
        for key, value in fields.items()
    ]
    payload["data"] = {"custom_id": custom_id, "components": rows}
    return payload


def interaction_payload(
    world: World,
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
        "app_permissions": str((app_permissions or DEFAULT_APP_PERMISSIONS).value),
    }
    if dm:
        payload["user"] = user_payload(user_id, name)
        payload["channel"] = {"id": str(channel_id), "type": 1, "recipients": []}
        payload["channel_id"] = str(channel_id)
        payload["context"] = 1
        payload["authorizing_integration_owners"] = {"1": str(user_id)}
        return payload
    channel_data = world.channels.setdefault(
        channel_id, channel_payload(channel_id, world.guild_id)
    )
    payload.update(
        guild_id=str(world.guild_id),
        guild_locale=guild_locale,
        guild={"id": str(world.guild_id), "locale": guild_locale, "features": []},
        channel_id=str(channel_id),
        channel=copy.deepcopy(channel_data),
        context=0,
        authorizing_integration_owners={"0": str(world.guild_id)},
        member=member_payload(
            user_id,
            name,
            joined_at=moment - dt.timedelta(days=30),
            permissions=permissions or DEFAULT_MEMBER_PERMISSIONS,
        ),
    )
    return payload


def _options(
    world: World,
    tree: app_commands.CommandTree[Any],
    path: list[str],
    values: Mapping[str, Any],
    resolved: dict[str, dict[str, Any]],
    payload: dict[str, Any],
) -> list[dict[str, Any]] | None:
    command = _find_command(world, tree, path)
    params: dict[str, app_commands.Parameter] = {}
    if command is not None:
        for parameter in command.parameters:
            params[parameter.name] = params[parameter.display_name] = parameter
    built = []
    for key, value in values.items():
        param = params.get(key)
        option_type = param.type.value if param else _infer_option_type(value)
        name = param.display_name if param else key
        built.append(_option(world, name, option_type, value, resolved, payload))
    return built or None


def _find_command(
    world: World, tree: app_commands.CommandTree[Any], path: list[str]
) -> app_commands.Command[Any, ..., Any] | None:
    found: Any = tree.get_command(path[0]) or tree.get_command(
        path[0], guild=discord.Object(world.guild_id)
    )
    for name in path[1:]:
        found = found.get_command(name) if isinstance(found, app_commands.Group) else None
    return found if isinstance(found, app_commands.Command) else None


def _option(
    world: World,
    name: str,
    option_type: int,
    value: Any,
    resolved: dict[str, dict[str, Any]],
    payload: dict[str, Any],
) -> dict[str, Any]:
    value = getattr(value, "value", value)  # Choice / Enum
    if option_type == 6:  # user
        user_id = int(getattr(value, "id", value))
        user_name = world.users.setdefault(user_id, f"user{user_id % 10_000}")
        resolved.setdefault("users", {})[str(user_id)] = user_payload(user_id, user_name)
        if "member" in payload:
            member = member_payload(user_id, user_name, joined_at=world.now)
            member.pop("user")
            resolved.setdefault("members", {})[str(user_id)] = member
        value = str(user_id)
    elif option_type == 7:  # channel
        channel_id = int(getattr(value, "id", value))
        channel = dict(
            world.channels.get(channel_id) or channel_payload(channel_id, world.guild_id)
        )
        channel["permissions"] = str(DEFAULT_MEMBER_PERMISSIONS.value)
        resolved.setdefault("channels", {})[str(channel_id)] = channel
        value = str(channel_id)
    elif option_type in (8, 9, 11):
        raise NotImplementedError(f"option type {option_type} is not built by the harness yet")
    return {"name": name, "type": option_type, "value": value}


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
