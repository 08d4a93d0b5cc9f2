"""The SQLite back end: one aiosqlite connection to one file, the default.

Nothing to set up: the file is created and migrated on first start. One process per file
(bot/store/lock.py); several processes on one database need PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from .challenges import SqliteChallengeStore
from .db import connection_lock, open_db
from .groupcommit import group_commit
from .interface import Store
from .league import SqliteLeagueStore
from .pars import SqliteParStore
from .preferences import SqlitePreferenceStore
from .ratings import SqliteRatingStore
from .state import SqliteStateStore
from .stats import SqliteStatsStore
from .tables import SqliteTableStore

__all__ = ["SqliteStore"]


class SqliteStore(Store):
    """The bot's one SQLite connection with its table, statistics and league stores."""

    backend = "sqlite"

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self.tables = SqliteTableStore(db)
        self.stats = SqliteStatsStore(db)
        self.leagues = SqliteLeagueStore(db)
        self.preferences = SqlitePreferenceStore(db)
        self.state = SqliteStateStore(db)
        self.ratings = SqliteRatingStore(db)
        self.challenges = SqliteChallengeStore(db)
        self.pars = SqliteParStore(db)
        self.commits = group_commit(db)

    @classmethod
    async def connect(cls, path: str | Path) -> SqliteStore:
        """Open and migrate the database file at `path`."""
        return cls(await open_db(path))

    async def close(self) -> None:
        """Finish the group commit's queued writes, then close the connection."""
        await group_commit(self.db).drain()
        async with connection_lock(self.db):
            await self.db.close()
