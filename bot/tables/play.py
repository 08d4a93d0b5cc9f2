"""The match's operations: name trump or pass (or say ledig), play a card, claim roem,
come back from the computer, and ask for a hint. Each answers with one `TableAnswer`, a hint with a
`HintAnswer`.
"""

from __future__ import annotations

import math

from bot.engine import (
    CallDouble,
    ChooseTrump,
    ClaimRoem,
    DeclareLedig,
    DriemansHand,
    Hand,
    LayDown,
    PassDouble,
    PassTrump,
    Phase,
    PlayCard,
    Suit,
)
from bot.engine.cards import Card
from bot.engine.errors import ErrorCode
from bot.players import view_for

from . import events as ev
from .answers import HintAnswer, TableAnswer
from .arguments import checked
from .deadlines import arm
from .errors import RefusalCode, TableError
from .events import Event
from .pars import counted_seat
from .parts import TableParts
from .table import Seat, SeatKind, Status, Table

HINT_COOLDOWN = 30.0  # seconds between two hints for one user (hints cost search time)


class PlayOperations(TableParts):
    """A seated player's decisions during a match."""

    _hinted: dict[int, float]  # user id -> when their last hint was given

    @checked
    async def choose_trump(
        self,
        table_id: int,
        user_id: int,
        suit: Suit | None,
        seq: int | None = None,
        channel_id: int | None = None,
    ) -> TableAnswer:
        """Name ``suit`` as trump, or pass when ``suit`` is None."""
        async with self.access.operate(table_id, seq, user_id, channel_id) as table:
            seat = _acting_human(table, user_id)
            action = PassTrump(seat) if suit is None else ChooseTrump(seat, suit)
            events = await self.access.apply(table, user_id, action)
            events += await self.timers.settle(table)
        return await self.access.answer(table, events, user_id)

    @checked
    async def declare_ledig(
        self, table_id: int, user_id: int, seq: int | None = None, channel_id: int | None = None
    ) -> TableAnswer:
        """Say ledig instead of naming trump or passing (docs/rules.md 2.10, a house rule);
        refused ``no_ledig`` at a table that does not play it."""
        async with self.access.operate(table_id, seq, user_id, channel_id) as table:
            seat = _acting_human(table, user_id)
            events = await self.access.apply(table, user_id, DeclareLedig(seat))
            events += await self.timers.settle(table)
        return await self.access.answer(table, events, user_id)

    @checked
    async def call(
        self,
        table_id: int,
        user_id: int,
        call_level: int,
        call: bool,
        seq: int | None = None,
        channel_id: int | None = None,
    ) -> TableAnswer:
        """Call ``call_level`` (1 kraak, 2 rekraak, 3 superkraak) for the player's pair, or pass
        on it when not ``call``; the level is the one the player was offered, so a call
        the hand has moved past is refused (``stale_call``: docs/rules.md 2.5)."""
        async with self.access.operate(table_id, seq, user_id, channel_id) as table:
            seat = _acting_human(table, user_id)
            action = CallDouble(seat, call_level) if call else PassDouble(seat, call_level)
            events = await self.access.apply(table, user_id, action)
            events += await self.timers.settle(table)
        return await self.access.answer(table, events, user_id)

    @checked
    async def play(
        self,
        table_id: int,
        user_id: int,
        card: Card,
        seq: int | None = None,
        channel_id: int | None = None,
    ) -> TableAnswer:
        """Play ``card`` from the player's hand."""
        async with self.access.operate(table_id, seq, user_id, channel_id) as table:
            seat = _acting_human(table, user_id)
            events = await self.access.apply(table, user_id, PlayCard(seat, card))
            events += await self.timers.settle(table)
        return await self.access.answer(table, events, user_id)

    @checked
    async def lay_down(
        self,
        table_id: int,
        user_id: int,
        cards: tuple[Card, ...],
        seq: int | None = None,
        channel_id: int | None = None,
    ) -> TableAnswer:
        """Three-player Klaverjas: the solo lays ``cards`` (two of the twelve he holds with
        the blind) face down, in one call; refused with the engine's code otherwise
        (``bad_discard``, ``not_in_hand``, ``not_your_turn``, ``wrong_phase``), and
        ``option_not_in_game`` at a four-seat table."""
        async with self.access.operate(table_id, seq, user_id, channel_id) as table:
            seat = _acting_human(table, user_id)
            events = await self.access.apply(table, user_id, LayDown(seat, tuple(cards)))
            events += await self.timers.settle(table)
        return await self.access.answer(table, events, user_id)

    @checked
    async def claim(
        self, table_id: int, user_id: int, seq: int | None = None, channel_id: int | None = None
    ) -> TableAnswer:
        """Claim the roem of the last trick for the player's pair."""
        async with self.access.operate(table_id, seq, user_id, channel_id) as table:
            table.require(Status.PLAYING)
            seat = table.human_seat(user_id)
            events = await self.access.apply(table, user_id, ClaimRoem(seat))
            events += await self.timers.settle(table)
        return await self.access.answer(table, events, user_id)

    @checked
    async def back(self, table_id: int, user_id: int, channel_id: int | None = None) -> TableAnswer:
        """ "I'm back": the player takes the seat over from the computer again, whether the
        turn timer gave it away or they left it during the hand now being played."""
        async with self.access.operate(table_id, None, user_id, channel_id) as table:
            table.require(Status.PLAYING)
            if table.seat_of(user_id) is None:
                seat = _retake(table, user_id)
                payload = {"seat": seat, "retake": True}
            else:
                seat = table.human_seat(user_id)
                state = table.seats[seat]
                if not (state.away or state.autoplay):
                    raise TableError(RefusalCode.NOT_AWAY, seat=seat)
                state.away, state.autoplay, state.missed = False, False, 0
                payload = {"seat": seat}
            arm(table, self.clock.now())
            await self.access.commit(table, user_id, "back", payload)
            events: list[Event] = [ev.SeatBack(seat=seat)]
        return await self.access.answer(table, events, user_id)

    @checked
    async def hint(self, table_id: int, user_id: int) -> HintAnswer:
        """The strong player's advice for the asker's own decision. Refused at league
        tables, when it is not the asker's turn, and more often than once per
        ``HINT_COOLDOWN`` seconds per user. The advice changes nothing, but the first hint
        of a hand marks the asker's seat ``assisted`` (that hand gets no par: docs/pars.md),
        committed before the hint is given; ``uncounted`` says the hand counted until then."""
        async with self.access.operate(table_id, None, user_id) as table:
            seat, hand = _hint_turn(table, user_id)
            self._cool_down(user_id)
            uncounted = counted_seat(table) == seat
            assisted = table.seats[seat].assisted
            if not assisted:
                table.seats[seat].assisted = True
                await self.access.commit(table, user_id, "hint", {"seat": seat})
            # The asker's view only, taken now: the hint never sees another seat's cards.
            view = view_for(hand, seat)
            seed = f"{table.seed}/{table.seq}/{seat}"
        if not assisted:  # the front ends redraw the asker's hand for the new state
            await self.access.answer(table, [], user_id)
        return HintAnswer(await self.computers.hint(view, seed), uncounted)

    def _cool_down(self, user_id: int) -> None:
        """Refuse a hint sooner than ``HINT_COOLDOWN`` after the user's last; else note it."""
        now = self.clock.now()
        last = self._hinted.get(user_id)
        if last is not None and now - last < HINT_COOLDOWN:
            raise TableError(RefusalCode.HINT_TOO_SOON, wait=math.ceil(last + HINT_COOLDOWN - now))
        self._hinted[user_id] = now


