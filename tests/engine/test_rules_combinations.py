"""The rules read as a club player reads them: rules in combination, under every preset.

The tests beside the code pin each rule on its own; these pin where rules meet: the
obligations of 1.5 as each preset of 2.3 sets them (with the undertrump option on
top), roem that spans both pairs or decides a nat in the last trick, who makes trump and
who leads under each preset's trump selection, and how each preset's match ends.

The preset facts are written here from docs/rules.md 2.3 (the presets), not read from
``bot/engine/rules.py``, so a preset that drifts from the text fails here.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from bot.engine import (
    PRESET_NAMES,
    Card,
    Hand,
    Match,
    Phase,
    RuleSet,
    Suit,
    left_of,
    legal_cards,
    pair_of,
    score_hand,
)

from .helpers import (
    c,
    codes,
    cs,
    hands_with_last_trick_roem,
    make_hand,
    play_random_match,
    random_action,
    ref_trump_strength,
    ref_winner,
)

H, SP = Suit.HEARTS, Suit.SPADES

# docs/rules.md 2.3: which obligations and which trump selection each uses.
ROTTERDAM_PRESETS = {"rotterdam", "online-classic", "online-1500", "online-short"}
TRUMP_SELECTION = {
    "amsterdam": "free",
    "rotterdam": "free",
    "utrecht": "mandatory",
    "online-classic": "drawn",
    "online-1500": "drawn",
    "online-short": "drawn",
}


def test_the_preset_tables_here_name_every_preset() -> None:
    assert set(TRUMP_SELECTION) == set(PRESET_NAMES)
    assert ROTTERDAM_PRESETS.issubset(PRESET_NAMES)


# --------------------------------------------------------------------------- 1.5 by preset

# Hearts are trump. ``trick`` holds the cards played so far, lead first; the player to act
# is next, so the partner's card is two places before them. Columns: the legal cards under
# Amsterdam obligations and under Rotterdam obligations (section 2, "obligations").
POSITIONS = [
    # Rule 4 against Rotterdam: partner leads and wins, the player is void and holds a trump.
    pytest.param("Qh 7d", "Ac 7c", "Qh 7d", "Qh", id="partner-wins-plain-trump-or-discard"),
    # Partner trumped low: Amsterdam may discard or overtrump, never undertrump (8h < Qh).
    pytest.param("Qh 7h 7d", "Ac 8h 7c", "Qh 7d", "Qh", id="partner-trumped-low"),
    # Partner trumped high: no trump beats it, so discard (no preset obliges undertrumping).
    pytest.param("Qh 7d", "Ac Kh 7c", "7d", "7d", id="partner-trumped-high-discard"),
    # Only lower trumps left: either is played, under every preset.
    pytest.param("Qh 8h", "Ac Kh 7c", "Qh 8h", "Qh 8h", id="partner-trumped-high-only-trumps"),
    # Rule 3: an opponent trumped the partner's lead: overtrump.
    pytest.param("Qh 7h 7d", "Ac 8h", "Qh", "Qh", id="opponent-trumped-overtrump"),
    # An opponent overtrumped the partner: beat the opponent's trump, not the partner's.
    pytest.param("Kh 9h 7h 7d", "Ac 8h Qh", "Kh 9h", "Kh 9h", id="opponent-overtrumped-partner"),
    # The opponent's trump is too high: discard, undertrumping is forbidden.
    pytest.param("Qh 7d", "Ac Kh", "7d", "7d", id="opponent-trumped-high-discard"),
    # The partner's card was beaten by an opponent's higher card of the led suit: trump.
    pytest.param("Qh 7d", "Kc Ac", "Qh", "Qh", id="partner-beaten-in-suit-must-trump"),
    # Rule 2: trump led by the partner, the player must go higher, even over the partner.
    pytest.param("Jh 8h 7d", "9h 7h", "Jh", "Jh", id="trump-led-overtrump-partner"),
    # Rule 2: no trump beats the lead: any trump, never a discard.
    pytest.param("8h 7h 7d", "Jh", "8h 7h", "8h 7h", id="trump-led-only-lower-trumps"),
    # Rule 1 comes first: a club is followed even when the partner wins.
    pytest.param("8c Jh 7d", "Ac 7c", "8c", "8c", id="follow-suit-partner-winning"),
    # Rule 1: following suit frees from trumping even over an opponent's trump.
    pytest.param("7c Jh", "Ac 8h", "7c", "7c", id="follow-suit-over-a-trump"),
]


@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize(("hand", "trick", "amsterdam", "rotterdam"), POSITIONS)
def test_obligations_under_each_preset(
    name: str, hand: str, trick: str, amsterdam: str, rotterdam: str
) -> None:
    _check_legal(RuleSet.preset(name), hand, trick, amsterdam, rotterdam)


# With "verplicht ondertroeven" on top of the preset: wherever a player must trump (rule 3,
# or always under Rotterdam) but cannot overtrump, a lower trump must be played.
UNDERTRUMP_POSITIONS = [
    # Partner winning: Amsterdam does not oblige a trump, so the option changes nothing.
    pytest.param("Qh 7d", "Ac Kh 7c", "7d", "Qh", id="partner-trumped-high"),
    pytest.param("Qh 7d", "Ac Kh", "Qh", "Qh", id="opponent-trumped-high"),
    pytest.param("Qh 7h 7d", "Ac 8h", "Qh", "Qh", id="overtrump-still-comes-first"),
    pytest.param("8h 7h 7d", "Jh", "8h 7h", "8h 7h", id="trump-led-unchanged"),
    pytest.param("8c Qh", "Ac Kh", "8c", "8c", id="following-suit-unchanged"),
]


@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize(("hand", "trick", "amsterdam", "rotterdam"), UNDERTRUMP_POSITIONS)
def test_undertrump_obligation_on_each_preset(
    name: str, hand: str, trick: str, amsterdam: str, rotterdam: str
) -> None:
    rules = RuleSet.preset(name).with_options(undertrump_obligation=True)
    _check_legal(rules, hand, trick, amsterdam, rotterdam)


def _check_legal(rules: RuleSet, hand: str, trick: str, amsterdam: str, rotterdam: str) -> None:
    """The legal cards of ``hand`` to ``trick`` (hearts trump) are the preset's column."""
    expected = rotterdam if rules.name in ROTTERDAM_PRESETS else amsterdam
    assert codes(legal_cards(cs(hand), cs(trick), H, rules)) == codes(cs(expected))


