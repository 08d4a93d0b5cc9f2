"""The challenge service's boundary: the check of every argument of its public methods, by
name (bot/checks.py), and its refusal for a bad one (`bad_id` for an id, else
`bad_argument`).

The checks are of form: ids, whole numbers (never a bool), a card and a suit of the
engine's own types, a member's name cleaned and cut, a flag, a settings change whose names
are text. What a challenge allows (a deal that is the member's, a challenge still open, a
setting's value) stays with the service and `ChallengeSettings`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, Final

from bot.checks import (
    NAME_MAX,
    Arguments,
    Bad,
    a_flag,
    a_number,
    an_id,
    described,
    fact,
    instance_of,
    optional,
    refusal,
    some_text,
    whole,
)
from bot.engine import Card, Suit
from bot.store.records import MAX_ID

from .errors import ChallengeCode, ChallengeError
from .settings import ChallengeSettings

__all__ = ["ARGUMENTS", "MAX_WAIT", "PAST_MOST", "checked", "refuse_argument"]

MAX_WAIT: Final = 3600.0  # the longest a shutdown may wait for operations in flight
PAST_MOST: Final = 50  # the most earlier challenges one call lists
_SETTINGS: Final = frozenset(f.name for f in fields(ChallengeSettings))


def _changes(value: Any) -> dict[str, Any]:
    """A settings change: setting names (text) to values, each setting at most once; the
    names and values are `ChallengeSettings`' to check (`bad_setting`)."""
    if not isinstance(value, Mapping):
        raise Bad("not a mapping of settings")
    if not all(isinstance(name, str) for name in value) or len(value) > len(_SETTINGS):
        raise Bad("not settings by name")
    return dict(value)


def refuse_argument(argument: str, value: Any, problem: str) -> ChallengeError:
    """A bad argument as the challenge's refusal: `unknown_challenge` for a challenge id
    (as for one that does not exist), `bad_id` for another id, else `bad_argument`."""
    if argument == "challenge_id":
        message, facts = described(argument, value, problem)
        return ChallengeError(
            ChallengeCode.UNKNOWN_CHALLENGE, message, challenge=fact(value), **facts
        )
    return _refuse_usually(argument, value, problem)


_refuse_usually = refusal(
    ChallengeError, ChallengeCode.BAD_ID, ChallengeCode.BAD_ARGUMENT, ids={"viewer"}
)
ARGUMENTS: Final = Arguments(
    {
        # 0 is a server too: the terminal's own (`python -m bot challenge`). None: where a
        # button or lookup comes from is not known; `current` requires one.
        "guild_id": optional(whole(0, MAX_ID)),
        "challenge_id": an_id,
        "user_id": an_id,
        "viewer": optional(an_id),  # None: nobody's standings (the closing summary)
        "channel_id": optional(an_id),
        "message_id": optional(an_id),  # None: it could not be posted
        "manager": a_flag,
        "changes": _changes,
        "number": whole(),  # `numbered` says which exist (`unknown_challenge`)
        "limit": whole(1, PAST_MOST),
        "name": some_text(NAME_MAX),  # cut to Discord's display name limit
        # Compared with the member's stored place only (`deal_played`, `stale`).
        "deal": whole(),
        "seq": whole(),
        "card": instance_of(Card),  # a Card, not the int it is
        "suit": optional(instance_of(Suit)),  # None: pass
        "timeout": a_number(0, MAX_WAIT),
    },
    refuse_argument,
)
checked = ARGUMENTS.checked  # the decorator of every public method of `ChallengeService`
