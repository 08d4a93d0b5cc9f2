"""The pars of casual hands in SQLite (migration 0013): the hands waiting for their par
(written with their score line, bot/store/queries.py) and each par, set once."""

from __future__ import annotations

from .db import SqliteReads, transaction
from .par_reads import SET_PAR, ParReads
from .par_records import HandKey

__all__ = ["SqliteParStore"]


class SqliteParStore(SqliteReads, ParReads):
    """Reads and writes of the hands' pars on the shared SQLite connection."""

    async def set_par(self, key: HandKey, par: int, at: float) -> bool:
        """Store the hand's par; False when it had one already (nothing changes)."""
        async with transaction(self._db) as db:
            values = (par, at, key.table_id, key.match_no, key.number)
            cursor = await db.execute(SET_PAR.sqlite, values)
            return cursor.rowcount == 1
