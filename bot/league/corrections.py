"""Organisers' corrections: a new result or an adjustment, and the audit entry saying so.

Nothing is changed in place: a correction makes a new version of a table's result (the
store keeps every version; standings read the latest) and an audit entry with who, when,
why, and the value before and after, which the night's history shows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from bot.store import StoredAudit

from .errors import LeagueCode, LeagueError
from .results import HandLine, TableResult
from .standings import Adjustment

__all__ = [
    "AuditEntry",
    "AuditKind",
    "corrected_line",
    "require_reason",
    "restored",
    "unconfirmed",
    "voided",
]


class AuditKind(StrEnum):
    """What an audit entry records (as stored): a result entered by hand or confirmed, a
    sheet line or a whole result corrected, a table voided or restored, or a player's
    points adjusted."""

    ENTER = "enter"
    CONFIRM = "confirm"
    CORRECT_LINE = "correct_line"
    CORRECT_RESULT = "correct_result"
    VOID = "void"
    RESTORE = "restore"
    PENALTY = "penalty"


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One correction, as the night's history shows it: what was done, by whom, when and
    why; a table's result before and after (a result correction or a void), or the
    adjustment (a penalty)."""

    kind: AuditKind
    actor: int
    at: float
    reason: str
    before: TableResult | None = None
    after: TableResult | None = None
    adjustment: Adjustment | None = None
    round_no: int | None = None
    table_no: int | None = None  # index in the round's draw
    line: int | None = None  # from 1, as the sheet numbers them
    subject: int | None = None  # an entry's opponent asked to confirm it

    @classmethod
    def of(cls, stored: StoredAudit) -> AuditEntry:
        """The entry from the store's row."""
        kind = AuditKind(stored.kind)
        before = None if stored.before is None else TableResult.from_dict(stored.before)
        after = adjustment = None
        if kind is AuditKind.PENALTY and stored.after is not None:
            adjustment = Adjustment.from_dict(stored.after)
        elif stored.after is not None:
            after = TableResult.from_dict(stored.after)
        return cls(
            kind,
            stored.actor,
            stored.at,
            stored.reason,
            before,
            after,
            adjustment,
            stored.round_no,
            stored.table_no,
            stored.line,
            stored.subject,
        )


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
    """The result voided (it credits no one); a voided result is not voided again."""
    _live(result)
    return result.voided()


def restored(result: TableResult, round_no: int, table_no: int) -> TableResult:
    """A voided result counted again, as it was before the void; `not_voided` otherwise."""
    if not result.void:
        raise LeagueError(LeagueCode.NOT_VOIDED, round=round_no, table=table_no)
    return replace(result, void=False)


def unconfirmed(audit: Iterable[StoredAudit]) -> dict[tuple[int, int], int]:
    """Each table whose latest result a player entered and its opponent has not confirmed
    yet -> the opponent asked. Any later entry about the table (a confirmation, an
    organiser's correction, void, restore or entry) settles it."""
    waiting: dict[tuple[int, int], int] = {}
    for entry in audit:
        if entry.round_no is None or entry.table_no is None:
            continue
        key = (entry.round_no, entry.table_no)
        if entry.kind == AuditKind.ENTER and entry.subject is not None:
            waiting[key] = entry.subject
        else:
            waiting.pop(key, None)
    return waiting
