"""The season and night options of /league create and /league settings: how a season
counts nights (all, best N, average of the best N; the minimum attendance), the tie-break
order after points, the booby prize rule and whether a fixed bye follows the hands per
round. Each is checked by `LeagueSettings` when applied."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any, Final, cast, get_args

from bot.league.errors import LeagueCode, LeagueError
from bot.league.settings import Counting, CountingKind, LeagueSettings, TieBreak
from cogs.league.ui import tie_break_name

__all__ = ["TIE_BREAK_ORDERS", "SeasonOptions", "parse_tie_breaks", "tie_break_choices"]

_AFTER_POINTS: Final = [k for k in get_args(TieBreak) if k != "points"]
# Every order of the tie-breaks after points: none, one, two or all three (16 in all).
TIE_BREAK_ORDERS: Final[tuple[tuple[str, ...], ...]] = tuple(
    order for size in range(len(_AFTER_POINTS) + 1) for order in permutations(_AFTER_POINTS, size)
)


def parse_tie_breaks(text: str) -> tuple[TieBreak, ...]:
    """ "rounds_won, more_roem" (what the autocomplete offers) as the chain after points;
    `bad_setting` (setting `tie_breaks`) for a word that is no tie-break."""
    words = [w for w in re.split(r"[\s,;>→]+", text.strip().casefold()) if w]
    if words[:1] == ["points"]:
        words = words[1:]
    if any(word not in _AFTER_POINTS for word in words):
        raise LeagueError(LeagueCode.BAD_SETTING, f"tie-breaks: {text!r}", setting="tie_breaks")
    return ("points", *cast(list[TieBreak], words))


def tie_break_choices(typed: str, locale: str) -> list[tuple[str, str]]:
    """(name, value) of the orders whose name or value holds what was typed."""
    wanted = typed.strip().casefold()
    found = [
        (tie_break_name(order, locale), ",".join(order) or "points") for order in TIE_BREAK_ORDERS
    ]
    return [(n, v) for n, v in found if wanted in n.casefold() or wanted in v][:25]


@dataclass(frozen=True)
class SeasonOptions:
    """The season and night options; None is "not given"."""

    counting: str | None = None  # all, best, average_best
    best: int | None = None
    minimum: int | None = None  # nights a player needs to be ranked
    tie_breaks: str | None = None
    booby: str | None = None  # lowest, all_rounds
    bye_hands: bool | None = None  # a fixed bye follows the hands per round

    def given(self) -> bool:
        """Whether any of these options was given."""
        values = (self.counting, self.best, self.minimum, self.tie_breaks, self.booby)
        return self.bye_hands is not None or any(value is not None for value in values)

    def applied(self, settings: LeagueSettings) -> LeagueSettings:
        """`settings` with the given options (checked by `LeagueSettings` and `Counting`)."""
        changes: dict[str, Any] = {}
        if self.counting is not None or self.best is not None or self.minimum is not None:
            changes["counting"] = self._counting(settings.counting)
        if self.tie_breaks is not None:
            changes["tie_breaks"] = parse_tie_breaks(self.tie_breaks)
        if self.booby is not None:
            changes["booby"] = self.booby
        if self.bye_hands is not None:
            changes["bye_follows_hands"] = self.bye_hands
        return replace(settings, **changes)

    def _counting(self, current: Counting) -> Counting:
        """The counting rule with these options: giving N alone counts the best N."""
        kind = self.counting or current.kind
        if self.counting is None and self.best is not None and kind == "all":
            kind = "best"
        best = None if kind == "all" else (self.best if self.best is not None else current.best)
        minimum = current.min_nights if self.minimum is None else self.minimum
        return Counting(cast(CountingKind, kind), best, minimum)
