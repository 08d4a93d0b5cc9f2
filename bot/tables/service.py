"""The table service: every table operation, validated under the table's lock and committed.

Front ends (the Discord cogs, the terminal) call these methods and render the events they
return. An operation either commits all it changed to SQLite before returning, or raises
``TableError`` and leaves the table as it was, in memory and on disk.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from bot.engine import (
    Action,
    ActionResult,
    ChooseTrump,
    ClaimResult,
    ClaimRoem,
    FinishResult,
    PassResult,
    PassTrump,
    Phase,
    PlayCard,
    PlayResult,
    RuleSet,
    RuleViolation,
    Suit,
    TrumpResult,
)
from bot.engine.cards import Card
from bot.engine.match import Match
from bot.players import PLAYER_KINDS, view_for
from bot.players.hint import Hint
from bot.shards import ShardSet
from bot.store import ChannelBusy, PostedNotice, Store, StoredTable, storable_id
from bot.store.records import ActionRecord, NewTable
from bot.texts.catalog import LOCALES

from . import events as ev
from .clock import Clock, SystemClock
from .computers import Computers, check_level
from .errors import RefusalCode, TableError
from .events import Event
from .model import Seat, SeatKind, Status, Table, TableSettings
from .records import hand_record, match_record
from .timers import arm, due_action

Listener = Callable[[Table, list[Event]], Awaitable[None]]
TickListener = Callable[[float], Awaitable[None]]
IDLE_CLOSE = 2 * 3600.0  # a table untouched this long may be closed by anyone
MIN_TURN_TIMER, MAX_TURN_TIMER = 15.0, 3600.0  # or 0: no turn timer
MAX_PAUSE = 60.0  # the longest claim window, trick pause or computer delay, in seconds
BACKOFF = 30.0  # seconds before a table whose timer failed is tried again
EVICT_AFTER = 600.0  # seconds a finished or closed table stays in memory
RESTART_GRACE = 30.0  # a player to act after a restart gets at least this long
ID_LIMIT = 2**63  # table ids are 64-bit integers in the store; a button may carry 20 digits
HINT_COOLDOWN = 30.0  # seconds between two hints for one user (hints cost search time)
_NOT_IN = {  # the refusal for an operation that needs the table in another status
    Status.LOBBY: RefusalCode.NOT_LOBBY,
    Status.PLAYING: RefusalCode.NOT_PLAYING,
    Status.FINISHED: RefusalCode.NOT_FINISHED,
    Status.CLOSED: RefusalCode.NOT_CLOSED,
}
log = logging.getLogger(__name__)


class TableService:
    def __init__(
        self,
        store: Store,
        clock: Clock | None = None,
        budget_ms: float | None = None,
        processes: bool = False,
        shards: ShardSet | None = None,
    ) -> None:
        """``budget_ms``: a strong computer's time per decision (settings may lower it);
        ``processes``: decide in worker processes rather than threads (``Computers``);
        ``shards``: the guilds this process serves: it restores (and so times) only their
        tables, the process running the other shards the rest (docs/operations.md)."""
        self.store = store
        self.clock: Clock = clock or SystemClock()
        self.shards = shards or ShardSet()
        self.computers = Computers(budget_ms, processes=processes)
        self.listeners: list[Listener] = []
        # Called with the clock's time after every tick: front ends' own deadlines (turn
        # notices) run on the tables' clock and timer loop, fake in tests and simulations.
        self.tick_listeners: list[TickListener] = []
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._committed: dict[int, dict[str, Any]] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._backoff: dict[int, float] = {}
        self._hinted: dict[int, float] = {}  # user id -> when their last hint was given
        self._closing = False  # set by quiesce: new operations are refused
        self._busy = 0  # operations in flight
        self._idle = asyncio.Event()
        self._idle.set()

    # ----------------------------------------------------------------- lookups
    def get(self, table_id: int) -> Table:
        table = self._tables.get(table_id)
        if table is None:
            raise TableError(RefusalCode.UNKNOWN_TABLE, table_id=table_id)
        return table

    def seated_at(self, table_id: int, user_id: int) -> Table:
        """The open table ``user_id`` has a seat at: what a request only its players may
        make (Bump) needs; refused ``not_open`` or ``not_seated`` otherwise."""
        table = self.get(table_id)
        if not table.is_open:
            raise TableError(RefusalCode.NOT_OPEN)
        if table.seat_of(user_id) is None:
            raise TableError(RefusalCode.NOT_SEATED)
        return table

    def in_channel(self, channel_id: int) -> Table | None:
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self._tables.get(table_id)

    async def latest_in_channel(self, channel_id: int) -> Table | None:
        """The channel's open table, else its most recent one from the store (read only)."""
        table = self.in_channel(channel_id)
        if table is not None:
            return table
        stored = await self.store.tables.latest_in_channel(channel_id)
        if stored is None:
            return None
        return self._tables.get(stored.id) or Table.from_dict(stored.snapshot)

    async def find(self, table_id: int) -> Table:
        """The table in memory, else as the store last saw it (read only: a finished table
        the service has forgotten, e.g. after a restart, still shows its score sheet)."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        if not 0 < table_id < ID_LIMIT:  # no table has it (and the store cannot bind it)
            raise TableError(RefusalCode.UNKNOWN_TABLE, table_id=table_id)
        stored = await self.store.tables.get(table_id)
        if stored is None:
            raise TableError(RefusalCode.UNKNOWN_TABLE, table_id=table_id)
        return Table.from_dict(stored.snapshot)

    def open_tables(self) -> list[Table]:
        return [t for t in self._tables.values() if t.is_open]

    async def restore(self) -> list[Table]:
        """Load every open table of our shards' guilds from the store; overdue timers
        fire on the next tick (the timers run over the tables in memory, so ours only).

        A table whose snapshot cannot be loaded is closed (its snapshot kept in the close
        action's payload) and one whose snapshot names another id takes the row's id, each
        with one log line: no channel stays blocked by a table nobody can act on.
        """
        grace = self.clock.now() + RESTART_GRACE
        for stored in await self.store.tables.open_tables():
            if not self.shards.owns(stored.guild_id):
                continue
            try:
                table = Table.from_dict(stored.snapshot)
            except Exception as exc:
                await self._close_unloadable(stored, exc)
                continue
            if table.id != stored.id:
                log.warning("table %s: snapshot said id %s; repaired", stored.id, table.id)
                table.id = stored.id
            table.message_id = stored.message_id
            if table.turn_deadline is not None:
                # Downtime is not the player's fault: they could not act while we were down.
                table.turn_deadline = max(table.turn_deadline, grace)
            self._register(table, table.to_dict())
        return self.open_tables()

    async def _close_unloadable(self, stored: StoredTable, exc: Exception) -> None:
        """Close a stored table whose snapshot cannot be loaded, so its channel is free."""
        now = self.clock.now()
        table = Table(
            id=stored.id,
            guild_id=stored.guild_id,
            channel_id=stored.channel_id,
            opener_id=stored.opener_id,
            rules=RuleSet(),
            seed="",
            created_at=now,
            status=Status.CLOSED,
            seq=stored.seq + 1,
            last_activity=now,
        )
        payload = {"unloadable": repr(exc), "snapshot": stored.snapshot}
        try:
            await self.store.tables.record(
                ActionRecord(
                    stored.id, table.seq, None, "close", payload, now, table.to_dict(), "closed"
                )
            )
        except Exception:
            log.exception("table %s: snapshot unreadable and closing it failed", stored.id)
            return
        log.error("table %s: snapshot unreadable (%r); closed", stored.id, exc)

    # ----------------------------------------------------------------- lobby
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
    ) -> Table:
        """Open a table in the lobby. ``deal_seed``: deal from this seed instead of the
        table's own, as every table of a duplicate league round does (kept in the snapshot
        and in the log's "open" entry, so a restart or a replay deals the same cards)."""
        async with self._inflight():
            return await self._open(
                guild_id, channel_id, opener_id, opener_name, rules, settings, sit, deal_seed
            )

    async def _open(
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
        if self.in_channel(channel_id) is not None:
            raise TableError(RefusalCode.CHANNEL_BUSY, table_id=self._by_channel[channel_id])
        for field, value in (("guild_id", guild_id), ("channel_id", channel_id)):
            if value is not None:
                _check_id(field, value)
        _check_id("user_id", opener_id)
        if settings is not None:
            check_settings(settings)
        now = self.clock.now()
        table = Table(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            opener_id=opener_id,
            rules=rules or RuleSet(),
            seed=secrets.token_hex(8),
            created_at=now,
            settings=settings or TableSettings(),
            deal_seed=deal_seed,
        )
        if sit:
            table.seats[0] = Seat(SeatKind.HUMAN, opener_id, opener_name)
        table.seq = 1
        table.last_activity = now

        def snapshot(table_id: int) -> dict[str, Any]:
            table.id = table_id
            return table.to_dict()

        payload: dict[str, Any] = {"rules": table.rules.to_dict()}
        if deal_seed is not None:
            payload["deal_seed"] = deal_seed
        opened = (opener_id, "open", payload)
        try:  # the row, its snapshot and action 1 in one transaction
            table.id = await self.store.tables.create(
                NewTable(guild_id, channel_id, opener_id, snapshot, now, opened)
            )
        except ChannelBusy:  # another /table open won the race for this channel
            raise TableError(RefusalCode.CHANNEL_BUSY) from None
        self._register(table, table.to_dict())
        table = self.get(table.id)
        await self._emit(table, [ev.Opened(seat=0 if sit else None)])
        return table

    async def sit(
        self,
        table_id: int,
        user_id: int,
        name: str,
        seat: int | None = None,
        seq: int | None = None,
    ) -> list[Event]:
        async with self._operate(table_id, seq, user_id) as table:
            self._require(table, Status.LOBBY)
            if table.seat_of(user_id) is not None:
                raise TableError(RefusalCode.ALREADY_SEATED, seat=table.seat_of(user_id))
            index = self._free_seat(table, seat)
            table.seats[index] = Seat(SeatKind.HUMAN, user_id, name)
            await self._commit(table, user_id, "sit", {"seat": index})
            events: list[Event] = [ev.Seated(seat=index, user_id=user_id)]
        return await self._emit(table, events)

    async def leave(self, table_id: int, user_id: int, seq: int | None = None) -> list[Event]:
        """Leave a seat; during a match the seat's computer player finishes it."""
        async with self._operate(table_id, seq, user_id) as table:
            index = self._human_seat(table, user_id)
            if table.status == Status.LOBBY:
                table.seats[index] = Seat()
            else:
                self._require(table, Status.PLAYING)
                assert table.match is not None
                table.seats[index] = Seat(
                    SeatKind.COMPUTER,
                    None,
                    table.seats[index].name,
                    left_by=user_id,
                    left_hand=table.match.hand_number,
                )
                arm(table, self.clock.now())  # the computer may be the one to act now
            await self._commit(table, user_id, "leave", {"seat": index})
            events: list[Event] = [ev.Left(seat=index, user_id=user_id)]
            events += await self._settle(table)
        return await self._emit(table, events)

    async def add_computer(
        self,
        table_id: int,
        user_id: int,
        seat: int | None = None,
        seq: int | None = None,
        level: str | None = None,
    ) -> list[Event]:
        """Seat a computer of ``level`` (easy, normal, strong; None: the table's level)."""
        chosen = _check_level(level)
        async with self._operate(table_id, seq, user_id) as table:
            self._require(table, Status.LOBBY)
            self._require_member(table, user_id)
            index = self._free_seat(table, seat)
            name = f"Computer {index + 1}"
            table.seats[index] = Seat(SeatKind.COMPUTER, None, name, level=chosen)
            payload: dict[str, Any] = {"seat": index}
            if chosen is not None:
                payload["level"] = chosen
            await self._commit(table, user_id, "add_computer", payload)
            events: list[Event] = [ev.ComputerAdded(seat=index)]
        return await self._emit(table, events)

    async def remove_computer(
        self, table_id: int, user_id: int, seat: int | None = None, seq: int | None = None
    ) -> list[Event]:
        async with self._operate(table_id, seq, user_id) as table:
            self._require(table, Status.LOBBY)
            self._require_member(table, user_id)
            computers = [i for i, s in enumerate(table.seats) if s.kind == SeatKind.COMPUTER]
            if seat is None and computers:
                seat = computers[-1]
            if seat is None or seat not in computers:
                raise TableError(RefusalCode.NO_COMPUTER, seat=seat)
            table.seats[seat] = Seat()
            await self._commit(table, user_id, "remove_computer", {"seat": seat})
            events: list[Event] = [ev.ComputerRemoved(seat=seat)]
        return await self._emit(table, events)

    async def start(self, table_id: int, user_id: int, seq: int | None = None) -> list[Event]:
        async with self._operate(table_id, seq, user_id) as table:
            self._require(table, Status.LOBBY)
            self._require_member(table, user_id)
            if table.free_seats():
                raise TableError(RefusalCode.NOT_ENOUGH_PLAYERS, free=len(table.free_seats()))
            table.status = Status.PLAYING
            table.match_no += 1
            table.match = Match(table.rules, table.match_seed(table.match_no))
            arm(table, self.clock.now())
            await self._commit(table, user_id, "start", {"match_no": table.match_no})
            events: list[Event] = [
                ev.Started(seat=table.match.hand.dealer if table.match.hand else None)
            ]
            events += await self._settle(table)
        return await self._emit(table, events)

    # ----------------------------------------------------------------- play
    async def choose_trump(
        self, table_id: int, user_id: int, suit: Suit | None, seq: int | None = None
    ) -> list[Event]:
        """Name ``suit`` as trump, or pass when ``suit`` is None."""
        async with self._operate(table_id, seq, user_id) as table:
            seat = self._acting_human(table, user_id)
            action = PassTrump(seat) if suit is None else ChooseTrump(seat, suit)
            events = await self._engine(table, user_id, action)
            events += await self._settle(table)
        return await self._emit(table, events)

    async def play(
        self, table_id: int, user_id: int, card: Card, seq: int | None = None
    ) -> list[Event]:
        async with self._operate(table_id, seq, user_id) as table:
            seat = self._acting_human(table, user_id)
            events = await self._engine(table, user_id, PlayCard(seat, card))
            events += await self._settle(table)
        return await self._emit(table, events)

    async def claim(self, table_id: int, user_id: int, seq: int | None = None) -> list[Event]:
        async with self._operate(table_id, seq, user_id) as table:
            self._require(table, Status.PLAYING)
            seat = self._human_seat(table, user_id)
            events = await self._engine(table, user_id, ClaimRoem(seat))
            events += await self._settle(table)
        return await self._emit(table, events)

    async def back(self, table_id: int, user_id: int) -> list[Event]:
        """ "I'm back": the player takes the seat over from the computer again, whether the
        turn timer gave it away or they left it during the hand now being played."""
        async with self._operate(table_id, None, user_id) as table:
            self._require(table, Status.PLAYING)
            if table.seat_of(user_id) is None:
                seat = self._retake(table, user_id)
                payload = {"seat": seat, "retake": True}
            else:
                seat = self._human_seat(table, user_id)
                state = table.seats[seat]
                if not (state.away or state.autoplay):
                    raise TableError(RefusalCode.NOT_AWAY, seat=seat)
                state.away, state.autoplay, state.missed = False, False, 0
                payload = {"seat": seat}
            arm(table, self.clock.now())
            await self._commit(table, user_id, "back", payload)
            events: list[Event] = [ev.SeatBack(seat=seat)]
        return await self._emit(table, events)

    @staticmethod
    def _retake(table: Table, user_id: int) -> int:
        """Give the player back the seat they left during this hand."""
        seat = table.retake_seat(user_id)
        if seat is None:
            left = table.left_seat(user_id)
            if left is not None:
                raise TableError(RefusalCode.RETAKE_TOO_LATE, seat=left)
            raise TableError(RefusalCode.NOT_SEATED)
        table.seats[seat] = Seat(SeatKind.HUMAN, user_id, table.seats[seat].name)
        return seat

    async def close(self, table_id: int, user_id: int, moderator: bool = False) -> list[Event]:
        """Close the table whatever its state: its opener or a moderator may, and anyone
        once it has been idle for ``IDLE_CLOSE`` seconds."""
        async with self._operate(table_id, None, user_id) as table:
            idle = self.clock.now() - table.last_activity >= IDLE_CLOSE
            if user_id != table.opener_id and not moderator and not idle:
                raise TableError(RefusalCode.NOT_ALLOWED, opener_id=table.opener_id)
            if table.status == Status.CLOSED:
                raise TableError(RefusalCode.NOT_OPEN, status=str(table.status))
            table.status = Status.CLOSED
            table.turn_deadline = table.computer_due = table.claim_deadline = None
            await self._commit(table, user_id, "close", {"moderator": moderator})
            self._unlink_channel(table)
            events: list[Event] = [ev.Closed(by=user_id)]
        return await self._emit(table, events)

    async def update_settings(
        self,
        table_id: int,
        user_id: int,
        *,
        turn_timer: float | None = None,
        locale: str | None = None,
        moderator: bool = False,
    ) -> list[Event]:
        """Change the turn timer or the table's language; the opener or a moderator may."""
        async with self._operate(table_id, None, user_id) as table:
            if user_id != table.opener_id and not moderator:
                raise TableError(RefusalCode.NOT_ALLOWED, opener_id=table.opener_id)
            if not table.is_open:
                raise TableError(RefusalCode.NOT_OPEN, status=str(table.status))
            if turn_timer is not None:
                _check_turn_timer(turn_timer)
            if locale is not None:
                _check_locale(locale)
            changed: dict[str, Any] = {}
            if turn_timer is not None:
                table.settings.turn_timer = changed["turn_timer"] = float(turn_timer)
            if locale is not None:
                table.settings.locale = changed["locale"] = locale
            if not changed:
                raise TableError(RefusalCode.NOTHING_TO_CHANGE)
            arm(table, self.clock.now())  # a new turn timer applies to the turn under way
            await self._commit(table, user_id, "settings", changed)
            events: list[Event] = [ev.SettingsChanged(**changed)]
        return await self._emit(table, events)

    async def hint(self, table_id: int, user_id: int) -> Hint:
        """The strong player's advice for the asker's own decision (read only: nothing is
        committed). Refused at league tables, when it is not the asker's turn, and more
        often than once per ``HINT_COOLDOWN`` seconds per user."""
        table = self.get(table_id)
        self._require(table, Status.PLAYING)
        if table.settings.league:
            raise TableError(RefusalCode.HINT_LEAGUE)
        seat = self._human_seat(table, user_id)
        hand = table.match.hand if table.match is not None else None
        if hand is None or hand.to_act != seat or hand.phase == Phase.CLAIM:
            raise TableError(RefusalCode.NOT_YOUR_TURN, seat=seat, to_act=hand and hand.to_act)
        now = self.clock.now()
        last = self._hinted.get(user_id)
        if last is not None and now - last < HINT_COOLDOWN:
            raise TableError(RefusalCode.HINT_TOO_SOON, wait=math.ceil(last + HINT_COOLDOWN - now))
        self._hinted[user_id] = now
        # The asker's view only, taken now: the hint never sees another seat's cards.
        view = view_for(hand, seat)
        return await self.computers.hint(view, f"{table.seed}/{table.seq}/{seat}")

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember the public message (not a game action: no sequence number)."""
        table = self.get(table_id)
        table.message_id = message_id
        async with self._inflight():
            await self.store.tables.set_message(table_id, message_id)
        self._committed[table_id]["message_id"] = message_id

    async def set_notice(self, table_id: int, message_id: int | None) -> None:
        """Remember the turn notice standing in the table's channel (None: none is), so a
        restart can delete it when it is out of date. A courtesy, not a game action: not
        refused while shutting down (a notice posted then must still be remembered; the
        store closes only after the front end's notices have stopped)."""
        await self.store.tables.set_notice(table_id, message_id)

    async def standing_notices(self) -> list[PostedNotice]:
        """The turn notices left standing in this process's guilds (by an earlier one)."""
        return [n for n in await self.store.tables.notices() if self.shards.owns(n.guild_id)]

    # ----------------------------------------------------------------- timers
    async def tick(self) -> dict[int, list[Event]]:
        """Fire every deadline that has passed: computer moves, timeouts, claim windows."""
        now = self.clock.now()
        fired: dict[int, list[Event]] = {}
        for table in list(self.open_tables()):
            due = self._due(table)
            if due is None or due > now:
                continue
            self._backoff.pop(table.id, None)  # a partial failure inside sets it again
            try:
                events = await self._fire(table.id, now)
            except TableError as exc:  # the state moved on between the check and the lock
                log.debug("timer on table %s skipped: %s", table.id, exc.code)
                continue
            except Exception:  # one broken table must not stop the others' timers
                log.exception("timer on table %s failed; retrying in %s s", table.id, BACKOFF)
                self._backoff[table.id] = now + BACKOFF
                continue
            if events:
                fired[table.id] = events
        self._evict(now)
        for listener in self.tick_listeners:
            try:
                await listener(now)
            except Exception:  # a front end's failure must not stop the tables' timers
                log.exception("tick listener %r failed", listener)
        return fired

    def next_deadline(self) -> float | None:
        times = [d for t in self.open_tables() if (d := self._due(t)) is not None]
        return min(times) if times else None

    def _due(self, table: Table) -> float | None:
        due = table.next_deadline()
        return None if due is None else max(due, self._backoff.get(table.id, 0.0))

    def _evict(self, now: float) -> None:
        """Forget finished and closed tables after a while (the store keeps them), so a
        season of tables does not pile up in memory."""
        for table in [t for t in self._tables.values() if not t.is_open]:
            if now - table.last_activity > EVICT_AFTER and not self._locks[table.id].locked():
                for registry in (self._tables, self._committed, self._locks, self._backoff):
                    registry.pop(table.id, None)
                self.computers.forget(table.id)

    async def run_timers(self, max_sleep: float = 1.0) -> None:
        """Run forever (a background task): sleep until the next deadline, then fire it."""
        while True:
            due = self.next_deadline()
            wait = max_sleep if due is None else min(max_sleep, max(0.0, due - self.clock.now()))
            await asyncio.sleep(wait)
            try:
                await self.tick()
            except Exception:  # one bad table must not stop every table's timers
                log.exception("table timers failed")

    async def _fire(self, table_id: int, now: float) -> list[Event]:
        async with self._operate(table_id, None) as table:
            events = await self._settle(table, now, committed=False)
        return await self._emit(table, events) if events else events

    def _mark_timeout(self, table: Table, seat: int) -> list[Event]:
        state = table.seats[seat]
        state.missed += 1
        state.away = True
        state.autoplay = state.missed >= 2
        return [ev.SeatAutoplay(seat=seat) if state.autoplay else ev.SeatAway(seat=seat)]

    # ----------------------------------------------------------------- internals
    @asynccontextmanager
    async def _operate(
        self, table_id: int, seq: int | None, actor: int | None = None
    ) -> AsyncIterator[Table]:
        """Lock the table, check the sequence the user saw, and work on a private copy.

        The table object that front ends read (outside the lock) only ever shows committed
        state: it takes the copy's state after the operation, or the last committed
        snapshot if the operation failed, so nothing half-done or unsaved is ever shown.
        """
        if actor is not None:
            _check_id("user_id", actor)
        self.get(table_id)
        async with self._inflight(), self._locks[table_id]:
            live = self.get(table_id)
            if seq is not None and seq != live.seq:
                raise TableError(RefusalCode.STALE, seq=live.seq)
            work = live.copy()  # ``live`` holds the committed state (see above)
            committed = self._committed[table_id]
            try:
                yield work
            except BaseException:
                # ``live`` is untouched unless part of the operation was committed before
                # it failed: only then does it take the newer snapshot (a refusal, the
                # common case, keeps the live table and what was drawn from it).
                if self._committed[table_id] is not committed:
                    vars(live).update(vars(Table.from_dict(self._committed[table_id])))
                raise
            vars(live).update(vars(work))

    @asynccontextmanager
    async def _inflight(self) -> AsyncIterator[None]:
        """Count an operation in flight, so `quiesce` can wait for it; refused once the
        service is shutting down."""
        if self._closing:
            raise TableError(RefusalCode.SHUTTING_DOWN)
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if not self._busy:
                self._idle.set()

    async def quiesce(self, timeout: float = 30.0) -> bool:
        """Refuse new operations (``shutting_down``) and wait for those in flight to
        commit and answer, so the store can close under none of them. False if some were
        still running after ``timeout`` seconds (logged)."""
        self._closing = True
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            log.warning(
                "shutdown: %d table operations still running after %s s", self._busy, timeout
            )
            return False
        return True

    async def _engine(
        self, table: Table, actor: int | None, action: Action, kind: str = "engine"
    ) -> list[Event]:
        """Apply one engine action and commit it with any finished hand and match."""
        self._require(table, Status.PLAYING)
        match = table.match
        assert match is not None
        lines = len(match.sheet)
        try:
            result = match.apply(action)
        except RuleViolation as exc:
            raise TableError(RefusalCode(exc.code), str(exc), **exc.facts) from None
        events = _engine_events(result)
        now = self.clock.now()
        hands = [hand_record(table, line, now) for line in match.sheet[lines:]]
        events += [ev.HandScored(line=line) for line in match.sheet[lines:]]
        finished = None
        if match.result is not None:
            table.status = Status.FINISHED
            finished = match_record(table, now)
            events.append(ev.MatchFinished(seat=match.result.winner, totals=match.result.totals))
        arm(table, now)
        await self._commit(table, actor, kind, action.to_dict(), hands, finished)
        if table.status == Status.FINISHED:
            self._unlink_channel(table)
        return events

    async def _settle(
        self, table: Table, now: float | None = None, committed: bool = True
    ) -> list[Event]:
        """Carry out every action already due: computer moves and claims, timeouts, the
        end of the last trick's claim window. With zero delays that is the whole run of
        computer moves up to the next human decision.

        Once part of the operation is committed (``committed``, or an earlier action of
        the run), a failing action does not fail the operation: the table goes back to its
        last committed state, the events so far are reported, and the timer retries the
        rest after ``BACKOFF`` (docs/decisions.md, "Partial failures").
        """
        events: list[Event] = []
        now = self.clock.now() if now is None else now
        while True:
            try:
                due = due_action(table, now)
                if due is None:
                    return events
                kind, seat, engine_action = due
                if engine_action is None:
                    # Decided by a worker (the lock stays held: this table waits, the
                    # others do not), then logged like any action: a replay never searches.
                    assert seat is not None and table.match is not None and table.match.hand
                    engine_action = await self.computers.decide(table, table.match.hand, seat)
                step = []
                if kind == "timeout" and seat is not None:
                    step = self._mark_timeout(table, seat)
                step += await self._engine(table, None, engine_action, kind)
                events += step
            except Exception:
                if not committed:
                    raise
                log.exception("table %s: a due action failed; retrying in %s s", table.id, BACKOFF)
                vars(table).update(vars(Table.from_dict(self._committed[table.id])))
                self._backoff[table.id] = now + BACKOFF
                return events
            committed = True

    async def _commit(
        self,
        table: Table,
        actor: int | None,
        kind: str,
        payload: dict[str, Any],
        hands: list[Any] | None = None,
        finished: Any = None,
    ) -> None:
        table.seq += 1
        table.last_activity = self.clock.now()
        snapshot = table.to_dict()
        await self.store.tables.record(
            ActionRecord(
                table_id=table.id,
                seq=table.seq,
                actor=actor,
                kind=kind,
                payload=payload,
                at=self.clock.now(),
                snapshot=snapshot,
                status=str(table.status),
                hands=tuple(hands or ()),
                match=finished,
            )
        )
        self._committed[table.id] = snapshot

    async def _emit(self, table: Table, events: list[Event]) -> list[Event]:
        for listener in self.listeners:
            try:
                await listener(table, events)
            except Exception:  # a failed render must never undo a committed move
                log.exception("table listener failed for table %s", table.id)
        return events

    def _register(self, table: Table, snapshot: dict[str, Any]) -> None:
        self._tables[table.id] = table
        self._committed[table.id] = snapshot
        self._locks.setdefault(table.id, asyncio.Lock())
        if table.is_open:
            self._by_channel[table.channel_id] = table.id

    def _unlink_channel(self, table: Table) -> None:
        """Free the channel, if it still points at this table (a newer one may own it)."""
        if self._by_channel.get(table.channel_id) == table.id:
            del self._by_channel[table.channel_id]

    @staticmethod
    def _require(table: Table, status: Status) -> None:
        if table.status != status:
            raise TableError(_NOT_IN[status], status=str(table.status))

    @staticmethod
    def _require_member(table: Table, user_id: int) -> None:
        """Lobby changes (computers, start) belong to the players and the opener."""
        if table.seat_of(user_id) is None and user_id != table.opener_id:
            raise TableError(RefusalCode.NOT_SEATED)

    @staticmethod
    def _free_seat(table: Table, seat: int | None) -> int:
        free = table.free_seats()
        if not free:
            raise TableError(RefusalCode.TABLE_FULL)
        if seat is None:
            return free[0]
        if seat not in range(4):
            raise TableError(RefusalCode.BAD_SEAT, seat=seat)
        if seat not in free:
            raise TableError(RefusalCode.SEAT_TAKEN, seat=seat)
        return seat

    @staticmethod
    def _human_seat(table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(RefusalCode.NOT_SEATED)
        return seat

    def _acting_human(self, table: Table, user_id: int) -> int:
        """The player's seat; acting in person takes the seat back from the computer."""
        self._require(table, Status.PLAYING)
        seat = self._human_seat(table, user_id)
        state = table.seats[seat]
        state.away, state.autoplay, state.missed = False, False, 0
        return seat


def _check_level(level: str | None) -> str | None:
    if level is None:
        return None
    try:
        return check_level(level)
    except ValueError:
        raise TableError(RefusalCode.BAD_LEVEL, level=level) from None


def check_settings(settings: TableSettings) -> None:
    """Refuse settings a table could not run with: every value is checked here, before
    anything is committed, so a stored table never carries a timer that freezes it or a
    computer kind its timers cannot build."""
    _check_turn_timer(settings.turn_timer)
    for name in ("claim_grace", "trick_pause", "bot_delay"):
        value = getattr(settings, name)
        if not (isinstance(value, int | float) and 0 <= value <= MAX_PAUSE):
            raise TableError(RefusalCode.BAD_SETTING, setting=name, value=value, high=MAX_PAUSE)
    if settings.computer_kind not in PLAYER_KINDS:
        raise TableError(
            RefusalCode.BAD_COMPUTER_KIND,
            kind=settings.computer_kind,
            kinds=", ".join(PLAYER_KINDS),
        )
    if settings.locale is not None:
        _check_locale(settings.locale)


def _check_turn_timer(seconds: float) -> None:
    if not (
        isinstance(seconds, int | float)
        and (seconds == 0 or MIN_TURN_TIMER <= seconds <= MAX_TURN_TIMER)
    ):
        raise TableError(RefusalCode.BAD_TURN_TIMER, value=seconds)


def _check_locale(locale: str) -> None:
    if locale not in LOCALES:
        raise TableError(RefusalCode.BAD_LOCALE, locale=locale, locales=", ".join(LOCALES))


def _check_id(field: str, value: int) -> None:
    if not storable_id(value):
        raise TableError(RefusalCode.BAD_ID, field=field, value=value)


def _engine_events(result: ActionResult) -> list[Event]:
    """The events one accepted engine action makes (a finish makes none of its own: the
    hand it scores is reported as ``HandScored`` from the sheet)."""
    match result:
        case TrumpResult(seat, suit):
            return [ev.TrumpChosen(seat=seat, suit=suit)]
        case PassResult(seat):
            return [ev.TrumpPassed(seat=seat)]
        case ClaimResult(seat, roem):
            return [ev.RoemClaimed(seat=seat, roem=roem)]
        case PlayResult(seat, card, trick):
            played: list[Event] = [ev.CardPlayed(seat=seat, card=card)]
            if trick is not None:
                played.append(ev.TrickTaken(seat=trick.winner, trick=trick))
            return played
        case FinishResult():
            return []
