"""The bot's own key-value facts on each back end: absent until stored, then replaced."""

from __future__ import annotations

from pathlib import Path

from bot.store import Store, open_store
from tests.backends import fetch


async def test_a_value_is_absent_until_stored_and_then_replaced(store: Store) -> None:
    assert await store.state.get("commands") is None
    await store.state.put("commands", "abc", 10.0)
    await store.state.put("other", "x", 11.0)
    assert await store.state.get("commands") == "abc"
    await store.state.put("commands", "def", 12.0)
    assert await store.state.get("commands") == "def"
    assert await store.state.get("other") == "x"
    rows = await fetch(store, "SELECT key, value, updated_at FROM bot_state ORDER BY key")
    assert rows == [("commands", "def", 12.0), ("other", "x", 11.0)]


async def test_a_value_outlives_the_process(database: str | Path) -> None:
    async with await open_store(database) as first:
        await first.state.put("commands", "h" * 64, 1.0)
    async with await open_store(database) as second:
        assert await second.state.get("commands") == "h" * 64
