"""docs/rules.md, example by example: which test holds each worked example and clarification.

Every worked example and stated result of docs/rules.md is a test. Most live beside the
code they exercise; this file holds the ones that were missing, and the index below says
where each one is (paths under tests/engine unless stated).

1.1 every seat deals 4 times in 16 hands -> test_match TestDealerRotation
1.1 equal totals are a shared result -> test_match TestTies.test_equal_totals_are_a_shared_result
1.2 packets of 3-2-3 from left of the dealer -> test_hand TestDeal.test_3_2_3_from_left_of_dealer
1.3 first to name makes trump; all pass -> forced; left of dealer leads
    -> test_hand TestFreeTrump.test_first_to_name_is_maker, test_all_pass_left_of_dealer_forced
1.4 order and points tables -> test_tricks TestCardValues.test_table_of_1_4,
    TestTrickWinner.test_trump_order_of_1_4, test_plain_order_of_1_4
1.4 152 card points, 162 with the last trick -> test_tricks test_all_32_cards_sum_to_152;
    test_hand TestHandScore.test_result_follows_1_8 (sum of points 162);
    here TestCardPointsOfAHand
1.5 worked example: C may discard 7♦ -> test_obligations TestWorkedExample
    .test_partner_winning_c_may_discard; played through Hand: here TestWorkedExample15
1.5 worked example: A takes 11 + 0 + 0 + 4 = 15 -> test_obligations TestWorkedExample
    .test_d_follows_and_a_takes_15, test_tricks test_trick_points_worked_example;
    here TestWorkedExample15.test_partner_winning_c_discards_and_a_takes_15
1.5 worked example: B trumps 8♥, C must overtrump with Q♥ -> test_obligations
    TestWorkedExample.test_opponent_trumped_c_must_overtrump;
    here TestWorkedExample15.test_opponent_trumped_c_must_overtrump
1.5 worked example: C must follow with a club if holding one -> test_obligations
    TestWorkedExample.test_with_a_club_c_must_follow
1.5 rules 1-5 and the options -> test_obligations TestRule1FollowSuit to TestRule5NoTrump,
    TestRotterdam, TestUndertrumpObligation; test_properties (against the reference reading
    in helpers); the search players' form legal_mask_at -> test_obligations
    test_legal_mask_at_is_the_search_form_of_the_same_obligations
1.5 rule 4 against rotterdam: over the partner's trump Amsterdam may discard or overtrump,
    Rotterdam must overtrump -> test_obligations TestRule4PartnerWinning
    .test_partner_trumped_undertrump_forbidden, TestRotterdam.test_must_overtrump_partner;
    as /legal answers it: tests/cogs/rules/test_rules_cmds.py
    test_legal_over_the_partners_trump_amsterdam_may_rotterdam_must
1.5 rule 3 over an opponent's 7 of trump every trump overtrumps, so a discard shows a void
    in trump (what computer players infer) -> test_obligations
    test_trump_forced_over_the_lowest_trump_out
1.5 rules 1-5 under every preset of 2.3, the undertrump option on top -> test_rules_combinations
    test_obligations_under_each_preset, test_undertrump_obligation_on_each_preset;
    every position of a small pool, asked card by card -> test_rules_combinations
    test_every_position_of_a_small_pool_card_by_card
1.6 highest trump, else highest of the led suit -> test_tricks TestTrickWinner
1.7 three in a run 20, four 50 (not 20 + 50) -> test_roem TestRuns
    .test_three_in_a_plain_suit, test_three_in_trump_natural_order, test_four_is_50_not_70
1.7 trump Q-K-J = 20 + 20 = 40 -> test_roem TestStuk.test_worked_example_q_k_j
1.7 trump 10-J-Q-K = 50 + 20 = 70 -> test_roem TestStuk.test_worked_example_10_j_q_k
1.7 stuk 20, never counted twice -> test_roem TestStuk.test_stuk_alone, test_stuk_parts
1.7 four A/K/Q/10 = 100, four jacks 200, four 9/8/7 nothing -> test_roem TestFourOfAKind
1.7 claiming: capturing pair, before the next card / before scoring, unclaimed lost,
    no-roem claim refused and changes nothing -> test_hand TestClaims
1.7 roem of cards from both pairs (trump Q-K-J with stuk, K of one pair, Q of the other)
    goes to the capturing pair -> test_rules_combinations
    test_roem_of_cards_from_both_pairs_goes_to_the_capturing_pair
1.7/1.8 the last trick's roem counts toward the nat only when claimed -> test_rules_combinations
    test_the_last_tricks_roem_counts_toward_the_nat_only_when_claimed
1.8 worked example: 82 against 80 + 20 roem is nat, 0 and 182 -> test_scoring TestNat
    .test_worked_example_82_vs_80_plus_20 (and tests/cogs/rules/test_rules_cmds.py /score)
1.8 strictly more; 82 enough without roem; a tie fails -> test_scoring TestSuccess
    .test_82_is_enough_without_roem, TestNat.test_tie_is_nat
1.8 pit adds 100 on top of the last trick -> test_scoring TestPit
2.1 nat counts roem off: points judged include the last-trick 10 -> here
    TestNatOnPointsCountsTheLastTrick (with score_hand: test_scoring TestNatOptions)
2.1 a tie still tied after the 4 extra hands is shared -> test_match TestTies
    .test_tie_after_the_extra_hands_is_shared
2.1 a match ends on a target or a number of hands, whichever first -> here
    TestMatchEndsWhicheverComesFirst
2.2 who makes trump and who leads under each preset -> test_rules_combinations
    test_who_makes_trump_and_who_leads_under_each_preset
2.1/2.3 where each preset's match ends -> test_rules_combinations
    test_each_preset_ends_its_match_where_section_2_says
2.3 presets -> test_rules TestPresets; online-short: here TestOnlineShortPreset;
    kraken and kraken-rotterdam -> test_kraken TestPresets
2.5 the order of the calls, the levels, the refusals -> test_kraken TestCallOrder,
    TestCallRefusals; the five worked examples -> test_kraken TestWorkedExamples25
    (test_kraak_fails, test_rekraak_makers_fail, test_a_tie_after_a_kraak,
    test_superkraak, test_kraak_with_double_spades); the pit, each_own, the zero bonus
    -> the same class; the sheet line and the replay -> test_kraken TestMatch;
    properties -> test_properties test_a_called_hand_shares_out_what_its_options_say,
    test_calls_change_neither_the_cards_nor_the_nat_inputs
2.6 deals A, B, C and hand roem sinking a strong contract -> test_kraken
    TestWorkedExamples26 (test_the_best_combination_decides,
    test_the_two_award_methods_differ, test_tie_breaks, test_hand_roem_sinks_a_strong_contract);
    four nines 150, four jacks 200/100 in a trick -> test_kraken TestFourNinesAndJacks
2.7 the three examples -> test_kraken TestDoubleSpades
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from bot.engine import (
    Hand,
    Match,
    Reason,
    RuleSet,
    Suit,
    explain_illegal,
    pair_of,
    score_hand,
)

from .helpers import c, codes, make_hand, play_random_hand, play_random_match

H = Suit.HEARTS


# --------------------------------------------------------------------------- 1.4


class TestCardPointsOfAHand:
    @pytest.mark.parametrize("seed", range(8))
    def test_a_hand_holds_152_card_points_and_10_for_the_last_trick(self, seed: int) -> None:
        rng = random.Random(seed)
        hand = Hand.deal(RuleSet(), seed % 4, rng)
        play_random_hand(hand, rng)
        last = hand.tricks[-1]
        assert sum(hand.points) == 152 + 10
        # Take the 10 off again: the last trick's pair holds what its tricks are worth.
        by_pair = [0, 0]
        for trick in hand.tricks:
            assert hand.trump is not None
            by_pair[pair_of(trick.winner)] += sum(_points(x.code, hand.trump) for x in trick.cards)
        by_pair[pair_of(last.winner)] += 10
        assert by_pair == hand.points


def _points(code: str, trump: Suit) -> int:
    """docs/rules.md 1.4, read from the tables as printed there."""
    trump_points = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
    plain_points = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
    table = trump_points if code[1] == trump.letter else plain_points
    return table[code[0]]


# --------------------------------------------------------------------------- 1.5 worked example

# Dealer is seat 0, so seat 1 (A) leads the first trick; B is seat 2, C seat 3, D seat 0.
A, B, C, D = 1, 2, 3, 0

# B follows with 7♣; C has no club but Q♥ (the only trump) and 7♦; D has K♣.
PARTNER_WINNING = {
    A: "Ac Tc 9c 8c Jc As Ks Qs",
    B: "7c Qc Js Ts 9s 8s 7s Ad",
    C: "Qh 7d 8d 9d Td Jd Qd Kd",
    D: "Kc Jh 9h Ah Th Kh 8h 7h",
}
# B has no club and trumps with 8♥; C as before.
OPPONENT_TRUMPED = {
    A: "Ac Tc 9c 8c Jc Qc 7c As",
    B: "8h Js Ts 9s 8s 7s Ks Qs",
    C: "Qh 7d 8d 9d Td Jd Qd Kd",
    D: "Kc Jh 9h Ah Th Kh 7h Ad",
}


def hearts_by_a(seats: dict[int, str]) -> Hand:
    """The deal with A naming hearts as trump (A's pair are the makers)."""
    hand = make_hand(RuleSet(), D, [seats[seat] for seat in range(4)])
    hand.choose_trump(A, H)
    return hand


class TestWorkedExample15:
    def test_partner_winning_c_discards_and_a_takes_15(self) -> None:
        hand = hearts_by_a(PARTNER_WINNING)
        assert hand.to_act == A
        hand.play(A, c("Ac"))
        hand.play(B, c("7c"))
        # A is winning, C has no club: C may keep Q♥ and discard 7♦ (or trump).
        assert {"Qh", "7d"} <= codes(hand.legal(C))
        assert c("7d") in hand.play_options(C).legal
        hand.play(C, c("7d"))
        assert codes(hand.legal(D)) == {"Kc"}  # D must follow clubs
        trick = hand.play(D, c("Kc"))
        assert trick is not None and trick.winner == A
        expected = [0, 0]
        expected[pair_of(A)] = 11 + 0 + 0 + 4
        assert hand.points == expected == [0, 15]
        assert hand.to_act == A  # the winner leads the next trick (1.6)

    def test_opponent_trumped_c_must_overtrump(self) -> None:
        hand = hearts_by_a(OPPONENT_TRUMPED)
        hand.play(A, c("Ac"))
        assert codes(hand.legal(B)) == {"8h"}  # void in clubs, opponent winning: trump
        hand.play(B, c("8h"))
        assert codes(hand.legal(C)) == {"Qh"}
        reason = dict(hand.play_options(C).refused).get(c("7d"))
        assert reason is not None and reason.code == Reason.MUST_OVERTRUMP
        # With a club in place of 7♦, C must follow instead.
        held = [card for card in hand.holdings[C] if card != c("7d")] + [c("9c")]
        reason = explain_illegal(c("Qh"), held, hand.current, H, hand.rules)
        assert reason is not None and reason.code == Reason.MUST_FOLLOW
        hand.play(C, c("Qh"))
        trick = hand.play(D, c("Kc"))
        assert trick is not None and trick.winner == C


# --------------------------------------------------------------------------- 2.1 nat on points

NAT_ON_POINTS = RuleSet(nat_counts_roem=False)


def _decided_by_the_last_trick(seeds: range) -> list[Hand]:
    """Played hands in which the makers took the last trick and its 10 decides the nat:
    card points alone would fail them (at most the defenders'), with the 10 they succeed."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        hand = Hand.deal(NAT_ON_POINTS, seed % 4, rng)
        play_random_hand(hand, rng)
        makers = hand.makers
        assert makers is not None
        last_pair = pair_of(hand.tricks[-1].winner)
        cards_only = [hand.points[p] - (10 if p == last_pair else 0) for p in (0, 1)]
        if (
            last_pair == makers
            and cards_only[makers] <= cards_only[1 - makers] < hand.points[makers]
        ):
            found.append(hand)
    return found


class TestNatOnPointsCountsTheLastTrick:
    def test_the_last_trick_10_saves_the_makers(self) -> None:
        hands = _decided_by_the_last_trick(range(600))
        assert len(hands) >= 3, "the seeds no longer give hands to check: widen the range"
        for hand in hands:
            assert hand.result is not None and hand.makers is not None
            assert not hand.result.nat
            # Success: each pair scores its own points and roem.
            assert list(hand.result.scores) == [hand.points[p] + hand.roem[p] for p in (0, 1)]

    def test_roem_is_left_out_of_the_judgement_only(self) -> None:
        # 86 (76 in cards + the last trick) against 76 and 50 roem: not nat on points, and
        # the defenders' roem is still scored; judged with roem it would be nat.
        on_points = score_hand(0, [86, 76], [0, 50], [4, 4], NAT_ON_POINTS)
        assert not on_points.nat and on_points.scores == (86, 126)
        with_roem = score_hand(0, [86, 76], [0, 50], [4, 4], RuleSet())
        assert with_roem.nat and with_roem.scores == (0, 212)


# --------------------------------------------------------------------------- 2.1 match end


def _running_totals(match: Match) -> list[tuple[int, int]]:
    running, out = [0, 0], []
    for line in match.sheet:
        running = [running[0] + line.scores[0], running[1] + line.scores[1]]
        out.append((running[0], running[1]))
    return out


class TestMatchEndsWhicheverComesFirst:
    def test_both_ends_may_be_set(self) -> None:
        rules = RuleSet(match_hands=8, target_score=750)
        assert (rules.match_hands, rules.target_score) == (8, 750)

    def test_the_target_first(self) -> None:
        # 162 or more points are scored every hand, so a pair reaches 100 within two hands.
        rules = RuleSet(match_hands=8, target_score=100)
        match = Match(rules, "target-first", 0)
        play_random_match(match, random.Random(1))
        totals = _running_totals(match)
        assert match.finished and len(match.sheet) <= 2
        assert max(totals[-1]) >= 100
        assert all(max(t) < 100 for t in totals[:-1])

    def test_the_hands_first(self) -> None:
        rules = RuleSet(match_hands=2, target_score=10_000)
        match = Match(rules, "hands-first", 0)
        play_random_match(match, random.Random(2))
        assert match.finished and len(match.sheet) == 2
        assert max(match.totals) < 10_000
        assert match.result is not None
        totals = match.result.totals
        assert match.result.winner == (
            None if totals[0] == totals[1] else int(totals[1] > totals[0])
        )


# --------------------------------------------------------------------------- 2.3 online-short


class TestOnlineShortPreset:
    def test_as_online_classic_to_750_or_8_hands(self) -> None:
        short = RuleSet.preset("online-short")
        classic = RuleSet.preset("online-classic").to_dict()
        expected = {**classic, "match_hands": 8, "target_score": 750, "name": "online-short"}
        assert short.to_dict() == expected
        assert short.label == "online-short"

    @pytest.mark.parametrize("seed", ["short-1", "short-2", "short-3"])
    def test_a_match_ends_at_750_or_after_8_hands(self, seed: str) -> None:
        match = Match(RuleSet.preset("online-short"), seed)
        play_random_match(match, random.Random(seed))
        totals = _running_totals(match)
        assert match.finished
        reached = [n for n, t in enumerate(totals, start=1) if max(t) >= 750]
        assert len(match.sheet) == min(reached[0] if reached else 8, 8)


# --------------------------------------------------------------------------- this index


def test_the_index_names_tests_that_exist() -> None:
    # The docstring above says where each worked example is tested; a renamed or moved
    # test must take its line in the index along (a stale name sends the reader nowhere).
    tests = Path(__file__).resolve().parent.parent
    index = ast.get_docstring(ast.parse(Path(__file__).read_text(encoding="utf-8"))) or ""
    defined = set()
    for path in tests.rglob("*.py"):
        defined.add(path.stem)  # a test file named by itself
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                defined.add(node.name)
    named = set(re.findall(r"\b(Test\w+|test_\w+)\b", index))
    paths = set(re.findall(r"\btests/[\w/]+\.py\b", index))
    assert named - defined == set()
    assert {p for p in paths if not (tests.parent / p).exists()} == set()
