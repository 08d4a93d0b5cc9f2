"""Assertions on what the bot sends, against the limits Discord enforces server-side.

Discord rejects an oversized payload with a 400 at run time, usually mid-game; these
checks move that failure into the test run. Numbers: Discord API docs (message, embed,
component and interaction-response resources), as of API v10. A message body recorded
with its route (a `Call`) is also checked against Discord's published API schema for that
request (`discord_schema.py`), and a Components V2 message (flag `IS_COMPONENTS_V2`)
against the rules the schema leaves out: at most 40 components and 4,000 characters of
text, no content or embeds, files it shows (`attachment://name`) sent with it or kept.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from tests.harness.discord_schema import schema_violations

__all__ = [
    "EPHEMERAL",
    "assert_ephemeral",
    "assert_not_ephemeral",
    "assert_within_discord_limits",
    "discord_limit_violations",
    "is_command_name",
    "iter_components",
    "message_body",
]

EPHEMERAL = 1 << 6
IS_COMPONENTS_V2 = 1 << 15

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
BUTTON_LABEL_MAX = 80
CUSTOM_ID_MAX = 100
SELECT_OPTIONS_MAX = 25
COMMAND_NAME_MAX = 32


def is_command_name(name: str) -> bool:
    """Discord's rule for command and option names (localised ones too): 1-32 characters,
    letters (any script, lowercase where the script has case), digits, `-`, `_` and `'`
    (the API's `^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`), so `mão` is fine and
    `Mão` or `meu lugar` is not."""
    return (
        1 <= len(name) <= COMMAND_NAME_MAX
        and name == name.lower()
        and all(ch.isalnum() or ch in "-_'" for ch in name)
    )


SELECT_PLACEHOLDER_MAX = 150
SELECT_OPTION_TEXT_MAX = 100
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000  # all text displays of one message together
TEXT_DISPLAY = 10
V2_TOP_LEVEL = frozenset({1, 9, 10, 12, 13, 14, 17})
MODAL_TITLE_MAX = 45
MODAL_LABEL_MAX = 45  # a label component's text, or a text input's own label
MODAL_DESCRIPTION_MAX = 100
TEXT_INPUT_PLACEHOLDER_MAX = 100
TEXT_INPUT_LENGTH_MAX = 4000
LABEL = 18
TEXT_INPUT = 4

BUTTON = 2
SELECTS = frozenset({3, 5, 6, 7, 8})
ACTION_ROW = 1
LINK_STYLE = 5
PREMIUM_STYLE = 6
# Interaction callback types whose "data" is a message body.
MESSAGE_CALLBACKS = frozenset({4, 5, 7})
MODAL_CALLBACK = 9


def message_body(payload: Any) -> dict[str, Any]:
    """The message-shaped part of a recorded call, a callback payload or a plain body."""
    payload = getattr(payload, "json", payload)
    if not isinstance(payload, Mapping):
        return {}
    data = payload.get("data")
    if "type" in payload and isinstance(data, Mapping):
        return dict(data)
    return dict(payload)


def assert_ephemeral(reply: Any) -> None:
    """Assert that the reply (a `Call` or payload) is, or edits, an ephemeral message."""
    flags = _effective_flags(reply)
    assert flags & EPHEMERAL, f"expected an ephemeral reply (flags & 64), got flags={flags}"


def assert_not_ephemeral(reply: Any) -> None:
    flags = _effective_flags(reply)
    assert not flags & EPHEMERAL, f"expected a public reply, got flags={flags}"


def _effective_flags(reply: Any) -> int:
    # Edits (callback 7, PATCH) carry no flags: ephemerality belongs to the edited message,
    # which the harness records on the call as `message` (the message after the call).
    message = getattr(reply, "message", None)
    if isinstance(message, Mapping):
        return int(message.get("flags") or 0)
    return int(message_body(reply).get("flags") or 0)


def assert_within_discord_limits(payload: Any) -> None:
    """Fail with every limit the payload (a `Call`, callback or message body) breaks."""
    problems = discord_limit_violations(payload)
    assert not problems, "payload breaks Discord limits:\n  " + "\n  ".join(problems)


def discord_limit_violations(payload: Any) -> list[str]:
    raw = getattr(payload, "json", payload)
    if isinstance(raw, Mapping) and raw.get("type") == MODAL_CALLBACK:
        return _modal_violations(raw.get("data") or {})
    body = message_body(payload)
    problems: list[str] = []
    content = body.get("content") or ""
    if len(content) > CONTENT_MAX:
        problems.append(f"content has {len(content)} characters (max {CONTENT_MAX})")
    problems += _embeds_violations(body.get("embeds") or [])
    v2 = bool(_flags_shown(payload, body) & IS_COMPONENTS_V2)
    problems += _components_violations(body.get("components") or [], v2=v2)
    if v2:
        problems += _v2_violations(body)
    problems += _attachment_violations(payload, body)
    request = _request_of(payload)
    if request is not None:
        problems += schema_violations(body, request)
    return problems


def _flags_shown(payload: Any, body: Mapping[str, Any]) -> int:
    """The flags the message has once sent: an edit that names none keeps the message's
    (the harness records the message after the call as `message`)."""
    if body.get("flags") is not None:
        return int(body["flags"])
    message = getattr(payload, "message", None)
    return int(message.get("flags") or 0) if isinstance(message, Mapping) else 0


_CALLBACK_REQUESTS = {4: "interaction", 5: "interaction", 7: "update"}


def _request_of(payload: Any) -> str | None:
    """Which request of `discord_schema.REQUESTS` a recorded call's body is; None for a
    body given alone, or a call that sends no message (threads, commands...)."""
    path, method = str(getattr(payload, "path", "")), str(getattr(payload, "method", ""))
    raw = getattr(payload, "json", None)
    if not path or not isinstance(raw, Mapping):
        return None
    if path == "/interactions/{webhook_id}/{webhook_token}/callback":
        return _CALLBACK_REQUESTS.get(int(raw.get("type") or 0))
    return {
        ("POST", "/channels/{channel_id}/messages"): "create",
        ("PATCH", "/channels/{channel_id}/messages/{message_id}"): "edit",
        ("POST", "/webhooks/{webhook_id}/{webhook_token}"): "webhook_create",
        ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"): "webhook_edit",
        ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): "webhook_edit",
    }.get((method, path))


def _v2_violations(body: Mapping[str, Any]) -> list[str]:
    """What Discord refuses in a Components V2 message beyond its schema."""
    problems = [
        f"{key} beside the IS_COMPONENTS_V2 flag"
        for key in ("content", "embeds", "poll", "sticker_ids")
        if body.get(key)
    ]
    components = body.get("components") or []
    problems += [
        f"component type {c.get('type')} at the top of a V2 message"
        for c in components
        if c.get("type") not in V2_TOP_LEVEL
    ]
    text = sum(
        len(c.get("content") or "")
        for c in iter_components(components)
        if c.get("type") == TEXT_DISPLAY
    )
    if text > V2_TEXT_MAX:
        problems.append(f"text displays hold {text} characters (max {V2_TEXT_MAX})")
    return problems


def _attachment_violations(payload: Any, body: Mapping[str, Any]) -> list[str]:
    """Every `attachment://name` the body shows names a file of the message: one sent with
    this request, or one the message keeps (checked where the call's message is known)."""
    message = getattr(payload, "message", None)
    if not isinstance(message, Mapping):
        return []
    kept = {a.get("filename") for a in message.get("attachments") or []}
    return [
        f"{url} names no file of the message (it has {sorted(n for n in kept if n)})"
        for url in _attachment_urls(body)
        if url.removeprefix("attachment://") not in kept
    ]


def _attachment_urls(body: Mapping[str, Any]) -> list[str]:
    urls = []
    for component in iter_components(body.get("components") or []):
        for item in component.get("items") or []:
            urls.append((item.get("media") or {}).get("url") or "")
        media = component.get("media") or component.get("file")
        if isinstance(media, Mapping):
            urls.append(media.get("url") or "")
    for embed in body.get("embeds") or []:
        for key in ("image", "thumbnail"):
            urls.append((embed.get(key) or {}).get("url") or "")
    return [url for url in urls if url.startswith("attachment://")]


def _too_long(what: str, value: Any, limit: int) -> list[str]:
    text = value or ""
    if len(text) > limit:
        return [f"{what} has {len(text)} characters (max {limit})"]
    return []


def _embeds_violations(embeds: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"{len(embeds)} embeds (max {EMBEDS_MAX})")
    total = 0
    for i, embed in enumerate(embeds):
        where = f"embed[{i}]"
        title, description = embed.get("title") or "", embed.get("description") or ""
        footer = (embed.get("footer") or {}).get("text") or ""
        author = (embed.get("author") or {}).get("name") or ""
        problems += _too_long(f"{where}.title", title, EMBED_TITLE_MAX)
        problems += _too_long(f"{where}.description", description, EMBED_DESCRIPTION_MAX)
        problems += _too_long(f"{where}.footer.text", footer, EMBED_FOOTER_MAX)
        problems += _too_long(f"{where}.author.name", author, EMBED_AUTHOR_MAX)
        total += len(title) + len(description) + len(footer) + len(author)
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            problems.append(f"{where} has {len(fields)} fields (max {EMBED_FIELDS_MAX})")
        for j, field in enumerate(fields):
            name, value = field.get("name") or "", field.get("value") or ""
            if not name or not value:
                problems.append(f"{where}.fields[{j}] has an empty name or value")
            problems += _too_long(f"{where}.fields[{j}].name", name, EMBED_FIELD_NAME_MAX)
            problems += _too_long(f"{where}.fields[{j}].value", value, EMBED_FIELD_VALUE_MAX)
            total += len(name) + len(value)
    if total > EMBED_TOTAL_MAX:
        problems.append(f"embeds total {total} characters (max {EMBED_TOTAL_MAX})")
    return problems


def iter_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, through rows, containers, sections and labels."""
    for component in components:
        yield component
        yield from iter_components(component.get("components") or [])
        accessory = component.get("accessory")
        if isinstance(accessory, Mapping):
            yield dict(accessory)
        inner = component.get("component")
        if isinstance(inner, Mapping):
            yield dict(inner)


def _components_violations(components: list[dict[str, Any]], *, v2: bool) -> list[str]:
    problems: list[str] = []
    everything = list(iter_components(components))
    if v2:
        if len(everything) > V2_COMPONENTS_MAX:
            problems.append(f"{len(everything)} components (max {V2_COMPONENTS_MAX})")
    else:
        problems += _rows_violations(components)
    seen: set[str] = set()
    for component in everything:
        problems += _component_violations(component)
        custom_id = component.get("custom_id")
        if custom_id is not None:
            if custom_id in seen:
                problems.append(f"custom_id {custom_id!r} is used twice in one message")
            seen.add(custom_id)
    return problems


def _rows_violations(rows: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(rows) > ACTION_ROWS_MAX:
        problems.append(f"{len(rows)} action rows (max {ACTION_ROWS_MAX})")
    for i, row in enumerate(rows):
        if row.get("type") != ACTION_ROW:
            problems.append(f"top-level component {i} is not an action row")
            continue
        children = row.get("components") or []
        buttons = [c for c in children if c.get("type") == BUTTON]
        selects = [c for c in children if c.get("type") in SELECTS]
        if len(buttons) > BUTTONS_PER_ROW_MAX:
            problems.append(f"row {i} has {len(buttons)} buttons (max {BUTTONS_PER_ROW_MAX})")
        if selects and len(children) > 1:
            problems.append(f"row {i} mixes a select menu with other components")
        if not children:
            problems.append(f"row {i} is empty")
    return problems


def _component_violations(component: dict[str, Any]) -> list[str]:
    kind = component.get("type")
    custom_id = component.get("custom_id")
    problems = _too_long(f"custom_id {custom_id!r}", custom_id, CUSTOM_ID_MAX)
    if kind == BUTTON:
        label = component.get("label")
        problems += _too_long(f"button label {label!r}", label, BUTTON_LABEL_MAX)
        style = component.get("style")
        if style not in (LINK_STYLE, PREMIUM_STYLE) and not custom_id:
            problems.append(f"button {label!r} has no custom_id")
        if not label and not component.get("emoji") and style != PREMIUM_STYLE:
            problems.append("button has neither label nor emoji")
    elif kind in SELECTS:
        problems += _select_violations(component)
    return problems


def _select_violations(select: dict[str, Any]) -> list[str]:
    where = f"select {select.get('custom_id')!r}"
    problems = _too_long(f"{where} placeholder", select.get("placeholder"), SELECT_PLACEHOLDER_MAX)
    options = select.get("options") or []
    if len(options) > SELECT_OPTIONS_MAX:
        problems.append(f"{where} has {len(options)} options (max {SELECT_OPTIONS_MAX})")
    for option in options:
        for key in ("label", "value", "description"):
            problems += _too_long(f"{where} option {key}", option.get(key), SELECT_OPTION_TEXT_MAX)
    for key in ("min_values", "max_values"):
        value = select.get(key)
        if value is not None and not 0 <= int(value) <= SELECT_OPTIONS_MAX:
            problems.append(f"{where} {key}={value} (must be 0..{SELECT_OPTIONS_MAX})")
    return problems


def _modal_violations(data: Mapping[str, Any]) -> list[str]:
    problems = _too_long("modal title", data.get("title"), MODAL_TITLE_MAX)
    problems += _too_long("modal custom_id", data.get("custom_id"), CUSTOM_ID_MAX)
    components = data.get("components") or []
    if len(components) > ACTION_ROWS_MAX:
        problems.append(f"modal has {len(components)} components (max {ACTION_ROWS_MAX})")
    for component in iter_components(components):
        problems += _too_long(
            f"modal custom_id {component.get('custom_id')!r}",
            component.get("custom_id"),
            CUSTOM_ID_MAX,
        )
        kind = component.get("type")
        if kind == LABEL:
            problems += _too_long("modal label", component.get("label"), MODAL_LABEL_MAX)
            problems += _too_long(
                "modal label description", component.get("description"), MODAL_DESCRIPTION_MAX
            )
        if kind == TEXT_INPUT:
            problems += _text_input_violations(component)
    return problems


def _text_input_violations(text: Mapping[str, Any]) -> list[str]:
    where = f"text input {text.get('custom_id')!r}"
    problems = _too_long(f"{where} label", text.get("label"), MODAL_LABEL_MAX)
    problems += _too_long(
        f"{where} placeholder", text.get("placeholder"), TEXT_INPUT_PLACEHOLDER_MAX
    )
    problems += _too_long(f"{where} value", text.get("value"), TEXT_INPUT_LENGTH_MAX)
    for key in ("min_length", "max_length"):
        value = text.get(key)
        if value is not None and not 0 <= int(value) <= TEXT_INPUT_LENGTH_MAX:
            problems.append(f"{where} {key}={value} (must be 0..{TEXT_INPUT_LENGTH_MAX})")
    if not text.get("custom_id"):
        problems.append(f"{where} has no custom_id")
    return problems
