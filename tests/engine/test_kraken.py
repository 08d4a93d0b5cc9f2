"""Kraken (docs/rules.md 2.5), roem from the hand (2.6), double spades (2.7) and the kraken
presets (2.3): every worked example of those sections, the calls as a hand takes them, and
what a refused call leaves unchanged."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import (
    CallDouble,
    ChooseTrump,
    ComboKind,
    ErrorCode,
    Hand,
    HandScore,
    InvalidInput,
    Match,
    PassDouble,
    Phase,
    RuleError,
    RuleSet,
    RuleViolation,
    SheetLine,
    Suit,
    find_hand_roem,
    roem_of_trick,
    score_hand,
    trick_points,
)
from bot.engine.handroem import combinations_of, trick_roem_after
from bot.engine.tricks import scored_points

from .helpers import cs, logged, play_random_hand, play_random_match, random_action

KRAKEN = RuleSet.preset("kraken")
C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


def kraken(**options: Any) -> RuleSet:
    return KRAKEN.with_options(**options)


def called_hand(rules: RuleSet, dealer: int, trump: Suit, calls: str, seed: int = 1) -> Hand:
    """A dealt hand with trump named by the seat left of the dealer and then the calls, a
    string of ``k`` (call) and ``p`` (pass), each made by the seat the hand asks."""
    hand = Hand.deal(rules, dealer, random.Random(seed))
    chooser = hand.to_act
    assert chooser is not None
    hand.choose_trump(chooser, trump)
    for step in calls:
        seat, level = hand.to_act, hand.call_level
        assert seat is not None and level is not None, "a call after the calls are over"
        hand.apply((CallDouble if step == "k" else PassDouble)(seat, level))
    assert hand.phase == Phase.PLAY, "the calls should be over"
    return hand


def asked(hand: Hand) -> list[int]:
    seats = []
    while hand.phase == Phase.DOUBLING:
        seat, level = hand.to_act, hand.call_level
        assert seat is not None and level is not None
        seats.append(seat)
        hand.pass_call(seat, level)
    return seats


# --------------------------------------------------------------------------- 2.3 presets


class TestPresets:
    def test_kraken(self) -> None:
        assert KRAKEN.obligations == "amsterdam"
        assert KRAKEN.trump_selection == "mandatory"
        assert (KRAKEN.doubling, KRAKEN.doubling_levels) == ("kraken", 3)
        assert (KRAKEN.roem_source, KRAKEN.hand_roem_award) == ("both", "best_combination")
        assert (KRAKEN.four_jacks, KRAKEN.four_nines, KRAKEN.match_hands) == (200, 150, 16)
        assert KRAKEN.label == "kraken" and KRAKEN.kraken

    def test_kraken_rotterdam_is_kraken_with_rotterdam_obligations(self) -> None:
        rotterdam = RuleSet.preset("kraken-rotterdam")
        assert rotterdam.overrides() == {} and rotterdam.obligations == "rotterdam"
        assert rotterdam.to_dict() == {
            **KRAKEN.to_dict(),
            "obligations": "rotterdam",
            "name": "kraken-rotterdam",
        }

    def test_doubling_needs_nat(self) -> None:
        with pytest.raises(RuleError) as info:
            kraken(nat_enabled=False)
        assert info.value.code == ErrorCode.DOUBLING_WITHOUT_NAT

    @pytest.mark.parametrize(
        ("option", "wrong"),
        [
            ("doubling", "on"),
            ("doubling_levels", 4),
            ("multiplier_scope", "roem"),
            ("doubled_result", "split"),
            ("double_tie", "shared"),
            ("roem_source", "table"),
            ("hand_roem_award", "sum"),
            ("spades_double", True),
            ("four_nines", 200),
        ],
    )
    def test_values_outside_2_5_to_2_7_are_refused(self, option: str, wrong: Any) -> None:
        with pytest.raises(RuleError) as info:
            RuleSet().with_options(**{option: wrong})
        assert info.value.facts["option"] == option

    def test_default_rules_are_not_kraken(self) -> None:
        assert not RuleSet().kraken and not RuleSet.preset("online-classic").kraken


# --------------------------------------------------------------------------- 2.5 the calls


class TestCallOrder:
    def test_defenders_from_left_of_the_chooser_then_the_makers(self) -> None:
        """docs/rules.md 2.5: kraak round from the defender left of the seat that named
        trump; rekraak round that seat, then its partner; superkraak as the kraak round."""
        hand = Hand.deal(KRAKEN, 1, random.Random(3))
        hand.choose_trump(2, D)  # left of dealer 1 names (mandatory)
        assert hand.phase == Phase.DOUBLING and hand.call_level == 1
        assert hand.call_seats() == (3, 1)
        hand.call(3, 1)
        assert hand.call_seats() == (2, 0) and hand.to_act == 2 and hand.call_level == 2
        hand.call(2, 2)
        assert asked(hand) == [3, 1]
        assert hand.calls == [3, 2] and hand.multiplier == 4 and hand.bearing_pair == 0

    def test_both_defenders_pass_plays_undoubled(self) -> None:
        hand = Hand.deal(KRAKEN, 3, random.Random(4))
        hand.choose_trump(0, H)
        assert asked(hand) == [1, 3]
        assert hand.calls == [] and hand.multiplier == 1 and hand.bearing_pair == 0
        assert hand.to_act == 0  # left of the dealer leads

    @pytest.mark.parametrize(("levels", "calls"), [(1, "k"), (2, "kk"), (3, "kkk")])
    def test_doubling_levels_end_the_calls(self, levels: int, calls: str) -> None:
        hand = called_hand(kraken(doubling_levels=levels), 3, H, calls)
        assert len(hand.calls) == levels and hand.multiplier == 2**levels

    def test_the_first_kraak_ends_the_round(self) -> None:
        hand = called_hand(KRAKEN, 3, H, "kpp")
        assert hand.calls == [1]

    def test_no_doubling_goes_straight_to_play(self) -> None:
        hand = Hand.deal(RuleSet(), 3, random.Random(5))
        hand.choose_trump(0, H)
        assert hand.phase == Phase.PLAY and hand.call_level is None


class TestCallRefusals:
    """Bad calls (issue: out of turn, wrong pair, after the first lead, twice at a level,
    stale): each refused with its code, the hand unchanged."""

    def refused(self, hand: Hand, action: CallDouble | PassDouble) -> ErrorCode:
        before = hand.to_dict()
        with pytest.raises(RuleViolation) as info:
            hand.apply(action)
        assert hand.to_dict() == before
        return info.value.code

    def test_out_of_turn_by_the_partner(self) -> None:
        hand = Hand.deal(KRAKEN, 3, random.Random(6))
        hand.choose_trump(0, H)
        assert self.refused(hand, CallDouble(3, 1)) == ErrorCode.NOT_YOUR_TURN

    def test_by_the_wrong_pair(self) -> None:
        hand = Hand.deal(KRAKEN, 3, random.Random(6))
        hand.choose_trump(0, H)
        assert self.refused(hand, CallDouble(2, 1)) == ErrorCode.WRONG_PAIR_CALL
        assert self.refused(hand, PassDouble(0, 1)) == ErrorCode.WRONG_PAIR_CALL

    def test_a_second_call_at_the_same_level_is_stale(self) -> None:
        hand = Hand.deal(KRAKEN, 3, random.Random(6))
        hand.choose_trump(0, H)
        hand.call(1, 1)
        assert self.refused(hand, CallDouble(3, 1)) == ErrorCode.STALE_CALL
        assert self.refused(hand, CallDouble(0, 3)) == ErrorCode.STALE_CALL

    def test_after_the_first_lead(self) -> None:
        hand = called_hand(KRAKEN, 3, H, "pp")
        hand.play(0, hand.legal(0)[0])
        assert self.refused(hand, CallDouble(0, 1)) == ErrorCode.WRONG_PHASE

    def test_before_trump(self) -> None:
        hand = Hand.deal(KRAKEN, 3, random.Random(6))
        assert self.refused(hand, CallDouble(1, 1)) == ErrorCode.WRONG_PHASE

    def test_at_a_table_without_doubling(self) -> None:
        hand = Hand.deal(RuleSet(), 3, random.Random(6))
        hand.choose_trump(0, H)
        assert self.refused(hand, CallDouble(1, 1)) == ErrorCode.NO_CALL_NOW
        assert hand.may_call(1) is None

    def test_may_call_says_who_is_asked(self) -> None:
        hand = Hand.deal(KRAKEN, 3, random.Random(6))
        hand.choose_trump(0, H)
        assert [hand.may_call(seat) for seat in range(4)] == [None, 1, None, None]

    def test_the_refusal_carries_the_level_and_seat_asked(self) -> None:
        hand = Hand.deal(KRAKEN, 3, random.Random(6))
        hand.choose_trump(0, H)
        with pytest.raises(RuleViolation) as info:
            hand.call(3, 1)
        assert info.value.facts == {"level": 1, "to_act": 1}


# --------------------------------------------------------------------------- 2.5 examples


def score(
    rules: RuleSet,
    points: tuple[int, int],
    roem: tuple[int, int],
    calls: int,
    spades: bool = False,
    tricks: tuple[int, int] = (4, 4),
) -> HandScore:
    """Pair 0 the makers, as in every example of docs/rules.md 2.5 to 2.7."""
    return score_hand(0, points, roem, tricks, rules, calls, spades)


class TestWorkedExamples25:
    def test_kraak_fails(self) -> None:
        """docs/rules.md 2.5, example 1: seat 1 kraaks; 96 + 20 against 66."""
        hand = called_hand(KRAKEN, 3, H, "kpp")
        assert (hand.calls, hand.multiplier, hand.bearing_pair) == ([1], 2, 1)
        result = score(KRAKEN, (96, 66), (20, 0), 1)
        assert result.scores == (364, 0) and result.nat_pair == 1 and not result.nat
        assert score(kraken(multiplier_scope="cards"), (96, 66), (20, 0), 1).scores == (344, 0)
        each_own = score(kraken(doubled_result="each_own"), (96, 66), (20, 0), 1)
        assert each_own.scores == (232, 132) and each_own.nat_pair == 1

    def test_rekraak_makers_fail(self) -> None:
        """docs/rules.md 2.5, example 2: dealer 1, seat 2 names diamonds, 3 kraak, 2 rekraak."""
        hand = called_hand(KRAKEN, 1, D, "kkpp")
        assert (hand.calls, hand.multiplier, hand.bearing_pair) == ([3, 2], 4, 0)
        result = score(KRAKEN, (70, 92), (0, 50), 2)
        assert result.scores == (0, 848) and result.nat and result.nat_pair == 0
        assert score(kraken(multiplier_scope="cards"), (70, 92), (0, 50), 2).scores == (0, 698)

    def test_a_tie_after_a_kraak(self) -> None:
        """docs/rules.md 2.5, example 3: seat 1 passes, seat 3 kraaks; 81 against 81."""
        hand = called_hand(KRAKEN, 3, C, "pkpp")
        assert (hand.calls, hand.bearing_pair) == ([3], 1)
        assert score(KRAKEN, (81, 81), (0, 0), 1).scores == (324, 0)
        makers_lose = score(kraken(double_tie="makers_lose"), (81, 81), (0, 0), 1)
        assert makers_lose.scores == (0, 324) and makers_lose.nat_pair == 0
        assert score(KRAKEN, (81, 81), (0, 0), 0).scores == (0, 162)

    def test_superkraak(self) -> None:
        """docs/rules.md 2.5, example 4: 1 kraak; 0 passes, 2 rekraak; 1 passes, 3 superkraak."""
        hand = called_hand(KRAKEN, 3, H, "kpkpk")
        assert (hand.calls, hand.multiplier, hand.bearing_pair) == ([1, 2, 3], 8, 1)
        assert score(KRAKEN, (90, 72), (20, 0), 3).scores == (1456, 0)

    def test_kraak_with_double_spades(self) -> None:
        """docs/rules.md 2.5, example 5: spades trump, a kraak: multiplier 4."""
        rules = kraken(spades_double="multiply")
        hand = called_hand(rules, 3, S, "kpp")
        assert hand.multiplier == 4
        assert score(rules, (100, 62), (0, 0), 1, spades=True).scores == (648, 0)

    def test_the_pit_is_lost_with_the_score(self) -> None:
        """docs/rules.md 2.5 (decisions.md): all 8 tricks against four jacks from the hand."""
        result = score(KRAKEN, (162, 0), (0, 200), 1, tricks=(8, 0))
        assert result.scores == (0, (162 + 200) * 2) and result.pit == 0

    def test_the_pit_bonus_is_the_winners(self) -> None:
        result = score(KRAKEN, (162, 0), (0, 0), 1, tricks=(8, 0))
        assert result.scores == ((162 + 100) * 2, 0)
        cards = score(kraken(multiplier_scope="cards"), (162, 0), (0, 0), 1, tricks=(8, 0))
        assert cards.scores == (162 * 2 + 100, 0)

    def test_each_own_when_the_defenders_win_is_winner_takes_all(self) -> None:
        result = score(kraken(doubled_result="each_own"), (70, 92), (0, 50), 2)
        assert result.scores == (0, 848)

    def test_nat_counts_roem_off_decides_on_card_points(self) -> None:
        rules = kraken(nat_counts_roem=False)
        assert score(rules, (90, 72), (0, 50), 1).scores == ((162 + 50) * 2, 0)

    def test_zero_bonus_only_without_a_call(self) -> None:
        rules = kraken(zero_bonus=50)
        assert score(rules, (162, 0), (0, 0), 1, tricks=(7, 1)).scores == (324, 0)
        assert score(rules, (162, 0), (0, 0), 0, tricks=(7, 1)).scores == (212, 0)

    def test_more_calls_than_the_rules_allow_are_refused(self) -> None:
        with pytest.raises(ValueError) as info:
            score(kraken(doubling_levels=1), (90, 72), (0, 0), 2)
        assert getattr(info.value, "code", None) == ErrorCode.TOO_MANY_CALLS
        with pytest.raises(ValueError):
            score(RuleSet(), (90, 72), (0, 0), 1)


# --------------------------------------------------------------------------- 2.6 hand roem

DEAL_A = [
    "Th Jh Qh Kh 7s 8s 9s Ac",
    "Td Jd Qd Kd Ad 7c 8c 9c",
    "Ah 9h 8h 7h Ts Js Qs Kc",
    "Tc Jc Qc 7d 8d 9d Ks As",
]
DEAL_B = [
    "7s 8s 9s Ts Ah Kh Qh 7d",
    "9c Tc Jc Qc Kc Ks Ad 9d",
    "Jd Qd Kd 9h Th Jh 7c 8c",
    "Ac 8d Td 7h 8h Js Qs As",
]
DEAL_C = [
    "8s 9s Ts Ac Qc Kd 7h Jh",
    "8h 9h Th As Qs Ad 7c 9c",
    "7s Js Kh Ah 8c Tc Jd 7d",
    "Jc Kc 8d 9d Td Qd Qh Ks",
]


def deal(rows: list[str]) -> list[list[Any]]:
    return [cs(row) for row in rows]


PAIR_TOTAL = kraken(hand_roem_award="pair_total")


class TestWorkedExamples26:
    def test_the_best_combination_decides(self) -> None:
        """docs/rules.md 2.6, example 1 (deal A, hearts): 160 for pair 1, stuk 20 for pair 0."""
        found = find_hand_roem(deal(DEAL_A), H, KRAKEN)
        assert found.points == (20, 160) and found.scoring == (False, True)
        assert found.best[0] is not None and found.best[0].points == 50
        assert found.best[1] is not None and found.best[1].points == 100
        assert str(found.best[1].top) == "A♦"
        assert find_hand_roem(deal(DEAL_A), H, PAIR_TOTAL).points == (20, 160)

    def test_the_two_award_methods_differ(self) -> None:
        """docs/rules.md 2.6, example 2 (deal B, clubs): 0/120 against 110/20."""
        assert find_hand_roem(deal(DEAL_B), C, KRAKEN).points == (0, 120)
        assert find_hand_roem(deal(DEAL_B), C, PAIR_TOTAL).points == (110, 20)

    def test_tie_breaks(self) -> None:
        """docs/rules.md 2.6, example 3 (deal C, diamonds): spades beat hearts and diamonds."""
        found = find_hand_roem(deal(DEAL_C), D, KRAKEN)
        assert found.points == (20, 0) and found.stuk_seat is None
        assert find_hand_roem(deal(DEAL_C), D, PAIR_TOTAL).points == (0, 40)

    def test_hand_roem_sinks_a_strong_contract(self) -> None:
        """docs/rules.md 2.6, example 4: deal A with a kraak; 130 + 20 against 32 + 160."""
        hand = Hand.from_cards(KRAKEN, 3, deal(DEAL_A))
        hand.choose_trump(0, H)
        hand.call(1, 1)
        hand.pass_call(0, 2)
        hand.pass_call(2, 2)
        assert hand.roem == [20, 160] and hand.bearing_pair == 1
        assert score(KRAKEN, (130, 32), (20, 160), 1).scores == (0, 684)
        assert score(kraken(multiplier_scope="cards"), (130, 32), (20, 160), 1).scores == (0, 504)
        assert score(KRAKEN, (130, 32), (20, 160), 0).scores == (0, 342)

    def test_what_the_table_is_told(self) -> None:
        """docs/rules.md 2.6: each pair's best, the scoring pair's combinations, stuk."""
        shown = find_hand_roem(deal(DEAL_A), H, KRAKEN).announced()
        assert sorted((c.seat, c.points) for c in shown) == [
            (0, 20),  # stuk of seat 0 (its runs are denied; its best is shown)
            (0, 50),
            (1, 20),
            (1, 100),
            (3, 20),
            (3, 20),
        ]

    def test_a_run_counts_once_at_its_length(self) -> None:
        found = find_hand_roem([cs("7h 8h 9h Th Jh 7s 8s 9s")] + deal(DEAL_A)[1:], C, KRAKEN)
        assert sorted(c.points for c in found.of_pair(0) if c.seat == 0) == [20, 100]

    def test_four_of_a_kind_and_a_run_share_a_card(self) -> None:
        """docs/rules.md 2.6 (decisions.md): a card in one run and one four of a kind."""
        cards = cs("Jc Jd Jh Js 8h 9h Th Ac")
        kinds = sorted(
            (c.kind, c.points) for c in find_hand_roem([cards, [], [], []], C, KRAKEN).combinations
        )
        assert kinds == [(ComboKind.FOUR, 200), (ComboKind.RUN, 50)]

    def test_no_combination_scores_nothing(self) -> None:
        empty = find_hand_roem([cs("7c 9c Jc Kc 7d 9d Jd Kd"), [], [], []], H, KRAKEN)
        assert empty.points == (0, 0) and empty.best == (None, None)

    def test_stuk_scored_from_the_hand_is_not_scored_again_in_a_trick(self) -> None:
        held = find_hand_roem(deal(DEAL_A), H, KRAKEN)
        assert held.stuk_seat == 0
        trick = roem_of_trick(cs("Qh Kh Jh 7c"), H, KRAKEN)
        assert trick.points == 40 and trick_roem_after(trick, held).points == 20
        assert trick_roem_after(roem_of_trick(cs("Qh Kh 7c 8c"), H, KRAKEN), held).points == 0

    def test_hand_only_counts_no_trick_roem_and_opens_no_claim(self) -> None:
        rules = kraken(roem_source="hand")
        hand = Hand.from_cards(rules, 3, deal(DEAL_A))
        hand.choose_trump(0, H)
        asked(hand)
        assert hand.roem == [20, 160]
        play_random_hand(hand, random.Random(2))
        assert hand.roem == [20, 160] and all(not t.roem for t in hand.tricks)

    def test_trick_only_counts_no_hand_roem(self) -> None:
        hand = Hand.from_cards(kraken(roem_source="trick"), 3, deal(DEAL_A))
        hand.choose_trump(0, H)
        asked(hand)
        assert hand.roem == [0, 0]


# --------------------------------------------------------------------------- 2.3 and 2.7


class TestFourNinesAndJacks:
    def test_four_nines_150(self) -> None:
        """docs/rules.md 2.3: under kraken 9c 9d 9h 9s (clubs trump) is 14 points, 150 roem."""
        trick = cs("9c 9d 9h 9s")
        assert trick_points(trick, C) == 14 and roem_of_trick(trick, C, KRAKEN).points == 150

    @pytest.mark.parametrize(
        ("rules", "roem"), [(KRAKEN, 200), (RuleSet(), 200), (RuleSet(four_jacks=100), 100)]
    )
    def test_four_jacks(self, rules: RuleSet, roem: int) -> None:
        """docs/rules.md 2.3, example: J♠ J♥ J♦ J♣ with hearts trump, 26 points."""
        trick = cs("Js Jh Jd Jc")
        assert trick_points(trick, H) == 26 and roem_of_trick(trick, H, rules).points == roem


SPADES = RuleSet(spades_double="multiply")


class TestDoubleSpades:
    def test_no_call(self) -> None:
        """docs/rules.md 2.7, example 1: 120 against 62, doubled."""
        result = score(SPADES, (100, 62), (20, 0), 0, spades=True)
        assert result.scores == (240, 124) and result.multiplier == 2

    def test_nat(self) -> None:
        """docs/rules.md 2.7, example 2: 70 against 92 + 20: (162 + 20) x 2."""
        assert score(SPADES, (70, 92), (0, 20), 0, spades=True).scores == (0, 364)

    def test_other_trump(self) -> None:
        """docs/rules.md 2.7, example 3: hearts trump, nothing doubles."""
        assert score(SPADES, (100, 62), (20, 0), 0).scores == (120, 62)

    def test_scope_cards_doubles_card_points_only(self) -> None:
        rules = SPADES.with_options(multiplier_scope="cards")
        assert score(rules, (100, 62), (20, 0), 0, spades=True).scores == (220, 124)
        assert score(rules, (70, 92), (0, 20), 0, spades=True).scores == (0, 344)

    def test_the_zero_bonus_is_multiplied_like_the_pit(self) -> None:
        """docs/rules.md 2.7 (decisions.md): x m under scope all, once under cards."""
        rules = SPADES.with_options(zero_bonus=50)
        assert score(rules, (162, 0), (0, 0), 0, spades=True, tricks=(7, 1)).scores == (424, 0)
        cards = rules.with_options(multiplier_scope="cards")
        assert score(cards, (162, 0), (0, 0), 0, spades=True, tricks=(7, 1)).scores == (374, 0)

    def test_off_ignores_spades(self) -> None:
        assert score(RuleSet(), (100, 62), (20, 0), 0, spades=True).scores == (120, 62)


TRUMP_VALUES = RuleSet(spades_double="trump_values")


class TestSpadesTrumpValues:
    """docs/rules.md 2.7 with ``spades_double="trump_values"`` (VARIANTS 4.4 and 9a.7)."""

    def test_a_trick_of_doubled_spades(self) -> None:
        """VARIANTS 4.4: J♠ 9♠ A♥ T♥ with spades trump is 40 + 28 + 11 + 10 = 89."""
        trick = cs("Js 9s Ah Th")
        assert scored_points(trick, S, TRUMP_VALUES) == 89
        assert scored_points(trick, S, RuleSet()) == trick_points(trick, S) == 20 + 14 + 21
        assert scored_points(cs("Jh 9h As Ts"), H, TRUMP_VALUES) == 20 + 14 + 21

    def test_113_is_made_and_112_is_nat(self) -> None:
        """VARIANTS 4.4: 113 / 111 is made, 112 / 112 nat (224 to the defenders)."""
        made = score(TRUMP_VALUES, (113, 111), (0, 0), 0, spades=True)
        assert (made.scores, made.nat, made.multiplier) == ((113, 111), False, 1)
        nat = score(TRUMP_VALUES, (112, 112), (0, 0), 0, spades=True)
        assert (nat.scores, nat.nat) == ((0, 224), True)

    def test_224_replaces_162_after_a_call(self) -> None:
        """VARIANTS 9a.7: a kraak the makers beat, spades trump: (224 + 20) x 2."""
        rules = kraken(spades_double="trump_values")
        assert score(rules, (150, 74), (20, 0), 1, spades=True).scores == (488, 0)
        cards = rules.with_options(multiplier_scope="cards")
        assert score(cards, (150, 74), (20, 0), 1, spades=True).scores == (468, 0)
        assert score(rules, (100, 62), (20, 0), 1).scores == (364, 0)  # hearts: 162

    def test_the_pack_holds_224_only_with_spades(self) -> None:
        with pytest.raises(InvalidInput) as info:
            score(TRUMP_VALUES, (100, 62), (0, 0), 0, spades=True)
        assert (info.value.code, info.value.facts["total"]) == (ErrorCode.POINTS_TOTAL, 224)
        with pytest.raises(InvalidInput):
            score(TRUMP_VALUES, (113, 111), (0, 0), 0)
        assert score(TRUMP_VALUES, (100, 62), (20, 0), 0).scores == (120, 62)

    def test_a_played_hand_with_spades_trump_counts_224(self) -> None:
        hand = Hand.deal(TRUMP_VALUES, 3, random.Random(4))
        hand.choose_trump(0, S)
        play_random_hand(hand, random.Random(5))
        assert sum(hand.points) == 224 and hand.result is not None
        other = Hand.deal(TRUMP_VALUES, 3, random.Random(4))
        other.choose_trump(0, D)
        play_random_hand(other, random.Random(5))
        assert sum(other.points) == 162


class TestHandRoemWithoutCardReuse:
    """docs/rules.md 2.6.1 with ``hand_roem_card_reuse=False`` (VARIANTS 9a.4)."""

    def test_four_jacks_and_the_run_left(self) -> None:
        """9a.4: 7-8-9-T-J♥ with J♣ J♦ J♠ counts four jacks 200 and 7-8-9-T♥ 50."""
        cards = cs("7h 8h 9h Th Jh Jc Jd Js")
        once = combinations_of(0, cards, C, kraken(hand_roem_card_reuse=False))
        assert sorted((c.kind, c.points) for c in once) == [
            (ComboKind.FOUR, 200),
            (ComboKind.RUN, 50),
        ]
        reused = combinations_of(0, cards, C, KRAKEN)
        assert sum(c.points for c in reused) == 300

    def test_equal_totals_take_the_higher_best_combination(self) -> None:
        """9a.4: 8-9-T-J-Q♥ with T♣ T♦ T♠ counts the run to the queen, not four tens."""
        cards = cs("8h 9h Th Jh Qh Tc Td Ts")
        once = combinations_of(0, cards, C, kraken(hand_roem_card_reuse=False))
        assert [(c.kind, c.points, str(c.top)) for c in once] == [(ComboKind.RUN, 100, "Q♥")]

    def test_stuk_is_counted_beside_a_four_of_a_kind(self) -> None:
        """decisions.md: stuk is no run nor four of a kind, so it keeps its king."""
        cards = cs("Kc Kd Kh Ks Qc 7d 8d 9d")
        once = combinations_of(0, cards, C, kraken(hand_roem_card_reuse=False))
        assert sorted((c.points, c.kind) for c in once) == [
            (20, ComboKind.RUN),
            (20, ComboKind.STUK),
            (100, ComboKind.FOUR),
        ]

    def test_without_a_four_of_a_kind_nothing_changes(self) -> None:
        rules = kraken(hand_roem_card_reuse=False)
        for rows in (DEAL_A, DEAL_B, DEAL_C):
            for trump in Suit:
                assert find_hand_roem(deal(rows), trump, rules) == find_hand_roem(
                    deal(rows), trump, KRAKEN
                )


# --------------------------------------------------------------------------- the match


class TestMatch:
    @pytest.mark.parametrize("name", ["kraken", "kraken-rotterdam"])
    def test_a_kraken_match_plays_to_the_end_and_replays_from_its_log(self, name: str) -> None:
        rules = RuleSet.preset(name)
        match = Match(rules, f"{name}-replay")
        log = logged(play_random_match(match, random.Random(9)))
        assert match.finished and len(match.sheet) == 16
        assert any(line.callers for line in match.sheet)
        again = Match.replay(rules, f"{name}-replay", None, log)
        assert again.to_dict() == match.to_dict()
        assert Match.from_dict(match.to_dict()).to_dict() == match.to_dict()

    def test_the_sheet_line_records_the_calls(self) -> None:
        match = Match(KRAKEN, "kraken-sheet", first_dealer=3)
        hand = match.hand
        assert hand is not None
        calls = [ChooseTrump(0, H), CallDouble(1, 1), CallDouble(0, 2), PassDouble(1, 3)]
        for action in [*calls, PassDouble(3, 3)]:
            match.apply(action)
        rng = random.Random(1)
        while match.hand is hand:
            match.apply(random_action(hand, rng))
        line = match.sheet[0]
        assert line.callers == (1, 0) and line.multiplier == 4
        assert line.loser in (0, 1) and line.scores[line.loser] == 0
        assert line.hand_roem == hand.hand_roem.points
        assert SheetLine.from_dict(line.to_dict()) == line

    def test_a_line_without_calls_is_stored_as_before(self) -> None:
        match = Match(RuleSet(), "plain")
        play_random_match(match, random.Random(2), stop_after=200)
        assert all(set(line.to_dict()) == PLAIN_LINE_KEYS for line in match.sheet)


PLAIN_LINE_KEYS = {
    "number",
    "dealer",
    "trump",
    "makers",
    "chooser",
    "points",
    "roem",
    "scores",
    "nat",
    "pit",
}
