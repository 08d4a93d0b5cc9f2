"""Score sheets of face-to-face tables, entered by hand and checked before they count.

What a hand line or a round's totals can be is the engine's (bot/engine/sheets.py: card
points a set of cards makes, roem as real combinations in the pair's tricks, pit and no
pit, nat, the rule set's bonuses, totals a round of that many hands hands out, where a
round ends); its refusal is passed on with its code and the line's number. Here: the
numbers' ranges and the league's round length (hands, target or both, and the extension).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, NoReturn

from bot.engine import (
    EngineError,
    HandScore,
    RuleSet,
    bearing_pair,
    check_line,
    check_totals,
    round_length,
)
from bot.engine.driemans_sheets import ThreeLine, check_three_line
from bot.engine.seats import SIDES
from bot.engine.tricks import HAND_TOTAL

from .errors import LeagueCode, LeagueError
from .results import HandLine, Seats, Source, TableResult, three_result
from .settings import RoundLength

__all__ = [
    "PENALTY_RANGE",
    "TOTAL_RANGE",
    "SheetEntry",
    "check_range",
    "check_sheet",
    "entry_line",
    "hand_line",
    "sheet_lines",
    "sheet_result",
    "three_line",
    "three_sheet_result",
    "totals_result",
]

# The numbers an organiser types, bounded where the league takes them (docs/league.md):
# round totals and roem beyond what 68 hands hand out, and penalties beyond a night's
# points, are typing slips; the store's columns hold every number inside these ranges.
TOTAL_RANGE: Final = (0, 100_000)
PENALTY_RANGE: Final = (-10_000, 10_000)


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """A line as the scorer writes it: makers, card points (incl. last trick), roem, and
    a pit mark when the sheet has one; on a kraken sheet (docs/rules.md 2.5 to 2.7) the
    calls (0-3) and the pair that made the last one when the scorer names it, whether
    spades were trump, and each pair's roem from the hand (part of its roem)."""

    makers: int | None
    points: tuple[int, int]
    roem: tuple[int, int] = (0, 0)
    pit: bool | None = None
    calls: int = 0
    caller: int | None = None
    spades: bool = False
    hand_roem: tuple[int, int] = (0, 0)


def sheet_lines(entries: Sequence[SheetEntry], rules: RuleSet) -> list[HandLine]:
    """Every entry checked in order; the first bad one is refused with its number."""
    return [entry_line(entry, rules, number) for number, entry in enumerate(entries, 1)]


def hand_line(
    makers: int | None,
    points: Sequence[int],
    roem: Sequence[int] = (0, 0),
    rules: RuleSet | None = None,
    pit: bool | None = None,
    number: int = 1,
) -> HandLine:
    """A checked score-sheet line without kraken marks (``entry_line``)."""
    return entry_line(SheetEntry(makers, _pair(points), _pair(roem), pit), rules, number)


def entry_line(entry: SheetEntry, rules: RuleSet | None = None, number: int = 1) -> HandLine:
    """A checked score-sheet line; `number` (from 1) names the line in a refusal.

    `entry.pit`: None when the sheet does not say (a pair with every card point took every
    trick, which is how sheets are kept), True for the scorer's pit mark, False for "no
    pit" (the pair without card points took a trick worth nothing). Its calls, spades
    and hand roem as ``_check_kraken`` allows them.
    """
    e = entry
    if e.makers is None:
        raise LeagueError(
            LeagueCode.MAKERS_MISSING, "a line names the pair that made trump", line=number
        )
    rules = rules or RuleSet()
    try:
        score = check_line(e.makers, e.points, e.roem, e.pit, rules, e.calls, e.spades)
    except (ValueError, TypeError) as error:  # TypeError: the compiled engine on non-ints
        passed_on(error, line=number)
    _check_kraken(e, score, rules, number)
    return HandLine(
        e.makers,
        _pair(e.points),
        _pair(e.roem),
        score.scores,
        score.nat,
        score.pit,
        score.calls,
        e.spades,
        _pair(e.hand_roem),
        score.multiplier,
        score.loser,
    )


def _check_kraken(entry: SheetEntry, score: HandScore, rules: RuleSet, number: int) -> None:
    """Refuse a line's kraken marks the hand cannot have: a last call named for the pair
    that did not make it (``wrong_caller``: kraak and superkraak are the defenders',
    rekraak the makers'), roem from the hand under rules without it
    (``no_hand_roem``), or more of it than the pair's roem (``hand_roem_over_roem``)."""
    last = bearing_pair(score.makers, score.calls)  # the pair that made the last call
    if entry.caller is not None and (not score.calls or entry.caller != last):
        raise LeagueError(
            LeagueCode.WRONG_CALLER, line=number, pair=entry.caller, calls=score.calls
        )
    if any(entry.hand_roem) and not rules.hand_roem:
        raise LeagueError(LeagueCode.NO_HAND_ROEM, line=number)
    for pair in SIDES:
        if entry.hand_roem[pair] > entry.roem[pair]:
            raise LeagueError(
                LeagueCode.HAND_ROEM_OVER_ROEM,
                line=number,
                pair=pair,
                hand=entry.hand_roem[pair],
                roem=entry.roem[pair],
            )


