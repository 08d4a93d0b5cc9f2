"""The challenge store's statements, written once for both back ends, and its reads.

Each back end runs the statements its own way (bot/store/challenges.py for SQLite,
bot/store/postgres/challenges.py); a read is one statement and a conversion of its rows,
inherited by both.
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from .challenge_records import NewChallenge, StoredChallenge, StoredDeal, StoredEntry
from .queries import shared
from .reads import Reads
from .rows import Row, dump_json

__all__ = [
    "ADD_PAR",
    "ADD_RESULT",
    "CLOSE",
    "INSERT_ENTRY",
    "OPEN",
    "SET_MESSAGE",
    "SET_SETTINGS",
    "SET_SUMMARY",
    "UPDATE_ENTRY",
    "ChallengeReads",
    "deal_values",
    "entry_values",
    "opening_values",
    "update_values",
]

_CHALLENGE: Final = (
    "id, guild_id, number, seed, seed_hash, rules, deals, effort, channel_id, opened_at,"
    " closes_at, status, closed_at, message_id, summary_id"
)
_ENTRY: Final = "challenge_id, user_id, name, deal, actions, seq, started_at, updated_at"
_DEAL: Final = "challenge_id, deal, score, against, makers, trump, nat, actions, at"

# --------------------------------------------------------------------------- writes
SET_SETTINGS: Final = shared(
    "INSERT INTO challenge_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
    " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings,"
    " updated_at = excluded.updated_at"
)
# Numbered within the server; a second opening for the same closing time adds nothing
# (the caller reads the one stored).
OPEN: Final = shared(
    "INSERT INTO challenges (guild_id, number, seed, seed_hash, rules, deals, effort,"
    " channel_id, opened_at, closes_at)"
    " SELECT ?, COALESCE(MAX(number), 0) + 1, ?, ?, ?, ?, ?, ?, ?, ? FROM challenges"
    " WHERE guild_id = ? ON CONFLICT (guild_id, closes_at) DO NOTHING"
)
CLOSE: Final = shared(
    "UPDATE challenges SET status = 'closed', closed_at = ? WHERE id = ? AND status = 'open'"
)
SET_MESSAGE: Final = shared("UPDATE challenges SET message_id = ? WHERE id = ?")
SET_SUMMARY: Final = shared("UPDATE challenges SET summary_id = ? WHERE id = ?")
INSERT_ENTRY: Final = shared(
    f"INSERT INTO challenge_entries ({_ENTRY}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (challenge_id, user_id) DO NOTHING"
)
UPDATE_ENTRY: Final = shared(
    "UPDATE challenge_entries SET deal = ?, actions = ?, seq = ?, updated_at = ?"
    " WHERE challenge_id = ? AND user_id = ? AND seq = ?"
)
ADD_RESULT: Final = shared(
    f"INSERT INTO challenge_results (user_id, {_DEAL}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (challenge_id, user_id, deal) DO NOTHING"
)
ADD_PAR: Final = shared(
    f"INSERT INTO challenge_pars ({_DEAL}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (challenge_id, deal) DO NOTHING"
)

# --------------------------------------------------------------------------- reads
_SETTINGS: Final = shared("SELECT settings FROM challenge_settings WHERE guild_id = ?")
_ALL_SETTINGS: Final = shared("SELECT guild_id, settings FROM challenge_settings ORDER BY guild_id")
_BY_ID: Final = shared(f"SELECT {_CHALLENGE} FROM challenges WHERE id = ?")
_BY_NUMBER: Final = shared(f"SELECT {_CHALLENGE} FROM challenges WHERE guild_id = ? AND number = ?")
_BY_CLOSE: Final = shared(
    f"SELECT {_CHALLENGE} FROM challenges WHERE guild_id = ? AND closes_at = ?"
)
_OPEN_IN: Final = shared(
    f"SELECT {_CHALLENGE} FROM challenges WHERE guild_id = ? AND status = 'open'"
    " ORDER BY closes_at DESC LIMIT 1"
)
_ALL_OPEN: Final = shared(
    f"SELECT {_CHALLENGE} FROM challenges WHERE status = 'open' ORDER BY closes_at, id"
)
_UNPOSTED: Final = shared(
    f"SELECT {_CHALLENGE} FROM challenges WHERE status = 'closed' AND summary_id IS NULL"
    " ORDER BY closes_at, id"
)
_PAST: Final = shared(
    f"SELECT {_CHALLENGE} FROM challenges WHERE guild_id = ? AND status = 'closed'"
    " ORDER BY number DESC LIMIT ?"
)
_WITHOUT_PAR: Final = shared(
    f"SELECT {_CHALLENGE} FROM challenges c WHERE c.deals >"
    " (SELECT COUNT(*) FROM challenge_pars p WHERE p.challenge_id = c.id) ORDER BY c.id"
)
_ENTRY_ROW: Final = shared(
    f"SELECT {_ENTRY} FROM challenge_entries WHERE challenge_id = ? AND user_id = ?"
)
_ENTRY_COUNT: Final = shared("SELECT COUNT(*) AS n FROM challenge_entries WHERE challenge_id = ?")
# Without their actions: the standings read every member's deals, and need only scores.
_RESULTS: Final = shared(
    "SELECT r.user_id, e.name, r.challenge_id, r.deal, r.score, r.against, r.makers,"
    " r.trump, r.nat, '[]' AS actions, r.at FROM challenge_results r JOIN challenge_entries e"
    " ON e.challenge_id = r.challenge_id AND e.user_id = r.user_id"
    " WHERE r.challenge_id = ? ORDER BY r.deal, r.user_id"
)
_RESULT: Final = shared(
    "SELECT r.user_id, e.name, r.challenge_id, r.deal, r.score, r.against, r.makers,"
    " r.trump, r.nat, r.actions, r.at FROM challenge_results r JOIN challenge_entries e"
    " ON e.challenge_id = r.challenge_id AND e.user_id = r.user_id"
    " WHERE r.challenge_id = ? AND r.user_id = ? AND r.deal = ?"
)
_PARS: Final = shared(
    f"SELECT NULL AS user_id, '' AS name, {_DEAL} FROM challenge_pars"
    " WHERE challenge_id = ? ORDER BY deal"
)


def opening_values(new: NewChallenge) -> tuple[Any, ...]:
    """`OPEN`'s values for ``new``."""
    return (
        new.guild_id,
        new.seed,
        new.seed_hash,
        dump_json(new.rules),
        new.deals,
        dump_json(new.effort),
        new.channel_id,
        new.opened_at,
        new.closes_at,
        new.guild_id,
    )


