"""Group commit: actions that arrive together share one transaction, each still answered
only once its rows are committed, each refusal its own, a failed COMMIT refusing them all."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.store import SeqConflict, Store
from bot.store.db import connection_lock
from bot.store.groupcommit import group_commit
from bot.store.records import ActionRecord, NewTable
from bot.store.sqlite import SqliteStore

from .conftest import GUILD, count


@pytest.fixture
def store(sqlite_store: SqliteStore) -> SqliteStore:
    """What these tests look at is SQLite's own (its connection, its file)."""
    return sqlite_store


async def _tables(store: Store, n: int) -> list[int]:
    return [await store.tables.create(NewTable(GUILD, 100 + i, 7, {}, 1.0)) for i in range(n)]


def _committed_actions(path: Path) -> int:
    """What another connection sees: only committed rows."""
    with sqlite3.connect(path) as other:
        return int(other.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


async def test_actions_arriving_together_share_a_transaction(store: Store, db_path: Path) -> None:
    ids = await _tables(store, 20)
    committer = group_commit(store.db)
    batches = committer.batches
    seen_after_return: list[int] = []

    async def act(table_id: int) -> None:
        await store.tables.record(
            ActionRecord(table_id, 1, 7, "start", {"n": table_id}, 2.0, {}, "playing")
        )
        seen_after_return.append(_committed_actions(db_path))

    await asyncio.gather(*(act(i) for i in ids))

    assert committer.batches - batches < len(ids)  # fewer commits than actions
    assert await count(store, "actions") == 20
    # Each caller returned only after the COMMIT holding its row: another connection saw it.
    assert all(seen >= 1 for seen in seen_after_return)


async def test_a_refused_action_leaves_the_others_of_its_batch_stored(store: Store) -> None:
    first, second, third = await _tables(store, 3)

    results = await asyncio.gather(  # the second's seq is stale
        store.tables.record(ActionRecord(first, 1, 7, "start", {}, 2.0, {"v": 1}, "playing")),
        store.tables.record(ActionRecord(second, 5, 7, "start", {}, 2.0, {"v": 1}, "playing")),
        store.tables.record(ActionRecord(third, 1, 7, "start", {}, 2.0, {"v": 1}, "playing")),
        return_exceptions=True,
    )

    assert results[0] is None and results[2] is None
    assert isinstance(results[1], SeqConflict)
    assert [a.table_id for a in await store.tables.actions(first)] == [first]
    assert await store.tables.actions(second) == []
    stored = await store.tables.get(second)
    assert stored is not None and stored.seq == 0 and stored.snapshot == {}
    assert [a.table_id for a in await store.tables.actions(third)] == [third]


async def test_a_failed_commit_refuses_every_action_in_it(store: Store) -> None:
    ids = await _tables(store, 4)

    def dangling_action(db: sqlite3.Connection) -> None:
        # A foreign key checked only at COMMIT: the job itself succeeds, the COMMIT fails.
        db.execute("PRAGMA defer_foreign_keys = ON")
        db.execute(
            "INSERT INTO actions (table_id, seq, actor, kind, payload, at)"
            " VALUES (999999, 1, NULL, 'x', '{}', 0)"
        )

    results = await asyncio.gather(
        *(
            store.tables.record(ActionRecord(i, 1, 7, "start", {}, 2.0, {"v": 1}, "playing"))
            for i in ids
        ),
        group_commit(store.db).run(dangling_action),
        return_exceptions=True,
    )

    assert all(isinstance(r, sqlite3.IntegrityError) for r in results), results
    assert await count(store, "actions") == 0
    stored = [await store.tables.get(i) for i in ids]
    assert [t.seq if t else None for t in stored] == [0, 0, 0, 0]
    # The store works again afterwards: the failed batch left no transaction open.
    await store.tables.record(ActionRecord(ids[0], 1, 7, "start", {}, 3.0, {"v": 1}, "playing"))
    assert await count(store, "actions") == 1


async def test_a_caller_cancelled_before_its_turn_writes_nothing(store: Store) -> None:
    first, second = await _tables(store, 2)
    committer = group_commit(store.db)

    async with connection_lock(store.db):  # a commit in flight holds the connection
        running = asyncio.create_task(
            store.tables.record(ActionRecord(first, 1, 7, "start", {}, 2.0, {}, "playing"))
        )
        await asyncio.sleep(0)  # queued and taken by the flusher, which waits for the lock
        await asyncio.sleep(0)
        late = asyncio.create_task(
            store.tables.record(ActionRecord(second, 1, 7, "start", {}, 2.0, {}, "playing"))
        )
        await asyncio.sleep(0)
        late.cancel()
    await running
    with pytest.raises(asyncio.CancelledError):
        await late

    await committer.drain()
    assert [a.table_id for a in await store.tables.actions(first)] == [first]
    assert await store.tables.actions(second) == []


async def test_a_caller_cancelled_once_its_job_is_taken_gets_the_stored_outcome(
    store: Store,
) -> None:
    """Its action is in the transaction: the caller must learn what was stored (so its
    state matches the store), the commit or the job's own refusal, not a cancel."""
    first, second = await _tables(store, 2)

    async with connection_lock(store.db):  # a commit in flight holds the connection
        stored = asyncio.create_task(
            store.tables.record(ActionRecord(first, 1, 7, "start", {}, 2.0, {}, "playing"))
        )
        refused = asyncio.create_task(  # seq 2 without a seq 1: a SeqConflict
            store.tables.record(ActionRecord(second, 2, 7, "start", {}, 2.0, {}, "playing"))
        )
        await asyncio.sleep(0)  # both queued and taken by the flusher, waiting for the lock
        await asyncio.sleep(0)
        stored.cancel()
        refused.cancel()
        await asyncio.sleep(0)
    assert await stored is None
    with pytest.raises(SeqConflict):
        await refused

    assert [a.table_id for a in await store.tables.actions(first)] == [first]
    assert await store.tables.actions(second) == []
