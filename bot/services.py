"""The application services the front ends share: the store, the tables, the standings
and ratings, the leagues, the players' preferences, the duplicate challenge, the pars, the
analysis of a hand.

One object to open at start-up and close at shutdown, so the Discord client, the terminal
and the tests all start the same things in the same order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from pathlib import Path

from bot.analysis import AnalysisService
from bot.challenge import ChallengeService
from bot.league.service import LeagueService
from bot.pars import ParService
from bot.preferences import PreferenceService
from bot.ratings import RatingService
from bot.shards import ShardSet
from bot.standings import StandingsService
from bot.store import Store, open_store
from bot.tables import Clock, TableAnswer, TableService, new_seed
from bot.tables.events import HandScored

log = logging.getLogger(__name__)
TIMER_TASK_NAME = "bg:table-timers"  # "bg:" marks long-lived tasks (docs/discord-harness.md)


class Services:
    """The bot's services on one store: tables, standings, ratings, leagues and
    preferences, opened and closed together."""

    def __init__(self, store: Store, tables: TableService) -> None:
        self.store = store
        self.tables = tables
        self.standings = StandingsService(store.stats)
        self.ratings = RatingService(store, tables.clock.now)
        # The league deals its bot tables on the table service, where the front end says.
        # Its nights' seeds come from the tables' source: one seed source for every deal.
        self.leagues = LeagueService(
            store, tables.clock.now, tables, seed=tables.seeds, shards=tables.shards
        )
        self.preferences = PreferenceService(store.preferences, tables.clock.now)
        # The challenge's computers decide on the tables' workers, so both share the cores.
        self.challenges = ChallengeService(
            store, tables.computers.compute, tables.clock.now, shards=tables.shards
        )
        # The pars of hands played with three computers: on the same workers, in their
        # idle time only, woken by every scored hand.
        self.pars = ParService(
            store, tables.computers.background, tables.clock.now, shards=tables.shards
        )
        tables.listeners.append(self._hand_scored)
        # Analysis of a hand searches on the same workers, one decision at a time.
        self.analysis = AnalysisService(store, tables, tables.computers.compute, tables.clock.now)
        self._timers: asyncio.Task[None] | None = None

    @classmethod
    async def open(
        cls,
        database: str | Path,
        clock: Clock | None = None,
        exclusive: bool = False,
        budget_ms: float | None = None,
        processes: bool = False,
        shards: ShardSet | None = None,
        seeds: Callable[[], str] = new_seed,
    ) -> Services:
        """Open and migrate the database (a SQLite file or a PostgreSQL URL), then restore
        every open table of `shards`' guilds (default: all). `exclusive`: the bot process,
        the only one running these shards on this database.
        ``budget_ms`` is a strong computer's time per decision (``COMPUTER_BUDGET_MS``);
        ``processes`` puts the computers' decisions in worker processes (the bot) instead
        of threads; ``seeds`` gives each new table's and league night's seed (random)."""
        shards = shards or ShardSet()
        store = await open_store(database, exclusive, shards)
        tables = TableService(store, clock, budget_ms, processes, shards=shards, seeds=seeds)
        try:
            restored = await tables.restore()
        except BaseException:
            # The store's worker thread is not a daemon: left open, it would keep a failed
            # process alive after the traceback, and a supervisor would never restart it.
            await store.close()
            raise
        log.info("restored %d open tables (%s)", len(restored), shards)
        return cls(store, tables)

    def start_timers(self) -> None:
        """Run the tables' timers in the background (turn timers, computers, claim windows),
        the challenge's pars and the hands' pars."""
        if self._timers is None:
            self._timers = asyncio.create_task(self.tables.run_timers(), name=TIMER_TASK_NAME)
        self.challenges.start_pars()
        self.pars.start()

    async def _hand_scored(self, answer: TableAnswer) -> None:
        """A table's answer: wake the pars' worker when it scored a hand."""
        if any(isinstance(event, HandScored) for event in answer.events):
            self.pars.wake()

    async def close(self) -> None:
        """Finish the table operations in flight (new ones are refused), then stop the
        timers and close the store: nothing is cut off half-way by the closing store."""
        await self.tables.quiesce()
        await self.challenges.close()
        await self.pars.close()
        if self._timers is not None:
            self._timers.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._timers
            self._timers = None
        self.tables.computers.close()
        await self.store.close()
