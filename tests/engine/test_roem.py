"""Roem of a captured trick (docs/rules.md 1.7) and the four-of-a-kind options of section 2."""

from __future__ import annotations

import itertools

import pytest

from bot.engine import ErrorCode, InvalidInput, RoemKind, RuleSet, Suit, roem_of_trick

from .helpers import c, cs, ref_roem

H, C = Suit.HEARTS, Suit.CLUBS
RULES = RuleSet()


def roem(trick: str, trump: Suit = H, rules: RuleSet = RULES) -> int:
    cards = cs(trick)
    points = roem_of_trick(cards, trump, rules).points
    # The order of the cards in the trick never matters.
    for perm in itertools.permutations(cards):
        assert roem_of_trick(list(perm), trump, rules).points == points
    return points


class TestRuns:
    @pytest.mark.parametrize(
        "trick",
        ["7c 8c 9c Ad", "Qc Kc Ac 7d", "Tc Jc Qc 8s", "8d 9d Td 7s", "9s Ts Js 7c", "Jd Qd Kd 7c"],
    )
    def test_three_in_a_plain_suit(self, trick: str) -> None:
        assert roem(trick) == 20

    @pytest.mark.parametrize("trick", ["7h 8h 9h Ac", "8h 9h Th 7c", "Th Jh Qh 7c", "9h Th Jh 7c"])
    def test_three_in_trump_natural_order(self, trick: str) -> None:
        assert roem(trick) == 20

    def test_q_k_a_of_trump_has_stuk_too(self) -> None:
        assert roem("Qh Kh Ah 7c") == 40

    @pytest.mark.parametrize("trick", ["7c 8c 9c Tc", "Jd Qd Kd Ad", "9s Ts Js Qs", "8h 9h Th Jh"])
    def test_four_is_50_not_70(self, trick: str) -> None:
        assert roem(trick) == 50

    def test_run_in_play_order_not_needed(self) -> None:
        assert roem("9c Ad 7c 8c") == 20

    @pytest.mark.parametrize("trick", ["7c 8d 9c Ad", "7c 8d 9h Ts", "Qc Kd Ah 7s", "Jc Qc Kd Ad"])
    def test_no_run_across_suits(self, trick: str) -> None:
        assert roem(trick) == 0

    @pytest.mark.parametrize(
        "trick",
        [
            "Jh 9h Ah 7c",  # trump order 1-2-3 is not a run
            "Ah Th Kh 7c",  # trump order 3-4-5: natural 10, K, A has a gap
            "Ac Tc Kc 7d",  # plain order 1-2-3 is not a run
            "Kc Ac 7c 8d",  # no wrap-around A-7
            "Ac 7c 8c 9d",
            "7c 8c Tc Jc",  # gap at 9
        ],
    )
    def test_only_natural_order_counts(self, trick: str) -> None:
        assert roem(trick, H) == 0

    def test_three_plus_a_gapped_card_is_a_three_run(self) -> None:
        assert roem("7c 8c 9c Jc") == 20
        assert roem("7c 9c Tc Jc") == 20

    def test_run_parts(self) -> None:
        result = roem_of_trick(cs("7c 8c 9c Tc"), H, RULES)
        assert [p.kind for p in result.parts] == [RoemKind.RUN4]
        result = roem_of_trick(cs("7c 8c 9c Ad"), H, RULES)
        assert [p.kind for p in result.parts] == [RoemKind.RUN3]
        assert sorted(x.code for x in result.parts[0].cards) == sorted(["7c", "8c", "9c"])


class TestStuk:
    def test_stuk_alone(self) -> None:
        assert roem("Kh Qh 7c 8d") == 20
        assert roem("Kh Qh 9h 7c") == 20  # 9-Q-K is no run

    def test_king_and_queen_of_a_plain_suit_are_no_stuk(self) -> None:
        assert roem("Kc Qc 7d 8s") == 0

    def test_stuk_needs_both(self) -> None:
        assert roem("Kh Qc 7d 8s") == 0
        assert roem("Qh Kc 7d 8s") == 0

    def test_stuk_follows_the_trump_suit(self) -> None:
        assert roem("Kc Qc 7d 8s", trump=C) == 20
        assert roem("Kh Qh 7d 8s", trump=C) == 0

    def test_worked_example_q_k_j(self) -> None:
        assert roem("Qh Kh Jh 7c") == 40

    def test_worked_example_10_j_q_k(self) -> None:
        assert roem("Th Jh Qh Kh") == 70

    def test_stuk_with_four_run_j_q_k_a(self) -> None:
        assert roem("Jh Qh Kh Ah") == 70

    def test_stuk_parts(self) -> None:
        result = roem_of_trick(cs("Qh Kh Jh 7c"), H, RULES)
        kinds = sorted(p.kind for p in result.parts)
        assert kinds == sorted([RoemKind.RUN3, RoemKind.STUK])
        stuk = next(p for p in result.parts if p.kind == RoemKind.STUK)
        assert stuk.points == 20
        assert sorted(x.code for x in stuk.cards) == ["Kh", "Qh"]
        assert sum(p.points for p in result.parts) == result.points == 40


