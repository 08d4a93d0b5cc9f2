"""Ratings: what a read of the ratings board costs as a server's history grows.

A server with ``--games`` finished casual matches among ``--players`` players (a fifth of
the seats computers) and ``--league`` league table results, written straight into the
store (on disk: SQLite by default, PostgreSQL with ``--database-url``). Prints the time of

- the model alone: ``replay`` of every game (games rated per second);
- the first read of the board: the whole season replayed from the stored results and
  saved (what the first read after the upgrade, or after a league correction, costs);
- a read with nothing new (the stored table, checked against the results' counts);
- a read after one new match (rated on top of the stored table), p50 and p99;
- a read after a league correction (the season replayed from its start).

Run: ``.venv/bin/python benchmarks/ratings.py [--games 10000] [--players 200]
[--league 500] [--database-url postgresql://root@127.0.0.1:5432/test]``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import statistics
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg

from bot.engine.seats import pair_of
from bot.league.results import TableResult
from bot.ratings import RatingService
from bot.ratings.rating import replay
from bot.ratings.service import games_of
from bot.store import NewResult, Store, open_store
from bot.store.postgres import PostgresStore
from bot.store.postgres.db import with_schema
from bot.store.sqlite import SqliteStore

GUILD = 1
START = 1_700_000_000.0


@asynccontextmanager
async def opened(url: str | None) -> AsyncIterator[Store]:
    """A new store: a SQLite file in a temporary folder, or a new PostgreSQL schema."""
    if url is None:
        with tempfile.TemporaryDirectory() as folder:
            store = await open_store(Path(folder) / "bench.sqlite3")
            try:
                yield store
            finally:
                await store.close()
        return
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(url)
    await conn.execute(f"CREATE SCHEMA {schema}")
    try:
        store = await open_store(with_schema(url, schema))
        try:
            yield store
        finally:
            await store.close()
    finally:
        await conn.execute(f"DROP SCHEMA {schema} CASCADE")
        await conn.close()


async def write(store: Store, sql: str, rows: Sequence[tuple[Any, ...]]) -> None:
    """Rows written in one transaction, outside the store's API (seeding only)."""
    if isinstance(store, PostgresStore):
        numbered = itertools.count(1)
        pg = "".join(f"${next(numbered)}" if ch == "?" else ch for ch in sql)
        async with store.pool.acquire() as conn, conn.transaction():
            await conn.executemany(pg, rows)
        return
    assert isinstance(store, SqliteStore)
    await store.db.execute("BEGIN")
    await store.db.executemany(sql, rows)
    await store.db.commit()


def seats_of(rng: random.Random, players: int) -> list[int | None]:
    chosen: list[int | None] = [100 + n for n in rng.sample(range(players), 4)]
    return [None if rng.random() < 0.2 and i else user for i, user in enumerate(chosen)]


async def add_matches(
    store: Store, rng: random.Random, first: int, count: int, players: int
) -> None:
    """`count` finished one-match tables with ids from `first`, a minute apart."""
    tables, matches, people = [], [], []
    for table in range(first, first + count):
        at = START + 60 * table
        seats = seats_of(rng, players)
        winner = rng.choice((0, 1, 0, 1, None))
        tables.append((table, GUILD, table, seats[0] or 1, "finished", at, at, 1, "{}"))
        computers = sum(seat is None for seat in seats)
        matches.append((table, 1, GUILD, "amsterdam", 100, 62, winner, 1, computers, at))
        for seat, user in enumerate(seats):
            if user is not None:
                pair = pair_of(seat)
                result = "draw" if winner is None else ("win" if winner == pair else "loss")
                people.append((table, 1, GUILD, user, pair, result, 100, computers, at))
    await write(
        store,
        "INSERT INTO tables (id, guild_id, channel_id, opener_id, status, created_at,"
        " updated_at, seq, snapshot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        tables,
    )
    await write(
        store,
        "INSERT INTO matches (table_id, match_no, guild_id, rules, total0, total1, winner,"
        " hands, computers, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        matches,
    )
    await write(
        store,
        "INSERT INTO player_matches (table_id, match_no, guild_id, user_id, pair, result,"
        " points, computers, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        people,
    )


async def add_league(store: Store, rng: random.Random, results: int, players: int) -> int:
    """A league night whose round 1 has `results` tables with a result each; its id."""
    league = await store.leagues.create_league(GUILD, "Club", {"name": "Club"}, START)
    night = (await store.leagues.open_night(league, "seed", START)).id
    await store.leagues.add_round(night, 1, {"number": 1}, False, START)
    for table in range(results):
        seats = [100 + n for n in rng.sample(range(players), 4)]
        totals = (rng.randrange(1000, 2000), rng.randrange(1000, 2000))
        result = TableResult((seats[0], seats[1], seats[2], seats[3]), totals, hands=16)
        at = START + 60 * table + 30
        await store.leagues.add_result(NewResult(night, 1, table, result.to_dict(), 9, at))
    return night


async def timed(call: Callable[[], Any]) -> float:
    """Milliseconds one awaited call takes."""
    began = time.perf_counter()
    await call()
    return (time.perf_counter() - began) * 1000


async def run(args: argparse.Namespace) -> None:
    rng = random.Random(1)
    async with opened(args.database_url) as store:
        await add_matches(store, rng, 1, args.games, args.players)
        night = await add_league(store, rng, args.league, args.players) if args.league else None
        ratings = RatingService(store, time.time)
        board: Callable[[], Any] = lambda: ratings.board(GUILD, 0, 10)  # noqa: E731
        print(f"{store.backend}: {args.games:,} matches, {args.league:,} league results,"
              f" {args.players} players")  # fmt: skip

        games = games_of(await store.ratings.sources(GUILD, 0.0, -1.0))
        began = time.perf_counter()
        replay(games)
        model = time.perf_counter() - began
        print(f"model: {len(games):,} games replayed in {model * 1000:,.0f} ms"
              f" ({len(games) / model:,.0f} games/s)")  # fmt: skip

        print(f"first read (whole season replayed and saved): {await timed(board):,.0f} ms")
        cached = [await timed(board) for _ in range(args.repeat)]
        print(f"read, nothing new: p50 {statistics.median(cached):.1f} ms,"
              f" max {max(cached):.1f} ms")  # fmt: skip
        after_one = []
        for n in range(args.repeat):
            await add_matches(store, rng, args.games + 1 + n, 1, args.players)
            after_one.append(await timed(board))
        after_one.sort()
        p99 = after_one[min(len(after_one) - 1, round(0.99 * (len(after_one) - 1)))]
        print(f"read after one new match: p50 {statistics.median(after_one):.1f} ms,"
              f" p99 {p99:.1f} ms")  # fmt: skip
        if night is not None:
            stored = (await store.leagues.results(night))[0]
            fixed = dict(stored.result, totals=list(reversed(stored.result["totals"])))
            correction = NewResult(night, 1, 0, json.loads(json.dumps(fixed)), 9, time.time())
            await store.leagues.add_result(correction)
            print(f"read after a league correction (replayed): {await timed(board):,.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--league", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--database-url", default=None)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
