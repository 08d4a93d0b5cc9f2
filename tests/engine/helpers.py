"""Test helpers: card shorthands, a reference reading of docs/rules.md, and random legal play.

The ``ref_*`` functions are a second, deliberately plain implementation of docs/rules.md 1.4-1.7
written from the text (tables as strings, no engine tables), so tests can check the engine
against it instead of against itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import pytest

from bot.engine import (
    CARDS,
    Action,
    CallDouble,
    Card,
    ChooseTrump,
    ClaimRoem,
    ErrorCode,
    FinishHand,
    Hand,
    Match,
    PassDouble,
    PassTrump,
    Phase,
    PlayCard,
    RuleError,
    RuleSet,
    Suit,
    action_from_dict,
    parse_cards,
)

# --------------------------------------------------------------------------- shorthands


def c(text: str) -> Card:
    """One card: ``c("Jh")``."""
    return Card.parse(text)


def cs(text: str) -> list[Card]:
    """Several cards: ``cs("Jh 9h Ac")``."""
    return parse_cards(text)


def s(text: str) -> Suit:
    return Suit.parse(text)


def make_hand(
    rules: RuleSet, dealer: int, seats: Sequence[str], turned: Suit | None = None
) -> Hand:
    """A hand from four card strings, indexed by seat 0..3."""
    return Hand.from_cards(rules, dealer, [cs(h) for h in seats], turned)


def codes(cards: Sequence[Card]) -> set[str]:
    return {card.code for card in cards}


# ------------------------------------------------------------------------- docs/rules.md 1.4 tables

NATURAL = ["7", "8", "9", "10", "J", "Q", "K", "A"]
TRUMP_HIGH_TO_LOW = ["J", "9", "A", "10", "K", "Q", "8", "7"]
PLAIN_HIGH_TO_LOW = ["A", "10", "K", "Q", "J", "9", "8", "7"]
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def label(card: Card) -> str:
    return str(card)[:-1]  # "10♥" -> "10"


def ref_points(card: Card, trump: Suit) -> int:
    table = TRUMP_POINTS if card.suit == trump else PLAIN_POINTS
    return table[label(card)]


def ref_trump_strength(card: Card) -> int:
    """Higher is stronger; only meaningful for a trump card."""
    return 8 - TRUMP_HIGH_TO_LOW.index(label(card))


def ref_winner(trick: Sequence[Card], trump: Suit) -> int:
    """Index in ``trick`` of the winning card (docs/rules.md 1.6)."""
    trumps = [i for i, card in enumerate(trick) if card.suit == trump]
    if trumps:
        return max(trumps, key=lambda i: ref_trump_strength(trick[i]))
    led = trick[0].suit
    followers = [i for i, card in enumerate(trick) if card.suit == led]
    return min(followers, key=lambda i: PLAIN_HIGH_TO_LOW.index(label(trick[i])))


def ref_legal(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit, rules: RuleSet
) -> set[Card]:
    """The playable cards per docs/rules.md 1.5 and the obligation options of section 2."""
    if not trick:
        return set(hand)
    led = trick[0].suit
    my_trumps = [x for x in hand if x.suit == trump]
    trick_trumps = [x for x in trick if x.suit == trump]
    highest = max((ref_trump_strength(x) for x in trick_trumps), default=None)
    higher = [x for x in my_trumps if highest is None or ref_trump_strength(x) > highest]
    non_trumps = [x for x in hand if x.suit != trump]
    if led == trump:  # rule 2
        if not my_trumps:
            return set(hand)
        return set(higher) if higher else set(my_trumps)
    same_suit = [x for x in hand if x.suit == led]
    if same_suit:  # rule 1
        return set(same_suit)
    if not my_trumps:  # rule 5
        return set(hand)
    acting = len(trick)
    partner_index = acting - 2  # the partner played two cards before the acting player
    partner_winning = partner_index >= 0 and ref_winner(trick, trump) == partner_index
    obliged = not partner_winning or rules.obligations == "rotterdam"
    if obliged:  # rule 3 (and rotterdam)
        if higher:
            return set(higher)
        if rules.undertrump_obligation:
            return set(my_trumps)
        return set(non_trumps) if non_trumps else set(my_trumps)
    # rule 4: free, but no undertrumping unless the hand is only lower trumps
    if not non_trumps and not higher:
        return set(hand)
    return set(non_trumps) | set(higher)


def ref_roem(trick: Sequence[Card], trump: Suit, four_jacks: int = 200, four_nines: int = 0) -> int:
    """Roem of one trick (docs/rules.md 1.7)."""
    labels = [label(x) for x in trick]
    if len(trick) == 4 and len(set(labels)) == 1:
        value = {"A": 100, "K": 100, "Q": 100, "10": 100, "J": four_jacks, "9": four_nines}
        return value.get(labels[0], 0)
    longest = 0
    for suit in Suit:
        present = sorted(NATURAL.index(label(x)) for x in trick if x.suit == suit)
        streak = 0
        previous = None
        for index in present:
            streak = streak + 1 if previous is not None and index == previous + 1 else 1
            previous = index
            longest = max(longest, streak)
    total = {3: 20, 4: 50}.get(longest, 0)
    trump_labels = {label(x) for x in trick if x.suit == trump}
    if {"K", "Q"} <= trump_labels:
        total += 20
    return total


# --------------------------------------------------------------------------- random play


def hands_with_last_trick_roem(
    seeds: Iterable[int], rules: RuleSet, claim_chance: float = 0.5
) -> Iterator[Hand]:
    """Hands dealt from ``seeds`` and played at random up to the claim window of their
    last trick, those whose last trick holds roem."""
    for seed in seeds:
        rng = random.Random(seed)
        hand = Hand.deal(rules, seed % 4, rng)
        while hand.phase not in (Phase.CLAIM, Phase.DONE):
            hand.apply(random_action(hand, rng, claim_chance))
        last = hand.last_trick
        if hand.phase == Phase.CLAIM and last is not None and last.roem:
            yield hand


def random_action(hand: Hand, rng: random.Random, claim_chance: float = 0.5) -> Action:
    """A random action that the rules accept in the hand's current state."""
    if hand.phase == Phase.TRUMP:
        seat = hand.to_act
        assert seat is not None
        options = hand.trump_options(seat)
        if options.can_pass and rng.random() < 0.6:
            return PassTrump(seat)
        return ChooseTrump(seat, rng.choice(options.suits))
    if hand.phase == Phase.DOUBLING:
        return random_call(hand, rng)
    trick = hand.last_trick
    claimable = (
        hand.rules.roem_claiming == "manual"
        and hand.claim_open
        and trick is not None
        and bool(trick.roem)
        and not trick.claimed
    )
    if claimable and rng.random() < claim_chance:
        assert trick is not None
        seat = rng.choice([trick.winner, (trick.winner + 2) % 4])
        return ClaimRoem(seat)
    if hand.phase == Phase.CLAIM:
        return FinishHand()
    seat = hand.to_act
    assert seat is not None
    return PlayCard(seat, rng.choice(hand.legal(seat)))


