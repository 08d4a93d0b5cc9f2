"""Persistence for the table service: tables, action logs, score sheets and statistics in
one SQLite file. Stores only; all game logic lives in the service and the engine."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

import aiosqlite

from .db import connection_lock, open_db
from .errors import ChannelBusy, SchemaTooNew, SeqConflict, StoreError, TableNotFound
from .groupcommit import group_commit
from .league import LeagueStore
from .preferences import PreferenceStore
from .records import (
    OPEN_STATUSES,
    STATUSES,
    HandRecord,
    MatchRecord,
    PlayerStats,
    StoredAction,
    StoredTable,
    storable_id,
)
from .stats import StatsStore
from .tables import TableStore

__all__ = [
    "OPEN_STATUSES",
    "STATUSES",
    "ChannelBusy",
    "HandRecord",
    "LeagueStore",
    "MatchRecord",
    "PlayerStats",
    "PreferenceStore",
    "SchemaTooNew",
    "SeqConflict",
    "StatsStore",
    "Store",
    "StoreError",
    "StoredAction",
    "StoredTable",
    "TableNotFound",
    "TableStore",
    "open_db",
    "storable_id",
]


class Store:
    """The bot's one database connection with its table and statistics stores."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self.tables = TableStore(db)
        self.stats = StatsStore(db)
        self.leagues = LeagueStore(db)
        self.preferences = PreferenceStore(db)

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open and migrate the database file at `path`."""
        return cls(await open_db(path))

    async def close(self) -> None:
        """Close after any transaction in flight has finished, so none is cut off."""
        await group_commit(self.db).drain()
        async with connection_lock(self.db):
            await self.db.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
