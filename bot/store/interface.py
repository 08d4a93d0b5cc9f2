"""What the services see of the store, whichever database holds the data.

The services (bot/tables, bot/league, bot/standings) type against these protocols and the
`Store` handle only; `open_store` (bot/store/backends.py) picks the back end from the
target: a file path (or `sqlite:PATH`) opens SQLite, a `postgresql://` URL PostgreSQL.
Both back ends keep the same promises: every write is one transaction committed before the
call returns, the action log and a night's rows are append-only, and refusals are the
errors of `errors.py`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, Final, Protocol

from .challenge_records import EntryWrite, NewChallenge, StoredChallenge, StoredDeal, StoredEntry
from .par_records import HandKey, ParTotals, WaitingHand
from .records import (
    ActionRecord,
    CheckinMessage,
    HandRecord,
    NewResult,
    NewTable,
    NightRows,
    PlayerStats,
    PostedMessage,
    PostedNotice,
    RatingMark,
    RatingSave,
    RatingSources,
    StoredAction,
    StoredAudit,
    StoredLeague,
    StoredNight,
    StoredRating,
    StoredResult,
    StoredRun,
    StoredSeason,
    StoredTable,
)

__all__ = [
    "POSTGRES_SCHEMES",
    "ChallengeStore",
    "CommitFigures",
    "LeagueStore",
    "PreferenceStore",
    "RatingStore",
    "StateStore",
    "StatsStore",
    "Store",
    "TableStore",
    "is_postgres_url",
]

POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://")


def is_postgres_url(target: str | Path) -> bool:
    """Whether `target` is a PostgreSQL URL rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


class TableStore(Protocol):
    """Tables, their action logs and score sheets (see bot/store/tables.py)."""

    async def create(self, table: NewTable) -> int:
        """Open `table` in the lobby and return its id; `ChannelBusy` if its channel has an
        open table. The row, its snapshot and action 1 are stored all or nothing, so a crash
        never leaves a row whose snapshot does not match it."""
        ...

    async def record(self, action: ActionRecord) -> None:
        """Append `action` and, all or nothing, store the table's new snapshot and status
        and any finished hands and match. `SeqConflict` unless its seq is the stored seq
        + 1; `ChannelBusy` if reopening the table collides with another open table."""
        ...

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the table's Discord message (None: it must be posted again)."""
        ...

    async def set_channel(self, table_id: int, channel_id: int) -> None:
        """Move the table to another channel; `ChannelBusy` if that one has an open table."""
        ...

    async def set_notice(self, table_id: int, message_id: int | None) -> None:
        """Remember the turn notice standing in the table's channel (None: none is)."""
        ...

    async def notices(self) -> list[PostedNotice]:
        """Every standing turn notice, of open tables and others alike (a match may have
        ended while the bot was down, before its notice was deleted)."""
        ...

    async def open_tables(self) -> list[StoredTable]:
        """Tables in the lobby or playing, oldest first: what start-up restores."""
        ...

    async def get(self, table_id: int) -> StoredTable | None:
        """The table with this id, whatever its status; None when there is none."""
        ...

    async def latest_in_channel(self, channel_id: int) -> StoredTable | None:
        """The channel's most recent table, finished or closed ones included."""
        ...

    async def actions(self, table_id: int) -> list[StoredAction]:
        """The table's action log in order, for replay."""
        ...

    async def sheet(self, table_id: int, match_no: int) -> list[HandRecord]:
        """One match's score sheet, hand by hand; computer seats read as None."""
        ...


class StatsStore(Protocol):
    """Read-only player statistics (see bot/store/stats.py)."""

    async def standings(
        self,
        guild_id: int | None,
        since: float | None = None,
        include_computers: bool = True,
        limit: int = 100,
        offset: int = 0,
    ) -> list[PlayerStats]:
        """A page of the guild's players by wins, then points per hand, then user id;
        without computers only matches and hands of four humans count."""
        ...

    async def player(
        self,
        guild_id: int | None,
        user_id: int,
        since: float | None = None,
        include_computers: bool = True,
    ) -> PlayerStats:
        """One player's statistics; all zeros when they have not played."""
        ...

    async def count_players(
        self, guild_id: int | None, since: float | None = None, include_computers: bool = True
    ) -> int:
        """How many players `standings` lists without a limit (for paging)."""
        ...


