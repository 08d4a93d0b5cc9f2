"""The pars of casual hands in PostgreSQL: the same rows and statements as
bot/store/pars.py."""

from __future__ import annotations

from ..par_reads import SET_PAR, ParReads
from ..par_records import HandKey
from .db import PostgresReads, touched

__all__ = ["PostgresParStore"]


class PostgresParStore(PostgresReads, ParReads):
    """Reads and writes of the hands' pars in PostgreSQL, one statement each."""

    async def set_par(self, key: HandKey, par: int, at: float) -> bool:
        """One autocommit statement; False when the hand had its par already."""
        values = (par, at, key.table_id, key.match_no, key.number)
        return touched(await self._pool.execute(SET_PAR.postgres, *values)) == 1
