"""The compiled solver scores endgames exactly as the engine's Hand would.

A reference minimax plays every line of the last tricks through the engine's ``Hand``
(legality, trick winner, roem, last trick, score_hand) and must give the solver's values.
"""

from __future__ import annotations

import copy
import random

import pytest

from bot.engine import (
    Card,
    Hand,
    Phase,
    RuleSet,
    legal_cards,
    roem_of_trick,
    score_hand,
    trick_points,
    trick_winner,
)
from bot.engine.cards import mask_of
from bot.engine.tricks import LAST_TRICK_BONUS
from bot.players.solver import POLICY_ROEM, TT_MIN_CARDS, Solver

AUTOMATIC = RuleSet(roem_claiming="automatic")  # the solver credits all roem, as here
VARIANTS = {
    "amsterdam": AUTOMATIC,
    "rotterdam": AUTOMATIC.with_options(obligations="rotterdam"),
    "undertrump": AUTOMATIC.with_options(undertrump_obligation=True),
    "nat-without-roem": AUTOMATIC.with_options(nat_counts_roem=False, four_nines=100),
    "zero-bonus-no-nat": AUTOMATIC.with_options(zero_bonus=50, nat_enabled=False),
    "spade-values": AUTOMATIC.with_options(spades_double="trump_values"),  # 224 with spades
}


def _reference(hand: Hand, us: int) -> int:
    """Exact minimax of the rest of ``hand`` through the engine (our pair maximises)."""
    if hand.phase == Phase.DONE:
        assert hand.result is not None
        return hand.result.scores[us] - hand.result.scores[1 - us]
    seat = hand.to_act
    assert seat is not None
    values = [_reference(_after(hand, seat, c), us) for c in hand.legal(seat)]
    return max(values) if seat % 2 == us else min(values)


def _after(hand: Hand, seat: int, card: Card) -> Hand:
    child = copy.deepcopy(hand)
    child.play(seat, card)
    return child


def _endgame(rules: RuleSet, seed: int, tricks_left: int, extra: int) -> Hand:
    """A hand played at random until ``tricks_left`` tricks (and ``extra`` cards) remain."""
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 4, rng)
    while hand.phase == Phase.TRUMP:
        seat = hand.to_act
        assert seat is not None
        hand.choose_trump(seat, rng.choice(hand.trump_options(seat).suits))
    while sum(len(h) for h in hand.holdings) > 4 * tricks_left - extra:
        seat = hand.to_act
        assert seat is not None
        hand.play(seat, rng.choice(hand.legal(seat)))
    return hand


def _loaded(hand: Hand, us: int, rules: RuleSet) -> Solver:
    """A solver holding ``hand``'s position (all four hands: perfect information)."""
    assert hand.trump is not None and hand.makers is not None
    solver = Solver(hand.trump, hand.makers, us, rules)
    solver.setup(
        [mask_of(h) for h in hand.holdings],
        hand.leader,
        [int(c) for c in hand.current],
        (hand.points[0], hand.points[1]),
        (hand.roem[0], hand.roem[1]),
        (hand.won[0], hand.won[1]),
    )
    return solver


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_exact_values_match_the_engine(variant: str) -> None:
    rules = VARIANTS[variant]
    checked = 0
    for seed in range(12):
        hand = _endgame(rules, seed, tricks_left=2, extra=seed % 4)
        seat = hand.to_act
        assert seat is not None and hand.trump is not None and hand.makers is not None
        us = seat % 2
        solver = _loaded(hand, us, rules)
        assert solver.legal() == mask_of(hand.legal(seat))
        for card in hand.legal(seat):
            expected = _reference(_after(hand, seat, card), us)
            assert solver.value_of(card, exact_cards=32) == expected, (seed, card)
            checked += 1
    assert checked >= 12


