"""The duplicate challenge under load: many members playing one server's challenge at once
through the challenge service, as the bot runs it (computers in 2 worker processes).

Prints the members' actions per second, the response time of one action (the member's
card or trump choice, the computers' replies up to their next decision, the commit)
p50/p95/p99/max, the event loop's wake-up lag, CPU time (the bot's process and its
workers) in all and per action, the store's writes and reads per action, how many of the
computers' decisions were searched rather than found already made (members who reach the
same position share them), and the par's backlog (deals still to play with four computers)
over the run.

Run: ``.venv/bin/python benchmarks/challenge.py [--members 500] [--deals 2] [--think 3]
[--nodes 80000] [--database-url postgresql://...]``. Every member starts at once and plays
``--deals`` deals, thinking ``--think`` seconds on average (exponential) before each
decision: a random legal card, a random trump choice, from a seed of their own.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import statistics
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

import bot.challenge.computers as challenge_computers
from bot.challenge import ChallengeService, PlayView
from bot.engine import Phase
from bot.players import Effort
from bot.services import Services
from bot.store.postgres.db import with_schema
from bot.tables import SystemClock

GUILD = 1
WRITES = ("save", "add_par", "open_challenge", "close", "set_settings", "set_message")


@dataclass
class Figures:
    """What the run measured."""

    latencies: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    backlog: list[tuple[float, int]] = field(default_factory=list)
    finished: int = 0


def count_calls(store: Any, counts: Counter[str]) -> None:
    """Count every call of the challenge store's methods (writes by name, the rest reads)."""
    for name in dir(store):
        method = getattr(store, name)
        if name.startswith("_") or not callable(method) or not asyncio.iscoroutinefunction(method):
            continue

        def wrapped(*args: Any, _method: Callable[..., Any] = method, _name: str = name) -> Any:
            counts[_name] += 1
            return _method(*args)

        setattr(store, name, wrapped)


def workers_cpu(services: Services) -> float:
    """CPU seconds the computers' worker processes used so far (from /proc: they are the
    forkserver's children, so the bot's own rusage of its children never sees them)."""
    pool = services.tables.computers._pool  # noqa: SLF001 - a benchmark looks inside
    total = 0
    for pid in getattr(pool, "_processes", {}) or {}:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def choose(view: PlayView, rng: random.Random) -> tuple[str, Any]:
    hand = view.hand
    assert hand is not None
    if hand.phase == Phase.TRUMP:
        options = hand.trump_options
        assert options is not None
        if options.can_pass and rng.random() < 0.6:
            return "bid", None
        return "bid", rng.choice(options.suits)
    return "play", rng.choice(sorted(hand.legal))


async def member(
    service: ChallengeService, user: int, deals: int, think: float, figures: Figures
) -> None:
    rng = random.Random(user)
    await asyncio.sleep(rng.random() * think)
    started = time.perf_counter()
    view = await service.look(GUILD, user, 10)
    view = await service.start(view.challenge.id, user, f"member{user}")
    figures.latencies.append(time.perf_counter() - started)
    while view.hand is not None and view.deal <= deals:
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        kind, value = choose(view, rng)
        operation = service.play if kind == "play" else service.bid
        started = time.perf_counter()
        view = await operation(view.challenge.id, user, view.deal, view.seq, value)
        figures.latencies.append(time.perf_counter() - started)
    figures.finished += 1


async def watch(service: ChallengeService, figures: Figures, begun: float) -> None:
    """Sample the loop's wake-up lag every 50 ms and the par backlog every second."""
    last = 0.0
    while True:
        before = time.perf_counter()
        await asyncio.sleep(0.05)
        figures.lags.append(time.perf_counter() - before - 0.05)
        if before - last >= 1.0:
            last = before
            figures.backlog.append((before - begun, service.pars.backlog))


