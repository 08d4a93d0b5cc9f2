"""What a score sheet can hold (bot/engine/sheets.py): every line and round a game plays
is accepted, numbers no cards make are refused with their code and facts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import (
    CARDS,
    InvalidInput,
    Match,
    RuleSet,
    Suit,
    check_hand,
    check_line,
    check_totals,
    most_roem,
    roem_of_trick,
    round_length,
    score_hand,
)
from bot.engine.handroem import ComboKind, combinations_of
from bot.engine.sheets import _player_disjoint_roem, _player_hand_roem
from bot.engine.tricks import trick_points

from .helpers import play_random_match
from .test_properties import FAST, kraken_rule_sets, rule_sets, seeds

RULES = RuleSet()
ends = st.sampled_from([(1, None), (4, None), (8, 750), (None, 750)])
scoring_rules = st.tuples(rule_sets, ends, st.sampled_from(["shared", "extra_hands"])).map(
    lambda drawn: drawn[0].with_options(
        match_hands=drawn[1][0], target_score=drawn[1][1], tie_break=drawn[2]
    )
)


def refused(*args: object) -> InvalidInput:
    with pytest.raises(InvalidInput) as raised:
        check_line(*args)  # type: ignore[arg-type]
    return raised.value


@settings(FAST, max_examples=40)
@given(scoring_rules, seeds)
def test_every_played_match_passes_line_by_line_and_ends_where_it_ended(
    rules: RuleSet, seed: int
) -> None:
    match = Match(rules, str(seed))
    play_random_match(match, random.Random(seed), claim_chance=0.9)
    for line in match.sheet:
        pit = True if line.pit is not None else False if 0 in line.points else None
        score = check_line(line.makers, line.points, line.roem, pit, rules)
        assert score.scores == line.scores
    assert round_length([line.scores for line in match.sheet], rules) == len(match.sheet)
    roem = [sum(line.roem[pair] for line in match.sheet) for pair in (0, 1)]
    nats = [sum(line.nat for line in match.sheet if line.makers == pair) for pair in (0, 1)]
    check_totals(match.totals, len(match.sheet), roem, rules, nats)
    check_totals(match.totals, len(match.sheet), None, rules, nats)


@st.composite
def dealt_tricks(draw: st.DrawFn) -> tuple[list[list[int]], list[int], int]:
    """Any 8 tricks of a shuffled pack, their takers (pair 0 or 1; often one pair takes
    few), and which trick is last: more shapes than legal play reaches in a few hands."""
    order = draw(st.permutations(range(len(CARDS))))
    tricks = [list(order[i : i + 4]) for i in range(0, len(CARDS), 4)]
    few = draw(st.integers(min_value=0, max_value=8))
    takers = [0 if i >= few else 1 for i in range(8)]
    takers = draw(st.permutations(takers))
    return tricks, list(takers), draw(st.integers(min_value=0, max_value=7))


def points_and_roem(
    dealt: tuple[list[list[int]], list[int], int], rules: RuleSet, claim_all: bool
) -> tuple[list[int], list[int]]:
    """Each pair's card points (the last trick's 10 included) and claimed roem from dealt
    tricks: every trick's roem claimed, or every other one's."""
    tricks, takers, last = dealt
    points, roem = [0, 0], [0, 0]
    for number, (trick, taker) in enumerate(zip(tricks, takers, strict=True)):
        cards = [CARDS[i] for i in trick]
        points[taker] += trick_points(cards, 0) + (10 if number == last else 0)
        if claim_all or number % 2:
            roem[taker] += roem_of_trick(cards, 0, rules).points
    return points, roem


@FAST
@given(dealt_tricks(), st.sampled_from([200, 100]), st.sampled_from([0, 100]), st.booleans())
def test_any_taken_tricks_give_a_line_that_passes(
    dealt: tuple[list[list[int]], list[int], int], jacks: int, nines: int, claim_all: bool
) -> None:
    rules = RuleSet(four_jacks=jacks, four_nines=nines)
    points, roem = points_and_roem(dealt, rules, claim_all)
    taken = dealt[1].count(0)
    pit = taken in (0, 8)
    check_line(0, points, roem, pit, rules)
    check_hand(0, points, roem, (taken, 8 - taken), rules)  # with the tricks as taken
    if taken not in (0, 8) and 0 not in points:
        check_line(1, points, roem, None, rules)  # as sheets are kept, without a mark


@pytest.mark.parametrize("points", [1, 161])
def test_card_points_no_cards_make_are_refused(points: int) -> None:
    error = refused(0, (points, 162 - points), (0, 0), None, RULES)
    assert (error.code, error.facts["points"]) == ("card_points_impossible", (points, 162 - points))


def test_the_tricks_given_bound_the_card_points() -> None:
    # One trick holds at most J and 9 of trump and two aces (56), with the last 10.
    check_hand(0, (66, 96), (0, 0), (1, 7), RULES)
    with pytest.raises(InvalidInput) as raised:
        check_hand(0, (67, 95), (0, 0), (1, 7), RULES)
    assert raised.value.code == "card_points_impossible"
    check_line(0, (67, 95), (0, 0), None, RULES)  # with the tricks not given, two can


def test_some_odd_card_points_are_real() -> None:
    for points in (0, 2, 3, 5, 10, 13, 81, 149, 152, 157, 159, 160):
        check_line(0, (points, 162 - points), (0, 0), None, RULES)


@pytest.mark.parametrize("roem", [10, 30, 5000, 710])
def test_roem_that_is_no_sum_of_combinations_is_refused(roem: int) -> None:
    error = refused(0, (100, 62), (roem, 0), None, RULES)
    assert (error.code, error.facts["roem"], error.facts["most"]) == ("roem_impossible", roem, 700)


def test_the_most_roem_follows_the_rule_set() -> None:
    assert most_roem(RULES) == 700  # four runs of 7-8-9-10 and four of a kind J, Q, K, A
    assert most_roem(RuleSet(four_jacks=100, four_nines=100)) >= 600


def test_roem_needs_tricks_that_hold_it() -> None:
    # 0 card points: at most two tricks of sevens, eights and nines: a run, never 100.
    error = refused(0, (162, 0), (0, 100), False, RULES)
    assert (error.code, error.facts["pair"], error.facts["roem"]) == ("roem_for_points", 1, 100)
    assert check_line(0, (162, 0), (0, 20), False, RULES).scores == (162, 20)
    # four jacks hold 26 card points at the least
    assert refused(0, (152, 10), (0, 200), None, RULES).code == "roem_for_points"
    assert check_line(0, (126, 36), (0, 200), None, RULES).scores == (0, 362)


def test_pit_and_no_pit() -> None:
    assert check_line(0, (162, 0), (0, 0), None, RULES).scores == (262, 0)  # read as a pit
    assert check_line(0, (162, 0), (0, 0), True, RULES).scores == (262, 0)
    no_pit = check_line(0, (162, 0), (0, 0), False, RULES)
    assert (no_pit.scores, no_pit.pit) == ((162, 0), None)
    assert refused(0, (150, 12), (0, 0), True, RULES).code == "score_without_tricks"


def test_rules_1_8_worked_example_nat_counts_roem() -> None:
    """docs/rules.md 1.8: makers 82, defenders 80 + 20 roem: nat, 0 against 182."""
    score = check_line(0, (82, 80), (0, 20), None, RULES)
    assert (score.scores, score.nat) == ((0, 182), True)


def test_both_pairs_share_one_pack() -> None:
    assert check_line(0, (100, 62), (200, 200), None, RULES).scores == (300, 262)
    assert refused(0, (90, 72), (700, 20), None, RULES).code == "roem_both_pairs"


def test_round_totals_a_round_can_give() -> None:
    check_totals((262, 0), 1, None, RULES)  # a pit
    check_totals((162, 0), 1, None, RULES)  # no pit
    with pytest.raises(InvalidInput) as raised:
        check_totals((100, 63), 1, None, RULES)
    assert raised.value.code == "totals_implausible"
    with pytest.raises(InvalidInput) as raised:
        check_totals((1000, 1000), 16, (30, 0), RULES)
    assert (raised.value.code, raised.value.facts["pair"]) == ("round_roem_impossible", 0)
    with pytest.raises(InvalidInput):
        check_totals((163, 0), 1, (0, 0), RULES)


@FAST
@given(
    st.lists(st.tuples(dealt_tricks(), st.integers(0, 1), st.booleans()), min_size=1, max_size=6),
    rule_sets,
    st.sampled_from([0, 100, 150]),
)
def test_any_round_the_engine_scores_passes_the_totals_check(
    hands: list[tuple[tuple[list[list[int]], list[int], int], int, bool]],
    rules: RuleSet,
    pit_bonus: int,
) -> None:
    rules = rules.with_options(pit_bonus=pit_bonus)
    totals, roem, nats = [0, 0], [0, 0], [0, 0]
    for dealt, makers, claim_all in hands:
        points, claimed = points_and_roem(dealt, rules, claim_all)
        took = dealt[1].count(0)
        score = score_hand(makers, points, claimed, (took, 8 - took), rules)
        nats[makers] += score.nat
        for pair in (0, 1):
            totals[pair] += score.scores[pair]
            roem[pair] += claimed[pair]
    check_totals(totals, len(hands), roem, rules, nats)
    check_totals(totals, len(hands), None, rules, nats)


def totals_refusal(*args: object) -> InvalidInput:
    with pytest.raises(InvalidInput) as raised:
        check_totals(*args)  # type: ignore[arg-type]
    return raised.value


def test_round_totals_are_checked_against_the_nats() -> None:
    # A pair nat in all 16 hands scored 0 in each; the other at least 162 and all roem.
    refusal = totals_refusal((2157, 995), 16, (370, 190), RULES, (16, 0))
    assert refusal.code == "totals_for_nats"
    assert refusal.facts == {
        "pair": 0,
        "total": 2157,
        "least": 0,
        "most": 0,
        "nats": (16, 0),
        "hands": 16,
    }
    check_totals((0, 16 * 162 + 560), 16, (370, 190), RULES, (16, 0))
    check_totals((0, 16 * 162 + 560), 16, None, RULES, (16, 0))
    # One nat of pair 1: pair 2 has at least 162; 4 hands of 162 in all otherwise.
    assert totals_refusal((600, 48), 4, None, RULES, (1, 0)).facts["least"] == 162
    check_totals((486, 162), 4, None, RULES, (1, 0))
    # No nat of its own: all of a pair's roem counts for it.
    assert totals_refusal((668, 20), 4, (0, 40), RULES, (0, 0)).facts["pair"] == 1
    check_totals((668, 20), 4, (0, 40), RULES)  # the nats not known: pair 2 may have gone nat
    check_totals((648, 40), 4, (0, 40), RULES, (0, 0))
    # Gezelligheid: failing makers keep their points, so nats bound nothing.
    check_totals((300, 24), 2, None, RULES.with_options(nat_enabled=False), (2, 0))


def test_a_round_ends_where_a_match_would() -> None:
    short = RuleSet.preset("online-short")  # 8 hands or 750, whichever first
    assert round_length([(262, 0)] * 3, short) == 3  # 786 >= 750 after three
    assert round_length([(81, 81)] * 8, short) == 8
    assert round_length([(81, 81)] * 7, short) is None
    extra = RuleSet(match_hands=2, tie_break="extra_hands")
    assert round_length([(81, 81)] * 2, extra) is None  # tied: four more hands
    assert round_length([(81, 81)] * 6, extra) == 6


# --------------------------------------------------------------------------- docs/rules.md 2.5-2.7

KRAKEN = RuleSet.preset("kraken")


@settings(FAST, max_examples=40)
@given(kraken_rule_sets, seeds)
def test_every_played_kraken_match_passes_line_by_line(rules: RuleSet, seed: int) -> None:
    """Lines with calls, hand roem, four nines 150 and double spades pass the checks and
    score what the match scored; so do the round's totals."""
    rules = rules.with_options(match_hands=4)
    match = Match(rules, str(seed))
    play_random_match(match, random.Random(seed), claim_chance=0.9)
    for line in match.sheet:
        pit = True if line.pit is not None else False if 0 in line.points else None
        calls, spades = len(line.callers), line.trump == "s"
        score = check_line(line.makers, line.points, line.roem, pit, rules, calls, spades)
        assert score.scores == line.scores and score.multiplier == line.multiplier
    roem = [sum(line.roem[pair] for line in match.sheet) for pair in (0, 1)]
    check_totals(match.totals, len(match.sheet), roem, rules)
    check_totals(match.totals, len(match.sheet), None, rules)


