"""The reads both back ends run alike, written once.

Most reads are one statement and a conversion of its rows to records, and only the way
a statement is run differs per back end: SQLite holds the connection lock around it,
PostgreSQL takes a pooled connection. So a back end gives `_fetch` (bot/store/db.py,
bot/store/postgres/db.py) and its stores inherit the reads from here; a read that needs
more than one statement, or SQL of its own, stays beside its back end.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from . import queries as q
from .queries import Sql
from .records import (
    CheckinMessage,
    PostedMessage,
    PostedNotice,
    StoredAction,
    StoredAudit,
    StoredLeague,
    StoredNight,
    StoredResult,
    StoredTable,
)
from .rows import (
    Row,
    as_dict,
    stored_action,
    stored_audit,
    stored_league,
    stored_night,
    stored_result,
    stored_table,
)

__all__ = ["LeagueReads", "PreferenceReads", "Reads", "StateReads", "TableReads"]


class Reads(ABC):
    """One statement run on the back end's database, its rows returned."""

    @abstractmethod
    async def _fetch(self, sql: Sql, *params: Any) -> Sequence[Row]:
        """The rows `sql` gives for `params`, run in this back end's placeholders."""

    async def _fetch_one(self, sql: Sql, *params: Any) -> Row | None:
        """The first row `sql` gives for `params`; None when it gives none."""
        rows = await self._fetch(sql, *params)
        return rows[0] if rows else None


class TableReads(Reads):
    """The table store's reads of one statement each (see `TableStore`)."""

    async def get(self, table_id: int) -> StoredTable | None:
        """The table with this id, whatever its status; None when there is none."""
        row = await self._fetch_one(q.TABLE, table_id)
        return stored_table(row) if row is not None else None

    async def latest_in_channel(self, channel_id: int) -> StoredTable | None:
        """The channel's newest table, finished or closed ones included."""
        row = await self._fetch_one(q.LATEST_IN_CHANNEL, channel_id)
        return stored_table(row) if row is not None else None

    async def open_tables(self) -> list[StoredTable]:
        """Tables in the lobby or playing, oldest first."""
        return [stored_table(row) for row in await self._fetch(q.OPEN_TABLES)]

    async def actions(self, table_id: int) -> list[StoredAction]:
        """The table's action log in order, for replay."""
        return [stored_action(row) for row in await self._fetch(q.ACTIONS, table_id)]

    async def notices(self) -> list[PostedNotice]:
        """Every standing turn notice, by table."""
        return [
            PostedNotice(row["id"], row["guild_id"], row["channel_id"], row["notice_id"])
            for row in await self._fetch(q.NOTICES)
        ]


class LeagueReads(Reads):
    """The league store's reads of one statement each (see `LeagueStore`)."""

    async def league(self, league_id: int) -> StoredLeague | None:
        """The league with this id; None when there is none."""
        row = await self._fetch_one(q.LEAGUE, league_id)
        return stored_league(row) if row is not None else None

    async def leagues(self, guild_id: int | None) -> list[StoredLeague]:
        """The guild's leagues by name (a NULL guild matches too)."""
        return [stored_league(row) for row in await self._fetch(q.LEAGUES, guild_id)]

    async def all_leagues(self) -> list[StoredLeague]:
        """Every league of every server, oldest first."""
        return [stored_league(row) for row in await self._fetch(q.ALL_LEAGUES)]

    async def checkin_message(self, night_id: int) -> CheckinMessage | None:
        """The night's newest check-in message; None before the first."""
        row = await self._fetch_one(q.CHECKIN_MESSAGE, night_id)
        if row is None:
            return None
        return CheckinMessage(row["channel_id"], row["message_id"], row["drawn"])

    async def night_message(self, night_id: int, kind: str) -> PostedMessage | None:
        """The night's message of `kind` (its standings); None before it is posted."""
        row = await self._fetch_one(q.NIGHT_MESSAGE, night_id, kind)
        if row is None:
            return None
        return PostedMessage(row["channel_id"], row["message_id"])

    async def night(self, night_id: int) -> StoredNight | None:
        """The night with this id; None when there is none."""
        row = await self._fetch_one(q.NIGHT, night_id)
        return stored_night(row) if row is not None else None

    async def nights(self, league_id: int) -> list[StoredNight]:
        """The league's nights by number."""
        return [stored_night(row) for row in await self._fetch(q.NIGHTS, league_id)]

    async def open_nights(self) -> list[StoredNight]:
        """Every night not closed, of any league."""
        return [stored_night(row) for row in await self._fetch(q.OPEN_NIGHTS)]

    async def attendance(self, night_id: int) -> list[dict[str, Any]]:
        """The night's check-in events as dicts, in order."""
        return [as_dict(row) for row in await self._fetch(q.ATTENDANCE, night_id)]

    async def rounds(self, night_id: int) -> list[dict[str, Any]]:
        """The night's round draws, parsed, by number."""
        return [json.loads(row["draw"]) for row in await self._fetch(q.ROUNDS, night_id)]

    async def dealt_rounds(self, night_id: int) -> set[int]:
        """The night's rounds whose tables the bot deals."""
        return {row["number"] for row in await self._fetch(q.DEALT_ROUNDS, night_id)}

    async def round_tables(self, night_id: int) -> dict[tuple[int, int], int]:
        """(round, table) -> the bot table playing it."""
        rows = await self._fetch(q.ROUND_TABLES, night_id)
        return {(row["round_no"], row["table_no"]): row["table_id"] for row in rows}

    async def table_round(self, table_id: int) -> tuple[int, int, int] | None:
        """(night, round, table) a bot table plays, or None when it is no league table."""
        row = await self._fetch_one(q.TABLE_ROUND, table_id)
        return None if row is None else (row["night_id"], row["round_no"], row["table_no"])

    async def results(self, night_id: int) -> list[StoredResult]:
        """Every version of every result of the night, oldest first."""
        return [stored_result(row) for row in await self._fetch(q.RESULTS, night_id)]

    async def adjustments(self, night_id: int) -> list[dict[str, Any]]:
        """The night's points adjustments as dicts, in order."""
        return [as_dict(row) for row in await self._fetch(q.ADJUSTMENTS, night_id)]

    async def audit(self, night_id: int) -> list[StoredAudit]:
        """The night's corrections, in order."""
        return [stored_audit(row) for row in await self._fetch(q.AUDIT, night_id)]


class PreferenceReads(Reads):
    """The preference store's read (see `PreferenceStore`)."""

    async def notify_mode(self, user_id: int) -> str | None:
        """The player's stored turn-notice choice; None when they never chose."""
        row = await self._fetch_one(q.NOTIFY_MODE, user_id)
        return None if row is None or row["notify"] is None else str(row["notify"])


class StateReads(Reads):
    """The bot-state store's read (see `StateStore`)."""

    async def get(self, key: str) -> str | None:
        """The value stored under `key`; None when nothing was stored."""
        row = await self._fetch_one(q.STATE_VALUE, key)
        return None if row is None or row["value"] is None else str(row["value"])
