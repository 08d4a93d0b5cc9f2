"""The call recorder of the offline harness: every HTTP request the bot makes, as Discord
would have received it.

Interaction replies reach it through `RecordingWebhookAdapter` (installed in place of
discord.py's webhook adapter), bot-token REST calls through `bot.http.request`. Each call
is recorded as a `Call`, answered by an override a test set or else by the `World`, and
the answer (with the message it created or edited) is kept on the call.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.harness.limits import EPHEMERAL, TEXT_DISPLAY, iter_components, message_body
from tests.harness.world import CALLBACK, HarnessError, World

__all__ = [
    "Call",
    "Dispatch",
    "Handler",
    "Recorder",
    "RecordingWebhookAdapter",
    "Snapshot",
    "shown_text",
]

Handler = Callable[["Call"], Any]


class Snapshot:
    """A value as it was when recorded, read back only if a test asks.

    Recording serialises to JSON, which is what Discord would have received (and cheaper
    than a deep copy); decoding waits for the first read, which most calls never get.
    """

    __slots__ = ("_text", "_value")

    def __init__(self, value: Any) -> None:
        self._text = None if value is None else json.dumps(value)
        self._value: Any = _UNREAD

    @property
    def value(self) -> Any:
        if self._value is _UNREAD:
            self._value = None if self._text is None else json.loads(self._text)
        return self._value


_UNREAD: Any = object()


@dataclass
class Call:
    """One HTTP request the bot made, as Discord would have received it."""

    seq: int
    via: str  # "webhook" (interaction token, no bot auth) or "rest" (bot token)
    method: str
    path: str  # discord.py's route template, e.g. "/channels/{channel_id}/messages"
    url: str
    sent: Snapshot  # the body as it went over the wire (read it as `json`)
    files: list[str] = field(default_factory=list)
    file_data: list[bytes] = field(default_factory=list)  # each file's bytes, as sent
    params: dict[str, Any] | None = None
    reason: str | None = None
    interaction_id: int | None = None
    answered: Snapshot = field(default_factory=lambda: Snapshot(None))  # read as `result`
    after: Snapshot = field(default_factory=lambda: Snapshot(None))  # read as `message`

    @property
    def json(self) -> Any:
        return self.sent.value

    @property
    def result(self) -> Any:
        """The body the fake Discord answered with."""
        return self.answered.value

    @property
    def message(self) -> dict[str, Any] | None:
        """The message this call created or edited, as it was right after the call."""
        value: dict[str, Any] | None = self.after.value
        return value

    @property
    def route(self) -> str:
        return f"{self.method} {self.path}"

    @property
    def callback_type(self) -> int | None:
        """Interaction response type (4 message, 5 defer, 6 deferred update, 7 update, 9 modal)."""
        return self.json.get("type") if self.path == CALLBACK else None

    @property
    def body(self) -> dict[str, Any]:
        return message_body(self)

    @property
    def content(self) -> str:
        return self.body.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.body.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.body.get("components") or [])

    @property
    def ephemeral(self) -> bool:
        flags = self.message["flags"] if self.message is not None else self.body.get("flags")
        return bool(int(flags or 0) & EPHEMERAL)

    @property
    def message_id(self) -> int | None:
        return int(self.message["id"]) if self.message is not None else None

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in iter_components(self.components) if c.get("type") == 2]

    def text(self) -> str:
        """Content, every embed string and every text display, for loose `in` assertions."""
        return shown_text(self.body)


@dataclass
class Dispatch:
    """The outcome of feeding one interaction: its replies and the REST calls it caused."""

    recorder: Recorder
    payload: dict[str, Any]
    first_seq: int
    end_seq: int

    @property
    def interaction_id(self) -> int:
        return int(self.payload["id"])

    @property
    def calls(self) -> list[Call]:
        return self.recorder.calls[self.first_seq : self.end_seq]

    @property
    def replies(self) -> list[Call]:
        """Every webhook call made with this interaction's id or token (so far)."""
        return self.recorder.replies_for(self.interaction_id)

    @property
    def rest(self) -> list[Call]:
        return [c for c in self.calls if c.via == "rest"]

    @property
    def response(self) -> Call:
        """The interaction callback; fails unless there is exactly one."""
        callbacks = [c for c in self.replies if c.path == CALLBACK]
        if len(callbacks) != 1:
            raise HarnessError(f"expected one interaction response, got {_describe(callbacks)}")
        return callbacks[0]

    @property
    def reply(self) -> Call:
        """The only webhook call of this interaction; fails unless there is exactly one."""
        replies = self.replies
        if len(replies) != 1:
            raise HarnessError(f"expected exactly one reply, got {_describe(replies)}")
        return replies[0]