class LeagueStore(Protocol):
    """Leagues, nights and everything a night produces (see bot/store/league.py)."""

    async def create_league(
        self, guild_id: int | None, name: str, settings: Mapping[str, Any], at: float
    ) -> int:
        """A new league's id; `StoreError` if the guild has one of that name already."""
        ...

    async def update_settings(self, league_id: int, settings: Mapping[str, Any], at: float) -> None:
        """Replace the league's settings."""
        ...

    async def league(self, league_id: int) -> StoredLeague | None:
        """The league with this id; None when there is none."""
        ...

    async def leagues(self, guild_id: int | None) -> list[StoredLeague]:
        """The guild's leagues by name."""
        ...

    async def all_leagues(self) -> list[StoredLeague]:
        """Every league of every server (the scheduler's round), oldest first."""
        ...

    async def open_night(self, league_id: int, seed: str, at: float) -> StoredNight:
        """The league's next night, in check-in; `NightBusy` if one is not closed yet."""
        ...

    async def set_status(self, night_id: int, status: str, at: float) -> None:
        """Move the night to `status`; closing it also stamps when."""
        ...

    async def night(self, night_id: int) -> StoredNight | None:
        """The night with this id; None when there is none."""
        ...

    async def nights(self, league_id: int) -> list[StoredNight]:
        """The league's nights by number."""
        ...

    async def open_nights(self) -> list[StoredNight]:
        """Every night not closed, of any league (what a restart resumes)."""
        ...

    async def set_checkin_message(self, night_id: int, message: CheckinMessage, at: float) -> None:
        """Make `message` the night's check-in message (the newest one wins)."""
        ...

    async def checkin_message(self, night_id: int) -> CheckinMessage | None:
        """The night's newest check-in message; None before the first is posted."""
        ...

    async def set_night_message(
        self, night_id: int, kind: str, message: PostedMessage, at: float
    ) -> None:
        """Make `message` the night's message of `kind` (its standings), replacing any."""
        ...

    async def night_message(self, night_id: int, kind: str) -> PostedMessage | None:
        """The night's message of `kind`; None before it is posted."""
        ...

    async def add_attendance(self, night_id: int, event: Mapping[str, Any], at: float) -> None:
        """Append a check-in event (user_id, kind, rounds_drawn, partner_id) to the night."""
        ...

    async def attendance(self, night_id: int) -> list[dict[str, Any]]:
        """The night's check-in events in the order they came."""
        ...

    async def add_round(
        self, night_id: int, number: int, draw: Mapping[str, Any], dealt: bool, at: float
    ) -> None:
        """Publish round `number`'s draw and mark the night running, all or nothing;
        `AlreadyStored` if the night has that round already."""
        ...

    async def rounds(self, night_id: int) -> list[dict[str, Any]]:
        """The night's round draws by number."""
        ...

    async def dealt_rounds(self, night_id: int) -> set[int]:
        """The night's rounds whose tables the bot deals."""
        ...

    async def link_table(
        self, night_id: int, round_no: int, table_no: int, table_id: int, at: float
    ) -> None:
        """Remember that bot table `table_id` plays table `table_no` of round `round_no`."""
        ...

    async def round_tables(self, night_id: int) -> dict[tuple[int, int], int]:
        """(round, table) -> the bot table playing it."""
        ...

    async def table_round(self, table_id: int) -> tuple[int, int, int] | None:
        """(night, round, table) a bot table plays, or None when it is no league table."""
        ...

    async def add_result(self, new: NewResult) -> int:
        """Append the next version of a table's result, with its audit entry if given,
        all or nothing; returns the version."""
        ...

    async def results(self, night_id: int) -> list[StoredResult]:
        """Every version of every result of the night, oldest first."""
        ...

    async def add_adjustment(
        self, night_id: int, adjustment: Mapping[str, Any], audit: StoredAudit
    ) -> None:
        """Append a points adjustment (user_id, points, reason) with its audit entry, all
        or nothing."""
        ...

    async def adjustments(self, night_id: int) -> list[dict[str, Any]]:
        """The night's points adjustments in the order they were made."""
        ...

    async def audit(self, night_id: int) -> list[StoredAudit]:
        """The night's corrections in the order they were made."""
        ...

    async def add_runs(self, runs: list[StoredRun]) -> list[bool]:
        """Record postings of scheduled nights, all or nothing; for each, whether it was
        new (False: that posting of that night was recorded already, and stays)."""
        ...

    async def runs(self, league_id: int, starts_at: list[int] | None = None) -> list[StoredRun]:
        """The league's recorded postings (of the nights starting at `starts_at`, if
        given), in the order of the nights and their due times."""
        ...

    async def night_rows(self, night_id: int) -> NightRows | None:
        """The night and everything it produced, read at one moment so no write lands
        between its reads; None when there is no such night."""
        ...

    async def add_audit(self, audit: StoredAudit) -> None:
        """Append an audit entry that changes no result (a confirmation)."""
        ...


