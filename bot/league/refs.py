"""Which league and which night a command means, as the front end knows them.

A Discord command names a league by its name in the server (or not at all, when the
server has one league) and means the open night, the latest one, or night N. The front
end hands these over as they are; `LeagueService` finds the league and the night (one
read each), with the league's own refusals when there is none or more than one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Actor", "LeagueKey", "LeagueName", "NightKey", "NightRef", "Pick"]


@dataclass(frozen=True, slots=True)
class Actor:
    """Who asks: their user id, roles, and whether they manage the server."""

    user_id: int
    role_ids: tuple[int, ...] = ()
    manager: bool = False


@dataclass(frozen=True, slots=True)
class LeagueName:
    """A league by its name in a server (any case); no name: the server's only league."""

    guild_id: int | None
    name: str | None = None

    @property
    def wanted(self) -> str | None:
        """The name to look for, trimmed and case-folded; None when none was given."""
        if self.name is None or not self.name.strip():
            return None
        return self.name.strip().casefold()


LeagueKey = int | LeagueName  # a league's id, or its name in a server


class Pick(StrEnum):
    """Which of a league's nights is meant when no number is given."""

    OPEN = "open"  # the night not closed (`no_open_night` when there is none)
    LATEST = "latest"  # the open night, else the last one
    LAST_CLOSED = "last_closed"  # the last closed night, else the last one


@dataclass(frozen=True, slots=True)
class NightRef:
    """A night of a league: night `number` when given, else the one `pick` says."""

    league: LeagueKey
    pick: Pick = Pick.OPEN
    number: int | None = None


NightKey = int | NightRef  # a night's id, or which night of which league