def random_call(hand: Hand, rng: random.Random, chance: float = 0.4) -> Action:
    """A kraak call (at the level asked) or a pass, by the seat asked (docs/rules.md 2.5)."""
    seat, level = hand.to_act, hand.call_level
    assert seat is not None and level is not None
    return CallDouble(seat, level) if rng.random() < chance else PassDouble(seat, level)


def play_random_hand(
    hand: Hand,
    rng: random.Random,
    claim_chance: float = 0.5,
    before: Callable[[Hand, Action], None] | None = None,
) -> list[Action]:
    """Play ``hand`` to the end with random accepted actions; returns the action log.

    ``before(hand, action)`` is called before each action is applied (for invariant checks).
    """
    log: list[Action] = []
    while hand.phase != Phase.DONE:
        action = random_action(hand, rng, claim_chance)
        if before is not None:
            before(hand, action)
        hand.apply(action)
        log.append(action)
        assert len(log) < 200, "a hand cannot need this many actions"
    return log


def play_random_match(
    match: Match, rng: random.Random, claim_chance: float = 0.5, stop_after: int | None = None
) -> list[Action]:
    """Play a match with random accepted actions (until it ends or ``stop_after`` actions)."""
    log: list[Action] = []
    while match.hand is not None and (stop_after is None or len(log) < stop_after):
        action = random_action(match.hand, rng, claim_chance)
        match.apply(action)
        log.append(action)
        assert len(log) < 10_000
    return log


def logged(actions: Sequence[Action]) -> list[dict[str, Any]]:
    """The actions as the action log stores them (the input of ``Match.replay``)."""
    return [action.to_dict() for action in actions]


def apply_logged(hand: Hand, data: dict[str, Any]) -> Any:
    """Apply one action in its stored dict form, as a replay of the log does."""
    return hand.apply(action_from_dict(data))


def all_cards_in(hand: Hand) -> list[Card]:
    """Every card the hand state knows about: holdings, completed tricks, the current trick."""
    cards = [x for held in hand.holdings for x in held]
    cards += [x for trick in hand.tricks for x in trick.cards]
    cards += list(hand.current)
    return cards


FULL_DECK = sorted(CARDS)


def option_refused(rules: RuleSet, option: dict[str, Any]) -> RuleError:
    """The refusal of ``option`` in ``rules``' game, an option of another game
    (``option_not_in_game``)."""
    with pytest.raises(RuleError) as info:
        rules.with_options(**option)
    assert info.value.code == ErrorCode.OPTION_NOT_IN_GAME
    return info.value


def play_through(
    match: Any,
    choose: Callable[[Any], Any],
    every_card: Callable[[Any], list[Card]],
    done: str,
    check_scored: Callable[[Any], None],
    after: Callable[[], None] = lambda: None,
) -> list[dict[str, Any]]:
    """Play a three- or two-player ``match`` to its end with ``choose(hand)``'s actions,
    each hand holding the whole deck (``every_card``) before every action and each
    hand reaching phase ``done`` passing ``check_scored``; ``after`` runs after every
    action. The actions' log."""
    log: list[dict[str, Any]] = []
    while not match.finished:
        hand = match.hand
        assert hand is not None
        assert every_card(hand) == list(CARDS)
        action = choose(hand)
        log.append(action.to_dict())
        match.apply(action)
        if hand.phase == done:
            check_scored(hand)
        after()
    return log


def check_copy_independent(match: Any, step: Callable[[Any], Any], steps: int) -> None:
    """After ``steps`` actions (``step(hand)``), a copy of ``match`` plays on while the
    original stays as it was."""
    for _ in range(steps):
        assert match.hand is not None
        match.apply(step(match.hand))
    before = match.to_dict()
    copy = match.copy()
    assert copy.hand is not None
    copy.apply(step(copy.hand))
    assert match.to_dict() == before != copy.to_dict()
