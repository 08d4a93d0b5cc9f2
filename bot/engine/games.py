"""The games a table can hold, and the one switch between them: a rule set's ``game``
names the match that plays it (the four-seat ``Match``, three-player ``DriemansMatch``,
two-player ``TweemansMatch``).

Services that hold any of them (the table service, bot/tables) make, restore, replay and
apply through here and nowhere else, so a further game plugs in at this one place:
``TABLE_GAMES``. A table's seat is a player: at two players each plays two units (a hand
and a table, ``TWO_PLAYERS``), and `card_play` finds the unit a card is played from.
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
    PlayCard,
)
from .cards import Card
from .driemans import DriemansHand
from .driemans_match import DriemansMatch, DriemansResult, LayDown
from .errors import ErrorCode, RuleViolation
from .hand import Hand, Trick
from .match import Match
from .rules import RuleSet
from .tweemans import TweemansHand, TweemansTrick
from .tweemans_match import TweemansMatch, TweemansResult

AnyMatch = Match | DriemansMatch | TweemansMatch
"""A match of any game."""
AnyHand = Hand | DriemansHand | TweemansHand
"""A hand of any game."""
AnyAction = Action | LayDown
"""An action of any game (each game refuses the others' own)."""
AnyResult = ActionResult | DriemansResult | TweemansResult
"""The outcome of an action of any game."""
TABLE_GAMES: Final = ("klaverjas", "driemans", "tweemans")
"""The games a table holds (`RuleSet.game`)."""


def new_match(rules: RuleSet, seed: str, first_dealer: int | None = None) -> AnyMatch:
    """The match `rules` play, dealt from `seed`; ValueError for a game no table holds."""
    _check_game(rules)
    return _match_type(rules)(rules, seed, first_dealer)


def match_from_dict(data: dict[str, Any], like: AnyMatch | None = None) -> AnyMatch:
    """The match a snapshot (`to_dict`) holds, of the game its rules name; ``like``: the
    match the snapshot was taken of (`Match.from_dict`)."""
    rules = RuleSet.from_dict(data["rules"])
    _check_game(rules)
    if rules.three_players:
        return DriemansMatch.from_dict(data)
    if rules.two_players:
        return TweemansMatch.from_dict(data)
    return Match.from_dict(data, like=like if isinstance(like, Match) else None)


def _match_type(rules: RuleSet) -> type[Match] | type[DriemansMatch] | type[TweemansMatch]:
    """The match class of the game `rules` name."""
    if rules.three_players:
        return DriemansMatch
    if rules.two_players:
        return TweemansMatch
    return Match


def _check_game(rules: RuleSet) -> None:
    if rules.game not in TABLE_GAMES:
        raise ValueError(f"no table holds the game {rules.game!r} yet")


def action_of(rules: RuleSet, data: Mapping[str, Any]) -> AnyAction:
    """One logged action of a match under `rules`; ``bad_action`` when malformed."""
    return _match_type(rules).action_of(data)


def apply(match: AnyMatch, action: AnyAction) -> AnyResult:
    """Apply `action` to `match`: a `RuleViolation` (nothing changed) when refused, also
    for an action the match's game does not have (``option_not_in_game``). The four-seat
    game is asked first: it is nearly every table's, and its click pays one test."""
    if isinstance(match, Match):
        if isinstance(action, LayDown):
            raise RuleViolation(ErrorCode.OPTION_NOT_IN_GAME, _ONLY_THREE_LAY_DOWN)
        return match.apply(action)
    if isinstance(action, CallDouble | PassDouble | DeclareLedig):
        players = "three" if isinstance(match, DriemansMatch) else "two"
        message = f"{players}-player hands have no calls and no ledig"
        raise RuleViolation(ErrorCode.OPTION_NOT_IN_GAME, message)
    if isinstance(match, DriemansMatch):
        return match.apply(action)
    if isinstance(action, LayDown):
        raise RuleViolation(ErrorCode.OPTION_NOT_IN_GAME, _ONLY_THREE_LAY_DOWN)
    return match.apply(action)


_ONLY_THREE_LAY_DOWN: Final = "only three-player hands lay down"


def table_seats(rules: RuleSet) -> tuple[int, ...]:
    """The seats of a table for `rules`: one per player (two at two players, whose four
    units are the engine's; four and three at the other games)."""
    seating = rules.seating
    return seating.side_numbers if rules.two_players else seating.seats


def taker_seat(trick: Trick) -> int:
    """The table seat that took `trick`: its winner, or at two players the winning
    unit's player."""
    return trick.taker if isinstance(trick, TweemansTrick) else trick.winner


def card_play(hand: AnyHand, seat: int, card: Card) -> PlayCard:
    """The play of `card` by the table's `seat`: from its hand, or at two players from
    the unit that holds the card (its hand or the face-up cards of its table)."""
    if isinstance(hand, TweemansHand):
        return PlayCard(hand.unit_holding(seat, card), card)
    return PlayCard(seat, card)


def replay(
    rules: RuleSet, seed: str, first_dealer: int | None, log: Iterable[Mapping[str, Any]]
) -> AnyMatch:
    """The match after the logged actions, in their stored dict form."""
    match = new_match(rules, seed, first_dealer)
    for data in log:
        apply(match, action_of(rules, data))
    return match
