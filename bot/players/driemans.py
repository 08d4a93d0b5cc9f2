"""Computer players for three-player Klaverjas (docs/rules.md 2.8): easy and normal.

A player sees a ``DriemansView`` (``driemans_view``): its own cards, the public facts (trump,
the solo, the trick in play, the tricks taken) and the cards it may play; other seats'
cards and the blind never enter it. The normal player bids on ``bidding.trump_strength`` of
its ten cards with a higher threshold than at four seats (a solo plays alone against two),
lays down the side cards least worth keeping, and plays by rules of thumb: the solo pulls
trumps, a defender smears points on the other defender's winning card, the last to play
takes the trick as cheaply as it can, anyone else ducks. The easy player plays a random
legal card now and then, misses some claims and bids by feel. The four-seat search (strong)
does not carry over: its seat masks and partners are fixed pairs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.engine import (
    Card,
    ChooseTrump,
    ClaimRoem,
    DriemansAction,
    DriemansHand,
    DriemansMatch,
    DriemansPhase,
    FinishHand,
    LayDown,
    PassTrump,
    PlayCard,
    Rank,
    RuleSet,
    Suit,
    TrumpOptions,
    card_points,
    trick_winner,
)
from bot.engine.tricks import STRENGTH

from .bidding import PASS_THRESHOLD, choose_suit
from .casual import MISTAKE_RATE, ClaimsAlways, MissesClaims

SOLO_THRESHOLD = PASS_THRESHOLD + 15.0  # alone against two: a stronger hand than at four
BID_NOISE = 15.0


@dataclass(frozen=True, slots=True)
class DriemansView:
    """Exactly what ``seat`` may know at this moment of a three-player hand."""

    seat: int
    rules: RuleSet
    phase: DriemansPhase
    hand: tuple[Card, ...]
    trump: Suit | None
    solo: int | None
    trick: tuple[Card, ...]
    legal: tuple[Card, ...]
    trump_options: TrumpOptions
    partner_winning: bool


def driemans_view(hand: DriemansHand, seat: int) -> DriemansView:
    """What `seat` sees of `hand` now: public facts and its own cards only."""
    return DriemansView(
        seat=seat,
        rules=hand.rules,
        phase=hand.phase,
        hand=tuple(hand.holdings[seat]),
        trump=hand.trump,
        solo=hand.solo,
        trick=tuple(hand.current),
        legal=tuple(hand.legal(seat)),
        trump_options=hand.trump_options(seat),
        partner_winning=hand.partner_winning(seat),
    )


class DriemansPlayer(Protocol):
    """What a computer seat of a three-player table decides."""

    def choose_trump(self, view: DriemansView) -> Suit | None:
        """The suit to play in, or None to pass."""
        ...

    def choose_discard(self, view: DriemansView) -> tuple[Card, Card]:
        """The two cards the solo lays down."""
        ...

    def choose_card(self, view: DriemansView) -> Card:
        """A legal card to play."""
        ...

    def wants_claim(self, view: DriemansView) -> bool:
        """Whether to claim the roem of the trick its side just took."""
        ...


class NormalDriemans(ClaimsAlways):
    """See the module doc."""

    def __init__(self, seed: int | str, threshold: float = SOLO_THRESHOLD) -> None:
        self.threshold = threshold

    def choose_trump(self, view: DriemansView) -> Suit | None:
        """The strongest suit when it clears the threshold, else a pass."""
        return choose_suit(view.hand, view.trump_options, self.threshold)

    def choose_discard(self, view: DriemansView) -> tuple[Card, Card]:
        """The two side cards least worth keeping (never a trump while others remain)."""
        ranked = sorted(view.hand, key=lambda card: _keep_value(card, view))
        return ranked[0], ranked[1]

    def choose_card(self, view: DriemansView) -> Card:
        """Lead, smear, take or duck, as the module doc says."""
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        assert view.trump is not None
        if not view.trick:
            return _lead(view, legal)
        if view.partner_winning:
            return max(legal, key=lambda c: (c.suit != view.trump, _points(c, view), -c))
        winners = [c for c in legal if _wins(view, c)]
        last = len(view.trick) == view.rules.seating.cards_per_trick - 1
        at_stake = sum(_points(c, view) for c in view.trick)
        if winners and last:
            return min(winners, key=lambda c: (_strength(view, c), _points(c, view)))
        if winners and (at_stake >= 10 or view.seat == view.solo):
            return max(winners, key=lambda c: _strength(view, c))
        return min(legal, key=lambda c: (_points(c, view), _strength(view, c)))


class EasyDriemans(MissesClaims):
    """The normal player with a casual player's mistakes (see the module doc)."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(f"easy-driemans/{seed}")
        self.normal = NormalDriemans(seed)

    def choose_trump(self, view: DriemansView) -> Suit | None:
        """The normal bid with a threshold that wanders by `BID_NOISE`."""
        threshold = SOLO_THRESHOLD + self.rng.uniform(-BID_NOISE, BID_NOISE)
        return choose_suit(view.hand, view.trump_options, threshold)

    def choose_discard(self, view: DriemansView) -> tuple[Card, Card]:
        """The normal player's discard."""
        return self.normal.choose_discard(view)

    def choose_card(self, view: DriemansView) -> Card:
        """Now and then (`MISTAKE_RATE`) a random legal card, else the normal one."""
        if len(view.legal) > 1 and self.rng.random() < MISTAKE_RATE:
            return self.rng.choice(view.legal)
        return self.normal.choose_card(view)


