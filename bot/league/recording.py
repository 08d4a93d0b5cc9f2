"""Recording results: a face-to-face table's sheet or totals entered by hand (by an
organiser, or by a player with an opponent asked to confirm it), its confirmation, and a
finished bot table's sheet read in from the table service (a table of three's checked as
an entered one is)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import SheetLine
from bot.engine.seats import FOUR_SEATS
from bot.store import StoredAudit
from bot.tables import SeatKind, TableError, TableService
from bot.tables import Status as TableStatus

from .answers import NightAnswer, ResultConfirmed, ResultSet
from .arguments import ARGUMENTS, checked
from .corrections import AuditKind
from .entry import SheetEntry, sheet_lines, sheet_result, three_sheet_result, totals_result
from .errors import LeagueCode, LeagueError
from .night_view import NightView
from .parts import LeagueParts, check_ids, one_at_a_time
from .refs import Actor, NightKey
from .results import HandLine, TableResult, of_three, refuse_three, require_three
from .typed import Typed, checked_as_three, read_four, read_three

Seats = tuple[int, ...]


class RecordingOperations(LeagueParts):
    """Entering, confirming and reading in tables' results."""

    @checked
    async def results(self, night_id: int) -> dict[tuple[int, int], TableResult]:
        """The effective result of each table: its latest version."""
        check_ids(night_id=night_id)
        latest: dict[tuple[int, int], TableResult] = {}
        for stored in await self.store.leagues.results(night_id):
            latest[(stored.round_no, stored.table_no)] = TableResult.from_dict(stored.result)
        return latest

    @checked
    async def missing_results(self, night_id: int) -> list[list[int]]:
        """[round, table] of each drawn table of the night that has no result yet."""
        return (await self.view(night_id)).missing()

    async def _entering(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        actor: Actor,
        confirmed_by: int | None,
    ) -> tuple[NightView, Seats, int | None]:
        """Who may enter a sheet: an organiser, or a player of the table naming an opponent
        there, who is then asked to confirm it (the third value); and only once (later
        changes are corrections), except that an organiser may enter a voided table again."""
        view = await self._open(night)
        seats = view.table(round_no, table_no).seats
        organiser = view.settings.organisers.allows(actor.user_id, actor.role_ids, actor.manager)
        if not organiser:
            if actor.user_id not in seats or confirmed_by not in seats:
                raise LeagueError(LeagueCode.NOT_ALLOWED_TO_ENTER, user_id=actor.user_id)
            assert confirmed_by is not None
            if _same_side(seats, actor.user_id, confirmed_by):
                raise LeagueError(LeagueCode.OPPONENT_MUST_CONFIRM, user_id=confirmed_by)
        existing = view.results.get((round_no, table_no))
        if existing is not None and not existing.void:
            raise LeagueError(LeagueCode.RESULT_EXISTS, round=round_no, table=table_no)
        if existing is not None and not organiser:
            raise LeagueError(LeagueCode.TABLE_VOIDED, round=round_no, table=table_no)
        return view, seats, None if organiser else confirmed_by

    @checked
    async def entry_form(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        actor: Actor,
        confirmed_by: int | None = None,
    ) -> NightView:
        """The night, once `actor` may enter this table's sheet as `record_sheet` checks
        it (the same refusals; nothing is written): a front end asks before it offers a
        form to type the sheet in, and hands the form's lines to `record_sheet`."""
        view, _, _ = await self._entering(night, round_no, table_no, actor, confirmed_by)
        return view

    @checked
    @one_at_a_time
    async def record_sheet(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        entries: Sequence[SheetEntry],
        actor: Actor,
        confirmed_by: int | None = None,
    ) -> NightAnswer:
        """A face-to-face table's score sheet, hand by hand, each line checked (a table of
        three enters its own: `record_three_sheet`)."""
        view, seats, asked = await self._entering(night, round_no, table_no, actor, confirmed_by)
        refuse_three(seats, round_no, table_no)
        result = _four_result(view, seats, entries)
        return await self._entered(view, round_no, table_no, result, actor, asked)

    @checked
    @one_at_a_time
    async def record_totals(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        totals: tuple[int, int],
        hands: int,
        actor: Actor,
        roem: tuple[int, int] = (0, 0),
        nats: tuple[int, int] = (0, 0),
        confirmed_by: int | None = None,
    ) -> NightAnswer:
        """A face-to-face table's round as totals, checked for plausibility; refused for a
        table of three, whose sheet is entered line by line (`record_three_sheet`)."""
        view, seats, asked = await self._entering(night, round_no, table_no, actor, confirmed_by)
        refuse_three(seats, round_no, table_no)
        settings = view.settings
        result = totals_result(
            seats, totals, hands, settings.round_length, settings.scoring_rules, roem, nats
        )
        return await self._entered(view, round_no, table_no, result, actor, asked)

    @checked
    @one_at_a_time
    async def record_three_sheet(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        three_lines: Sequence[Sequence[int]],
        actor: Actor,
        confirmed_by: int | None = None,
    ) -> NightAnswer:
        """A table of three's sheet: three scores a line in seat order, each line checked
        by the three-player rules (`LeagueSettings.three_rules`); refused for a table of
        four (`not_a_table_of_three`). Entered and confirmed as a four-seat sheet is: an
        organiser's stands, a player's is confirmed by another player at the table."""
        view, seats, asked = await self._entering(night, round_no, table_no, actor, confirmed_by)
        require_three(seats, round_no, table_no)
        result = three_sheet_result(seats, three_lines, view.settings.three_rules)
        return await self._entered(view, round_no, table_no, result, actor, asked)

    @checked
    @one_at_a_time
    async def record_typed_sheet(
        self,
        night: NightKey,
        round_no: int,
        table_no: int,
        typed: Typed[Sequence[SheetEntry], Sequence[Sequence[int]]],
        actor: Actor,
        confirmed_by: int | None = None,
    ) -> NightAnswer:
        """A sheet typed as lines (`/night enter lines:`), read as the draw seats the
        table (bot/league/typed.py): at a table of three three scores a line, checked as
        `record_three_sheet` checks them, at a table of four four-player lines, as
        `record_sheet` does. Lines of the other kind are refused as those two refuse
        them (`table_of_three`, `not_a_table_of_three`)."""
        view, seats, asked = await self._entering(night, round_no, table_no, actor, confirmed_by)
        if of_three(seats):
            lines = ARGUMENTS.check("three_lines", read_three(typed, round_no, table_no))
            result = checked_as_three(
                typed,
                lambda: three_sheet_result(seats, lines, view.settings.three_rules),
                round_no,
                table_no,
            )
        else:
            entries = ARGUMENTS.check("entries", read_four(typed, round_no, table_no))
            result = _four_result(view, seats, entries)
        return await self._entered(view, round_no, table_no, result, actor, asked)

    @checked
    @one_at_a_time
    async def record_played(self, table_id: int) -> NightAnswer | None:
        """Read a finished bot table's sheet (from the table service) into its league
        round (a table of four's or a table of three's); None when the table is no league
        table, is not finished, or its result is in already. Seats that a computer finished
        (a player who left) carry no credit."""
        check_ids(table_id=table_id)
        where = await self.store.leagues.table_round(table_id)
        if where is None or self.tables is None:
            return None
        result = await _played(self.tables, table_id)
        if result is None:
            return None
        night_id, round_no, table_no = where
        view = await self.view(night_id)
        if (round_no, table_no) in view.results:
            return None
        return await self._add(
            view, ResultSet(round_no=round_no, table_no=table_no, result=result), None
        )

    async def _entered(
        self,
        view: NightView,
        round_no: int,
        table_no: int,
        result: TableResult,
        actor: Actor,
        asked: int | None,
    ) -> NightAnswer:
        """A table's result entered by hand, with the audit entry saying who entered it and
        which opponent is asked to confirm it (None: an organiser's entry, which stands)."""
        change = ResultSet(round_no=round_no, table_no=table_no, result=result)
        before = view.results.get((change.round_no, change.table_no))  # voided, entered again
        audit = StoredAudit(
            view.night.id,
            AuditKind.ENTER,
            change.round_no,
            change.table_no,
            None,
            actor.user_id,
            "",
            None if before is None else before.to_dict(),
            change.result.to_dict(),
            self.now(),
            asked,
        )
        return await self._add(view, change, actor.user_id, audit, asked)

    @checked
    @one_at_a_time
    async def confirm_result(
        self, night: NightKey, round_no: int, table_no: int, version: int, actor: Actor
    ) -> NightAnswer:
        """The asked opponent (or an organiser) confirms version `version` of a table's
        result a player entered: refused once it is confirmed or settled by an organiser
        (`already_confirmed`), when the result changed since (`stale_confirm`), and for
        anyone else (`not_asked`)."""
        view = await self.view(night)
        key = (round_no, table_no)
        result = view.results.get(key)
        if result is None:
            raise LeagueError(LeagueCode.NO_RESULT, round=round_no, table=table_no)
        if view.versions.get(key) != version:
            raise LeagueError(LeagueCode.STALE_CONFIRM, round=round_no, table=table_no)
        asked = view.unconfirmed.get(key)
        if asked is None:
            raise LeagueError(LeagueCode.ALREADY_CONFIRMED, round=round_no, table=table_no)
        organisers = view.settings.organisers
        if actor.user_id != asked and not organisers.allows(
            actor.user_id, actor.role_ids, actor.manager
        ):
            raise LeagueError(LeagueCode.NOT_ASKED, user_id=asked)
        audit = StoredAudit(
            view.night.id,
            AuditKind.CONFIRM,
            round_no,
            table_no,
            None,
            actor.user_id,
            "",
            None,
            result.to_dict(),
            self.now(),
        )
        await self.store.leagues.add_audit(audit)
        event = ResultConfirmed(round_no=round_no, table_no=table_no, result=result)
        return NightAnswer((event,), view.with_confirmed(round_no, table_no))