def _hint_turn(table: Table, user_id: int) -> tuple[int, Hand]:
    """The asker's seat and the hand in play, when a hint may be given: a casual table
    whose hand waits for the asker's own decision (not a roem claim)."""
    table.require(Status.PLAYING)
    if table.settings.league:
        raise TableError(RefusalCode.HINT_LEAGUE)
    seat = table.human_seat(user_id)
    hand = table.match.hand if table.match is not None else None
    if isinstance(hand, DriemansHand):  # the strong player's search is four-seat only
        raise TableError(RefusalCode.FOUR_PLAYERS_ONLY)
    if hand is None or hand.to_act != seat or hand.phase == Phase.CLAIM:
        raise TableError(ErrorCode.NOT_YOUR_TURN, seat=seat, to_act=hand and hand.to_act)
    return seat, hand


def _acting_human(table: Table, user_id: int) -> int:
    """The player's seat; acting in person takes the seat back from the computer."""
    table.require(Status.PLAYING)
    seat = table.human_seat(user_id)
    state = table.seats[seat]
    state.away, state.autoplay, state.missed = False, False, 0
    return seat


def _retake(table: Table, user_id: int) -> int:
    """Give the player back the seat they left during this hand."""
    seat = table.retake_seat(user_id)
    if seat is None:
        left = table.left_seat(user_id)
        if left is not None:
            raise TableError(RefusalCode.RETAKE_TOO_LATE, seat=left)
        raise TableError(RefusalCode.NOT_SEATED)
    # The computer held the seat for part of this hand: it gets no par (bot/tables/pars.py).
    table.seats[seat] = Seat(SeatKind.HUMAN, user_id, table.seats[seat].name, assisted=True)
    return seat
