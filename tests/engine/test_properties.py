"""Property tests: random deals, random legal play, random rule options.

Each card chosen is checked against the obligations read straight from docs/rules.md 1.5 (not by
asking the engine), the engine's legal set is compared with the reference reading in
``helpers.ref_legal``, and scoring, conservation and serialisation invariants are checked.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import (
    Card,
    Hand,
    Match,
    Phase,
    PlayCard,
    PlayOptions,
    RuleSet,
    RuleViolation,
    Suit,
    explain_illegal,
    legal_cards,
    pair_of,
    play_options,
    roem_of_trick,
    score_hand,
)

from .helpers import (
    FULL_DECK,
    Action,
    all_cards_in,
    logged,
    play_random_hand,
    play_random_match,
    random_action,
    random_call,
    ref_legal,
    ref_roem,
    ref_trump_strength,
    ref_winner,
)

FAST = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

rule_sets = st.builds(
    RuleSet,
    obligations=st.sampled_from(["amsterdam", "rotterdam"]),
    undertrump_obligation=st.booleans(),
    trump_selection=st.sampled_from(["free", "mandatory", "proposed", "drawn"]),
    drawn_jokers=st.booleans(),
    four_jacks=st.sampled_from([200, 100]),
    four_nines=st.sampled_from([0, 100]),
    roem_claiming=st.sampled_from(["manual", "automatic"]),
    nat_counts_roem=st.booleans(),
    nat_enabled=st.booleans(),
    zero_bonus=st.sampled_from([0, 50]),
)
kraken_rule_sets = st.builds(
    RuleSet,
    obligations=st.sampled_from(["amsterdam", "rotterdam"]),
    trump_selection=st.sampled_from(["free", "mandatory", "proposed", "drawn"]),
    four_nines=st.sampled_from([0, 100, 150]),
    roem_claiming=st.sampled_from(["manual", "automatic"]),
    nat_counts_roem=st.booleans(),
    zero_bonus=st.sampled_from([0, 50]),
    doubling=st.sampled_from(["off", "kraken"]),
    doubling_levels=st.sampled_from([3, 2, 1]),
    multiplier_scope=st.sampled_from(["all", "cards"]),
    doubled_result=st.sampled_from(["winner_takes_all", "each_own"]),
    double_tie=st.sampled_from(["bearer_loses", "makers_lose"]),
    roem_source=st.sampled_from(["trick", "hand", "both"]),
    hand_roem_award=st.sampled_from(["best_combination", "pair_total"]),
    hand_roem_card_reuse=st.booleans(),
    spades_double=st.sampled_from(["off", "multiply", "trump_values"]),
)
any_rule_sets = st.one_of(rule_sets, kraken_rule_sets)
obligation_rules = st.builds(
    RuleSet,
    obligations=st.sampled_from(["amsterdam", "rotterdam"]),
    undertrump_obligation=st.booleans(),
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def assert_obeys_1_5(
    held: Sequence[Card], trick: Sequence[Card], trump: Suit, rules: RuleSet, card: Card
) -> None:
    """The chosen ``card`` keeps every obligation of docs/rules.md 1.5 (and the options)."""
    assert card in held
    if not trick:
        return
    led = trick[0].suit
    my_trumps = [x for x in held if x.suit == trump]
    top = max((ref_trump_strength(x) for x in trick if x.suit == trump), default=0)
    higher = [x for x in my_trumps if ref_trump_strength(x) > top]
    is_lower_trump = card.suit == trump and ref_trump_strength(card) < top
    if any(x.suit == led for x in held):
        assert card.suit == led, "rule 1: follow suit"
    if led == trump:
        if higher:
            assert card in higher, "rule 2: overtrump when trump is led"
        return
    if any(x.suit == led for x in held) or not my_trumps:
        return  # rules 1 and 5
    partner_winning = len(trick) >= 2 and ref_winner(trick, trump) == len(trick) - 2
    all_lower_trumps = all(x.suit == trump and ref_trump_strength(x) < top for x in held)
    if not partner_winning or rules.obligations == "rotterdam":
        if higher:
            assert card in higher, "rule 3: (over)trump"
        elif rules.undertrump_obligation:
            assert card.suit == trump, "undertrump obligation"
        elif is_lower_trump:
            assert all_lower_trumps, "rule 3: no undertrumping"
    elif is_lower_trump:
        assert all_lower_trumps, "rule 4: no undertrumping"


class Checker:
    """Invariants checked before every action of a random hand."""

    def __init__(self) -> None:
        self.plays = 0

    def __call__(self, hand: Hand, action: Action) -> None:
        cards = all_cards_in(hand)
        assert sorted(cards) == FULL_DECK, "32 cards conserved"
        assert len(hand.current) < 4
        if hand.phase != Phase.PLAY:
            assert all(hand.legal(seat) == [] for seat in range(4))
            return
        assert hand.trump is not None
        seat = hand.to_act
        assert seat is not None
        held = list(hand.holdings[seat])
        legal = hand.legal(seat)
        assert legal, "some card is always playable"
        assert set(legal) <= set(held)
        assert set(legal) == ref_legal(held, hand.current, hand.trump, hand.rules)
        for other in range(4):
            if other != seat:
                assert hand.legal(other) == []
                assert hand.play_options(other) == PlayOptions((), ())
        options = hand.play_options(seat)
        assert options.legal + tuple(card for card, _ in options.refused) == tuple(
            sorted(held, key=lambda card: card not in legal)
        )
        for card in held:
            reason = explain_illegal(card, held, hand.current, hand.trump, hand.rules)
            assert (reason is None) == (card in legal)
            assert reason is None or (card, reason) in options.refused
        if isinstance(action, PlayCard):
            self.plays += 1
            card = action.card
            assert_obeys_1_5(held, hand.current, hand.trump, hand.rules, card)
            self.check_play_acceptance(hand, seat, held)
        # Holdings sizes: every seat has played as many cards as tricks completed, plus the
        # current trick's cards for the seats that already played to it.
        played_now = {(hand.leader + i) % 4 for i in range(len(hand.current))}
        for s in range(4):
            expected = 8 - len(hand.tricks) - (1 if s in played_now else 0)
            assert len(hand.holdings[s]) == expected

    def check_play_acceptance(self, hand: Hand, seat: int, held: list[Card]) -> None:
        """``Hand.play`` accepts exactly the reference's legal cards, on a restored copy."""
        assert hand.trump is not None
        expected = ref_legal(held, hand.current, hand.trump, hand.rules)
        state = hand.to_dict()
        for card in held:
            copy = Hand.from_dict(hand.rules, state)
            try:
                copy.play(seat, card)
            except RuleViolation as exc:
                assert card not in expected, (str(card), exc.code)
                assert exc.code == "illegal_card"
                assert exc.facts["reason"] is not None
                assert copy.to_dict() == state
            else:
                assert card in expected, str(card)
        stranger = next(x for x in FULL_DECK if x not in held)
        copy = Hand.from_dict(hand.rules, state)
        try:
            copy.play(seat, stranger)
        except RuleViolation as exc:
            assert exc.code == "not_in_hand"
        else:
            raise AssertionError(f"{stranger} is not in the hand but was accepted")


