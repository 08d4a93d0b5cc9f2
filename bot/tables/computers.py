"""The computer players of every table, and the workers their decisions run on.

A decision of the strong player searches for up to its budget (150 ms by default): run on
the event loop it would hold up every other table, so ``decide`` hands it to a worker and
awaits it. The table's lock stays held meanwhile (nothing else happens at that table
until the move is committed), but other tables go on. The Discord process uses worker
processes (``processes=True``): the compiled solver holds the GIL while it searches, so a
worker thread would still slow the event loop down; tests and the terminal use threads.

A decision is a pure function of the seat's view, the level, a seed made of the table's
seed, the seat and the table's sequence number, and the budget: nothing about a player
lives between decisions, so any worker can take any decision, and a restart changes
nothing. When more decisions are under way than there are workers, each gets a share of
the budget, so a busy bot answers at the same pace instead of queueing.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from bot.engine import Action, Hand, action_from_dict
from bot.players import (
    BUDGET_MS,
    LEVELS,
    Effort,
    Player,
    SeatView,
    decision,
    make_player,
    view_for,
)
from bot.players.hint import Hint, hint_for

from .model import SeatKind, Table

WORKERS = 2  # the machine's cores: more workers only share the same time
DEFAULT_BUDGET_MS = BUDGET_MS  # the tests set 0: one sample per decision, never the clock
MIN_BUDGET_MS = 20.0  # below this the strong player hardly samples: keep some quality
T = TypeVar("T")


def level_of(table: Table, seat: int) -> str:
    """The level of the computer playing ``seat``: the seat's own, else the table's (a
    human's seat played by the computer while they are away, or an older table)."""
    return table.seats[seat].level or table.settings.computer_kind


def check_level(level: str) -> str:
    """The level named by ``level`` (any case), or ValueError when there is none."""
    key = level.strip().lower()
    if key not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return key


def seed_of(table: Table, seat: int) -> str:
    """The seed of the seat's next decision: reproducible from the table's state."""
    return f"{table.seed}/{seat}/{table.seq}"


def player_for(level: str, seed: str, budget_ms: float, normal_opponents: bool = False) -> Player:
    """The player that takes one decision (module level: a worker process imports it)."""
    return make_player(level, seed, budget_ms, normal_opponents)


def normal_opponents(table: Table, seat: int) -> bool:
    """Whether both opponents of ``seat`` are normal computers (the table shows every
    seat's level): a strong player then models their play (bot/players, make_player)."""
    return all(
        table.seats[other].kind == SeatKind.COMPUTER
        and level_of(table, other) in ("normal", "heuristic")
        for other in ((seat + 1) % 4, (seat + 3) % 4)
    )


def decide_action(
    level: str,
    seed: str,
    budget_ms: float,
    view: SeatView,
    modelled: bool = False,
    effort: Effort | None = None,
) -> dict[str, Any]:
    """One decision, as the action's stored dict (what crosses back from a worker); with an
    ``effort`` a strong player searches that instead of ``budget_ms`` of time."""
    if effort is None:
        player = player_for(level, seed, budget_ms, modelled)
    else:
        player = make_player(level, seed, budget_ms, modelled, effort)
    return decision(player, view).to_dict()


class Computers:
    """``budget_ms`` is a strong decision's time; settings lower it when many tables run."""

    def __init__(
        self, budget_ms: float | None = None, workers: int = WORKERS, processes: bool = False
    ) -> None:
        """``workers`` decide at once, in processes when ``processes``, else threads."""
        self._budget_ms = budget_ms
        self.workers = workers
        self._pool: Executor
        if processes:
            # forkserver: workers start from a clean process, not a fork of one running
            # threads (the store's SQLite thread, the event loop).
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(workers, mp_context=context)
        else:
            self._pool = ThreadPoolExecutor(workers, thread_name_prefix="computer")
        self._running = 0
        self._idle = asyncio.Event()  # set while no decision runs
        self._idle.set()
        self._background = asyncio.Lock()  # one background work at a time

    @property
    def budget_ms(self) -> float:
        """A strong decision's whole budget, in milliseconds."""
        return DEFAULT_BUDGET_MS if self._budget_ms is None else self._budget_ms

    def brain(self, table: Table, seat: int) -> Player:
        """The player that would take the seat's next decision (for tools and tests)."""
        level, seed = level_of(table, seat), seed_of(table, seat)
        return player_for(level, seed, self.budget_ms, normal_opponents(table, seat))

    def share_ms(self) -> float:
        """The budget of a decision starting now: the whole budget while the workers keep
        up, a share of it when more decisions run at once than there are workers."""
        busy = max(self.workers, self._running + 1)
        return max(min(self.budget_ms, MIN_BUDGET_MS), self.budget_ms * self.workers / busy)

    async def decide(self, table: Table, hand: Hand, seat: int) -> Action:
        """The engine action the seat's computer player takes now (trump, call or card),
        decided by a worker from the seat's view (copied here, on the loop)."""
        view = view_for(hand, seat)
        level, seed = level_of(table, seat), seed_of(table, seat)
        modelled = normal_opponents(table, seat)
        work = partial(decide_action, level, seed, self.share_ms(), view, modelled)
        return action_from_dict(await self._off_loop(work))

    async def hint(self, view: SeatView, seed: str) -> Hint:
        """The strong player's advice for ``view``'s seat, computed by a worker."""
        return await self._off_loop(partial(hint_for, view, seed, self.share_ms()))

    async def compute(self, work: Callable[[], T]) -> T:
        """Run ``work`` on a worker (picklable: a module-level function and its arguments):
        the decisions other services' computers take (bot/challenge) share these workers."""
        return await self._off_loop(work)

    async def background(self, work: Callable[[], T]) -> T:
        """Run ``work`` like `compute`, but only once no other decision runs, and one such
        work at a time: work that must not hold up play (the pars of hands, bot/pars).
        A decision that comes while it runs finds another worker free, at its whole
        budget (``share_ms`` shares it out only beyond the workers); only when every
        worker is wanted at that moment does one decision wait for it to end."""
        async with self._background:
            await self._idle.wait()
            return await self._off_loop(work)

    async def _off_loop(self, work: Callable[[], T]) -> T:
        self._running += 1
        self._idle.clear()
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, work)
        finally:
            self._running -= 1
            if not self._running:
                self._idle.set()

    def forget(self, table_id: int) -> None:
        """Nothing is kept per table (kept for the service's eviction)."""

    def close(self) -> None:
        """Stop the workers (a decision under way finishes first)."""
        self._pool.shutdown(wait=True)
