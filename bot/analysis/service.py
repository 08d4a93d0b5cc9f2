"""Analysis of your hand: after a hand is scored, a player's three costliest decisions with
the strong player's value of the alternatives (issue 27, point 4; docs/decisions.md,
"Analysis of a hand").

Read only: the hand comes from the store (a table's action log, a challenge member's
stored plays), and nothing is written, so a restart loses nothing but the limits below and
the answers kept for a repeat click (both rebuilt as players ask again). Each decision is
searched on the computers' workers (`Computers.compute`), one decision at a time and one
analysis at a time for the whole process, so an analysis never takes more than one worker
from the tables and challenges being played. Per user: one analysis at a time (`busy`)
and ``hourly`` an hour (`limit`); a repeat of an answered analysis is free.
"""

from __future__ import annotations

import asyncio
import math
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Final, TypeVar

from bot.challenge.challenge import Challenge
from bot.checks import Arguments, Bad, an_id, fact, shown, whole
from bot.players import Effort
from bot.store import Store
from bot.tables import TableService
from bot.tables.table import Table

from . import decisions
from .decisions import Valued, value_decision
from .errors import AnalysisCode, AnalysisError
from .records import HandRecord, challenge_record, table_record

__all__ = ["HOURLY", "SHOWN", "Analysis", "AnalysisService"]

T = TypeVar("T")
Runner = Callable[[Callable[[], T]], Awaitable[T]]
HOURLY: Final = 6  # analyses a user may ask for per hour (each a few seconds of a worker)
HOUR: Final = 3600.0
SHOWN: Final = 3  # the costliest decisions an answer lists
MIN_COST: Final = 1.0  # a decision costing less than a point is not worth a line
KEPT: Final = 512  # answers kept for a repeat click


@dataclass(frozen=True, slots=True)
class Analysis:
    """An answer: where the hand was played (``kind`` "table" or "challenge", its id and
    the hand's number), how many of the player's own decisions had an alternative, and
    the costliest of them (at most `SHOWN`, each costing at least `MIN_COST`), costliest
    first."""

    kind: str
    source: int
    hand: int
    decisions: int
    costly: tuple[Valued, ...]


def _check(value: Any) -> str:
    """A button's check: eight lower-case hex characters."""
    if not isinstance(value, str) or len(value) != 8 or value.strip("0123456789abcdef"):
        raise Bad("not a check")
    return value


def _refuse(argument: str, value: Any, problem: str) -> AnalysisError:
    return AnalysisError(
        AnalysisCode.BAD_ARGUMENT,
        f"{argument}: {problem} ({shown(value)})",
        field=argument,
        value=fact(value),
        problem=problem,
    )


ARGUMENTS: Final = Arguments(
    {
        "table_id": an_id,
        "challenge_id": an_id,
        "user_id": an_id,
        "hand": whole(1, 1000),
        "check": _check,
    },
    _refuse,
)
checked = ARGUMENTS.checked


class AnalysisService:
    """See the module doc. ``run`` hands work to a computer worker; ``now`` is the clock
    the hourly limit reads; ``effort`` each decision's search (`decisions.EFFORT`)."""

    def __init__(
        self,
        store: Store,
        tables: TableService,
        run: Runner[Any],
        now: Callable[[], float],
        effort: Effort | None = None,
        hourly: int = HOURLY,
    ) -> None:
        self.store = store
        self.tables = tables
        self._run = run
        self.now = now
        self.effort = decisions.EFFORT if effort is None else effort
        self.hourly = hourly
        self._running: set[int] = set()
        self._given: dict[int, deque[float]] = {}
        self._known: OrderedDict[tuple[str, int, int, int, str], Analysis] = OrderedDict()
        self._turn = asyncio.Lock()  # one analysis at a time on the workers
        self.searched = 0  # decisions searched (figures, tests)

    @checked
    async def table_hand(self, table_id: int, hand: int, user_id: int, check: str) -> Analysis:
        """``user_id``'s decisions in hand ``hand`` of table ``table_id`` (``check``: the
        result the button was drawn for). Refused at league tables, for a hand not scored
        or another's, a stale button, and beyond the user's limits."""

        async def load() -> HandRecord:
            stored = await self.store.tables.get(table_id)
            if stored is None:
                raise AnalysisError(AnalysisCode.UNKNOWN_HAND, hand=hand)
            table = Table.from_dict(stored.snapshot)
            log = await self.store.tables.actions(table_id)
            return table_record(table, log, hand, user_id, check)

        return await self._analyse(("table", table_id, hand, user_id, check), load)

    @checked
    async def challenge_deal(
        self, challenge_id: int, hand: int, user_id: int, check: str
    ) -> Analysis:
        """``user_id``'s decisions in deal ``hand`` of challenge ``challenge_id``, which
        they played (refused otherwise, for a stale button, and beyond their limits)."""

        async def load() -> HandRecord:
            row = await self.store.challenges.challenge(challenge_id)
            if row is None:
                raise AnalysisError(AnalysisCode.UNKNOWN_HAND, hand=hand)
            result = await self.store.challenges.result(challenge_id, user_id, hand)
            return challenge_record(Challenge.of(row), result, hand, check)

        return await self._analyse(("challenge", challenge_id, hand, user_id, check), load)

    async def _analyse(
        self, key: tuple[str, int, int, int, str], load: Callable[[], Awaitable[HandRecord]]
    ) -> Analysis:
        """The answer remembered for ``key``, or the record ``load`` reads, analysed."""
        known = self._known.get(key)
        if known is not None:
            return known
        record = await load()
        user_id = key[3]
        self._admit(user_id)
        self._running.add(user_id)
        try:
            async with self._turn:
                valued = [await self._value(record, d) for d in record.decisions]
        finally:
            self._running.discard(user_id)
        costly = sorted((v for v in valued if v.cost >= MIN_COST), key=lambda v: -v.cost)
        answer = Analysis(key[0], key[1], key[2], len(valued), tuple(costly[:SHOWN]))
        self._known[key] = answer
        while len(self._known) > KEPT:
            self._known.popitem(last=False)
        return answer

    async def _value(self, record: HandRecord, decision: Any) -> Valued:
        seed = f"{record.seed}/{decision.step}"
        self.searched += 1
        result: Valued = await self._run(partial(value_decision, decision, seed, self.effort))
        return result

    def _admit(self, user_id: int) -> None:
        """Refuse `busy` or `limit`, or count a new analysis for ``user_id``; refuse
        `league_night` while they hold a seat at a league table."""
        for table in self.tables.open_tables():
            if table.settings.league and any(
                seat.is_human and seat.user_id == user_id for seat in table.public.seats
            ):
                raise AnalysisError(AnalysisCode.LEAGUE_NIGHT)
        if user_id in self._running:
            raise AnalysisError(AnalysisCode.BUSY)
        now = self.now()
        given = self._given.setdefault(user_id, deque())
        while given and given[0] <= now - HOUR:
            given.popleft()
        if len(given) >= self.hourly:
            wait = math.ceil((given[0] + HOUR - now) / 60)
            raise AnalysisError(AnalysisCode.LIMIT, count=self.hourly, minutes=max(wait, 1))
        given.append(now)
