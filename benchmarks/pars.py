"""The pars of hands played alone with three computers: CPU per hand and the backlog.

Plays ``--hands`` hands at tables of one person and three computers of ``--level`` through
the table service (SQLite on disk; the table's own computers at a tiny budget, only to
produce the hands), so each scored hand waits for its par in the store, as in the bot.
Then drains that backlog with the par worker's own code (`HandParWorker.run_once`), every
decision on one thread of this process, and prints the backlog before and after, the
decisions per hand, the CPU of one hand's par (mean, p50, p95, max; the strong computer at
the shipped fixed effort in the person's seat, the table's computers as their level plays)
and what one worker clears an hour at that cost.

Run: ``nice -n 19 .venv/bin/python benchmarks/pars.py [--hands 24] [--level strong]
[--nodes 80000]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from bot.pars import ParService
from bot.players import Effort
from bot.store import open_store
from bot.tables import FakeClock, TableService, TableSettings

T = TypeVar("T")
GUILD = 1
PERSON = 101
INSTANT = TableSettings(turn_timer=0, claim_grace=0, trick_pause=0, bot_delay=0)


class Meter:
    """Runs each decision on this thread and adds its process CPU to the current hand."""

    def __init__(self) -> None:
        self.hands: list[float] = []
        self.decisions: list[int] = []
        self._cpu = 0.0
        self._count = 0

    async def run(self, work: Callable[[], T]) -> T:
        start = time.process_time()
        try:
            return work()
        finally:
            self._cpu += time.process_time() - start
            self._count += 1

    def hand_done(self) -> None:
        self.hands.append(self._cpu)
        self.decisions.append(self._count)
        self._cpu, self._count = 0.0, 0


async def play_hands(tables: TableService, hands: int, level: str) -> None:
    """Tables of one person (first legal card, first allowed trump) and three computers,
    one after another, until ``hands`` hands are scored."""
    before = 0  # hands scored at earlier tables
    channel = 0
    while before < hands:
        channel += 1
        table = await tables.open(GUILD, channel, PERSON, "person", None, INSTANT)
        for seat in (1, 2, 3):
            await tables.add_computer(table.id, PERSON, seat, level=level)
        await tables.start(table.id, PERSON)
        scored = 0
        while before + scored < hands and tables.registry.get(table.id).is_open:
            state = tables.registry.get(table.id)
            hand = state.match.hand if state.match is not None else None
            if hand is None or hand.to_act != 0:
                await tables.tick()
            else:
                private = tables.hand(table.id, PERSON).private(0)
                if private.trump_options is not None:
                    suit = private.trump_options.suits[0]
                    await tables.choose_trump(table.id, PERSON, suit)
                else:
                    await tables.play(table.id, PERSON, private.legal[0])
            match = tables.registry.get(table.id).match
            scored = 0 if match is None else len(match.sheet)
        before += scored


async def main(hands: int, level: str, nodes: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pars.sqlite3"
        store = await open_store(path)
        try:
            tables = TableService(store, FakeClock(), budget_ms=0.0)
            await play_hands(tables, hands, level)
            backlog = await store.pars.waiting_count()
            meter = Meter()
            effort = replace(Effort(), nodes=nodes)
            pars = ParService(store, meter.run, time.time, effort=effort)
            started = time.perf_counter()
            for waiting in await store.pars.waiting():
                await pars.worker.compute(waiting)
                meter.hand_done()
            wall = time.perf_counter() - started
            after = await store.pars.waiting_count()
        finally:
            await store.close()
    cpu = sorted(meter.hands)
    print(f"hands played alone with three {level} computers: {hands}")
    print(f"backlog before the worker ran: {backlog} hands; after: {after}")
    print(f"decisions per hand: {statistics.mean(meter.decisions):.1f}")
    p95 = cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]
    print(
        f"CPU per hand's par: mean {statistics.mean(cpu):.2f} s, p50 {statistics.median(cpu):.2f}"
        f" s, p95 {p95:.2f} s, max {cpu[-1]:.2f} s (effort {nodes} nodes)"
    )
    print(f"one worker clears about {3600 / statistics.mean(cpu):.0f} hands an hour")
    print(f"wall time of the drain: {wall:.1f} s ({sum(cpu):.1f} s CPU)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--level", default="strong", choices=("easy", "normal", "strong"))
    parser.add_argument("--nodes", type=int, default=Effort().nodes)
    options = parser.parse_args()
    asyncio.run(main(options.hands, options.level, options.nodes))
