"""Score sheets of face-to-face tables, entered by hand and checked before they count.

Every hand line goes through the engine's score_hand, which owns what a hand can be (card
points adding up to 162, roem amounts, makers, nat and pit); its refusal is passed on with
its code. Only what a single hand cannot tell is checked here: a round's number of hands
and whether round totals could come from such a round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import EngineError, RuleSet, assumed_tricks, points_handed_out, score_hand
from bot.engine.tricks import TRICKS_PER_HAND

from .errors import LeagueCode, LeagueError
from .results import HandLine, Seats, TableResult
from .settings import RoundLength

__all__ = ["SheetEntry", "hand_line", "sheet_lines", "sheet_result", "totals_result"]


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """A line as the scorer writes it: makers, card points (incl. last trick), roem, and
    a pit mark when the sheet has one."""

    makers: int | None
    points: tuple[int, int]
    roem: tuple[int, int] = (0, 0)
    pit: bool | None = None


def sheet_lines(entries: Sequence[SheetEntry], rules: RuleSet) -> list[HandLine]:
    """Every entry checked in order; the first bad one is refused with its number."""
    return [
        hand_line(e.makers, e.points, e.roem, rules, e.pit, number)
        for number, e in enumerate(entries, 1)
    ]


def hand_line(
    makers: int | None,
    points: Sequence[int],
    roem: Sequence[int] = (0, 0),
    rules: RuleSet | None = None,
    pit: bool | None = None,
    number: int = 1,
) -> HandLine:
    """A checked score-sheet line; `number` (from 1) names the line in a refusal.

    `pit`: None when the sheet does not say (a pair with every card point took every
    trick, which is how sheets are kept), or the scorer's explicit mark.
    """
    if makers is None:
        raise LeagueError(
            LeagueCode.MAKERS_MISSING, "a line names the pair that made trump", line=number
        )
    try:
        tricks = _tricks(points, roem, pit)
        score = score_hand(makers, points, roem, tricks, rules or RuleSet())
    except (ValueError, TypeError) as error:  # TypeError: the compiled engine on non-ints
        code = LeagueCode(error.code) if isinstance(error, EngineError) else LeagueCode.BAD_LINE
        facts = error.facts if isinstance(error, EngineError) else {}
        raise LeagueError(code, str(error), line=number, **facts) from error
    return HandLine(makers, _pair(points), _pair(roem), score.scores, score.nat, score.pit)


def _pair(values: Sequence[int]) -> tuple[int, int]:
    return values[0], values[1]


def _tricks(points: Sequence[int], roem: Sequence[int], pit: bool | None) -> tuple[int, int]:
    """Tricks as the engine needs them; a sheet only tells whether a pair took them all."""
    some = (TRICKS_PER_HAND // 2, TRICKS_PER_HAND // 2)  # both took tricks: the count is moot
    if len(points) != 2 or len(roem) != 2:
        return some  # the engine refuses the points or roem themselves
    if pit is None:
        return assumed_tricks(points, roem)
    leader = 0 if points[0] >= points[1] else 1
    if pit:
        return (TRICKS_PER_HAND, 0) if leader == 0 else (0, TRICKS_PER_HAND)
    return some


def sheet_result(
    seats: Seats, lines: Sequence[HandLine], length: RoundLength, rules: RuleSet
) -> TableResult:
    """A table's round from its checked lines, refused if no round of this length ends so."""
    result = TableResult.of_lines(seats, lines)
    _check_round(len(lines), result.totals, length, rules)
    return result


def _check_round(hands: int, totals: Sequence[int], length: RoundLength, rules: RuleSet) -> None:
    """A round has at least one hand, at most its length (plus the engine's extra hands on
    a tie), and fewer only when a pair reached the target."""
    most = rules.most_hands(length.hands) if length.hands is not None else None
    if hands < 1 or (most is not None and hands > most):
        raise LeagueError(
            LeagueCode.HAND_COUNT,
            "not a number of hands this round can have",
            hands=hands,
            most=most,
        )
    all_played = length.hands is not None and hands >= length.hands
    reached = length.target is not None and max(totals) >= length.target
    if not (all_played or reached):
        raise LeagueError(
            LeagueCode.ROUND_UNFINISHED, hands=hands, expected=length.hands, target=length.target
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
    """A round entered as totals: refused unless some round of `hands` hands could end so.

    The engine says what such a round hands out in all (`points_handed_out`: 162 and the
    roem every hand, plus at most one pit or zero bonus a hand).
    """
    _check_round(hands, totals, length, rules)
    if min(*totals, *roem, *nats) < 0:
        raise LeagueError(LeagueCode.NEGATIVE_TOTAL, totals=list(totals), roem=list(roem))
    if sum(nats) > hands:
        raise LeagueError(LeagueCode.TOO_MANY_NAT, nats=list(nats), hands=hands)
    least, most = points_handed_out(hands, sum(roem), rules)
    if not least <= sum(totals) <= most:
        raise LeagueError(
            LeagueCode.TOTALS_IMPLAUSIBLE,
            "these totals add up to no round",
            totals=list(totals),
            roem=list(roem),
            hands=hands,
        )
    return TableResult(seats, _pair(totals), _pair(roem), _pair(nats), hands, (), "totals")
