"""Score-sheet lines of three-player Klaverjas (docs/rules.md 2.8.7): three scores, one
per player, checked against what a hand can score.

A club's sheet for a table of three has a column per player and one line per hand; the
line is what ``score_driemans`` writes down. So a line is valid when some hand gives it:

- the solo made it: his total S, and each defender the defenders' total D (both equal),
  with S + D = 162 + the hand's roem, + the pit bonus when the solo took every trick (the
  defenders then hold no roem and no card points, bar a discard that counts for them);
  under ``discard_to="none"`` the card points are 162 less the discard's;
- the solo went nat: 0 for him, 162 + all roem for each defender (+ the pit bonus when
  they took every trick);
- ``three_player_scoring="solo_only"``: the solo's score alone (his total, or minus 162 +
  all roem on a nat), the defenders 0.

Roem in three-card tricks is a run of three (20), stuk (20) or both (40): a multiple of
20, at most two runs in each suit and stuk, ``MOST_THREE_ROEM``. The solo must score more
than the defenders to make it when nat counts roem (equal is nat); with ``nat_enabled``
off, or nat by card points only, the line cannot show which is which and is not asked.
A line that reads both as a pit and as 100 more roem (262 for the solo, 0 for each
defender) is read as the pit: the scores are the same either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from itertools import combinations
from typing import Final

from .cards import CARDS
from .errors import ErrorCode, InvalidInput
from .rules import RuleSet
from .seats import THREE_SEATS
from .tricks import HAND_TOTAL, POINTS

__all__ = [
    "MOST_THREE_ROEM",
    "THREE_SHEET_CODES",
    "THREE_ROEM_STEP",
    "ThreeLine",
    "check_three_line",
    "three_player_rules",
]

THREE_ROEM_STEP: Final = 20  # a run of three and stuk are each worth 20
RUNS_PER_SUIT: Final = 2  # eight ranks hold two runs of three that share no card
MOST_THREE_ROEM: Final = THREE_ROEM_STEP * (RUNS_PER_SUIT * 4 + 1)  # every run and stuk: 180


THREE_SHEET_CODES: Final = frozenset(
    {
        ErrorCode.THREE_SCORES,
        ErrorCode.THREE_LINE_NEGATIVE,
        ErrorCode.THREE_LINE_NO_SOLO,
        ErrorCode.THREE_LINE_SUM,
        ErrorCode.THREE_LINE_NAT,
        ErrorCode.THREE_LINE_SOLO_LOW,
    }
)
"""Every code ``check_three_line`` refuses with (the league passes each on)."""


@dataclass(frozen=True, slots=True)
class ThreeLine:
    """A checked line: the scores by seat, the solo's seat (None only on a line of three
    equal scores, which nat switched off allows), whether the solo went nat, the side that
    took every trick (0 the solo, 1 the defenders, None) and the hand's roem."""

    scores: tuple[int, int, int]
    solo: int | None
    nat: bool
    pit: int | None
    roem: int


def check_three_line(scores: Sequence[int], rules: RuleSet) -> ThreeLine:
    """The line ``scores`` (one per seat of a table of three) as some hand under the
    three-player ``rules`` scores it; an ``InvalidInput`` with its code and facts if none
    does: ``three_scores`` (not three whole numbers), ``three_line_negative`` (a score
    below 0, which only ``solo_only`` writes), ``three_line_no_solo`` (no two
    equal scores beside a third), ``three_line_sum`` (the solo's and the defenders' scores
    add up to no hand's points and roem), ``three_line_nat`` (a nat that does not give
    each defender 162 + roem), ``three_line_solo_low`` (the solo at or below the
    defenders: that is nat)."""
    line = _three(scores)
    if rules.three_player_scoring == "solo_only":
        return _solo_only(line, rules)
    if min(line) < 0:
        raise InvalidInput(
            ErrorCode.THREE_LINE_NEGATIVE, "no score below 0 but a nat's", scores=list(line)
        )
    solo = _odd_one(line)
    if solo is None:
        return _all_equal(line, rules)
    mine, theirs = line[solo], line[THREE_SEATS.left_of(solo)]
    if mine == 0 and rules.nat_enabled:
        roem, pit = _nat_roem(theirs, rules, line)
        return ThreeLine(line, solo, True, pit, roem)
    if rules.nat_enabled and rules.nat_counts_roem and mine <= theirs:
        raise InvalidInput(
            ErrorCode.THREE_LINE_SOLO_LOW,
            "the solo scores more than the defenders or goes nat",
            scores=list(line),
            solo=solo,
        )
    roem, pit = _made_roem(mine, theirs, rules, line)
    return ThreeLine(line, solo, False, pit, roem)


def three_player_rules(four: RuleSet, hands: int) -> RuleSet:
    """The three-player rules a table of three plays beside tables playing ``four``: the
    ``driemans`` preset for ``hands`` hands, with each option of ``four`` that differs
    from the default rules and that three-player Klaverjas also plays (obligations, nat,
    the pit bonus...); the options it does not play are left at its own."""
    rules = RuleSet.game_preset("driemans").with_options(match_hands=hands, target_score=None)
    base = RuleSet()
    for option in fields(RuleSet):
        name = option.name
        value = getattr(four, name)
        if name in _NOT_CARRIED or value == getattr(base, name):
            continue
        try:
            rules = rules.with_options(**{name: value})
        except InvalidInput:  # an option of the four-player game only
            continue
    return rules


