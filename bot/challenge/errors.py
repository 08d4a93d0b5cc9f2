"""The challenge service's refusals: one exception type with a stable code and the facts.

Front ends turn ``code`` into a sentence in the user's language (``challenge.err.<code>``,
cogs/challenge/errors.py); a refusal changes nothing. The engine's refusals of a card or a
trump choice are passed on with the engine's own code and facts.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from bot.engine.errors import ErrorCode, Refusal, RuleViolation

__all__ = ["PASSED_ON", "ChallengeCode", "ChallengeError", "passed_on", "refuse_other_game"]


class ChallengeCode(StrEnum):
    """Every code a ``ChallengeError`` carries; the values key the sentences, so they never
    change."""

    UNKNOWN_CHALLENGE = "unknown_challenge"  # facts: challenge (an id or number)
    OTHER_GUILD = "other_guild"  # a button of another server's challenge
    CLOSED = "closed"  # facts: closes_at (the challenge has closed)
    NOT_STARTED = "not_started"  # a button of a challenge this player never started
    FINISHED = "finished"  # every deal is played already
    DEAL_PLAYED = "deal_played"  # facts: deal (a button of a deal already played)
    STALE = "stale"  # a button drawn for an earlier moment of the deal
    NOT_FINISHED = "not_finished"  # results are hidden until the player has finished
    NOT_MANAGER = "not_manager"  # settings are for the server's managers
    BAD_SETTING = "bad_setting"  # facts: setting, value
    UNKNOWN_TIMEZONE = "unknown_timezone"  # facts: zone
    GAME_NOT_OFFERED = "game_not_offered"  # facts: game (a challenge is four-player only)
    SHUTTING_DOWN = "shutting_down"
    GUILD_ONLY = "guild_only"  # the Discord front end's own: used outside a server
    BAD_ID = "bad_id"  # facts: field, value, problem (an id a caller passed)
    BAD_ARGUMENT = "bad_argument"  # facts: field, value, problem (any other argument)


# The engine's refusals of a card or a trump choice, passed on with the engine's code.
PASSED_ON: Final = frozenset(
    {
        ErrorCode.WRONG_PHASE,
        ErrorCode.NOT_YOUR_TURN,
        ErrorCode.TRUMP_NOT_ALLOWED,
        ErrorCode.PASS_NOT_ALLOWED,
        ErrorCode.NOT_IN_HAND,
        ErrorCode.ILLEGAL_CARD,
    }
)


class ChallengeError(Refusal[ChallengeCode | ErrorCode]):
    """A challenge operation refused: a `ChallengeCode` and the facts behind it, or one of
    the engine's refusals in `PASSED_ON`."""


def passed_on(error: RuleViolation) -> ChallengeError:
    """The engine's refusal of the player's action as the challenge's own refusal (a code
    the challenge does not expect, such as a claim, is reported as the wrong phase)."""
    code = error.code if error.code in PASSED_ON else ErrorCode.WRONG_PHASE
    return ChallengeError(code, str(error), **error.facts)


def refuse_other_game(game: str | None) -> None:
    """Refuse a challenge of another game than four-player Klaverjas (``game``: its name,
    None for four-player Klaverjas): a challenge seats one member and three computers."""
    if game is not None:
        message = f"a challenge plays four-player Klaverjas, not {game}"
        raise ChallengeError(ChallengeCode.GAME_NOT_OFFERED, message, game=game)
