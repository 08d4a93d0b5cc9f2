"""Which cards may be played: docs/rules.md 1.5 rules 1-5 and the obligation options of section 2.

In every position the trick lists the cards already played, lead first; the acting player is
the next seat, so the partner is the card two places before the acting player.
"""

from __future__ import annotations

import random

import pytest

from bot.engine import (
    CARDS,
    Card,
    ErrorCode,
    IllegalReason,
    InvalidInput,
    PlayOptions,
    Rank,
    Reason,
    RuleSet,
    Suit,
    explain_illegal,
    legal_cards,
    partner_is_winning,
    play_options,
    trick_points,
    trick_winner,
)
from bot.engine.cards import mask_of
from bot.engine.obligations import legal_mask_at, trump_forced
from bot.engine.tricks import TRUMP_RANKING

from .helpers import c, codes, cs, ref_legal

H, C = Suit.HEARTS, Suit.CLUBS
AMSTERDAM = RuleSet()
ROTTERDAM = RuleSet.preset("rotterdam")
UNDERTRUMP = RuleSet(undertrump_obligation=True)
ROTTERDAM_UNDERTRUMP = RuleSet(obligations="rotterdam", undertrump_obligation=True)


def check(
    hand: str,
    trick: str,
    legal: str,
    refused: dict[str, tuple[Reason, Suit]] | None = None,
    rules: RuleSet = AMSTERDAM,
    trump: Suit = H,
) -> None:
    """Assert the exact legal set, and the reason (code and suit) for the refused cards,
    from legal_cards and explain_illegal and from play_options alike."""
    held, played = cs(hand), cs(trick)
    got = legal_cards(held, played, trump, rules)
    assert {x.code for x in got} == {x.code for x in cs(legal)}
    assert all(x in held for x in got)
    options = play_options(held, played, trump, rules)
    assert options.legal == tuple(x for x in held if x in got)
    for card in held:
        reason = explain_illegal(card, held, played, trump, rules)
        assert (reason is None) == (card in got), (str(card), reason)
    assert options.refused == tuple(
        (x, explain_illegal(x, held, played, trump, rules)) for x in held if x not in got
    )
    for text, (code, suit) in (refused or {}).items():
        assert explain_illegal(c(text), held, played, trump, rules) == IllegalReason(code, suit)


FOLLOW_C = (Reason.MUST_FOLLOW, C)
FOLLOW_H = (Reason.MUST_FOLLOW, H)
OVERTRUMP = (Reason.MUST_OVERTRUMP, H)
TRUMP = (Reason.MUST_TRUMP, H)
NO_UNDER = (Reason.NO_UNDERTRUMP, H)
UNDER = (Reason.MUST_UNDERTRUMP, H)


class TestWorkedExample:
    """Hearts trump. A leads A♣, B follows 7♣, C (A's partner) holds Q♥ and 7♦."""

    def test_partner_winning_c_may_discard(self) -> None:
        check("Qh 7d", "Ac 7c", legal="Qh 7d")

    def test_d_follows_and_a_takes_15(self) -> None:
        trick = cs("Ac 7c 7d Kc")
        assert trick_winner(trick, H) == 0
        assert trick_points(trick, H) == 15

    def test_opponent_trumped_c_must_overtrump(self) -> None:
        check("Qh 7d", "Ac 8h", legal="Qh", refused={"7d": OVERTRUMP})

    @pytest.mark.parametrize("trick", ["Ac 7c", "Ac 8h"])
    def test_with_a_club_c_must_follow(self, trick: str) -> None:
        check("Qh 7d 9c", trick, legal="9c", refused={"Qh": FOLLOW_C, "7d": FOLLOW_C})


class TestLeading:
    @pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM, ROTTERDAM_UNDERTRUMP])
    def test_any_card_may_lead(self, rules: RuleSet) -> None:
        check("Jh 7h Ac 7d 8s", "", legal="Jh 7h Ac 7d 8s", rules=rules)


