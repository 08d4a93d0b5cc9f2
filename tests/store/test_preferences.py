"""Player preferences on each back end: absent until chosen, replaced, kept per player."""

from __future__ import annotations

from typing import Any

import pytest

from bot.preferences import CACHE_SECONDS, DEFAULT_NOTIFY, NotifyMode, PreferenceService
from bot.store import Store
from bot.tables import TableError

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


@pytest.mark.parametrize(
    ("user_id", "mode", "code"),
    [
        (None, NotifyMode.DM, "bad_id"),
        (True, NotifyMode.DM, "bad_id"),
        (2**64, NotifyMode.DM, "bad_id"),
        (8, "carrier pigeon", "bad_argument"),
        (8, 1, "bad_argument"),
        (8, None, "bad_argument"),
    ],
)
async def test_the_service_refuses_what_no_player_could_choose(
    store: Store, user_id: Any, mode: Any, code: str
) -> None:
    service = PreferenceService(store.preferences, lambda: 3.0)

    with pytest.raises(TableError) as refused:
        await service.set_notify_mode(user_id, mode)

    assert refused.value.code == code
    assert await store.preferences.notify_mode(8) is None
    with pytest.raises(TableError):
        await service.notify_mode(user_id if code == "bad_id" else "8")


async def test_the_service_takes_a_mode_by_its_stored_value(store: Store) -> None:
    service = PreferenceService(store.preferences, lambda: 3.0)
    await service.set_notify_mode(8, "dm")  # type: ignore[arg-type]
    assert await PreferenceService(store.preferences).notify_mode(8) is NotifyMode.DM
