"""The computers' kraak calls (docs/rules.md 2.5): every level answers legally wherever a
call is asked, the rules of thumb call by the hand, and the strong player calls a hand its
pair clearly wins and passes one it clearly loses; the announced hand roem places cards."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import CallDouble, ChooseTrump, Hand, PassDouble, Phase, RuleSet, Suit, parse_cards
from bot.players import LEVELS, Effort, Player, SearchPlayer, make_player, view_for
from bot.players.calls import answered, easy_call, normal_call
from bot.players.hint import hint_for
from bot.players.runner import call_action, play_match
from bot.players.sampling import Deduction, sample_for

KRAKEN = RuleSet.preset("kraken")
RULES = [
    KRAKEN,
    RuleSet.preset("kraken-rotterdam"),
    KRAKEN.with_options(doubling_levels=1, spades_double="multiply"),
    KRAKEN.with_options(doubling_levels=2, multiplier_scope="cards", doubled_result="each_own"),
    KRAKEN.with_options(trump_selection="free", roem_source="trick", double_tie="makers_lose"),
    KRAKEN.with_options(spades_double="trump_values", hand_roem_card_reuse=False),
]
SMALL = Effort(nodes=3_000, samples=6)  # enough to search, cheap enough for many examples
# Dealer 3, so seat 0 names trump and seat 1 is asked to kraak first: seat 1 holds the five
# top hearts and three aces; the other three hands are poor.
STRONG_DEFENDER = [
    "7h 8h Qh 7c 8c Kc 7d 8d",
    "Jh 9h Ah Th Kh Ac As Ad",
    "7s 8s Ts Tc Jc 9d Td Jd",
    "9s Js Qs Ks 9c Qc Qd Kd",
]


def hand_of(rules: RuleSet, holdings: list[str], trump: Suit = Suit.HEARTS) -> Hand:
    """Dealer 3; seat 0 names ``trump`` (the kraken presets' trump is named at once)."""
    hand = Hand.from_cards(rules, 3, [parse_cards(h) for h in holdings])
    hand.apply(ChooseTrump(0, trump))
    return hand


def players(seed: str) -> list[Player]:
    """One computer of each level, and the random player, all asked the same questions."""
    found = [make_player(level, seed, effort=SMALL) for level in LEVELS]
    return [*found, make_player("random", seed)]


def chosen(hand: Hand, rng: random.Random) -> None:
    """Trump by the seat asked: a random suit it may name, or a pass where it may."""
    while hand.phase == Phase.TRUMP:
        seat = hand.to_act
        assert seat is not None
        options = hand.trump_options(seat)
        if options.can_pass and rng.random() < 0.5:
            hand.pass_trump(seat)
        else:
            hand.choose_trump(seat, rng.choice(options.suits))


@settings(max_examples=25, deadline=None)
@given(
    rules=st.sampled_from(RULES),
    seed=st.integers(0, 10**6),
    path=st.lists(st.booleans(), min_size=6, max_size=6),
)
def test_every_level_calls_legally_wherever_it_is_asked(
    rules: RuleSet, seed: int, path: list[bool]
) -> None:
    """Through a call path (``path``: call or pass at each question), every level's answer
    at each question is a call or pass the engine takes, by the seat asked, at the level
    asked; then the hand plays on."""
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed % 4, rng)
    chosen(hand, rng)
    if rules.doubling == "off":
        assert hand.phase == Phase.PLAY
        return
    computers = players(f"calls/{seed}")
    for step in path:
        if hand.phase != Phase.DOUBLING:
            break
        seat, level = hand.to_act, hand.call_level
        assert seat is not None and level is not None
        view = view_for(hand, seat)
        assert view.call_level == level and view.calls == tuple(hand.calls)
        for player in computers:
            action = call_action(view, player)
            assert (action.seat, action.level) == (seat, level)
            hand.copy().apply(action)  # the engine refuses an illegal call
        hand.apply(CallDouble(seat, level) if step else PassDouble(seat, level))
    for other in range(4):
        if other != hand.to_act:
            assert view_for(hand, other).call_level is None


