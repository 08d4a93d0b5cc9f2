"""The hand state machine: deal, trump selection, play, roem claims, scoring."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from bot.engine import (
    CARDS,
    ChooseTrump,
    ErrorCode,
    Hand,
    IllegalReason,
    PassTrump,
    Phase,
    PlayCard,
    PlayOptions,
    Reason,
    RuleSet,
    RuleViolation,
    Suit,
    explain_illegal,
    left_of,
    pair_of,
    seats_around,
)

from .helpers import (
    FULL_DECK,
    all_cards_in,
    apply_logged,
    c,
    cs,
    hands_with_last_trick_roem,
    make_hand,
    play_random_hand,
    random_action,
    ref_points,
    ref_roem,
    ref_winner,
)

RULES = RuleSet()
AUTOMATIC = RuleSet(roem_claiming="automatic")
MANDATORY = RuleSet(trump_selection="mandatory")
PROPOSED = RuleSet(trump_selection="proposed")
DRAWN = RuleSet(trump_selection="drawn")

# Dealer 0, so seat 1 leads. With spades trump, trick 1 goes 7♣ 8♣ 9♣ and seat 0 (void in
# clubs, opponent winning) must trump: pair 0 takes a trick holding the run 7-8-9 (20 roem).
SEATS = [
    "Kd Ad Kh Ah Js Qs Ks As",
    "7c Tc Ac 7d 8d 7h 8h 7s",
    "8c Jc Kc 9d Td 9h Th 8s",
    "9c Qc Jd Qd Jh Qh 9s Ts",
]
SP = Suit.SPADES


def fresh(rules: RuleSet = RULES, dealer: int = 0, turned: Suit | None = None) -> Hand:
    return make_hand(rules, dealer, SEATS, turned)


def spades_hand(rules: RuleSet = RULES) -> Hand:
    hand = fresh(rules)
    hand.choose_trump(1, SP)
    return hand


def after_trick_one(rules: RuleSet = RULES) -> Hand:
    hand = spades_hand(rules)
    for seat, card in [(1, "7c"), (2, "8c"), (3, "9c"), (0, "Qs")]:
        hand.play(seat, c(card))
    return hand


def refused(hand: Hand, code: str, action: Callable[..., Any], *args: Any) -> RuleViolation:
    """Assert ``action(*args)`` raises RuleViolation(code) and changes nothing."""
    before = hand.to_dict()
    result_before = hand.result
    if action == hand.claim:  # the question front ends and timers ask gives the same code
        assert hand.claim_refusal(*args) == code
    with pytest.raises(RuleViolation) as info:
        action(*args)
    assert info.value.code == code, (info.value.code, str(info.value))
    assert isinstance(info.value.code, ErrorCode)
    assert str(info.value)  # a message for the player
    assert hand.to_dict() == before
    assert hand.result == result_before
    return info.value


# --------------------------------------------------------------------------- dealing


class TestDeal:
    @pytest.mark.parametrize("dealer", range(4))
    @pytest.mark.parametrize("seed", [1, 7, 2024])
    def test_3_2_3_from_left_of_dealer(self, dealer: int, seed: int) -> None:
        hand = Hand.deal(RULES, dealer, random.Random(seed))
        deck = list(CARDS)
        random.Random(seed).shuffle(deck)
        expected: list[list[Any]] = [[], [], [], []]
        pos = 0
        for packet in (3, 2, 3):
            for k in range(1, 5):  # left of the dealer first, the dealer last
                expected[(dealer + k) % 4] += deck[pos : pos + packet]
                pos += packet
        assert [list(h) for h in hand.dealt] == expected
        assert hand.holdings == expected
        # The first packet of 3 goes to the player left of the dealer.
        assert hand.dealt[left_of(dealer)][:3] == tuple(deck[:3])
        assert hand.dealt[dealer][-3:] == tuple(deck[-3:])

    @pytest.mark.parametrize("seed", range(20))
    def test_each_seat_gets_8_of_the_32(self, seed: int) -> None:
        hand = Hand.deal(RULES, seed % 4, random.Random(seed))
        assert [len(h) for h in hand.holdings] == [8, 8, 8, 8]
        assert sorted(x for h in hand.holdings for x in h) == FULL_DECK

    def test_same_rng_same_deal(self) -> None:
        a = Hand.deal(RULES, 2, random.Random("x"))
        b = Hand.deal(RULES, 2, random.Random("x"))
        assert a.to_dict() == b.to_dict()
        assert Hand.deal(RULES, 2, random.Random("y")).dealt != a.dealt

    def test_starts_in_trump_phase_left_of_dealer(self) -> None:
        hand = Hand.deal(RULES, 3, random.Random(5))
        assert hand.phase == Phase.TRUMP
        assert hand.to_act == 0
        assert hand.trump is None and hand.makers is None

    @pytest.mark.parametrize(
        "cards",
        [
            [SEATS[0], SEATS[1], SEATS[2], SEATS[2]],  # duplicates
            [SEATS[0], SEATS[1], SEATS[2]],  # three hands
            [SEATS[0] + " " + SEATS[3], SEATS[1], SEATS[2], ""],  # 16 and 0 cards
        ],
    )
    def test_from_cards_refuses_bad_deals(self, cards: list[str]) -> None:
        with pytest.raises(ValueError):
            Hand.from_cards(RULES, 0, [cs(h) for h in cards])


# --------------------------------------------------------------------------- trump selection


class TestFreeTrump:
    @pytest.mark.parametrize("dealer", range(4))
    @pytest.mark.parametrize("passes", range(4))
    def test_first_to_name_is_maker(self, dealer: int, passes: int) -> None:
        hand = fresh(dealer=dealer)
        leader = left_of(dealer)
        for k in range(passes):
            seat = (leader + k) % 4
            assert hand.to_act == seat
            assert hand.trump_options(seat).can_pass
            for other in range(4):
                if other != seat:
                    assert hand.trump_options(other).suits == ()
                    refused(hand, "not_your_turn", hand.pass_trump, other)
                    refused(hand, "not_your_turn", hand.choose_trump, other, Suit.HEARTS)
            hand.pass_trump(seat)
        namer = (leader + passes) % 4
        options = hand.trump_options(namer)
        assert set(options.suits) == set(Suit) and options.can_pass
        hand.choose_trump(namer, Suit.DIAMONDS)
        assert hand.trump == Suit.DIAMONDS
        assert hand.chooser == namer
        assert hand.makers == pair_of(namer) == namer % 2
        assert hand.phase == Phase.PLAY
        # Whoever chose, the player left of the dealer leads the first trick.
        assert hand.to_act == leader
        refused(hand, "wrong_phase", hand.choose_trump, hand.to_act, Suit.HEARTS)
        refused(hand, "wrong_phase", hand.pass_trump, hand.to_act)

    @pytest.mark.parametrize("dealer", range(4))
    def test_all_pass_left_of_dealer_forced(self, dealer: int) -> None:
        hand = fresh(dealer=dealer)
        leader = left_of(dealer)
        for k in range(4):
            hand.pass_trump((leader + k) % 4)
        assert hand.phase == Phase.TRUMP
        assert hand.to_act == leader
        options = hand.trump_options(leader)
        assert not options.can_pass
        assert set(options.suits) == set(Suit)
        violation = refused(hand, "pass_not_allowed", hand.pass_trump, leader)
        assert violation.code == "pass_not_allowed"
        refused(hand, "not_your_turn", hand.choose_trump, (leader + 1) % 4, Suit.CLUBS)
        hand.choose_trump(leader, Suit.CLUBS)
        assert hand.makers == pair_of(leader)
        assert hand.trump == Suit.CLUBS
        assert hand.to_act == leader

    def test_no_trump_play_before_trump_is_chosen(self) -> None:
        hand = fresh()
        refused(hand, "wrong_phase", hand.play, 1, c("7c"))
        assert hand.legal(1) == []


class TestMandatoryTrump:
    @pytest.mark.parametrize("dealer", range(4))
    def test_left_of_dealer_must_name_at_once(self, dealer: int) -> None:
        hand = fresh(MANDATORY, dealer)
        leader = left_of(dealer)
        assert hand.to_act == leader
        options = hand.trump_options(leader)
        assert not options.can_pass and set(options.suits) == set(Suit)
        refused(hand, "pass_not_allowed", hand.pass_trump, leader)
        refused(hand, "not_your_turn", hand.choose_trump, dealer, Suit.HEARTS)
        hand.choose_trump(leader, Suit.HEARTS)
        assert hand.makers == pair_of(leader)
        assert hand.to_act == leader

    def test_utrecht_preset(self) -> None:
        hand = fresh(RuleSet.preset("utrecht"))
        assert not hand.trump_options(1).can_pass


class TestProposedTrump:
    @pytest.mark.parametrize("dealer", range(4))
    @pytest.mark.parametrize("passes", range(4))
    def test_round_one_accept_the_proposal(self, dealer: int, passes: int) -> None:
        hand = fresh(PROPOSED, dealer, Suit.DIAMONDS)
        leader = left_of(dealer)
        for k in range(passes):
            seat = (leader + k) % 4
            options = hand.trump_options(seat)
            assert options.suits == (Suit.DIAMONDS,)
            assert options.can_pass
            assert options.proposal == Suit.DIAMONDS
            refused(hand, "trump_not_allowed", hand.choose_trump, seat, Suit.HEARTS)
            hand.pass_trump(seat)
        acceptor = (leader + passes) % 4
        assert hand.to_act == acceptor
        hand.choose_trump(acceptor, Suit.DIAMONDS)
        assert hand.trump == Suit.DIAMONDS
        assert hand.makers == pair_of(acceptor)
        assert hand.to_act == leader

    @pytest.mark.parametrize("dealer", range(4))
    @pytest.mark.parametrize("passes", range(4))
    def test_round_two_other_suits_dealer_must_name(self, dealer: int, passes: int) -> None:
        hand = fresh(PROPOSED, dealer, Suit.DIAMONDS)
        leader = left_of(dealer)
        for k in range(4):
            hand.pass_trump((leader + k) % 4)
        assert hand.phase == Phase.TRUMP
        for k in range(passes):
            seat = (leader + k) % 4
            assert hand.to_act == seat
            options = hand.trump_options(seat)
            assert set(options.suits) == {Suit.CLUBS, Suit.HEARTS, Suit.SPADES}
            assert options.can_pass == (seat != dealer)
            refused(hand, "trump_not_allowed", hand.choose_trump, seat, Suit.DIAMONDS)
            hand.pass_trump(seat)
        namer = (leader + passes) % 4
        options = hand.trump_options(namer)
        assert set(options.suits) == {Suit.CLUBS, Suit.HEARTS, Suit.SPADES}
        if namer == dealer:
            assert not options.can_pass
            refused(hand, "pass_not_allowed", hand.pass_trump, namer)
        refused(hand, "trump_not_allowed", hand.choose_trump, namer, Suit.DIAMONDS)
        hand.choose_trump(namer, Suit.SPADES)
        assert hand.trump == Suit.SPADES
        assert hand.makers == pair_of(namer)
        assert hand.to_act == leader

    def test_needs_a_turned_suit(self) -> None:
        with pytest.raises(ValueError):
            fresh(PROPOSED, 0, None)

    def test_deal_turns_a_suit_from_the_pile(self) -> None:
        seen = Counter()
        for seed in range(200):
            hand = Hand.deal(PROPOSED, seed % 4, random.Random(seed))
            assert hand.phase == Phase.TRUMP
            assert hand.proposal in set(Suit)
            seen[hand.proposal] += 1
        assert set(seen) == set(Suit)


class TestDrawnTrump:
    @pytest.mark.parametrize("dealer", range(4))
    @pytest.mark.parametrize("suit", list(Suit))
    def test_drawn_suit_is_trump_pair_left_of_dealer_makes(self, dealer: int, suit: Suit) -> None:
        hand = fresh(DRAWN, dealer, suit)
        assert hand.phase == Phase.PLAY
        assert hand.trump == suit
        assert hand.makers == pair_of(left_of(dealer))
        assert hand.to_act == left_of(dealer)

    @pytest.mark.parametrize("dealer", range(4))
    def test_joker_left_of_dealer_names_and_cannot_pass(self, dealer: int) -> None:
        hand = fresh(DRAWN, dealer, None)
        leader = left_of(dealer)
        assert hand.phase == Phase.TRUMP
        assert hand.makers in (None, pair_of(leader))  # if already known, the leader's pair
        assert hand.to_act == leader
        options = hand.trump_options(leader)
        assert not options.can_pass and set(options.suits) == set(Suit)
        refused(hand, "pass_not_allowed", hand.pass_trump, leader)
        refused(hand, "not_your_turn", hand.choose_trump, (leader + 1) % 4, Suit.HEARTS)
        hand.choose_trump(leader, Suit.HEARTS)
        assert hand.makers == pair_of(leader)
        assert hand.to_act == leader

    def test_deal_with_jokers(self) -> None:
        jokers, suits = 0, Counter()
        for seed in range(300):
            dealer = seed % 4
            hand = Hand.deal(DRAWN, dealer, random.Random(seed))
            if hand.phase == Phase.TRUMP:
                jokers += 1
                assert hand.to_act == left_of(dealer)
                assert not hand.trump_options(left_of(dealer)).can_pass
            else:
                suits[hand.trump] += 1
                assert hand.makers == pair_of(left_of(dealer))
        assert jokers > 0
        assert set(suits) == set(Suit)

    def test_jokers_switched_off(self) -> None:
        rules = RuleSet(trump_selection="drawn", drawn_jokers=False)
        for seed in range(300):
            hand = Hand.deal(rules, seed % 4, random.Random(seed))
            assert hand.phase == Phase.PLAY
            assert hand.makers == pair_of(left_of(seed % 4))

    def test_online_classic_draws(self) -> None:
        for seed in range(10):
            hand = Hand.deal(RuleSet.preset("online-classic"), 2, random.Random(seed))
            if hand.phase == Phase.TRUMP:  # a joker: left of the dealer names
                hand.choose_trump(3, Suit.CLUBS)
            assert hand.makers == pair_of(3)


# --------------------------------------------------------------------------- playing


class TestPlay:
    def test_legal_cards_of_the_first_trick(self) -> None:
        hand = spades_hand()
        assert hand.to_act == 1
        assert set(hand.legal(1)) == set(cs(SEATS[1]))
        for seat in (0, 2, 3):
            assert hand.legal(seat) == []
        hand.play(1, c("7c"))
        assert hand.current_winner() == 1
        assert set(hand.legal(2)) == set(cs("8c Jc Kc"))
        hand.play(2, c("8c"))
        hand.play(3, c("9c"))
        assert hand.current_winner() == 3
        assert set(hand.legal(0)) == set(cs("Js Qs Ks As"))

    def test_play_options_follow_the_turn(self) -> None:
        hand = fresh()
        assert hand.play_options(1) == PlayOptions((), ())  # no trump yet
        hand.choose_trump(1, SP)
        assert hand.play_options(1) == PlayOptions(tuple(hand.holdings[1]), ())
        assert hand.play_options(2) == PlayOptions((), ())
        hand.play(1, c("7c"))
        options = hand.play_options(2)
        assert options.legal == tuple(cs("8c Jc Kc"))
        assert [card for card, _ in options.refused] == cs("9d Td 9h Th 8s")
        assert all(
            reason == IllegalReason(Reason.MUST_FOLLOW, Suit.CLUBS) for _, reason in options.refused
        )
        assert options.winning == c("7c") and not options.partner_winning

    def test_trick_completes(self) -> None:
        hand = spades_hand()
        assert hand.play(1, c("7c")) is None
        assert hand.play(2, c("8c")) is None
        assert hand.play(3, c("9c")) is None
        trick = hand.play(0, c("Qs"))
        assert trick is not None
        assert trick.leader == 1
        assert [x.code for x in trick.cards] == ["7c", "8c", "9c", "Qs"]
        assert trick.winner == 0
        assert trick.roem.points == 20
        assert not trick.claimed
        assert hand.points == [3, 0]
        assert hand.won == [1, 0]
        assert hand.roem == [0, 0]  # roem counts only when claimed
        assert hand.current == []
        assert hand.to_act == 0  # the winner leads
        assert hand.trick_number == 2
        assert hand.last_trick is trick

    def test_not_your_turn(self) -> None:
        hand = spades_hand()
        violation = refused(hand, "not_your_turn", hand.play, 2, c("8c"))
        assert violation.facts.get("to_act") == 1

    def test_illegal_card_carries_the_reason(self) -> None:
        hand = spades_hand()
        hand.play(1, c("7c"))
        violation = refused(hand, "illegal_card", hand.play, 2, c("9d"))
        assert violation.facts["reason"].code == Reason.MUST_FOLLOW
        assert violation.facts["reason"].suit == Suit.CLUBS
        hand.play(2, c("8c"))
        hand.play(3, c("9c"))
        violation = refused(hand, "illegal_card", hand.play, 0, c("Kd"))
        assert violation.facts["reason"].code == Reason.MUST_TRUMP

    def test_card_not_in_hand(self) -> None:
        hand = spades_hand()
        refused(hand, "not_in_hand", hand.play, 1, c("Jh"))
        hand.play(1, c("7c"))
        refused(hand, "not_in_hand", hand.play, 2, c("7c"))  # already played

    def test_wrong_phase(self) -> None:
        hand = fresh()
        refused(hand, "wrong_phase", hand.play, 1, c("7c"))
        refused(hand, "wrong_phase", hand.finish)
        hand.choose_trump(1, SP)
        refused(hand, "wrong_phase", hand.choose_trump, 1, SP)
        refused(hand, "wrong_phase", hand.pass_trump, 1)
        refused(hand, "wrong_phase", hand.finish)

    def test_bad_actions(self) -> None:
        hand = spades_hand()
        refused(hand, "bad_action", apply_logged, hand, {"type": "dance", "seat": 1})
        refused(hand, "bad_action", apply_logged, hand, {"type": "play", "seat": 7, "card": "7c"})

    def test_apply_matches_methods(self) -> None:
        a, b = fresh(), fresh()
        a.pass_trump(1)
        a.choose_trump(2, SP)
        a.play(1, c("7c"))
        b.apply(PassTrump(1))
        b.apply(ChooseTrump(2, SP))
        b.apply(PlayCard(1, c("7c")))
        assert a.to_dict() == b.to_dict()

    @pytest.mark.parametrize("seed", range(30))
    def test_tricks_follow_the_rules_of_1_6(self, seed: int) -> None:
        rng = random.Random(seed)
        hand = Hand.deal(RULES, seed % 4, rng)
        play_random_hand(hand, rng)
        assert len(hand.tricks) == 8
        leader = left_of(hand.dealer)
        for trick in hand.tricks:
            assert trick.leader == leader
            assert trick.winner == (leader + ref_winner(trick.cards, hand.trump)) % 4
            leader = trick.winner
        assert sorted(all_cards_in(hand)) == FULL_DECK
        assert all(h == [] for h in hand.holdings)


# --------------------------------------------------------------------------- roem claims


def hand_with_last_trick_roem(rules: RuleSet = RULES) -> Hand:
    """A hand in the claim phase whose last trick holds roem (found by seeded search)."""
    for hand in hands_with_last_trick_roem(range(2000), rules, claim_chance=0.0):
        return hand
    raise AssertionError("no deal with roem in the last trick")


class TestClaims:
    def test_claim_by_capturing_pair(self) -> None:
        hand = after_trick_one()
        assert hand.claim_open
        refused(hand, "wrong_pair", hand.claim, 1)
        refused(hand, "wrong_pair", hand.claim, 3)
        roem = hand.claim(2)  # the partner of the winner may claim
        assert roem.points == 20
        assert hand.roem == [20, 0]
        assert hand.last_trick is not None and hand.last_trick.claimed
        refused(hand, "already_claimed", hand.claim, 0)
        refused(hand, "already_claimed", hand.claim, 2)
        assert hand.roem == [20, 0]

    def test_claim_pair_and_refusal_tell_who_may_claim_without_trying(self) -> None:
        hand = after_trick_one()
        assert hand.claim_pair == 0
        assert [hand.claim_refusal(seat) for seat in range(4)] == [
            None,
            ErrorCode.WRONG_PAIR,
            None,
            ErrorCode.WRONG_PAIR,
        ]
        hand.play(0, c("Kd"))
        assert hand.claim_pair is None
        assert hand.claim_refusal(0) == ErrorCode.NO_CLAIM_WINDOW

    def test_a_claim_applies_to_the_taking_pair_until_it_is_made(self) -> None:
        hand = after_trick_one()
        assert hand.claimable
        assert [hand.may_claim(seat) for seat in range(4)] == [True, False, True, False]
        hand.claim(2)
        trick = hand.last_trick
        assert trick is not None and trick.claimer == 2
        assert not hand.claimable  # the window is still open, but nothing is left to claim
        assert hand.claim_open and not any(hand.may_claim(seat) for seat in range(4))
        restored = Hand.from_dict(RULES, hand.to_dict())
        assert restored.last_trick is not None and restored.last_trick.claimer == 2
        assert hand.copy().last_trick == trick

    def test_a_claim_applies_even_to_a_trick_without_roem(self) -> None:
        hand = after_trick_one()
        for seat, card in [(0, "Kd"), (1, "7d"), (2, "9d"), (3, "Jd")]:
            hand.play(seat, c(card))
        assert hand.may_claim(0) and hand.may_claim(2)  # claiming is the test
        hand.play(0, c("Ah"))
        assert not hand.claimable and not hand.may_claim(0)

    def test_a_snapshot_without_claims_has_no_claimer_field(self) -> None:
        hand = after_trick_one()
        assert all("claimer" not in trick for trick in hand.to_dict()["tricks"])
        assert Hand.from_dict(RULES, hand.to_dict()).to_dict() == hand.to_dict()

    def test_seats_around_a_seat(self) -> None:
        assert [seats_around(seat) for seat in range(4)] == [
            (1, 2, 3),
            (2, 3, 0),
            (3, 0, 1),
            (0, 1, 2),
        ]
        assert all(seats_around(s)[0] == left_of(s) for s in range(4))
        assert all(pair_of(seats_around(s)[1]) == pair_of(s) for s in range(4))

    def test_winner_may_claim(self) -> None:
        hand = after_trick_one()
        hand.claim(0)
        assert hand.roem == [20, 0]

    def test_window_closes_with_the_next_card(self) -> None:
        hand = after_trick_one()
        hand.play(0, c("Kd"))
        assert not hand.claim_open
        refused(hand, "no_claim_window", hand.claim, 0)
        refused(hand, "no_claim_window", hand.claim, 2)
        assert hand.roem == [0, 0]  # unclaimed roem is lost
        assert hand.last_trick is not None and not hand.last_trick.claimed

    def test_no_window_mid_trick_or_before_the_first_trick(self) -> None:
        hand = fresh()
        refused(hand, "no_claim_window", hand.claim, 1)
        hand.choose_trump(1, SP)
        assert not hand.claim_open
        refused(hand, "no_claim_window", hand.claim, 1)
        hand.play(1, c("7c"))
        refused(hand, "no_claim_window", hand.claim, 1)

    def test_trick_without_roem(self) -> None:
        hand = after_trick_one()
        for seat, card in [(0, "Kd"), (1, "7d"), (2, "9d"), (3, "Jd")]:
            hand.play(seat, c(card))
        assert hand.last_trick is not None and hand.last_trick.winner == 0
        assert hand.claim_open
        violation = refused(hand, "no_roem", hand.claim, 0)
        assert "roem" in str(violation)
        assert hand.roem == [0, 0]

    def test_claims_automatic(self) -> None:
        hand = after_trick_one(AUTOMATIC)
        assert hand.roem == [20, 0]
        assert hand.last_trick is not None and hand.last_trick.claimed
        assert hand.last_trick.claimer is None  # counted, not claimed by anyone
        assert not hand.claim_open and not hand.claimable
        assert not any(hand.may_claim(seat) for seat in range(4))
        refused(hand, "claims_automatic", hand.claim, 0)
        refused(hand, "claims_automatic", hand.claim, 1)

    def test_automatic_credits_every_trick_and_scores(self) -> None:
        for seed in range(20):
            rng = random.Random(seed)
            hand = Hand.deal(AUTOMATIC, seed % 4, rng)
            play_random_hand(hand, rng)
            expected = [0, 0]
            for trick in hand.tricks:
                assert trick.claimed == bool(trick.roem)
                expected[pair_of(trick.winner)] += ref_roem(trick.cards, hand.trump)
            assert hand.roem == expected
            assert hand.phase == Phase.DONE and hand.result is not None

    def test_last_trick_window_open_until_finish(self) -> None:
        hand = hand_with_last_trick_roem()
        last = hand.last_trick
        assert last is not None
        assert hand.phase == Phase.CLAIM
        assert hand.claim_open
        assert hand.result is None
        refused(hand, "wrong_phase", hand.play, 0, c("7c"))
        loser = (last.winner + 1) % 4
        refused(hand, "wrong_pair", hand.claim, loser)
        roem_before = list(hand.roem)
        hand.claim((last.winner + 2) % 4)
        pair = pair_of(last.winner)
        assert hand.roem[pair] == roem_before[pair] + last.roem.points
        # The claim for the last trick ends the hand (nothing else can be claimed).
        if hand.phase == Phase.CLAIM:
            hand.finish()
        assert hand.phase == Phase.DONE
        assert hand.result is not None
        refused(hand, "no_claim_window", hand.claim, last.winner)

    def test_finish_without_claim_loses_last_trick_roem(self) -> None:
        hand = hand_with_last_trick_roem()
        last = hand.last_trick
        assert last is not None
        roem_before = list(hand.roem)
        result = hand.finish()
        assert hand.phase == Phase.DONE
        assert hand.result == result
        assert hand.roem == roem_before
        assert not last.claimed
        refused(hand, "no_claim_window", hand.claim, last.winner)
        refused(hand, "wrong_phase", hand.finish)


# --------------------------------------------------------------------------- scoring a hand


def expected_scores(hand: Hand) -> tuple[int, int]:
    """docs/rules.md 1.8, computed from the tricks with the reference tables."""
    assert hand.trump is not None and hand.makers is not None
    rules = hand.rules
    points, roem, won = [0, 0], [0, 0], [0, 0]
    for trick in hand.tricks:
        pair = pair_of(trick.winner)
        points[pair] += sum(ref_points(x, hand.trump) for x in trick.cards)
        won[pair] += 1
        if trick.claimed:
            roem[pair] += ref_roem(trick.cards, hand.trump, rules.four_jacks, rules.four_nines)
    points[pair_of(hand.tricks[-1].winner)] += 10
    assert hand.points == points and hand.roem == roem and hand.won == won
    makers, defenders = hand.makers, 1 - hand.makers
    pit = 0 if won[0] == 8 else 1 if won[1] == 8 else None
    totals = [points[p] + roem[p] + (100 if pit == p else 0) for p in (0, 1)]
    judged = [points[p] + (roem[p] if rules.nat_counts_roem else 0) for p in (0, 1)]
    nat = judged[makers] <= judged[defenders]
    if nat and rules.nat_enabled:
        totals[makers] = 0
        totals[defenders] = 162 + roem[0] + roem[1] + (100 if pit == defenders else 0)
    if not nat and pit is None and totals[defenders] == 0 and rules.zero_bonus:
        totals[makers] += 50
    return totals[0], totals[1]


class TestHandScore:
    @pytest.mark.parametrize(
        "rules",
        [
            RULES,
            AUTOMATIC,
            RuleSet(nat_counts_roem=False),
            RuleSet(nat_enabled=False, zero_bonus=50),
            RuleSet(four_jacks=100, four_nines=100),
            RuleSet.preset("online-classic"),
        ],
    )
    def test_result_follows_1_8(self, rules: RuleSet) -> None:
        for seed in range(40):
            rng = random.Random(seed)
            hand = Hand.deal(rules, seed % 4, rng)
            play_random_hand(hand, rng, claim_chance=0.7)
            assert hand.result is not None
            assert hand.result.scores == expected_scores(hand)
            assert hand.result.makers == hand.makers
            assert sum(hand.points) == 162
            assert sum(hand.won) == 8

    def test_worked_example_trick_one_points(self) -> None:
        hand = after_trick_one()
        assert hand.points == [3, 0]


# --------------------------------------------------------------------------- robustness


class TestMalformedInput:
    @pytest.mark.parametrize(
        "action",
        [
            {"type": "trump", "seat": 1, "suit": "x"},
            {"type": "trump", "seat": 1},
            {"type": "pass", "seat": True},
        ],
    )
    def test_malformed_trump_actions_are_refused(self, action: dict[str, Any]) -> None:
        hand = fresh()
        refused(hand, "bad_action", apply_logged, hand, action)

    @pytest.mark.parametrize(
        "action",
        [{"type": "play", "seat": 1, "card": "Zz"}, {"type": "play", "seat": 1}],
    )
    def test_malformed_play_actions_are_refused(self, action: dict[str, Any]) -> None:
        hand = spades_hand()
        refused(hand, "bad_action", apply_logged, hand, action)

    @pytest.mark.parametrize("seat", [4, 6, -2])
    def test_claim_by_a_seat_that_does_not_exist(self, seat: int) -> None:
        hand = after_trick_one()  # pair 0 took the trick; 4, 6 and -2 look like pair 0
        with pytest.raises(RuleViolation):
            hand.claim(seat)


class TestSnapshots:
    def snapshots(self, hand: Hand) -> None:
        data = hand.to_dict()
        json.dumps(data)  # storable as JSON
        restored = Hand.from_dict(hand.rules, json.loads(json.dumps(data)))
        assert restored.to_dict() == data
        assert restored.result == hand.result
        assert restored.claim_open == hand.claim_open
        assert restored.to_act == hand.to_act
        assert restored.trump == hand.trump and restored.makers == hand.makers
        assert [(t.leader, t.cards, t.winner, t.roem, t.claimed) for t in restored.tricks] == [
            (t.leader, t.cards, t.winner, t.roem, t.claimed) for t in hand.tricks
        ]
        for seat in range(4):
            assert restored.legal(seat) == hand.legal(seat)
            assert restored.trump_options(seat) == hand.trump_options(seat)

    def test_every_phase(self) -> None:
        hand = fresh(PROPOSED, 0, Suit.HEARTS)
        self.snapshots(hand)
        for seat in (1, 2, 3, 0):
            hand.pass_trump(seat)
        self.snapshots(hand)  # round 2 of proposed selection
        hand.pass_trump(1)
        self.snapshots(hand)
        hand.choose_trump(2, SP)
        self.snapshots(hand)
        for seat, card in [(1, "7c"), (2, "8c"), (3, "9c"), (0, "Qs")]:
            hand.play(seat, c(card))
            self.snapshots(hand)
        hand.claim(0)
        self.snapshots(hand)
        restored = Hand.from_dict(hand.rules, hand.to_dict())
        refused(restored, "already_claimed", restored.claim, 2)
        rng = random.Random(9)
        while hand.phase != Phase.DONE:
            hand.apply(random_action(hand, rng))
            self.snapshots(hand)

    def test_claim_phase(self) -> None:
        hand = hand_with_last_trick_roem()
        self.snapshots(hand)
        restored = Hand.from_dict(hand.rules, hand.to_dict())
        last = restored.last_trick
        assert last is not None and last.roem == hand.last_trick.roem  # type: ignore[union-attr]
        restored.claim(last.winner)
        hand.claim(last.winner)
        assert restored.to_dict() == hand.to_dict()
        assert restored.result == hand.result


# --------------------------------------------------------------------------- copies


class TestCopies:
    """Engine values copy and pickle in both builds (the compiled one included: its value
    classes stay plain dataclasses), so callers may snapshot a hand mid-claim."""

    def test_hand_mid_claim_deepcopies_and_pickles(self) -> None:
        hand = hand_with_last_trick_roem()
        for twin in (copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
            assert twin.to_dict() == hand.to_dict()
            assert twin.last_trick == hand.last_trick
            roem = twin.claim(twin.last_trick.winner)  # type: ignore[union-attr]
            assert roem.points > 0 and hand.claim_open  # the original is untouched

    def test_values_copy_and_pickle(self) -> None:
        hand = hand_with_last_trick_roem()
        roem = hand.last_trick.roem  # type: ignore[union-attr]
        score = hand.finish()
        reason = explain_illegal(c("7c"), cs("7c Jh"), cs("8h"), Suit.HEARTS, RULES)
        for value in (roem, roem.parts[0], score, reason):
            assert copy.copy(value) == value
            assert copy.deepcopy(value) == value
            assert pickle.loads(pickle.dumps(value)) == value
