"""A night's ranking: each player credited with their pair's round totals, byes scored by
the league's policy, organisers' adjustments added, then ranked by the tie-break chain.

Pure: a function of the draws and the effective results, so live standings, the final
ranking and any later recount agree.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Final

from bot.engine.seats import SIDES

from .draw import RoundDraw
from .places import ranked
from .results import TableResult
from .settings import BoobyRule, ByePolicy, Format, TieBreak

__all__ = [
    "FIXED_BYE",
    "Adjustment",
    "NightData",
    "NightRow",
    "UnrankedSeat",
    "bye_score",
    "half_up",
    "night_ranking",
    "round_credits",
    "unranked_seats",
]

FIXED_BYE: Final[dict[str, int]] = {"fixed_1450": 1450, "fixed_1600": 1600}
FIXED_BYE_HANDS: Final = 16  # the fixed bye scores are meant for rounds of 16 hands
PER_ROUND: Final = ("round_average", "round_lowest")  # a bye scored from its own round
TableKey = tuple[int, int]  # (round number, table index in the round's draw)


@dataclass(frozen=True, slots=True)
class Adjustment:
    """Points an organiser adds (negative: a penalty) to a player's night, with why."""

    user_id: int
    points: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """The adjustment as the store keeps it."""
        return {"user_id": self.user_id, "points": self.points, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Adjustment:
        """The adjustment from what the store kept."""
        return cls(data["user_id"], data["points"], data["reason"])


@dataclass(frozen=True, slots=True)
class NightData:
    """What a night's ranking is made of: its draws, results and adjustments."""

    draws: Sequence[RoundDraw]
    results: Mapping[TableKey, TableResult]  # the effective (latest) result of each table
    adjustments: Sequence[Adjustment] = ()


@dataclass(frozen=True, slots=True)
class NightRow:
    """One player's line of a night's ranking: points and what they are made of."""

    user_id: int
    points: int = 0  # rounds + byes + adjustments
    rounds: int = 0
    rounds_won: int = 0
    nat: int = 0
    roem: int = 0
    byes: int = 0
    bye_points: int = 0
    adjustment: int = 0
    place: int = 0
    booby: bool = False
    present: int = 0  # rounds drawn with the player at a table or sitting out
    drawn: int = 0  # rounds drawn this night: present < drawn marks an absence

    @property
    def absent(self) -> bool:
        """Whether the player missed a round drawn this night (left early, came late)."""
        return self.present < self.drawn


@dataclass(slots=True)
class _Tally:
    rows: dict[int, NightRow] = field(default_factory=dict)

    def add(self, user_id: int, **amounts: int) -> None:
        row = self.rows.get(user_id, NightRow(user_id))
        self.rows[user_id] = replace(row, **{k: getattr(row, k) + v for k, v in amounts.items()})


def round_credits(
    draw: RoundDraw, results: Mapping[TableKey, TableResult], format: Format
) -> dict[int, tuple[int, TableResult, int]]:
    """Each human at a counted table of `draw`: (credit, the table's result, their pair).

    The credit is the pair's round total; on a duplicate night every pair of a line held the
    same cards, so it is the total less the line's mean (half up) over the round's tables.
    At a table of three (the third value is then the player's seat) it is the player's
    total scaled by ``three_scale``. Voided and not yet reported tables credit nobody.
    """
    counted = [
        r
        for i in range(len(draw.tables))
        if (r := results.get((draw.number, i))) is not None and not r.void
    ]
    means = [Fraction(sum(r.totals[line] for r in counted), len(counted) or 1) for line in SIDES]
    scale = three_scale(counted)
    credits: dict[int, tuple[int, TableResult, int]] = {}
    for result in counted:
        for seat, user in enumerate(result.seats):
            if user is None:
                continue
            side = result.side_of(seat)
            credit = result.totals[side]
            if result.three:
                credit = half_up(credit * scale)
            elif format == "duplicate":
                credit = half_up(credit - means[side])
            credits[user] = (credit, result, side)
    return credits


def three_scale(counted: Sequence[TableResult]) -> Fraction:
    """What a table of three's totals are multiplied by in the standings: the average of
    the pair totals at the round's tables of four over the average of the three's totals,
    so the three's average is the average of everyone at a table of four (a player of
    three-player Klaverjas scores less a hand than a pair does). 1 (the totals as they
    are) when no table of four counted, or the three's average is not above 0."""
    fours = [r for r in counted if not r.three]
    threes = [r for r in counted if r.three]
    three_total = sum(sum(r.totals) for r in threes)
    if not fours or three_total <= 0:
        return Fraction(1)
    four_mean = Fraction(sum(sum(r.totals) for r in fours), len(fours) * len(SIDES))
    three_mean = Fraction(three_total, sum(len(r.totals) for r in threes))
    return four_mean / three_mean


def bye_score(
    policy: ByePolicy, format: Format, credits: Iterable[int], hands: int | None = None
) -> int:
    """A bye's score. A fixed score is scaled to rounds of `hands` hands when given (1450
    for 16 hands is 363 for 4, half up). The average and lowest policies take `credits`:
    the night's so far, or under a `round_` policy those of the bye's own round, so a
    bye's score is fixed once its round is complete. On a duplicate night credits are
    relative to the line, so a fixed policy gives 0 there (the line's mean)."""
    if policy in FIXED_BYE:
        if format == "duplicate":
            return 0
        fixed = FIXED_BYE[policy]
        return fixed if hands is None else half_up(Fraction(fixed * hands, FIXED_BYE_HANDS))
    played = list(credits)
    if not played:
        return 0
    if policy in ("night_lowest", "round_lowest"):
        return min(played)
    return half_up(Fraction(sum(played), len(played)))


def half_up(value: Fraction) -> int:
    """Rounded to the nearest whole point, halves up (what a club's calculator does)."""
    return math.floor(value + Fraction(1, 2))


def night_ranking(
    data: NightData,
    format: Format,
    policy: ByePolicy,
    tie_breaks: Sequence[TieBreak],
    *,
    bye_hands: int | None = None,
    booby: BoobyRule = "all_rounds",
) -> list[NightRow]:
    """Everyone who played, sat out or was adjusted, ranked with places and booby prize.

    `bye_hands`: the hands per round a fixed bye score is scaled to (None: as it is);
    `booby`: who may take the booby prize (`_booby`)."""
    tally = _Tally()
    per_round: list[list[int]] = []
    for draw in data.draws:
        for user in draw.seated:
            tally.add(user, present=1)  # listed even when their table was voided or playing
        credits = round_credits(draw, data.results, format)
        per_round.append([credit for credit, _, _ in credits.values()])
        for user, (credit, result, pair) in credits.items():
            won = int(result.won(pair))
            tally.add(
                user,
                points=credit,
                rounds=1,
                rounds_won=won,
                nat=result.nats[pair],
                roem=result.roem[pair],
            )
    night = bye_score(policy, format, [c for played in per_round for c in played], bye_hands)
    for draw, played in zip(data.draws, per_round, strict=True):
        bye = bye_score(policy, format, played, bye_hands) if policy in PER_ROUND else night
        for user in draw.byes:
            tally.add(user, points=bye, byes=1, bye_points=bye, present=1)
    for adjustment in data.adjustments:
        tally.add(adjustment.user_id, points=adjustment.points, adjustment=adjustment.points)
    rows = [replace(row, drawn=len(data.draws)) for row in tally.rows.values()]
    return _booby(_rank(rows, tie_breaks), booby)


_KEYS: Final = {
    "points": lambda r: -r.points,
    "rounds_won": lambda r: -r.rounds_won,
    "fewer_nat": lambda r: r.nat,
    "more_roem": lambda r: -r.roem,
}


def _rank(rows: list[NightRow], tie_breaks: Sequence[TieBreak]) -> list[NightRow]:
    """Sort by the chain; rows equal on every link share a place (1, 2, 2, 4)."""

    def key(row: NightRow) -> tuple[int, ...]:
        return tuple(_KEYS[name](row) for name in tie_breaks)

    return [replace(row, place=place) for place, row in ranked(rows, key, lambda r: r.user_id)]


def _booby(rows: list[NightRow], rule: BoobyRule) -> list[NightRow]:
    """The booby prize: the last place among everyone ("lowest"), or among those at a table
    or sitting out in every round drawn ("all_rounds": not one who left after round 1).
    A night where they all share first place has none."""
    eligible = [r for r in rows if rule == "lowest" or not r.absent]
    last = max((r.place for r in eligible), default=1)
    if last <= 1:
        return rows
    return [replace(r, booby=r.place == last and r in eligible) for r in rows]


@dataclass(frozen=True, slots=True)
class UnrankedSeat:
    """A drawn player's seat that a computer finished (the player left the bot table): the
    table's result stands for the others, and is unranked for this seat: it credits
    nobody (docs/decisions.md, "Leagues")."""

    round_no: int
    table_no: int  # from 0, as the draw counts
    seat: int
    user_id: int  # the player who was drawn there


def unranked_seats(
    draws: Sequence[RoundDraw], results: Mapping[TableKey, TableResult]
) -> list[UnrankedSeat]:
    """Every seat of the night's counted results that a computer held at the end, by round,
    table and seat (a void result credits nobody anyway and is left out)."""
    found = []
    for draw in draws:
        for table_no, plan in enumerate(draw.tables):
            result = results.get((draw.number, table_no))
            if result is None or result.void:
                continue
            for seat, user in enumerate(plan.seats):
                if result.seats[seat] is None:
                    found.append(UnrankedSeat(draw.number, table_no, seat, user))
    return found
