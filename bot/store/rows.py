"""Rows to records and back, shared by both back ends.

sqlite3.Row and asyncpg.Record both read a column by name (`row["id"]`), so one set of
converters serves both; only the SQL around them differs per back end.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

import orjson

from .layout import STORED_SEATS, stored_pair
from .records import (
    HandRecord,
    MatchRecord,
    NewTable,
    NightRows,
    PlayerStats,
    StoredAction,
    StoredAudit,
    StoredLeague,
    StoredNight,
    StoredResult,
    StoredRun,
    StoredTable,
)

__all__ = [
    "AUDIT_COLUMNS",
    "LEAGUE_COLUMNS",
    "RUN_COLUMNS",
    "TABLE_COLUMNS",
    "Row",
    "as_dict",
    "attendance_values",
    "audit_values",
    "check_records",
    "dump_json",
    "first_values",
    "hand_par_rows",
    "hand_records",
    "hand_rows",
    "load_json",
    "match_rows",
    "night_rows",
    "player_stats",
    "stored_action",
    "stored_audit",
    "stored_league",
    "stored_night",
    "stored_run",
    "run_values",
    "stored_table",
]

Values = tuple[Any, ...]

LEAGUE_COLUMNS = "id, guild_id, name, settings, updated_at"
TABLE_COLUMNS = "id, guild_id, channel_id, opener_id, status, message_id, seq, snapshot"
RUN_COLUMNS = "league_id, starts_at, kind, minutes, due_at, outcome, message_id, at"  # in order
AUDIT_COLUMNS = (  # in order
    "night_id, kind, round_no, table_no, line, actor, reason, before, after, at, subject"
)


class Row(Protocol):
    """What both drivers' rows offer: a column by name, and the names."""

    def __getitem__(self, key: str, /) -> Any: ...
    def keys(self) -> Iterable[str]:
        """The row's column names, in order."""
        ...


def as_dict(row: Row) -> dict[str, Any]:
    """The row as a dict of column name to value."""
    return {key: row[key] for key in row.keys()}  # noqa: SIM118 (a row is no mapping)


def player_stats(row: Row) -> PlayerStats:
    """A statistics row as a record: its column aliases are the record's field names."""
    return PlayerStats(**as_dict(row))


def dump_json(value: Mapping[str, Any]) -> str:
    """Canonical JSON (sorted keys, no spaces, UTF-8), so equal states store as equal text.

    orjson rather than the standard encoder: every action stores the table's snapshot
    (about 2.5 KB), and encoding it took about a twentieth of the bot's CPU per click
    (issue 14); orjson does it about five times faster. A float that is not finite is
    written as null (the standard encoder refused it): no stored value is one.
    """
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()


def load_json(text: str | None) -> dict[str, Any] | None:
    """The JSON object `text` holds; None for a NULL column."""
    return None if text is None else dict(orjson.loads(text))


def stored_table(row: Row) -> StoredTable:
    """A `tables` row as a record (its snapshot parsed)."""
    return StoredTable(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        opener_id=row["opener_id"],
        status=row["status"],
        message_id=row["message_id"],
        seq=row["seq"],
        snapshot=_snapshot(row["snapshot"]),
    )


def first_values(table: NewTable) -> tuple[int, str, str | None]:
    """A new table's seq, first snapshot and first action's payload, serialised before any
    write: seq 1 with a first action, else 0; a snapshot that is a function of the id is
    "{}" until the id is known."""
    action = None if table.action is None else dump_json(table.action[2])
    first = "{}" if callable(table.snapshot) else dump_json(table.snapshot)
    return (0 if table.action is None else 1), first, action


def stored_action(row: Row) -> StoredAction:
    """One entry of a table's action log (`queries.ACTIONS`: the columns are the record's
    fields), its payload parsed."""
    return StoredAction(**{**as_dict(row), "payload": json.loads(row["payload"])})


def _snapshot(text: str) -> dict[str, Any]:
    """The stored snapshot; {} if it is not JSON, so the service can close that one table
    instead of failing to restore every table."""
    try:
        value = orjson.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def stored_league(row: Row) -> StoredLeague:
    """A `leagues` row as a record (its settings parsed)."""
    return StoredLeague(
        row["id"], row["guild_id"], row["name"], orjson.loads(row["settings"]), row["updated_at"]
    )


def stored_run(row: Row) -> StoredRun:
    """A `league_schedule_runs` row as a record."""
    return StoredRun(
        row["league_id"],
        row["starts_at"],
        row["kind"],
        row["minutes"],
        row["due_at"],
        row["outcome"],
        row["message_id"],
        row["at"],
    )


def run_values(run: StoredRun) -> Values:
    """The run row's values in the order of `RUN_COLUMNS`."""
    return (
        run.league_id, run.starts_at, run.kind, run.minutes, run.due_at, run.outcome,
        run.message_id, run.at,
    )  # fmt: skip


def stored_night(row: Row) -> StoredNight:
    """A `league_nights` row as a record."""
    return StoredNight(
        row["id"],
        row["league_id"],
        row["number"],
        row["seed"],
        row["status"],
        row["opened_at"],
        row["closed_at"],
    )


def stored_audit(row: Row) -> StoredAudit:
    """A `league_audit` row as a record (its before and after parsed)."""
    return StoredAudit(
        row["night_id"],
        row["kind"],
        row["round_no"],
        row["table_no"],
        row["line"],
        row["actor"],
        row["reason"],
        load_json(row["before"]),
        load_json(row["after"]),
        row["at"],
        row["subject"],
    )


