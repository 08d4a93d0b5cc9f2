"""Roem of one captured trick (docs/rules.md 1.7).

A trick has at most four cards out of 32, so the answer for a given set of cards, trump
and four-of-a-kind values is memoised: computer players ask about the same tricks again
and again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from mypy_extensions import mypyc_attr

from .cards import SUIT_COUNT, Card, Rank, check_count, check_suit, distinct_mask
from .rules import RuleSet

RUN_POINTS = {3: 20, 4: 50}
STUK_POINTS = 20
TRICK_CARDS = 4
ROEM_MIN_CARDS = 2  # stuk, the queen and king of trump, is the smallest roem
FOUR_OF_A_KIND = {Rank.ACE: 100, Rank.KING: 100, Rank.QUEEN: 100, Rank.TEN: 100}


class RoemKind(StrEnum):
    """The kinds of roem: a run of three or four, stuk, or four of a kind."""

    RUN3 = "run3"
    RUN4 = "run4"
    STUK = "stuk"
    FOUR = "four_of_a_kind"


@mypyc_attr(native_class=False)  # a plain dataclass even when compiled: copy/pickle work
@dataclass(frozen=True, slots=True)
class RoemPart:
    """One piece of a trick's roem: its kind, its points and the cards making it."""

    kind: RoemKind
    points: int
    cards: tuple[Card, ...]


@mypyc_attr(native_class=False)  # a plain dataclass even when compiled: copy/pickle work
@dataclass(frozen=True, slots=True)
class Roem:
    """The roem in a trick: total ``points`` and the ``parts`` that make it up."""

    points: int
    parts: tuple[RoemPart, ...]

    def __bool__(self) -> bool:
        return self.points > 0


NO_ROEM = Roem(0, ())
_cache: dict[tuple[int, int, int, int], Roem] = {}
# Bits where a run of three may start inside one suit's 8-bit lane (ranks 7 to Q).
_RUN_STARTS: Final = sum(0x3F << (8 * s) for s in range(SUIT_COUNT))
_FOURS: Final = frozenset(sum(1 << (8 * s + rank) for s in range(SUIT_COUNT)) for rank in Rank)


def roem_of_trick(trick: Sequence[Card], trump: int, rules: RuleSet) -> Roem:
    """The roem in ``trick`` (at most 4 cards, each once; fewer for the calculator's
    partial tricks). An impossible trick is refused with an ``InvalidInput``:
    ``too_many_cards`` or ``duplicate_card`` (``field="trick"``), ``unknown_suit``
    (``field="trump"``)."""
    if len(trick) > TRICK_CARDS or trump < 0 or trump > 3:  # one test on the hot path
        check_count(len(trick), "trick", 0, TRICK_CARDS)
        check_suit(trump, "trump")
    mask = distinct_mask(trick, "trick")
    # Most tricks hold no roem: rule that out with a few bit operations before any lookup.
    if (
        not mask & (mask >> 1) & (mask >> 2) & _RUN_STARTS
        and (mask >> (8 * trump + 5)) & 3 != 3  # the trump queen (rank 5) and king
        and mask not in _FOURS
    ):
        return NO_ROEM
    key = (mask, trump, rules.four_jacks, rules.four_nines)
    found = _cache.get(key)
    if found is None:
        found = _compute(sorted(trick), trump, rules.four_jacks, rules.four_nines)
        _cache[key] = found
    return found


def _compute(cards: list[Card], trump: int, four_jacks: int, four_nines: int) -> Roem:
    parts: list[RoemPart] = []
    four = _four_of_a_kind(cards, four_jacks, four_nines)
    if four is not None:
        parts.append(four)
    else:
        run = _longest_run(cards)
        if run is not None:
            parts.append(run)
    stuk = tuple(c for c in cards if c.suit == trump and c.rank in (Rank.QUEEN, Rank.KING))
    if len(stuk) == 2:
        parts.append(RoemPart(RoemKind.STUK, STUK_POINTS, stuk))
    if not parts:
        return NO_ROEM
    return Roem(sum(p.points for p in parts), tuple(parts))


def _four_of_a_kind(cards: list[Card], four_jacks: int, four_nines: int) -> RoemPart | None:
    if len(cards) != 4 or len({c.rank for c in cards}) != 1:
        return None
    rank = cards[0].rank
    value = {Rank.JACK: four_jacks, Rank.NINE: four_nines}.get(rank, FOUR_OF_A_KIND.get(rank, 0))
    return RoemPart(RoemKind.FOUR, value, tuple(cards)) if value else None


def _longest_run(cards: list[Card]) -> RoemPart | None:
    """The longest run of 3 or 4 in one suit; ``cards`` is sorted by suit, then rank."""
    best: list[Card] = []
    run: list[Card] = []
    for card in cards:
        if run and card.suit == run[-1].suit and card.rank == run[-1].rank + 1:
            run.append(card)
        else:
            run = [card]
        if len(run) > len(best):
            best = list(run)
    if len(best) < 3:
        return None
    kind = RoemKind.RUN4 if len(best) == 4 else RoemKind.RUN3
    return RoemPart(kind, RUN_POINTS[len(best)], tuple(best))
