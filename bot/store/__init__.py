"""Persistence for the services: tables, action logs, score sheets, statistics and leagues.

Two back ends behind one interface (`interface.py`): SQLite, the default (one file, nothing
to set up), and PostgreSQL (`DATABASE_URL=postgresql://...`). Stores only; all game logic
lives in the services and the engine.
"""

from __future__ import annotations

from .backends import open_store
from .errors import (
    AlreadyStored,
    ChannelBusy,
    NightBusy,
    SchemaTooNew,
    SeqConflict,
    StoreError,
    TableNotFound,
)
from .interface import (
    LeagueStore,
    PreferenceStore,
    StateStore,
    StatsStore,
    Store,
    TableStore,
    is_postgres_url,
)
from .records import (
    OPEN_STATUSES,
    STATUSES,
    ActionRecord,
    CheckinMessage,
    HandRecord,
    MatchRecord,
    NewResult,
    NewTable,
    NightRows,
    PlayerStats,
    PostedMessage,
    PostedNotice,
    StoredAction,
    StoredAudit,
    StoredLeague,
    StoredNight,
    StoredResult,
    StoredRun,
    StoredTable,
    storable_id,
)

__all__ = [
    "OPEN_STATUSES",
    "STATUSES",
    "ActionRecord",
    "AlreadyStored",
    "ChannelBusy",
    "CheckinMessage",
    "HandRecord",
    "LeagueStore",
    "MatchRecord",
    "NewResult",
    "NewTable",
    "NightBusy",
    "NightRows",
    "PlayerStats",
    "PostedMessage",
    "PostedNotice",
    "PreferenceStore",
    "SchemaTooNew",
    "SeqConflict",
    "StateStore",
    "StatsStore",
    "Store",
    "StoreError",
    "StoredAction",
    "StoredAudit",
    "StoredLeague",
    "StoredNight",
    "StoredResult",
    "StoredRun",
    "StoredTable",
    "TableNotFound",
    "TableStore",
    "is_postgres_url",
    "open_store",
    "storable_id",
]
