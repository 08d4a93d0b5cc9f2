"""The pars of hands played alone with three computers: CPU per hand and the backlog.

Plays ``--hands`` hands at tables of one person and three computers of ``--level`` through
the table service (SQLite on disk; the table's own computers at a tiny budget, only to
produce the hands), so each scored hand waits for its par in the store, as in the bot.
Then drains that backlog with the par worker's own code (`HandParWorker.run_once`), every
decision on one thread of this process, and prints the backlog before and after, the
decisions per hand, the CPU of one hand's par (mean, p50, p95, max; the strong computer at
the shipped fixed effort in the person's seat, the table's computers as their level plays)
and what one worker clears an hour at that cost.

With ``--alongside N``, it then measures what the pars cost play: ``--tables`` tables'
strong computers decide (150 ms budget, the bot's 2 worker processes), each table
``--think`` seconds after its previous decision, N decisions each; first alone, then while
the par worker drains a fresh backlog on the same workers (`Computers.background`). It
prints the tables' decision times p50/p99/max in both runs and the pars stored meanwhile.

Run: ``nice -n 19 .venv/bin/python benchmarks/pars.py [--hands 24] [--level strong]
[--nodes 80000] [--alongside 40 --tables 2 --think 1.0]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TypeVar

from bot.engine import Match, Phase, RuleSet
from bot.pars import ParService
from bot.players import Effort, RandomPlayer, move_action, view_for
from bot.players.workers import Computers, decide_action
from bot.store import Store, open_store
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


async def play_hands(tables: TableService, hands: int, level: str, channel: int = 0) -> None:
    """Tables of one person (first legal card, first allowed trump) and three computers,
    one after another, until ``hands`` hands are scored."""
    before = 0  # hands scored at earlier tables
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


async def table_decisions(
    computers: Computers, tables: int, decisions: int, think: float
) -> list[float]:
    """``tables`` tables' strong decisions at positions of random play, each table thinking
    ``think`` seconds (exponential) between them; every decision's time, in seconds."""
    times: list[float] = []
    rules = RuleSet.preset("amsterdam")

    async def table(number: int) -> None:
        rng = random.Random(number)
        players = [RandomPlayer(f"{number}/{seat}") for seat in rules.seating.seats]
        for step in range(decisions):
            hand = Match(rules, f"bench/{number}").hand_of(step + 1)
            for _ in range(rng.randrange(1, 20)):
                if hand.phase != Phase.TRUMP and hand.phase != Phase.PLAY:
                    break
                hand.apply(move_action(hand, players))
            seat = hand.to_act
            if seat is None:
                continue
            await asyncio.sleep(rng.expovariate(1 / think))
            work = partial(
                decide_action, "strong", f"{number}/{step}", computers.share_ms(),
                view_for(hand, seat),
            )  # fmt: skip
            started = time.perf_counter()
            await computers.compute(work)
            times.append(time.perf_counter() - started)

    await asyncio.gather(*(table(number) for number in range(tables)))
    return times


def quantiles(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"p50 {statistics.median(ordered) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms,"
        f" max {ordered[-1] * 1000:.0f} ms ({len(ordered)} decisions)"
    )


async def alongside(store: Store, level: str, nodes: int, options: argparse.Namespace) -> None:
    """The tables' decision times alone, then while the pars drain a backlog."""
    computers = Computers(processes=True)
    try:
        # Start both worker processes before measuring.
        await asyncio.gather(*(computers.compute(partial(time.sleep, 0.2)) for _ in range(2)))
        alone = await table_decisions(computers, options.tables, options.alongside, options.think)
        tables = TableService(store, FakeClock(), budget_ms=0.0)
        await play_hands(tables, options.hands, level, channel=1_000)
        backlog = await store.pars.waiting_count()
        effort = replace(Effort(), nodes=nodes)
        pars = ParService(store, computers.background, time.time, effort=effort)
        pars.start()
        busy = await table_decisions(computers, options.tables, options.alongside, options.think)
        await pars.close()
        left = await store.pars.waiting_count()
    finally:
        computers.close()
    print(f"tables' decisions alone: {quantiles(alone)}")
    print(f"tables' decisions while the pars drain: {quantiles(busy)}")
    print(f"pars stored meanwhile: {backlog - left} of a backlog of {backlog}")


async def main(hands: int, level: str, nodes: int, options: argparse.Namespace) -> None:
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
            if options.alongside:
                await alongside(store, level, nodes, options)
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
    parser.add_argument("--alongside", type=int, default=0)
    parser.add_argument("--tables", type=int, default=2)
    parser.add_argument("--think", type=float, default=1.0)
    options = parser.parse_args()
    asyncio.run(main(options.hands, options.level, options.nodes, options))
