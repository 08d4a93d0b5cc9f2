"""Which guilds a bot process serves: Discord's shard formula, in one place.

Discord sends a guild's events to shard ``(guild_id >> 22) % shard_count``, and the bot
keeps all its state per guild (tables, leagues, nights), so a process that connects only
some shards must restore, time and schedule only those shards' guilds; another process
serves the rest. Guild-less state (a table of the terminal front end) belongs to shard 0,
where Discord sends direct messages.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ShardSet", "shard_of"]


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord routes `guild_id` to when the bot runs `shard_count` shards."""
    if guild_id is None:
        return 0
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True, slots=True)
class ShardSet:
    """The shards one process runs, out of `count`; the default is the whole bot."""

    count: int = 1
    ids: tuple[int, ...] = (0,)

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids {self.ids} out of range for {self.count} shards")
        if len(set(self.ids)) != len(self.ids):
            raise ValueError(f"shard ids {self.ids} repeat a shard")

    @classmethod
    def every(cls, count: int) -> ShardSet:
        """Every shard of `count`: one process serving the whole bot."""
        return cls(count, tuple(range(count)))

    @property
    def complete(self) -> bool:
        """Whether this process serves every guild (the only choice on SQLite)."""
        return len(self.ids) == self.count

    def owns(self, guild_id: int | None) -> bool:
        """Whether the guild's events, and so its tables and league nights, are ours."""
        return self.complete or shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        return f"shards {','.join(map(str, self.ids))} of {self.count}"
