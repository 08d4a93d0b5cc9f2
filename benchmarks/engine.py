"""Engine speed: random legal full hands through the public API, against a plain reference.

Prints hands per second through the functions (legal_cards / trick_winner / roem_of_trick /
score_hand), through the ``Hand`` state machine, and for a plain list-based reference
implementation written the obvious way, plus legal-move calls per second. Every variant deals,
picks and keeps score with the same harness code, so the ratios compare engine with reference.
Run: ``.venv/bin/python benchmarks/engine.py [seconds-per-figure]``; with KLAVERJAS_PURE=1 it
measures the uncompiled engine sources (the first line says which build ran).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from bot.compiled import describe
from bot.engine import (
    CARDS,
    Hand,
    Phase,
    RuleSet,
    Suit,
    legal_cards,
    roem_of_trick,
    score_hand,
    trick_points,
    trick_winner,
)
from bot.engine.cards import BIT, mask_of

RULES = RuleSet()
SEATING = RULES.seating


def functions_hand(rng: random.Random, masks: bool) -> None:
    """One hand via the functions, as a computer player's playout would run it; hands are
    lists of cards, or bit masks (``cards.mask_of``) as playouts hold them."""
    deck = list(CARDS)
    rng.shuffle(deck)
    hands: list[Any] = [deck[0:8], deck[8:16], deck[16:24], deck[24:32]]
    if masks:
        hands = [mask_of(h) for h in hands]
    trump = Suit(rng.randrange(4))
    makers = rng.randrange(2)
    points, roem, won = [0, 0], [0, 0], [0, 0]
    leader = 0
    rand = rng.random
    for n in range(8):
        trick: list = []
        order = SEATING.order_from(leader)
        for seat in order:
            legal = legal_cards(hands[seat], trick, trump, RULES)
            card = legal[int(rand() * len(legal))]  # every variant picks this way
            if masks:
                hands[seat] ^= BIT[card]
            else:
                hands[seat].remove(card)
            trick.append(card)
        winner = order[trick_winner(trick, trump)]
        pair = SEATING.side_of(winner)
        points[pair] += trick_points(trick, trump) + (10 if n == 7 else 0)
        roem[pair] += roem_of_trick(trick, trump, RULES).points
        won[pair] += 1
        leader = winner
    score_hand(makers, points, roem, won, RULES)


def state_machine_hand(rng: random.Random) -> None:
    """One hand via ``Hand``: deal 3-2-3, trump choice, play, claims, scoring."""
    hand = Hand.deal(RULES, rng.randrange(SEATING.count), rng)
    rand = rng.random
    seat = hand.to_act
    assert seat is not None
    hand.choose_trump(seat, Suit(rng.randrange(4)))
    while hand.phase == Phase.PLAY:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal(seat)
        trick = hand.play(seat, legal[int(rand() * len(legal))])
        if trick is not None and trick.roem:
            hand.claim(trick.winner)
    if hand.phase == Phase.CLAIM:
        hand.finish()


# --------------------------------------------------------------------------- reference
# The obvious implementation: cards as (rank, suit) string tuples, orders looked up by
# list.index, everything recomputed on every call. It is the yardstick the issue names.
R_TRUMP = ["7", "8", "Q", "K", "10", "A", "9", "J"]
R_PLAIN = ["7", "8", "9", "J", "Q", "K", "10", "A"]
R_NATURAL = ["7", "8", "9", "10", "J", "Q", "K", "A"]
R_TRUMP_PTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
R_PLAIN_PTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
R_DECK = [(r, s) for s in "cdhs" for r in R_NATURAL]


def ref_power(card: tuple[str, str], led: str, trump: str) -> int:
    if card[1] == trump:
        return 100 + R_TRUMP.index(card[0])
    if card[1] == led:
        return R_PLAIN.index(card[0])
    return -1


def ref_winner(trick: list[tuple[str, str]], trump: str) -> int:
    led = trick[0][1]
    powers = [ref_power(c, led, trump) for c in trick]
    return powers.index(max(powers))


def ref_legal(hand: list, trick: list, trump: str) -> list:
    if not trick:
        return list(hand)
    led = trick[0][1]
    follow = [c for c in hand if c[1] == led]
    trumps_played = [R_TRUMP.index(c[0]) for c in trick if c[1] == trump]
    top = max(trumps_played) if trumps_played else -1
    if led == trump:
        higher = [c for c in follow if R_TRUMP.index(c[0]) > top]
        return higher or follow or list(hand)
    if follow:
        return follow
    trumps = [c for c in hand if c[1] == trump]
    if not trumps:
        return list(hand)
    higher = [c for c in trumps if R_TRUMP.index(c[0]) > top]
    others = [c for c in hand if c[1] != trump]
    partner = len(trick) >= 2 and ref_winner(trick, trump) == len(trick) - 2
    if not partner:
        return higher or others or trumps
    allowed = others + higher
    return allowed or list(hand)


def ref_roem(trick: list, trump: str) -> int:
    ranks = [c[0] for c in trick]
    if len(set(ranks)) == 1:
        return {"J": 200, "A": 100, "K": 100, "Q": 100, "10": 100}.get(ranks[0], 0)
    best = 1
    for suit in "cdhs":
        idx = sorted(R_NATURAL.index(c[0]) for c in trick if c[1] == suit)
        run = 1
        for a, b in zip(idx, idx[1:], strict=False):
            run = run + 1 if b == a + 1 else 1
            best = max(best, run)
    points = {3: 20, 4: 50}.get(best, 0)
    if ("K", trump) in trick and ("Q", trump) in trick:
        points += 20
    return points


def reference_hand(rng: random.Random) -> None:
    deck = list(R_DECK)
    rng.shuffle(deck)
    hands = [deck[0:8], deck[8:16], deck[16:24], deck[24:32]]
    trump = "cdhs"[rng.randrange(4)]
    rand = rng.random
    points, roem, won = [0, 0], [0, 0], [0, 0]
    leader = 0
    for n in range(8):
        trick: list = []
        order = SEATING.order_from(leader)
        for seat in order:
            hand = hands[seat]
            legal = ref_legal(hand, trick, trump)
            card = legal[int(rand() * len(legal))]
            hand.remove(card)
            trick.append(card)
        winner = order[ref_winner(trick, trump)]
        pair = SEATING.side_of(winner)
        pts = sum(R_TRUMP_PTS[c[0]] if c[1] == trump else R_PLAIN_PTS[c[0]] for c in trick)
        points[pair] += pts + (10 if n == 7 else 0)
        roem[pair] += ref_roem(trick, trump)
        won[pair] += 1
        leader = winner


# --------------------------------------------------------------------------- harness
def rates(plays: dict[str, Callable[[random.Random], None]], seconds: float) -> dict[str, float]:
    """Hands per second for each variant: short rounds taken in turn, best round kept, so a
    busy moment on the machine does not land on one variant only."""
    rngs = {name: random.Random(42) for name in plays}
    for name, play in plays.items():  # warm caches the way a long-running bot has them
        for _ in range(300):
            play(rngs[name])
    best = dict.fromkeys(plays, 0.0)
    deadline = time.perf_counter() + seconds * len(plays)
    while time.perf_counter() < deadline:
        for name, play in plays.items():
            rng = rngs[name]
            start = time.perf_counter()
            for _ in range(200):
                play(rng)
            best[name] = max(best[name], 200 / (time.perf_counter() - start))
    return best


def legal_calls_per_second(seconds: float) -> float:
    rng = random.Random(7)
    cases = []
    for _ in range(2000):
        deck = list(CARDS)
        rng.shuffle(deck)
        size = rng.randrange(1, 9)
        cases.append((deck[:size], deck[size : size + rng.randrange(4)], Suit(rng.randrange(4))))
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for hand, trick, trump in cases:
            legal_cards(hand, trick, trump, RULES)
        count += len(cases)
    return count / elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    found = rates(
        {
            "reference": reference_hand,
            "lists": lambda rng: functions_hand(rng, masks=False),
            "masks": lambda rng: functions_hand(rng, masks=True),
            "hand": state_machine_hand,
        },
        seconds,
    )
    ref = found["reference"]
    print(describe())
    print(f"reference (plain lists):          {ref:10,.0f} hands/s")
    for name, label in (
        ("lists", "engine, list hands (legal_cards):"),
        ("masks", "engine, mask hands (legal_cards):"),
        ("hand", "engine Hand state machine:"),
    ):
        print(f"{label:<34}{found[name]:10,.0f} hands/s  ({found[name] / ref:.1f}x)")
    print(f"legal_cards:                      {legal_calls_per_second(seconds):10,.0f} calls/s")


if __name__ == "__main__":
    main()
