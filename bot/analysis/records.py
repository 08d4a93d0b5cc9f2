"""A scored hand's record as the store keeps it, made into the player's decisions.

A table's hand comes from its action log (each action with who took it: a player's own
moves carry their user id, the computer's and the turn timer's none) replayed on the
table's match; a challenge's deal from the member's stored plays on the challenge's deal.
Each record is checked against the result the button was drawn for (`check`), so a stale
or forged button is refused before any search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.challenge.challenge import Challenge
from bot.challenge.deals import PLAYER_SEAT, deal
from bot.engine import Hand, Match, RuleViolation, SheetLine
from bot.games import other_game
from bot.store import StoredAction
from bot.store.challenge_records import StoredDeal
from bot.tables.replay import ENGINE_KINDS, hand_actions
from bot.tables.table import Table

from .decisions import Decision, decisions_of, digest
from .errors import AnalysisCode, AnalysisError

__all__ = [
    "ENGINE_KINDS",
    "HandRecord",
    "deal_check",
    "line_check",
    "challenge_record",
    "table_record",
]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What an analysis needs of one scored hand: the player's decisions and the seed the
    search of each starts from (``seed``/step)."""

    seed: str
    decisions: tuple[Decision, ...]


def line_check(line: SheetLine) -> str:
    """The check a table hand's button carries: its score-sheet line."""
    return digest(
        line.number,
        line.dealer,
        line.trump,
        line.makers,
        line.chooser,
        line.points,
        line.roem,
        line.scores,
        line.nat,
    )


def deal_check(number: int, score: int, against: int, makers: int, trump: str, nat: bool) -> str:
    """The check a challenge deal's button carries: the member's result of the deal."""
    return digest(number, score, against, makers, trump, nat)


def table_record(
    table: Table, log: list[StoredAction], number: int, user_id: int, check: str
) -> HandRecord:
    """Hand ``number`` of the table's match with ``user_id``'s own decisions in it."""
    if table.settings.league:
        raise AnalysisError(AnalysisCode.LEAGUE)
    game = other_game(table.rules)
    if game is not None:
        raise AnalysisError(AnalysisCode.GAME_NOT_OFFERED, game=game)
    match = table.match
    if not isinstance(match, Match) or not 1 <= number <= len(match.sheet):
        raise AnalysisError(AnalysisCode.UNKNOWN_HAND, hand=number)  # or a three-seat hand
    if line_check(match.sheet[number - 1]) != check:
        raise AnalysisError(AnalysisCode.STALE)
    actions = _hand_actions(table, log, number)
    if line_check(actions[1].sheet[number - 1]) != check:
        raise AnalysisError(AnalysisCode.STALE)  # the log does not replay to the sheet
    own = [(data, actor == user_id) for data, actor in actions[0]]
    seats = {data["seat"] for data, mine in own if mine and "seat" in data}
    if len(seats) != 1:
        raise AnalysisError(AnalysisCode.NOT_YOURS)
    seed = f"analysis/table/{table.id}/{table.match_no}/{number}"
    return HandRecord(seed, _decisions(match.hand_of(number), own, seats.pop()))


def _hand_actions(
    table: Table, log: list[StoredAction], number: int
) -> tuple[list[tuple[dict[str, Any], int | None]], Match]:
    """The engine actions of hand ``number`` with their actors (`bot.tables.replay`),
    refused as stale when the log does not replay to that hand."""
    try:
        hand, match = hand_actions(table, log, number)
    except RuleViolation:
        raise AnalysisError(AnalysisCode.STALE) from None
    if len(match.sheet) < number:
        raise AnalysisError(AnalysisCode.STALE)
    return hand, match


def challenge_record(
    challenge: Challenge, result: StoredDeal | None, number: int, check: str
) -> HandRecord:
    """Deal ``number`` of the challenge as the member played it (``result``: their stored
    deal; None when they have not played it)."""
    if not 1 <= number <= challenge.deals:
        raise AnalysisError(AnalysisCode.UNKNOWN_HAND, hand=number)
    if result is None:
        raise AnalysisError(AnalysisCode.NOT_YOURS)
    mine = deal_check(number, result.score, result.against, result.makers, result.trump, result.nat)
    if mine != check:
        raise AnalysisError(AnalysisCode.STALE)
    own = [(data, True) for data in result.actions]
    seed = f"analysis/challenge/{challenge.id}/{number}"
    return HandRecord(
        seed, _decisions(deal(challenge.rules, challenge.seed, number), own, PLAYER_SEAT)
    )


def _decisions(
    hand: Hand, own: list[tuple[dict[str, Any], bool]], seat: int
) -> tuple[Decision, ...]:
    try:
        return tuple(decisions_of(hand, own, seat))
    except (RuleViolation, KeyError, ValueError):
        raise AnalysisError(AnalysisCode.STALE) from None
