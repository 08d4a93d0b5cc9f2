"""The games a table can hold, and the one switch between them: a rule set's ``game``
names the match that plays it (the four-seat ``Match``, three-player ``DriemansMatch``).

Services that hold either game (the table service, bot/tables) make, restore, replay and
apply through here and nowhere else, so a further game (two-player Klaverjas, which the
engine plays but no table yet) plugs in at this one place: ``TABLE_GAMES``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from .actions import (
    Action,
    ActionResult,
    CallDouble,
    DeclareLedig,
    PassDouble,
    action_from_dict,
)
from .driemans import DriemansHand
from .driemans_match import (
    DriemansMatch,
    DriemansResult,
    LayDown,
    driemans_action_from_dict,
)
from .errors import ErrorCode, RuleViolation
from .hand import Hand
from .match import Match
from .rules import RuleSet

AnyMatch = Match | DriemansMatch
"""A match of any game."""
AnyHand = Hand | DriemansHand
"""A hand of any game."""
AnyAction = Action | LayDown
"""An action of any game (each game refuses the others' own)."""
AnyResult = ActionResult | DriemansResult
"""The outcome of an action of any game."""
TABLE_GAMES: Final = ("klaverjas", "driemans")
"""The games a table holds (`RuleSet.game`)."""


def new_match(rules: RuleSet, seed: str, first_dealer: int | None = None) -> AnyMatch:
    """The match `rules` play, dealt from `seed`; ValueError for a game no table holds."""
    _check_game(rules)
    if rules.three_players:
        return DriemansMatch(rules, seed, first_dealer)
    return Match(rules, seed, first_dealer)


def match_from_dict(data: dict[str, Any], like: AnyMatch | None = None) -> AnyMatch:
    """The match a snapshot (`to_dict`) holds, of the game its rules name; ``like``: the
    match the snapshot was taken of (`Match.from_dict`)."""
    rules = RuleSet.from_dict(data["rules"])
    _check_game(rules)
    if rules.three_players:
        return DriemansMatch.from_dict(data)
    return Match.from_dict(data, like=like if isinstance(like, Match) else None)


def _check_game(rules: RuleSet) -> None:
    if rules.game not in TABLE_GAMES:
        raise ValueError(f"no table holds the game {rules.game!r} yet")


def action_of(rules: RuleSet, data: Mapping[str, Any]) -> AnyAction:
    """One logged action of a match under `rules`; ``bad_action`` when malformed."""
    if rules.three_players:
        return driemans_action_from_dict(data)
    return action_from_dict(data)


def apply(match: AnyMatch, action: AnyAction) -> AnyResult:
    """Apply `action` to `match`: a `RuleViolation` (nothing changed) when refused, also
    for an action the match's game does not have (``option_not_in_game``)."""
    if isinstance(match, DriemansMatch):
        if isinstance(action, CallDouble | PassDouble | DeclareLedig):
            message = "three-player hands have no calls and no ledig"
            raise RuleViolation(ErrorCode.OPTION_NOT_IN_GAME, message)
        return match.apply(action)
    if isinstance(action, LayDown):
        raise RuleViolation(ErrorCode.OPTION_NOT_IN_GAME, "only three-player hands lay down")
    return match.apply(action)


def replay(
    rules: RuleSet, seed: str, first_dealer: int | None, log: Iterable[Mapping[str, Any]]
) -> AnyMatch:
    """The match after the logged actions, in their stored dict form."""
    match = new_match(rules, seed, first_dealer)
    for data in log:
        apply(match, action_of(rules, data))
    return match
