"""Drive an engine ``Match`` with computer players through its public ``apply`` actions.

Each step asks the capturing pair whether to claim the last trick's roem (winner first),
then the seat to act for its move. Actions are the engine's typed actions, logged the same
way as at a table, so a match played here replays exactly like one played there.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import (
    Action,
    CallDouble,
    ChooseTrump,
    ClaimRoem,
    FinishHand,
    Hand,
    Match,
    PassDouble,
    PassTrump,
    Phase,
    PlayCard,
    RuleSet,
)
from bot.engine.seats import FOUR_SEATS

from .base import Player, SeatView, view_for


def claim_action(hand: Hand, players: Sequence[Player]) -> ClaimRoem | None:
    """A claim by the first member of the capturing pair who wants one, else None."""
    trick = hand.last_trick
    if trick is None or trick.claimed or not hand.claim_open:
        return None
    for seat in (trick.winner, FOUR_SEATS.partner_of(trick.winner)):
        view = view_for(hand, seat)
        if view.claim_open and players[seat].wants_claim(view):
            return ClaimRoem(seat)
    return None


def move_action(hand: Hand, players: Sequence[Player]) -> Action:
    """The next non-claim action: name or pass trump, call or pass, play a card, or finish
    the hand."""
    if hand.phase == Phase.CLAIM:
        return FinishHand()
    seat = hand.to_act
    if seat is None:
        raise ValueError(f"no seat acts during {hand.phase}")
    return decision(players[seat], view_for(hand, seat))


def decision(player: Player, view: SeatView) -> Action:
    """The action ``player`` takes for ``view``'s seat, whose turn it is: name or pass
    trump, call or pass a kraak call, or play a card."""
    seat = view.seat
    if view.phase == Phase.TRUMP:
        suit = player.choose_trump(view)
        return PassTrump(seat) if suit is None else ChooseTrump(seat, suit)
    if view.phase == Phase.DOUBLING:
        return call_action(view, player)
    card = player.choose_card(view)
    if card not in view.legal:
        raise ValueError(f"player at seat {seat} chose {card}, not a legal card")
    return PlayCard(seat, card)


def call_action(view: SeatView, player: Player) -> CallDouble | PassDouble:
    """The call or pass of ``view``'s seat, asked while the seat may call."""
    level = view.call_level
    if level is None:
        raise ValueError(f"seat {view.seat} may not call now")
    if player.wants_call(view):
        return CallDouble(view.seat, level)
    return PassDouble(view.seat, level)


def advance(match: Match, players: Sequence[Player]) -> None:
    """Apply the players' next decisions: an optional claim, then one move."""
    hand = match.hand
    if hand is None:
        raise ValueError("the match is over")
    claim = claim_action(hand, players)
    if claim is not None:
        match.apply(claim)
        if match.hand is not hand:  # the claim on the last trick scored the hand
            return
    match.apply(move_action(hand, players))


def play_match(
    rules: RuleSet, seed: str, players: Sequence[Player], first_dealer: int | None = None
) -> Match:
    """Play a whole match between four players (seat order) and return it finished."""
    if len(players) != 4:
        raise ValueError("a match needs exactly four players")
    match = Match(rules, seed, first_dealer)
    while not match.finished:
        advance(match, players)
    return match
