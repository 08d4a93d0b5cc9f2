"""Shutdown: new operations are refused, those in flight finish before the store closes."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.services import Services
from bot.store import Store
from bot.tables import FakeClock, RefusalCode, TableError
from tests.seeds import table_seeds

from .helpers import ALICE, BOB, CARL, CHANNEL


def gate_records(store: Store) -> tuple[asyncio.Event, asyncio.Event]:
    """Hold every action write until the returned ``release`` is set; ``reached`` is set
    when a write is waiting."""
    reached, release = asyncio.Event(), asyncio.Event()
    record = store.tables.record

    async def gated(*args: Any, **kwargs: Any) -> None:
        reached.set()
        await release.wait()
        await record(*args, **kwargs)

    store.tables.record = gated  # type: ignore[method-assign]
    return reached, release


async def test_close_waits_for_the_operation_in_flight(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    services = await Services.open(db, FakeClock(), seeds=table_seeds())
    table = await services.tables.open(1, CHANNEL, ALICE, "alice")
    reached, release = gate_records(services.store)
    sitting = asyncio.create_task(services.tables.sit(table.id, BOB, "bob"))
    await reached.wait()  # BOB's seat is being written

    closing = asyncio.create_task(services.close())
    await asyncio.sleep(0.05)
    assert not closing.done()  # the store stays open for the write in flight
    try:
        await services.tables.sit(table.id, CARL, "carl")
    except TableError as error:  # new operations are refused meanwhile
        assert error.code == RefusalCode.SHUTTING_DOWN
    else:
        raise AssertionError("an operation was taken during shutdown")
    release.set()
    assert [e.kind for e in (await sitting).events] == [
        "seated"
    ]  # it finished: committed, answered
    await closing

    again = await Services.open(db, FakeClock(), seeds=table_seeds())
    try:
        assert again.tables.registry.get(table.id).seat_of(BOB) == 1
        assert again.tables.registry.get(table.id).seat_of(CARL) is None
    finally:
        await again.close()


async def test_quiesce_gives_up_after_its_timeout(tmp_path: Path) -> None:
    services = await Services.open(tmp_path / "t.sqlite3", FakeClock(), seeds=table_seeds())
    table = await services.tables.open(1, CHANNEL, ALICE, "alice")
    reached, release = gate_records(services.store)
    sitting = asyncio.create_task(services.tables.sit(table.id, BOB, "bob"))
    await reached.wait()
    assert await services.tables.quiesce(timeout=0.01) is False
    release.set()
    await sitting
    assert await services.tables.quiesce(timeout=1) is True
    await services.close()


async def test_a_turn_notice_is_still_remembered_while_shutting_down(tmp_path: Path) -> None:
    """A front end's notice posted after the service stopped taking operations (the bot
    quiesces before its cogs stop) must still be stored, or the restart leaves it."""
    services = await Services.open(tmp_path / "t.sqlite3", FakeClock(), seeds=table_seeds())
    table = await services.tables.open(1, CHANNEL, ALICE, "alice")
    assert await services.tables.quiesce(timeout=1) is True

    await services.tables.set_notice(table.id, 777)

    [standing] = await services.tables.standing_notices()
    assert (standing.table_id, standing.channel_id, standing.message_id) == (
        table.id,
        CHANNEL,
        777,
    )
    await services.close()