def test_a_called_line_scores_with_its_calls() -> None:
    """docs/rules.md 2.5, example 1 as a sheet line: a kraak, 96 + 20 against 66."""
    assert check_line(0, (96, 66), (20, 0), None, KRAKEN, 1).scores == (364, 0)
    error = refused(0, (96, 66), (20, 0), None, KRAKEN.with_options(doubling_levels=1), 2)
    assert (error.code, error.facts["most"]) == ("too_many_calls", 1)
    assert refused(0, (96, 66), (20, 0), None, RULES, 1).code == "no_calls"


def test_hand_roem_needs_no_trick() -> None:
    """docs/rules.md 2.6: all 8 tricks lost to four jacks from the hand after a kraak."""
    score = check_line(0, (162, 0), (0, 200), True, KRAKEN, 1)
    assert score.scores == (0, (162 + 200) * 2) and score.loser == 0


def test_hand_roem_no_hand_holds_is_refused() -> None:
    assert refused(0, (100, 62), (30, 0), None, KRAKEN).code == "roem_impossible"
    error = refused(0, (100, 62), (0, 5000), None, KRAKEN)
    assert (error.code, error.facts["most"]) == ("roem_impossible", most_roem(KRAKEN))
    hand_only = KRAKEN.with_options(roem_source="hand")
    assert check_line(0, (100, 62), (0, 700), None, hand_only).scores == (0, 162 + 700)
    assert refused(0, (100, 62), (0, 710), None, hand_only).code == "roem_impossible"


