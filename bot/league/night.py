"""Who is at a night: check-ins and check-outs, in the order they happened.

The next draw takes everyone whose last word was "in": a late check-in therefore joins
from the next round (the current one is drawn already), and a player who checks out gets
no further rounds while the table they were at finishes its round.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .errors import LeagueCode, LeagueError

__all__ = [
    "Attendance",
    "NightMessage",
    "NightStatus",
    "Presence",
    "checked_in",
    "pairs_of",
    "refuse_repeat",
]


class NightStatus(StrEnum):
    """Where a night is: taking check-ins, running rounds, or closed (as stored)."""

    CHECKIN = "checkin"
    RUNNING = "running"
    CLOSED = "closed"


class NightMessage(StrEnum):
    """A message a night keeps up to date in its channel (as stored): its standings,
    edited in place after every result; a table's confirmation ask, whose button goes
    once the result is confirmed (one per round and table)."""

    STANDINGS = "standings"
    CONFIRM_ASK = "confirm_ask"

    def stored_as(self, round_no: int, table_no: int) -> str:
        """The kind as stored: a confirmation ask names its round and table."""
        if self is NightMessage.CONFIRM_ASK:
            return f"{self.value}:{round_no}:{table_no}"
        return self.value


class Presence(StrEnum):
    """A player's word at a night: in (play the next rounds) or out (no further rounds)."""

    IN = "in"
    OUT = "out"


@dataclass(frozen=True, slots=True)
class Attendance:
    """One check-in or check-out, with the number of rounds drawn when it happened."""

    user_id: int
    kind: Presence
    rounds_drawn: int  # the night's rounds drawn when it happened
    partner_id: int | None = None  # fixed pairs: who they play with

    def to_dict(self) -> dict[str, Any]:
        """The event as the store keeps it."""
        return {
            "user_id": self.user_id,
            "kind": self.kind,
            "rounds_drawn": self.rounds_drawn,
            "partner_id": self.partner_id,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Attendance:
        """The event from what the store kept."""
        kind = Presence(data["kind"])
        return cls(data["user_id"], kind, data["rounds_drawn"], data.get("partner_id"))


def _last(events: Iterable[Attendance]) -> dict[int, Attendance]:
    last: dict[int, Attendance] = {}
    for event in events:
        last[event.user_id] = event
    return last


def checked_in(events: Iterable[Attendance]) -> list[int]:
    """Who the next round is drawn from, in id order."""
    return sorted(user for user, event in _last(events).items() if event.kind is Presence.IN)


def pairs_of(events: Iterable[Attendance]) -> list[tuple[int, int]]:
    """Fixed pairs among those checked in: two players who named each other."""
    last = {u: e for u, e in _last(events).items() if e.kind is Presence.IN}
    pairs = set()
    for user, event in last.items():
        partner = event.partner_id
        if partner is not None and partner in last and last[partner].partner_id == user:
            pairs.add((min(user, partner), max(user, partner)))
    return sorted(pairs)


def refuse_repeat(events: Iterable[Attendance], user_id: int, kind: Presence) -> None:
    """Checking in twice, or out when not in, changes nothing and is refused as such."""
    last = _last(events).get(user_id)
    current = last.kind if last is not None else Presence.OUT
    if current is kind:
        code = LeagueCode.ALREADY_CHECKED_IN if kind is Presence.IN else LeagueCode.NOT_CHECKED_IN
        raise LeagueError(code, user_id=user_id)
