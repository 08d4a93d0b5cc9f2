"""A round's draw: who sits out, and who sits with whom at which table.

Pure and seeded: the same players, earlier rounds and seed give the same draw, so an
organiser (or `python -m bot draw`) can reproduce a published plan from its seed. Repeated
partners weigh far more than repeated opponents, so the search gives up any number of
opponent repeats to save one partner repeat.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bot.engine.seats import SEAT_COUNT, THREE_SEATS, pair_of

from .errors import LeagueCode, LeagueError
from .grouping import best_groups
from .settings import Format

__all__ = ["Meetings", "RoundDraw", "TablePlan", "draw_round", "round_seed"]

PARTNER_WEIGHT: Final = 1000  # more than the opponent repeats any one table can hold
Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class TablePlan:
    """Players in seat order. A table of four: seats 0 and 2 are one pair, 1 and 3 the
    other (the engine's pair_of), so pair 0 of every duplicate table sits in the same line.
    A table of three (a league's `table_of_three`): three players, each for himself, who
    play three-player Klaverjas, dealt by the bot as a table of four is or face to face
    (docs/decisions.md, "Leagues")."""

    seats: tuple[int, ...]

    @property
    def three(self) -> bool:
        """Whether this is a table of three: no pairs, each player for himself."""
        return len(self.seats) == THREE_SEATS.count

    @property
    def pairs(self) -> tuple[Pair, ...]:
        """The two pairs: seats 0 and 2, seats 1 and 3; none at a table of three."""
        s = self.seats
        return () if self.three else ((s[0], s[2]), (s[1], s[3]))

    @property
    def opponents(self) -> list[frozenset[int]]:
        """Every two players who play against each other here: across the pairs, or any
        two of a table of three."""
        s = self.seats
        if self.three:
            return [frozenset((s[i], s[j])) for i in range(len(s)) for j in range(i + 1, len(s))]
        (a, b), (c, d) = self.pairs
        return [frozenset((x, y)) for x in (a, b) for y in (c, d)]

    def pair_of(self, user_id: int) -> int:
        """The player's pair at a table of four: 0 or 1."""
        return pair_of(self.seats.index(user_id))


@dataclass(frozen=True, slots=True)
class RoundDraw:
    """One round of a night: its tables in seat order and who sits out (a bye)."""

    number: int
    seed: str
    tables: tuple[TablePlan, ...]
    byes: tuple[int, ...] = ()
    deal_seed: str | None = None  # duplicate nights: every table deals from this seed

    @property
    def three(self) -> TablePlan | None:
        """The round's table of three, if it has one."""
        return next((table for table in self.tables if table.three), None)

    @property
    def seated(self) -> list[int]:
        """Everyone at a table this round, table by table."""
        return [user for table in self.tables for user in table.seats]

    def to_dict(self) -> dict[str, Any]:
        """The draw as the store keeps it."""
        return {
            "number": self.number,
            "seed": self.seed,
            "tables": [list(t.seats) for t in self.tables],
            "byes": list(self.byes),
            "deal_seed": self.deal_seed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundDraw:
        """The draw from what the store kept (a table of three as its three seats)."""
        tables = tuple(TablePlan(tuple(int(user) for user in s)) for s in data["tables"])
        return cls(data["number"], data["seed"], tables, tuple(data["byes"]), data["deal_seed"])


@dataclass(slots=True)
class Meetings:
    """What earlier rounds of the night hold: partners and opponents met, byes, tables of
    three, rounds."""

    partners: Counter[frozenset[int]] = field(default_factory=Counter)
    opponents: Counter[frozenset[int]] = field(default_factory=Counter)
    byes: Counter[int] = field(default_factory=Counter)
    played: Counter[int] = field(default_factory=Counter)
    threes: Counter[int] = field(default_factory=Counter)

    @classmethod
    def of(cls, rounds: Iterable[RoundDraw]) -> Meetings:
        """What `rounds` hold, counted."""
        meetings = cls()
        for draw in rounds:
            meetings.byes.update(draw.byes)
            for table in draw.tables:
                meetings.played.update(table.seats)
                if table.three:
                    meetings.threes.update(table.seats)
                meetings.partners.update(frozenset(pair) for pair in table.pairs)
                meetings.opponents.update(table.opponents)
        return meetings

    def repeats(self, fixed: Iterable[Pair] = ()) -> tuple[int, int]:
        """Repeated partners and repeated opponents: meetings beyond the first. Partners of
        a `fixed` pair play together by design and are not counted."""
        kept = {frozenset(pair) for pair in fixed}
        return (
            sum(n - 1 for k, n in self.partners.items() if n > 1 and k not in kept),
            sum(n - 1 for n in self.opponents.values() if n > 1),
        )


def round_seed(night_seed: str, number: int) -> str:
    """Each round's own seed, derived from the night's so one seed reproduces the night."""
    return f"{night_seed}:{number}"


def draw_round(
    players: Sequence[int],
    earlier: Sequence[RoundDraw],
    seed: str,
    number: int,
    format: Format = "individual",
    pairs: Sequence[Pair] = (),
    table_of_three: bool = False,
) -> RoundDraw:
    """Draw round `number` for `players` present (for fixed pairs: `pairs`, each of whose
    two players must be present), after the night's `earlier` rounds. With
    `table_of_three` (an individual night), 4n + 3 players seat one table of three
    instead of giving three byes."""
    rng = random.Random(seed)
    meetings = Meetings.of(earlier)
    if format == "pairs":
        movement = (earlier[0].seed if earlier else seed, len(earlier))
        tables, byes = _draw_pairs(players, pairs, meetings, rng, movement)
    else:
        three = table_of_three and format == "individual"
        tables, byes = _draw_individual(players, meetings, rng, three)
    deal_seed = f"{seed}:deals" if format == "duplicate" else None
    return RoundDraw(number, seed, tuple(tables), tuple(sorted(byes)), deal_seed)


def _byes(
    units: Sequence[Any],
    count: int,
    meetings: Meetings,
    rng: random.Random,
    had: Counter[int] | None = None,
) -> list[Any]:
    """Who sits out: fewest byes so far, then most rounds played (a late arrival is not
    sent out first), then the seeded lot. `had`: count other than byes (the table of
    three is picked so: fewest tables of three so far first)."""
    counted = meetings.byes if had is None else had

    def first(unit: Any) -> int:
        return unit[0] if isinstance(unit, tuple) else int(unit)

    lots = {first(unit): rng.random() for unit in units}
    order = sorted(
        units,
        key=lambda u: (counted[first(u)], -meetings.played[first(u)], lots[first(u)]),
    )
    return order[:count]


def _draw_individual(
    players: Sequence[int], meetings: Meetings, rng: random.Random, table_of_three: bool = False
) -> tuple[list[TablePlan], list[int]]:
    least = THREE_SEATS.count if table_of_three else SEAT_COUNT
    if len(players) < least:
        raise LeagueError(
            LeagueCode.TOO_FEW_PLAYERS, "a table needs four players", present=len(players)
        )
    if len(set(players)) != len(players):
        raise LeagueError(LeagueCode.DUPLICATE_PLAYER, "a player is listed twice")
    left = len(players) % SEAT_COUNT
    three: list[int] = []
    if table_of_three and left == THREE_SEATS.count:
        three = _byes(sorted(players), left, meetings, rng, meetings.threes)
        left = 0
    byes = _byes(sorted(set(players) - set(three)), left, meetings, rng)
    seated = sorted(set(players) - set(byes) - set(three))
    cache: dict[tuple[int, ...], tuple[int, tuple[int, int, int, int]]] = {}

    def best_seating(group: tuple[int, ...]) -> tuple[int, tuple[int, int, int, int]]:
        key = tuple(sorted(group))
        if key not in cache:
            cache[key] = min(_seatings(key, meetings))
        return cache[key]

    groups = best_groups(seated, SEAT_COUNT, lambda g: best_seating(g)[0], rng)
    tables = [TablePlan(best_seating(group)[1]) for group in groups]
    tables.sort(key=lambda t: min(t.seats))
    if three:
        tables.append(TablePlan(tuple(sorted(three))))  # the table of three comes last
    return tables, byes


def _seatings(
    group: tuple[int, ...], meetings: Meetings
) -> Iterable[tuple[int, tuple[int, int, int, int]]]:
    """The three ways to pair four players, each with its cost."""
    a, b, c, d = group
    for (p, q), (r, s) in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
        partners = meetings.partners[frozenset((p, q))] + meetings.partners[frozenset((r, s))]
        opponents = sum(meetings.opponents[frozenset((x, y))] for x in (p, q) for y in (r, s))
        yield PARTNER_WEIGHT * partners + opponents, (p, r, q, s)


def _draw_pairs(
    players: Sequence[int],
    pairs: Sequence[Pair],
    meetings: Meetings,
    rng: random.Random,
    movement: tuple[str, int],
) -> tuple[list[TablePlan], list[int]]:
    """Fixed pairs: two pairs a table, each pair meeting pairs it has not met.

    The round-robin movement is used while it repeats no meeting (the same pairs all
    night); when pairs came or went, a search over the pairs takes over.
    """
    present = set(players)
    units = sorted(p for p in pairs if p[0] in present and p[1] in present)
    paired = {user for pair in units for user in pair}
    if paired != present:
        raise LeagueError(
            LeagueCode.UNPAIRED_PLAYERS,
            "fixed pairs: everyone plays in a pair",
            players=sorted(present - paired),
        )
    if len(units) < 2:
        raise LeagueError(
            LeagueCode.TOO_FEW_PLAYERS, "a table needs two pairs", present=len(players)
        )

    def met(group: tuple[Pair, ...]) -> int:
        (a, _), (c, _) = group
        return meetings.opponents[frozenset((a, c))]

    groups, bye_pairs = _round_robin(units, *movement)
    if sum(met(group) for group in groups) > 0:
        bye_pairs = _byes(units, len(units) % 2, meetings, rng)
        playing = [pair for pair in units if pair not in bye_pairs]
        groups = best_groups(playing, 2, met, rng)
    tables = [TablePlan((x[0], y[0], x[1], y[1])) for x, y in groups]
    tables.sort(key=lambda t: min(t.seats))
    return tables, [user for pair in bye_pairs for user in pair]


def _round_robin(
    units: Sequence[Pair], seed: str, index: int
) -> tuple[list[tuple[Pair, ...]], list[Pair]]:
    """Round `index` (from 0) of the circle method over `units` in the night's seeded order:
    over len(units) - 1 rounds (len(units) when odd) every pair meets every other once, and
    with an odd count each pair sits out once."""
    order: list[Pair | None] = list(units)
    random.Random(seed).shuffle(order)
    if len(order) % 2:
        order.append(None)
    count = len(order)
    shift = index % (count - 1)
    ring = order[1:]
    ring = ring[shift:] + ring[:shift]
    circle = [order[0], *ring]
    groups: list[tuple[Pair, ...]] = []
    byes: list[Pair] = []
    for i in range(count // 2):
        x, y = circle[i], circle[count - 1 - i]
        if x is None or y is None:
            byes.extend(u for u in (x, y) if u is not None)
        else:
            groups.append((x, y))
    return groups, byes
