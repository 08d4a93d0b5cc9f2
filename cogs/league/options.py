"""The options of /league create and /league settings, as the league's settings: its
first settings (`CreateOptions`), the changes asked (`SettingsOptions`), its schedule
(`ScheduleOptions`), and the season and night options: how a season
counts nights (all, best N, average of the best N; the minimum attendance), the tie-break
order after points, the booby prize rule and whether a fixed bye follows the hands per
round. Each is checked by `LeagueSettings` when applied.

Each option is a field named as the command's option (`league.cmd.opt.<name>`) that
declares the setting it sets, as the league's checks name it (`sets`): a refusal of a
setting names the options that set it in the reader's language (`setting_name`, used by
cogs/league/errors.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
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
from cogs.common.text import t
from cogs.league.parse import parse_reminders
from cogs.league.ui import tie_break_name

__all__ = [
    "TIE_BREAK_ORDERS",
    "CreateOptions",
    "ScheduleOptions",
    "SeasonOptions",
    "SettingsOptions",
    "parse_tie_breaks",
    "setting_name",
    "setting_options",
    "tie_break_choices",
]

SETS: Final = "sets"  # an option field's metadata: the setting it sets


def sets(setting: str) -> dict[str, str]:
    """The metadata of an option's field that sets the league's `setting` (as the league's
    checks name it when they refuse it)."""
    return {SETS: setting}


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

    counting: str | None = field(default=None, metadata=sets("counting"))  # all, best, ...
    best: int | None = field(default=None, metadata=sets("best"))
    # the nights a player needs to be ranked
    minimum: int | None = field(default=None, metadata=sets("min_nights"))
    tiebreaks: str | None = field(default=None, metadata=sets("tie_breaks"))
    booby: str | None = field(default=None, metadata=sets("booby"))  # lowest, all_rounds
    # a fixed bye follows the hands per round
    bye_hands: bool | None = field(default=None, metadata=sets("bye_follows_hands"))
    # 4n + 3 present: one table of three instead of three byes
    three: bool | None = field(default=None, metadata=sets("table_of_three"))

    def given(self) -> bool:
        """Whether any of these options was given."""
        values = (self.counting, self.best, self.minimum, self.tiebreaks, self.booby)
        flags = (self.bye_hands, self.three)
        return any(value is not None for value in (*values, *flags))

    def applied(self, settings: LeagueSettings) -> LeagueSettings:
        """`settings` with the given options (checked by `LeagueSettings` and `Counting`)."""
        changes: dict[str, Any] = {}
        if self.counting is not None or self.best is not None or self.minimum is not None:
            changes["counting"] = self._counting(settings.counting)
        if self.tiebreaks is not None:
            changes["tie_breaks"] = parse_tie_breaks(self.tiebreaks)
        if self.booby is not None:
            changes["booby"] = self.booby
        if self.bye_hands is not None:
            changes["bye_follows_hands"] = self.bye_hands
        if self.three is not None:
            changes["table_of_three"] = self.three
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

    name: str = field(metadata=sets("name"))
    rounds: int = field(metadata=sets("rounds_per_night"))
    # None: 16, unless a target alone ends the rounds
    hands: int | None = field(metadata=sets("round"))
    preset: str = field(metadata=sets("preset"))
    bye: str = field(metadata=sets("bye_policy"))
    format: str = field(metadata=sets("format"))
    role: int | None = field(metadata=sets("organisers"))  # a role made organiser
    season: SeasonOptions = SeasonOptions()
    target: int | None = field(default=None, metadata=sets("round"))

    def settings(self, channel_id: int | None) -> LeagueSettings:
        """The new league's settings, made in the channel `channel_id`."""
        roles = () if self.role is None else (self.role,)
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

    weekday: int | None = field(default=None, metadata=sets("weekday"))
    time: str | None = field(default=None, metadata=sets("start"))
    timezone: str | None = field(default=None, metadata=sets("timezone"))
    checkin: int | None = field(default=None, metadata=sets("checkin_minutes"))
    reminders: str | None = field(default=None, metadata=sets("reminders"))
    unschedule: bool = field(default=False, metadata=sets("schedule"))

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

    rounds: int | None = field(default=None, metadata=sets("rounds_per_night"))
    hands: int | None = field(default=None, metadata=sets("round"))
    bye: str | None = field(default=None, metadata=sets("bye_policy"))
    # a user made organiser
    organiser: int | None = field(default=None, metadata=sets("organisers"))
    role: int | None = field(default=None, metadata=sets("organisers"))  # a role made organiser
    schedule: ScheduleOptions = ScheduleOptions()
    season: SeasonOptions = SeasonOptions()
    target: int | None = field(default=None, metadata=sets("round"))

    def given(self) -> bool:
        """Whether any setting is to change."""
        values: tuple[object, ...] = (self.rounds, self.hands, self.target, self.bye)
        values += (self.organiser, self.role)
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
        if self.organiser is not None or self.role is not None:
            organisers = _add_organisers(settings.organisers, self.organiser, self.role)
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


def setting_options(setting: str) -> tuple[str, ...]:
    """The options (by name) that set the league's `setting`, as the fields of the options
    above declare it; none for a setting no option sets (the stored settings as a
    whole)."""
    found = (
        option.name
        for kind in (SettingsOptions, ScheduleOptions, SeasonOptions, CreateOptions)
        for option in fields(kind)
        if option.metadata.get(SETS) == setting
    )
    return tuple(dict.fromkeys(found))


def setting_name(setting: str, locale: str) -> str:
    """A refused setting as the options an organiser typed it in, in `locale` (a setting
    no option sets, as the word for settings)."""
    options = setting_options(setting)
    if not options:
        return t("league.what.settings", locale)
    return " / ".join(f"**{t(f'league.cmd.opt.{name}.name', locale)}**" for name in options)
