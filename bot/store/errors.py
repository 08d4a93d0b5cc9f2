"""Errors the store raises on purpose, the same whichever database holds the data, so the
services can tell them from database bugs without knowing which back end they use."""

from __future__ import annotations

__all__ = [
    "AlreadyStored",
    "ChannelBusy",
    "NightBusy",
    "SchemaTooNew",
    "SeqConflict",
    "StoreError",
    "TableNotFound",
]


class StoreError(Exception):
    """Base class: anything the store refuses on purpose."""


class ChannelBusy(StoreError):
    """The channel already has an open (lobby or playing) table; one per channel."""

    def __init__(self, channel_id: int) -> None:
        self.channel_id = channel_id
        super().__init__(f"channel {channel_id} already has an open table")


class SeqConflict(StoreError):
    """The action is not the next one in the table's log: another writer got there first,
    or the caller's in-memory state is stale. Nothing was stored."""

    def __init__(self, table_id: int, expected: int, got: int) -> None:
        self.table_id = table_id
        self.expected = expected
        self.got = got
        super().__init__(f"table {table_id}: expected action seq {expected}, got {got}")


class TableNotFound(StoreError):
    """No table with this id; the caller holds an id the database never issued."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(f"no table with id {table_id}")


class SchemaTooNew(StoreError):
    """The database was migrated by a newer version of the bot; running older code on it
    could corrupt data, so we refuse to open it."""

    def __init__(self, found: int, known: int) -> None:
        self.found = found
        self.known = known
        super().__init__(
            f"database schema version {found} is newer than this code knows ({known}); "
            "upgrade the bot or restore a matching backup"
        )


class NightBusy(StoreError):
    """The league already has a night that is not closed."""

    def __init__(self, league_id: int) -> None:
        super().__init__(f"league {league_id} already has an open night")
        self.league_id = league_id


class AlreadyStored(StoreError):
    """The row exists already: another writer stored it first (e.g. a round drawn twice)."""