def check_result(hand: Hand) -> None:
    rules = hand.rules
    result = hand.result
    assert result is not None and hand.makers is not None and hand.trump is not None
    makers, defenders = hand.makers, 1 - hand.makers
    claimed = [0, 0]
    for trick in hand.tricks:
        if trick.claimed:
            claimed[pair_of(trick.winner)] += ref_roem(
                trick.cards, hand.trump, rules.four_jacks, rules.four_nines
            )
    assert hand.roem == claimed
    assert sum(hand.points) == 162
    pit = next((p for p in (0, 1) if hand.won[p] == 8), None)
    assert result.pit == pit
    pit_bonus = 100 if pit is not None else 0
    total_roem = sum(claimed)
    if result.nat and rules.nat_enabled:
        assert result.scores[makers] == 0
        assert result.scores[defenders] == 162 + total_roem + (100 if pit == defenders else 0)
    else:
        extra = 50 if result.zero_bonus else 0
        assert sum(result.scores) == 162 + total_roem + pit_bonus + extra
        for p in (0, 1):
            bonus = 100 if pit == p else 0
            slot = extra if p == makers else 0
            assert result.scores[p] == hand.points[p] + hand.roem[p] + bonus + slot
    judged = [hand.points[p] + (hand.roem[p] if rules.nat_counts_roem else 0) for p in (0, 1)]
    assert result.nat == (judged[makers] <= judged[defenders])
    if result.zero_bonus:
        assert rules.zero_bonus == 50 and not result.nat and pit is None
        assert result.scores[defenders] == 0


