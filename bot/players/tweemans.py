"""Computer players for two-player Klaverjas (docs/rules.md 2.9): easy and normal.

A player decides from a ``TweemansView`` (``TweemansHand.view``): its own hand, the face-up
cards of both tables, the trick in play and the tricks taken; the face-down cards and the
opponent's hand never enter it. It plays both of its units, so when its table plays it
knows its own hand too.

The normal player names the suit in which its hand and its table's face-up cards are
strongest (``bidding.trump_strength`` of those twelve cards), less what the opponent's
face-up cards hold in it. It plays a card by looking ahead through the trick: the units
it can see (its own two and both tables) answer by rules of thumb (take the trick as
cheaply as possible, else throw the cheapest card; on the own side's winning card, add
points), and at the opponent's hand, the one unit it cannot see, it weighs the chance that
one of the unseen cards beats the trick. It keeps its strong cards when the outcome is
equal. The easy player plays a random legal card now and then, names trump by feel and
misses some claims. The four-seat search (strong) is not built for this game: its seat
masks and partners assume four hands dealt face down.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from bot.engine import (
    CARDS,
    TWO_PLAYERS,
    Card,
    ChooseTrump,
    ClaimRoem,
    FinishHand,
    PlayCard,
    Suit,
    TweemansAction,
    TweemansHand,
    TweemansMatch,
    TweemansPhase,
    TweemansView,
    card_points,
    trick_winner,
)
from bot.engine.cards import mask_of
from bot.engine.obligations import legal_mask
from bot.engine.tricks import STRENGTH

from .bidding import trump_strength
from .casual import MISTAKE_RATE, ClaimsAlways, MissesClaims

OPPONENT_TABLE_WEIGHT = 0.5  # the opponent's face-up trumps count against a suit
TRUMP_NOISE = 15.0
KEEP_WEIGHT = 0.01  # on equal outcomes, keep the stronger card


class TweemansPlayer(Protocol):
    """What a computer player of a two-player table decides (for both of its units)."""

    def choose_trump(self, view: TweemansView) -> Suit:
        """The suit the maker names (no passing)."""
        ...

    def choose_card(self, view: TweemansView) -> Card:
        """A legal card of ``view.legal`` (its unit follows from the card)."""
        ...

    def wants_claim(self, view: TweemansView) -> bool:
        """Whether to claim the roem of the trick just taken."""
        ...


class NormalTweemans(ClaimsAlways):
    """See the module doc."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed

    def choose_trump(self, view: TweemansView) -> Suit:
        """The suit with the highest ``suit_value``."""
        return max(Suit, key=lambda suit: (suit_value(view, suit), -suit))

    def choose_card(self, view: TweemansView) -> Card:
        """The legal card with the best outcome of the trick, the weaker on equal ones."""
        choices = [card for _, card in view.legal]
        if len(choices) == 1:
            return choices[0]
        return max(choices, key=lambda card: _card_value(view, card))


class EasyTweemans(MissesClaims):
    """The normal player with a casual player's mistakes (see the module doc)."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(f"easy-tweemans/{seed}")
        self.normal = NormalTweemans(seed)

    def choose_trump(self, view: TweemansView) -> Suit:
        """The normal choice with every suit's value off by up to `TRUMP_NOISE`."""
        noise = {suit: self.rng.uniform(-TRUMP_NOISE, TRUMP_NOISE) for suit in Suit}
        return max(Suit, key=lambda suit: suit_value(view, suit) + noise[suit])

    def choose_card(self, view: TweemansView) -> Card:
        """Now and then (`MISTAKE_RATE`) a random legal card, else the normal one."""
        if len(view.legal) > 1 and self.rng.random() < MISTAKE_RATE:
            return self.rng.choice(view.legal)[1]
        return self.normal.choose_card(view)


def suit_value(view: TweemansView, suit: Suit) -> float:
    """How good `suit` is as trump for the viewer: its hand and its face-up table cards,
    less a share of what the opponent's face-up cards hold."""
    other = TWO_PLAYERS.other_player(view.player)
    mine = [*view.hand, *view.holding(TWO_PLAYERS.table_of(view.player))]
    theirs = view.holding(TWO_PLAYERS.table_of(other))
    return trump_strength(mine, suit) - OPPONENT_TABLE_WEIGHT * trump_strength(theirs, suit)


def tweemans_player(level: str, seed: str) -> TweemansPlayer:
    """The two-player computer for a table's `level`: easy, else normal (the strong
    level's search is four-seat only: docs/decisions.md, "Computers at two seats")."""
    return EasyTweemans(seed) if level in ("easy", "random") else NormalTweemans(seed)


def decide_tweemans(level: str, seed: str, view: TweemansView) -> TweemansAction:
    """The decision the computer at `level` takes from `view` (its trump or its card, the
    card with the unit it lies in; module level: a worker process runs it)."""
    return _decision(tweemans_player(level, seed), view)


