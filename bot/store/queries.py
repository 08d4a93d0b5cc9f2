"""The statements both back ends run word for word, written once, and the writes of
several rows (`opening_writes`, `sheet_writes`, `adjustment_writes`) as statements with
their values, so both back ends write the same rows.

Each statement was kept twice, once per back end, differing only in its placeholders (`?` for
aiosqlite, `$1..$n` for asyncpg), so a change to a column had to be made in two places and
the copies could drift apart unnoticed. They are written here with `?` and numbered for
PostgreSQL once, at import. A read whose SQL differs only in a word is written out for
each (`LEAGUES`); a statement whose SQL really differs between the back ends (row locks,
RETURNING, array parameters) stays beside its back end.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from .records import OPEN_STATUSES, ActionRecord, NewTable, StoredAudit
from .rows import (
    AUDIT_COLUMNS,
    LEAGUE_COLUMNS,
    RUN_COLUMNS,
    TABLE_COLUMNS,
    audit_values,
    check_records,
    dump_json,
    hand_par_rows,
    hand_rows,
    match_rows,
)

Values = tuple[Any, ...]

# A quoted literal is matched first, so a `?` inside one is kept as it is.
_PLACEHOLDER: Final = re.compile(r"'[^']*'|\?")


def numbered(sql: str) -> str:
    """`sql` with its `?` placeholders numbered `$1`, `$2`, ... in order (PostgreSQL's)."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match[0] != "?":
            return match[0]
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(number, sql)


class Sql(NamedTuple):
    """One statement in each back end's placeholders."""

    sqlite: str
    postgres: str


def shared(sql: str) -> Sql:
    """`sql`, written with `?`, in both back ends' placeholders."""
    return Sql(sql, numbered(sql))


# ------------------------------------------------------------------------ leagues
UPDATE_SETTINGS: Final = shared("UPDATE leagues SET settings = ?, updated_at = ? WHERE id = ?")
LEAGUE: Final = shared(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = ?")
ALL_LEAGUES: Final = shared(f"SELECT {LEAGUE_COLUMNS} FROM leagues ORDER BY id")
# A guild's leagues, a NULL guild (direct messages) included: SQLite's IS compares NULLs.
LEAGUES: Final = Sql(
    f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE guild_id IS ? ORDER BY name",
    f"SELECT {LEAGUE_COLUMNS} FROM leagues"
    " WHERE guild_id IS NOT DISTINCT FROM $1::bigint ORDER BY name",
)

# ------------------------------------------------------------------------- nights
SET_STATUS: Final = shared("UPDATE league_nights SET status = ?, closed_at = ? WHERE id = ?")
SET_CHECKIN_MESSAGE: Final = shared(
    "INSERT INTO league_checkin_messages (night_id, channel_id, message_id, drawn,"
    " at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (night_id) DO UPDATE SET"
    " channel_id = excluded.channel_id, message_id = excluded.message_id,"
    " drawn = excluded.drawn, at = excluded.at"
)
CHECKIN_MESSAGE: Final = shared(
    "SELECT channel_id, message_id, drawn FROM league_checkin_messages WHERE night_id = ?"
)
SET_NIGHT_MESSAGE: Final = shared(
    "INSERT INTO league_night_messages (night_id, kind, channel_id, message_id, at)"
    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (night_id, kind) DO UPDATE SET"
    " channel_id = excluded.channel_id, message_id = excluded.message_id, at = excluded.at"
)
NIGHT_MESSAGE: Final = shared(
    "SELECT channel_id, message_id FROM league_night_messages WHERE night_id = ? AND kind = ?"
)
NIGHT: Final = shared("SELECT * FROM league_nights WHERE id = ?")
NIGHTS: Final = shared("SELECT * FROM league_nights WHERE league_id = ? ORDER BY number")
OPEN_NIGHTS: Final = shared("SELECT * FROM league_nights WHERE status != 'closed' ORDER BY id")
ATTENDANCE: Final = shared(
    "SELECT user_id, kind, rounds_drawn, partner_id FROM league_attendance"
    " WHERE night_id = ? ORDER BY seq"
)

# ------------------------------------------------------------------------- rounds
INSERT_ROUND: Final = shared(
    "INSERT INTO league_rounds (night_id, number, draw, dealt, at) VALUES (?, ?, ?, ?, ?)"
)
SET_RUNNING: Final = shared("UPDATE league_nights SET status = 'running' WHERE id = ?")
ROUNDS: Final = shared("SELECT draw FROM league_rounds WHERE night_id = ? ORDER BY number")
DEALT_ROUNDS: Final = shared("SELECT number FROM league_rounds WHERE night_id = ? AND dealt <> 0")
LINK_TABLE: Final = shared(
    "INSERT INTO league_round_tables (night_id, round_no, table_no, table_id, at)"
    " VALUES (?, ?, ?, ?, ?)"
)
ROUND_TABLES: Final = shared(
    "SELECT round_no, table_no, table_id FROM league_round_tables WHERE night_id = ?"
)
TABLE_ROUND: Final = shared(
    "SELECT night_id, round_no, table_no FROM league_round_tables WHERE table_id = ?"
)

# ------------------------------------------------------------ results and the audit
RESULTS: Final = shared(
    "SELECT round_no, table_no, version, result, actor, at FROM league_results"
    " WHERE night_id = ? ORDER BY round_no, table_no, version"
)
INSERT_ADJUSTMENT: Final = shared(
    "INSERT INTO league_adjustments (night_id, user_id, points, reason, actor, at)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)
ADJUSTMENTS: Final = shared(
    "SELECT user_id, points, reason FROM league_adjustments WHERE night_id = ? ORDER BY id"
)
# What `night_rows` reads, in the order of `NightRows`' fields.
INSERT_AUDIT: Final = shared(
    f"INSERT INTO league_audit ({AUDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
AUDIT: Final = shared("SELECT * FROM league_audit WHERE night_id = ? ORDER BY id")
NIGHT_ROWS: Final = (NIGHT, ATTENDANCE, ROUNDS, RESULTS, ADJUSTMENTS, AUDIT)
INSERT_RUN: Final = shared(
    f"INSERT INTO league_schedule_runs ({RUN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (league_id, starts_at, kind, minutes) DO NOTHING"
)

# ------------------------------------------------------------------------- tables
SET_SNAPSHOT: Final = shared("UPDATE tables SET snapshot = ? WHERE id = ?")
SET_CHANNEL: Final = shared("UPDATE tables SET channel_id = ? WHERE id = ?")
TABLE_SEQ: Final = shared("SELECT seq FROM tables WHERE id = ?")
TABLE_CHANNEL: Final = shared("SELECT channel_id FROM tables WHERE id = ?")
TABLE: Final = shared(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?")
_OPEN: Final = ", ".join(f"'{status}'" for status in OPEN_STATUSES)  # literals: no parameter
OPEN_TABLES: Final = shared(
    f"SELECT {TABLE_COLUMNS} FROM tables WHERE status IN ({_OPEN}) ORDER BY id"
)
LATEST_IN_CHANNEL: Final = shared(
    f"SELECT {TABLE_COLUMNS} FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1"
)
NOTICES: Final = shared(
    "SELECT id, guild_id, channel_id, notice_id FROM tables WHERE notice_id IS NOT NULL ORDER BY id"
)
FIRST_ACTION: Final = shared(
    "INSERT INTO actions (table_id, seq, actor, kind, payload, at) VALUES (?, 1, ?, ?, ?, ?)"
)
ACTIONS: Final = shared(
    "SELECT table_id, seq, actor, kind, payload, at FROM actions WHERE table_id = ? ORDER BY seq"
)

# ----------------------------------------------------------- score sheets (migration 0001)
INSERT_HAND: Final = shared(
    "INSERT INTO hands (table_id, match_no, number, guild_id, dealer, trump, makers, chooser,"
    " points0, points1, roem0, roem1, score0, score1, nat, pit, at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_PLAYER_HAND: Final = shared(
    "INSERT INTO player_hands (table_id, match_no, number, guild_id, user_id, seat, pair,"
    " maker, chose, nat, pit, points, roem, computers, at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_MATCH: Final = shared(
    "INSERT INTO matches (table_id, match_no, guild_id, rules, total0, total1, winner, hands,"
    " computers, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_PLAYER_MATCH: Final = shared(
    "INSERT INTO player_matches (table_id, match_no, guild_id, user_id, pair, result, points,"
    " computers, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
# A hand played by one person with three computers, waiting for its par (0013).
INSERT_HAND_PAR: Final = shared(
    "INSERT INTO hand_pars (table_id, match_no, number, guild_id, user_id, seat, score, setup,"
    " at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
SHEET_HANDS: Final = shared(
    "SELECT * FROM hands WHERE table_id = ? AND match_no = ? ORDER BY number"
)
SHEET_PLAYERS: Final = shared(
    "SELECT number, seat, user_id FROM player_hands WHERE table_id = ? AND match_no = ?"
)

# -------------------------------------------------------------- preferences (0004)
NOTIFY_MODE: Final = shared("SELECT notify FROM player_preferences WHERE user_id = ?")
SET_NOTIFY_MODE: Final = shared(
    "INSERT INTO player_preferences (user_id, notify, updated_at) VALUES (?, ?, ?)"
    " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
    " updated_at = excluded.updated_at"
)

# -------------------------------------------------------------- the bot's state (0007)
STATE_VALUE: Final = shared("SELECT value FROM bot_state WHERE key = ?")
SET_STATE_VALUE: Final = shared(
    "INSERT INTO bot_state (key, value, updated_at) VALUES (?, ?, ?)"
    " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at"
)


def opening_writes(table: NewTable, table_id: int, action: str | None) -> list[tuple[Sql, Values]]:
    """What opening `table` writes once its row has id `table_id`: the snapshot that names
    its table, and action 1 with its payload already serialised (`action`)."""
    writes: list[tuple[Sql, Values]] = []
    if callable(table.snapshot):
        writes.append((SET_SNAPSHOT, (dump_json(table.snapshot(table_id)), table_id)))
    if table.action is not None:
        actor, kind, _ = table.action
        writes.append((FIRST_ACTION, (table_id, actor, kind, action, table.at)))
    return writes


def sheet_writes(action: ActionRecord) -> list[tuple[Sql, list[Values]]]:
    """The score-sheet rows an action adds, each statement with its rows (for
    `executemany`): every hand, then the match, each followed by one row per human seat;
    a hand that gets a par also its `hand_pars` row (waiting for the par). Refuses a
    record of another table first (`check_records`), before any write."""
    check_records(action.table_id, [*action.hands, *([action.match] if action.match else [])])
    writes: list[tuple[Sql, list[Values]]] = []
    for hand in action.hands:
        sheet, players = hand_rows(hand)
        writes += [(INSERT_HAND, [sheet]), (INSERT_PLAYER_HAND, players)]
        pars = hand_par_rows(hand)
        if pars:
            writes.append((INSERT_HAND_PAR, pars))
    if action.match is not None:
        row, players = match_rows(action.match)
        writes += [(INSERT_MATCH, [row]), (INSERT_PLAYER_MATCH, players)]
    return writes


def adjustment_writes(
    night_id: int, adjustment: Mapping[str, Any], audit: StoredAudit
) -> list[tuple[Sql, Values]]:
    """A points adjustment (user_id, points, reason) and its audit entry: the two rows
    written in one transaction, so neither exists without the other."""
    row = (night_id, adjustment["user_id"], adjustment["points"], adjustment["reason"])
    return [
        (INSERT_ADJUSTMENT, (*row, audit.actor, audit.at)),
        (INSERT_AUDIT, audit_values(audit)),
    ]
