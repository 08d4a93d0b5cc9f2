"""Score-sheet and match rows for the store, built from a table and its engine match."""

from __future__ import annotations

from bot.engine import DriemansLine, Match, SheetLine
from bot.games import other_game
from bot.store import HandRecord, MatchRecord

from .pars import par_setup
from .table import SeatKind, Table


def seat_users(table: Table) -> tuple[int | None, ...]:
    """The human user id per seat; None for a computer seat (they earn no statistics), and
    for every seat of a game the standings do not count: their rows are per pair, so a
    match of another game than four-player Klaverjas adds no players' rows
    (docs/decisions.md, "Games across the features")."""
    counted = other_game(table.rules) is None
    return tuple(s.user_id if counted and s.kind == SeatKind.HUMAN else None for s in table.seats)


def hand_record(table: Table, line: SheetLine | DriemansLine, at: float) -> HandRecord | None:
    """The store's row for a scored hand of the table's match (with what its par needs,
    when it gets one: bot/tables/pars.py). None for a three-player hand: the statistics
    rows hold pairs (docs/decisions.md, "Three-player tables"); its table's snapshot and
    action log keep it."""
    if not isinstance(line, SheetLine):
        return None
    return HandRecord(
        table_id=table.id,
        match_no=table.match_no,
        number=line.number,
        guild_id=table.guild_id,
        dealer=line.dealer,
        trump=line.trump,
        makers=line.makers,
        chooser=line.chooser,
        points=line.points,
        roem=line.roem,
        scores=line.scores,
        nat=line.nat,
        pit=line.pit,
        seats=seat_users(table),
        at=at,
        par=par_setup(table),
    )


def match_record(table: Table, at: float) -> MatchRecord | None:
    """The store's row for the table's finished match (None for a three-player match, as
    `hand_record`)."""
    match = table.match
    assert match is not None and match.result is not None
    if not isinstance(match, Match):
        return None
    return MatchRecord(
        table_id=table.id,
        match_no=table.match_no,
        guild_id=table.guild_id,
        rules=table.rules.name,
        totals=match.result.totals,
        winner=match.result.winner,
        hands=len(match.sheet),
        seats=seat_users(table),
        at=at,
    )
