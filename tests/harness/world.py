"""The fake Discord of the offline harness: what Discord remembers, and how it answers.

`World` holds the guild, channels, users, messages and interaction tokens, shared by
successive bot processes (a restart test passes it to a second `Harness`). It answers the
HTTP calls the recorder hands it (`answer_webhook`, `answer_rest`) the way Discord does,
including the rules that bite in production: a 3 s window to answer an interaction,
15-minute interaction tokens, ephemeral messages editable only through their own token.
See docs/discord-harness.md.
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import itertools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import discord
from discord.http import Route
from discord.utils import time_snowflake

from tests.harness import payloads
from tests.harness.limits import EPHEMERAL, IS_COMPONENTS_V2, iter_components

if TYPE_CHECKING:
    from tests.harness.recorder import Call

__all__ = [
    "APPLICATION_EMOJIS",
    "CALLBACK",
    "CHANNEL",
    "CHANNEL_MESSAGE",
    "CHANNEL_MESSAGES",
    "FAKE_TOKEN",
    "GLOBAL_COMMANDS",
    "GUILD_COMMANDS",
    "ORIGINAL",
    "HarnessError",
    "InteractionRecord",
    "World",
    "http_error",
]

# Shaped like a real token so Settings validation accepts it; it authenticates nothing.
FAKE_TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAwMA.GhArNs.offline-harness-token-not-a-secret"

_FIXED_EPOCH = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
APPLICATION_ID = time_snowflake(_FIXED_EPOCH) + 1
BOT_USER_ID = APPLICATION_ID  # for bots created since 2017, the user id is the application id
GUILD_ID = time_snowflake(_FIXED_EPOCH) + 2
CHANNEL_ID = time_snowflake(_FIXED_EPOCH) + 3
DEFAULT_USER_ID = time_snowflake(_FIXED_EPOCH) + 4

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
THREAD_MEMBER = "/channels/{channel_id}/thread-members/{user_id}"
GUILD_MEMBER = "/guilds/{guild_id}/members/{member_id}"
GUILD_COMMANDS = "/applications/{application_id}/guilds/{guild_id}/commands"
GLOBAL_COMMANDS = "/applications/{application_id}/commands"
APPLICATION_EMOJIS = "/applications/{application_id}/emojis"
APPLICATION_EMOJI = "/applications/{application_id}/emojis/{emoji_id}"

# Discord's rules for an emoji upload (Create Application Emoji): a 2-32 character name of
# letters, digits and underscores, an image as a data URI of at most 256 KiB, 2,000 a app.
EMOJI_NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
EMOJI_DATA_URI = re.compile(r"data:image/(png|jpeg|gif|webp|avif);base64,(.*)", re.DOTALL)
EMOJI_MAX_BYTES = 256 * 1024
APPLICATION_EMOJI_LIMIT = 2000

# Interaction callback types (Discord API "interaction response types").
CHANNEL_MESSAGE_WITH_SOURCE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
LOADING = 1 << 7


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


def unknown_message() -> discord.HTTPException:
    return http_error(404, 10008, "Unknown Message")


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
        self.thread_members: dict[int, set[int]] = {}  # thread -> users added to it
        self.deleted_messages: dict[int, dict[str, Any]] = {}
        self.interactions: dict[str, InteractionRecord] = {}
        self.message_tokens: dict[int, set[str]] = {}
        # The application's commands as Discord holds them, by route (global or a guild's
        # url): an overwrite keeps the id of a command whose name it names again.
        self.commands: dict[str, list[dict[str, Any]]] = {}
        self.application_emojis: dict[int, dict[str, Any]] = {}  # by id, as Discord keeps them
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
        _refuse_v2_with_text(message)
        message_id = int(message["id"])
        self.messages[message_id] = message
        if token is not None:
            self.message_tokens.setdefault(message_id, set()).add(token)
        return message

    def edit_message(self, message_id: int, body: Mapping[str, Any]) -> dict[str, Any]:
        """Apply an edit; a refused one (raised as Discord answers it) changes nothing."""
        message = self.messages.get(message_id)
        if message is None:
            raise unknown_message()
        edited = dict(message)
        for key in ("content", "embeds", "components", "attachments", "poll"):
            if key in body:
                edited[key] = body[key] if body[key] is not None else _EMPTY[key]
        if body.get("attachments"):
            edited["attachments"] = payloads.attachments_payload(message_id, body["attachments"])
        if "flags" in body and body["flags"] is not None:
            # Only some flags may change on edit; EPHEMERAL stays what it was, and
            # IS_COMPONENTS_V2 can be set but never unset.
            kept = message["flags"] & (EPHEMERAL | IS_COMPONENTS_V2)
            edited["flags"] = kept | (int(body["flags"]) & ~EPHEMERAL)
        edited["flags"] &= ~LOADING
        _refuse_v2_with_text(edited)
        edited["edited_timestamp"] = payloads.iso(self.now)
        message.update(edited)  # in place: whoever holds the stored message sees the edit
        return message

    def v2_message_with(self, custom_id: str) -> dict[str, Any]:
        """A Components V2 message in the default channel with one button (`custom_id`) in
        its box: a button clicked on a message of that kind."""
        button = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
        row = {"type": 1, "components": [button]}
        box = {"type": 17, "components": [{"type": 10, "content": "…"}, row]}
        return self.new_message(self.channel_id, {"flags": IS_COMPONENTS_V2, "components": [box]})

    def delete_message(self, message_id: int) -> None:
        message = self.messages.pop(message_id, None)
        if message is None:
            raise unknown_message()
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

    def remember_interaction(self, payload: Mapping[str, Any]) -> None:
        """Note an interaction's token as Discord does before the bot sees it."""
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
        self.interactions[record.token] = record
        if record.clicked_message_id is not None:
            # The click's token may edit the clicked message, ephemeral or not.
            self.message_tokens.setdefault(record.clicked_message_id, set()).add(record.token)

    # ---------------------------------------------------------------- answering webhooks

    def answer_webhook(self, call: Call, route: Route, record: InteractionRecord | None) -> Any:
        """Discord's answer to a call made with an interaction's token (or with none)."""
        if record is None:
            raise http_error(401, 50027, "Invalid Webhook Token")
        age = self.now - record.created_at
        if call.path == CALLBACK:
            if record.acknowledged:
                raise http_error(400, 40060, "Interaction has already been acknowledged.")
            if age > RESPONSE_WINDOW:
                raise http_error(404, 10062, "Unknown interaction")
            answer = self._answer_callback(call, record)  # raises when Discord refuses it
            record.acknowledged = True
            return answer
        if age > TOKEN_LIFETIME:
            raise http_error(401, 50027, "Invalid Webhook Token")
        return self._answer_webhook_message(call, route, record)

    def _answer_callback(self, call: Call, record: InteractionRecord) -> dict[str, Any]:
        kind = call.json["type"]
        data = call.json.get("data") or {}
        message: dict[str, Any] | None = None
        if kind == CHANNEL_MESSAGE_WITH_SOURCE:
            message = self.new_message(record.channel_id or 0, data, token=record.token)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = int(data.get("flags") or 0) | LOADING
            message = self.new_message(record.channel_id or 0, {"flags": flags}, token=record.token)
        elif kind == UPDATE_MESSAGE and record.clicked_message_id is not None:
            message = self.edit_message(record.clicked_message_id, data)
        elif kind == DEFERRED_UPDATE_MESSAGE and record.clicked_message_id is not None:
            message = self.messages.get(record.clicked_message_id)
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
            response["resource"] = {"type": kind, "message": wire_copy(message)}
        return response

    def _interaction_type(self, record: InteractionRecord) -> int:
        return 3 if record.clicked_message_id is not None else 2

    def _followup(self, call: Call, record: InteractionRecord) -> dict[str, Any]:
        # After a "thinking" defer, Discord turns the first followup into the original
        # response: it replaces the loading message and keeps the defer's ephemerality.
        original = self.messages.get(record.original_message_id or 0)
        if original is not None and original["flags"] & LOADING:
            return self.edit_message(int(original["id"]), call.json or {})
        return self.new_message(record.channel_id or 0, call.json or {}, token=record.token)

    def _answer_webhook_message(self, call: Call, route: Route, record: InteractionRecord) -> Any:
        if call.path == EXECUTE and call.method == "POST":  # followup
            return wire_copy(self._followup(call, record))
        if call.path == ORIGINAL:
            message_id = record.original_message_id
        elif call.path == WEBHOOK_MESSAGE:
            message_id = int(route.url.rsplit("/", 1)[-1])
            if record.token not in self.message_tokens.get(message_id, set()):
                raise unknown_message()
        else:
            return None
        if message_id is None or message_id not in self.messages:
            raise unknown_message()
        if call.method == "GET":
            return wire_copy(self.messages[message_id])
        if call.method == "PATCH":
            return wire_copy(self.edit_message(message_id, call.json or {}))
        if call.method == "DELETE":
            self.delete_message(message_id)
        return None

    # ---------------------------------------------------------------- answering REST

    def answer_rest(self, call: Call, route: Route) -> Any:
        """Discord's answer to a call made with the bot token."""
        world = self
        ids = _ids_in(route.url)
        key = (call.method, call.path)
        if key == ("POST", CHANNEL_MESSAGES):
            self._require_channel(ids[0])
            return wire_copy(world.new_message(ids[0], call.json or {}))
        if call.path == CHANNEL_MESSAGE:
            message = world.messages.get(ids[1])
            if message is None or int(message["channel_id"]) != ids[0]:
                raise unknown_message()
            if call.method == "GET":
                return wire_copy(message)
            if call.method == "PATCH":
                return wire_copy(world.edit_message(ids[1], call.json or {}))
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
                return wire_copy(world.channels.pop(ids[0]))
            return wire_copy(channel)
        if key in (("POST", THREADS), ("POST", MESSAGE_THREADS)):
            return wire_copy(self._create_thread(ids[0], call.json or {}))
        if key == ("PUT", THREAD_MEMBER):
            return self._add_thread_member(ids[0], ids[1])
        if key == ("GET", GUILD_MEMBER):
            return self._member(ids[1])
        if call.path in (GUILD_COMMANDS, GLOBAL_COMMANDS):
            return self._commands(call)
        if call.path in (APPLICATION_EMOJIS, APPLICATION_EMOJI):
            return self._application_emojis(call, ids)
        return None

    def _commands(self, call: Call) -> list[dict[str, Any]] | None:
        """Bulk overwrite (PUT) and list (GET) of the application's commands."""
        url = call.url.split("?")[0]
        if call.method == "GET":
            return wire_copy(self.commands.get(url, []))
        if call.method != "PUT":
            return None
        known = {command["name"]: command["id"] for command in self.commands.get(url, [])}
        self.commands[url] = [
            self._registered_command(command, known.get(command["name"]))
            for command in call.json or []
        ]
        return wire_copy(self.commands[url])

    def _add_thread_member(self, thread_id: int, user_id: int) -> None:
        """Add Thread Member: a thread's, for a user of the guild (204, no body)."""
        thread = self._require_channel(thread_id)
        if thread.get("thread_metadata") is None:
            raise http_error(400, 50024, "Cannot execute action on this channel type")
        self._member(user_id)
        self.thread_members.setdefault(thread_id, set()).add(user_id)

    # ---------------------------------------------------------------- application emojis

    def _application_emojis(self, call: Call, ids: list[int]) -> Any:
        """List, create and delete the application's emojis, checked as Discord does."""
        if ids[0] != self.application_id:
            raise http_error(403, 50001, "Missing Access")
        if call.path == APPLICATION_EMOJIS and call.method == "GET":
            return {"items": [wire_copy(e) for e in self.application_emojis.values()]}
        if call.path == APPLICATION_EMOJIS and call.method == "POST":
            return wire_copy(self._create_emoji(call.json or {}))
        deleted = call.path == APPLICATION_EMOJI and call.method == "DELETE"
        if deleted and self.application_emojis.pop(ids[1], None) is None:
            raise http_error(404, 10014, "Unknown Emoji")
        return None

    def _create_emoji(self, body: Mapping[str, Any]) -> dict[str, Any]:
        name, image = body.get("name"), body.get("image")
        if not isinstance(name, str) or not EMOJI_NAME.fullmatch(name):
            raise http_error(400, 50035, f"Invalid Form Body: name {name!r}")
        if any(e["name"] == name for e in self.application_emojis.values()):
            raise http_error(400, 50035, f"Invalid Form Body: name {name!r} already taken")
        if len(image_bytes(image)) > EMOJI_MAX_BYTES:
            raise http_error(400, 50045, "File cannot be larger than 256.0 kb")
        if len(self.application_emojis) >= APPLICATION_EMOJI_LIMIT:
            raise http_error(400, 30008, "Maximum number of emojis reached (2000)")
        emoji_id = self.snowflake()
        self.application_emojis[emoji_id] = {
            "id": str(emoji_id),
            "name": name,
            "roles": [],
            "user": payloads.user_payload(self.bot_user_id, "Klaverjas", bot=True),
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
        }
        return self.application_emojis[emoji_id]

    def _member(self, user_id: int) -> dict[str, Any]:
        """Get Guild Member: every user the world knows is a member of its one guild."""
        name = self.users.get(user_id)
        if name is None:
            raise http_error(404, 10007, "Unknown Member")
        return payloads.member_payload(user_id, name, joined_at=_FIXED_EPOCH)

    def _require_channel(self, channel_id: int) -> dict[str, Any]:
        channel = self.channels.get(channel_id)
        if channel is None:
            raise http_error(404, 10003, "Unknown Channel")
        return channel

    def _create_thread(self, parent_id: int, body: Mapping[str, Any]) -> dict[str, Any]:
        parent = self._require_channel(parent_id)
        thread_id = self.snowflake()
        thread = payloads.thread_payload(
            thread_id,
            parent_id,
            int(parent["guild_id"]),
            name=body.get("name", "thread"),
            owner_id=self.bot_user_id,
            created_at=self.now,
            thread_type=int(body.get("type") or payloads.PUBLIC_THREAD),
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        self.channels[thread_id] = thread
        return thread

    def _registered_command(
        self, command: Mapping[str, Any], known: str | None = None
    ) -> dict[str, Any]:
        return {
            "id": known or str(self.snowflake()),
            "application_id": str(self.application_id),
            "version": str(self.snowflake()),
            "default_member_permissions": None,
            "type": 1,
            **command,
        }


def _refuse_v2_with_text(message: Mapping[str, Any]) -> None:
    """Discord's 400 for a Components V2 message that would keep content or embeds (an
    older message turned into a V2 one must empty them in the same edit)."""
    if message["flags"] & IS_COMPONENTS_V2 and (message["content"] or message["embeds"]):
        raise http_error(400, 50035, "Invalid Form Body: content or embeds with components v2")


def image_bytes(image: Any) -> bytes:
    """The bytes of an image sent as a data URI; 400 when it is not one Discord reads."""
    match = EMOJI_DATA_URI.fullmatch(image) if isinstance(image, str) else None
    if match is None:
        raise http_error(400, 50035, "Invalid Form Body: image is not a data URI")
    try:
        data = base64.b64decode(match.group(2), validate=True)
    except binascii.Error:
        raise http_error(400, 50035, "Invalid Form Body: image is not base64") from None
    if match.group(1) == "png" and not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise http_error(400, 50035, "Invalid Form Body: image is not a PNG")
    return data


def wire_copy(value: Any) -> Any:
    """An independent copy, as a body that crossed the wire (JSON) would be: faster than a
    deep copy, and it also fails on anything Discord could not have sent."""
    return json.loads(json.dumps(value))


def _ids_in(url: str) -> list[int]:
    return [int(part) for part in url.split("?")[0].split("/") if part.isdigit()]


_EMPTY: dict[str, Any] = {
    "content": "",
    "embeds": [],
    "components": [],
    "attachments": [],
    "poll": None,
}