def entry_values(entry: StoredEntry) -> tuple[Any, ...]:
    """`INSERT_ENTRY`'s values for ``entry``."""
    return (
        entry.challenge_id,
        entry.user_id,
        entry.name,
        entry.deal,
        _dump_list(entry.actions),
        entry.seq,
        entry.started_at,
        entry.updated_at,
    )


def update_values(entry: StoredEntry, expected: int) -> tuple[Any, ...]:
    """`UPDATE_ENTRY`'s values: the entry as it is after the move, at move ``expected``."""
    actions = _dump_list(entry.actions)
    key = (entry.challenge_id, entry.user_id, expected)
    return (entry.deal, actions, entry.seq, entry.updated_at, *key)


def deal_values(deal: StoredDeal) -> tuple[Any, ...]:
    """`ADD_RESULT`'s values (the user first) or, without the user, `ADD_PAR`'s."""
    values = (
        deal.challenge_id,
        deal.deal,
        deal.score,
        deal.against,
        deal.makers,
        deal.trump,
        int(deal.nat),
        _dump_list(deal.actions),
        deal.at,
    )
    return values if deal.user_id is None else (deal.user_id, *values)


def _dump_list(values: tuple[dict[str, Any], ...]) -> str:
    return orjson.dumps(list(values), option=orjson.OPT_SORT_KEYS).decode()


def _load(text: str) -> Any:
    return orjson.loads(text)


def stored_challenge(row: Row) -> StoredChallenge:
    """A `challenges` row as a record."""
    return StoredChallenge(
        id=row["id"],
        guild_id=row["guild_id"],
        number=row["number"],
        seed=row["seed"],
        seed_hash=row["seed_hash"],
        rules=dict(_load(row["rules"])),
        deals=row["deals"],
        effort=dict(_load(row["effort"])),
        channel_id=row["channel_id"],
        opened_at=row["opened_at"],
        closes_at=row["closes_at"],
        status=row["status"],
        closed_at=row["closed_at"],
        message_id=row["message_id"],
        summary_id=row["summary_id"],
    )


