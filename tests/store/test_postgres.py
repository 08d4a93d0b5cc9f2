"""What only the PostgreSQL back end has: its schema_version table, the advisory lock that
lets bots starting together migrate one after the other, and the refusal of a newer
schema (the same check SQLite makes with PRAGMA user_version)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.store import SchemaTooNew, open_store
from bot.store.checks import DatabaseUnusable, check_postgres
from bot.store.lock import StoreLocked
from bot.store.postgres import PostgresStore
from bot.store.records import ActionRecord, NewTable
from bot.store.schema import latest_version
from bot.store.urls import describe_url

on_postgres = pytest.mark.parametrize("backend", ["postgresql"], indirect=True)


@on_postgres
async def test_a_new_schema_is_migrated_to_the_latest_version(database: str | Path) -> None:
    async with await open_store(database) as store:
        assert isinstance(store, PostgresStore)
        assert await store.pool.fetchval("SELECT version FROM schema_version") == latest_version()
        assert await store.pool.fetchval("SELECT COUNT(*) FROM schema_version") == 1
    async with await open_store(database) as store:  # reopening migrates nothing more
        assert isinstance(store, PostgresStore)
        assert await store.pool.fetchval("SELECT version FROM schema_version") == latest_version()


@on_postgres
async def test_bots_starting_together_migrate_once(database: str | Path) -> None:
    stores = await asyncio.gather(*(open_store(database) for _ in range(3)))
    try:
        first = stores[0]
        assert isinstance(first, PostgresStore)
        assert await first.pool.fetchval("SELECT version FROM schema_version") == latest_version()
        assert await first.tables.create(NewTable(1, 10, 7, {}, 1.0)) == 1
    finally:
        for store in stores:
            await store.close()


@on_postgres
async def test_a_newer_schema_is_refused(database: str | Path) -> None:
    async with await open_store(database) as store:
        assert isinstance(store, PostgresStore)
        await store.pool.execute("UPDATE schema_version SET version = $1", latest_version() + 1)
    with pytest.raises(SchemaTooNew) as refused:
        await open_store(database)
    assert (refused.value.found, refused.value.known) == (latest_version() + 1, latest_version())


@on_postgres
async def test_discord_ids_beyond_32_bits_are_kept(database: str | Path) -> None:
    snowflake = 1_234_567_890_123_456_789
    async with await open_store(database) as store:
        table_id = await store.tables.create(
            NewTable(snowflake, snowflake + 1, snowflake + 2, {}, 1.0)
        )
        stored = await store.tables.get(table_id)
    assert stored is not None
    assert (stored.guild_id, stored.channel_id, stored.opener_id) == (
        snowflake,
        snowflake + 1,
        snowflake + 2,
    )


@on_postgres
async def test_the_log_refuses_delete_and_truncate_and_writing_goes_on(
    database: str | Path,
) -> None:
    async with await open_store(database) as store:
        assert isinstance(store, PostgresStore)
        table_id = await store.tables.create(NewTable(1, 10, 7, {}, 1.0))
        await store.tables.record(ActionRecord(table_id, 1, 7, "x", {}, 2.0, {}, "lobby"))
        for statement in ("DELETE FROM actions", "TRUNCATE actions CASCADE"):
            with pytest.raises(asyncpg.PostgresError, match="append-only"):
                await store.pool.execute(statement)
        await store.tables.record(
            ActionRecord(table_id, 2, 7, "y", {}, 3.0, {}, "lobby")
        )  # still usable
        assert [a.seq for a in await store.tables.actions(table_id)] == [1, 2]


def test_the_url_is_described_without_its_password() -> None:
    described = describe_url("postgresql://bot:s3cret@db.example:5433/klaverjas?sslmode=require")
    assert described == "postgresql://bot@db.example:5433/klaverjas"
    assert "s3cret" not in described


@on_postgres
async def test_one_bot_process_per_database(database: str) -> None:
    first = await open_store(database, exclusive=True)
    try:
        with pytest.raises(StoreLocked, match="another bot process is using the database"):
            await open_store(database, exclusive=True)
        async with await open_store(database):  # tools that do not drive tables may open it
            pass
    finally:
        await first.close()
    again = await open_store(database, exclusive=True)  # released with the first store
    await again.close()


@on_postgres
async def test_the_start_up_check_says_what_is_wrong_in_one_line(database: str) -> None:
    await check_postgres(database)  # a new schema: migrated and writable
    parts = urlsplit(database)
    unreachable = urlunsplit(parts._replace(netloc=f"{parts.hostname}:1"))  # nothing listens
    with pytest.raises(DatabaseUnusable, match=r"^cannot use the database postgresql://\S+:1/"):
        await check_postgres(unreachable)
    async with await open_store(database) as store:
        assert isinstance(store, PostgresStore)
        await store.pool.execute("UPDATE schema_version SET version = $1", latest_version() + 1)
    with pytest.raises(DatabaseUnusable, match="is newer than this code knows"):
        await check_postgres(database)