def shown_text(message: Mapping[str, Any]) -> str:
    """What a message body says in words: its content, every embed string, and the text
    displays of a Components V2 message (with the alt text of its pictures), in order."""
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [(embed.get("footer") or {}).get("text") or ""]
        for f in embed.get("fields") or []:
            parts += [f.get("name") or "", f.get("value") or ""]
    for component in iter_components(message.get("components") or []):
        if component.get("type") == TEXT_DISPLAY:
            parts.append(component.get("content") or "")
        for item in component.get("items") or []:
            parts.append(item.get("description") or "")
    return "\n".join(p for p in parts if p)


def _describe(calls: Sequence[Call]) -> str:
    return f"{len(calls)}: " + ", ".join(c.route for c in calls) if calls else "none"


class Recorder:
    """Every call the bot made, in order; answers them through overrides or the world."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.calls: list[Call] = []
        self.overrides: dict[tuple[str, str], Handler] = {}

    def replies_for(self, interaction_id: int) -> list[Call]:
        return [c for c in self.calls if c.interaction_id == interaction_id]

    def rest_calls(self, method: str | None = None, path: str | None = None) -> list[Call]:
        return [
            c
            for c in self.calls
            if c.via == "rest" and method in (None, c.method) and path in (None, c.path)
        ]

    def override(self, method: str, path: str, handler: Handler | None) -> None:
        """Answer `method path` with `handler(call)` (return a body or raise `http_error`);
        None restores the default behaviour."""
        if handler is None:
            self.overrides.pop((method, path), None)
        else:
            self.overrides[(method, path)] = handler

    def record(self, via: str, route: Route, body: Any, files: Sequence[Any], **extra: Any) -> Call:
        call = Call(
            seq=len(self.calls),
            via=via,
            method=route.method,
            path=route.path,
            url=route.url,
            sent=Snapshot(body),
            files=[getattr(f, "filename", None) or "file" for f in files],
            file_data=[_bytes_of(f) for f in files],
            **extra,
        )
        self.calls.append(call)
        return call

    def on_webhook(
        self,
        route: Route,
        body: Any,
        files: Sequence[discord.File],
        params: dict[str, Any] | None,
        reason: str | None,
    ) -> Any:
        token = route.webhook_token
        record = self.world.interactions.get(token) if token else None
        interaction_id = record.id if record else None
        if route.path == CALLBACK:
            interaction_id = int(route.webhook_id) if route.webhook_id is not None else None
        call = self.record(
            "webhook",
            route,
            body,
            files,
            params=params,
            reason=reason,
            interaction_id=interaction_id,
        )
        override = self.overrides.get((call.method, call.path))
        if override is not None:
            result = override(call)
        else:
            result = self.world.answer_webhook(call, route, record)
        self.finish(call, result)
        return result

    async def on_rest(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        body = kwargs.get("json")
        if body is None and form is not None:
            body = _json_from_form(form)
        call = self.record(
            "rest",
            route,
            body,
            files or [],
            params=kwargs.get("params"),
            reason=kwargs.get("reason"),
        )
        override = self.overrides.get((call.method, call.path))
        result = override(call) if override is not None else self.world.answer_rest(call, route)
        self.finish(call, result)
        return result

    def finish(self, call: Call, result: Any) -> None:
        call.answered = Snapshot(result)
        message: Any = None
        if isinstance(result, Mapping):
            if "interaction" in result:  # an interaction callback response
                message_id = result["interaction"].get("response_message_id")
                message = self.world.messages.get(int(message_id)) if message_id else None
            elif "channel_id" in result and "content" in result:
                message = result
        call.after = Snapshot(message)


class RecordingWebhookAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter with the HTTP round trip replaced by the harness."""

    def __init__(self, recorder: Recorder) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self._recorder = recorder

    async def request(
        self,
        route: Route,
        session: Any,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        proxy: str | None = None,
        proxy_auth: Any = None,
        files: Sequence[discord.File] | None = None,
        reason: str | None = None,
        auth_token: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> Any:
        body = payload if payload is not None else _json_from_form(multipart)
        return self._recorder.on_webhook(route, body, files or [], params, reason)


def _json_from_form(form: Iterable[dict[str, Any]] | None) -> Any:
    for part in form or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


def _bytes_of(file: Any) -> bytes:
    """A discord.File's bytes, read without moving it (discord.py reads it to send)."""
    fp = getattr(file, "fp", None)
    getvalue = getattr(fp, "getvalue", None)
    return bytes(getvalue()) if callable(getvalue) else b""
