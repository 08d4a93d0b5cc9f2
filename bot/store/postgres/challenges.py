"""The duplicate challenge in PostgreSQL: the same rows as bot/store/challenges.py, one
autocommit statement per write except a member's move (one transaction)."""

from __future__ import annotations

from typing import Any

from .. import challenge_reads as c
from ..challenge_records import EntryMoved, EntryWrite, NewChallenge, StoredChallenge, StoredDeal
from ..errors import StoreError
from ..rows import dump_json
from .db import PostgresReads, touched, transaction

__all__ = ["PostgresChallengeStore"]


class PostgresChallengeStore(PostgresReads, c.ChallengeReads):
    """Reads and writes of the challenge on the connection pool."""

    async def set_settings(self, guild_id: int, settings: dict[str, Any], at: float) -> None:
        """Store the server's settings, replacing earlier ones."""
        await self._pool.execute(c.SET_SETTINGS.postgres, guild_id, dump_json(settings), at)

    async def open_challenge(self, new: NewChallenge) -> StoredChallenge:
        """Number and store ``new``; the challenge already stored for its server and closing
        time when there is one (nothing is added then)."""
        await self._pool.execute(c.OPEN.postgres, *c.opening_values(new))
        found = await self.closing_at(new.guild_id, new.closes_at)
        if found is None:  # pragma: no cover - the row was just written or found
            raise StoreError(f"challenge of guild {new.guild_id} not stored")
        return found

    async def close(self, challenge_id: int, at: float) -> bool:
        """Close the challenge; False when it was closed already (nothing changes)."""
        return touched(await self._pool.execute(c.CLOSE.postgres, at, challenge_id)) == 1

    async def set_message(self, challenge_id: int, message_id: int | None) -> None:
        """Remember the challenge's announcement."""
        await self._pool.execute(c.SET_MESSAGE.postgres, message_id, challenge_id)

    async def set_summary(self, challenge_id: int, message_id: int) -> None:
        """Remember the closing summary (0: none could be posted, and none will be)."""
        await self._pool.execute(c.SET_SUMMARY.postgres, message_id, challenge_id)

    async def save(self, write: EntryWrite) -> None:
        """One member's move in one transaction (see `EntryWrite`); `EntryMoved` when the
        entry is not at the expected move or the deal was stored already."""
        entry = write.entry
        moved = EntryMoved(entry.challenge_id, entry.user_id, write.expected)
        async with transaction(self._pool) as conn:
            if write.expected < 0:
                status = await conn.execute(c.INSERT_ENTRY.postgres, *c.entry_values(entry))
            else:
                values = c.update_values(entry, write.expected)
                status = await conn.execute(c.UPDATE_ENTRY.postgres, *values)
            if touched(status) != 1:
                raise moved
            if write.finished is not None:
                values = c.deal_values(write.finished)
                if touched(await conn.execute(c.ADD_RESULT.postgres, *values)) != 1:
                    raise moved

    async def add_par(self, par: StoredDeal) -> bool:
        """Store a deal's par; False when it was stored already."""
        return touched(await self._pool.execute(c.ADD_PAR.postgres, *c.deal_values(par))) == 1