class TestFourOfAKind:
    @pytest.mark.parametrize("rank", ["A", "K", "Q", "T"])
    def test_hundred(self, rank: str) -> None:
        trick = " ".join(rank + suit for suit in "cdhs")
        assert roem(trick) == 100
        assert roem_of_trick(cs(trick), H, RULES).parts[0].kind == RoemKind.FOUR

    def test_four_kings_or_queens_hold_no_extra_stuk(self) -> None:
        # Four kings contain the trump king but not the queen: exactly 100.
        assert roem("Kc Kd Kh Ks") == 100
        assert roem("Qc Qd Qh Qs") == 100

    def test_four_jacks_200_by_default(self) -> None:
        assert roem("Jc Jd Jh Js") == 200

    def test_four_jacks_100_option(self) -> None:
        assert roem("Jc Jd Jh Js", rules=RuleSet(four_jacks=100)) == 100

    def test_four_nines_nothing_by_default(self) -> None:
        assert roem("9c 9d 9h 9s") == 0
        assert not roem_of_trick(cs("9c 9d 9h 9s"), H, RULES)

    def test_four_nines_100_option(self) -> None:
        assert roem("9c 9d 9h 9s", rules=RuleSet(four_nines=100)) == 100

    @pytest.mark.parametrize("rank", ["8", "7"])
    @pytest.mark.parametrize("rules", [RULES, RuleSet(four_nines=100), RuleSet(four_jacks=100)])
    def test_eights_and_sevens_nothing(self, rank: str, rules: RuleSet) -> None:
        assert roem(" ".join(rank + suit for suit in "cdhs"), rules=rules) == 0

    def test_options_do_not_leak_between_rule_sets(self) -> None:
        # The answer is memoised; a different option value must still be honoured.
        jacks = cs("Jc Jd Jh Js")
        assert roem_of_trick(jacks, H, RULES).points == 200
        assert roem_of_trick(jacks, H, RuleSet(four_jacks=100)).points == 100
        assert roem_of_trick(jacks, H, RULES).points == 200


class TestNoRoem:
    @pytest.mark.parametrize("trick", ["7c 9c Jc Kc", "Ac Ad As 7h", "Jh 9h 7c 8d", "Tc Td Th 7s"])
    def test_nothing(self, trick: str) -> None:
        result = roem_of_trick(cs(trick), H, RULES)
        assert result.points == 0
        assert not result
        assert result.parts == ()

    def test_three_of_a_kind_is_nothing(self) -> None:
        assert roem("Ac Ad Ah 7s") == 0


class TestImpossibleTricks:
    """A trick holds at most four cards, each once, under a real trump suit; anything else
    is refused with a code and facts rather than given a meaningless roem."""

    def test_five_cards(self) -> None:
        with pytest.raises(InvalidInput) as info:
            roem_of_trick(cs("Qh Kh Ah Jh 9h"), H, RULES)
        assert info.value.code == ErrorCode.TOO_MANY_CARDS
        assert info.value.facts == {"field": "trick", "count": 5, "max": 4}

    def test_a_card_twice(self) -> None:
        # Qh Qh Kh would otherwise look like a stuk; Jh Jh Jh Jh like four jacks.
        for trick in (["Qh", "Qh", "Kh"], ["Jh", "Jh", "Jh", "Jh"]):
            with pytest.raises(InvalidInput) as info:
                roem_of_trick([c(x) for x in trick], H, RULES)
            assert info.value.code == ErrorCode.DUPLICATE_CARD
            assert info.value.facts == {"card": c(trick[0]), "field": "trick"}

    @pytest.mark.parametrize("trump", [4, -1])
    def test_trump_that_is_no_suit(self, trump: int) -> None:
        with pytest.raises(InvalidInput) as info:
            roem_of_trick(cs("Qh Kh"), trump, RULES)
        assert info.value.code == ErrorCode.UNKNOWN_SUIT
        assert info.value.facts == {"text": str(trump), "field": "trump"}

    def test_partial_tricks_are_answered(self) -> None:
        assert roem_of_trick([], H, RULES).points == 0
        assert roem_of_trick(cs("Qh Kh"), H, RULES).points == 20


class TestAgainstReference:
    """Every trick of four cards from a 12-card slice, against the reference reading."""

    @pytest.mark.parametrize("trump", [H, C])
    @pytest.mark.parametrize(
        "pool",
        ["9h Th Jh Qh Kh Ah 9c Tc Jc Qc Kc Ac", "7c 8c 9c 7d 8d 9d Jc Jd Jh Js Qh Kh"],
    )
    def test_all_subsets(self, trump: Suit, pool: str) -> None:
        for rules in (RULES, RuleSet(four_jacks=100, four_nines=100)):
            for trick in itertools.combinations(cs(pool), 4):
                expected = ref_roem(trick, trump, rules.four_jacks, rules.four_nines)
                assert roem_of_trick(list(trick), trump, rules).points == expected, trick
