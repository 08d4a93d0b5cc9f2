"""Ratings from partnership results: openskill's Plackett-Luce model, two pairs of two.

Pure: no store, no clock. A season's ratings are what `replay` makes of its games in
order, so they are a function of the stored results, and the service may compute them
again from the start at any time (after a league correction, say) and get the same table
it would have reached one game at a time (`rate` after `rate`).

Computers are fixed-rating seats (docs/decisions.md, "Ratings"): each is a player of
`COMPUTER` whose rating is never updated, so a human with a computer partner, or against
computers, still has a result; and a game moves each human's rating by the share of its
four seats that people played (`weight`), so a game with three computers moves a rating a
quarter as far as a game of four people.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce, PlackettLuceRating

__all__ = [
    "BASE",
    "COMPUTER",
    "MODEL",
    "SCALE",
    "Game",
    "Pair",
    "Rating",
    "league_key",
    "match_key",
    "rate",
    "replay",
    "shown",
    "spread",
    "weight",
]

# openskill's defaults: a newcomer at mu 25, sigma 25/3; beta 25/6; tau 25/300.
MODEL: Final = PlackettLuce()
# A computer seat: a newcomer's mean, but known (never updated, its sigma that of a regular
# player), so it is the fixed reference a result against computers is measured by.
COMPUTER: Final = MODEL.rating(mu=MODEL.mu, sigma=2.0)
# The scale players see: a newcomer is 1,500 ± 350, as in chess clubs' ratings (Glicko);
# 42 points a unit of mu, so the shown ± is one sigma.
BASE: Final = 1500
SCALE: Final = 350 / MODEL.sigma
# The board orders by mu less this many sigmas: the low end of the shown range's double.
LOW_SIGMAS: Final = 2.0

Pair = tuple[int | None, int | None]  # a pair's two seats: user ids, None for a computer


@dataclass(frozen=True, slots=True)
class Game:
    """One finished game of two pairs: its key (one per match or league table, so a game
    is counted once however often it is read), when it counts, each pair's seats, and
    the winning pair (None: a draw)."""

    key: str
    at: float
    pairs: tuple[Pair, Pair]
    winner: int | None

    @property
    def humans(self) -> list[int]:
        """The game's human players, in seat order of the pairs."""
        return [user for pair in self.pairs for user in pair if user is not None]


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in a season: openskill's mu and sigma, the games behind them and
    when the last was."""

    user_id: int
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    at: float = 0.0

    @property
    def low(self) -> float:
        """What the board orders by: mu less two sigmas."""
        return self.mu - LOW_SIGMAS * self.sigma


def match_key(table_id: int, match_no: int) -> str:
    """The key of a casual table's match; keys sort as their numbers do."""
    return f"m:{table_id:020d}:{match_no:06d}"


def league_key(night_id: int, round_no: int, table_no: int) -> str:
    """The key of a league table's result in a round (of every version of it)."""
    return f"l:{night_id:020d}:{round_no:04d}:{table_no:04d}"


def shown(mu: float) -> int:
    """A rating as players read it: 1,500 for a newcomer."""
    return round(BASE + SCALE * (mu - MODEL.mu))


def spread(sigma: float) -> int:
    """A rating's uncertainty (one sigma) on the shown scale: ± 350 for a newcomer."""
    return round(SCALE * sigma)


def weight(game: Game) -> float:
    """How far the game moves its humans' ratings: the share of its seats people played."""
    return len(game.humans) / 4


def _ranks(winner: int | None) -> list[float]:
    if winner is None:
        return [1.0, 1.0]
    return [1.0, 2.0] if winner == 0 else [2.0, 1.0]


def rate(game: Game, ratings: Mapping[int, Rating]) -> list[Rating]:
    """The game's humans after it, from their ratings before (a player not in `ratings` is
    a newcomer). A game with no human, or a player in two seats, changes nothing."""
    humans = game.humans
    if not humans or len(set(humans)) != len(humans):
        return []
    before = {user: ratings.get(user) or Rating(user) for user in humans}
    teams = [
        [COMPUTER if user is None else MODEL.rating(before[user].mu, before[user].sigma)
         for user in pair]
        for pair in game.pairs
    ]  # fmt: skip
    after = MODEL.rate(teams, ranks=_ranks(game.winner))
    share = weight(game)
    changed = []
    for pair, new_pair in zip(game.pairs, after, strict=True):
        for user, new in zip(pair, new_pair, strict=True):
            if user is not None:
                changed.append(_moved(before[user], new, share, game.at))
    return changed


def _moved(old: Rating, new: PlackettLuceRating, share: float, at: float) -> Rating:
    """`old` moved `share` of the way to openskill's `new`, one game more."""
    mu = old.mu + share * (new.mu - old.mu)
    sigma = old.sigma + share * (new.sigma - old.sigma)
    return Rating(old.user_id, mu, sigma, old.games + 1, at)


def replay(games: Iterable[Game], ratings: Mapping[int, Rating] | None = None) -> dict[int, Rating]:
    """Every player's rating after `games`, taken in order, from `ratings` (default: none
    yet, a season's start)."""
    table = dict(ratings or {})
    for game in games:
        for rating in rate(game, table):
            table[rating.user_id] = rating
    return table