def _reference_lists(
    hands: list[list[Card]], leader: int, trick: list[Card], totals: list[int], hand: Hand, us: int
) -> int:
    """The same minimax on plain lists with the engine's functions (faster than copying
    a Hand, so positions deep enough for the solver's transposition table can be checked).
    ``totals`` is [points0, points1, roem0, roem1, won0, won1]."""
    assert hand.trump is not None and hand.makers is not None
    if not any(hands):
        p0, p1, r0, r1, w0, w1 = totals
        score = score_hand(hand.makers, (p0, p1), (r0, r1), (w0, w1), hand.rules)
        return score.scores[us] - score.scores[1 - us]
    seat = (leader + len(trick)) % 4
    values = []
    for card in legal_cards(hands[seat], trick, hand.trump, hand.rules):
        hands[seat].remove(card)
        now, after, next_leader = trick + [card], list(totals), leader
        if len(now) == 4:
            winner = (leader + trick_winner(now, hand.trump)) % 4
            last = LAST_TRICK_BONUS if not any(hands) else 0
            after[winner % 2] += trick_points(now, hand.trump) + last
            after[2 + winner % 2] += roem_of_trick(now, hand.trump, hand.rules).points
            after[4 + winner % 2] += 1
            now, next_leader = [], winner
        values.append(_reference_lists(hands, next_leader, now, after, hand, us))
        hands[seat].append(card)
    return max(values) if seat % 2 == us else min(values)


@pytest.mark.parametrize("variant", ["amsterdam", "rotterdam"])
def test_deeper_values_with_the_transposition_table_match_the_engine(variant: str) -> None:
    rules = VARIANTS[variant]
    for seed in range(3):
        hand = _endgame(rules, 100 + seed, tricks_left=4, extra=seed)
        seat = hand.to_act
        assert seat is not None and sum(map(len, hand.holdings)) >= TT_MIN_CARDS + 5
        solver = _loaded(hand, seat % 2, rules)
        totals = [*hand.points, *hand.roem, *hand.won]
        for card in hand.legal(seat):
            hands = [list(h) for h in hand.holdings]
            hands[seat].remove(card)
            trick, leader = [*hand.current, card], hand.leader
            if len(trick) == 4:  # let the reference finish this trick the same way
                after = _after(hand, seat, card)
                hands, trick, leader = [list(h) for h in after.holdings], [], after.leader
                totals_after = [*after.points, *after.roem, *after.won]
            else:
                totals_after = totals
            expected = _reference_lists(hands, leader, trick, totals_after, hand, seat % 2)
            assert solver.value_of(card, exact_cards=32) == expected, (seed, card)
        assert solver.stored > 0  # the transposition table was used


def test_value_of_leaves_the_position_unchanged() -> None:
    hand = _endgame(AUTOMATIC, 5, tricks_left=5, extra=1)
    seat = hand.to_act
    assert seat is not None and hand.trump is not None and hand.makers is not None
    solver = _loaded(hand, seat % 2, AUTOMATIC)
    first = {c: solver.value_of(c, exact_cards=12) for c in hand.legal(seat)}
    again = {c: solver.value_of(c, exact_cards=12) for c in reversed(hand.legal(seat))}
    assert first == again
    assert solver.to_act == seat and solver.legal() == mask_of(hand.legal(seat))
    assert solver.nodes > len(first)


def test_a_node_limit_cuts_the_search_short() -> None:
    hand = _endgame(AUTOMATIC, 7, tricks_left=6, extra=0)
    assert hand.trump is not None and hand.makers is not None and hand.to_act is not None
    solver = _loaded(hand, 0, AUTOMATIC)
    solver.node_limit = 50
    solver.value_of(hand.legal(hand.to_act)[0], exact_cards=24)
    assert solver.nodes <= 50 + 24  # the limit, plus one card per level of the line in progress


def test_the_playout_leads_to_the_partners_sure_winner() -> None:
    """With no sure winner of its own, the leader plays into the suit its partner holds
    the top of (Kh to the partner's Ah, which Th and 8h cannot beat), not its cheapest card
    (7s, which the opponents' 8s takes)."""
    hands = [["Kh", "7s"], ["Th", "9c"], ["Ah", "7d"], ["8h", "8s"]]
    masks = [mask_of(int(Card.parse(text)) for text in seat) for seat in hands]
    solver = Solver(0, 0, 0, AUTOMATIC)  # clubs trump, our pair makes
    solver.setup(masks, 0, [], (0, 0), (0, 0), (0, 0))
    assert solver._policy(0, solver.legal()) == int(Card.parse("Kh"))


