"""Read models: what a front end may show of a challenge, of a member's deal, and of the
standings. All frozen, made by the service from committed state.

Nothing here holds a card a member may not see: `DealView` is seat 0's own hand and the
table's public facts; the seed is in `ChallengeInfo` only once the challenge is closed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from bot.engine import (
    Card,
    ChooseTrump,
    Hand,
    IllegalReason,
    PassTrump,
    Phase,
    PlayCard,
    Suit,
    Trick,
    TrumpOptions,
    action_from_dict,
    pair_of,
)
from bot.engine import sort_key as display_order

from .challenge import Challenge
from .computers import Finished
from .deals import PLAYER_SEAT
from .standings import Spread, StandingRow

__all__ = [
    "ChallengeInfo",
    "DealOutcome",
    "DealView",
    "Move",
    "ParLine",
    "PlayView",
    "StandingsView",
    "TrickView",
    "challenge_info",
    "deal_view",
    "moves_of",
]


@dataclass(frozen=True, slots=True)
class ChallengeInfo:
    """What anyone may see of a challenge; ``seed`` only once it has closed."""

    id: int
    guild_id: int
    number: int
    deals: int
    rules: str
    seed_hash: str
    opened_at: float
    closes_at: float
    closed: bool
    seed: str | None
    players: int
    channel_id: int | None
    message_id: int | None


def challenge_info(challenge: Challenge, players: int, now: float) -> ChallengeInfo:
    """The public view of ``challenge`` at ``now`` (closed once its time has come, even
    before the scheduler marked it)."""
    closed = not challenge.is_open(now)
    return ChallengeInfo(
        id=challenge.id,
        guild_id=challenge.guild_id,
        number=challenge.number,
        deals=challenge.deals,
        rules=challenge.rules.name,
        seed_hash=challenge.seed_hash,
        opened_at=challenge.opened_at,
        closes_at=challenge.closes_at,
        closed=closed,
        seed=challenge.seed if challenge.closed else None,
        players=players,
        channel_id=challenge.channel_id,
        message_id=challenge.message_id,
    )


@dataclass(frozen=True, slots=True)
class TrickView:
    """A taken trick: who led, the four cards in play order, who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class Move:
    """What a computer did: ``seat`` passed (``card`` and ``suit`` None), named ``suit``,
    or played ``card``."""

    seat: int
    card: Card | None = None
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class DealView:
    """Seat 0's view of the deal in play: its cards in display order, which it may play and
    why not the others, its trump options when it is to choose, and the public facts."""

    number: int
    dealer: int
    phase: Phase
    to_act: int | None
    cards: tuple[Card, ...]
    legal: frozenset[Card]
    reasons: Mapping[Card, IllegalReason]
    trump_options: TrumpOptions | None
    proposal: Suit | None
    trump: Suit | None
    chooser: int | None
    makers: int | None
    leader: int
    current: tuple[Card, ...]
    last_trick: TrickView | None
    won: tuple[int, int]  # tricks taken: seat 0's pair, the other pair

    @property
    def my_turn(self) -> bool:
        """Whether seat 0 is to decide."""
        return self.to_act == PLAYER_SEAT


def deal_view(number: int, hand: Hand) -> DealView:
    """Seat 0's view of ``hand``, deal ``number``."""
    seat = PLAYER_SEAT
    options = hand.play_options(seat)
    choosing = hand.phase == Phase.TRUMP and hand.to_act == seat
    order = display_order(hand.trump)
    ours = pair_of(seat)
    return DealView(
        number=number,
        dealer=hand.dealer,
        phase=hand.phase,
        to_act=hand.to_act,
        cards=tuple(sorted(hand.holdings[seat], key=order.__getitem__)),
        legal=frozenset(options.legal),
        reasons=MappingProxyType(dict(options.refused)),
        trump_options=hand.trump_options(seat) if choosing else None,
        proposal=hand.proposal,
        trump=hand.trump,
        chooser=hand.chooser,
        makers=hand.makers,
        leader=hand.leader,
        current=tuple(hand.current),
        last_trick=_trick(hand.last_trick),
        won=(hand.won[ours], hand.won[1 - ours]),
    )


def _trick(trick: Trick | None) -> TrickView | None:
    return None if trick is None else TrickView(trick.leader, tuple(trick.cards), trick.winner)


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """A deal seat 0's pair finished: its number, the pair's score and the opponents',
    the makers (a pair), trump, nat, and the last trick as it fell."""

    number: int
    result: Finished
    last_trick: TrickView | None


@dataclass(frozen=True, slots=True)
class PlayView:
    """A member's place in a challenge, as every play operation answers: ``deal`` is the
    deal in play (``deals + 1`` once all are played) with seat 0's view of it (None before
    they started and once they finished); ``seq`` their move count, which their buttons
    carry; ``moves`` what the computers did in this answer; ``scored`` the deal this
    answer finished, if any; ``scores`` their pair's score on each deal finished so far."""

    challenge: ChallengeInfo
    started: bool
    deal: int
    seq: int
    hand: DealView | None
    moves: tuple[Move, ...] = ()
    scored: DealOutcome | None = None
    scores: tuple[int, ...] = ()

    @property
    def finished(self) -> bool:
        """Whether the member has played every deal."""
        return self.started and self.deal > self.challenge.deals


def moves_of(actions: list[dict[str, Any]]) -> tuple[Move, ...]:
    """The computers' actions (stored dict form) as moves to tell the member."""
    moves = []
    for data in actions:
        match action_from_dict(data):
            case PlayCard(seat=seat, card=card):
                moves.append(Move(seat, card=card))
            case ChooseTrump(seat=seat, suit=suit):
                moves.append(Move(seat, suit=suit))
            case PassTrump(seat=seat):
                moves.append(Move(seat))
    return tuple(moves)


@dataclass(frozen=True, slots=True)
class ParLine:
    """The computers' own result on a deal (all four seats): seat 0's pair's score and
    the other pair's."""

    deal: int
    score: int
    against: int


@dataclass(frozen=True, slots=True)
class StandingsView:
    """The standings of a challenge: rows best first, the pars computed so far, the deal
    the field split on most, how many members finished every deal, and the viewer's own
    score on each deal they played."""

    challenge: ChallengeInfo
    rows: tuple[StandingRow, ...]
    pars: tuple[ParLine, ...]
    split: Spread | None
    finished: int
    viewer: int | None = None
    own: tuple[tuple[int, int], ...] = ()  # the viewer's (deal, score) pairs, by deal

    def par_of(self, deal: int) -> ParLine | None:
        """The par of ``deal``, once computed."""
        return next((par for par in self.pars if par.deal == deal), None)