def _may_play(card: Card, hand: Sequence[Card], trick: Sequence[Card], rules: RuleSet) -> bool:
    """docs/rules.md 1.5 and the obligation options of 2.1, asked card by card ("may this
    card be played?") rather than as the set of playable cards; hearts are trump."""
    if not trick:
        return True
    led = trick[0].suit
    top = max((ref_trump_strength(x) for x in trick if x.suit == H), default=0)
    trumps = [x for x in hand if x.suit == H]
    higher = [x for x in trumps if ref_trump_strength(x) > top]
    if any(x.suit == led for x in hand):  # rule 1, and rule 2 when trump is led
        return card.suit == led and (led != H or not higher or card in higher)
    if not trumps:  # rules 2 and 5: nothing to follow with, no trump
        return True
    partner_winning = len(trick) >= 2 and ref_winner(trick, H) == len(trick) - 2
    lower_trump = card.suit == H and ref_trump_strength(card) < top
    only_lower_trumps = all(x.suit == H and ref_trump_strength(x) < top for x in hand)
    if partner_winning and rules.obligations == "amsterdam":  # rule 4
        return not lower_trump or only_lower_trumps
    if higher:  # rule 3 (always under rotterdam): trump, and beat the trick's trump
        return card in higher
    if rules.undertrump_obligation:  # "verplicht ondertroeven"
        return card.suit == H
    return card.suit != H or only_lower_trumps  # no undertrumping


EXHAUSTIVE_POOL = cs("Jh 9h Qh 7h Ac Kc 7d 8s")


@pytest.mark.parametrize("obligations", ["amsterdam", "rotterdam"])
@pytest.mark.parametrize("undertrump", [False, True])
def test_every_position_of_a_small_pool_card_by_card(obligations: str, undertrump: bool) -> None:
    # Every trick of up to 3 of these 8 cards (in every order, so every seat's partner wins
    # or loses with a plain card or a trump) against every hand of 1 to 4 of the others.
    rules = RuleSet(obligations=obligations, undertrump_obligation=undertrump)
    for size in range(4):
        for trick in itertools.permutations(EXHAUSTIVE_POOL, size):
            rest = [x for x in EXHAUSTIVE_POOL if x not in trick]
            for count in range(1, 5):
                for hand in itertools.combinations(rest, count):
                    legal = set(legal_cards(hand, trick, H, rules))
                    expected = {x for x in hand if _may_play(x, hand, trick, rules)}
                    assert legal == expected, ([str(x) for x in trick], [str(x) for x in hand])


# --------------------------------------------------------------------------- 1.7 in play

# Dealer 0, so seat 1 leads and names spades at once. Trick 1: seat 1 leads K♠; seat 2 has
# only lower trumps (Q♠ 8♠) and plays Q♠; seat 3 has only 7♠; seat 0 must go higher and
# takes it with J♠. The trick holds the trump run J-Q-K and stuk, K♠ of pair 1 and Q♠ of
# pair 0: roem 20 + 20 = 40 for pair 0, the pair that captured it.
STUK_ACROSS_PAIRS = [
    "Js 9s As Ts Ac Tc Kc Qc",
    "Ks Ad Td Kd Qd Jd 9d 8d",
    "Qs 8s Ah Th Kh Qh Jh 9h",
    "7s Jc 9c 8c 7c 7d 8h 7h",
]


