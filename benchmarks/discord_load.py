"""Discord-side load: tables played by button clicks through the offline harness.

The real bot and real discord.py objects (tests/harness), four human players per table,
every action a click on the player's hand message, as Discord would deliver it. Prints,
per run: the bot's CPU per click (process CPU time, `time.process_time`, with the
harness's own cost -- recording calls, answering as Discord, the players' tasks choosing
and sending clicks -- measured and subtracted, and stated separately; see `Meter`), the
p50/p99 time from a click arriving to its interaction response, requests per click by
kind (interaction token or bot token; the table message's edits that upload its picture
apart), bot-token requests per second per 100 tables (Discord's global limit is ~50/s a
bot), store commits per click, and the table picture's render time and size: the public
picture of every table's state at the end of the run, rendered after it (at least 200
renders; `benchmarks/pictures.py`'s measurement), beside how many pictures the run uploaded.

Run: ``.venv/bin/python benchmarks/discord_load.py [--tables 1,10,100] [--think 2]
[--seconds 30]``; ``--think 0`` plays at full speed (every table clicks as soon as its
last click was answered). Real HTTP (aiohttp, TLS) is not in these figures: it would add
to the bot's CPU per request. Tables use no turn timer and no claim window (the timer
loop's only work is closing the hand), so every action is a human click.

To compare two checkouts within a few per cent, give every run the same work and repeat
it: ``--clicks 200 --seed bench`` (table n deals from ``bench/n`` and plays 200 clicks,
chosen by a generator seeded with its number, so both checkouts play the same cards and
buttons, as the printed click digest shows) and ``--repeat 5`` (each run five times in
the process, then the minimum and the median). ``--bytecodes`` counts instead the Python
bytecodes the project's own files (bot/, cogs/) run per click on the event loop, with the
table message edited after every click and its picture drawn whenever a trick or hand
ends (no edit interval and no rate budget, as at the pace of play, where clicks are farther
apart than the interval): a figure the machine's load and the pace do not move (the
compiled engine's work is not in it); the CPU figures of such a run are the tracer's.

Like the live bot, the process holds its guild and channels in discord.py's cache (a bot
with the guilds intent gets them from GUILD_CREATE) and settles its heap once the tables
are open (`bot/runtime.py`). A player clicks as soon as their hand shows the new state
(the world tells them when it edits the message; players who looked every 10 ms would set
the pace of a single table and count idle wake-ups as the bot's).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Generator, Iterable, Mapping, Sequence
from pathlib import Path
from types import CodeType, FrameType
from typing import Any, TypeVar

import discord
from discord.http import Route

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the harness lives in tests/

from bot.client import KlaverjasBot  # noqa: E402
from bot.engine.seats import FOUR_SEATS, SEATS  # noqa: E402
from bot.services import Services  # noqa: E402
from bot.tables import FakeClock, TableService, TableSettings  # noqa: E402
from tests.harness import payloads  # noqa: E402
from tests.harness.harness import Harness  # noqa: E402
from tests.harness.limits import iter_components  # noqa: E402
from tests.harness.recorder import Call, Recorder  # noqa: E402
from tests.harness.world import CALLBACK, World  # noqa: E402

HUMAN = TableSettings(turn_timer=0, claim_grace=0, trick_pause=0, bot_delay=0)
PLAY_PREFIXES = ("kj:card:", "kj:trump:")
UPLOAD = "(uploading the table picture)"  # an edit's request kind when it carries one
T = TypeVar("T")


def settle_heap() -> None:
    """`bot.runtime.settle_heap`, where the checkout has it: the benchmark also runs on
    older checkouts (the before figures in docs/benchmarks.md), which did not settle their heap."""
    try:
        from bot import runtime
    except ImportError:
        return
    runtime.settle_heap()


def warm_pictures(tables: TableService, ids: Sequence[int]) -> None:
    """Draw each table's picture once before the timed run, where the checkout has the table
    picture: a live bot drew the picture's fixed parts once per process and each table's
    name plates once per match, long before (in a 20 s run each table sees ~10 clicks, so
    those one-off costs would be counted as if every click paid a share of them)."""
    try:
        from bot.pictures.table import table_picture
    except ImportError:
        return
    for table_id in ids:
        table_picture(tables.get(table_id).public, None)


def picture_figures(tables: TableService, ids: Sequence[int]) -> str:
    """The table picture's render time and PNG size on the tables' states now (the public
    picture, as the table message shows it), where the checkout has the picture."""
    try:
        from benchmarks.pictures import render_figures
    except ImportError:
        return "no table picture in this checkout"
    states = [tables.get(table_id).public for table_id in ids]
    renders = max(200, len(states))
    figures = render_figures(states, renders, viewers=(None,))
    return f"{renders} renders of {len(states)} states: {figures.summary()}"


class BenchBot(KlaverjasBot):
    """The real bot on a clock the benchmark moves (no timer loop: drivers close hands)."""

    clock: FakeClock

    async def open_services(self) -> None:
        self.clock = FakeClock()
        self._services = await Services.open(self.settings.database_path, self.clock)


class BenchWorld(World):
    """The harness's world, telling a waiting player when a message is edited (a player
    sees their hand change; polling at a fixed interval would set the pace instead)."""

    def __init__(self) -> None:
        super().__init__()
        self._waiting: dict[int, asyncio.Future[None]] = {}

    def edited(self, message_id: int) -> asyncio.Future[None]:
        waiter = self._waiting.get(message_id)
        if waiter is None or waiter.done():
            waiter = self._waiting[message_id] = asyncio.get_running_loop().create_future()
        return waiter

    def edit_message(self, message_id: int, body: Mapping[str, Any]) -> dict[str, Any]:
        message = super().edit_message(message_id, body)
        waiter = self._waiting.pop(message_id, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(None)
        return message


class Meter:
    """What one run counts: harness CPU, response times, requests by kind.

    Harness CPU is main-thread time (`time.thread_time`: the store's worker thread may be
    committing meanwhile, and that is the bot's): the recorder's calls, and every step of
    the players' and housekeeping tasks (`Timed`) less the bot's code they call inline
    (`bot_inline`: receiving the click, the timer loop's tick)."""

    def __init__(self) -> None:
        self.harness_cpu = 0.0
        self.bot_inline = 0.0
        self.waiting: dict[int, tuple[float, asyncio.Future[None]]] = {}
        self.latencies: list[float] = []
        self.requests: Counter[str] = Counter()

    def reset(self) -> None:
        self.harness_cpu = 0.0
        self.bot_inline = 0.0
        self.latencies.clear()
        self.requests.clear()

    def answered(self, interaction_id: int) -> None:
        started = self.waiting.pop(interaction_id, None)
        if started is not None:
            self.latencies.append(time.perf_counter() - started[0])
            if not started[1].done():
                started[1].set_result(None)


class Bytecodes:
    """The Python bytecodes run by the project's own code (`--bytecodes`), by area: a trace
    function on the event loop's thread follows every frame of a file under bot/ or cogs/
    opcode by opcode (other frames run untraced)."""

    AREAS = ("bot/engine/", "bot/tables/", "bot/", "cogs/")

    def __init__(self) -> None:
        self.root = str(Path(__file__).resolve().parent.parent) + os.sep
        self.areas: dict[CodeType, str | None] = {}
        self.ops: Counter[CodeType] = Counter()

    def start(self) -> None:
        sys.settrace(self._call)

    def stop(self) -> None:
        sys.settrace(None)

    def _area(self, code: CodeType) -> str | None:
        name = code.co_filename.removeprefix(self.root)
        return next((area for area in self.AREAS if name.startswith(area)), None)

    def _call(self, frame: FrameType, event: str, arg: Any) -> Any:
        code = frame.f_code
        if code not in self.areas:
            self.areas[code] = self._area(code)
        if self.areas[code] is None:
            return None
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        return self._opcode

    def _opcode(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            self.ops[frame.f_code] += 1
        return self._opcode

    def summary(self, clicks: int) -> str:
        by_area: Counter[str] = Counter()
        for code, count in self.ops.items():
            by_area[self.areas[code] or ""] += count
        named = {"bot/": "other bot/"}
        parts = ", ".join(
            f"{named.get(area, area)} {by_area[area] / clicks:,.0f}" for area in self.AREAS
        )
        total = sum(by_area.values()) / clicks
        return f"  Python bytecodes per click, bot/ and cogs/: {total:,.0f} ({parts})"


class Timed(Coroutine[Any, Any, T]):
    """A harness task's coroutine with every step timed as the harness's CPU: a player
    choosing and sending a click, waiting, thinking (counting only the payload building and the
    recorder would put the players' own task steps on the bot).
    The event loop's wake-up for a click stays the bot's: it stands for the gateway's
    socket read, which is not simulated (a live bot also inflates and parses the event)."""

    def __init__(self, coro: Coroutine[Any, Any, T], meter: Meter) -> None:
        self._coro = coro
        self._meter = meter

    def _timed(self, step: Callable[[], Any]) -> Any:
        started, inline = time.thread_time(), self._meter.bot_inline
        try:
            return step()
        finally:
            spent = time.thread_time() - started - (self._meter.bot_inline - inline)
            self._meter.harness_cpu += spent

    def send(self, value: Any) -> Any:
        return self._timed(lambda: self._coro.send(value))

    def throw(self, *args: Any) -> Any:
        return self._timed(lambda: self._coro.throw(*args))

    def close(self) -> None:
        self._coro.close()

    def __await__(self) -> Generator[Any, None, T]:
        return self._coro.__await__()


def request_kind(via: str, route: Route, files: bool = False) -> str:
    if via == "rest":
        upload = f" {UPLOAD}" if files else ""
        return f"bot token: {route.method} {route.path}{upload}"
    if route.path == CALLBACK:
        return "interaction token: response"
    return f"interaction token: {route.method} {route.path.split('/')[-1]}"


class MeteredRecorder(Recorder):
    """The harness's recorder, timed: its CPU is the harness's, not the bot's."""

    def __init__(self, world: World, meter: Meter) -> None:
        super().__init__(world)
        self.meter = meter
        # Off once the tables are open: the timed run reads no recorded call again, and a
        # log of every request growing through the run would make the garbage collector's
        # sweeps (counted as the bot's CPU) grow with it; a live bot keeps no such log.
        self.keep = True

    def record(self, via: str, route: Route, body: Any, files: Sequence[Any], **extra: Any) -> Call:
        call = super().record(via, route, body, files, **extra)
        if not self.keep:
            self.calls.pop()
        return call

    def on_webhook(
        self,
        route: Route,
        body: Any,
        files: Sequence[discord.File],
        params: dict[str, Any] | None,
        reason: str | None,
    ) -> Any:
        started = time.thread_time()
        try:
            return super().on_webhook(route, body, files, params, reason)
        finally:
            self.meter.requests[request_kind("webhook", route)] += 1
            if route.path == CALLBACK and route.webhook_id is not None:
                self.meter.answered(int(route.webhook_id))
            self.meter.harness_cpu += time.thread_time() - started

    async def on_rest(self, route: Route, **kwargs: Any) -> Any:
        started = time.thread_time()
        try:
            return await super().on_rest(route, **kwargs)
        finally:
            files = bool(kwargs.get("files"))
            self.meter.requests[request_kind("rest", route, files)] += 1
            self.meter.harness_cpu += time.thread_time() - started


class Run:
    """N tables of four humans in one bot process, each seat with its hand message open."""

    def __init__(self, harness: Harness, meter: Meter) -> None:
        self.harness = harness
        self.meter = meter
        self.hands: dict[tuple[int, int], int] = {}  # (table, user) -> hand message id
        self.clicks = 0
        self.refreshes = 0
        self.driving = 0  # tables still playing
        self.played: dict[int, list[str]] = {}  # table -> the buttons it clicked, in order

    @property
    def bot(self) -> BenchBot:
        assert isinstance(self.harness.bot, BenchBot)
        return self.harness.bot

    def digest(self) -> str:
        """A short digest of every table's clicks: equal on two runs that played alike."""
        played = sorted(self.played.items())
        return hashlib.sha256(repr(played).encode()).hexdigest()[:12]

    async def open_tables(self, count: int, seed: str | None = None) -> list[int]:
        """Open `count` tables of four and start them; ``seed``: table n deals from
        ``seed/n`` (the same cards on every run and checkout), else from its own seed."""
        world, service = self.harness.world, self.bot.services.tables
        ids = []
        for n in range(count):
            channel = world.add_channel(f"table-{n}")
            users = [world.add_user(f"p{n}-{seat}") for seat in SEATS]
            deal = None if seed is None else f"{seed}/{n}"
            opened = await service.open(
                world.guild_id, channel, users[0], f"p{n}-0", None, HUMAN, deal_seed=deal
            )
            for seat in FOUR_SEATS.seats_around(0):
                await service.sit(opened.id, users[seat], f"p{n}-{seat}", seat)
            await service.start(opened.id, users[0])
            ids.append(opened.id)
        await self.flush()
        for table_id in ids:  # every player opens their hand once: My hand
            public = self.public(table_id)
            for place in service.get(table_id).public.seats:
                user = place.user_id
                assert user is not None
                custom_id = f"kj:hand:{table_id}"
                payload = payloads.component_payload(world, custom_id, public, user=user)
                result = await self.harness.dispatch(payload)
                message_id = result.response.message_id
                assert message_id is not None
                self.hands[(table_id, user)] = message_id
        await self.flush()
        return ids

    def public(self, table_id: int) -> dict[str, Any]:
        cog: Any = self.bot.get_cog("Tables")
        message_id = cog.publisher.message_id(self.bot.services.tables.get(table_id))
        return self.harness.world.messages[message_id]

    async def flush(self) -> None:
        cog: Any = self.bot.get_cog("Tables")
        await self.harness.settle(timeout=120)
        await cog.publisher.flush()
        await cog.nudger.flush()
        await self.harness.settle(timeout=120)

    async def drive(
        self, table_id: int, think: float, until: float, clicks: int | None = None
    ) -> None:
        """Play table `table_id` until `until` (perf_counter) or, given `clicks`, that many
        clicks, each `think` seconds apart on average (0: at once)."""
        self.driving += 1
        try:
            await self._drive(table_id, think, until, clicks)
        finally:
            self.driving -= 1

    async def _drive(self, table_id: int, think: float, until: float, clicks: int | None) -> None:
        rng = random.Random(table_id)
        service = self.bot.services.tables
        played = self.played.setdefault(table_id, [])
        if think:
            await asyncio.sleep(rng.random() * think)  # tables do not all start at once
        while time.perf_counter() < until and (clicks is None or len(played) < clicks):
            table = service.registry.get(table_id)
            hand = table.match.hand if table.match is not None else None
            if not table.is_open or hand is None:
                return
            if hand.to_act is None:  # the claim window closes: the timer loop's work
                await bot_task(service.tick())
                await asyncio.sleep(0)
                continue
            user = table.seats[hand.to_act].user_id
            assert user is not None
            custom_id = await self._pick(table_id, table.seq, user, rng)
            played.append(custom_id)
            await self.click(table_id, user, custom_id)
            if think:
                pause = rng.expovariate(1 / think)
                await asyncio.sleep(min(pause, max(0.0, until - time.perf_counter())))

    async def _pick(self, table_id: int, seq: int, user: int, rng: random.Random) -> str:
        """An enabled card or trump button of the current state, once the hand shows it:
        the player looks again each time the world edits a message (the nudger redraws
        the hand in the background), as soon as it does, up to half a second."""
        message_id = self.hands[(table_id, user)]
        world = self.harness.world
        assert isinstance(world, BenchWorld)
        deadline = time.perf_counter() + 0.5
        while True:
            message = world.messages[message_id]
            options = _enabled(message["components"], PLAY_PREFIXES, f":{table_id}:{seq}:")
            if options:
                return rng.choice(options)
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(world.edited(message_id), left)
        self.refreshes += 1  # not redrawn: the player presses Refresh
        await self.click(table_id, user, f"kj:refresh:{table_id}")
        message = world.messages[message_id]
        return rng.choice(_enabled(message["components"], PLAY_PREFIXES, f":{table_id}:"))

    async def click(self, table_id: int, user: int, custom_id: str) -> None:
        world = self.harness.world
        message = world.messages[self.hands[(table_id, user)]]
        payload = payloads.component_payload(world, custom_id, message, user=user)
        world.remember_interaction(payload)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.meter.waiting[int(payload["id"])] = (time.perf_counter(), done)
        started = time.thread_time()  # the bot receiving the click (discord.py's parser)
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        self.meter.bot_inline += time.thread_time() - started
        self.clicks += 1
        await asyncio.wait_for(done, timeout=30)

    async def housekeeping(self, until: float) -> None:
        """Forget finished tasks (the harness keeps them until it settles); fail on errors.
        Also the bot's timer loop: the tables' clock follows real time and ticks every
        0.5 s (the bot's CPU), so a player slower than the notice grace is told, as live."""
        last = time.perf_counter()
        await asyncio.sleep(0)  # the drivers start first
        while time.perf_counter() < until and self.driving:
            await asyncio.sleep(0.5)
            now = time.perf_counter()
            self.bot.clock.advance(now - last)
            last = now
            await bot_task(self.bot.services.tables.tick())
            errors = self.harness._collect_finished()
            if errors:
                raise errors[0]


async def bot_task(work: Coroutine[Any, Any, Any]) -> None:
    """Run the bot's `work` as its own task, so a harness task's timed steps hold none of it."""
    await asyncio.create_task(work)


def _enabled(
    components: Iterable[dict[str, Any]], prefixes: tuple[str, ...], part: str
) -> list[str]:
    return [
        c["custom_id"]
        for c in iter_components(list(components))
        if c.get("custom_id", "").startswith(prefixes)
        and part in c["custom_id"]
        and not c.get("disabled")
    ]


def cache_guild(harness: Harness) -> None:
    """What the live bot holds (it has the guilds intent, so GUILD_CREATE fills its cache):
    the guild with its channels. Without it discord.py builds a partial guild and channel
    from every interaction's payload, work a live bot does not do."""
    world, state = harness.world, harness.bot._connection
    data = {
        "id": str(world.guild_id),
        "name": "benchmark",
        "channels": list(world.channels.values()),
        "roles": [],
        "members": [],
        "member_count": len(world.users) + 1,
    }
    state._add_guild(discord.Guild(data=data, state=state))  # type: ignore[arg-type]


def commits_of(harness: Harness) -> int:
    """Transactions the store has committed (group commit's counter; 0 where a checkout
    has none): at a human pace each click is its own commit, with its fsync."""
    store: Any = harness.bot.services.store
    return int(getattr(getattr(store, "commits", None), "batches", 0))


async def run(
    folder: Path,
    tables: int,
    think: float,
    seconds: float,
    clicks: int | None = None,
    seed: str | None = None,
    bytecodes: Bytecodes | None = None,
) -> dict[str, float]:
    """One run: `tables` tables played for `seconds` (or `clicks` clicks each, see
    `Run.drive`), dealt from `seed` if given, its bytecodes counted into `bytecodes` if
    given; prints its figures and returns the bot's."""
    meter = Meter()
    world = BenchWorld()
    name = f"load-{tables}-{think}-{time.perf_counter_ns()}.sqlite3"
    harness = Harness(folder / name, world=world, bot_class=BenchBot)
    recorder = MeteredRecorder(world, meter)
    harness.recorder = recorder
    await harness.start()
    try:
        load = Run(harness, meter)
        ids = await load.open_tables(tables, seed)
        cache_guild(harness)
        warm_pictures(load.bot.services.tables, ids)
        # What the live bot does once it is ready with its tables (bot/__main__.py).
        settle_heap()
        meter.reset()
        recorder.keep = False
        began_wall, began_cpu = time.perf_counter(), time.process_time()
        began_sys = resource.getrusage(resource.RUSAGE_SELF).ru_stime
        began_commits = commits_of(harness)
        if bytecodes is not None:  # every click's table message edited, whatever the pace
            cog: Any = load.bot.get_cog("Tables")
            cog.publisher.interval = 0.0
            cog.publisher.budget.rate = cog.publisher.pictures.rate = 0.0  # no budget
            bytecodes.start()
        until = began_wall + seconds if clicks is None else float("inf")
        drivers = [Timed(load.drive(i, think, until, clicks), meter) for i in ids]
        await asyncio.gather(Timed(load.housekeeping(until), meter), *drivers)
        if bytecodes is not None:
            bytecodes.stop()
        elapsed = time.perf_counter() - began_wall
        total_cpu = time.process_time() - began_cpu
        system_cpu = resource.getrusage(resource.RUSAGE_SELF).ru_stime - began_sys
        commits = commits_of(harness) - began_commits
        harness_cpu = meter.harness_cpu
        requests = dict(meter.requests)
        await load.flush()
        pictures = picture_figures(load.bot.services.tables, ids)
    finally:
        await harness.close()
    clicks = max(1, load.clicks)
    bot_cpu = total_cpu - harness_cpu
    ms = sorted(x * 1000 for x in meter.latencies) or [0.0]
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    by_token = sum(n for kind, n in requests.items() if kind.startswith("interaction"))
    by_bot = sum(n for kind, n in requests.items() if kind.startswith("bot token"))
    bot_per_s_100 = by_bot / elapsed * 100 / tables
    uploads = sum(n for kind, n in requests.items() if kind.endswith(UPLOAD))
    load_avg = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    pace = f"think {think:g} s" if think else "full speed"
    digest = load.digest()
    print(
        f"{tables} tables, {pace}, {elapsed:.0f} s (load {load_avg}): {load.clicks} clicks "
        f"({load.clicks / elapsed:,.1f}/s, {load.refreshes} refreshes; click digest {digest})\n"
        f"  CPU per click: bot {bot_cpu / clicks * 1000:.2f} ms, harness "
        f"{harness_cpu / clicks * 1000:.2f} ms (together {total_cpu / clicks * 1000:.2f} ms, "
        f"of which the kernel's {system_cpu / clicks * 1000:.2f} ms)\n"
        f"  response p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms\n"
        f"  requests per click: {(by_token + by_bot) / clicks:.2f} = interaction token "
        f"{by_token / clicks:.2f} + bot token {by_bot / clicks:.2f}; bot-token requests "
        f"per second per 100 tables: {bot_per_s_100:.1f}\n"
        f"  store commits per click: {commits / clicks:.2f}\n"
        f"  table picture: {uploads} uploaded in the run ({uploads / clicks:.3f} per click); "
        f"{pictures}"
    )
    for kind, n in sorted(requests.items()):
        print(f"    {kind}: {n / clicks:.2f} per click")
    if bytecodes is not None:
        print(bytecodes.summary(clicks))
    return {"bot_ms": bot_cpu / clicks * 1000, "bot_per_s_100": bot_per_s_100}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", default="1,10,100", help="comma-separated table counts")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds between moves")
    parser.add_argument("--seconds", type=float, default=30.0, help="per realistic run")
    parser.add_argument("--full-seconds", type=float, default=10.0, help="per full-speed run")
    parser.add_argument("--no-full", action="store_true", help="skip the full-speed runs")
    parser.add_argument("--clicks", type=int, help="clicks per table (instead of seconds)")
    parser.add_argument("--seed", help="deal table n from SEED/n (the same cards every run)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each, then min/median")
    parser.add_argument("--bytecodes", action="store_true", help="count the bot's bytecodes")
    args = parser.parse_args()
    counts = [int(c) for c in args.tables.split(",") if c.strip()]
    runs = [(count, args.think, args.seconds) for count in counts]
    if not args.no_full:
        runs += [(count, 0.0, args.full_seconds) for count in counts]
    with tempfile.TemporaryDirectory() as name:
        for count, think, seconds in runs:
            figures = [
                await run(
                    Path(name),
                    count,
                    think,
                    seconds,
                    args.clicks,
                    args.seed,
                    Bytecodes() if args.bytecodes else None,
                )
                for _ in range(args.repeat)
            ]
            if args.repeat > 1:
                print(repeated(count, think, [f["bot_ms"] for f in figures]))


def repeated(tables: int, think: float, bot_ms: Sequence[float]) -> str:
    """The line summing up repeated runs: the bot's CPU per click, each run, min, median."""
    each = ", ".join(f"{ms:.3f}" for ms in bot_ms)
    pace = f"think {think:g} s" if think else "full speed"
    return (
        f"{tables} tables, {pace}, {len(bot_ms)} runs: bot CPU per click {each} ms; "
        f"min {min(bot_ms):.3f}, median {statistics.median(bot_ms):.3f} ms"
    )


if __name__ == "__main__":
    asyncio.run(main())
