"""The plain values the store takes and gives back; no SQL, no engine types."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = [
    "OPEN_STATUSES",
    "STATUSES",
    "ActionRecord",
    "HandRecord",
    "MatchRecord",
    "NewTable",
    "CasualGame",
    "CheckinMessage",
    "LeagueVersion",
    "NightRows",
    "PlayerStats",
    "PostedMessage",
    "PostedNotice",
    "RatingMark",
    "RatingSave",
    "RatingSources",
    "StoredAction",
    "StoredAudit",
    "StoredLeague",
    "StoredNight",
    "StoredRating",
    "StoredResult",
    "StoredRun",
    "StoredSeason",
    "StoredTable",
    "storable_id",
]

STATUSES: Final = ("lobby", "playing", "finished", "closed")
OPEN_STATUSES: Final = ("lobby", "playing")
MAX_ID: Final = 2**63 - 1  # ids are stored as signed 64-bit integers (SQLite, PostgreSQL)


def storable_id(value: object) -> bool:
    """Whether ``value`` is an id the store can hold: a positive 64-bit integer, which
    every Discord snowflake and every row id is. Services refuse others before a write."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_ID


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table row: where it is, who opened it, and the engine snapshot after action `seq`."""

    id: int
    guild_id: int | None
    channel_id: int
    opener_id: int
    status: str
    message_id: int | None
    seq: int
    snapshot: dict[str, Any]


@dataclass(frozen=True, slots=True)
class CheckinMessage:
    """A night's newest check-in message: where it is and for which round (`drawn` + 1)."""

    channel_id: int
    message_id: int
    drawn: int


@dataclass(frozen=True, slots=True)
class PostedMessage:
    """A message a night keeps up to date in a channel (its standings): where it is."""

    channel_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class PostedNotice:
    """A turn notice standing in a table's channel (the table row's `notice_id`)."""

    table_id: int
    guild_id: int | None
    channel_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One accepted action of a table's log; `actor` is None for system/computer actions."""

    table_id: int
    seq: int
    actor: int | None
    kind: str
    payload: dict[str, Any]
    at: float


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One line of the score sheet. Pairs are 0 (seats 0, 2) and 1 (seats 1, 3).

    `seats` holds the user id per seat 0..3, None for a computer seat; `dealer` and
    `chooser` are seats, `makers` and `pit` pairs; `scores` is what each pair scored.
    `par`: for a hand played by one person with three computers, what its par's replay
    needs (stored as given, written with the hand: `hand_pars`); None for other hands.
    """

    table_id: int
    match_no: int
    number: int
    guild_id: int | None
    dealer: int
    trump: str
    makers: int
    chooser: int
    points: tuple[int, int]
    roem: tuple[int, int]
    scores: tuple[int, int]
    nat: bool
    pit: int | None
    seats: tuple[int | None, ...]
    at: float
    par: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A finished match: `winner` is the winning pair, None for a draw."""

    table_id: int
    match_no: int
    guild_id: int | None
    rules: str
    totals: tuple[int, int]
    winner: int | None
    hands: int
    seats: tuple[int | None, ...]
    at: float


@dataclass(frozen=True, slots=True)
class NewTable:
    """A table to open in the lobby (`TableStore.create`).

    `snapshot` may be a function of the new id, so the stored snapshot names its own table;
    `action` (actor, kind, payload), if given, is logged as action 1 with the row.
    """

    guild_id: int | None
    channel_id: int
    opener_id: int
    snapshot: Mapping[str, Any] | Callable[[int], Mapping[str, Any]]
    at: float
    action: tuple[int | None, str, Mapping[str, Any]] | None = None


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """An accepted action and what it left (`TableStore.record`): log entry `seq`, the
    table's new snapshot and status, and any score-sheet lines and finished match."""

    table_id: int
    seq: int
    actor: int | None
    kind: str
    payload: Mapping[str, Any]
    at: float
    snapshot: Mapping[str, Any]
    status: str
    hands: tuple[HandRecord, ...] = ()
    match: MatchRecord | None = None


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's aggregates over a guild (and period). `points` is the sum of their
    pair's hand scores, so `points_per_hand` compares players across match lengths."""

    user_id: int
    matches: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    hands: int = 0
    points: int = 0
    hands_as_maker: int = 0
    chose_trump: int = 0
    nat: int = 0
    pits: int = 0
    roem: int = 0
    matches_with_computers: int = 0

    @property
    def points_per_hand(self) -> float:
        """Their pair's average score per hand played; 0 before the first hand."""
        return self.points / self.hands if self.hands else 0.0

    @property
    def nat_rate(self) -> float:
        """Share of the hands their pair made trump in that went nat."""
        return self.nat / self.hands_as_maker if self.hands_as_maker else 0.0