class TestRule1FollowSuit:
    def test_opponent_winning(self) -> None:
        check("8c Jh 7d", "Ac", legal="8c", refused={"Jh": FOLLOW_C, "7d": FOLLOW_C})

    def test_partner_winning_never_frees(self) -> None:
        check("8c Jh 7d", "Ac 7c", legal="8c", refused={"Jh": FOLLOW_C, "7d": FOLLOW_C})

    def test_partner_winning_fourth_seat(self) -> None:
        check("8c 9c Ad", "7c Ac Tc", legal="8c 9c", refused={"Ad": FOLLOW_C})

    def test_following_with_a_low_card_is_fine_when_trick_is_trumped(self) -> None:
        check("8c Ac Jh", "Kc 7h", legal="8c Ac", refused={"Jh": FOLLOW_C})

    @pytest.mark.parametrize("rules", [ROTTERDAM, UNDERTRUMP, ROTTERDAM_UNDERTRUMP])
    def test_every_option_follows_suit(self, rules: RuleSet) -> None:
        check("8c Jh 7h 7d", "Ac 9h", legal="8c", refused={"Jh": FOLLOW_C}, rules=rules)


class TestRule2TrumpLed:
    def test_must_overtrump_an_opponent(self) -> None:
        check("Jh Qh 7c", "9h", legal="Jh", refused={"Qh": OVERTRUMP, "7c": FOLLOW_H})

    def test_must_overtrump_even_over_partner(self) -> None:
        check("9h Kh 7c", "Ah 7h", legal="9h", refused={"Kh": OVERTRUMP, "7c": FOLLOW_H})

    def test_must_overtrump_the_highest_trump_in_the_trick(self) -> None:
        check("Jh Ah Kh", "7h 9h Qh", legal="Jh", refused={"Ah": OVERTRUMP, "Kh": OVERTRUMP})

    def test_only_lower_trumps_play_any_trump(self) -> None:
        check("Qh 7h Ac", "Jh", legal="Qh 7h", refused={"Ac": FOLLOW_H})

    def test_lower_trumps_only_fourth_seat(self) -> None:
        check("Th Kh 8c", "7h 9h Ah", legal="Th Kh", refused={"8c": FOLLOW_H})

    def test_no_trump_any_card(self) -> None:
        check("Ac 7d Ks", "Jh", legal="Ac 7d Ks")

    @pytest.mark.parametrize("rules", [ROTTERDAM, UNDERTRUMP, ROTTERDAM_UNDERTRUMP])
    def test_options_do_not_change_trump_led(self, rules: RuleSet) -> None:
        check("Jh Qh 7c", "9h", legal="Jh", rules=rules)
        check("Qh 7h Ac", "Jh", legal="Qh 7h", rules=rules)
        check("Ac 7d", "Jh", legal="Ac 7d", rules=rules)


class TestRule3OpponentWinning:
    def test_second_seat_must_trump(self) -> None:
        check("7h Jh 7d", "7c", legal="7h Jh", refused={"7d": TRUMP})

    def test_must_trump_when_leader_partner_lost_to_opponent(self) -> None:
        # Partner led 7♣, the opponent's A♣ wins: the acting player must trump.
        check("7h 7d", "7c Ac", legal="7h", refused={"7d": TRUMP})

    def test_must_overtrump_opponents_trump(self) -> None:
        check("Jh Qh 7d", "Ac 9h", legal="Jh", refused={"Qh": OVERTRUMP, "7d": OVERTRUMP})

    def test_opponent_overtrumped_partner(self) -> None:
        # Fourth seat: opponent led, partner trumped 8♥, opponent overtrumped with Q♥.
        check("Kh 7h 7d", "Ac 8h Qh", legal="Kh", refused={"7h": OVERTRUMP, "7d": OVERTRUMP})

    def test_no_higher_trump_must_discard(self) -> None:
        check("Qh 7h 7d 8s", "Ac 9h", legal="7d 8s", refused={"Qh": NO_UNDER, "7h": NO_UNDER})

    def test_hand_of_only_lower_trumps_undertrumps(self) -> None:
        check("Qh 7h", "Ac 9h", legal="Qh 7h")

    def test_mixed_higher_and_lower_trumps(self) -> None:
        check("Jh 8h Ad", "Kc Qh", legal="Jh", refused={"8h": OVERTRUMP, "Ad": OVERTRUMP})


