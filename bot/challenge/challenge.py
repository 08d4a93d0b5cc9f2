"""A challenge as the service works with it: its stored row read once into engine values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine import RuleSet
from bot.players import Effort
from bot.store.challenge_records import StoredChallenge

from .computers import DealPlay

__all__ = ["Challenge"]


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge: its server and number, the secret seed and its published SHA-256, the
    rules, deals and search effort it was opened with, and when it closes."""

    id: int
    guild_id: int
    number: int
    seed: str
    seed_hash: str
    rules: RuleSet
    deals: int
    effort: Effort
    channel_id: int | None
    opened_at: float
    closes_at: float
    closed: bool
    message_id: int | None
    summary_id: int | None

    @classmethod
    def of(cls, row: StoredChallenge) -> Challenge:
        """The challenge a stored row holds."""
        return cls(
            id=row.id,
            guild_id=row.guild_id,
            number=row.number,
            seed=row.seed,
            seed_hash=row.seed_hash,
            rules=RuleSet.from_dict(row.rules),
            deals=row.deals,
            effort=Effort.stored(row.effort),
            channel_id=row.channel_id,
            opened_at=row.opened_at,
            closes_at=row.closes_at,
            closed=row.status == "closed",
            message_id=row.message_id,
            summary_id=row.summary_id,
        )

    def is_open(self, now: float) -> bool:
        """Whether members may still play: not closed, and its closing time not reached."""
        return not self.closed and now < self.closes_at

    def play(self, number: int, actions: tuple[dict[str, Any], ...] = ()) -> DealPlay:
        """Deal ``number`` of this challenge after ``actions``."""
        return DealPlay(self.seed, self.rules, self.effort, number, actions)