class PreferenceStore(Protocol):
    """Players' preferences (see bot/store/preferences.py): stored strings, not interpreted."""

    async def notify_mode(self, user_id: int) -> str | None:
        """The player's stored turn-notice choice; None when they never chose."""
        ...

    async def set_notify_mode(self, user_id: int, mode: str, at: float) -> None:
        """Store the player's choice, replacing an earlier one."""
        ...


class StateStore(Protocol):
    """The bot's own facts by key (see bot/store/state.py): stored strings, not interpreted."""

    async def get(self, key: str) -> str | None:
        """The value stored under `key`; None when nothing was stored."""
        ...

    async def put(self, key: str, value: str, at: float) -> None:
        """Store `value` under `key`, replacing an earlier one."""
        ...


class RatingStore(Protocol):
    """A server's rating seasons and the cache of its ratings (see bot/store/ratings.py).
    The ratings are the ratings service's function of the stored results; the store reads
    those results for it and keeps what it computed."""

    async def sources(self, guild_id: int, since: float, after: float) -> RatingSources:
        """At one moment: how many matches and league result versions the server has from
        `since` on, the latest moment among them, and those after `after`, oldest first
        (a league table's match marked as such)."""
        ...

    async def season(self, guild_id: int) -> StoredSeason | None:
        """The server's latest season started by an organiser; None while it is in its
        first."""
        ...

    async def start_season(self, guild_id: int, season: int, at: float, actor: int) -> None:
        """Record that `actor` started season `season` at `at` (append-only: the audit of
        resets); `AlreadyStored` if that season was started already."""
        ...

    async def mark(self, guild_id: int) -> RatingMark | None:
        """How far the server's cached ratings were computed; None before the first save."""
        ...

    async def save(self, save: RatingSave) -> bool:
        """Store refreshed ratings and their mark all or nothing, only if the stored mark
        is still `save.expected` and `save.mark.season` the current season; whether they
        were stored (False: another save or a new season came first, nothing changed)."""
        ...

    async def board(
        self, guild_id: int, season: int, limit: int | None = None, offset: int = 0
    ) -> list[StoredRating]:
        """The season's cached ratings best first (`low`, then games, then user id), a
        page of them when `limit` is given."""
        ...

    async def count(self, guild_id: int, season: int) -> int:
        """How many players the season's cached board holds."""
        ...

    async def rating(
        self, guild_id: int, season: int, user_id: int
    ) -> tuple[StoredRating, int] | None:
        """A player's cached rating and how many players the board puts above them; None
        when they have no rated game in the season."""