def _decision(player: TweemansPlayer, view: TweemansView) -> TweemansAction:
    """What `player` decides from `view`: its trump or its card (with the unit it lies in)."""
    if view.phase == TweemansPhase.TRUMP:
        return ChooseTrump(view.player, player.choose_trump(view))
    card = player.choose_card(view)
    return PlayCard(view.unit_of(card), card)


def next_action(hand: TweemansHand, players: Sequence[TweemansPlayer]) -> TweemansAction:
    """The action the computers at the table take next in `hand` (``players`` by player)."""
    trick = hand.last_trick
    taker = None if trick is None else trick.taker
    claimable = taker is not None and hand.claim_refusal(taker) is None
    if taker is not None and claimable and players[taker].wants_claim(hand.view(taker)):
        return ClaimRoem(taker)
    if hand.phase == TweemansPhase.CLAIM:
        return FinishHand()
    player = hand.player_to_act
    assert player is not None
    return _decision(players[player], hand.view(player))


def play_match(match: TweemansMatch, players: Sequence[TweemansPlayer]) -> TweemansMatch:
    """Let the computers play `match` to its end."""
    while match.hand is not None:
        match.apply(next_action(match.hand, players))
    return match


# ----------------------------------------------------------------- looking through a trick
def _card_value(view: TweemansView, card: Card) -> float:
    """What playing `card` is worth to the viewer in this trick (points won positive, lost
    negative), less a little for spending a strong card."""
    assert view.trump is not None
    unit = view.unit_of(card)
    leader = view.leader if view.leader is not None else unit
    outcome = _look_ahead(view, leader, [*view.trick, card])
    return outcome - KEEP_WEIGHT * (STRENGTH[view.trump][card.suit][card] + _points(view, card))


def _look_ahead(view: TweemansView, leader: int, trick: list[Card]) -> float:
    """The trick's worth to the viewer once the units after these cards answer: the visible
    ones by ``_reply``, the opponent's hand by the chance an unseen card beats the trick."""
    order = TWO_PLAYERS.trick_order(leader)
    while len(trick) < len(order):
        unit = order[len(trick)]
        if unit == TWO_PLAYERS.hand_of(TWO_PLAYERS.other_player(view.player)):
            return _against_unseen(view, order, trick)
        trick = [*trick, _reply(view, order, trick, unit)]
    return _worth(view, order, trick)


def _worth(view: TweemansView, order: tuple[int, ...], trick: Sequence[Card]) -> float:
    """A full or cut-short trick's points for the viewer: plus when its side wins."""
    assert view.trump is not None
    points = sum(_points(view, c) for c in trick)
    winner = order[trick_winner(trick, view.trump)]
    return points if TWO_PLAYERS.player_of(winner) == view.player else -points


def _reply(view: TweemansView, order: tuple[int, ...], trick: list[Card], unit: int) -> Card:
    """A visible unit's answer: add points to its side's winning card, else take the trick
    as cheaply as it can, else throw its cheapest card."""
    assert view.trump is not None
    trump = view.trump
    held = [c for c in view.holding(unit) if c not in trick]
    winner = order[trick_winner(trick, trump)]
    partner = TWO_PLAYERS.same_side(winner, unit)
    allowed = legal_mask(mask_of(held), trick, trump, view.rules, partner)
    legal = [c for c in held if allowed >> c & 1]
    if partner:
        return max(legal, key=lambda c: (c.suit != trump, _points(view, c), -c))
    beats = [c for c in legal if trick_winner([*trick, c], trump) == len(trick)]
    if beats:
        return min(beats, key=lambda c: (STRENGTH[trump][trick[0].suit][c], _points(view, c)))
    return min(legal, key=lambda c: (_points(view, c), STRENGTH[trump][trick[0].suit][c]))


def _against_unseen(view: TweemansView, order: tuple[int, ...], trick: list[Card]) -> float:
    """The trick's expected worth when the opponent's hand plays next: it beats the trick
    with the chance that one of its cards is among the unseen cards that would."""
    assert view.trump is not None
    unseen = _unseen(view, trick)
    beaters = [c for c in unseen if trick_winner([*trick, c], view.trump) == len(trick)]
    winner = order[trick_winner(trick, view.trump)]
    ours = TWO_PLAYERS.player_of(winner) == view.player
    stake = sum(_points(view, c) for c in trick)
    if not ours:
        return -stake
    if not unseen:
        return float(stake)
    held = view.opponent_hand
    miss = 1.0
    for k in range(held):  # the chance none of its `held` cards is a beater
        miss *= max(0, len(unseen) - len(beaters) - k) / max(1, len(unseen) - k)
    return miss * stake - (1.0 - miss) * (stake + 10.0)


def _unseen(view: TweemansView, trick: Sequence[Card]) -> list[Card]:
    """The cards the viewer has not seen: in the opponent's hand or face down."""
    seen = {*view.hand, *trick, *(c for t in view.tables for c in t if c is not None)}
    seen |= {c for t in view.tricks for c in t.cards}
    return [c for c in CARDS if c not in seen]


def _points(view: TweemansView, card: Card) -> int:
    assert view.trump is not None
    return card_points(card, view.trump)