def passed_on(error: Exception, **where: Any) -> NoReturn:
    """The engine's refusal as the league's, with its code and facts and ``where`` (the
    line); anything else the engine refused as ``bad_line``."""
    if isinstance(error, EngineError):
        raise LeagueError(error.code, str(error), **where, **error.facts) from error
    raise LeagueError(LeagueCode.BAD_LINE, str(error), **where) from error


def _pair(values: Sequence[int]) -> tuple[int, int]:
    return values[0], values[1]


def _given(values: Sequence[int]) -> Sequence[int] | None:
    """A pair of numbers an organiser may leave out: 0 and 0 read as not given."""
    return values if any(values) else None


def sheet_result(
    seats: Seats, lines: Sequence[HandLine], length: RoundLength, rules: RuleSet
) -> TableResult:
    """A table's round from its checked lines (``check_sheet``)."""
    check_sheet(lines, length, rules)
    return TableResult.of_lines(seats, lines)


def check_sheet(lines: Sequence[HandLine], length: RoundLength, rules: RuleSet) -> None:
    """Refuse a sheet unless a round of this length ends exactly after its last line:
    not before it (``round_over``, a line after the end), not later
    (``round_unfinished``)."""
    _check_hands(len(lines), length, rules)
    ends = rules.with_options(match_hands=length.hands, target_score=length.target)
    ended = round_length([line.scores for line in lines], ends)
    if ended is None:
        raise LeagueError(
            LeagueCode.ROUND_UNFINISHED,
            hands=len(lines),
            expected=length.hands,
            target=length.target,
        )
    if ended < len(lines):
        raise LeagueError(LeagueCode.ROUND_OVER, line=ended + 1, hands=ended)


def check_range(what: str, value: int, least: int, most: int) -> None:
    """Refuse a number outside ``least``..``most`` (``out_of_range``, naming ``what``)."""
    if not least <= value <= most:
        raise LeagueError(LeagueCode.OUT_OF_RANGE, what=what, value=value, min=least, max=most)


def _check_hands(hands: int, length: RoundLength, rules: RuleSet) -> None:
    """A round has at least one hand and at most its length (plus the engine's extra
    hands on a tie); a round to a target only ends by the hand that makes its pairs'
    points (at least 162 a hand, so one pair at least half) reach it."""
    planned = length.hands
    if planned is None:
        assert length.target is not None  # RoundLength has an end
        planned = -(-length.target // (HAND_TOTAL // 2))
    most = rules.most_hands(planned)
    if hands < 1 or hands > most:
        raise LeagueError(
            LeagueCode.HAND_COUNT,
            "not a number of hands this round can have",
            hands=hands,
            most=most,
        )


def totals_result(
    seats: Seats,
    totals: Sequence[int],
    hands: int,
    length: RoundLength,
    rules: RuleSet,
    roem: Sequence[int] = (0, 0),
    nats: Sequence[int] = (0, 0),
) -> TableResult:
    """A round entered as totals: refused unless some round of `hands` hands with these
    `nats` could end so (the engine's ``check_totals``; roem or nats 0 and 0 mean "not
    given", so any the round could hold is allowed for)."""
    _check_hands(hands, length, rules)
    if min(*totals, *roem, *nats) < 0:
        raise LeagueError(LeagueCode.NEGATIVE_TOTAL, totals=list(totals), roem=list(roem))
    for what, pair in (("totals", totals), ("roem", roem)):
        for value in pair:
            check_range(what, value, *TOTAL_RANGE)
    if sum(nats) > hands:
        raise LeagueError(LeagueCode.TOO_MANY_NAT, nats=list(nats), hands=hands)
    reached = length.target is not None and max(totals) >= length.target
    if not (reached or (length.hands is not None and hands >= length.hands)):
        raise LeagueError(
            LeagueCode.ROUND_UNFINISHED, hands=hands, expected=length.hands, target=length.target
        )
    try:
        check_totals(totals, hands, _given(roem), rules, _given(nats))
    except ValueError as error:
        passed_on(error)
    return TableResult(seats, _pair(totals), _pair(roem), _pair(nats), hands, (), "totals")


def three_line(scores: Sequence[int], rules: RuleSet, number: int = 1) -> ThreeLine:
    """A table of three's line checked by the engine (``check_three_line``); its refusal
    passed on naming line `number` (from 1)."""
    try:
        return check_three_line(scores, rules)
    except (ValueError, TypeError) as error:
        passed_on(error, line=number)


def three_sheet_result(
    seats: Seats, lines: Sequence[Sequence[int]], rules: RuleSet, source: Source = "hands"
) -> TableResult:
    """A table of three's round from its sheet, three scores a line in seat order, each
    line checked by the engine (``check_three_line``, refused with its number) and the
    round as long as ``rules`` plays it: no more lines (``round_over``), no fewer
    (``round_unfinished``). `source`: entered by hand, or a bot table's sheet read in."""
    checked = [three_line(scores, rules, number) for number, scores in enumerate(lines, 1)]
    hands = rules.match_hands
    assert hands is not None  # three_player_rules sets the hands
    if len(checked) > hands:
        raise LeagueError(LeagueCode.ROUND_OVER, line=hands + 1, hands=hands)
    if len(checked) < hands:
        raise LeagueError(
            LeagueCode.ROUND_UNFINISHED, hands=len(checked), expected=hands, target=None
        )
    return three_result(seats, checked, source)