class TestRule4PartnerWinning:
    def test_partner_winning_with_plain_card(self) -> None:
        check("7h Jh 7d 8s", "Ac 7c", legal="7h Jh 7d 8s")

    def test_partner_trumped_undertrump_forbidden(self) -> None:
        check("Jh Qh 7d", "Ac 9h Kc", legal="Jh 7d", refused={"Qh": NO_UNDER})

    def test_partner_trumped_only_lower_trumps_and_discards(self) -> None:
        check("Qh 7h 7d", "Ac 9h Kc", legal="7d", refused={"Qh": NO_UNDER, "7h": NO_UNDER})

    def test_partner_trumped_hand_of_only_lower_trumps(self) -> None:
        check("Qh 7h", "Ac 9h Kc", legal="Qh 7h")

    def test_partner_trumped_higher_and_lower_trumps_only(self) -> None:
        check("Jh Qh", "Ac 9h Kc", legal="Jh", refused={"Qh": NO_UNDER})

    def test_partner_led_and_is_winning_third_seat(self) -> None:
        check("8h 7d", "Ac Kc", legal="8h 7d")

    def test_undertrump_obligation_does_not_apply_when_not_obliged(self) -> None:
        # Amsterdam, partner winning: nobody is obliged to trump, so the ban holds.
        check("Qh 7d", "Ac 9h Kc", legal="7d", refused={"Qh": NO_UNDER}, rules=UNDERTRUMP)


class TestRule5NoTrump:
    @pytest.mark.parametrize("trick", ["Ac", "Ac 9h", "Ac 7c", "Ac 9h Kc"])
    def test_void_without_trump_any_card(self, trick: str) -> None:
        check("7d 8s Kd", trick, legal="7d 8s Kd")
        check("7d 8s Kd", trick, legal="7d 8s Kd", rules=ROTTERDAM_UNDERTRUMP)


class TestRotterdam:
    def test_must_trump_when_partner_winning(self) -> None:
        check("7h Jh 7d", "Ac 7c", legal="7h Jh", refused={"7d": TRUMP}, rules=ROTTERDAM)

    def test_must_overtrump_partner(self) -> None:
        check(
            "Jh Qh 7d",
            "Ac 9h Kc",
            legal="Jh",
            refused={"Qh": OVERTRUMP, "7d": OVERTRUMP},
            rules=ROTTERDAM,
        )

    def test_cannot_overtrump_partner_discards(self) -> None:
        check("Qh 7d", "Ac 9h Kc", legal="7d", refused={"Qh": NO_UNDER}, rules=ROTTERDAM)

    def test_only_lower_trumps(self) -> None:
        check("Qh 7h", "Ac 9h Kc", legal="Qh 7h", rules=ROTTERDAM)

    def test_opponent_winning_same_as_amsterdam(self) -> None:
        check("Jh Qh 7d", "Ac 9h", legal="Jh", rules=ROTTERDAM)
        check("Qh 7d", "Ac 9h", legal="7d", rules=ROTTERDAM)


class TestUndertrumpObligation:
    def test_opponent_winning_must_undertrump(self) -> None:
        check("Qh 7h 7d", "Ac 9h", legal="Qh 7h", refused={"7d": UNDER}, rules=UNDERTRUMP)

    def test_overtrump_still_comes_first(self) -> None:
        check(
            "Jh Qh 7d",
            "Ac 9h",
            legal="Jh",
            refused={"Qh": OVERTRUMP, "7d": OVERTRUMP},
            rules=UNDERTRUMP,
        )

    def test_no_trump_in_trick_is_plain_must_trump(self) -> None:
        check("7h 7d", "Ac", legal="7h", refused={"7d": TRUMP}, rules=UNDERTRUMP)

    def test_rotterdam_partner_winning_must_undertrump(self) -> None:
        check("Qh 7d", "Ac 9h Kc", legal="Qh", refused={"7d": UNDER}, rules=ROTTERDAM_UNDERTRUMP)


class TestExplainIllegal:
    def test_not_in_hand(self) -> None:
        for trick in ["", "Ac", "Ac 9h"]:
            reason = explain_illegal(c("As"), cs("7d 8s"), cs(trick), H, AMSTERDAM)
            assert reason is not None and reason.code == Reason.NOT_IN_HAND

    def test_codes_are_stable_strings(self) -> None:
        assert {r.value for r in Reason} == {
            "not_in_hand",
            "must_follow",
            "must_overtrump",
            "must_trump",
            "no_undertrump",
            "must_undertrump",
        }

    def test_legal_card_has_no_reason(self) -> None:
        assert explain_illegal(c("8c"), cs("8c Jh"), cs("Ac"), H, AMSTERDAM) is None

    def test_other_trump_suit(self) -> None:
        # Clubs trump: a heart lead, void in hearts, must trump with a club.
        check("7c 7d", "Ah", legal="7c", refused={"7d": (Reason.MUST_TRUMP, C)}, trump=C)

    def test_inputs_are_not_mutated(self) -> None:
        hand, trick = cs("Qh 7h 7d"), cs("Ac 9h")
        legal_cards(hand, trick, H, AMSTERDAM)
        explain_illegal(c("Qh"), hand, trick, H, AMSTERDAM)
        assert hand == cs("Qh 7h 7d") and trick == cs("Ac 9h")


