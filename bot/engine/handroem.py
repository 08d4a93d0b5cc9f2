"""Roem from the hand (docs/rules.md 2.6): the combinations in each player's 8 cards as
dealt, and which pair scores them.

Found once per hand, after the doubling rounds and before the first lead, so it is off
the hot path; the search players read the announced result, never the hands behind it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from .cards import Card, Rank, Suit
from .roem import FOUR_OF_A_KIND, NO_ROEM, STUK_POINTS, Roem, RoemKind
from .rules import RuleSet
from .seats import SIDES, pair_of

HAND_RUN_POINTS = {3: 20, 4: 50}  # a run of 5 or more: RUN5_POINTS
RUN5_POINTS = 100
# The suit tie-break of docs/rules.md 2.6.3: spades > hearts > diamonds > clubs.
SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


class ComboKind(StrEnum):
    """A combination from the hand: a run of 3 or more, four of a kind, or stuk."""

    RUN = "run"
    FOUR = "four_of_a_kind"
    STUK = "stuk"


@dataclass(frozen=True, slots=True)
class Combination:
    """One combination a player holds: its kind, its value, its cards (natural order)."""

    seat: int
    kind: ComboKind
    points: int
    cards: tuple[Card, ...]

    @property
    def top(self) -> Card:
        """The highest card in natural order (a four of a kind: any of its cards)."""
        return self.cards[-1]

    @property
    def rank_key(self) -> tuple[int, int, int, int]:
        """The order of docs/rules.md 2.6.3: value, top rank, four above run, then suit."""
        four = self.kind == ComboKind.FOUR
        suit = 0 if four else SUIT_ORDER[self.top.suit]
        return (self.points, int(self.top.rank), int(four), suit)


@dataclass(frozen=True, slots=True)
class HandRoem:
    """Every player's combinations, each pair's best (stuk aside) and what each pair
    scores: ``scoring[pair]`` says whether its combinations count, ``points`` adds its stuk."""

    combinations: tuple[Combination, ...]
    best: tuple[Combination | None, Combination | None]
    scoring: tuple[bool, bool]
    points: tuple[int, int]

    @property
    def stuk_seat(self) -> int | None:
        """The seat that held the king and queen of trump, if one did."""
        return next((c.seat for c in self.combinations if c.kind == ComboKind.STUK), None)

    def of_pair(self, pair: int) -> tuple[Combination, ...]:
        """The combinations (stuk included) of ``pair``'s two players."""
        return tuple(c for c in self.combinations if pair_of(c.seat) == pair)

    def announced(self) -> tuple[Combination, ...]:
        """What the table is told (docs/rules.md 2.6.4): each pair's best combination,
        every combination of a pair that scores, and every stuk; nothing else."""
        shown = [c for c in self.best if c is not None]
        for combo in self.combinations:
            scores = self.scoring[pair_of(combo.seat)] or combo.kind == ComboKind.STUK
            if scores and combo not in shown:
                shown.append(combo)
        return tuple(shown)


NO_HAND_ROEM = HandRoem((), (None, None), (False, False), (0, 0))


def combinations_of(
    seat: int, cards: Sequence[Card], trump: Suit, rules: RuleSet
) -> list[Combination]:
    """The combinations in one player's cards (docs/rules.md 2.6.1): each maximal run of
    3 or more in natural order counted once at its length, each four of a kind with a
    value, and stuk. A card may be in one run and one four of a kind, unless
    ``hand_roem_card_reuse`` is off: then the disjoint choice worth most (``_disjoint``)."""
    fours = _fours(seat, cards, rules)
    if rules.hand_roem_card_reuse or not fours:
        found = [*_runs(seat, cards), *fours]
    else:
        found = _disjoint(seat, cards, fours)
    stuk = tuple(c for c in sorted(cards) if c.suit == trump and c.rank in (Rank.QUEEN, Rank.KING))
    if len(stuk) == 2:
        found.append(Combination(seat, ComboKind.STUK, STUK_POINTS, stuk))
    return found


