"""What a score sheet can hold (docs/rules.md 1.4, 1.7, 1.8 and section 2).

A sheet kept by hand says per hand: the makers, each pair's card points (the last trick
included), each pair's claimed roem and perhaps a pit mark; and at the end each pair's
total. This module checks such numbers against what 32 cards can make, exactly where it
can be computed once:

- card points: the values a set of 4, 8, ... 32 cards can add up to (with or without the
  last-trick 10); 1 or 161 is no such value;
- roem: a pair's roem is the roem of some of its tricks, so it is a sum of real
  combinations (20, 40, 50, 70, 100, the four jacks and four nines of the rule set) in
  disjoint tricks of one deck, no more tricks than the pair took, and the card points of
  those tricks fit the pair's card points (100 roem needs cards worth at least 12);
- round totals: every hand hands out its 162, its roem and at most one pit or zero bonus;
  a pair's total lies within what its nats allow (a nat scores 0 for its makers and at
  least 162 for the other pair);
- the round's end: the same end as a played match (hands, target, whichever comes first,
  the tie extension);
- the kraken options (docs/rules.md 2.5 to 2.7): a line's calls within ``doubling_levels``,
  roem from the hand as some two players' 8 cards can hold it, scores multiplied.

Everything is pure and cached per rule set; a refusal is an ``InvalidInput`` with facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Final

from .cards import CARDS, SUIT_COUNT, Rank
from .errors import ErrorCode, InvalidInput
from .roem import FOUR_OF_A_KIND, RUN_POINTS, STUK_POINTS, roem_of_trick
from .rules import EXTRA_HANDS, RuleSet, TieBreak
from .scoring import HandScore, assumed_tricks, score_hand
from .seats import SIDES, TRICKS_PER_HAND
from .tricks import (
    DOUBLED_HAND_TOTAL,
    DOUBLED_POINTS,
    HAND_TOTAL,
    LAST_TRICK_BONUS,
    POINTS,
    hand_total,
    spade_values_doubled,
)

__all__ = [
    "SHEET_CODES",
    "check_hand",
    "check_line",
    "check_totals",
    "line_tricks",
    "match_over",
    "most_roem",
    "round_length",
]

_QUEEN_KING: Final = (1 << 5) | (1 << 6)  # rank bits of the queen and king (stuk in trump)
Bounds = dict[int, tuple[int, int]]  # roem -> (least, most) card points of the tricks
SHEET_CODES: Final = frozenset(
    {
        ErrorCode.CARD_POINTS_IMPOSSIBLE,
        ErrorCode.ROEM_IMPOSSIBLE,
        ErrorCode.ROUND_ROEM_IMPOSSIBLE,
        ErrorCode.ROEM_BOTH_PAIRS,
        ErrorCode.ROEM_FOR_POINTS,
        ErrorCode.TOTALS_IMPLAUSIBLE,
        ErrorCode.TOTALS_FOR_NATS,
    }
)  # the codes this module refuses with (league entry words them)


def _values(doubled: bool) -> tuple[int, ...]:
    """Each card's value with clubs trump (every trump suit is alike here), the trump
    cards doubled when ``doubled`` (spades under ``spades_double="trump_values"``)."""
    return DOUBLED_POINTS[0] if doubled else POINTS[0]


@lru_cache(maxsize=2)
def _card_sets(doubled: bool) -> tuple[int, ...]:
    """Per number of tricks (0..8): a bit set of the card points 4 x tricks cards can
    make (bit v set: some such cards are worth v). The same for every trump suit."""
    values = _values(doubled)
    reach = [0] * (len(CARDS) + 1)
    reach[0] = 1
    for card in CARDS:
        value = values[card]
        for count in range(len(CARDS) - 1, -1, -1):  # each card once
            reach[count + 1] |= reach[count] << value
    return tuple(reach[4 * tricks] for tricks in range(TRICKS_PER_HAND + 1))


@lru_cache(maxsize=8)
def _trick_bounds(four_jacks: int, four_nines: int, doubled: bool) -> Bounds:
    """Every trick of four cards (trump hearts: every suit is alike): per roem, the least
    and the most card points such a trick holds. Roem 0 stands for any trick whose roem
    was not claimed, so it spans every trick."""
    rules = RuleSet(four_jacks=four_jacks, four_nines=four_nines)
    values = _values(doubled)
    bounds: Bounds = {0: (0, 0)}
    for trick in combinations(CARDS, 4):
        value = values[trick[0]] + values[trick[1]] + values[trick[2]] + values[trick[3]]
        roem = roem_of_trick(trick, 0, rules).points
        for key in {0, roem}:
            least, most = bounds.get(key, (value, value))
            bounds[key] = (min(least, value), max(most, value))
    return bounds


@lru_cache(maxsize=8)
def _pair_bounds(four_jacks: int, four_nines: int, doubled: bool) -> tuple[Bounds, ...]:
    """Per number of tricks (0..8): per roem a pair's tricks can hold, the least and most
    card points of those tricks (a trick's roem and its cards go together)."""
    trick = _trick_bounds(four_jacks, four_nines, doubled)
    cards = _card_total(doubled)
    levels: list[Bounds] = [{0: (0, 0)}]
    for _ in range(TRICKS_PER_HAND):
        level: Bounds = {}
        for roem, (least, most) in levels[-1].items():
            for extra, (low, high) in trick.items():
                old = level.get(roem + extra, (cards, 0))
                level[roem + extra] = (min(old[0], least + low), max(old[1], most + high))
        levels.append(level)
    return tuple(levels)


def _suit_roem(free: int, trump: bool) -> set[tuple[int, int]]:
    """(tricks, roem) of every choice of disjoint runs (and stuk in trump) among the ranks
    ``free`` (a bit per rank, 7 = bit 0) of one suit; each combination is its own trick."""
    patterns: list[tuple[int, int]] = []
    for length, points in RUN_POINTS.items():
        for start in range(8 - length + 1):
            mask = ((1 << length) - 1) << start
            stuk = trump and mask & _QUEEN_KING == _QUEEN_KING
            patterns.append((mask, points + (STUK_POINTS if stuk else 0)))
    if trump:
        patterns.append((_QUEEN_KING, STUK_POINTS))
    found: set[tuple[int, int]] = set()

    def choose(index: int, left: int, tricks: int, roem: int) -> None:
        found.add((tricks, roem))
        for at in range(index, len(patterns)):
            mask, points = patterns[at]
            if mask & left == mask:
                choose(at + 1, left & ~mask, tricks + 1, roem + points)

    choose(0, free, 0, 0)
    return found


@lru_cache(maxsize=8)
def _deck_roem(four_jacks: int, four_nines: int) -> tuple[frozenset[int], ...]:
    """Per number of tricks (0..8): every roem that many disjoint tricks of one deck can
    hold (four of a kind, runs, stuk; each card in one trick)."""
    fours = {int(rank): value for rank, value in FOUR_OF_A_KIND.items()}
    fours.update({int(Rank.JACK): four_jacks, int(Rank.NINE): four_nines})
    ranks = [rank for rank, value in fours.items() if value]
    found: set[tuple[int, int]] = set()
    for size in range(len(ranks) + 1):
        for chosen in combinations(ranks, size):
            free = 0xFF & ~sum(1 << rank for rank in chosen)
            sums = {(size, sum(fours[rank] for rank in chosen))}
            for trump in (True, False, False, False):
                options = _suit_roem(free, trump)
                sums = {
                    (t + dt, r + dr)
                    for t, r in sums
                    for dt, dr in options
                    if t + dt <= TRICKS_PER_HAND
                }
            found |= sums
    return tuple(
        frozenset(r for t, r in found if t <= tricks) for tricks in range(TRICKS_PER_HAND + 1)
    )


def most_roem(rules: RuleSet) -> int:
    """The most roem one hand can hold under ``rules`` (both pairs together; with roem from
    the hand, the most one pair can hold)."""
    if rules.hand_roem:
        return 10 * (_hand_roem_of(rules).bit_length() - 1)
    return max(_deck_roem(rules.four_jacks, rules.four_nines)[TRICKS_PER_HAND])


def line_tricks(points: Sequence[int], roem: Sequence[int], pit: bool | None) -> tuple[int, int]:
    """The tricks a sheet line implies, as ``score_hand`` needs them: ``pit`` True gives
    the pair with the card points all 8, False says both took a trick (a trick worth 0 is
    "no pit"), None reads the line as sheets are kept (``assumed_tricks``)."""
    some = (TRICKS_PER_HAND // 2, TRICKS_PER_HAND // 2)  # the count beyond that is moot
    if len(points) != 2 or len(roem) != 2:
        return some  # score_hand refuses the points or roem themselves
    if pit is None:
        return assumed_tricks(points, roem)
    if pit:
        return (TRICKS_PER_HAND, 0) if points[0] >= points[1] else (0, TRICKS_PER_HAND)
    return some


def check_line(
    makers: int,
    points: Sequence[int],
    roem: Sequence[int],
    pit: bool | None,
    rules: RuleSet,
    calls: int = 0,
    spades: bool = False,
) -> HandScore:
    """A sheet line scored, refused unless some hand under ``rules`` ends so.

    ``score_hand`` refuses the shape (two pairs, 162 in all, roem in tens, makers); then
    the cards: ``card_points_impossible`` (no cards make these points), ``roem_impossible``
    (no tricks of one hand hold this roem; ``most`` is the most a pair can have),
    ``roem_both_pairs`` (one deck cannot give both pairs their roem), ``roem_for_points``
    (the tricks with that roem hold more or fewer card points than the pair has).
    ``calls`` and ``spades`` as ``score_hand`` takes them (``too_many_calls``)."""
    tricks = line_tricks(points, roem, pit)
    counts = [tricks[0]] if TRICKS_PER_HAND in tricks else range(1, TRICKS_PER_HAND)
    return _possible(makers, points, roem, tricks, counts, rules, calls, spades)


def check_hand(
    makers: int,
    points: Sequence[int],
    roem: Sequence[int],
    tricks: Sequence[int],
    rules: RuleSet,
    calls: int = 0,
    spades: bool = False,
) -> HandScore:
    """A hand scored from its pairs' exact ``tricks``, refused as ``check_line`` refuses a
    line, and with ``card_points_impossible`` when no cards in that many tricks make the
    points (the score calculator, where the user may give the tricks)."""
    return _possible(makers, points, roem, tricks, [tricks[0]], rules, calls, spades)


def _possible(
    makers: int,
    points: Sequence[int],
    roem: Sequence[int],
    tricks: Sequence[int],
    counts: Sequence[int],
    rules: RuleSet,
    calls: int = 0,
    spades: bool = False,
) -> HandScore:
    """``score_hand``'s score once some hand with pair 0 taking one of ``counts`` tricks
    gives these card points and roem."""
    score = score_hand(makers, points, roem, tricks, rules, calls, spades)
    doubled = spade_values_doubled(spades, rules)
    splits = _splits(counts, points, doubled)
    if not splits:
        raise InvalidInput(
            ErrorCode.CARD_POINTS_IMPOSSIBLE,
            "no set of cards makes these card points",
            points=(points[0], points[1]),
            total=points[0] + points[1],
        )
    if rules.hand_roem:
        _check_hand_roem(roem, rules)
    else:
        _check_roem(splits, points, roem, rules, doubled)
    return score


def _card_total(doubled: bool) -> int:
    """The card points of a hand without the last trick: 152, or 214 with spades doubled."""
    return (DOUBLED_HAND_TOTAL if doubled else HAND_TOTAL) - LAST_TRICK_BONUS


def _splits(counts: Sequence[int], points: Sequence[int], doubled: bool) -> list[tuple[int, int]]:
    """(pair 0's tricks, pair 0's card points without the last trick) of every way the
    cards can give these points with pair 0 taking one of ``counts`` tricks."""
    sets = _card_sets(doubled)
    found = []
    for count in counts:
        for last in (False, True):  # whether pair 0 took the last trick
            cards = points[0] - LAST_TRICK_BONUS * last
            other = TRICKS_PER_HAND - count
            if (last and not count) or (not last and not other) or cards < 0:
                continue
            if sets[count] >> cards & 1:
                found.append((count, cards))
    return found


def _check_roem(
    splits: Sequence[tuple[int, int]],
    points: Sequence[int],
    roem: Sequence[int],
    rules: RuleSet,
    doubled: bool,
) -> None:
    """Each pair's roem from its tricks in one of the ``splits``, and both from one pack."""
    deck = _deck_roem(rules.four_jacks, rules.four_nines)
    for pair in SIDES:
        if roem[pair] not in deck[TRICKS_PER_HAND]:
            raise _roem_impossible("no tricks of one hand hold this roem", pair, roem, rules)
    if roem[0] + roem[1] not in deck[TRICKS_PER_HAND]:
        message = "one deck cannot give both pairs this roem"
        raise InvalidInput(ErrorCode.ROEM_BOTH_PAIRS, message, roem=(roem[0], roem[1]))
    bounds = _pair_bounds(rules.four_jacks, rules.four_nines, doubled)
    total = _card_total(doubled)
    fits = [0, 0]
    for count, cards in splits:
        for pair, tricks, value in ((0, count, cards), (1, 8 - count, total - cards)):
            least, most = bounds[tricks].get(roem[pair], (1, 0))
            fits[pair] += least <= value <= most and roem[pair] in deck[tricks]
        if all(fits):
            return
    pair = 0 if not fits[0] else 1
    raise InvalidInput(
        ErrorCode.ROEM_FOR_POINTS,
        "tricks with this roem hold other card points",
        pair=pair,
        points=points[pair],
        roem=roem[pair],
    )


def _check_hand_roem(roem: Sequence[int], rules: RuleSet) -> None:
    """Each pair's roem when roem from the hand counts (docs/rules.md 2.6): a sum its two
    players' cards as dealt can hold (and, under ``"both"``, its tricks)."""
    possible = _hand_roem_of(rules)
    for pair in SIDES:
        if not possible >> (roem[pair] // 10) & 1:
            raise _roem_impossible("no hand holds this roem", pair, roem, rules)


def _roem_impossible(message: str, pair: int, roem: Sequence[int], rules: RuleSet) -> InvalidInput:
    """``roem_impossible`` for ``pair``, with the most a pair can hold under ``rules``."""
    return InvalidInput(
        ErrorCode.ROEM_IMPOSSIBLE, message, pair=pair, roem=roem[pair], most=most_roem(rules)
    )


def _run_value(ranks: int) -> int:
    """Hand roem of the runs in one suit's ``ranks`` (a bit per rank): 20, 50 or 100 each."""
    value, length = 0, 0
    for rank in range(9):
        if rank < 8 and ranks >> rank & 1:
            length += 1
            continue
        value += 0 if length < 3 else 20 if length == 3 else 50 if length == 4 else 100
        length = 0
    return value


@lru_cache(maxsize=8)
def _player_hand_roem(four_jacks: int, four_nines: int) -> int:
    """A bit set (bit v: v x 10 roem) of the hand roem one player's 8 cards can hold: runs
    per suit, stuk in trump (suit 0), four of a kind on the ranks held in every suit."""
    fours = {int(rank): value for rank, value in FOUR_OF_A_KIND.items()}
    fours.update({int(Rank.JACK): four_jacks, int(Rank.NINE): four_nines})
    held_all = sum(1 << rank for rank, value in fours.items() if value)
    states: dict[tuple[int, int], int] = {(0, held_all): 1}
    for suit in range(SUIT_COUNT):
        kinds: dict[tuple[int, int], int] = {}
        for ranks in range(256):
            value = _run_value(ranks) + (
                STUK_POINTS if not suit and ranks & _QUEEN_KING == _QUEEN_KING else 0
            )
            key = (ranks.bit_count(), ranks & held_all)
            kinds[key] = kinds.get(key, 0) | 1 << (value // 10)
        after: dict[tuple[int, int], int] = {}
        for (used, common), values in states.items():
            for (count, ranks), more in kinds.items():
                if used + count <= 8:
                    key = (used + count, common & ranks)
                    after[key] = after.get(key, 0) | _sum_sets(values, more)
        states = after
    found = 0
    for (used, common), values in states.items():
        if used == 8:
            found |= values << sum(fours[r] for r in fours if common >> r & 1) // 10
    return found


@lru_cache(maxsize=8)
def _player_disjoint_roem(four_jacks: int, four_nines: int) -> int:
    """``_player_hand_roem`` when each card counts once (``hand_roem_card_reuse=False``,
    docs/rules.md 2.6.1): for each set of fours of a kind held (at most two in 8 cards),
    every choice of the fours that count, the cards left in their runs; the player holds
    the best choice. A bound from above: a four of a kind outside the set is read as
    not held."""
    fours = _four_values(four_jacks, four_nines)
    found = 0
    for size in range(3):
        for held in combinations(fours, size):
            for totals in _choice_totals(fours, held):
                found |= 1 << (max(totals) // 10)
    return found


def _choice_totals(fours: dict[int, int], held: tuple[int, ...]) -> set[tuple[int, ...]]:
    """For every 8 cards holding the fours of a kind of the ranks ``held``: per choice of
    the fours that count, their value and that of the runs the other cards make."""
    mask = sum(1 << rank for rank in held)
    chosen = [c for k in range(len(held) + 1) for c in combinations(held, k)]
    taken = [sum(1 << rank for rank in c) for c in chosen]
    states: dict[int, set[tuple[int, ...]]] = {0: {tuple(sum(fours[r] for r in c) for c in chosen)}}
    for suit in range(SUIT_COUNT):
        kinds: set[tuple[int, tuple[int, ...]]] = set()
        for ranks in range(256):
            if ranks & mask == mask:
                stuk = STUK_POINTS if not suit and ranks & _QUEEN_KING == _QUEEN_KING else 0
                runs = tuple(_run_value(ranks & ~t) + stuk for t in taken)
                kinds.add((ranks.bit_count(), runs))
        after: dict[int, set[tuple[int, ...]]] = {}
        for used, sums in states.items():
            for count, more in kinds:
                if used + count <= 8:
                    after.setdefault(used + count, set()).update(
                        tuple(a + b for a, b in zip(v, more, strict=True)) for v in sums
                    )
        states = after
    return states.get(8, set())


def _four_values(four_jacks: int, four_nines: int) -> dict[int, int]:
    """The ranks whose four of a kind is a combination, with its value."""
    fours = {int(rank): value for rank, value in FOUR_OF_A_KIND.items()}
    fours.update({int(Rank.JACK): four_jacks, int(Rank.NINE): four_nines})
    return {rank: value for rank, value in fours.items() if value}


def _sum_sets(first: int, second: int) -> int:
    """The bit set of every a + b, a in ``first`` and b in ``second`` (bit sets)."""
    found = 0
    while second:
        low = second & -second
        found |= first << (low.bit_length() - 1)
        second ^= low
    return found


def _hand_roem_of(rules: RuleSet) -> int:
    """``_hand_pair_roem`` under ``rules``."""
    return _hand_pair_roem(
        rules.four_jacks, rules.four_nines, rules.trick_roem, rules.hand_roem_card_reuse
    )


@lru_cache(maxsize=8)
def _hand_pair_roem(four_jacks: int, four_nines: int, trick_roem: bool, reuse: bool) -> int:
    """A bit set (bit v: v x 10) of one pair's roem in a hand when hand roem counts: its
    two players' combinations (a card in one run and one four of a kind when ``reuse``),
    or only a stuk when they are denied; plus, with ``trick_roem``, what its tricks hold.
    A bound from above: the two players' cards are not checked to be disjoint."""
    if reuse:
        player = _player_hand_roem(four_jacks, four_nines)
    else:
        player = _player_disjoint_roem(four_jacks, four_nines)
    hand = _sum_sets(player, player) | 1 | 1 << (STUK_POINTS // 10)
    if not trick_roem:
        return hand
    tricks = sum(1 << (r // 10) for r in _deck_roem(four_jacks, four_nines)[TRICKS_PER_HAND])
    return _sum_sets(hand, tricks)


@lru_cache(maxsize=64)
def _extras(
    hands: int, pit_bonus: int, zero_bonus: int, roem: frozenset[int], spades: int, counter: int
) -> int:
    """A bit set of what ``hands`` hands hand out beyond their 162 each: each hand one of
    the ``roem`` amounts (both pairs), at most one pit (the defenders' with the ``counter``
    bonus on top) or zero bonus, and ``spades`` more card points or none (a hand with its
    spades doubled hands out 224: 62 more)."""
    bonuses = {0, pit_bonus, pit_bonus + counter} | ({zero_bonus} if zero_bonus else set())
    cards = {0, spades}
    return _sums(hands, {a + bonus + more for a in roem for bonus in bonuses for more in cards})


def _sums(hands: int, per_hand: set[int]) -> int:
    """A bit set of every sum of ``hands`` amounts, one of ``per_hand`` for each hand."""
    reach = 1
    for _ in range(hands):
        step = 0
        for amount in per_hand:
            step |= reach << amount
        reach = step
    return reach


@lru_cache(maxsize=64)
def _pair_roem(hands: int, four_jacks: int, four_nines: int) -> int:
    """A bit set of the roem one pair can claim in ``hands`` hands."""
    return _sums(hands, set(_deck_roem(four_jacks, four_nines)[TRICKS_PER_HAND]))


def _round_roem(hands: int, rules: RuleSet) -> int:
    """A bit set of the roem one pair can hold in ``hands`` hands under ``rules``."""
    if not rules.hand_roem:
        return _pair_roem(hands, rules.four_jacks, rules.four_nines)
    per_hand = _hand_roem_of(rules)
    return _sums(hands, {10 * v for v in range(per_hand.bit_length()) if per_hand >> v & 1})


def _hand_roem_amounts(rules: RuleSet) -> frozenset[int]:
    """Every roem one hand can hold for both pairs together under ``rules``."""
    if not rules.hand_roem:
        return _deck_roem(rules.four_jacks, rules.four_nines)[TRICKS_PER_HAND]
    pair = _hand_roem_of(rules)
    both = _sum_sets(pair, pair)
    return frozenset(10 * v for v in range(both.bit_length()) if both >> v & 1)


def _multiplied_extras(hands: int, rules: RuleSet) -> int:
    """With calls or double spades (docs/rules.md 2.5, 2.7) a hand hands out (162 + roem +
    a bonus) times up to 16: a bit set of every amount beyond 162 a hand, up to the most
    the round can hand out (a bound: the multiplied sums are not listed one by one)."""
    most_m = 1 << rules.doubling_levels if rules.doubling != "off" else 1
    most_m *= 2 if rules.spades_double == "multiply" else 1
    bonus = _most_bonus(rules)
    most_hand = (_most_cards(rules) + max(_hand_roem_amounts(rules)) + bonus) * most_m
    most = hands * (most_hand - HAND_TOTAL)
    return (1 << (most + 1)) - 1


def check_totals(
    totals: Sequence[int],
    hands: int,
    roem: Sequence[int] | None,
    rules: RuleSet,
    nats: Sequence[int] | None = None,
) -> None:
    """Refuse round totals no round of ``hands`` hands gives (``totals_implausible``),
    a pair's roem no such round holds (``roem_impossible`` with ``hands``), and a pair's
    total its nats rule out (``totals_for_nats``; ``nats``: the hands each pair went nat
    in). ``roem`` or ``nats`` None: not known, any the round could hold is allowed for.
    ``hands`` is bounded by the caller (the work grows with it)."""
    _check_sum(totals, hands, roem, rules)
    if nats is not None and _nats_bound(rules):
        for pair in SIDES:
            _check_nats(pair, totals, hands, roem, nats, rules)


def _nats_bound(rules: RuleSet) -> bool:
    """Whether the nat bounds hold under ``rules``: nat is played, scores are not
    multiplied and roem comes from tricks (the bounds count 162 to 224 a hand and trick
    roem)."""
    plain = rules.doubling == "off" and rules.spades_double != "multiply" and not rules.hand_roem
    return rules.nat_enabled and plain


def _check_sum(
    totals: Sequence[int], hands: int, roem: Sequence[int] | None, rules: RuleSet
) -> None:
    """Both totals together: 162 a hand, the roem, at most one bonus a hand."""
    extra = sum(totals) - HAND_TOTAL * hands
    if roem is not None:
        for pair in SIDES:
            if roem[pair] < 0 or not _round_roem(hands, rules) >> roem[pair] & 1:
                raise InvalidInput(
                    ErrorCode.ROUND_ROEM_IMPOSSIBLE,
                    "no round of this many hands holds this roem",
                    pair=pair,
                    roem=roem[pair],
                    hands=hands,
                    most=hands * most_roem(rules),
                )
        extra -= roem[0] + roem[1]
        amounts = frozenset({0})  # the roem is known: only the bonuses are left
    else:
        amounts = _hand_roem_amounts(rules)
    if rules.doubling != "off" or rules.spades_double == "multiply":
        possible = _multiplied_extras(hands, rules)
    else:
        spades = _most_cards(rules) - HAND_TOTAL
        possible = _extras(
            hands, rules.pit_bonus, rules.zero_bonus, amounts, spades, rules.counter_pit_bonus
        )
    if extra < 0 or not possible >> extra & 1:
        raise InvalidInput(
            ErrorCode.TOTALS_IMPLAUSIBLE,
            "no round of this many hands ends with these totals",
            totals=(totals[0], totals[1]),
            roem=(0, 0) if roem is None else (roem[0], roem[1]),
            hands=hands,
        )


def _nat_bounds(
    pair: int, hands: int, roem: Sequence[int] | None, nats: Sequence[int], rules: RuleSet
) -> tuple[int, int]:
    """The least and the most ``pair`` can total in ``hands`` hands in which the pairs
    went nat ``nats`` times (docs/rules.md 1.9): its own nats score it 0; each nat of the
    other pair scores it 162 (224 with spades doubled) and that hand's roem; any other
    hand at most those card points, its bonus and its own roem, and at least its own
    roem."""
    other = 1 - pair
    kept = hands - nats[pair]  # the hands that score the pair something
    least = HAND_TOTAL * nats[other]
    if roem is not None and nats[pair] == 0:
        least += roem[pair]  # no nat of its own: all its roem counts for it
    bonus = _most_bonus(rules)
    most = kept * (_most_cards(rules) + bonus)
    return least, most + _roem_scored(pair, kept, roem, nats, rules)


def _most_bonus(rules: RuleSet) -> int:
    """The largest bonus one hand can add: a pit (the defenders', with the counter-pit) or
    the zero bonus."""
    return max(rules.pit_bonus + rules.counter_pit_bonus, rules.zero_bonus)


def _most_cards(rules: RuleSet) -> int:
    """The most card points a hand under ``rules`` holds: 224 where spades can double
    their values, else 162."""
    return hand_total(True, rules)


def _roem_scored(
    pair: int, kept: int, roem: Sequence[int] | None, nats: Sequence[int], rules: RuleSet
) -> int:
    """The most roem ``pair`` can score in its ``kept`` hands: at most a hand's roem in
    each; given the roem, its own (none of it when every hand was its nat) and the other
    pair's when that pair went nat."""
    most = kept * most_roem(rules)
    if roem is None:
        return most
    own = roem[pair] if kept else 0
    taken = roem[1 - pair] if nats[1 - pair] else 0
    return min(most, own + taken)


def _check_nats(
    pair: int,
    totals: Sequence[int],
    hands: int,
    roem: Sequence[int] | None,
    nats: Sequence[int],
    rules: RuleSet,
) -> None:
    """Refuse ``pair``'s total outside what the nats allow (``totals_for_nats``)."""
    least, most = _nat_bounds(pair, hands, roem, nats, rules)
    if not least <= totals[pair] <= most:
        raise InvalidInput(
            ErrorCode.TOTALS_FOR_NATS,
            "no round with these nats gives this total",
            pair=pair,
            total=totals[pair],
            least=least,
            most=most,
            nats=(nats[0], nats[1]),
            hands=hands,
        )


def match_over(
    played: int,
    planned: int | None,
    totals: Sequence[int],
    target: int | None,
    extended: bool,
    tie_break: TieBreak,
    extra: int = EXTRA_HANDS,
) -> tuple[bool, int | None, bool]:
    """After ``played`` hands: whether the match is over, and its planned hands and
    extension from then on. It ends at its planned hands or when a total reaches the
    target, whichever comes first; a tie for the highest total at the end under
    ``extra_hands`` plays exactly ``extra`` more hands (one deal for every seat) once,
    whatever the totals do meanwhile (docs/decisions.md)."""
    hands_done = planned is not None and played >= planned
    target_reached = not extended and target is not None and max(totals) >= target
    if not (hands_done or target_reached):
        return False, planned, extended
    top, second = sorted(totals)[-1:-3:-1]
    if top == second and tie_break == "extra_hands" and not extended:
        return False, played + extra, True  # one more deal for every seat
    return True, planned, extended


def round_length(scores: Sequence[Sequence[int]], rules: RuleSet) -> int | None:
    """After how many of these hands (each pair's score per hand) a match under
    ``rules`` ends; None when it has not ended after the last."""
    planned, extended = rules.match_hands, False
    totals = [0, 0]
    for played, line in enumerate(scores, 1):
        totals = [totals[0] + line[0], totals[1] + line[1]]
        over, planned, extended = match_over(
            played, planned, totals, rules.target_score, extended, rules.tie_break
        )
        if over:
            return played
    return None