def test_one_player_holds_at_most_four_jacks_and_four_nines() -> None:
    held = _player_hand_roem(200, 150)
    assert held.bit_length() - 1 == 35  # 350 roem
    assert not held >> 1 & 1 and not held >> 3 & 1  # never 10 or 30


def test_four_nines_150_raise_the_most_roem() -> None:
    assert most_roem(RuleSet(four_nines=150)) > most_roem(RuleSet(four_nines=100))


def test_multiplied_round_totals() -> None:
    check_totals((364, 0), 1, None, KRAKEN)
    check_totals((1456, 0), 1, (20, 0), KRAKEN)
    with pytest.raises(InvalidInput) as raised:
        check_totals((100, 50), 1, None, KRAKEN)
    assert raised.value.code == "totals_implausible"
    with pytest.raises(InvalidInput):
        check_totals((100_000, 0), 1, None, KRAKEN)


TRUMP_VALUES = RuleSet(spades_double="trump_values")


def test_spades_with_doubled_values_hold_224() -> None:
    """docs/rules.md 2.7 (VARIANTS 4.4): 224 with spades trump, 162 with any other."""
    assert check_line(0, (113, 111), (0, 0), None, TRUMP_VALUES, 0, True).scores == (113, 111)
    assert check_line(0, (200, 24), (0, 0), None, TRUMP_VALUES, 0, True).scores == (200, 24)
    assert refused(0, (223, 1), (0, 0), None, TRUMP_VALUES, 0, True).code == (
        "card_points_impossible"
    )
    assert refused(0, (200, 24), (0, 0), None, TRUMP_VALUES).code == "points_total"


