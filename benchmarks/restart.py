"""Restart time: how long start-up takes to restore every open table from SQLite on disk.

Builds ``--tables`` open tables (a quarter in the lobby, the rest mid-match after a
random number of moves, so snapshots carry tricks and score-sheet lines), closes the
store, then times ``Services.open`` (open, migrate, restore every table) ``--runs`` times
and the first timer tick after it (overdue deadlines). Run:
``.venv/bin/python benchmarks/restart.py [--tables 1000] [--runs 3]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from tables import HUMAN, one_move  # the table load benchmark's helpers (same folder)

from bot.engine.seats import FOUR_SEATS
from bot.services import Services
from bot.tables import TableService

LOBBY_EVERY = 4  # every fourth table is a lobby with its opener; the rest are playing


async def build_table(service: TableService, n: int, rng: random.Random) -> None:
    base = 1000 * (n + 1)
    table = await service.open(1, base, base, "p0", None, HUMAN)
    if n % LOBBY_EVERY == 0:
        return  # a lobby with its opener
    for seat in FOUR_SEATS.seats_around(0):
        await service.sit(table.id, base + seat, f"p{seat}", seat)
    await service.start(table.id, base)
    for _ in range(rng.randrange(5, 120)):
        if not await one_move(service, table.id, rng):
            break


async def build(path: Path, tables: int) -> int:
    services = await Services.open(path)
    rng = random.Random(13)
    batch = 50  # tables built at once: their writes share commits (group commit)
    for start in range(0, tables, batch):
        chunk = range(start, min(tables, start + batch))
        await asyncio.gather(*(build_table(services.tables, n, rng) for n in chunk))
    count = len(services.tables.open_tables())
    await services.close()
    return count


async def restart(path: Path) -> tuple[float, float, int]:
    """Seconds for Services.open and for the first tick after it; tables restored."""
    began = time.perf_counter()
    services = await Services.open(path)
    opened = time.perf_counter() - began
    began = time.perf_counter()
    await services.tables.tick()
    ticked = time.perf_counter() - began
    restored = len(services.tables.open_tables())
    await services.close()
    return opened, ticked, restored


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "restart.sqlite3"
        began = time.perf_counter()
        built = await build(path, args.tables)
        size = sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))
        print(
            f"built {built} open tables in {time.perf_counter() - began:.0f} s "
            f"({size / 2**20:.1f} MiB database)"
        )
        runs = [await restart(path) for _ in range(args.runs)]
    opened = [r[0] for r in runs]
    print(
        f"restart: {runs[0][2]} open tables restored in {statistics.median(opened):.2f} s "
        f"(median of {len(runs)}: {', '.join(f'{s:.2f}' for s in opened)} s; open, migrate "
        f"and restore), first tick {statistics.median(r[1] for r in runs) * 1000:.0f} ms"
    )
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    asyncio.run(main())
