"""The options of /league create and /league settings, as the league's settings: its
first settings (`CreateOptions`), the changes asked (`SettingsOptions`), its schedule
(`ScheduleOptions`), and the season and night options: how a season
counts nights (all, best N, average of the best N; the minimum attendance), the tie-break
order after points, the booby prize rule and whether a fixed bye follows the hands per
round. Each is checked by `LeagueSettings` when applied."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any, Final, cast, get_args

from bot.league.errors import LeagueCode, LeagueError
from bot.league.schedule import Schedule
from bot.league.settings import (
    ByePolicy,
    Counting,
    CountingKind,
    Format,
    LeagueSettings,
    Organisers,
    RoundLength,
    TieBreak,
)
from cogs.league.parse import parse_reminders
from cogs.league.ui import tie_break_name

__all__ = [
    "TIE_BREAK_ORDERS",
    "CreateOptions",
    "ScheduleOptions",
    "SeasonOptions",
    "SettingsOptions",
    "parse_tie_breaks",
    "tie_break_choices",
]

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


DEFAULT_TIMEZONE = "Europe/Amsterdam"  # a Dutch card game's clubs meet there, mostly


@dataclass(frozen=True)
class CreateOptions:
    """The options of /league create, as the league's first settings."""

    name: str
    rounds: int
    hands: int | None  # None: 16, unless a target alone ends the rounds
    preset: str
    bye: str
    format: str
    organiser_role: int | None
    season: SeasonOptions = SeasonOptions()
    target: int | None = None

    def settings(self, channel_id: int | None) -> LeagueSettings:
        """The new league's settings, made in the channel `channel_id`."""
        roles = () if self.organiser_role is None else (self.organiser_role,)
        hands = 16 if self.hands is None and self.target is None else self.hands
        return self.season.applied(
            LeagueSettings(
                name=self.name.strip(),
                organisers=Organisers(role_ids=roles),
                preset=self.preset,
                round_length=RoundLength(hands, self.target),
                rounds_per_night=self.rounds,
                format=cast(Format, self.format),  # both checked by LeagueSettings
                bye_policy=cast(ByePolicy, self.bye),
                channel_id=channel_id,
            )
        )


@dataclass(frozen=True)
class ScheduleOptions:
    """The schedule options of /league settings; None is "not given"."""

    weekday: int | None = None
    time: str | None = None
    timezone: str | None = None
    checkin: int | None = None
    reminders: str | None = None
    unschedule: bool = False

    def given(self) -> bool:
        """Whether any schedule option was given."""
        values = (self.weekday, self.time, self.timezone, self.checkin, self.reminders)
        return self.unschedule or any(value is not None for value in values)

    def applied(self, current: Schedule | None, channel_id: int | None) -> Schedule | None:
        """The schedule with these options applied (checked by `Schedule`), posting in
        `channel_id`: where /league settings was used."""
        if self.unschedule:
            return None
        changes = {
            "weekday": self.weekday,
            "start": None if self.time is None else self.time.strip(),
            "timezone": None if self.timezone is None else self.timezone.strip(),
            "checkin_minutes": self.checkin,
            "reminders": None if self.reminders is None else parse_reminders(self.reminders),
        }
        given: dict[str, Any] = {k: v for k, v in changes.items() if v is not None}
        given["channel_id"] = channel_id
        if current is not None:
            return replace(current, **given)
        if self.weekday is None or self.time is None:
            raise LeagueError(LeagueCode.SCHEDULE_INCOMPLETE)
        return Schedule(**{"timezone": DEFAULT_TIMEZONE, **given})


@dataclass(frozen=True)
class SettingsOptions:
    """The options of /league settings; None is "not given" (hands or target 0: none)."""

    rounds: int | None = None
    hands: int | None = None
    bye: str | None = None
    organiser: int | None = None  # a user made organiser
    organiser_role: int | None = None  # a role made organiser
    schedule: ScheduleOptions = ScheduleOptions()
    season: SeasonOptions = SeasonOptions()
    target: int | None = None

    def given(self) -> bool:
        """Whether any setting is to change."""
        values: tuple[object, ...] = (self.rounds, self.hands, self.target, self.bye)
        values += (self.organiser, self.organiser_role)
        changed = self.schedule.given() or self.season.given()
        return changed or any(value is not None for value in values)

    def applied(self, settings: LeagueSettings, channel_id: int | None) -> LeagueSettings:
        """The settings with these options applied (checked by `LeagueSettings`); a schedule
        posts in `channel_id`, where /league settings was used, and its nights run there."""
        changes: dict[str, Any] = {}
        if self.schedule.given():
            changes["schedule"] = self.schedule.applied(settings.schedule, channel_id)
            if changes["schedule"] is not None:
                changes["channel_id"] = channel_id
        if self.organiser is not None or self.organiser_role is not None:
            organisers = _add_organisers(settings.organisers, self.organiser, self.organiser_role)
            changes["organisers"] = organisers
        if self.rounds is not None:
            changes["rounds_per_night"] = self.rounds
        if self.hands is not None or self.target is not None:
            changes["round_length"] = self.round_length(settings.round_length)
        if self.bye is not None:
            changes["bye_policy"] = self.bye
        return self.season.applied(replace(settings, **changes))

    def round_length(self, current: RoundLength) -> RoundLength:
        """How rounds end with these options: hands and target as given (0: none), the
        other kept; both none is refused (`bad_setting`, a round needs an end)."""
        hands = current.hands if self.hands is None else self.hands or None
        target = current.target if self.target is None else self.target or None
        return RoundLength(hands, target)


def _add_organisers(organisers: Organisers, user: int | None, role: int | None) -> Organisers:
    """The organisers with one more user and/or role (each listed once)."""
    users = organisers.user_ids
    roles = organisers.role_ids
    if user is not None and user not in users:
        users += (user,)
    if role is not None and role not in roles:
        roles += (role,)
    return Organisers(roles, users)