def _disjoint(seat: int, cards: Sequence[Card], fours: Sequence[Combination]) -> list[Combination]:
    """The combinations when each card counts once (docs/rules.md 2.6.1): the fours of a
    kind chosen, the cards left in their maximal runs; the choice of highest total, and on
    equal totals the one whose best combination ranks higher (the key of 2.6.2)."""
    choices = []
    for size in range(len(fours) + 1):
        for chosen in combinations(fours, size):
            taken = {card for four in chosen for card in four.cards}
            choices.append([*_runs(seat, [c for c in cards if c not in taken]), *chosen])
    return max(choices, key=_choice_key)


def _choice_key(combos: Sequence[Combination]) -> tuple[int, tuple[int, ...]]:
    best = _best(combos)
    return sum(c.points for c in combos), (-1,) if best is None else best.rank_key


def _runs(seat: int, cards: Sequence[Card]) -> list[Combination]:
    found = []
    for suit in Suit:
        ranks = sorted(c.rank for c in cards if c.suit == suit)
        run: list[int] = []
        for rank in [*ranks, -2]:  # a sentinel closes the last run
            if run and rank != run[-1] + 1:
                if len(run) >= 3:
                    held = tuple(Card.of(Rank(r), suit) for r in run)
                    found.append(Combination(seat, ComboKind.RUN, _run_points(len(run)), held))
                run = []
            run.append(rank)
    return found


def _run_points(length: int) -> int:
    return HAND_RUN_POINTS.get(length, RUN5_POINTS)


def _fours(seat: int, cards: Sequence[Card], rules: RuleSet) -> list[Combination]:
    values = {**FOUR_OF_A_KIND, Rank.JACK: rules.four_jacks, Rank.NINE: rules.four_nines}
    found = []
    for rank, value in values.items():
        held = tuple(sorted(c for c in cards if c.rank == rank))
        if len(held) == 4 and value:
            found.append(Combination(seat, ComboKind.FOUR, value, held))
    return found


def find_hand_roem(dealt: Sequence[Sequence[Card]], trump: Suit, rules: RuleSet) -> HandRoem:
    """The hand roem of a deal (``dealt`` in seat order) under ``rules``: which pair
    scores its combinations (``hand_roem_award``, docs/rules.md 2.6.3) and stuk always."""
    found = tuple(
        combo
        for seat, cards in enumerate(dealt)
        for combo in combinations_of(seat, cards, trump, rules)
    )
    plain = [
        [c for c in found if pair_of(c.seat) == pair and c.kind != ComboKind.STUK] for pair in SIDES
    ]
    best = (_best(plain[0]), _best(plain[1]))
    sums = (sum(c.points for c in plain[0]), sum(c.points for c in plain[1]))
    if rules.hand_roem_award == "pair_total":
        scoring = (sums[0] > 0 and sums[0] >= sums[1], sums[1] > 0 and sums[1] >= sums[0])
    else:
        keys = [(-1,) if b is None else b.rank_key for b in best]
        scoring = (
            best[0] is not None and keys[0] > keys[1],
            best[1] is not None and keys[1] > keys[0],
        )
    stuk = [
        sum(c.points for c in found if c.kind == ComboKind.STUK and pair_of(c.seat) == p)
        for p in SIDES
    ]
    points = (stuk[0] + sums[0] * scoring[0], stuk[1] + sums[1] * scoring[1])
    return HandRoem(found, best, scoring, points)


def _best(combos: Sequence[Combination]) -> Combination | None:
    return max(combos, key=lambda c: c.rank_key, default=None)


def trick_roem_after(roem: Roem, held: HandRoem) -> Roem:
    """A taken trick's roem once hand roem is counted: without stuk when one player held
    the king and queen of trump, which scored from the hand already (docs/rules.md 2.6.5)."""
    if held.stuk_seat is None:
        return roem
    parts = tuple(p for p in roem.parts if p.kind != RoemKind.STUK)
    if len(parts) == len(roem.parts):
        return roem
    return Roem(sum(p.points for p in parts), parts) if parts else NO_ROEM