def test_doubled_spades_raise_the_points_of_a_trick_with_roem() -> None:
    """One trick with 200 roem is four jacks: 26 card points, 46 with the trump jack's
    value doubled (and 10 more as the last trick)."""
    assert check_hand(0, (136, 26), (0, 200), (7, 1), RULES).nat
    with pytest.raises(InvalidInput) as raised:
        check_hand(0, (198, 26), (0, 200), (7, 1), TRUMP_VALUES, 0, True)
    assert raised.value.code == "roem_for_points"
    assert check_hand(0, (178, 46), (0, 200), (7, 1), TRUMP_VALUES, 0, True).nat


def test_round_totals_with_doubled_spades() -> None:
    """A hand with spades doubled hands out 224: a round may hold 62 more a hand."""
    check_totals((224, 0), 1, (0, 0), TRUMP_VALUES, (0, 1))
    with pytest.raises(InvalidInput) as raised:
        check_totals((224, 0), 1, (0, 0), RULES)
    assert raised.value.code == "totals_implausible"
    with pytest.raises(InvalidInput) as raised:
        check_totals((225, 0), 1, (0, 0), TRUMP_VALUES)
    assert raised.value.code == "totals_implausible"
    with pytest.raises(InvalidInput) as raised:
        check_totals((224, 0), 1, (0, 0), TRUMP_VALUES, (1, 0))
    assert raised.value.code == "totals_for_nats"


ONCE = KRAKEN.with_options(roem_source="hand", hand_roem_card_reuse=False)


def test_card_reuse_off_bounds_a_pairs_hand_roem() -> None:
    """docs/rules.md 2.6.1: without reuse no player holds four of a kind with a run
    through it (160 from one hand, 510 from two)."""
    reused = KRAKEN.with_options(roem_source="hand")
    assert check_line(0, (100, 62), (0, 510), None, reused).scores == (0, 162 + 510)
    assert refused(0, (100, 62), (0, 510), None, ONCE).code == "roem_impossible"
    assert check_line(0, (100, 62), (0, 500), None, ONCE).scores == (0, 162 + 500)
    assert most_roem(ONCE) == most_roem(reused) == 700


@FAST
@given(seeds, st.sampled_from([0, 100, 150]))
def test_every_hand_without_card_reuse_holds_what_the_sheet_allows(
    seed: int, four_nines: int
) -> None:
    """Any 8 cards (clubs trump): the combinations use each card once (stuk aside), and
    their value is one a sheet accepts for a player."""
    rules = KRAKEN.with_options(hand_roem_card_reuse=False, four_nines=four_nines)
    cards = random.Random(seed).sample(CARDS, 8)
    found = combinations_of(0, cards, Suit.CLUBS, rules)
    used = [card for combo in found if combo.kind != ComboKind.STUK for card in combo.cards]
    assert len(used) == len(set(used))
    value = sum(combo.points for combo in found)
    assert _player_disjoint_roem(200, four_nines) >> (value // 10) & 1
    reused = combinations_of(0, cards, Suit.CLUBS, KRAKEN.with_options(four_nines=four_nines))
    assert value <= sum(combo.points for combo in reused)
