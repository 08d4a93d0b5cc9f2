"""A process restores (and so times) only the open tables of its shards' guilds."""

from __future__ import annotations

from pathlib import Path

from bot.services import Services
from bot.shards import ShardSet
from tests.seeds import table_seeds
from tests.test_shards import guild_on


async def test_a_process_restores_only_its_guilds_tables(database: str | Path) -> None:
    services = await Services.open(database, seeds=table_seeds())
    try:
        ids = {}
        for shard in range(4):
            guild = guild_on(shard, 4)
            ids[shard] = (await services.tables.open(guild, guild + 1, 7, "opener")).id
    finally:
        await services.close()
    for mine in ((0, 1), (2,), (3,), (0, 1, 2, 3)):
        again = await Services.open(database, shards=ShardSet(4, mine), seeds=table_seeds())
        try:
            assert {t.id for t in again.tables.open_tables()} == {ids[s] for s in mine}
            assert all(again.tables.shards.owns(t.guild_id) for t in again.tables.open_tables())
        finally:
            await again.close()
