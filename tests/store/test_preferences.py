"""Player preferences on each back end: absent until chosen, replaced, kept per player."""

from __future__ import annotations

import pytest

from bot.preferences import CACHE_SECONDS, DEFAULT_NOTIFY, NotifyMode, PreferenceService
from bot.store import Store

BIG_ID = 1_234_567_890_123_456_789  # Discord ids need 64 bits


async def test_a_choice_is_stored_and_replaced(store: Store) -> None:
    assert await store.preferences.notify_mode(BIG_ID) is None
    await store.preferences.set_notify_mode(BIG_ID, "dm", 10.0)
    await store.preferences.set_notify_mode(7, "off", 11.0)
    assert await store.preferences.notify_mode(BIG_ID) == "dm"
    await store.preferences.set_notify_mode(BIG_ID, "mention", 12.0)
    assert await store.preferences.notify_mode(BIG_ID) == "mention"
    assert await store.preferences.notify_mode(7) == "off"


async def test_an_unknown_mode_is_refused_by_the_schema(store: Store) -> None:
    with pytest.raises(Exception, match="(?i)check"):
        await store.preferences.set_notify_mode(5, "carrier pigeon", 1.0)
    assert await store.preferences.notify_mode(5) is None


async def test_the_service_defaults_and_caches_only_what_was_stored(store: Store) -> None:
    service = PreferenceService(store.preferences, lambda: 3.0)
    assert await service.notify_mode(8) == DEFAULT_NOTIFY == NotifyMode.MENTION
    await service.set_notify_mode(8, NotifyMode.OFF)
    assert await service.notify_mode(8) == NotifyMode.OFF
    assert await PreferenceService(store.preferences).notify_mode(8) == NotifyMode.OFF


async def test_a_choice_made_elsewhere_arrives_after_the_cache_time(store: Store) -> None:
    clock = [100.0]
    here = PreferenceService(store.preferences, lambda: clock[0])
    there = PreferenceService(store.preferences, lambda: clock[0])  # another shard's process
    assert await here.notify_mode(9) == NotifyMode.MENTION
    await there.set_notify_mode(9, NotifyMode.DM)
    assert await here.notify_mode(9) == NotifyMode.MENTION  # cached
    clock[0] += CACHE_SECONDS
    assert await here.notify_mode(9) == NotifyMode.DM
