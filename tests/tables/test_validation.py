"""Settings, ids and numbers are checked at the service boundary: a bad value is a refusal
with its facts, before anything is stored, never a Python error or a broken table."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.tables import RefusalCode, TableError, TableService, TableSettings

from .helpers import ALICE, BOB, CHANNEL, open_service

HUGE = 2**64


async def refused(service: TableService, code: RefusalCode, call: Any) -> dict[str, Any]:
    """Await ``call`` expecting ``code``; the store must not have changed."""
    before = await service.store.tables.open_tables()
    with pytest.raises(TableError) as info:
        await call
    assert info.value.code == code, info.value
    assert await service.store.tables.open_tables() == before
    return info.value.facts


@pytest.mark.parametrize(
    ("change", "code", "facts"),
    [
        ({"computer_kind": "grandmaster"}, RefusalCode.BAD_COMPUTER_KIND, {"kind": "grandmaster"}),
        ({"bot_delay": 1e18}, RefusalCode.BAD_SETTING, {"setting": "bot_delay"}),
        ({"trick_pause": -1.0}, RefusalCode.BAD_SETTING, {"setting": "trick_pause"}),
        ({"claim_grace": float("nan")}, RefusalCode.BAD_SETTING, {"setting": "claim_grace"}),
        ({"turn_timer": float("inf")}, RefusalCode.BAD_TURN_TIMER, {}),
        ({"locale": "xx"}, RefusalCode.BAD_LOCALE, {"locale": "xx"}),
    ],
)
async def test_open_refuses_settings_a_table_cannot_run_with(
    tmp_path: Path, change: dict[str, Any], code: RefusalCode, facts: dict[str, Any]
) -> None:
    service = await open_service(tmp_path / "t.sqlite3")
    settings = replace(TableSettings(), **change)
    got = await refused(service, code, service.open(1, CHANNEL, ALICE, "alice", None, settings))
    assert facts.items() <= got.items()
    assert service.in_channel(CHANNEL) is None


@pytest.mark.parametrize(
    ("guild", "channel", "opener", "field"),
    [
        (1, HUGE, ALICE, "channel_id"),
        (1, CHANNEL, 0, "opener_id"),
        (-5, CHANNEL, ALICE, "guild_id"),
        (1, CHANNEL, True, "opener_id"),
    ],
)
async def test_open_refuses_ids_out_of_range(
    tmp_path: Path, guild: int, channel: int, opener: int, field: str
) -> None:
    service = await open_service(tmp_path / "t.sqlite3")
    call = service.open(guild, channel, opener, "alice")
    assert (await refused(service, RefusalCode.BAD_ID, call))["field"] == field


async def test_operations_refuse_ids_and_values_out_of_range(tmp_path: Path) -> None:
    service = await open_service(tmp_path / "t.sqlite3")
    table = await service.open(1, CHANNEL, ALICE, "alice")
    before = service.registry.get(table.id).to_dict()
    await refused(service, RefusalCode.BAD_ID, service.sit(table.id, HUGE, "x"))
    await refused(service, RefusalCode.BAD_ID, service.close(table.id, -1, moderator=True))
    await refused(service, RefusalCode.BAD_SEAT, service.sit(table.id, BOB, "bob", 2**40))
    await refused(service, RefusalCode.BAD_SEAT, service.remove_computer(table.id, ALICE, 9))
    call = service.update_settings(table.id, ALICE, locale="klingon")
    await refused(service, RefusalCode.BAD_LOCALE, call)
    call = service.update_settings(table.id, ALICE, turn_timer=1e18)
    await refused(service, RefusalCode.BAD_TURN_TIMER, call)
    await refused(service, RefusalCode.UNKNOWN_TABLE, service.sit(HUGE, BOB, "bob"))
    assert service.registry.get(table.id).to_dict() == before