class TestPlayOptions:
    """The one answer front ends ask for: legal cards, a reason per refused card, and the
    trick facts those reasons refer to."""

    def test_leading_everything_is_legal(self) -> None:
        hand = cs("Ah 7c Qs")
        assert play_options(hand, [], H, AMSTERDAM) == PlayOptions(tuple(hand), ())

    def test_hand_order_is_kept_and_every_card_answered(self) -> None:
        hand = cs("7d Kc 8h Ac")
        options = play_options(hand, cs("Tc"), H, AMSTERDAM)
        assert options.legal == tuple(cs("Kc Ac"))
        assert options.refused == (
            (c("7d"), IllegalReason(Reason.MUST_FOLLOW, C)),
            (c("8h"), IllegalReason(Reason.MUST_FOLLOW, C)),
        )

    def test_trick_facts_opponent_trumped(self) -> None:
        # Partner led Ac, the opponent trumped with 9h: overtrump with Jh, not Qh or 7d.
        options = play_options(cs("Jh Qh 7d"), cs("Ac 9h"), H, AMSTERDAM)
        assert options.legal == (c("Jh"),)
        assert options.winning == c("9h")
        assert not options.partner_winning
        assert options.top_trump == c("9h")

    def test_trick_facts_partner_winning_without_trump(self) -> None:
        options = play_options(cs("7d 8s"), cs("Ac 7c"), H, AMSTERDAM)
        assert options.winning == c("Ac")
        assert options.partner_winning
        assert options.top_trump is None
        assert options.legal == tuple(cs("7d 8s"))

    def test_top_trump_is_the_highest_trump_not_the_last(self) -> None:
        # The partner (two cards back) trumped with Jh, the opponent under it with 9h.
        options = play_options(cs("Ah 7d"), cs("7c Jh 9h"), H, ROTTERDAM)
        assert options.top_trump == c("Jh")
        assert options.winning == c("Jh")
        assert options.partner_winning
        assert options.refused == ((c("Ah"), IllegalReason(Reason.NO_UNDERTRUMP, H)),)

    def test_copy_and_pickle(self) -> None:
        import copy
        import pickle

        options = play_options(cs("Jh Qh 7d"), cs("Ac 9h"), H, AMSTERDAM)
        assert copy.deepcopy(options) == options
        assert pickle.loads(pickle.dumps(options)) == options


class TestImpossiblePositions:
    """play_options and explain_illegal refuse a position no game reaches, with a code and
    the facts (``field`` names the argument at fault)."""

    @pytest.mark.parametrize(
        ("hand", "trick", "trump", "code", "facts"),
        [
            ("Jh 7d Jh", "", H, ErrorCode.DUPLICATE_CARD, {"card": "Jh", "field": "hand"}),
            ("Jh 7d", "Ac 8c Ac", H, ErrorCode.DUPLICATE_CARD, {"card": "Ac", "field": "trick"}),
            (
                "7c 8c 9c Tc Jc Qc Kc Ac 7d",
                "",
                H,
                ErrorCode.TOO_MANY_CARDS,
                {"field": "hand", "count": 9, "max": 8},
            ),
            ("", "Ac", H, ErrorCode.TOO_FEW_CARDS, {"field": "hand", "count": 0, "min": 1}),
            (
                "7d",
                "Ac Kc Qc Jc",
                H,
                ErrorCode.TOO_MANY_CARDS,
                {"field": "trick", "count": 4, "max": 3},
            ),
            ("7d Ac", "Kc Ac", H, ErrorCode.CARD_IN_HAND_AND_TRICK, {"card": "Ac"}),
            ("7d", "", 4, ErrorCode.UNKNOWN_SUIT, {"text": "4", "field": "trump"}),
            ("7d", "", -1, ErrorCode.UNKNOWN_SUIT, {"text": "-1", "field": "trump"}),
        ],
    )
    def test_refused_with_code_and_facts(
        self, hand: str, trick: str, trump: int, code: ErrorCode, facts: dict[str, object]
    ) -> None:
        held = [c(x) for x in hand.split()]  # not cs(): parse_cards refuses duplicates too
        played = [c(x) for x in trick.split()]
        expected = {k: c(v) if k == "card" else v for k, v in facts.items()}
        for ask in (
            lambda: play_options(held, played, trump, AMSTERDAM),
            lambda: explain_illegal(c("7d"), held, played, trump, AMSTERDAM),
        ):
            with pytest.raises(InvalidInput) as info:
                ask()
            assert info.value.code == code
            assert info.value.facts == expected
            assert isinstance(info.value, ValueError)


