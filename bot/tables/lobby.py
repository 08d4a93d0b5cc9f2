"""The lobby's operations: open a table, take and leave seats, seat and remove computers,
and start the match. Each answers with one `TableAnswer` (bot/tables/answers.py).
"""

from __future__ import annotations

from typing import Any

from bot.engine import RuleSet
from bot.engine.games import TABLE_GAMES, new_match
from bot.store import ChannelBusy
from bot.store.records import NewTable

from . import events as ev
from .access import check_id
from .answers import TableAnswer
from .arguments import (
    check_replay,
    check_settings,
    checked,
    computer_level,
    free_seat,
    require_member,
)
from .deadlines import arm
from .errors import RefusalCode, TableError
from .events import Event
from .parts import TableParts
from .table import (
    LeaguePlace,
    Seat,
    SeatKind,
    Status,
    Table,
    TableSettings,
    computer_name,
    empty_seats,
)


class LobbyOperations(TableParts):
    """Opening a table, its seats, and the start of its match."""

    @checked
    async def open(
        self,
        guild_id: int | None,
        channel_id: int,
        opener_id: int,
        opener_name: str,
        rules: RuleSet | None = None,
        settings: TableSettings | None = None,
        sit: bool = True,
        deal_seed: str | None = None,
        league: LeaguePlace | None = None,
    ) -> TableAnswer:
        """Open a table in the lobby. ``deal_seed``: deal from this seed instead of the
        table's own, as every table of a duplicate league round does (kept in the snapshot
        and in the log's "open" entry, so a restart or a replay deals the same cards).
        ``league``: a league table's place (its messages' title and end)."""
        async with self.access.inflight():
            table = self._new_table(
                guild_id, channel_id, opener_id, opener_name, rules, settings, sit, deal_seed
            )
            table.league = league
            await self._create(table, deal_seed)
            return await self.access.answer(table, [ev.Opened(seat=0 if sit else None)], opener_id)

    def _new_table(
        self,
        guild_id: int | None,
        channel_id: int,
        opener_id: int,
        opener_name: str,
        rules: RuleSet | None,
        settings: TableSettings | None,
        sit: bool,
        deal_seed: str | None,
    ) -> Table:
        """The new table's state, once every value given is checked."""
        check_id("channel_id", channel_id)  # required here (`checked` lets None pass)
        busy = self.registry.in_channel(channel_id)
        if busy is not None:
            raise TableError(RefusalCode.CHANNEL_BUSY, table_id=busy.id)
        if settings is not None:
            check_settings(settings)
        rules = rules or RuleSet()
        if rules.game not in TABLE_GAMES:  # the engine plays it, no table yet
            raise TableError(RefusalCode.GAME_NOT_AT_TABLES, game=rules.game)
        now = self.clock.now()
        table = Table(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            opener_id=opener_id,
            rules=rules,
            seats=empty_seats(rules),
            seed=self.seeds(),
            created_at=now,
            settings=settings or TableSettings(),
            deal_seed=deal_seed,
        )
        if sit:
            table.seats[0] = Seat(SeatKind.HUMAN, opener_id, opener_name)
        table.seq = 1
        table.last_activity = now
        return table

    async def _create(
        self, table: Table, deal_seed: str | None, again_of: Table | None = None
    ) -> None:
        """The row, its snapshot and action 1 in one transaction; then held. ``again_of``:
        the finished table Play again opens this one from (its seats go into the entry)."""

        def snapshot(table_id: int) -> dict[str, Any]:
            table.id = table_id
            return table.to_dict()

        payload: dict[str, Any] = {"rules": table.rules.to_dict()}
        if deal_seed is not None:
            payload["deal_seed"] = deal_seed
        if again_of is not None:
            payload["again_of"] = again_of.id
            payload["seats"] = [seat.kind.value for seat in table.seats]
        opened = (table.opener_id, "open", payload)
        try:
            table.id = await self.store.tables.create(
                NewTable(
                    table.guild_id,
                    table.channel_id,
                    table.opener_id,
                    snapshot,
                    table.created_at,
                    opened,
                )
            )
        except ChannelBusy:  # another /table open won the race for this channel
            raise TableError(RefusalCode.CHANNEL_BUSY) from None
        self.registry.register(table, table.to_dict())

    @checked
    async def play_again(
        self,
        table_id: int,
        user_id: int,
        seq: int | None = None,
        channel_id: int | None = None,
    ) -> TableAnswer:
        """Play again: a new table in the finished table's channel with its rules, settings
        and seats (its players, and its computers at their levels), in the lobby with all
        four seats taken, opened by ``user_id``, one of its players. The finished table
        stays as it is and records the new one, so a second click or a stale one is refused
        (``again_done``, ``stale``); a league table is refused (``again_league``). Answers
        with the new table, once both are committed."""
        await self.registry.recall(table_id)  # a finished table may have been forgotten
        async with self.access.operate(table_id, None, user_id, channel_id) as old:
            check_replay(old, user_id, seq)
            seats = [replayed_seat(seat, index) for index, seat in enumerate(old.seats)]
            opener = old.seats[old.human_seat(user_id)].name
            table = self._new_table(
                old.guild_id, old.channel_id, user_id, opener, old.rules, old.settings, False, None
            )
            table.seats = seats
            await self._create(table, None, again_of=old)
            old.next_table = table.id
            await self.access.commit(old, user_id, "again", {"table": table.id})
        return await self.access.answer(table, [ev.Opened(again_of=old.id)], user_id)

    @checked
    async def sit(
        self,
        table_id: int,
        user_id: int,
        name: str,
        seat: int | None = None,
        seq: int | None = None,
        channel_id: int | None = None,
    ) -> TableAnswer:
        """Take ``seat`` (None: the first free one) in the lobby."""
        async with self.access.operate(table_id, seq, user_id, channel_id) as table:
            table.require(Status.LOBBY)
            if table.seat_of(user_id) is not None:
                raise TableError(RefusalCode.ALREADY_SEATED, seat=table.seat_of(user_id))
            index = free_seat(table, seat)
            table.seats[index] = Seat(SeatKind.HUMAN, user_id, name)
            await self.access.commit(table, user_id, "sit", {"seat": index})
            events: list[Event] = [ev.Seated(seat=index, user_id=user_id)]
        return await self.access.answer(table, events, user_id)

    @checked
    async def leave(
        self, table_id: int, user_id: int, seq: int | None = None, channel_id: int | None = None
    ) -> TableAnswer:
        """Leave a seat; during a match the seat's computer player finishes it."""
        async with self.access.operate(table_id, seq, user_id, channel_id) as table:
            index = table.human_seat(user_id)
            if table.status == Status.LOBBY:
                table.seats[index] = Seat()
            else:
                table.require(Status.PLAYING)
                assert table.match is not None
                table.seats[index] = Seat(
                    SeatKind.COMPUTER,
                    None,
                    table.seats[index].name,
                    left_by=user_id,
                    left_hand=table.match.hand_number,
                )
                arm(table, self.clock.now())  # the computer may be the one to act now
            await self.access.commit(table, user_id, "leave", {"seat": index})
            events: list[Event] = [ev.Left(seat=index, user_id=user_id)]
            events += await self.timers.settle(table)
        return await self.access.answer(table, events, user_id)

    @checked
    async def add_computer(
        self,
        table_id: int,
        user_id: int,
        seat: int | None = None,
        seq: int | None = None,
        level: str | None = None,
        channel_id: int | None = None,
    ) -> TableAnswer:
        """Seat a computer of ``level`` (easy, normal, strong; None: the table's level)."""
        chosen = computer_level(level)
        async with self.access.operate(table_id, seq, user_id, channel_id) as table:
            table.require(Status.LOBBY)
            require_member(table, user_id)
            index = free_seat(table, seat)
            table.seats[index] = computer_seat(index, chosen)
            payload: dict[str, Any] = {"seat": index}
            if chosen is not None:
                payload["level"] = chosen
            await self.access.commit(table, user_id, "add_computer", payload)
            events: list[Event] = [ev.ComputerAdded(seat=index)]
        return await self.access.answer(table, events, user_id)

    @checked
    async def remove_computer(
        self, table_id: int, user_id: int, seat: int | None = None, seq: int | None = None
    ) -> TableAnswer:
        """Remove the computer at ``seat`` (None: the last one seated) in the lobby."""
        async with self.access.operate(table_id, seq, user_id) as table:
            table.require(Status.LOBBY)
            require_member(table, user_id)
            computers = [i for i, s in enumerate(table.seats) if s.kind == SeatKind.COMPUTER]
            if seat is None and computers:
                seat = computers[-1]
            if seat is None or seat not in computers:
                raise TableError(RefusalCode.NO_COMPUTER, seat=seat)
            table.seats[seat] = Seat()
            await self.access.commit(table, user_id, "remove_computer", {"seat": seat})
            events: list[Event] = [ev.ComputerRemoved(seat=seat)]
        return await self.access.answer(table, events, user_id)

    @checked
    async def start(
        self,
        table_id: int,
        user_id: int,
        seq: int | None = None,
        channel_id: int | None = None,
        fill: bool = False,
    ) -> TableAnswer:
        """Deal the first hand of a match once every seat is taken; ``fill``: first
        seat a computer at the table's level in every free seat (Start with computers),
        committed with the start as one action."""
        async with self.access.operate(table_id, seq, user_id, channel_id) as table:
            table.require(Status.LOBBY)
            require_member(table, user_id)
            free = table.free_seats()
            if free and not fill:
                raise TableError(RefusalCode.NOT_ENOUGH_PLAYERS, free=len(free))
            for index in free:
                table.seats[index] = computer_seat(index, None)
            table.status = Status.PLAYING
            table.match_no += 1
            table.match = new_match(table.rules, table.match_seed(table.match_no))
            arm(table, self.clock.now())
            payload: dict[str, Any] = {"match_no": table.match_no}
            if free:
                payload["computers"] = free
            await self.access.commit(table, user_id, "start", payload)
            events: list[Event] = [ev.ComputerAdded(seat=index) for index in free]
            events.append(ev.Started(seat=table.match.hand.dealer if table.match.hand else None))
            events += await self.timers.settle(table)
        return await self.access.answer(table, events, user_id)


def computer_seat(index: int, level: str | None) -> Seat:
    """A computer for seat ``index`` playing at ``level`` (None: the table's level)."""
    return Seat(SeatKind.COMPUTER, None, computer_name(index), level=level)


def replayed_seat(seat: Seat, index: int) -> Seat:
    """Seat ``index`` of a finished table at its next match: the same player, fresh (not
    away), or a computer at the same level (a seat its player left keeps its computer)."""
    if seat.is_human:
        return Seat(SeatKind.HUMAN, seat.user_id, seat.name)
    return computer_seat(index, seat.level)