class ChallengeStore(Protocol):
    """The duplicate challenge (see bot/store/challenges.py): settings, challenges, entries,
    finished deals and pars. Finished deals and pars are append-only."""

    async def set_settings(self, guild_id: int, settings: dict[str, Any], at: float) -> None:
        """Store the server's settings, replacing earlier ones."""
        ...

    async def settings(self, guild_id: int) -> dict[str, Any] | None:
        """The server's stored settings; None when it never changed a default."""
        ...

    async def all_settings(self) -> dict[int, dict[str, Any]]:
        """Every server's stored settings, by server."""
        ...

    async def open_challenge(self, new: NewChallenge) -> StoredChallenge:
        """Number and store ``new``, or give the one stored for its server and closing time."""
        ...

    async def close(self, challenge_id: int, at: float) -> bool:
        """Close the challenge; False when it was closed already."""
        ...

    async def set_message(self, challenge_id: int, message_id: int | None) -> None:
        """Remember the challenge's announcement."""
        ...

    async def set_summary(self, challenge_id: int, message_id: int) -> None:
        """Remember the closing summary (0: none could be posted)."""
        ...

    async def challenge(self, challenge_id: int) -> StoredChallenge | None:
        """The challenge with this id."""
        ...

    async def numbered(self, guild_id: int, number: int) -> StoredChallenge | None:
        """The server's challenge with this number."""
        ...

    async def open_in(self, guild_id: int) -> StoredChallenge | None:
        """The server's open challenge."""
        ...

    async def open_challenges(self) -> list[StoredChallenge]:
        """Every open challenge, the first to close first."""
        ...

    async def unposted(self) -> list[StoredChallenge]:
        """Closed challenges whose summary is not posted yet."""
        ...

    async def past(self, guild_id: int, limit: int) -> list[StoredChallenge]:
        """The server's closed challenges, the newest first."""
        ...

    async def without_par(self) -> list[StoredChallenge]:
        """Challenges with a deal whose par is not stored yet."""
        ...

    async def entry(self, challenge_id: int, user_id: int) -> StoredEntry | None:
        """The member's entry; None when they never started."""
        ...

    async def entry_count(self, challenge_id: int) -> int:
        """How many members started the challenge."""
        ...

    async def save(self, write: EntryWrite) -> None:
        """One member's move, all or nothing; `EntryMoved` when the entry moved on."""
        ...

    async def results(self, challenge_id: int) -> list[StoredDeal]:
        """Every finished deal of every member, without its actions."""
        ...

    async def result(self, challenge_id: int, user_id: int, deal: int) -> StoredDeal | None:
        """One member's finished deal."""
        ...

    async def add_par(self, par: StoredDeal) -> bool:
        """Store a deal's par; False when it was stored already."""
        ...

    async def pars(self, challenge_id: int) -> list[StoredDeal]:
        """The pars stored so far, by deal."""
        ...


class ParStore(Protocol):
    """The pars of casual hands (see bot/store/pars.py): the hands a person played with three
    computers, written with their score line, and each one's par, set once."""

    async def waiting(self) -> list[WaitingHand]:
        """Every hand without its par yet, the earliest scored first."""
        ...

    async def waiting_count(self) -> int:
        """How many hands wait for their par."""
        ...

    async def set_par(self, key: HandKey, par: int, at: float) -> bool:
        """Store the hand's par; False when it had one already (nothing changes)."""
        ...

    async def totals(self, guild_id: int, user_id: int, since: float) -> ParTotals:
        """A player's differences against par in a server from ``since`` on: their casual
        hands with a par and their challenge deals (each challenge once they finished it
        or it closed), and their casual hands still waiting."""
        ...


class CommitFigures(Protocol):
    """Counters for the benchmark: transactions committed and the writes they held."""

    batches: int
    jobs: int


class Store(ABC):
    """The bot's store: its table, statistics and league stores on one database."""

    backend: str  # "sqlite" or "postgresql", for logs, benchmarks and tests
    tables: TableStore
    stats: StatsStore
    leagues: LeagueStore
    preferences: PreferenceStore
    state: StateStore
    ratings: RatingStore
    challenges: ChallengeStore
    pars: ParStore
    commits: CommitFigures

    @abstractmethod
    async def close(self) -> None:
        """Close after any transaction in flight has finished, so none is cut off."""

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
