"""Rows and their JSON, shared by both back ends (bot/store/rows.py)."""

from __future__ import annotations

from bot.store.rows import dump_json, load_json


def test_snapshot_json_is_canonical() -> None:
    """Sorted keys, no spaces, UTF-8: equal states store as equal text. A float that is
    not finite becomes null (orjson; docs/decisions.md, "Snapshot JSON")."""
    text = dump_json({"b": [1, 2.5, None], "a": {"z": "Zoë", "y": True}, "n": float("nan")})
    assert text == '{"a":{"y":true,"z":"Zoë"},"b":[1,2.5,null],"n":null}'
    assert load_json(text) == {"a": {"y": True, "z": "Zoë"}, "b": [1, 2.5, None], "n": None}
