"""Corrections, organisers only and each audited with its reason: a sheet line or a
table's totals replaced, a table voided or restored, a player's points adjusted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.store import StoredAudit

from .answers import Adjusted, NightAnswer, ResultSet
from .arguments import ARGUMENTS, checked
from .corrections import AuditKind, corrected_line, require_reason, restored, voided
from .entry import (
    PENALTY_RANGE,
    SheetEntry,
    check_range,
    check_sheet,
    entry_line,
    three_line,
    totals_result,
)
from .errors import LeagueCode, LeagueError
from .night_view import NightView
from .parts import LeagueParts, check_ids, one_at_a_time
from .refs import Actor, NightKey
from .results import TableResult, refuse_three, require_three
from .standings import Adjustment
from .typed import Typed, checked_as_three, read_four, read_three


@dataclass(frozen=True, slots=True)
class Change:
    """A correction of one table: its result before (None: it had none) and after."""

    round_no: int
    table_no: int
    kind: AuditKind
    before: TableResult | None
    after: TableResult
    line: int | None = None  # the sheet line corrected, from 1


class CorrectingOperations(LeagueParts):
    """Corrections of a night's results and points."""

    @checked
    @one_at_a_time
    async def correct_line(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        number: int,
        entry: SheetEntry,
        actor: Actor,
        reason: str,
    ) -> NightAnswer:
        """Replace sheet line `number` (from 1) of a table's result, checked like any line;
        the corrected sheet must still end where the round ends. A table of three's line
        is corrected with `correct_three_line`."""
        view, before = await self._correcting(night, round_no, table_no, actor)
        refuse_three(before.seats, round_no, table_no)
        after = _corrected_four(view, before, number, entry)
        change = Change(round_no, table_no, AuditKind.CORRECT_LINE, before, after, number)
        return await self._append(view, change, actor, reason)

    @checked
    @one_at_a_time
    async def correct_totals(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        totals: tuple[int, int],
        hands: int,
        actor: Actor,
        reason: str,
        roem: tuple[int, int] = (0, 0),
        nats: tuple[int, int] = (0, 0),
    ) -> NightAnswer:
        """Replace a table's round totals (a result entered as totals, or one to override);
        refused for a table of three, whose sheet has every line (`correct_three_line`)."""
        view, before = await self._correcting(night, round_no, table_no, actor)
        refuse_three(before.seats, round_no, table_no)
        settings = view.settings
        after = totals_result(
            before.seats, totals, hands, settings.round_length, settings.scoring_rules, roem, nats
        )
        change = Change(round_no, table_no, AuditKind.CORRECT_RESULT, before, after)
        return await self._append(view, change, actor, reason)

    @checked
    @one_at_a_time
    async def correct_three_line(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        number: int,
        three_scores: Sequence[int],
        actor: Actor,
        reason: str,
    ) -> NightAnswer:
        """Replace line `number` (from 1) of a table of three's sheet with three scores in
        seat order, checked as an entered line is (`not_a_table_of_three` for a table of
        four)."""
        view, before = await self._correcting(night, round_no, table_no, actor)
        require_three(before.seats, round_no, table_no)
        after = _corrected_three(view, before, number, three_scores)
        change = Change(round_no, table_no, AuditKind.CORRECT_LINE, before, after, number)
        return await self._append(view, change, actor, reason)

    @checked
    @one_at_a_time
    async def correct_typed_line(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        number: int,
        typed: Typed[SheetEntry, Sequence[int]],
        actor: Actor,
        reason: str,
    ) -> NightAnswer:
        """Replace sheet line `number` (from 1) with a line as typed (`/night correct
        entry:`), read as the draw seats the table (bot/league/typed.py): three scores
        at a table of three (`correct_three_line`), a four-player line at a table of four
        (`correct_line`); a line of the other kind is refused as those two refuse it."""
        view, before = await self._correcting(night, round_no, table_no, actor)
        if before.three:
            scores = ARGUMENTS.check("three_scores", read_three(typed, round_no, table_no))
            after = checked_as_three(
                typed, lambda: _corrected_three(view, before, number, scores), round_no, table_no
            )
        else:
            entry = ARGUMENTS.check("entry", read_four(typed, round_no, table_no))
            after = _corrected_four(view, before, number, entry)
        change = Change(round_no, table_no, AuditKind.CORRECT_LINE, before, after, number)
        return await self._append(view, change, actor, reason)

    @checked
    @one_at_a_time
    async def void_table(
        self, night: NightKey, round_no: int, table_no: int, actor: Actor, reason: str
    ) -> NightAnswer:
        """Void a table's round: it credits no one. A table without a result yet (a player
        left and nobody finished it) is voided as drawn."""
        view = await self.view(night, actor)
        self._organiser(view.league, actor)
        before = view.results.get((round_no, table_no))
        current = before or TableResult.nothing(view.table(round_no, table_no).seats)
        change = Change(round_no, table_no, AuditKind.VOID, before, voided(current))
        return await self._append(view, change, actor, reason)

    @checked
    @one_at_a_time
    async def restore_table(
        self, night: NightKey, round_no: int, table_no: int, actor: Actor, reason: str
    ) -> NightAnswer:
        """Count a voided table's result again, as it was before the void (audited like a
        void). A table voided before it had a result has none to restore (`no_result`): an
        organiser enters it instead."""
        view = await self.view(night, actor)
        self._organiser(view.league, actor)
        before = view.results.get((round_no, table_no))
        if before is None or (before.void and before.hands == 0):
            raise LeagueError(LeagueCode.NO_RESULT, round=round_no, table=table_no)
        after = restored(before, round_no, table_no)
        change = Change(round_no, table_no, AuditKind.RESTORE, before, after)
        return await self._append(view, change, actor, reason)

    @checked
    @one_at_a_time
    async def penalise(
        self, night: NightKey, user_id: int, points: int, actor: Actor, reason: str
    ) -> NightAnswer:
        """Add `points` to a player's night (negative for a penalty), with the reason; only
        for a player who checked in at the night, within ``PENALTY_RANGE``."""
        check_range("penalty", points, *PENALTY_RANGE)
        view = await self.view(night, actor)
        self._organiser(view.league, actor)
        if not view.attended(user_id):
            raise LeagueError(LeagueCode.NOT_IN_NIGHT, user_id=user_id, night=view.night.number)
        check_ids(user_id=user_id)
        adjustment = Adjustment(user_id, points, require_reason(reason))
        audit = StoredAudit(
            view.night.id,
            AuditKind.PENALTY,
            None,
            None,
            None,
            actor.user_id,
            adjustment.reason,
            None,
            adjustment.to_dict(),
            self.now(),
        )
        await self.store.leagues.add_adjustment(view.night.id, adjustment.to_dict(), audit)
        event = Adjusted(adjustment=adjustment)
        return NightAnswer((event,), view.with_adjustment(adjustment))

    async def _correcting(
        self, night: NightKey, round_no: int, table_no: int, actor: Actor
    ) -> tuple[NightView, TableResult]:
        view = await self.view(night, actor)
        self._organiser(view.league, actor)
        current = view.results.get((round_no, table_no))
        if current is None:
            raise LeagueError(LeagueCode.NO_RESULT, round=round_no, table=table_no)
        if current.void:
            raise LeagueError(LeagueCode.TABLE_VOIDED, round=round_no, table=table_no)
        return view, current

    async def _append(
        self, view: NightView, change: Change, actor: Actor, reason: str
    ) -> NightAnswer:
        """A correction: the table's new result version with its audit entry."""
        audit = StoredAudit(
            view.night.id,
            change.kind,
            change.round_no,
            change.table_no,
            change.line,
            actor.user_id,
            require_reason(reason),
            change.before.to_dict() if change.before else None,
            change.after.to_dict(),
            self.now(),
        )
        event = ResultSet(
            round_no=change.round_no,
            table_no=change.table_no,
            result=change.after,
            before=change.before,
        )
        return await self._add(view, event, actor.user_id, audit)


def _corrected_four(
    view: NightView, before: TableResult, number: int, entry: SheetEntry
) -> TableResult:
    """A table of four's result with line `number` replaced by `entry`, checked as any
    line is; the corrected sheet must still end where the round ends."""
    rules = view.settings.scoring_rules
    after = corrected_line(before, number, entry_line(entry, rules, number))
    check_sheet(after.lines, view.settings.round_length, rules)
    return after


def _corrected_three(
    view: NightView, before: TableResult, number: int, scores: Sequence[int]
) -> TableResult:
    """A table of three's result with line `number` replaced by `scores`, checked as an
    entered line is."""
    if not 1 <= number <= len(before.three_lines):
        raise LeagueError(LeagueCode.NO_SUCH_LINE, line=number, lines=before.hands)
    line = three_line(scores, view.settings.three_rules, number)
    return before.with_three_line(number - 1, line)