_NOT_CARRIED: Final = frozenset({"name", "game", "match_hands", "target_score", "tie_break"})


def _three(scores: Sequence[int]) -> tuple[int, int, int]:
    if len(scores) != THREE_SEATS.count or any(type(s) is not int for s in scores):
        raise InvalidInput(ErrorCode.THREE_SCORES, "three whole numbers", scores=list(scores))
    return scores[0], scores[1], scores[2]


def _odd_one(line: tuple[int, int, int]) -> int | None:
    """The seat whose score differs from the two equal others; None when all three are
    equal; refused when no two are equal."""
    for seat in THREE_SEATS.seats:
        others = [line[s] for s in THREE_SEATS.seats if s != seat]
        if others[0] == others[1] and line[seat] != others[0]:
            return seat
    if len(set(line)) == 1:
        return None
    raise InvalidInput(
        ErrorCode.THREE_LINE_NO_SOLO, "two defenders score the same", scores=list(line)
    )


def _all_equal(line: tuple[int, int, int], rules: RuleSet) -> ThreeLine:
    """Three equal scores: only a made hand without nat, solo and defenders level."""
    if rules.nat_enabled:
        raise InvalidInput(
            ErrorCode.THREE_LINE_NO_SOLO, "two defenders score the same", scores=list(line)
        )
    roem, pit = _made_roem(line[0], line[0], rules, line)
    return ThreeLine(line, None, False, pit, roem)


def _roem_amounts() -> range:
    return range(0, MOST_THREE_ROEM + 1, THREE_ROEM_STEP)


def _nat_roem(each: int, rules: RuleSet, line: tuple[int, ...]) -> tuple[int, int | None]:
    """A nat line's roem and pit: each defender 162 + roem (+ the pit bonus)."""
    for pit, bonus in ((1, rules.pit_bonus), (None, 0)):
        roem = each - HAND_TOTAL - bonus
        if roem in _roem_amounts():
            return roem, pit
    raise _refused(ErrorCode.THREE_LINE_NAT, "a nat gives each defender 162 + all roem", line)


def _made_roem(
    solo: int, defenders: int, rules: RuleSet, line: tuple[int, ...]
) -> tuple[int, int | None]:
    """A made line's roem and pit (0: the solo took every trick)."""
    for discard in _discards(rules):
        cards = HAND_TOTAL - discard
        for pit, bonus in ((0, rules.pit_bonus), (None, 0)):
            roem = solo + defenders - cards - bonus
            if roem in _roem_amounts() and (pit is None or defenders in _pit_defenders(rules)):
                return roem, pit
    message = "the solo's and the defenders' scores add up to 162 + roem"
    raise _refused(ErrorCode.THREE_LINE_SUM, message, line)


def _refused(code: ErrorCode, message: str, line: tuple[int, ...]) -> InvalidInput:
    """The refusal of a line no hand scores, with the line and the most roem a hand has."""
    return InvalidInput(code, message, scores=list(line), most=MOST_THREE_ROEM)


def _discards(rules: RuleSet) -> frozenset[int]:
    """The card points the hand's total lacks: 0, or under ``discard_to="none"`` any two
    cards' worth."""
    return DISCARD_POINTS if rules.discard_to == "none" else frozenset({0})


def _pit_defenders(rules: RuleSet) -> frozenset[int]:
    """What the defenders score when the solo took every trick: nothing, or the discard
    when it counts for them."""
    return DISCARD_POINTS if rules.discard_to == "defenders" else frozenset({0})


def _solo_only(line: tuple[int, int, int], rules: RuleSet) -> ThreeLine:
    """``solo_only``: one score, the defenders 0; a nat is minus 162 + roem."""
    solo = next((seat for seat in THREE_SEATS.seats if line[seat] != 0), None)
    if solo is None or sum(1 for s in line if s != 0) != 1:
        raise InvalidInput(ErrorCode.THREE_LINE_NO_SOLO, "the solo alone scores", scores=list(line))
    score = line[solo]
    if score < 0:
        roem = -score - HAND_TOTAL
        if not rules.nat_enabled or roem not in _roem_amounts():
            raise InvalidInput(
                ErrorCode.THREE_LINE_NAT,
                "a nat costs the solo 162 + all roem",
                scores=list(line),
                most=MOST_THREE_ROEM,
            )
        return ThreeLine(line, solo, True, None, roem)
    if score > HAND_TOTAL + MOST_THREE_ROEM + rules.pit_bonus:
        raise InvalidInput(
            ErrorCode.THREE_LINE_SUM,
            "the solo's total is at most 162 + roem + the pit bonus",
            scores=list(line),
            most=MOST_THREE_ROEM,
        )
    return ThreeLine(line, solo, False, None, 0)


def _discard_points() -> frozenset[int]:
    """Every worth two cards can have in a hand, whichever suit is trump."""
    worths: set[int] = set()
    for trump in range(len(POINTS)):
        values = [POINTS[trump][card] for card in CARDS]
        worths.update(a + b for a, b in combinations(values, 2))
    return frozenset(worths)


DISCARD_POINTS: Final = _discard_points()
