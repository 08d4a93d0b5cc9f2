"""Message bodies checked against Discord's published API schema.

`discord_api_schema.json` beside this file holds the request schemas of the endpoints the
bot sends messages through, and every schema they refer to, taken unchanged from the
OpenAPI document of github.com/discord/discord-api-spec (`specs/openapi.json`). Refresh it
with

    .venv/bin/python -m tests.harness.discord_schema path/to/openapi.json

`schema_violations(body, request)` names every way a body breaks the schema of `request`
(one of `REQUESTS`): a component type Discord does not know at that place, a text or list
over its length, a missing required field. The schema does not say everything: the limits
it leaves out (a V2 message's 40 components and 4,000 characters of text, no content or
embeds beside the V2 flag) are in `limits.py`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs

__all__ = ["REQUESTS", "extract", "schema_violations"]

SCHEMA_FILE = Path(__file__).with_name("discord_api_schema.json")
SOURCE = "github.com/discord/discord-api-spec, specs/openapi.json (MIT licence)"

# What each way of sending a message is checked against (the spec's schema names).
REQUESTS = {
    "create": "MessageCreateRequest",  # POST /channels/{id}/messages
    "edit": "MessageEditRequestPartial",  # PATCH /channels/{id}/messages/{id}
    "interaction": "IncomingWebhookInteractionRequest",  # callback 4/5 "data"
    "update": "IncomingWebhookUpdateForInteractionCallbackRequestPartial",  # callback 7 "data"
    "webhook_edit": "IncomingWebhookUpdateRequestPartial",  # PATCH webhook messages
    "webhook_create": "IncomingWebhookRequestPartial",  # POST followups
}
_PREFIX = "#/components/schemas/"
_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_NUMBER_ID = {"type": "integer", "minimum": 0}


def extract(spec: Mapping[str, Any]) -> dict[str, Any]:
    """The schemas of `REQUESTS` and every schema they refer to, from the whole spec."""
    schemas = spec["components"]["schemas"]
    kept: dict[str, Any] = {}
    todo = list(REQUESTS.values())
    while todo:
        name = todo.pop()
        if name in kept:
            continue
        kept[name] = schemas[name]
        todo += _refs(schemas[name])
    origin = f"{spec['info']['title']}, API v{spec['info']['version']}: {SOURCE}"
    return {"$comment": origin, "components": {"schemas": dict(sorted(kept.items()))}}


def _refs(node: Any) -> list[str]:
    if isinstance(node, Mapping):
        found = [node["$ref"].removeprefix(_PREFIX)] if "$ref" in node else []
        return found + [name for value in node.values() for name in _refs(value)]
    if isinstance(node, list):
        return [name for value in node for name in _refs(value)]
    return []


@cache
def _validators() -> dict[str, Any]:
    document = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    schemas = {
        k: _direct(v, document["components"]["schemas"])
        for k, v in document["components"]["schemas"].items()
    }
    # Discord reads a snowflake sent as a number too: discord.py sends a new file's id as
    # its index (`"attachments": [{"id": 0, ...}]`), which the spec's string type refuses.
    schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"], _NUMBER_ID]}
    return {
        request: jsonschema_rs.validator_for(
            {"$schema": _DRAFT, "$ref": f"{_PREFIX}{name}", "components": {"schemas": schemas}}
        )
        for request, name in REQUESTS.items()
    }


def _direct(node: Any, schemas: Mapping[str, Any]) -> Any:
    """`node` with its `oneOf`s of constants as an `enum`, and its `oneOf`s of component
    kinds as one `if`/`then` per kind (picked by the component's `type`): what the spec
    says, in a form whose refusals name the field at fault (a `oneOf` only says that no
    kind fits the whole component)."""
    if isinstance(node, list):
        return [_direct(value, schemas) for value in node]
    if not isinstance(node, Mapping):
        return node
    node = {key: _direct(value, schemas) for key, value in node.items()}
    branches = node.pop("oneOf", None)
    if not branches:
        return node
    kinds = [_kind(branch, schemas) for branch in branches]
    if all("const" in branch for branch in branches):
        return {**node, "enum": [branch["const"] for branch in branches]}
    if all(kind is not None for kind in kinds):
        picks = [
            {"if": {"properties": {"type": {"const": kind}}}, "then": branch}
            for kind, branch in zip(kinds, branches, strict=True)
        ]
        return {
            **node,
            "required": ["type"],
            "properties": {"type": {"enum": kinds}},
            "allOf": picks,
        }
    return {**node, "oneOf": branches}


def _kind(branch: Mapping[str, Any], schemas: Mapping[str, Any]) -> Any:
    """The one component `type` a `$ref` branch accepts, if it names exactly one."""
    ref = branch.get("$ref", "")
    schema = schemas.get(ref.removeprefix(_PREFIX), {}) if ref.startswith(_PREFIX) else {}
    enum = schema.get("properties", {}).get("type", {}).get("enum")
    return enum[0] if isinstance(enum, list) and len(enum) == 1 else None


def schema_violations(body: Mapping[str, Any], request: str) -> list[str]:
    """Every way `body` breaks the schema of `request`, each with where in the body."""
    problems = []
    for error in _validators()[request].iter_errors(dict(body)):
        where = "/".join(str(part) for part in error.instance_path) or "body"
        problems.append(f"{REQUESTS[request]}: {where}: {_short(error.message)}")
    return problems


def _short(message: str, limit: int = 160) -> str:
    return message if len(message) <= limit else message[: limit - 1] + "…"


def main(argv: list[str]) -> None:
    """Write `SCHEMA_FILE` from a copy of the spec's `specs/openapi.json`."""
    spec = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    text = json.dumps(extract(spec), indent=1, sort_keys=True, ensure_ascii=False)
    SCHEMA_FILE.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