def test_roem_of_cards_from_both_pairs_goes_to_the_capturing_pair() -> None:
    hand = make_hand(RuleSet(), 0, STUK_ACROSS_PAIRS)
    hand.choose_trump(1, SP)
    hand.play(1, c("Ks"))
    assert codes(hand.legal(2)) == {"Qs", "8s"}  # trump led, nothing higher: any trump
    hand.play(2, c("Qs"))
    hand.play(3, c("7s"))
    assert codes(hand.legal(0)) == {"Js", "9s", "As", "Ts"}  # must beat K♠
    trick = hand.play(0, c("Js"))
    assert trick is not None and trick.winner == 0
    assert trick.roem.points == 40  # trump Q-K-J = 20 + 20 (docs/rules.md 1.7)
    assert hand.claim_refusal(1) is not None and hand.claim_refusal(3) is not None
    assert hand.claim(2).points == 40  # K♠ was pair 1's card; the roem is pair 0's
    assert hand.roem == [40, 0]
    assert hand.points == [4 + 3 + 0 + 20, 0]


@pytest.mark.parametrize("name", ["amsterdam", "online-classic"])
def test_the_last_tricks_roem_counts_toward_the_nat_only_when_claimed(name: str) -> None:
    # docs/rules.md 1.7: the last trick's roem is claimed "before the hand is scored"; 1.8: the
    # makers' total, claimed roem included, must beat the defenders'. Claiming it and
    # letting the window close are scored from the same cards, with and without that roem.
    rules = RuleSet.preset(name)
    hands = list(hands_with_last_trick_roem(range(1500), rules))
    assert len(hands) >= 5, "the seeds no longer give hands to check: widen the range"
    for hand in hands:
        last = hand.last_trick
        assert last is not None and hand.makers is not None
        pair = pair_of(last.winner)
        claimed, lost = hand.copy(), hand.copy()
        claimed.claim(last.winner)
        lost.finish()
        with_roem = list(hand.roem)
        with_roem[pair] += last.roem.points
        expected = score_hand(hand.makers, hand.points, with_roem, hand.won, rules)
        assert claimed.result == expected
        assert lost.result == score_hand(hand.makers, hand.points, hand.roem, hand.won, rules)


def test_twenty_roem_decides_a_tie_at_81() -> None:
    # 81 against 81 is nat (a tie fails); 20 roem claimed by the makers saves the
    # hand, 20 claimed by the defenders makes the transfer 162 + 20 (docs/rules.md 1.8).
    rules = RuleSet()
    assert score_hand(0, [81, 81], [0, 0], [4, 4], rules).scores == (0, 162)
    assert score_hand(0, [81, 81], [20, 0], [4, 4], rules).scores == (101, 81)
    assert score_hand(0, [81, 81], [0, 20], [4, 4], rules).scores == (0, 182)


# --------------------------------------------------------------------------- 1.3 / 2 trump


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_who_makes_trump_and_who_leads_under_each_preset(name: str) -> None:
    rules = RuleSet.preset(name)
    selection = TRUMP_SELECTION[name]
    for seed in range(40):
        rng = random.Random(seed)
        dealer = seed % 4
        hand = Hand.deal(rules, dealer, rng)
        first = left_of(dealer)
        if hand.phase == Phase.TRUMP:
            assert hand.to_act == first  # naming trump starts left of the dealer
            options = hand.trump_options(first)
            # Utrecht names at once; on a drawn joker left of the dealer names; free may pass.
            assert options.can_pass == (selection == "free")
        else:
            assert selection == "drawn"  # only a drawn suit needs nobody to name it
        while hand.phase == Phase.TRUMP:
            hand.apply(random_action(hand, rng))
        assert hand.chooser is not None and hand.makers is not None
        if selection == "drawn":
            assert hand.makers == pair_of(first)  # always the pair left of the dealer
        else:
            assert hand.makers == pair_of(hand.chooser)
        assert hand.to_act == first  # whoever chose, left of the dealer leads


# --------------------------------------------------------------------------- match end


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_each_preset_ends_its_match_where_section_2_says(name: str) -> None:
    # 16 hands, except online-1500 (first to 1500) and online-short (750 or 8 hands,
    # whichever comes first). Every preset shares a tie.
    rules = RuleSet.preset(name)
    match = Match(rules, f"end-{name}", 0)
    play_random_match(match, random.Random(name))
    running, reached = [0, 0], []
    for line in match.sheet:
        running = [running[0] + line.scores[0], running[1] + line.scores[1]]
        reached.append(max(running))
    target = {"online-1500": 1500, "online-short": 750}.get(name)
    hands = {"online-1500": None, "online-short": 8}.get(name, 16)
    ends = [n for n, top in enumerate(reached, start=1) if target is not None and top >= target]
    assert len(match.sheet) == min([*ends[:1], *([hands] if hands else [])])
    assert match.result is not None and list(match.result.totals) == running == match.totals
    winner = None if running[0] == running[1] else int(running[1] > running[0])
    assert match.result.winner == winner
