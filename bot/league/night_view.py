"""One league night as a command sees it: read from the store once, then only looked at.

`LeagueService` loads a `NightView` at the start of a command (the league with its typed
settings, the night, its check-ins, draws, results and adjustments) and every check and
every answer works on that one value: where a command writes, the view it returns is the
one it loaded with the write applied (`with_result`, `with_draw`, ...), so drawing the
answer (standings, the round's missing tables, who is checked in) reads nothing more.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sized
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from types import MappingProxyType

from bot.store import NightRows, StoredLeague, StoredNight

from .corrections import unconfirmed
from .draw import RoundDraw, TablePlan
from .errors import LeagueCode, LeagueError
from .night import Attendance, NightStatus, checked_in, pairs_of
from .repair import stored_settings
from .results import TableResult
from .schedule import zone_of
from .settings import LeagueSettings
from .standings import Adjustment, NightData, NightRow, UnrankedSeat, night_ranking, unranked_seats

__all__ = [
    "League",
    "Night",
    "NightView",
    "TableKey",
    "unresolved",
]

TableKey = tuple[int, int]  # (round from 1, table from 0)


@dataclass(frozen=True, slots=True)
class League:
    """A league: its id, its server, and its settings, read and checked."""

    id: int
    guild_id: int | None
    settings: LeagueSettings
    updated_at: float = 0.0  # when the settings were last saved
    repairs: tuple[str, ...] = ()  # what loading repaired in the stored settings (logged)

    @property
    def name(self) -> str:
        """The league's name (unique in its server)."""
        return self.settings.name

    @classmethod
    def of(cls, stored: StoredLeague) -> League:
        """The league from the store's row (its settings parsed and checked, and repaired
        where an older version left a value this one cannot use: bot/league/repair.py)."""
        settings, repairs = stored_settings(stored.settings)
        return cls(stored.id, stored.guild_id, settings, stored.updated_at, repairs)


@dataclass(frozen=True, slots=True)
class Night:
    """A league night: its number in the league, the seed its draws come from, its status."""

    id: int
    league_id: int
    number: int
    seed: str
    status: NightStatus
    opened_at: float
    closed_at: float | None

    @property
    def closed(self) -> bool:
        """Whether the night is closed (its ranking final)."""
        return self.status is NightStatus.CLOSED

    @classmethod
    def of(cls, stored: StoredNight) -> Night:
        """The night from the store's row."""
        status = NightStatus(stored.status)
        return cls(
            stored.id,
            stored.league_id,
            stored.number,
            stored.seed,
            status,
            stored.opened_at,
            stored.closed_at,
        )