@FAST
@given(seed=seeds, rules=rule_sets, dealer=st.integers(0, 3), claim_chance=st.floats(0, 1))
def test_random_hands_keep_the_rules(
    seed: int, rules: RuleSet, dealer: int, claim_chance: float
) -> None:
    hand = Hand.deal(rules, dealer, random.Random(seed))
    checker = Checker()
    play_random_hand(hand, random.Random(seed + 1), claim_chance, before=checker)
    assert checker.plays == 32
    assert hand.phase == Phase.DONE
    assert sorted(all_cards_in(hand)) == FULL_DECK
    check_result(hand)


@FAST
@given(
    deck=st.permutations(FULL_DECK),
    played=st.integers(0, 3),
    held=st.integers(1, 8),
    trump=st.sampled_from(list(Suit)),
    rules=obligation_rules,
)
def test_legal_cards_match_the_reference_in_any_position(
    deck: list[Card], played: int, held: int, trump: Suit, rules: RuleSet
) -> None:
    trick, hand = deck[:played], deck[played : played + held]
    legal = legal_cards(hand, trick, trump, rules)
    assert legal
    assert set(legal) == ref_legal(hand, trick, trump, rules)
    for card in legal:
        assert_obeys_1_5(hand, trick, trump, rules, card)
    options = play_options(hand, trick, trump, rules)
    assert set(options.legal) == set(legal)
    for card in deck[: played + held + 3]:
        reason = explain_illegal(card, hand, trick, trump, rules)
        if card not in hand:
            assert reason is not None and reason.code == "not_in_hand"
        else:
            assert (reason is None) == (card in legal)
            assert reason is None or (card, reason) in options.refused
    assert len(options.legal) + len(options.refused) == len(hand)


@FAST
@given(
    deck=st.permutations(FULL_DECK),
    trump=st.sampled_from(list(Suit)),
    four_jacks=st.sampled_from([200, 100]),
    four_nines=st.sampled_from([0, 100]),
)
def test_roem_matches_the_reference(
    deck: list[Card], trump: Suit, four_jacks: int, four_nines: int
) -> None:
    rules = RuleSet(four_jacks=four_jacks, four_nines=four_nines)
    trick = deck[:4]
    roem = roem_of_trick(trick, trump, rules)
    assert roem.points == ref_roem(trick, trump, four_jacks, four_nines)
    assert roem.points == sum(p.points for p in roem.parts)
    assert roem_of_trick(list(reversed(trick)), trump, rules) == roem


@FAST
@given(
    makers=st.integers(0, 1),
    tricks0=st.integers(0, 8),
    split=st.integers(0, 162),
    roem_tens=st.tuples(st.integers(0, 30), st.integers(0, 30)),
    rules=rule_sets,
)
def test_score_hand_follows_1_8(
    makers: int, tricks0: int, split: int, roem_tens: tuple[int, int], rules: RuleSet
) -> None:
    tricks = [tricks0, 8 - tricks0]
    points = [0, 162] if tricks0 == 0 else [162, 0] if tricks0 == 8 else [split, 162 - split]
    roem = [10 * roem_tens[p] if tricks[p] else 0 for p in (0, 1)]
    result = score_hand(makers, points, roem, tricks, rules)
    defenders = 1 - makers
    pit = 0 if tricks0 == 8 else 1 if tricks0 == 0 else None
    own = [points[p] + roem[p] + (100 if pit == p else 0) for p in (0, 1)]
    judged = [points[p] + (roem[p] if rules.nat_counts_roem else 0) for p in (0, 1)]
    nat = judged[makers] <= judged[defenders]
    assert result.nat == nat
    assert result.pit == pit
    expected = list(own)
    if nat and rules.nat_enabled:
        expected[makers] = 0
        expected[defenders] = 162 + sum(roem) + (100 if pit == defenders else 0)
    if not nat and pit is None and expected[defenders] == 0 and rules.zero_bonus:
        expected[makers] += 50
    assert list(result.scores) == expected


