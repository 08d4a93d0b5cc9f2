"""The standings commands' refusals, and the one mapping from their codes to sentences.

`/standings` and `/stats` refuse before asking the service: outside a server, or for a
period or board that is not one of `bot.standings.PERIODS` or `BOARDS` (Discord offers
only those, but a client may send any text); a page button refuses a click from another
server. The ratings service refuses a new season to anyone but an organiser, and a
confirmation clicked after another organiser started one. Both services refuse an
argument of the wrong form (`bad_id`, `bad_argument`: no Discord interaction sends one).
Each is a `StandingsError` (a `bot.engine.errors.Refusal`, defined with its codes in
bot/standings.py) whose sentence is `standings.err.<code>`; `REFUSALS` is what the common
guard (cogs/common/replies.py) knows of them.
"""

from __future__ import annotations

from bot.standings import BOARDS, PERIODS, StandingsCode, StandingsError
from cogs.common.refusals import Refusals
from cogs.common.text import clip, t

__all__ = ["REFUSALS", "StandingsCode", "StandingsError", "error_text"]


def error_text(error: StandingsError, locale: str) -> str:
    """The sentence for a standings refusal in `locale`."""
    if error.code == StandingsCode.PERIOD:
        periods = ", ".join(t(f"standings.cmd.choice.{name}", locale) for name in PERIODS)
        value = clip(error.facts.get("value", "?"))
        return t(REFUSALS.key(error.code), locale, value=value, periods=periods)
    if error.code == StandingsCode.BOARD:
        boards = ", ".join(t(f"standings.cmd.choice.board.{name}", locale) for name in BOARDS)
        value = clip(error.facts.get("value", "?"))
        return t(REFUSALS.key(error.code), locale, value=value, boards=boards)
    if error.code in (StandingsCode.BAD_ID, StandingsCode.BAD_ARGUMENT):
        field, value = clip(error.facts.get("field", "?")), clip(error.facts.get("value", "?"))
        return t(REFUSALS.key(error.code), locale, field=field, value=value)
    if error.code == StandingsCode.SEASON_CHANGED:
        return t(REFUSALS.key(error.code), locale, season=error.facts.get("season", "?"))
    return t(REFUSALS.key(error.code), locale)


REFUSALS = Refusals(StandingsError, StandingsCode, "standings.err.", error_text)