def _same_side(seats: Seats, user: int, other: int) -> bool:
    """Whether two players of a table play on one side: partners at a table of four;
    never at a table of three, where each plays for himself."""
    if of_three(seats):
        return user == other
    return FOUR_SEATS.same_side(seats.index(user), seats.index(other))


def _line(hand: SheetLine) -> HandLine:
    """A bot table's sheet line as a league line, with its calls, double spades and hand
    roem (docs/rules.md 2.5 to 2.7)."""
    calls = len(hand.callers)
    return HandLine(
        hand.makers,
        hand.points,
        hand.roem,
        hand.scores,
        hand.nat,
        hand.pit,
        calls,
        hand.multiplier != 1 << calls,  # the multiplier doubled by spades trump
        hand.hand_roem,
        hand.multiplier,
        hand.loser,
    )


async def _played(tables: TableService, table_id: int) -> TableResult | None:
    """A finished bot table's result, as the table service holds its sheet (the table in
    memory, else as the store last saw it); None when it is not finished. A table of
    three's sheet is checked as one entered by hand is (`three_sheet_result`), by the
    rules the table played."""
    try:
        table = await tables.find(table_id)
    except TableError:  # no such table
        return None
    public = table.public
    if table.status != TableStatus.FINISHED or not public.hands_scored:
        return None
    seats = tuple(seat.user_id if seat.kind is SeatKind.HUMAN else None for seat in public.seats)
    if public.three is not None:
        scores = [line.scores for line in public.three.sheet]
        return three_sheet_result(seats, scores, table.rules, "bot")
    return TableResult.of_lines(seats, [_line(h) for h in public.sheet], "bot")


def _four_result(view: NightView, seats: Seats, entries: Sequence[SheetEntry]) -> TableResult:
    """A table of four's round from its sheet's entries, each line checked."""
    settings = view.settings
    rules = settings.scoring_rules
    return sheet_result(seats, sheet_lines(entries, rules), settings.round_length, rules)
