"""The duplicate challenge in SQLite (migration 0012): settings, challenges, each member's
entry, their finished deals and the pars.

Stores the values bot/challenge writes and reads them back; it never interprets them. A
member's move is one transaction: the entry replaced at its expected move count and the
deal it finished appended, or nothing (`EntryMoved`).
"""

from __future__ import annotations

from typing import Any

from . import challenge_reads as c
from .challenge_records import EntryMoved, EntryWrite, NewChallenge, StoredChallenge, StoredDeal
from .db import SqliteReads, transaction
from .errors import StoreError
from .rows import dump_json

__all__ = ["SqliteChallengeStore"]


class SqliteChallengeStore(SqliteReads, c.ChallengeReads):
    """Reads and writes of the challenge on the shared SQLite connection."""

    async def set_settings(self, guild_id: int, settings: dict[str, Any], at: float) -> None:
        """Store the server's settings, replacing earlier ones."""
        async with transaction(self._db) as db:
            await db.execute(c.SET_SETTINGS.sqlite, (guild_id, dump_json(settings), at))

    async def open_challenge(self, new: NewChallenge) -> StoredChallenge:
        """Number and store ``new``; the challenge already stored for its server and closing
        time when there is one (nothing is added then)."""
        async with transaction(self._db) as db:
            await db.execute(c.OPEN.sqlite, c.opening_values(new))
        found = await self.closing_at(new.guild_id, new.closes_at)
        if found is None:  # pragma: no cover - the row was just written or found
            raise StoreError(f"challenge of guild {new.guild_id} not stored")
        return found

    async def close(self, challenge_id: int, at: float) -> bool:
        """Close the challenge; False when it was closed already (nothing changes)."""
        async with transaction(self._db) as db:
            cursor = await db.execute(c.CLOSE.sqlite, (at, challenge_id))
            return cursor.rowcount == 1

    async def set_message(self, challenge_id: int, message_id: int | None) -> None:
        """Remember the challenge's announcement."""
        async with transaction(self._db) as db:
            await db.execute(c.SET_MESSAGE.sqlite, (message_id, challenge_id))

    async def set_summary(self, challenge_id: int, message_id: int) -> None:
        """Remember the closing summary (0: none could be posted, and none will be)."""
        async with transaction(self._db) as db:
            await db.execute(c.SET_SUMMARY.sqlite, (message_id, challenge_id))

    async def save(self, write: EntryWrite) -> None:
        """One member's move, all or nothing (see `EntryWrite`); `EntryMoved` when the
        entry is not at the expected move or the deal was stored already."""
        entry = write.entry
        async with transaction(self._db) as db:
            if write.expected < 0:
                cursor = await db.execute(c.INSERT_ENTRY.sqlite, c.entry_values(entry))
            else:
                values = c.update_values(entry, write.expected)
                cursor = await db.execute(c.UPDATE_ENTRY.sqlite, values)
            changed = cursor.rowcount == 1
            if changed and write.finished is not None:
                added = await db.execute(c.ADD_RESULT.sqlite, c.deal_values(write.finished))
                changed = added.rowcount == 1
            if not changed:
                raise EntryMoved(entry.challenge_id, entry.user_id, write.expected)

    async def add_par(self, par: StoredDeal) -> bool:
        """Store a deal's par; False when it was stored already."""
        async with transaction(self._db) as db:
            cursor = await db.execute(c.ADD_PAR.sqlite, c.deal_values(par))
            return cursor.rowcount == 1