async def run(args: argparse.Namespace, database: str | Path) -> None:
    challenge_computers.EFFORT = Effort(nodes=args.nodes)  # type: ignore[misc]
    services = await Services.open(database, SystemClock(), processes=True)
    service = services.challenges
    counts: Counter[str] = Counter()
    count_calls(service.store, counts)
    figures = Figures()
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    load_before = os.getloadavg()
    begun = time.perf_counter()
    watcher = asyncio.create_task(watch(service, figures, begun))
    await service.current(GUILD, 10)  # opens the challenge: its pars wait from now
    services.start_timers()  # the pars, in the background, as in the bot
    try:
        await asyncio.gather(
            *(
                member(service, 1000 + n, args.deals, args.think, figures)
                for n in range(args.members)
            )
        )
        wall = time.perf_counter() - begun
        par_started = time.perf_counter()
        while service.pars.backlog or service.pars.computed < args.total_deals:
            await asyncio.sleep(0.2)
        par_after = time.perf_counter() - par_started
    finally:
        watcher.cancel()
        load_after = os.getloadavg()
        replies = service.replies
        workers = workers_cpu(services)
        await services.close()
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    report(args, figures, counts, wall, par_after, replies.asked, replies.searched)
    own = (cpu_after.ru_utime + cpu_after.ru_stime) - (cpu_before.ru_utime + cpu_before.ru_stime)
    actions = len(figures.latencies)
    print(
        f"CPU (pars included): bot process {own:.1f} s, workers {workers:.1f} s, "
        f"{1000 * (own + workers) / actions:.0f} ms per action "
        f"({1000 * own / actions:.1f} ms of it on the bot's loop)"
    )
    print(
        f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f} "
        f"({os.cpu_count()} cores)"
    )


def report(
    args: argparse.Namespace,
    figures: Figures,
    counts: Counter[str],
    wall: float,
    par_after: float,
    asked: int,
    searched: int,
) -> None:
    latencies = sorted(figures.latencies)
    actions = len(latencies)
    q = statistics.quantiles(latencies, n=100)
    lags = statistics.quantiles(sorted(figures.lags), n=100)
    writes = sum(counts[name] for name in WRITES)
    reads = sum(counts.values()) - writes
    print(
        f"{args.members} members, {args.deals} deals each, think {args.think} s, "
        f"effort {args.nodes} nodes; {figures.finished} finished"
    )
    print(f"{actions} member actions in {wall:.0f} s: {actions / wall:.1f} actions/s")
    print(
        f"response per action: p50 {1000 * q[49]:.0f} ms, p95 {1000 * q[94]:.0f} ms, "
        f"p99 {1000 * q[98]:.0f} ms, max {1000 * latencies[-1]:.0f} ms"
    )
    print(f"event loop wake-up lag: p50 {1000 * lags[49]:.1f} ms, p99 {1000 * lags[98]:.1f} ms")
    print(
        f"store: {counts['save'] / actions:.2f} writes per action ({writes} writes: "
        + ", ".join(f"{name} {counts[name]}" for name in WRITES if counts[name])
        + f"), {reads / actions:.2f} reads per action"
    )
    print(
        f"computer decisions: {asked} asked, {searched} searched "
        f"({100 * (1 - searched / max(asked, 1)):.0f}% shared)"
    )
    peak = max((n for _, n in figures.backlog), default=0)
    cleared = next((t for t, n in figures.backlog if t > 1 and n == 0), None)
    when = "not during the run" if cleared is None else f"after {cleared:.0f} s"
    print(
        f"par backlog: {args.total_deals} deals at the open, peak {peak}, cleared {when}; "
        f"the rest took {par_after:.0f} s after the members finished"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=500)
    parser.add_argument("--deals", type=int, default=2, help="deals each member plays")
    parser.add_argument("--think", type=float, default=3.0, help="mean seconds per decision")
    parser.add_argument("--nodes", type=int, default=Effort().nodes, help="search effort")
    parser.add_argument("--database-url", help="postgresql://... (default: a SQLite file)")
    args = parser.parse_args()
    args.total_deals = 8  # a challenge's default deals: all get a par
    with tempfile.TemporaryDirectory() as folder:
        if args.database_url is None:
            await run(args, Path(folder) / "challenge.sqlite3")
            return
        schema = f"bench_challenge_{uuid.uuid4().hex[:8]}"
        conn = await asyncpg.connect(args.database_url)
        await conn.execute(f"CREATE SCHEMA {schema}")
        try:
            await run(args, with_schema(args.database_url, schema))
        finally:
            await conn.execute(f"DROP SCHEMA {schema} CASCADE")
            await conn.close()


if __name__ == "__main__":
    asyncio.run(main())
