"""Deadlines of a table and the action that is due when one passes.

Kept apart from the service so the one question "what happens next, and when?" has one
answer, used both right after a move (zero delays) and by the timer loop.
"""

from __future__ import annotations

from bot.engine import ClaimRoem, FinishHand, Hand, PassDouble, Phase
from bot.engine.games import AnyAction, AnyHand

from .table import Status, Table

# (kind, seat, engine action); the action is None when the seat's computer must decide it:
# the service asks the computer off the event loop, then records the action it took.
DueAction = tuple[str, int | None, AnyAction | None]


def pending_computer_claim(table: Table, hand: AnyHand) -> int | None:
    """The computer seat that captured the last trick, when it can claim its roem now.

    Only the capturing seat claims: a trick its human partner took is the human's to claim
    (or to miss), so a pair with a computer never claims faster than a pair of humans
    (docs/decisions.md, "Computer seats claim").
    """
    trick = hand.last_trick
    if trick is None:
        return None
    seat = trick.winner
    if table.seats[seat].computer_acts and hand.claim_refusal(seat) is None:
        return seat
    return None


def arm(table: Table, now: float) -> None:
    """Set the deadlines for the state the table is in now."""
    hand = table.match.hand if table.match is not None else None
    claim_deadline = table.claim_deadline
    table.turn_deadline = table.computer_due = table.claim_deadline = None
    if table.status != Status.PLAYING or hand is None:
        return
    settings = table.settings
    if pending_computer_claim(table, hand) is not None:
        table.computer_due = now
    if hand.phase == Phase.CLAIM:  # either game's phases are strings: "claim" in both
        table.claim_deadline = claim_deadline or now + settings.claim_grace
        return
    seat = hand.to_act
    if seat is None:
        return
    if table.seats[seat].computer_acts:
        pause = settings.trick_pause if hand.tricks and not hand.current else 0.0
        due = now + max(settings.bot_delay, pause)
        table.computer_due = min(table.computer_due or due, due)
    elif settings.turn_timer > 0:
        table.turn_deadline = now + settings.turn_timer


def due_action(table: Table, now: float) -> DueAction | None:
    """The action whose deadline has passed, as (kind, seat, engine action), or None."""
    hand = table.match.hand if table.match is not None else None
    if table.status != Status.PLAYING or hand is None:
        return None
    if table.computer_due is not None and table.computer_due <= now:
        claimer = pending_computer_claim(table, hand)
        if claimer is not None:
            return "computer", claimer, ClaimRoem(claimer)
    if hand.phase == Phase.CLAIM:
        if table.claim_deadline is not None and table.claim_deadline <= now:
            return "claim_closed", None, FinishHand()
        return None
    seat = hand.to_act
    if seat is None:
        return None
    computer_due = table.computer_due is not None and table.computer_due <= now
    if computer_due and table.seats[seat].computer_acts:
        return "computer", seat, _call_pass(table, hand, seat)
    if table.turn_deadline is not None and table.turn_deadline <= now:
        return "timeout", seat, _call_pass(table, hand, seat)
    return None


def _call_pass(table: Table, hand: AnyHand, seat: int) -> PassDouble | None:
    """In the kraak calls, a person's seat the computer acts for (away, or timed out)
    passes: only the player calls for themselves (docs/decisions.md, "Kraak calls of an
    away seat"). None: the seat's computer decides."""
    if not isinstance(hand, Hand) or hand.phase != Phase.DOUBLING:
        return None
    if not table.seats[seat].is_human:
        return None
    assert hand.call_level is not None
    return PassDouble(seat, hand.call_level)
