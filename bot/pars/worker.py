"""The pars of casual hands, computed in the background (docs/pars.md).

A hand a person played with three computers is stored with its score line, waiting for
its par (bot/tables/pars.py). `HandParWorker` replays the waiting hands one at a time, the
earliest first, each decision on the computers' workers only while no table's decision
runs (`Computers.background`), so play waits for a par at most one of its decisions
(when both workers are wanted at that moment): under load the pars wait, and ``backlog``
says how many do. A restart finds the waiting hands in the store again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from bot.background import BackgroundWorker
from bot.players import Effort
from bot.shards import ShardSet
from bot.store import ParStore, WaitingHand

from .replay import ParHand, Runner, replay_par

__all__ = ["HandParWorker"]

log = logging.getLogger(__name__)


class HandParWorker(BackgroundWorker):
    """Computes and stores the pars of the hands of ``shards``' servers; woken when a hand
    is scored."""

    name = "hand pars"

    def __init__(
        self,
        store: ParStore,
        run: Runner[dict[str, Any]],
        now: Callable[[], float],
        shards: ShardSet,
        effort: Effort,
    ) -> None:
        """``run`` takes one decision on a worker (`Computers.background`); ``effort`` is
        the strong computer's fixed search effort."""
        self.store = store
        self.run_decision = run
        self.now = now
        self.shards = shards
        self.effort = effort
        self.backlog = 0  # hands waiting for their par, as last counted
        self.computed = 0  # pars stored by this process
        super().__init__()

    async def run_once(self) -> int:
        """Compute and store the par of every waiting hand of our servers; how many. A hand
        whose replay fails is logged and left waiting (tried again at the next look)."""
        waiting = [hand for hand in await self.store.waiting() if self.shards.owns(hand.guild_id)]
        self.backlog = len(waiting)
        stored = 0
        for hand in waiting:
            try:
                stored += await self.compute(hand)
            except Exception:
                log.exception("hand pars: the replay of %s failed", hand.key)
            self.backlog -= 1
        return stored

    async def compute(self, hand: WaitingHand) -> int:
        """Replay one waiting hand and store its par; 1 if stored (0: it had one already)."""
        par = await replay_par(
            ParHand.of(hand.setup, hand.key.number), self.effort, self.run_decision
        )
        added = await self.store.set_par(hand.key, par, self.now())
        self.computed += int(added)
        return int(added)