# --------------------------------------------------------------------------- trump_forced


def _forced_by_reading(prefix: list[Card], trump: Suit, rules: RuleSet) -> bool:
    """docs/rules.md 1.5 read plainly (``ref_legal``): a void player holding one trump,
    any trump not already in the trick, and a card of a third suit must play the trump.
    A trump already in the trick frees the discard only when a lower trump is still out
    (undertrumping is banned): over the 7 of trump every trump must be played."""
    if prefix[0].suit == trump:
        return True
    third = next(suit for suit in Suit if suit not in (prefix[0].suit, trump))
    discard = Card.of(Rank.SEVEN, third)
    held = [card for card in CARDS if card.suit == trump and card not in prefix]
    return all(discard not in ref_legal([card, discard], prefix, trump, rules) for card in held)


@pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM, UNDERTRUMP, ROTTERDAM_UNDERTRUMP])
def test_trump_forced_agrees_with_the_obligations(rules: RuleSet) -> None:
    rng = random.Random(15)
    for _ in range(3000):
        trump = Suit(rng.randrange(4))
        prefix = rng.sample(CARDS, rng.randint(1, 3))
        assert trump_forced(prefix, trump, rules) == _forced_by_reading(prefix, trump, rules), (
            prefix,
            trump,
        )


def test_trump_forced_examples() -> None:
    assert trump_forced(cs("Ac"), H, AMSTERDAM)  # no trump yet: a void player must trump
    assert not trump_forced(cs("Ac 7c"), H, AMSTERDAM)  # partner winning frees the discard
    assert trump_forced(cs("Ac 7c"), H, ROTTERDAM)
    assert not trump_forced(cs("Ac 8h"), H, AMSTERDAM)  # a trump in: a lower one may stay
    assert trump_forced(cs("Ac 8h"), H, UNDERTRUMP)


@pytest.mark.parametrize("trick", ["Ac 7h", "Ac Ad 7h", "Ac 7h 8h"])
def test_trump_forced_over_the_lowest_trump_out(trick: str) -> None:
    # An opponent winning with the 7 of trump (or with the 8 when the 7 is in the same
    # trick) is beaten by every other trump: a void player holding any trump must
    # overtrump (1.5 rule 3), so a discard there shows they hold none.
    prefix = cs(trick)
    assert codes(legal_cards(cs("Qh 7d"), prefix, H, AMSTERDAM)) == {"Qh"}
    assert trump_forced(prefix, H, AMSTERDAM)


# --------------------------------------------------------------------------- legal_mask_at


@pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM, UNDERTRUMP, ROTTERDAM_UNDERTRUMP])
def test_legal_mask_at_is_the_search_form_of_the_same_obligations(rules: RuleSet) -> None:
    # Computer players' searches describe the trick by its led suit, highest trump and
    # whether the partner is winning (bot/players/solver.py); the answer must be the one
    # 1.5 gives for the trick's cards (read plainly in ref_legal).
    rng = random.Random(16)
    for _ in range(3000):
        trump = Suit(rng.randrange(4))
        deck = rng.sample(CARDS, 11)
        trick, hand = deck[: rng.randint(1, 3)], deck[3 : 3 + rng.randint(1, 8)]
        top = max((TRUMP_RANKING[x] for x in trick if x.suit == trump), default=0)
        partner = partner_is_winning(trick, trump)
        got = legal_mask_at(mask_of(hand), trick[0].suit, top, partner, trump, rules)
        assert got == mask_of(ref_legal(hand, trick, trump, rules)), (hand, trick, trump)
