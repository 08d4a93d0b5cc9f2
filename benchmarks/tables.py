"""Table service load: many tables playing at once through the service, on SQLite (a file
on disk, the default) or PostgreSQL (``--database-url postgresql://...``).

Prints operations per second, p50/p99 latency of one operation including its commit, the
database size per finished match, memory per open table, and how long a restart takes to
restore every open table. Run: ``.venv/bin/python benchmarks/tables.py [--tables 200]
[--database-url postgresql://root@127.0.0.1:5432/test]``. On PostgreSQL each phase works in
a new schema of that database, dropped at the end.

Each table has four human seats driven by a simulated player who thinks ``--think`` seconds
on average between moves (exponential), the way real tables load the bot; ``--think 0``
measures raw throughput instead (every table hammering at once).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import statistics
import tempfile
import time
import tracemalloc
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg

from bot.engine import Phase
from bot.services import Services
from bot.store.postgres import PostgresStore
from bot.store.postgres.db import with_schema
from bot.store.sqlite import SqliteStore
from bot.tables import TableService, TableSettings, private_hand

CEILING_MS = 250.0
HUMAN = TableSettings(turn_timer=0, claim_grace=0, trick_pause=0, bot_delay=0)


async def open_tables(service: TableService, count: int, start: int = 0) -> list[int]:
    ids = []
    for n in range(start, start + count):
        base = 1000 * (n + 1)
        table = await service.open(1, base, base + 0, "p0", None, HUMAN)
        for seat in (1, 2, 3):
            await service.sit(table.id, base + seat, f"p{seat}", seat)
        await service.start(table.id, base)
        ids.append(table.id)
    return ids


async def one_move(service: TableService, table_id: int, rng: random.Random) -> bool:
    """Make the next decision at the table; False once its match is over."""
    table = service.registry.get(table_id)
    hand = table.match.hand if table.match is not None else None
    if hand is None or not table.is_open:
        return False
    seat = hand.to_act
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    view = private_hand(table, seat)
    if hand.phase == Phase.TRUMP:
        assert view.trump_options is not None
        await service.choose_trump(table_id, user, rng.choice(view.trump_options.suits))
    else:
        await service.play(table_id, user, rng.choice(view.legal), seq=view.seq)
    return True


async def drive(
    service: TableService, table_id: int, think: float, until: float, latencies: list[float]
) -> None:
    rng = random.Random(table_id)
    await asyncio.sleep(rng.random() * think)  # tables do not all start on the same tick
    while time.perf_counter() < until:
        started = time.perf_counter()
        if not await one_move(service, table_id, rng):
            return
        latencies.append(time.perf_counter() - started)
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))


class Databases:
    """A new database per phase: a SQLite file in ``folder``, or a schema on ``url``."""

    def __init__(self, folder: Path, url: str | None) -> None:
        self.folder = folder
        self.url = url
        self.schemas: list[str] = []

    async def new(self, name: str) -> str | Path:
        if self.url is None:
            return self.folder / f"{name}.sqlite3"
        schema = f"bench_{name.replace('-', '_')}_{uuid.uuid4().hex[:8]}"
        async with _admin(self.url) as conn:
            await conn.execute(f"CREATE SCHEMA {schema}")
        self.schemas.append(schema)
        return with_schema(self.url, schema)

    async def drop_all(self) -> None:
        if self.url is not None and self.schemas:
            async with _admin(self.url) as conn:
                for schema in self.schemas:
                    await conn.execute(f"DROP SCHEMA {schema} CASCADE")


@asynccontextmanager
async def _admin(url: str) -> AsyncIterator[asyncpg.Connection]:
    conn = await asyncpg.connect(url)
    try:
        yield conn
    finally:
        await conn.close()


async def load(path: str | Path, tables: int, think: float, seconds: float) -> float:
    """Drive ``tables`` tables for ``seconds``; print the figures, return p99 in ms."""
    services = await Services.open(path)
    ids = await open_tables(services.tables, tables)
    commits = services.store.commits
    jobs, batches = commits.jobs, commits.batches
    latencies: list[float] = []
    began = time.perf_counter()
    until = began + seconds
    await asyncio.gather(*(drive(services.tables, i, think, until, latencies) for i in ids))
    await services.close()
    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    per_commit = (commits.jobs - jobs) / max(1, commits.batches - batches)
    print(
        f"load: {tables} tables, think {think:.2f}s, {seconds:.0f}s: {len(ms)} operations, "
        f"{len(ms) / seconds:,.0f} ops/s; latency p50 {statistics.median(ms):.1f} ms, "
        f"p99 {p99:.1f} ms, max {ms[-1]:.1f} ms; {per_commit:.1f} actions per commit"
    )
    return p99


async def ceiling(dbs: Databases, counts: list[int], think: float, seconds: float) -> None:
    """The highest table count (of ``counts``) whose p99 stays under 250 ms."""
    held = 0
    for n, count in enumerate(sorted(counts)):
        if await load(await dbs.new(f"ceiling-{n}"), count, think, seconds) >= CEILING_MS:
            break
        held = count
    print(f"ceiling: {held} tables hold p99 < {CEILING_MS:.0f} ms (tried {sorted(counts)})")


async def restart(path: str | Path, expected: int) -> None:
    started = time.perf_counter()
    services = await Services.open(path)
    elapsed = time.perf_counter() - started
    restored = len(services.tables.open_tables())
    await services.close()
    print(f"restart: restored {restored} open tables (expected {expected}) in {elapsed:.2f} s")


async def match_size(dbs: Databases, matches: int) -> None:
    services = await Services.open(await dbs.new("size"))
    before = await _db_bytes(services)
    ids = await open_tables(services.tables, matches, start=90_000)
    rng = random.Random(5)
    for table_id in ids:
        while await one_move(services.tables, table_id, rng):
            pass
    after = await _db_bytes(services)
    await services.close()
    print(
        f"database: {(after - before) / matches / 1024:.0f} KiB per finished 16-hand match "
        f"({matches} matches, action log + snapshots + score sheets + statistics)"
    )


async def memory(dbs: Databases, tables: int) -> None:
    services = await Services.open(await dbs.new("memory"))
    gc.collect()
    tracemalloc.start()
    first = tracemalloc.take_snapshot()
    ids = await open_tables(services.tables, tables, start=50_000)
    rng = random.Random(9)
    for table_id in ids:  # mid-hand: some tricks on the table, a sheet line or two
        for _ in range(rng.randrange(10, 80)):
            await one_move(services.tables, table_id, rng)
    gc.collect()
    grown = tracemalloc.take_snapshot().compare_to(first, "filename")
    tracemalloc.stop()
    total = sum(stat.size_diff for stat in grown)
    await services.close()
    print(f"memory: {total / tables / 1024:.1f} KiB per open table ({tables} tables mid-match)")


async def _db_bytes(services: Services) -> int:
    """The database's size on disk: the SQLite file (WAL checkpointed into it), or the
    schema's tables with their indexes and TOAST on PostgreSQL."""
    store = services.store
    if isinstance(store, PostgresStore):
        return int(
            await store.pool.fetchval(
                "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) FROM pg_class c"
                " JOIN pg_namespace n ON n.oid = c.relnamespace"
                " WHERE n.nspname = current_schema() AND c.relkind = 'r'"
            )
        )
    assert isinstance(store, SqliteStore)
    await store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    rows = list(await store.db.execute_fetchall("PRAGMA database_list"))
    path = Path(rows[0][2])  # the main database's file
    return sum(os.path.getsize(p) for p in path.parent.glob(path.name + "*"))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds between moves")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--matches", type=int, default=5, help="for the size per match")
    parser.add_argument(
        "--ceiling",
        default="",
        help="comma-separated table counts: also print the highest that holds p99 < 250 ms",
    )
    parser.add_argument(
        "--database-url",
        help="postgresql://... to measure PostgreSQL (default: SQLite files in a temp folder)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        dbs = Databases(Path(name), args.database_url)
        print(f"store: {'PostgreSQL' if args.database_url else 'SQLite'}")
        try:
            path = await dbs.new("load")
            await load(path, args.tables, args.think, args.seconds)
            if args.ceiling:
                counts = [int(c) for c in args.ceiling.split(",") if c.strip()]
                await ceiling(dbs, counts, args.think, args.seconds)
            await restart(path, args.tables)
            await match_size(dbs, args.matches)
            await memory(dbs, min(args.tables, 200))
        finally:
            await dbs.drop_all()


if __name__ == "__main__":
    asyncio.run(main())
