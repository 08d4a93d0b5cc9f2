"""The challenge store's records (migration 0012): what bot/challenge writes and reads back.

JSON values (rules, effort, settings, actions) pass through as plain values; the store
never interprets them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import StoreError

__all__ = [
    "EntryMoved",
    "EntryWrite",
    "NewChallenge",
    "StoredChallenge",
    "StoredDeal",
    "StoredEntry",
]


class EntryMoved(StoreError):
    """The entry's stored move count is not the one the write expected: another writer got
    there first, or the caller's state is stale. Nothing was stored."""

    def __init__(self, challenge_id: int, user_id: int, expected: int) -> None:
        self.challenge_id = challenge_id
        self.user_id = user_id
        self.expected = expected
        super().__init__(f"challenge {challenge_id}, user {user_id}: not at move {expected}")


@dataclass(frozen=True, slots=True)
class NewChallenge:
    """A challenge to open; the store numbers it within its server."""

    guild_id: int
    seed: str
    seed_hash: str
    rules: dict[str, Any]
    deals: int
    effort: dict[str, Any]
    channel_id: int | None
    opened_at: float
    closes_at: float


@dataclass(frozen=True, slots=True)
class StoredChallenge:
    """A `challenges` row."""

    id: int
    guild_id: int
    number: int
    seed: str
    seed_hash: str
    rules: dict[str, Any]
    deals: int
    effort: dict[str, Any]
    channel_id: int | None
    opened_at: float
    closes_at: float
    status: str
    closed_at: float | None
    message_id: int | None
    summary_id: int | None


@dataclass(frozen=True, slots=True)
class StoredEntry:
    """A `challenge_entries` row: one member's deal in play and its actions so far."""

    challenge_id: int
    user_id: int
    name: str
    deal: int
    actions: tuple[dict[str, Any], ...]
    seq: int
    started_at: float
    updated_at: float


@dataclass(frozen=True, slots=True)
class StoredDeal:
    """A finished deal: a member's (`challenge_results`, ``user_id`` set) or the computers'
    own, the par (`challenge_pars`, ``user_id`` None). ``score`` is seat 0's pair's."""

    challenge_id: int
    user_id: int | None
    name: str
    deal: int
    score: int
    against: int
    makers: int
    trump: str
    nat: bool
    actions: tuple[dict[str, Any], ...]
    at: float


@dataclass(frozen=True, slots=True)
class EntryWrite:
    """One move of a member, written all or nothing: the entry as it is after the move
    (``expected``: its move count before, refused with `EntryMoved` otherwise; -1 for a
    new entry) and the deal it finished, if any."""

    entry: StoredEntry
    expected: int
    finished: StoredDeal | None = None
