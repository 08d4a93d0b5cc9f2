"""A table's state: seats, settings, status, the engine match and the timers' deadlines.

Everything here round-trips through ``to_dict``/``from_dict``: that dict is the snapshot the
store keeps, so a restart restores each table exactly, deadlines included.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from bot.engine import RuleSet
from bot.engine.games import AnyMatch, match_from_dict
from bot.engine.seats import SEATS

from .errors import RefusalCode, TableError


class Status(StrEnum):
    """Where a table is in its life: lobby, playing, finished or closed."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CLOSED = "closed"


OPEN_STATUSES = (Status.LOBBY, Status.PLAYING)
_NOT_IN = {  # the refusal for an operation that needs the table in another status
    Status.LOBBY: RefusalCode.NOT_LOBBY,
    Status.PLAYING: RefusalCode.NOT_PLAYING,
    Status.FINISHED: RefusalCode.NOT_FINISHED,
    Status.CLOSED: RefusalCode.NOT_CLOSED,
}
T = TypeVar("T")
_STATE = object()  # the key of the state a table's `renders` were drawn from


class SeatKind(StrEnum):
    """Who sits at a seat: nobody, a human, or a computer player."""

    EMPTY = "empty"
    HUMAN = "human"
    COMPUTER = "computer"


class Occupied:
    """Who plays a seat: what the table's `Seat` and everyone's `PublicSeat` both say."""

    __slots__ = ()
    kind: SeatKind
    autoplay: bool

    @property
    def is_human(self) -> bool:
        """Whether a human player holds the seat."""
        return self.kind == SeatKind.HUMAN

    @property
    def computer_acts(self) -> bool:
        """Whether the seat's computer player makes this seat's decisions now."""
        return self.kind == SeatKind.COMPUTER or (self.is_human and self.autoplay)


def computer_name(index: int) -> str:
    """The name a computer seat is stored with ("Computer 3" at seat index 2): what records
    and logs show. Front ends show such a seat by the reader's own word for a computer."""
    return f"Computer {index + 1}"


@dataclass
class Seat(Occupied):
    """One seat of the table's state (changed only by the service, on its working copy)."""

    kind: SeatKind = SeatKind.EMPTY
    user_id: int | None = None
    name: str = ""
    away: bool = False  # the turn timer ran out on this player at least once in a row
    missed: int = 0  # turn timer expiries in a row
    autoplay: bool = False  # the computer keeps the seat until the player says "I'm back"
    left_by: int | None = None  # a computer seat: the player who left it during a match
    left_hand: int = 0  # ... and the hand they left in (they may take it back until it ends)
    level: str | None = None  # a computer seat's level; None: the table's (computer_kind)
    # The hand in play was not the player's alone: they were given a hint, or the computer
    # acted for the seat (away, autoplay, left). Such a hand gets no par (bot/tables/pars.py);
    # cleared when a hand is scored. Older snapshots lack it: not assisted.
    assisted: bool = False


@dataclass(frozen=True)
class TableSettings:
    """Per-table timings, in seconds. Zero turns a timer off (or makes computers instant).
    Frozen: a change of settings is a new value (`dataclasses.replace`)."""

    turn_timer: float = 120.0
    claim_grace: float = 8.0  # the last trick's claim window
    trick_pause: float = 3.0  # a finished trick stays on the table before a computer leads
    bot_delay: float = 1.0
    locale: str | None = None
    # The level of computers added without one and of away players' seats. Older tables
    # stored "heuristic" (the normal level) here, so they keep playing as they did.
    computer_kind: str = "strong"
    league: bool = False  # a league (ranked) table: no hints