def stored_entry(row: Row) -> StoredEntry:
    """A `challenge_entries` row as a record."""
    return StoredEntry(
        challenge_id=row["challenge_id"],
        user_id=row["user_id"],
        name=row["name"],
        deal=row["deal"],
        actions=tuple(_load(row["actions"])),
        seq=row["seq"],
        started_at=row["started_at"],
        updated_at=row["updated_at"],
    )


def stored_deal(row: Row) -> StoredDeal:
    """A `challenge_results` or `challenge_pars` row as a record."""
    return StoredDeal(
        challenge_id=row["challenge_id"],
        user_id=row["user_id"],
        name=row["name"],
        deal=row["deal"],
        score=row["score"],
        against=row["against"],
        makers=row["makers"],
        trump=row["trump"],
        nat=bool(row["nat"]),
        actions=tuple(_load(row["actions"])),
        at=row["at"],
    )


class ChallengeReads(Reads):
    """The challenge store's reads of one statement each (see `ChallengeStore`)."""

    async def settings(self, guild_id: int) -> dict[str, Any] | None:
        """The server's stored settings; None when it never changed a default."""
        row = await self._fetch_one(_SETTINGS, guild_id)
        return None if row is None else dict(_load(row["settings"]))

    async def all_settings(self) -> dict[int, dict[str, Any]]:
        """Every server's stored settings, by server."""
        rows = await self._fetch(_ALL_SETTINGS)
        return {row["guild_id"]: dict(_load(row["settings"])) for row in rows}

    async def challenge(self, challenge_id: int) -> StoredChallenge | None:
        """The challenge with this id; None when there is none."""
        row = await self._fetch_one(_BY_ID, challenge_id)
        return None if row is None else stored_challenge(row)

    async def numbered(self, guild_id: int, number: int) -> StoredChallenge | None:
        """The server's challenge with this number; None when there is none."""
        row = await self._fetch_one(_BY_NUMBER, guild_id, number)
        return None if row is None else stored_challenge(row)

    async def closing_at(self, guild_id: int, closes_at: float) -> StoredChallenge | None:
        """The server's challenge closing at ``closes_at``; None when there is none."""
        row = await self._fetch_one(_BY_CLOSE, guild_id, closes_at)
        return None if row is None else stored_challenge(row)

    async def open_in(self, guild_id: int) -> StoredChallenge | None:
        """The server's open challenge (the latest closing, should there be two)."""
        row = await self._fetch_one(_OPEN_IN, guild_id)
        return None if row is None else stored_challenge(row)

    async def open_challenges(self) -> list[StoredChallenge]:
        """Every open challenge of every server, the first to close first."""
        return [stored_challenge(row) for row in await self._fetch(_ALL_OPEN)]

    async def unposted(self) -> list[StoredChallenge]:
        """Closed challenges whose summary is not posted yet."""
        return [stored_challenge(row) for row in await self._fetch(_UNPOSTED)]

    async def past(self, guild_id: int, limit: int) -> list[StoredChallenge]:
        """The server's closed challenges, the newest first."""
        return [stored_challenge(row) for row in await self._fetch(_PAST, guild_id, limit)]

    async def without_par(self) -> list[StoredChallenge]:
        """Challenges with a deal whose par is not stored yet."""
        return [stored_challenge(row) for row in await self._fetch(_WITHOUT_PAR)]

    async def entry(self, challenge_id: int, user_id: int) -> StoredEntry | None:
        """The member's entry; None when they never started the challenge."""
        row = await self._fetch_one(_ENTRY_ROW, challenge_id, user_id)
        return None if row is None else stored_entry(row)

    async def entry_count(self, challenge_id: int) -> int:
        """How many members started the challenge."""
        row = await self._fetch_one(_ENTRY_COUNT, challenge_id)
        return 0 if row is None else int(row["n"])

    async def results(self, challenge_id: int) -> list[StoredDeal]:
        """Every finished deal of every member, by deal and member, without its actions
        (`result` gives one deal with them)."""
        return [stored_deal(row) for row in await self._fetch(_RESULTS, challenge_id)]

    async def result(self, challenge_id: int, user_id: int, deal: int) -> StoredDeal | None:
        """One member's finished deal; None when they have not finished it."""
        row = await self._fetch_one(_RESULT, challenge_id, user_id, deal)
        return None if row is None else stored_deal(row)

    async def pars(self, challenge_id: int) -> list[StoredDeal]:
        """The computers' own results stored so far, by deal."""
        return [stored_deal(row) for row in await self._fetch(_PARS, challenge_id)]