def test_noisy_playouts_are_legal_reproducible_and_keep_the_position() -> None:
    """With every playout move random (noise 1.0) each move is still one of the legal
    cards, the values depend only on the generator's state, and the loaded position is
    left as it was."""
    hand = _endgame(AUTOMATIC, 11, tricks_left=7, extra=2)
    seat = hand.to_act
    assert seat is not None
    legal = mask_of(hand.legal(seat))
    values = []
    for _ in range(2):
        solver = _loaded(hand, seat % 2, AUTOMATIC)
        solver.noise = 65536
        solver.rand = 12345
        moves = {solver._move(seat, legal) for _ in range(200)}
        assert {1 << c for c in moves} == {1 << int(c) for c in hand.legal(seat)}
        values.append([solver.value_of(int(c), exact_cards=8) for c in hand.legal(seat)])
        assert solver.legal() == legal
    assert values[0] == values[1]


def test_the_roem_policy_keeps_roem_out_of_the_opponents_trick() -> None:
    """Last to a trick the opponents win (Ah over 9h and 7h), the plain policy throws its
    cheapest card, 8h, which makes a run of three for them; with POLICY_ROEM it throws Jh."""
    hands = [["8h", "Jh"], ["7s"], ["8s"], ["9s"]]
    masks = [mask_of(int(Card.parse(text)) for text in seat) for seat in hands]
    trick = [int(Card.parse(text)) for text in ("Ah", "9h", "7h")]
    plain = Solver(0, 0, 0, AUTOMATIC)  # clubs trump
    plain.setup(masks, 1, trick, (0, 0), (0, 0), (0, 0))
    assert plain._policy(0, plain.legal()) == int(Card.parse("8h"))
    aware = Solver(0, 0, 0, AUTOMATIC)
    aware.flags = POLICY_ROEM
    aware.setup(masks, 1, trick, (0, 0), (0, 0), (0, 0))
    assert aware._policy(0, aware.legal()) == int(Card.parse("Jh"))


def _reshuffled(hands: list[int], seat: int, rng: random.Random) -> list[int]:
    """The same hands with the cards of the three other seats dealt again among them."""
    others = [s for s in range(4) if s != seat]
    pool = [c for s in others for c in range(32) if hands[s] >> c & 1]
    rng.shuffle(pool)
    dealt = list(hands)
    for s in others:
        count = bin(hands[s]).count("1")
        dealt[s] = mask_of(pool[:count])
        pool = pool[count:]
    return dealt


def test_a_blind_playout_move_does_not_depend_on_how_the_hidden_cards_lie() -> None:
    """A blind seat's greedy move sees only its own cards and what is out in the others':
    dealing the hidden cards again among the other seats does not change it, while the
    policy that sees them does change on some of the same positions."""
    rng = random.Random("blind")
    seeing_changed = 0
    for seed in range(60):
        hand = _endgame(AUTOMATIC, seed, tricks_left=5 + seed % 3, extra=seed % 4)
        seat = hand.to_act
        assert seat is not None and hand.trump is not None and hand.makers is not None
        trick = [int(c) for c in hand.current]
        hands = [mask_of(h) for h in hand.holdings]
        moves: dict[bool, set[int]] = {True: set(), False: set()}
        for _ in range(6):
            dealt = _reshuffled(hands, seat, rng)
            for blind in (True, False):
                solver = Solver(hand.trump, hand.makers, seat % 2, AUTOMATIC)
                solver.blind = 1 << seat if blind else 0
                solver.setup(dealt, hand.leader, trick, (0, 0), (0, 0), (0, 0))
                moves[blind].add(solver._move(seat, solver.legal()))
        assert len(moves[True]) == 1, seed
        seeing_changed += len(moves[False]) > 1
    assert seeing_changed > 0


def test_a_blind_leader_does_not_lead_to_a_partners_winner_it_cannot_see() -> None:
    """The position where the seeing playout leads Kh to the partner's Ah: a blind leader
    does not know who holds the Ah and leads its cheapest card."""
    hands = [["Kh", "7s"], ["Th", "9c"], ["Ah", "7d"], ["8h", "8s"]]
    masks = [mask_of(int(Card.parse(text)) for text in seat) for seat in hands]
    solver = Solver(0, 0, 0, AUTOMATIC)  # clubs trump, our pair makes
    solver.blind = 1
    solver.setup(masks, 0, [], (0, 0), (0, 0), (0, 0))
    assert solver._policy(0, solver.legal()) == int(Card.parse("7s"))
