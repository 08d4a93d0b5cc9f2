"""Crashes and failing writes: opening is one transaction, restore never leaves a channel
blocked by a table nobody can act on, and an operation reports what it committed. Each
test runs on SQLite and on PostgreSQL (the `database` fixture, tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from bot.store.records import ActionRecord, NewTable
from bot.tables import FakeClock, Status, Table, TableError
from bot.tables.events import CardPlayed, Event, TrumpChosen, TrumpPassed
from bot.tables.service import BACKOFF
from tests.backends import execute, fetch

from .helpers import (
    ALICE,
    BOB,
    CHANNEL,
    INSTANT,
    act_once,
    human_to_act,
    open_service,
    table_with,
)

MOD = 999


class WriteFailed(Exception):
    """The injected fault: a write that never reached the disk."""


def fail_records(store: Store, after: int = 0) -> list[str]:
    """Make the store's action writes fail after the first ``after``; returns the kinds
    that were tried, in order. ``del store.tables.record`` heals the store."""
    tried: list[str] = []
    record = type(store.tables).record.__get__(store.tables)

    async def failing(action: ActionRecord) -> None:
        tried.append(action.kind)
        if len(tried) > after:
            raise WriteFailed(action.kind)
        await record(action)

    store.tables.record = failing  # type: ignore[method-assign]
    return tried


async def test_open_needs_no_second_write(database: str | Path) -> None:
    db = database
    service = await open_service(db)
    fail_records(service.store)  # every write after the table's row fails
    table = await service.open(1, CHANNEL, ALICE, "alice", settings=INSTANT)
    await service.store.close()

    again = await open_service(db)
    restored = again.in_channel(CHANNEL)
    assert restored is not None and restored.id == table.id and restored.seq == 1
    assert [a.kind for a in await again.store.tables.actions(table.id)] == ["open"]
    await again.sit(table.id, BOB, "bob")
    await again.close(table.id, MOD, moderator=True)
    assert (await again.open(1, CHANNEL, BOB, "bob")).id != table.id


async def test_a_refused_open_stores_nothing(database: str | Path) -> None:
    service = await open_service(database)
    first = await service.open(1, CHANNEL, ALICE, "alice")
    with pytest.raises(TableError) as info:
        await service.open(1, CHANNEL, BOB, "bob")
    assert info.value.code == "channel_busy"
    assert [t.id for t in await service.store.tables.open_tables()] == [first.id]


async def _legacy_row(store: Store, channel: int, snapshot: dict[str, Any]) -> int:
    """A row as the old two-step open left it when its second write failed."""
    return await store.tables.create(NewTable(1, channel, ALICE, snapshot, 1.0))


async def test_restore_repairs_tables_whose_snapshot_says_id_0(database: str | Path) -> None:
    db = database
    service = await open_service(db)
    template = (await service.open(1, 7, ALICE, "alice")).to_dict()
    ids = []
    for channel in (CHANNEL, CHANNEL + 1):
        ids.append(
            await _legacy_row(
                service.store, channel, {**template, "id": 0, "seq": 0, "channel_id": channel}
            )
        )
    await service.store.close()

    again = await open_service(db)
    for channel, table_id in zip((CHANNEL, CHANNEL + 1), ids, strict=True):
        table = again.in_channel(channel)
        assert table is not None and table.id == table_id  # no collision on id 0
        await again.sit(table_id, BOB, "bob")
        await again.close(table_id, MOD, moderator=True)
        assert (await again.open(1, channel, BOB, "bob")).id > table_id


async def test_restore_closes_a_table_it_cannot_load(
    database: str | Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = database
    service = await open_service(db)
    broken = await _legacy_row(service.store, CHANNEL, {"id": 5, "seats": "?"})
    await execute(
        service.store,
        "INSERT INTO tables (guild_id, channel_id, opener_id, status, created_at, updated_at,"
        " seq, snapshot) VALUES (1, ?, 1, 'lobby', 1, 1, 0, 'not json')",
        CHANNEL + 1,
    )
    [(garbled,)] = await fetch(service.store, "SELECT id FROM tables WHERE snapshot = 'not json'")
    await service.store.close()

    again = await open_service(db)
    assert again.open_tables() == []
    for table_id, channel in ((broken, CHANNEL), (garbled, CHANNEL + 1)):
        stored = await again.store.tables.get(table_id)
        assert stored is not None and stored.status == "closed"
        assert (await again.find(table_id)).status == Status.CLOSED
        [action] = await again.store.tables.actions(table_id)
        assert action.kind == "close" and "unloadable" in action.payload
        assert (await again.open(1, channel, BOB, "bob")).id > table_id
    lines = [r for r in caplog.records if "unreadable" in r.getMessage()]
    assert len(lines) == 2


async def test_a_failing_computer_reply_leaves_the_humans_move_done(
    database: str | Path,
) -> None:
    clock = FakeClock()
    service = await open_service(database, clock)
    table = await table_with(service, {0: ALICE})
    shown: list[list[Event]] = []

    async def listener(_: Table, events: list[Event]) -> None:
        shown.append(events)

    service.listeners.append(listener)
    for _ in range(12):  # until a computer has to answer the human's move
        tried = fail_records(service.store, after=1)
        shown.clear()
        events = await act_once(service, table.id)  # answered, not raised
        if len(tried) > 1:
            break
        del service.store.tables.record  # type: ignore[attr-defined]
    else:
        raise AssertionError("no computer answered within 12 moves")
    decisions = [e for e in events if isinstance(e, CardPlayed | TrumpChosen | TrumpPassed)]
    assert [e.seat for e in decisions] == [0]  # the human's move, and no computer's
    assert shown == [events]  # the table message is refreshed with the human's move
    live = service.get(table.id)
    stored = await service.store.tables.get(table.id)
    assert stored is not None and live.to_dict() == stored.snapshot  # only what is committed
    assert (await service.store.tables.actions(table.id))[-1].actor == ALICE
    assert human_to_act(service, table.id) is None  # the failed action is still due

    assert await service.tick() == {}  # the timer waits BACKOFF before retrying
    del service.store.tables.record  # type: ignore[attr-defined]
    clock.advance(BACKOFF)
    assert table.id in await service.tick()  # the computer's reply, retried by its timer
    assert service.get(table.id).seq > stored.seq
    await act_once(service, table.id)  # the human's next move is not "stale"
