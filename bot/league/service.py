"""The league service: the one front of leagues and their nights for the Discord cogs,
the simulation and the terminal.

A night's lifecycle against the store: open, check in and out, draw rounds, record and
correct results, close; and the standings read from it. Every operation on a night
answers with one immutable `NightAnswer` (answers.py): the events it caused and the night
as it now is; lookups answer read models. The service keeps no state of its own: every
operation reads what it needs from the store and writes its outcome in one transaction,
so a restart at any moment (check-in open, a round half played, between rounds) loses
nothing and the next call simply continues. A command reads its night once, as one
`NightView` (night_view.py), checks and computes on that, and answers the view with its
change applied, so the front end draws its answer without reading again. A front end
names a league and night as its user does (refs.py); the service finds them.

The service decides and the front end acts: a round the bot deals answers the tables it
wants; the front end opens each where it plays and hands it back (rounds.py). A finished
table's sheet comes from the table service.

The service is made of parts, each in its own module: what the operations share (the
store, the clock, a night's one lock, the reads every command starts with: parts.py), and
the operations by role: the organisers' (organising.py), check-in (checkin.py), rounds
(rounds.py), recording results (recording.py), correcting them (correcting.py), and the
reports (reports.py).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable

from bot.shards import ShardSet
from bot.store import Store
from bot.tables import TableService

from .answers import NightAnswer, Opening, TableRequest
from .arguments import checked
from .checkin import CheckinOperations
from .correcting import CorrectingOperations
from .errors import LeagueCode, LeagueError
from .night_view import Night
from .organising import OrganisingOperations
from .parts import check_ids
from .recording import RecordingOperations
from .refs import Actor
from .reports import ReportOperations
from .rounds import RoundOperations
from .schedule import ScheduledJob

__all__ = [
    "Actor",
    "LeagueService",
    "NightAnswer",
    "Opening",
    "ScheduledJob",
    "TableRequest",
]


class LeagueService(
    OrganisingOperations,
    CheckinOperations,
    RoundOperations,
    RecordingOperations,
    CorrectingOperations,
    ReportOperations,
):
    """Leagues and their nights against the store (see the module's docstring)."""

    def __init__(
        self,
        store: Store,
        now: Callable[[], float] = time.time,
        tables: TableService | None = None,
        seed: Callable[[], str] = lambda: secrets.token_hex(8),
        shards: ShardSet | None = None,
    ) -> None:
        """The service on `store`, with its clock, the table service that deals its bot
        tables and holds their sheets (None: every table is played face to face), the
        nights' seeds, and the guilds this process serves (it schedules and resumes only
        their leagues)."""
        self.store = store
        self.now = now
        self.tables = tables
        self._seed = seed
        self.shards = shards or ShardSet()
        self.changing = asyncio.Lock()
        self._told = set()

    # ------------------------------------------------------------------ lookups
    @checked
    async def night(self, night_id: int) -> Night:
        """Night `night_id`, or `no_night`."""
        check_ids(night_id=night_id)
        night = await self.store.leagues.night(night_id)
        if night is None:
            raise LeagueError(LeagueCode.NO_NIGHT, night_id=night_id)
        return Night.of(night)

    @checked
    async def current_night(self, league_id: int) -> Night | None:
        """The league's night that is not closed, if any (a league has at most one)."""
        return next((n for n in await self.nights(league_id) if not n.closed), None)

    @checked
    async def open_nights(self) -> list[Night]:
        """Every night not closed, of any league of our shards' guilds: what a restart
        resumes (another process resumes the other shards' nights)."""
        nights = [Night.of(n) for n in await self.store.leagues.open_nights()]
        if self.shards.complete:
            return nights
        ours = {
            league.id
            for league in await self.store.leagues.all_leagues()
            if self.shards.owns(league.guild_id)
        }
        return [night for night in nights if night.league_id in ours]
