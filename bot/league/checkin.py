"""Check-in: players checking in and out of a night, and the night's messages a front
end keeps up to date (its check-in message, its standings) remembered across a restart."""

from __future__ import annotations

from bot.store import CheckinMessage, PostedMessage

from .answers import Checked, CheckinPosted, MessagePosted, NightAnswer
from .arguments import checked
from .errors import LeagueCode, LeagueError
from .night import Attendance, NightMessage, Presence, refuse_repeat
from .night_view import NightView
from .parts import LeagueParts, check_ids, one_at_a_time, posted_at
from .refs import NightKey


class CheckinOperations(LeagueParts):
    """Checking in and out, and the night's messages."""

    @checked
    async def attendance(self, night_id: int) -> list[Attendance]:
        """The night's check-ins and check-outs, in order."""
        check_ids(night_id=night_id)
        rows = await self.store.leagues.attendance(night_id)
        return [Attendance.from_dict(row) for row in rows]

    @checked
    @one_at_a_time
    async def check_in(
        self, night: NightKey, user_id: int, partner_id: int | None = None
    ) -> NightAnswer:
        """In from the next round drawn; on a fixed-pairs night naming their partner."""
        check_ids(user_id=user_id, partner_id=partner_id)
        return await self._check(await self._open(night), user_id, Presence.IN, partner_id)

    @checked
    @one_at_a_time
    async def check_out(self, night: NightKey, user_id: int) -> NightAnswer:
        """No further rounds; a round they are playing is finished without them."""
        check_ids(user_id=user_id)
        return await self._check(await self._open(night), user_id, Presence.OUT, None)

    @checked
    @one_at_a_time
    async def check_button(
        self, night_id: int, user_id: int, kind: Presence, version: int
    ) -> NightAnswer:
        """A click on a check-in message posted after `version` rounds: refused once the
        night is closed or has all its rounds, and when a round was drawn since."""
        view = await self._open(night_id)
        if view.drawn >= view.settings.rounds_per_night:
            raise LeagueError(LeagueCode.NO_MORE_ROUNDS, rounds=view.drawn)
        if version != view.drawn:
            raise LeagueError(LeagueCode.STALE_CHECKIN, round=view.drawn + 1)
        check_ids(user_id=user_id)
        return await self._check(view, user_id, kind, None)

    async def _check(
        self, view: NightView, user_id: int, kind: Presence, partner: int | None
    ) -> NightAnswer:
        pairs = view.settings.format == "pairs"
        if kind is Presence.IN and pairs and (partner is None or partner == user_id):
            raise LeagueError(LeagueCode.PARTNER_REQUIRED, user_id=user_id)
        refuse_repeat(view.attendance, user_id, kind)
        event = Attendance(user_id, kind, view.drawn, partner)
        await self.store.leagues.add_attendance(view.night.id, event.to_dict(), self.now())
        return NightAnswer((Checked(attendance=event),), view.with_attendance(event))

    # ------------------------------------------------------------------ messages
    @checked
    async def checkin_posted(
        self, view: NightView, channel_id: int, message_id: int
    ) -> NightAnswer:
        """Remember the night's newest check-in message, drawn from `view` (for round
        `view.drawn` + 1), so /league join and leave can update its count, after a restart
        too; the answer is `view` with the event (no read)."""
        message = CheckinMessage(*posted_at(channel_id, message_id), view.drawn)
        await self.store.leagues.set_checkin_message(view.night.id, message, self.now())
        return NightAnswer((CheckinPosted(message=message),), view)

    @checked
    async def checkin_message(self, night_id: int) -> CheckinMessage | None:
        """The night's newest check-in message, if one was posted."""
        check_ids(night_id=night_id)
        return await self.store.leagues.checkin_message(night_id)

    @checked
    async def message_posted(
        self,
        view: NightView,
        message_kind: NightMessage,
        channel_id: int,
        message_id: int,
        round_no: int = 0,
        table_no: int = 0,
    ) -> NightAnswer:
        """Remember the message of `message_kind` drawn from the night `view` (its
        standings, or the confirmation ask of round `round_no`'s table `table_no`), so
        every later change edits that one message, after a restart too; a new one
        replaces it. The answer is `view` with the event (no read)."""
        message = PostedMessage(*posted_at(channel_id, message_id))
        kind = message_kind.stored_as(round_no, table_no)
        await self.store.leagues.set_night_message(view.night.id, kind, message, self.now())
        event = MessagePosted(
            message_kind=message_kind, message=message, round_no=round_no, table_no=table_no
        )
        return NightAnswer((event,), view)

    @checked
    async def posted_message(
        self, night_id: int, message_kind: NightMessage, round_no: int = 0, table_no: int = 0
    ) -> PostedMessage | None:
        """The night's message of `message_kind` (for a confirmation ask, round
        `round_no`'s table `table_no`), if one was posted."""
        check_ids(night_id=night_id)
        kind = message_kind.stored_as(round_no, table_no)
        return await self.store.leagues.night_message(night_id, kind)