@dataclass(frozen=True, slots=True)
class LeaguePlace:
    """Where a league table belongs, for its messages: the league's name, the night, the
    round and the table (from 1), and the night's standings message (channel, message),
    which the table's end links back to (None: not posted)."""

    league: str
    night: int
    round: int
    table: int
    standings: tuple[int, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain values for the snapshot."""
        standings = None if self.standings is None else list(self.standings)
        return {
            "league": self.league,
            "night": self.night,
            "round": self.round,
            "table": self.table,
            "standings": standings,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> LeaguePlace | None:
        """The place `to_dict` wrote (None: no league table)."""
        if data is None:
            return None
        standings = data.get("standings")
        where = None if standings is None else (int(standings[0]), int(standings[1]))
        return cls(data["league"], data["night"], data["round"], data["table"], where)


@dataclass
class Table:
    """A table's whole state, as the service works on it and the store keeps it."""

    id: int
    guild_id: int | None
    channel_id: int
    opener_id: int
    rules: RuleSet
    seed: str
    created_at: float
    # One per seat of the rules' seating (`empty_seats`); four when none are given.
    seats: list[Seat] = field(default_factory=lambda: [Seat() for _ in SEATS])
    status: Status = Status.LOBBY
    settings: TableSettings = field(default_factory=TableSettings)
    match: AnyMatch | None = None  # the game its rules name (bot/engine/games.py)
    match_no: int = 0
    seq: int = 0
    turn_deadline: float | None = None  # when the human to act is replaced by the computer
    computer_due: float | None = None  # when the computer seat to act (or claim) acts
    claim_deadline: float | None = None  # when the last trick's claim window closes
    message_id: int | None = None
    last_activity: float = 0.0  # when the last action was committed (idle tables)
    # Duplicate league rounds: the seed every table of the round deals from, so they all
    # hold the same cards hand by hand. None: the table deals from its own `seed`. The
    # computers keep drawing on `seed`, so tables with one deal seed still play apart.
    deal_seed: str | None = None
    # The table Play again opened from this finished one (its players, seats and
    # settings, a new match); set once, so a second or stale Play again is refused.
    next_table: int | None = None
    league: LeaguePlace | None = None  # a league table: where it belongs (its title, its end)
    # What front ends drew from this state (read models, embeds per locale), kept so each
    # state is rendered once for every viewer and edit; never stored (see `rendered`).
    renders: dict[Hashable, Any] = field(default_factory=dict, repr=False, compare=False)

    def rendered(self, key: Hashable, make: Callable[[], T]) -> T:
        """`make()` for the current state, computed once: a table changes only through the
        service, which bumps `seq` (and replaces `match`) with every committed change."""
        cache = self.renders
        state = (self.seq, id(self.match), self.status)
        if cache.get(_STATE) != state:
            cache.clear()
            cache[_STATE] = state
        if key not in cache:
            cache[key] = make()
        value: T = cache[key]
        return value

    def seat_of(self, user_id: int) -> int | None:
        """The seat `user_id` holds as a human player, if any."""
        for index, seat in enumerate(self.seats):
            if seat.is_human and seat.user_id == user_id:
                return index
        return None

    def require(self, status: Status) -> None:
        """Refuse unless the table is in ``status``."""
        if self.status != status:
            raise TableError(_NOT_IN[status], status=str(self.status))

    def require_channel(self, channel_id: int | None) -> None:
        """A request acts only where its table is: a button carrying the id of a table in
        another channel (a forged or copied custom_id) is refused (None: not asked)."""
        if channel_id is not None and channel_id != self.channel_id:
            raise TableError(RefusalCode.WRONG_CHANNEL, channel_id=self.channel_id)

    def human_seat(self, user_id: int) -> int:
        """The seat `user_id` holds, else refused `not_seated`: the one check of "is this
        player at this table", for the service's operations and the read models alike."""
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError(RefusalCode.NOT_SEATED)
        return seat

    def retake_seat(self, user_id: int) -> int | None:
        """The seat `user_id` left during the hand now being played: theirs to take back
        from the computer until that hand is scored (docs/decisions.md, "Leaving")."""
        if self.status != Status.PLAYING or self.match is None:
            return None
        for index, seat in enumerate(self.seats):
            if (
                seat.kind == SeatKind.COMPUTER
                and seat.left_by == user_id
                and seat.left_hand == self.match.hand_number
            ):
                return index
        return None

    def may_come_back(self) -> bool:
        """Whether "I'm back" applies to anyone: a player the turn timer made away, or one
        who left a seat during the hand now being played (``retake_seat``)."""
        if any(seat.is_human and (seat.away or seat.autoplay) for seat in self.seats):
            return True
        return any(
            seat.left_by is not None and self.retake_seat(seat.left_by) is not None
            for seat in self.seats
        )

    def left_seat(self, user_id: int) -> int | None:
        """The seat `user_id` left during this match, whether or not it can still be taken
        back (a refusal can then say why not)."""
        for index, seat in enumerate(self.seats):
            if seat.kind == SeatKind.COMPUTER and seat.left_by == user_id:
                return index
        return None

    def hand_scored(self) -> None:
        """A hand was scored: in the next one no seat has been assisted yet."""
        for seat in self.seats:
            seat.assisted = False

    def free_seats(self) -> list[int]:
        """The empty seats, in order."""
        return [i for i, s in enumerate(self.seats) if s.kind == SeatKind.EMPTY]

    @property
    def is_open(self) -> bool:
        """Whether the table is in the lobby or playing (it holds its channel)."""
        return self.status in OPEN_STATUSES

    @property
    def replayable(self) -> bool:
        """Whether Play again applies: a casual table whose match is over and that has not
        been played again yet (league tables end as their league says)."""
        return (
            self.status == Status.FINISHED and not self.settings.league and self.next_table is None
        )

    @property
    def has_computers(self) -> bool:
        """Whether any seat is a computer's."""
        return any(s.kind == SeatKind.COMPUTER for s in self.seats)

    def match_seed(self, match_no: int) -> str:
        """The engine seed of match `match_no`: its deals are a function of it alone, which
        is what makes a replay of the action log, or another table, deal the same cards."""
        seed = self.seed if self.deal_seed is None else self.deal_seed
        return f"{seed}/{match_no}"

    def waiting_for(self) -> tuple[int, int] | None:
        """(seat, user id) of the human whose own decision the table waits for, if any: not
        a computer, nor a seat the computer plays while its player is away. Turn notices
        and hand redraws are for that player alone."""
        hand = self.match.hand if self.match is not None else None
        if hand is None or hand.to_act is None:
            return None
        seat = self.seats[hand.to_act]
        if seat.computer_acts or seat.user_id is None:
            return None
        return hand.to_act, seat.user_id

    def next_deadline(self) -> float | None:
        """The earliest of the table's deadlines, if any is set."""
        times = [t for t in (self.turn_deadline, self.computer_due, self.claim_deadline) if t]
        return min(times) if times else None

    def copy(self) -> Table:
        """A working copy, as ``from_dict(to_dict(), like=self)`` would build it but
        without the round trip through plain values (about a tenth of the bot's CPU per
        click, issue 14): everything an action may change is new, the rest is shared."""
        table = _shallow(self)
        table.seats = [_shallow(seat) for seat in self.seats]
        table.match = None if self.match is None else self.match.copy()
        table.renders = {}
        return table

    def to_dict(self) -> dict[str, Any]:
        """The snapshot the store keeps (plain values only)."""
        return {
            "id": self.id,
            "guild_id": self.guild_id,
            "channel_id": self.channel_id,
            "opener_id": self.opener_id,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "created_at": self.created_at,
            "seats": [_fields_of(s) for s in self.seats],
            "status": str(self.status),
            "settings": _fields_of(self.settings),
            "match": None if self.match is None else self.match.to_dict(),
            "match_no": self.match_no,
            "seq": self.seq,
            "turn_deadline": self.turn_deadline,
            "computer_due": self.computer_due,
            "claim_deadline": self.claim_deadline,
            "message_id": self.message_id,
            "last_activity": self.last_activity,
            "deal_seed": self.deal_seed,
            "next_table": self.next_table,
            "league": None if self.league is None else self.league.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], like: Table | None = None) -> Table:
        """``like``: the table this snapshot was taken of, whose unchanged parts (the
        score sheet's lines) may be shared with the copy (`Match.from_dict`)."""
        known = None if like is None else like.match
        seats = [Seat(**{**s, "kind": SeatKind(s["kind"])}) for s in data["seats"]]
        return cls(
            id=data["id"],
            guild_id=data["guild_id"],
            channel_id=data["channel_id"],
            opener_id=data["opener_id"],
            rules=RuleSet.from_dict(data["rules"]),
            seed=data["seed"],
            created_at=data["created_at"],
            seats=seats,
            status=Status(data["status"]),
            settings=TableSettings(**data["settings"]),
            match=None if data["match"] is None else match_from_dict(data["match"], like=known),
            match_no=data["match_no"],
            seq=data["seq"],
            turn_deadline=data["turn_deadline"],
            computer_due=data["computer_due"],
            claim_deadline=data["claim_deadline"],
            message_id=data["message_id"],
            last_activity=data.get("last_activity", data["created_at"]),
            deal_seed=data.get("deal_seed"),  # absent from snapshots before duplicate tables
            next_table=data.get("next_table"),  # absent from snapshots before Play again
            league=LeaguePlace.from_dict(data.get("league")),  # absent before league places
        )


def empty_seats(rules: RuleSet) -> list[Seat]:
    """An empty seat for every seat the rules' game is played at."""
    return [Seat() for _ in rules.seating.seats]


def _shallow(value: T) -> T:
    """A new object with the same attributes (what ``dataclasses.replace`` gives without
    arguments, at a tenth of its cost: it re-runs ``__init__`` over every field)."""
    copy: T = object.__new__(type(value))
    vars(copy).update(vars(value))
    return copy


def _fields_of(value: Seat | TableSettings) -> dict[str, Any]:
    """A flat dataclass's fields, as `asdict` gives them but without its recursive deep
    copy: every committed state snapshots four seats and the settings, and the values
    are all immutable."""
    return dict(vars(value))