@dataclass(frozen=True, slots=True)
class NightView:
    """A night with everything it produced, at one moment; immutable (`with_*` gives the
    view after a change)."""

    league: League
    night: Night
    attendance: tuple[Attendance, ...]
    data: NightData  # draws, effective results, adjustments: what the ranking is made of
    corrected: frozenset[TableKey] = frozenset()  # tables with more than one result version
    # each result's latest version
    versions: Mapping[TableKey, int] = field(default_factory=lambda: MappingProxyType({}))
    # tables whose result a player entered, not yet confirmed -> the opponent asked
    unconfirmed: Mapping[TableKey, int] = field(default_factory=lambda: MappingProxyType({}))
    # How far the night has come: every change appends at least one row (nothing of a
    # night is changed in place) and each `with_*` counts one, so of two views of a night
    # the later has the larger number (a front end keeps a newer drawing from an older).
    changes: int = 0

    @classmethod
    def of(cls, league: League, rows: NightRows) -> NightView:
        """The view of what the store read (`LeagueStore.night_rows`)."""
        latest: dict[TableKey, TableResult] = {}
        for stored in rows.results:  # oldest first: the last version of each table wins
            latest[(stored.round_no, stored.table_no)] = TableResult.from_dict(stored.result)
        corrected = frozenset((r.round_no, r.table_no) for r in rows.results if r.version > 1)
        data = NightData(
            tuple(RoundDraw.from_dict(d) for d in rows.rounds),
            MappingProxyType(latest),
            tuple(Adjustment.from_dict(a) for a in rows.adjustments),
        )
        attendance = tuple(Attendance.from_dict(a) for a in rows.attendance)
        versions = {(r.round_no, r.table_no): r.version for r in rows.results}
        night = Night.of(rows.night)
        parts: tuple[Sized, ...] = (
            rows.attendance,
            rows.rounds,
            rows.results,
            rows.adjustments,
            rows.audit,
        )
        return cls(
            league,
            night,
            attendance,
            data,
            corrected,
            MappingProxyType(versions),
            MappingProxyType(unconfirmed(rows.audit)),
            sum(map(len, parts)) + night.closed,
        )

    # ------------------------------------------------------------------ reading
    @property
    def settings(self) -> LeagueSettings:
        """The league's settings."""
        return self.league.settings

    @property
    def draws(self) -> tuple[RoundDraw, ...]:
        """The rounds drawn so far, in order."""
        return tuple(self.data.draws)

    @property
    def results(self) -> Mapping[TableKey, TableResult]:
        """The effective (latest) result of each table that has one."""
        return self.data.results

    @property
    def drawn(self) -> int:
        """How many rounds are drawn."""
        return len(self.data.draws)

    def players(self) -> list[int]:
        """Who the next round is drawn from, in id order."""
        return checked_in(self.attendance)

    def pairs(self) -> list[tuple[int, int]]:
        """The fixed pairs among those checked in."""
        return pairs_of(self.attendance)

    def date(self) -> date:
        """The day the night was opened, in the league's time zone (UTC without a
        schedule): what its final ranking is dated."""
        schedule = self.settings.schedule
        zone = UTC if schedule is None else zone_of(schedule.timezone)
        return datetime.fromtimestamp(self.night.opened_at, zone).date()

    def attended(self, user_id: int) -> bool:
        """Whether the player checked in (or out) at this night at all."""
        return any(event.user_id == user_id for event in self.attendance)

    def require_open(self) -> None:
        """`night_closed` once the night is closed."""
        if self.night.closed:
            raise LeagueError(LeagueCode.NIGHT_CLOSED, night_id=self.night.id)

    def table(self, round_no: int, table_no: int) -> TablePlan:
        """The drawn table (round from 1, table from 0), or `no_such_table`."""
        draws = self.data.draws
        if not 1 <= round_no <= len(draws) or not 0 <= table_no < len(draws[round_no - 1].tables):
            raise LeagueError(LeagueCode.NO_SUCH_TABLE, round=round_no, table=table_no)
        return draws[round_no - 1].tables[table_no]

    def missing(self, round_no: int | None = None) -> list[list[int]]:
        """[round, table] of each drawn table (of round `round_no`, if given) without a
        result yet."""
        draws = self.data.draws
        if round_no is not None:
            draws = [draw for draw in draws if draw.number == round_no]
        return unresolved(draws, self.data.results)

    def standings(self) -> list[NightRow]:
        """The night's ranking (live while rounds run, final once closed)."""
        s = self.settings
        return night_ranking(
            self.data, s.format, s.bye_policy, s.tie_breaks, bye_hands=s.bye_hands, booby=s.booby
        )

    def unranked_at(self, round_no: int, table_no: int) -> list[int]:
        """The players of one table whose seat a computer finished (they left)."""
        return [
            seat.user_id
            for seat in self.unranked_seats()
            if (seat.round_no, seat.table_no) == (round_no, table_no)
        ]

    def unranked_seats(self) -> list[UnrankedSeat]:
        """The seats a computer finished for a player who left: unranked, credit to nobody."""
        return unranked_seats(self.data.draws, self.data.results)

    # ------------------------------------------------------------------ changing
    def unconfirmed_players(self) -> frozenset[int]:
        """The players whose result at some table is not confirmed yet (standings mark them)."""
        return frozenset(
            user
            for round_no, table_no in self.unconfirmed
            for user in self.data.results[(round_no, table_no)].seats
            if user is not None
        )

    def with_result(
        self, round_no: int, table_no: int, result: TableResult, asked: int | None = None
    ) -> NightView:
        """The view with a new version of a table's result (a player's entry waiting for
        opponent `asked` to confirm it, when given)."""
        key = (round_no, table_no)
        results = MappingProxyType({**self.data.results, key: result})
        corrected = self.corrected | {key} if key in self.data.results else self.corrected
        versions = MappingProxyType({**self.versions, key: self.versions.get(key, 0) + 1})
        return replace(
            self,
            data=replace(self.data, results=results),
            corrected=corrected,
            versions=versions,
            unconfirmed=_waiting(self.unconfirmed, key, asked),
            changes=self.changes + 1,
        )

    def with_confirmed(self, round_no: int, table_no: int) -> NightView:
        """The view with a table's result confirmed."""
        unconfirmed = _waiting(self.unconfirmed, (round_no, table_no), None)
        return replace(self, unconfirmed=unconfirmed, changes=self.changes + 1)

    def with_attendance(self, event: Attendance) -> NightView:
        """The view with one more check-in or check-out."""
        return replace(self, attendance=(*self.attendance, event), changes=self.changes + 1)

    def with_draw(self, draw: RoundDraw) -> NightView:
        """The view with the next round drawn (the night is running)."""
        night = replace(self.night, status=NightStatus.RUNNING)
        data = replace(self.data, draws=(*self.data.draws, draw))
        return replace(self, night=night, data=data, changes=self.changes + 1)

    def with_adjustment(self, adjustment: Adjustment) -> NightView:
        """The view with one more adjustment of a player's points."""
        data = replace(self.data, adjustments=(*self.data.adjustments, adjustment))
        return replace(self, data=data, changes=self.changes + 1)

    def with_status(self, status: NightStatus, at: float | None = None) -> NightView:
        """The view with the night's new status (closed at `at`)."""
        night = replace(self.night, status=status, closed_at=at)
        return replace(self, night=night, changes=self.changes + 1)


def _waiting(
    waiting: Mapping[TableKey, int], key: TableKey, asked: int | None
) -> Mapping[TableKey, int]:
    """`waiting` with table `key` waiting for `asked` (None: settled)."""
    changed = {k: v for k, v in waiting.items() if k != key}
    if asked is not None:
        changed[key] = asked
    return MappingProxyType(changed)


def unresolved(
    draws: Iterable[RoundDraw], results: Mapping[TableKey, TableResult]
) -> list[list[int]]:
    """[round, table] of each drawn table that has no result yet."""
    return [
        [draw.number, table_no]
        for draw in draws
        for table_no in range(len(draw.tables))
        if (draw.number, table_no) not in results
    ]