@dataclass(frozen=True, slots=True)
class StoredLeague:
    """A league row: its name, guild and settings as the league service wrote them."""

    id: int
    guild_id: int | None
    name: str
    settings: dict[str, Any]
    updated_at: float = 0.0  # when the settings were last saved


@dataclass(frozen=True, slots=True)
class StoredRun:
    """One posting of a scheduled night and what became of it."""

    league_id: int
    starts_at: int  # the night's scheduled start, UTC seconds since the epoch
    kind: str  # 'checkin' or 'reminder'
    minutes: int  # a reminder's minutes before the start; 0 for the check-in
    due_at: int
    outcome: str  # 'posted' or 'skipped'
    message_id: int | None
    at: float


@dataclass(frozen=True, slots=True)
class StoredNight:
    """A league night row: its number in the league, the seed its draws come from, and
    its status."""

    id: int
    league_id: int
    number: int
    seed: str
    status: str
    opened_at: float
    closed_at: float | None


@dataclass(frozen=True, slots=True)
class StoredResult:
    """One version of a table's result in a league round; a correction adds a version."""

    round_no: int
    table_no: int
    version: int
    result: dict[str, Any]
    actor: int | None
    at: float


@dataclass(frozen=True, slots=True)
class StoredAudit:
    """One audit entry as stored (an entry, confirmation, correction, void, restore or
    penalty): what the history shows."""

    night_id: int
    kind: str
    round_no: int | None
    table_no: int | None
    line: int | None
    actor: int
    reason: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    at: float
    subject: int | None = None  # an entry's opponent asked to confirm it (0008)


@dataclass(frozen=True, slots=True)
class NewResult:
    """A table's next result for `LeagueStore.add_result`: the night, round and table it
    is for, the result as stored, who entered it and when, and its audit entry if any."""

    night_id: int
    round_no: int
    table_no: int
    result: Mapping[str, Any]
    actor: int | None
    at: float
    audit: StoredAudit | None = None


@dataclass(frozen=True, slots=True)
class NightRows:
    """A night and everything it produced, read at one moment (`LeagueStore.night_rows`):
    its check-ins and check-outs, its rounds' draws, every version of every result (oldest
    first) and its adjustments."""

    night: StoredNight
    attendance: list[dict[str, Any]]
    rounds: list[dict[str, Any]]
    results: list[StoredResult]
    adjustments: list[dict[str, Any]]
    audit: list[StoredAudit] = field(default_factory=list)  # oldest first


@dataclass(frozen=True, slots=True)
class CasualGame:
    """A finished match of a table as ratings read it: its human players and their pairs
    (a pair's other seats were computers), the winning pair (None: a draw), and whether the
    table plays a league round (its result is the league's, counted there); ``rules``: the
    name of the preset the match was played by, as the match's row keeps it."""

    table_id: int
    match_no: int
    at: float
    winner: int | None
    players: tuple[tuple[int, int], ...]  # (user id, pair 0 or 1)
    league: bool = False
    rules: str = "amsterdam"


@dataclass(frozen=True, slots=True)
class LeagueVersion:
    """One version of a league table's result, with the night it belongs to."""

    night_id: int
    round_no: int
    table_no: int
    version: int
    result: dict[str, Any]
    at: float


@dataclass(frozen=True, slots=True)
class RatingSources:
    """What a server's ratings are computed from, read at one moment
    (`RatingStore.sources`): how many matches and league result versions there are from
    the season's start, the latest moment among them, and those rows themselves from a
    moment on, oldest first."""

    casual_count: int
    league_count: int
    seen_at: float  # the latest `at` of all those rows; the season's start without any
    casual: tuple[CasualGame, ...]
    league: tuple[LeagueVersion, ...]


@dataclass(frozen=True, slots=True)
class RatingMark:
    """How far a server's cached ratings were computed: for which season, from how many
    matches and league result versions, up to which moment; `version` goes up by one with
    every save."""

    season: int
    version: int
    casual: int
    league: int
    seen_at: float


@dataclass(frozen=True, slots=True)
class StoredRating:
    """A player's cached rating in a season: openskill's mu and sigma, `low` (what the
    board orders by), the games behind them and the last one's moment."""

    user_id: int
    mu: float
    sigma: float
    low: float
    games: int
    at: float


@dataclass(frozen=True, slots=True)
class StoredSeason:
    """A server's rating season: its number, when it started and who started it (season 1
    starts with the server's first result and was started by no one)."""

    season: int
    started_at: float
    actor: int | None


@dataclass(frozen=True, slots=True)
class RatingSave:
    """Refreshed ratings for `RatingStore.save`: the new mark, the mark they were computed
    from (None: there was none), the players whose ratings changed and whether they are
    the whole season (a replay from the start: every other row of the season goes)."""

    guild_id: int
    mark: RatingMark
    expected: RatingMark | None
    ratings: tuple[StoredRating, ...]
    replace: bool
    at: float
