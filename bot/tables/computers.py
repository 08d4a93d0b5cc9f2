"""The computer players of every table: one deterministic brain per seat and level, and the
worker threads their decisions run on.

A decision of the strong player searches for up to its budget (150 ms by default): run on
the event loop it would hold up every other table, so ``decide`` hands it to a worker
thread and awaits it. The table's lock stays held meanwhile (nothing else happens at that
table until the move is committed), but other tables go on. When more decisions are under
way than there are workers, each gets a share of the budget, so a busy bot answers at the
same pace instead of queueing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from bot.engine import Action, ChooseTrump, Hand, PassTrump, Phase, PlayCard
from bot.players import BUDGET_MS, LEVELS, Player, SearchPlayer, SeatView, make_player, view_for
from bot.players.hint import Hint, hint_for

from .model import Table

WORKERS = 2  # the machine's cores: more threads only share the same time
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


class Computers:
    """``budget_ms`` is a strong decision's time; settings lower it when many tables run."""

    def __init__(self, budget_ms: float | None = None, workers: int = WORKERS) -> None:
        self._budget_ms = budget_ms
        self.workers = workers
        self._brains: dict[tuple[int, int, str], Player] = {}
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="computer")
        self._running = 0

    @property
    def budget_ms(self) -> float:
        return DEFAULT_BUDGET_MS if self._budget_ms is None else self._budget_ms

    def brain(self, table: Table, seat: int) -> Player:
        level = level_of(table, seat)
        key = (table.id, seat, level)
        player = self._brains.get(key)
        if player is None:
            player = make_player(level, f"{table.seed}/{seat}", self.budget_ms)
            self._brains[key] = player
        return player

    def share_ms(self) -> float:
        """The budget of a decision starting now: the whole budget while the workers keep
        up, a share of it when more decisions run at once than there are workers."""
        busy = max(self.workers, self._running + 1)
        return max(min(self.budget_ms, MIN_BUDGET_MS), self.budget_ms * self.workers / busy)

    async def decide(self, table: Table, hand: Hand, seat: int) -> Action:
        """The engine action the seat's computer player takes now (trump choice or card),
        decided on a worker thread from the seat's view (copied here, on the loop)."""
        view = view_for(hand, seat)
        player = self.brain(table, seat)
        if isinstance(player, SearchPlayer):  # the strong player: its share of the time
            player.budget = self.share_ms() / 1000.0
        return await self._off_loop(lambda: _decision(player, view))

    async def hint(self, view: SeatView, seed: str) -> Hint:
        """The strong player's advice for ``view``'s seat, computed on a worker thread."""
        budget = self.share_ms()
        return await self._off_loop(lambda: hint_for(view, seed, budget))

    async def _off_loop(self, work: Callable[[], T]) -> T:
        self._running += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, work)
        finally:
            self._running -= 1

    def forget(self, table_id: int) -> None:
        for key in [k for k in self._brains if k[0] == table_id]:
            del self._brains[key]

    def close(self) -> None:
        """Stop the worker threads (a decision under way finishes first)."""
        self._pool.shutdown(wait=True)


def _decision(player: Player, view: SeatView) -> Action:
    if view.phase == Phase.TRUMP:
        suit = player.choose_trump(view)
        return PassTrump(view.seat) if suit is None else ChooseTrump(view.seat, suit)
    return PlayCard(view.seat, player.choose_card(view))
