"""The statements both back ends run word for word, written once.

Each was kept twice, once per back end, differing only in its placeholders (`?` for
aiosqlite, `$1..$n` for asyncpg), so a change to a column had to be made in two places and
the copies could drift apart unnoticed. They are written here with `?` and numbered for
PostgreSQL once, at import. A statement whose SQL really differs between the back ends
(row locks, RETURNING, NULL-safe comparisons, array parameters) stays beside its back end.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from .rows import AUDIT_COLUMNS, LEAGUE_COLUMNS, RUN_COLUMNS

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
    return Sql(sql, numbered(sql))


# ------------------------------------------------------------------------ leagues
UPDATE_SETTINGS: Final = shared("UPDATE leagues SET settings = ?, updated_at = ? WHERE id = ?")
LEAGUE: Final = shared(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = ?")
ALL_LEAGUES: Final = shared(f"SELECT {LEAGUE_COLUMNS} FROM leagues ORDER BY id")

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
INSERT_AUDIT: Final = shared(
    f"INSERT INTO league_audit ({AUDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
AUDIT: Final = shared("SELECT * FROM league_audit WHERE night_id = ? ORDER BY id")
INSERT_RUN: Final = shared(
    f"INSERT INTO league_schedule_runs ({RUN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (league_id, starts_at, kind, minutes) DO NOTHING"
)