@FAST
@given(seed=seeds, rules=any_rule_sets, dealer=st.integers(0, 3), cut=st.floats(0, 1))
def test_hand_serialises_and_replays_at_any_point(
    seed: int, rules: RuleSet, dealer: int, cut: float
) -> None:
    hand = Hand.deal(rules, dealer, random.Random(seed))
    snapshots: list[dict[str, Any]] = []

    def snapshot(h: Hand, _: Action) -> None:
        snapshots.append(h.to_dict())

    log = play_random_hand(hand, random.Random(seed + 1), 0.5, before=snapshot)
    final = hand.to_dict()
    k = int(cut * len(log))
    state = snapshots[k] if k < len(log) else final
    restored = Hand.from_dict(rules, state)
    assert restored.to_dict() == state
    for action in log[k:]:
        restored.apply(action)
    assert restored.to_dict() == final
    assert restored.result == hand.result
    replayed = Hand.deal(rules, dealer, random.Random(seed))
    for action in log:
        replayed.apply(action)
    assert replayed.to_dict() == final


@settings(
    max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.text(min_size=1, max_size=8),
    rules=any_rule_sets,
    first_dealer=st.one_of(st.none(), st.integers(0, 3)),
    cut=st.floats(0, 1),
)
def test_match_serialises_copies_and_replays_at_any_point(
    seed: str, rules: RuleSet, first_dealer: int | None, cut: float
) -> None:
    """At any point the state survives ``to_dict``/``from_dict``, a replay of the log and
    ``Match.copy`` (the table service's working copy: playing on it leaves the original
    as it was)."""
    rules = rules.with_options(match_hands=2)
    match = Match(rules, seed, first_dealer)
    rng = random.Random(seed)
    snapshots: list[dict[str, Any]] = [match.to_dict()]
    log: list[Action] = []
    while match.hand is not None:
        log += play_random_match(match, rng, stop_after=1)
        snapshots.append(match.to_dict())
    assert match.finished and len(match.sheet) == 2
    assert sum(line.scores[0] for line in match.sheet) == match.totals[0]
    assert sum(line.scores[1] for line in match.sheet) == match.totals[1]
    k = int(cut * len(log))
    replayed = Match.replay(rules, seed, first_dealer, logged(log[:k]))
    assert replayed.to_dict() == snapshots[k]
    restored = Match.from_dict(snapshots[k], log[:k])
    copy = replayed.copy()
    for state in (restored, copy):
        assert state.to_dict() == snapshots[k]
        for action in log[k:]:
            state.apply(action)
        assert state.to_dict() == snapshots[-1]
        assert state.result == match.result
    assert replayed.to_dict() == snapshots[k]


@FAST
@given(seed=seeds, rules=any_rule_sets, dealer=st.integers(0, 3), cut=st.floats(0, 1))
def test_hand_copy_shares_nothing_mutable(
    seed: int, rules: RuleSet, dealer: int, cut: float
) -> None:
    """Every field of ``Hand.copy`` is either a new object or an immutable value, so a
    field added to ``Hand`` without a copy here fails this test."""
    hand = Hand.deal(rules, dealer, random.Random(seed))
    log = play_random_hand(Hand.deal(rules, dealer, random.Random(seed)), random.Random(seed), 0.5)
    for action in log[: int(cut * len(log))]:
        hand.apply(action)
    copy = hand.copy()
    assert copy == hand
    for name in (f.name for f in dataclasses.fields(Hand)):
        value = getattr(hand, name)
        if isinstance(value, list) or dataclasses.is_dataclass(value) and not _frozen(value):
            assert getattr(copy, name) is not value, name
    for mine, theirs in zip(copy.tricks, hand.tricks, strict=True):
        assert mine is not theirs


def _frozen(value: object) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


# --------------------------------------------------------------------------- docs/rules.md 2.5-2.7


