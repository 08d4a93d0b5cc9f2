"""The statements of the pars of casual hands (migration 0013), written once for both back
ends, and their reads.

A hand's row is written with its score line (`queries.sheet_writes`, `INSERT_HAND_PAR`);
its par is set once (`SET_PAR`: only while it has none). A player's differences against
par come from these rows and from the challenge's deals (each deal's result against the
challenge's own par), a challenge's deals only once the player finished every deal of it
or it closed, as its standings are (docs/challenge.md).
"""

from __future__ import annotations

from typing import Final

import orjson

from .par_records import HandKey, ParTotals, WaitingHand
from .queries import shared
from .reads import Reads
from .rows import Row

__all__ = ["SET_PAR", "ParReads"]

SET_PAR: Final = shared(
    "UPDATE hand_pars SET par = ?, computed_at = ?"
    " WHERE table_id = ? AND match_no = ? AND number = ? AND par IS NULL"
)
_WAITING: Final = shared(
    "SELECT table_id, match_no, number, guild_id, user_id, seat, score, setup, at"
    " FROM hand_pars WHERE par IS NULL ORDER BY at, table_id, match_no, number"
)
_WAITING_COUNT: Final = shared("SELECT COUNT(*) AS n FROM hand_pars WHERE par IS NULL")
# One row: the player's differences in the server from `since` on, casual hands and
# challenge deals together, and their casual hands still without a par.
_TOTALS: Final = shared(
    "SELECT COUNT(d) AS hands, COALESCE(SUM(d), 0) AS total, COALESCE(SUM(d * d), 0) AS squares,"
    " (SELECT COUNT(*) FROM hand_pars w WHERE w.guild_id = ? AND w.user_id = ?"
    "   AND w.par IS NULL AND w.at >= ?) AS waiting"
    " FROM ("
    "  SELECT h.score - h.par AS d FROM hand_pars h"
    "   WHERE h.guild_id = ? AND h.user_id = ? AND h.at >= ? AND h.par IS NOT NULL"
    "  UNION ALL"
    "  SELECT r.score - p.score AS d FROM challenge_results r"
    "   JOIN challenges c ON c.id = r.challenge_id"
    "   JOIN challenge_pars p ON p.challenge_id = r.challenge_id AND p.deal = r.deal"
    "   WHERE c.guild_id = ? AND r.user_id = ? AND r.at >= ?"
    "   AND (c.status = 'closed' OR (SELECT COUNT(*) FROM challenge_results f"
    "     WHERE f.challenge_id = r.challenge_id AND f.user_id = r.user_id) >= c.deals)"
    " ) AS diffs"
)


def _waiting(row: Row) -> WaitingHand:
    return WaitingHand(
        HandKey(row["table_id"], row["match_no"], row["number"]),
        row["guild_id"],
        row["user_id"],
        row["seat"],
        row["score"],
        dict(orjson.loads(row["setup"])),
        row["at"],
    )


class ParReads(Reads):
    """The reads of the pars of casual hands (see `ParStore`)."""

    async def waiting(self) -> list[WaitingHand]:
        """Every hand without its par yet, the earliest scored first."""
        return [_waiting(row) for row in await self._fetch(_WAITING)]

    async def waiting_count(self) -> int:
        """How many hands wait for their par."""
        row = await self._fetch_one(_WAITING_COUNT)
        return 0 if row is None else int(row["n"])

    async def totals(self, guild_id: int, user_id: int, since: float) -> ParTotals:
        """The player's differences against par in the server from ``since`` on."""
        who = (guild_id, user_id, since)
        row = await self._fetch_one(_TOTALS, *who, *who, *who)
        assert row is not None  # an aggregate gives one row
        return ParTotals(
            int(row["hands"]), int(row["total"]), int(row["squares"]), int(row["waiting"])
        )
