"""The workers computer players decide on, shared by every service that needs one.

A decision of the strong player searches for up to its budget (150 ms by default): run on
the event loop it would hold up every other table, so ``decide`` hands it to a worker and
awaits it. The caller waits meanwhile (a table keeps its lock until the move is
committed), but other tables go on. The Discord process uses worker
processes (``processes=True``): the compiled solver holds the GIL while it searches, so a
worker thread would still slow the event loop down; tests and the terminal use threads.

A decision is a pure function of the seat's view, the level, a seed and the budget
(a table's seed is its own seed, the seat and its sequence number: bot/tables/computer_seats.py):
nothing about a player lives between decisions, so any worker can take any decision, and a
restart changes nothing. When more decisions are under way than there are workers, each
gets a share of the budget, so a busy bot answers at the same pace instead of queueing.
The challenge (bot/challenge), the pars of hands (bot/pars) and the analysis share the
same workers (`compute`, `background`).
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from bot.engine import Action, action_from_dict

from . import make_player
from .base import Player, SeatView
from .hint import Hint, hint_for
from .runner import decision
from .search import BUDGET_MS, Effort

WORKERS = 2  # the machine's cores: more workers only share the same time
DEFAULT_BUDGET_MS = BUDGET_MS  # the tests set 0: one sample per decision, never the clock
MIN_BUDGET_MS = 20.0  # below this the strong player hardly samples: keep some quality
T = TypeVar("T")


def player_for(
    level: str,
    seed: str,
    budget_ms: float,
    normal_opponents: bool = False,
    effort: Effort | None = None,
) -> Player:
    """The player that takes one decision (module level: a worker process imports it); with
    an ``effort`` a strong player searches that instead of ``budget_ms`` of time."""
    return make_player(level, seed, budget_ms, normal_opponents, effort)


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
    return decision(player_for(level, seed, budget_ms, modelled, effort), view).to_dict()


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

    def share_ms(self) -> float:
        """The budget of a decision starting now: the whole budget while the workers keep
        up, a share of it when more decisions run at once than there are workers."""
        busy = max(self.workers, self._running + 1)
        return max(min(self.budget_ms, MIN_BUDGET_MS), self.budget_ms * self.workers / busy)

    async def decide(self, level: str, seed: str, view: SeatView, modelled: bool = False) -> Action:
        """The engine action (trump choice or card) a computer at ``level`` takes from
        ``view`` (a copy, made on the loop), decided by a worker with its share of the
        budget; ``modelled``: both opponents are normal computers (`make_player`)."""
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

    def close(self) -> None:
        """Stop the workers (a decision under way finishes first)."""
        self._pool.shutdown(wait=True)