def scaled(cards: int, extra: int, m: int, rules: RuleSet) -> int:
    """docs/rules.md 2.5: card points and the rest, multiplied as ``multiplier_scope`` says."""
    return (cards + extra) * m if rules.multiplier_scope == "all" else cards * m + extra


@FAST
@given(seed=seeds, rules=kraken_rule_sets, dealer=st.integers(0, 3), claim_chance=st.floats(0, 1))
def test_a_called_hand_shares_out_what_its_options_say(
    seed: int, rules: RuleSet, dealer: int, claim_chance: float
) -> None:
    """The two scores add up to the hand's card points (162, or 224 with the spades' values
    doubled) and all roem (and a bonus) under the multiplier; after a call the loser is
    the lower total (a tie: the bearing pair, or the makers) and, but for each_own won by
    the makers, scores 0."""
    hand = Hand.deal(rules, dealer, random.Random(seed))
    play_random_hand(hand, random.Random(seed + 1), claim_chance)
    result = hand.result
    assert result is not None and hand.makers is not None
    doubled = hand.trump == Suit.SPADES and rules.spades_double == "trump_values"
    total = 224 if doubled else 162
    assert sum(hand.points) == total
    m = result.multiplier
    assert m == 2 ** len(hand.calls) * (
        2 if hand.trump == Suit.SPADES and rules.spades_double == "multiply" else 1
    )
    roem = sum(hand.roem)
    bonuses = {0, rules.pit_bonus, rules.zero_bonus}
    own = [scaled(hand.points[p], hand.roem[p], m, rules) for p in (0, 1)]
    if sum(result.scores) != sum(own):  # each pair its own (plus a bonus), or 162 and all roem
        assert any(sum(result.scores) == scaled(total, roem + b, m, rules) for b in bonuses)
    if not hand.calls:
        return
    judged = [hand.points[p] + (hand.roem[p] if rules.nat_counts_roem else 0) for p in (0, 1)]
    loser = result.loser
    assert loser is not None and judged[loser] <= judged[1 - loser]
    if judged[0] == judged[1]:
        tie_loser = hand.makers if rules.double_tie == "makers_lose" else hand.bearing_pair
        assert loser == tie_loser
    if rules.doubled_result == "winner_takes_all" or loser == hand.makers:
        assert result.scores[loser] == 0
        pit = rules.pit_bonus if hand.won[1 - loser] == 8 else 0
        assert result.scores[1 - loser] == scaled(total, roem + pit, m, rules)
    else:
        assert list(result.scores) == [
            scaled(
                hand.points[p],
                hand.roem[p] + (rules.pit_bonus if hand.won[p] == 8 else 0),
                m,
                rules,
            )
            for p in (0, 1)
        ]


@FAST
@given(seed=seeds, rules=kraken_rule_sets, dealer=st.integers(0, 3), chance=st.floats(0, 1))
def test_calls_change_neither_the_cards_nor_the_nat_inputs(
    seed: int, rules: RuleSet, dealer: int, chance: float
) -> None:
    """The same deal played card for card with the calls made and with every call passed:
    the same legal cards at every turn, the same tricks, card points and roem."""
    rules = rules.with_options(doubling="kraken", roem_claiming="automatic")
    called = Hand.deal(rules, dealer, random.Random(seed))
    rng = random.Random(seed + 1)
    while called.phase == Phase.TRUMP:
        called.apply(random_action(called, rng))
    passed = called.copy()
    while called.phase == Phase.DOUBLING:
        called.apply(random_call(called, rng, chance))
    while passed.phase == Phase.DOUBLING:
        passed.apply(random_call(passed, rng, 0.0))
    assert not passed.calls
    while called.phase == Phase.PLAY:
        seat = called.to_act
        assert seat is not None and passed.to_act == seat
        assert called.legal(seat) == passed.legal(seat)
        card = rng.choice(called.legal(seat))
        called.play(seat, card)
        passed.play(seat, card)
    assert [t.cards for t in called.tricks] == [t.cards for t in passed.tricks]
    assert (called.points, called.roem, called.won) == (passed.points, passed.roem, passed.won)
    assert called.hand_roem == passed.hand_roem
