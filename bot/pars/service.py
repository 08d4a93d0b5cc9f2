"""The par service: a player's skill without card luck (issue 27, docs/pars.md).

Every hand a person plays with three computers gets a par: the strong computer's result
in the same seat with the same cards and the same computers. At a casual table the hand
waits in the store until `HandParWorker` has replayed it in the background; a
challenge's deal needs no replay, its par is the challenge's own (its four computers are
the member's three and the strong one in the member's seat). `/stats` shows the average
difference per hand, its 95% interval and the hands behind it (`player`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from bot.challenge import computers as challenge_computers
from bot.checks import Arguments, an_id, one_of
from bot.players import Effort
from bot.shards import ShardSet
from bot.standings import PERIODS, a_moment, refuse_argument, since
from bot.store import Store

from .replay import Runner
from .stats import AgainstPar, against_par
from .worker import HandParWorker

__all__ = ["PAR_TASK_NAME", "ParService"]

PAR_TASK_NAME = "bg:hand-pars"  # "bg:" marks long-lived tasks (docs/discord-harness.md)
_EVERYTHING = -1.0  # `since` for all time: every row counts


ARGUMENTS = Arguments(
    {"guild_id": an_id, "user_id": an_id, "period": one_of(PERIODS), "now": a_moment},
    refuse_argument,
)


class ParService:
    """Players' results against par, and the background worker that computes the pars."""

    def __init__(
        self,
        store: Store,
        run: Runner[dict[str, Any]],
        now: Callable[[], float],
        shards: ShardSet | None = None,
        effort: Effort | None = None,
    ) -> None:
        """``run`` takes one decision on the computers' workers without delaying play
        (`Computers.background`); ``effort`` is the strong computer's fixed search effort
        (default: the challenge's)."""
        self.store = store.pars
        self.worker = HandParWorker(
            self.store, run, now, shards or ShardSet(), effort or challenge_computers.EFFORT
        )

    @ARGUMENTS.checked
    async def player(
        self, guild_id: int, user_id: int, period: str, now: dt.datetime
    ) -> AgainstPar:
        """The player's hands against par in the server over ``period`` (measured back
        from ``now``): casual hands with a par, and challenge deals (once they finished
        the challenge or it closed)."""
        start = since(period, now)
        totals = await self.store.totals(guild_id, user_id, _EVERYTHING if start is None else start)
        return against_par(totals)

    @property
    def backlog(self) -> int:
        """Hands waiting for their par, as the worker last counted."""
        return self.worker.backlog

    @ARGUMENTS.checked
    def wake(self) -> None:
        """A hand was scored: the worker looks for hands waiting for their par."""
        self.worker.wake()

    @ARGUMENTS.checked
    def start(self) -> None:
        """Run the worker in the background (once)."""
        self.worker.start(PAR_TASK_NAME)

    @ARGUMENTS.checked
    async def close(self) -> None:
        """Stop the worker; a hand it was replaying stays waiting in the store."""
        await self.worker.stop()
