"""The standings commands' refusals, and the one mapping from their codes to sentences.

`/standings` and `/stats` refuse before asking the service: outside a server, or for a
period that is not one of `bot.standings.PERIODS` (Discord offers only those, but a client
may send any text); a page button refuses a click from another server. Each is a
`StandingsError` (a `bot.engine.errors.Refusal`) whose sentence is
`standings.err.<code>`; `REFUSALS` is what the common guard (cogs/common/replies.py) knows
of them.
"""

from __future__ import annotations

from enum import StrEnum

from bot.engine.errors import Refusal
from bot.standings import PERIODS
from cogs.common.refusals import Refusals
from cogs.common.text import clip, t

__all__ = ["REFUSALS", "StandingsCode", "StandingsError", "error_text"]


class StandingsCode(StrEnum):
    """Every code a `StandingsError` carries (the key of its sentence)."""

    GUILD_ONLY = "guild_only"  # used outside a server (a DM)
    PERIOD = "period"  # facts: value (the period asked for)
    OTHER_GUILD = "other_guild"  # a page button of another server's leaderboard


class StandingsError(Refusal[StandingsCode]):
    """A standings command or button refused: a `StandingsCode` and its facts."""


def error_text(error: StandingsError, locale: str) -> str:
    """The sentence for a standings refusal in `locale`."""
    if error.code == StandingsCode.PERIOD:
        periods = ", ".join(t(f"standings.cmd.choice.{name}", locale) for name in PERIODS)
        value = clip(error.facts.get("value", "?"))
        return t(REFUSALS.key(error.code), locale, value=value, periods=periods)
    return t(REFUSALS.key(error.code), locale)


REFUSALS = Refusals(StandingsError, StandingsCode, "standings.err.", error_text)
