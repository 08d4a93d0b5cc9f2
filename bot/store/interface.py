"""What the services see of the store, whichever database holds the data.

The services (bot/tables, bot/league, bot/standings) type against these protocols and the
`Store` handle only; `open_store` (bot/store/backends.py) picks the back end from the
target: a file path (or `sqlite:PATH`) opens SQLite, a `postgresql://` URL PostgreSQL.
Both back ends keep the same promises: every write is one transaction committed before the
call returns, the action log and a night's rows are append-only, and refusals are the
errors of `errors.py`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Protocol

from .records import (
    CheckinMessage,
    HandRecord,
    MatchRecord,
    NightRows,
    PlayerStats,
    PostedNotice,
    StoredAction,
    StoredAudit,
    StoredLeague,
    StoredNight,
    StoredResult,
    StoredRun,
    StoredTable,
)

__all__ = [
    "POSTGRES_SCHEMES",
    "CommitFigures",
    "LeagueStore",
    "PreferenceStore",
    "StateStore",
    "StatsStore",
    "Store",
    "TableStore",
    "is_postgres_url",
]

POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://")


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


class TableStore(Protocol):
    """Tables, their action logs and score sheets (see bot/store/tables.py)."""

    async def create(
        self,
        guild_id: int | None,
        channel_id: int,
        opener_id: int,
        snapshot: Mapping[str, Any] | Callable[[int], Mapping[str, Any]],
        at: float,
        action: tuple[int | None, str, Mapping[str, Any]] | None = None,
    ) -> int: ...

    async def record(
        self,
        table_id: int,
        seq: int,
        actor: int | None,
        kind: str,
        payload: Mapping[str, Any],
        at: float,
        snapshot: Mapping[str, Any],
        status: str,
        hands: Iterable[HandRecord] = (),
        match: MatchRecord | None = None,
    ) -> None: ...

    async def set_message(self, table_id: int, message_id: int | None) -> None: ...
    async def set_channel(self, table_id: int, channel_id: int) -> None: ...
    async def set_notice(self, table_id: int, message_id: int | None) -> None: ...
    async def notices(self) -> list[PostedNotice]: ...
    async def open_tables(self) -> list[StoredTable]: ...
    async def get(self, table_id: int) -> StoredTable | None: ...
    async def latest_in_channel(self, channel_id: int) -> StoredTable | None: ...
    async def actions(self, table_id: int) -> list[StoredAction]: ...
    async def sheet(self, table_id: int, match_no: int) -> list[HandRecord]: ...


class StatsStore(Protocol):
    """Read-only player statistics (see bot/store/stats.py)."""

    async def standings(
        self,
        guild_id: int | None,
        since: float | None = None,
        include_computers: bool = True,
        limit: int = 100,
        offset: int = 0,
    ) -> list[PlayerStats]: ...

    async def player(
        self,
        guild_id: int | None,
        user_id: int,
        since: float | None = None,
        include_computers: bool = True,
    ) -> PlayerStats: ...

    async def count_players(
        self, guild_id: int | None, since: float | None = None, include_computers: bool = True
    ) -> int: ...


class LeagueStore(Protocol):
    """Leagues, nights and everything a night produces (see bot/store/league.py)."""

    async def create_league(
        self, guild_id: int | None, name: str, settings: Mapping[str, Any], at: float
    ) -> int: ...
    async def update_settings(
        self, league_id: int, settings: Mapping[str, Any], at: float
    ) -> None: ...
    async def league(self, league_id: int) -> StoredLeague | None: ...
    async def leagues(self, guild_id: int | None) -> list[StoredLeague]: ...
    async def all_leagues(self) -> list[StoredLeague]: ...
    async def open_night(self, league_id: int, seed: str, at: float) -> StoredNight: ...
    async def set_status(self, night_id: int, status: str, at: float) -> None: ...
    async def night(self, night_id: int) -> StoredNight | None: ...
    async def nights(self, league_id: int) -> list[StoredNight]: ...
    async def open_nights(self) -> list[StoredNight]: ...
    async def set_checkin_message(
        self, night_id: int, message: CheckinMessage, at: float
    ) -> None: ...
    async def checkin_message(self, night_id: int) -> CheckinMessage | None: ...
    async def add_attendance(self, night_id: int, event: Mapping[str, Any], at: float) -> None: ...
    async def attendance(self, night_id: int) -> list[dict[str, Any]]: ...
    async def add_round(
        self, night_id: int, number: int, draw: Mapping[str, Any], dealt: bool, at: float
    ) -> None: ...
    async def rounds(self, night_id: int) -> list[dict[str, Any]]: ...
    async def dealt_rounds(self, night_id: int) -> set[int]: ...
    async def link_table(
        self, night_id: int, round_no: int, table_no: int, table_id: int, at: float
    ) -> None: ...
    async def round_tables(self, night_id: int) -> dict[tuple[int, int], int]: ...
    async def table_round(self, table_id: int) -> tuple[int, int, int] | None: ...
    async def add_result(
        self,
        night_id: int,
        round_no: int,
        table_no: int,
        result: Mapping[str, Any],
        actor: int | None,
        at: float,
        audit: StoredAudit | None = None,
    ) -> int: ...
    async def results(self, night_id: int) -> list[StoredResult]: ...
    async def add_adjustment(
        self, night_id: int, adjustment: Mapping[str, Any], audit: StoredAudit
    ) -> None: ...
    async def adjustments(self, night_id: int) -> list[dict[str, Any]]: ...
    async def audit(self, night_id: int) -> list[StoredAudit]: ...
    async def add_runs(self, runs: list[StoredRun]) -> list[bool]: ...
    async def runs(self, league_id: int, starts_at: list[int] | None = None) -> list[StoredRun]: ...
    async def night_rows(self, night_id: int) -> NightRows | None: ...
    async def add_audit(self, audit: StoredAudit) -> None: ...


class PreferenceStore(Protocol):
    """Players' preferences (see bot/store/preferences.py): stored strings, not interpreted."""

    async def notify_mode(self, user_id: int) -> str | None: ...
    async def set_notify_mode(self, user_id: int, mode: str, at: float) -> None: ...


class StateStore(Protocol):
    """The bot's own facts by key (see bot/store/state.py): stored strings, not interpreted."""

    async def get(self, key: str) -> str | None: ...
    async def put(self, key: str, value: str, at: float) -> None: ...


class CommitFigures(Protocol):
    """Counters for the benchmark: transactions committed and the writes they held."""

    batches: int
    jobs: int


class Store(ABC):
    """The bot's store: its table, statistics and league stores on one database."""

    backend: str  # "sqlite" or "postgresql", for logs, benchmarks and tests
    tables: TableStore
    stats: StatsStore
    leagues: LeagueStore
    preferences: PreferenceStore
    state: StateStore
    commits: CommitFigures

    @abstractmethod
    async def close(self) -> None:
        """Close after any transaction in flight has finished, so none is cut off."""

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