def test_computers_play_kraken_matches_to_the_end() -> None:
    for level in LEVELS:
        seats = [make_player(level, f"match/{level}/{s}", effort=SMALL) for s in range(4)]
        match = play_match(RULES[0].with_options(match_hands=2), f"kraken/{level}", seats)
        assert match.finished and len(match.sheet) == 2


def test_the_rules_of_thumb_call_a_strong_hand_and_pass_a_weak_one() -> None:
    strong = view_for(hand_of(KRAKEN, STRONG_DEFENDER), 1)
    assert strong.call_level == 1
    assert normal_call(strong) and easy_call(strong)
    swapped = [STRONG_DEFENDER[1], STRONG_DEFENDER[0], *STRONG_DEFENDER[2:]]
    weak = view_for(hand_of(KRAKEN, swapped), 1)
    assert not normal_call(weak) and not easy_call(weak)


def test_the_strong_player_calls_a_winning_hand_and_passes_a_losing_one() -> None:
    player = SearchPlayer("clear", **SMALL.options())
    winning = view_for(hand_of(KRAKEN, STRONG_DEFENDER), 1)
    assert player.wants_call(winning)
    assert player.call_values[True] > player.call_values[False] > 0
    swapped = [STRONG_DEFENDER[1], STRONG_DEFENDER[0], *STRONG_DEFENDER[2:]]
    losing = view_for(hand_of(KRAKEN, swapped), 1)
    assert not player.wants_call(losing)
    assert player.call_values[True] < player.call_values[False]


def test_the_makers_rekraak_only_what_they_win() -> None:
    swapped = [STRONG_DEFENDER[1], STRONG_DEFENDER[0], *STRONG_DEFENDER[2:]]
    hand = hand_of(KRAKEN, swapped)
    hand.apply(CallDouble(1, 1))  # a kraak against the monster hand
    view = view_for(hand, 0)
    assert view.call_level == 2
    assert SearchPlayer("rekraak", **SMALL.options()).wants_call(view)
    assert normal_call(view)


def test_announced_hand_roem_places_its_cards_in_the_samples() -> None:
    hand = hand_of(KRAKEN, STRONG_DEFENDER)
    hand.apply(PassDouble(1, 1))
    hand.apply(PassDouble(3, 1))
    assert hand.phase == Phase.PLAY
    view = view_for(hand, 0)
    shown = [c for c in view.announced if c.seat != 0]
    assert shown, "the deal announces combinations of other seats"
    assert view.hand_roem == hand.hand_roem.points
    know = Deduction.of(view)
    rng = random.Random(5)
    for _ in range(20):
        hands = sample_for(view, know, rng)
        for combo in shown:
            for card in combo.cards:
                assert hands[combo.seat] >> int(card) & 1


def test_a_hint_advises_the_call_with_its_margin() -> None:
    winning = view_for(hand_of(KRAKEN, STRONG_DEFENDER), 1)
    hint = hint_for(winning, "call", budget_ms=50)
    assert (hint.reason, hint.level) == ("call", 1)
    assert hint.margin > 0 and hint.samples > 0


def test_the_answer_to_a_call_is_the_next_pair_s_rule_of_thumb() -> None:
    """After a kraak (one call) the makers are asked: they answer with the monster hand,
    not with a poor one, and never where the rules allow no rekraak."""
    dealt = [parse_cards(h) for h in STRONG_DEFENDER]
    swapped = [dealt[1], dealt[0], *dealt[2:]]
    assert not answered(dealt, 0, 1, Suit.HEARTS, KRAKEN)
    assert answered(swapped, 0, 1, Suit.HEARTS, KRAKEN)
    kraak_only = KRAKEN.with_options(doubling_levels=1)
    assert not answered(swapped, 0, 1, Suit.HEARTS, kraak_only)
    assert answered(dealt, 0, 2, Suit.HEARTS, KRAKEN)  # superkraak: the defenders again