def stored_result(row: Row) -> StoredResult:
    """A `league_results` row as a record (its result parsed)."""
    return StoredResult(
        row["round_no"],
        row["table_no"],
        row["version"],
        orjson.loads(row["result"]),
        row["actor"],
        row["at"],
    )


def attendance_values(event: Mapping[str, Any]) -> Values:
    """A check-in event's user_id, kind, rounds_drawn and partner_id (None if absent)."""
    return event["user_id"], event["kind"], event["rounds_drawn"], event.get("partner_id")


def night_rows(
    night: Sequence[Row],
    attendance: Iterable[Row],
    rounds: Iterable[Row],
    results: Iterable[Row],
    adjustments: Iterable[Row],
    audit: Iterable[Row] = (),
) -> NightRows | None:
    """The rows of `queries.NIGHT_ROWS` as one `NightRows`; None when there is no night."""
    if not night:
        return None
    return NightRows(
        stored_night(night[0]),
        [as_dict(row) for row in attendance],
        [orjson.loads(row["draw"]) for row in rounds],
        [stored_result(row) for row in results],
        [as_dict(row) for row in adjustments],
        [stored_audit(row) for row in audit],
    )


def audit_values(audit: StoredAudit) -> Values:
    """The audit row's values in the order of `AUDIT_COLUMNS`."""
    before = None if audit.before is None else dump_json(audit.before)
    after = None if audit.after is None else dump_json(audit.after)
    return (
        audit.night_id, audit.kind, audit.round_no, audit.table_no, audit.line, audit.actor,
        audit.reason, before, after, audit.at, audit.subject,
    )  # fmt: skip


def hand_rows(hand: HandRecord) -> tuple[Values, list[Values]]:
    """The score-sheet row and one player_hands row per human seat, from their view."""
    computers = any(user is None for user in hand.seats)
    sheet = (
        hand.table_id, hand.match_no, hand.number, hand.guild_id, hand.dealer, hand.trump,
        hand.makers, hand.chooser, *hand.points, *hand.roem, *hand.scores, int(hand.nat),
        hand.pit, hand.at,
    )  # fmt: skip
    players = []
    for seat, user in enumerate(hand.seats):
        if user is None:
            continue
        pair = stored_pair(seat)
        maker = pair == hand.makers
        players.append((
            hand.table_id, hand.match_no, hand.number, hand.guild_id, user, seat, pair,
            int(maker), int(seat == hand.chooser), int(maker and hand.nat),
            int(hand.pit == pair), hand.scores[pair], hand.roem[pair], int(computers), hand.at,
        ))  # fmt: skip
    return sheet, players


def hand_par_rows(hand: HandRecord) -> list[tuple[Any, ...]]:
    """The `hand_pars` row of a scored hand that gets a par (none for other hands): the one
    person's seat, their pair's score and the replay's setup."""
    if hand.par is None:
        return []
    seat = next(seat for seat, user in enumerate(hand.seats) if user is not None)
    return [
        (
            hand.table_id, hand.match_no, hand.number, hand.guild_id, hand.seats[seat], seat,
            hand.scores[stored_pair(seat)], dump_json(hand.par), hand.at,
        )
    ]  # fmt: skip


def match_rows(match: MatchRecord) -> tuple[Values, list[Values]]:
    """The matches row and one player_matches row per human seat."""
    computers = any(user is None for user in match.seats)
    row = (
        match.table_id, match.match_no, match.guild_id, match.rules, *match.totals,
        match.winner, match.hands, int(computers), match.at,
    )  # fmt: skip
    players = []
    for seat, user in enumerate(match.seats):
        if user is None:
            continue
        pair = stored_pair(seat)
        result = "draw" if match.winner is None else "win" if match.winner == pair else "loss"
        players.append((
            match.table_id, match.match_no, match.guild_id, user, pair, result,
            match.totals[pair], int(computers), match.at,
        ))  # fmt: skip
    return row, players


def hand_records(hands: Iterable[Row], players: Iterable[Row]) -> list[HandRecord]:
    """The score sheet from `hands` rows (in order) and their `player_hands` rows; seats
    with no player row were computers and read as None, just as they were recorded."""
    seats: dict[int, list[int | None]] = {}
    for row in players:
        seats.setdefault(row["number"], [None] * STORED_SEATS)[row["seat"]] = row["user_id"]
    return [
        HandRecord(
            table_id=row["table_id"],
            match_no=row["match_no"],
            number=row["number"],
            guild_id=row["guild_id"],
            dealer=row["dealer"],
            trump=row["trump"],
            makers=row["makers"],
            chooser=row["chooser"],
            points=(row["points0"], row["points1"]),
            roem=(row["roem0"], row["roem1"]),
            scores=(row["score0"], row["score1"]),
            nat=bool(row["nat"]),
            pit=row["pit"],
            seats=tuple(seats.get(row["number"], [None] * STORED_SEATS)),
            at=row["at"],
        )
        for row in hands
    ]


def check_records(table_id: int, records: Iterable[HandRecord | MatchRecord]) -> None:
    """Refuse a record of another table or without four seats, before anything is written."""
    for record in records:
        if record.table_id != table_id or len(record.seats) != STORED_SEATS:
            raise ValueError(f"not a 4-seat record of table {table_id}: {record!r}")
