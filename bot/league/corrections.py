"""Organisers' corrections: a new result or an adjustment, and the audit entry saying so.

Nothing is changed in place: a correction makes a new version of a table's result (the
store keeps every version; standings read the latest) and an audit entry with who, when,
why, and the value before and after, which the night's history shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .errors import LeagueCode, LeagueError
from .results import HandLine, TableResult

__all__ = ["AuditEntry", "Kind", "corrected_line", "require_reason", "voided"]

Kind = Literal["correct_line", "correct_result", "void", "penalty"]


@dataclass(frozen=True, slots=True)
class AuditEntry:
    night_id: int
    kind: Kind
    actor: int
    at: float
    reason: str
    before: Mapping[str, Any] | None
    after: Mapping[str, Any] | None
    round: int | None = None
    table: int | None = None  # index in the round's draw
    line: int | None = None  # from 1, as the sheet numbers them


def require_reason(reason: str) -> str:
    """Every correction says why: the history is for the players as much as the organiser."""
    if not reason.strip():
        raise LeagueError(LeagueCode.REASON_REQUIRED, "a correction needs a reason")
    return reason.strip()


def _live(result: TableResult) -> None:
    if result.void:
        raise LeagueError(LeagueCode.RESULT_VOIDED, "a voided result is not corrected")


def corrected_line(result: TableResult, number: int, line: HandLine) -> TableResult:
    """The result with sheet line `number` (from 1) replaced and its totals recounted."""
    _live(result)
    if not result.lines:
        raise LeagueError(LeagueCode.NO_LINES, "a result entered as totals is corrected as a whole")
    if not 1 <= number <= len(result.lines):
        raise LeagueError(LeagueCode.NO_SUCH_LINE, line=number, lines=len(result.lines))
    return result.with_line(number - 1, line)


def voided(result: TableResult) -> TableResult:
    _live(result)
    return result.voided()