def driemans_player(level: str, seed: str) -> DriemansPlayer:
    """The three-player computer for a table's `level`: easy, else normal (the strong
    level's search is four-seat only: docs/decisions.md, "Computers at three seats")."""
    return EasyDriemans(seed) if level in ("easy", "random") else NormalDriemans(seed)


def decide_driemans(level: str, seed: str, view: DriemansView) -> DriemansAction:
    """The decision the computer at `level` takes from `view` (its bid, its discard or its
    card; module level: a worker process runs it)."""
    return _decision(driemans_player(level, seed), view)


def _decision(player: DriemansPlayer, view: DriemansView) -> DriemansAction:
    """What `player` decides from `view` in the bid, the exchange or the play."""
    if view.phase == DriemansPhase.BID:
        suit = player.choose_trump(view)
        return PassTrump(view.seat) if suit is None else ChooseTrump(view.seat, suit)
    if view.phase == DriemansPhase.EXCHANGE:
        return LayDown(view.seat, player.choose_discard(view))
    return PlayCard(view.seat, player.choose_card(view))


def next_action(hand: DriemansHand, players: Sequence[DriemansPlayer]) -> DriemansAction:
    """The action the computers at the table take next in `hand`."""
    if hand.claim_open:
        trick = hand.last_trick
        assert trick is not None
        for claimer in _side_seats(hand, trick.winner):
            if hand.claim_refusal(claimer) is None:
                if players[claimer].wants_claim(driemans_view(hand, claimer)):
                    return ClaimRoem(claimer)
                break
    if hand.phase == DriemansPhase.CLAIM:
        return FinishHand()
    seat = hand.to_act
    assert seat is not None
    return _decision(players[seat], driemans_view(hand, seat))


def play_match(match: DriemansMatch, players: Sequence[DriemansPlayer]) -> DriemansMatch:
    """Let the computers play `match` to its end."""
    while match.hand is not None:
        match.apply(next_action(match.hand, players))
    return match


def _side_seats(hand: DriemansHand, winner: int) -> tuple[int, ...]:
    """The seats of the side that took a trick won by `winner`."""
    return (winner,) if winner == hand.solo else hand.defenders()


def _points(card: Card, view: DriemansView) -> int:
    assert view.trump is not None
    return card_points(card, view.trump)


def _strength(view: DriemansView, card: Card) -> int:
    """How strong `card` is in the trick in play (led by it when none is): trumps above the
    led suit, other suits 0."""
    assert view.trump is not None
    led = view.trick[0].suit if view.trick else card.suit
    return STRENGTH[view.trump][led][card]


def _wins(view: DriemansView, card: Card) -> bool:
    """Whether `card` would win the trick so far."""
    assert view.trump is not None
    cards = [*view.trick, card]
    return trick_winner(cards, view.trump) == len(cards) - 1


def _keep_value(card: Card, view: DriemansView) -> float:
    """How much `card` is worth keeping for the solo: trumps and aces most, a ten with its
    ace, low cards of short side suits least."""
    assert view.trump is not None
    if card.suit == view.trump:
        return 100.0 + card_points(card, view.trump)
    suit = [c for c in view.hand if c.suit == card.suit]
    value = float(card_points(card, view.trump))
    if any(c.rank == Rank.ACE for c in suit) and card.rank == Rank.TEN:
        value += 10.0
    return value + len(suit)


def _lead(view: DriemansView, legal: list[Card]) -> Card:
    """The solo pulls trumps with his strongest; a defender cashes an ace or leads low in
    its longest side suit."""
    assert view.trump is not None
    trump = view.trump
    trumps = [c for c in legal if c.suit == trump]
    if view.seat == view.solo and len(trumps) >= 2:
        return max(trumps, key=lambda c: _strength(view, c))
    aces = [c for c in legal if c.suit != trump and c.rank == Rank.ACE]
    if aces:
        return aces[0]
    sides = [c for c in legal if c.suit != trump] or legal
    longest = max(sides, key=lambda c: sum(1 for x in view.hand if x.suit == c.suit))
    suit = [c for c in sides if c.suit == longest.suit]
    return min(suit, key=lambda c: card_points(c, trump))
