"""A league's weekly night: when it starts and when the check-in and reminders go out.

A league meets on one weekday at one wall-clock time in its own IANA time zone, so "20:00
on Wednesdays in Europe/Amsterdam" stays 20:00 local across the daylight-saving changes
while its UTC moment moves by an hour. The postings are set in minutes before the start
and are real elapsed minutes (a check-in 60 minutes before a 20:00 start is at 19:00 local
even on the night the clocks change). Everything here is pure and answers in UTC; the
service (`LeagueService.due_jobs`) decides what is due against what the store says was
posted already.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from functools import cache
from typing import Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from .errors import LeagueCode, LeagueError

__all__ = [
    "MAX_LEAD_MINUTES",
    "NightTimes",
    "Plan",
    "Posting",
    "PostingKind",
    "RunOutcome",
    "Schedule",
    "ScheduledJob",
    "last_night",
    "next_night",
    "night_on",
    "plan",
    "timezone_names",
    "zone_of",
]


class PostingKind(StrEnum):
    """What a scheduled night posts (as stored): its check-in, or a reminder."""

    CHECKIN = "checkin"
    REMINDER = "reminder"


class RunOutcome(StrEnum):
    """What became of a scheduled posting (as stored): posted, or skipped for good."""

    POSTED = "posted"
    SKIPPED = "skipped"


MAX_LEAD_MINUTES: Final = 2 * 24 * 60  # a check-in up to two days ahead: nights never overlap
MAX_REMINDERS: Final = 3
# Files in the time zone database that are not places: a league must name where it meets.
_NOT_PLACES: Final = frozenset({"localtime", "posixrules", "Factory"})
_TIME: Final = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


def zone_of(name: object) -> ZoneInfo:
    """The IANA time zone `name`; `unknown_timezone` for anything else (a typo, a path, a
    file of the database that is no zone)."""
    if not isinstance(name, str) or name in _NOT_PLACES:
        raise LeagueError(LeagueCode.UNKNOWN_TIMEZONE, f"unknown time zone {name!r}", zone=name)
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as error:
        raise LeagueError(
            LeagueCode.UNKNOWN_TIMEZONE, f"unknown time zone {name!r}", zone=name
        ) from error


@cache
def timezone_names() -> tuple[str, ...]:
    """Every zone a league may name, sorted (what a front end offers to pick from)."""
    return tuple(sorted(available_timezones() - _NOT_PLACES))


def _start_time(text: object) -> time:
    match = _TIME.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise LeagueError(LeagueCode.BAD_TIME, f"a start time is HH:MM, not {text!r}", value=text)
    return time(int(match[1]), int(match[2]))


def _minutes(name: str, value: object, least: int, most: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise LeagueError(
            LeagueCode.BAD_SETTING,
            f"{name} must be {least}-{most} minutes",
            setting=name,
            value=value,
        )
    return value


@dataclass(frozen=True, slots=True)
class Schedule:
    """A weekly night: `weekday` 0 (Monday) to 6 (Sunday), `start` "HH:MM" local time in
    `timezone`; the check-in is posted `checkin_minutes` before the start and each reminder
    its minutes before it. `channel_id` is where a front end posts (opaque here)."""

    weekday: int
    start: str
    timezone: str
    checkin_minutes: int = 60
    reminders: tuple[int, ...] = (15,)
    channel_id: int | None = None

    def __post_init__(self) -> None:
        """Check the schedule; the start is written "HH:MM", the reminders latest first."""
        if not isinstance(self.weekday, int) or not 0 <= self.weekday <= 6:
            raise LeagueError(
                LeagueCode.BAD_SETTING, "weekday 0 (Monday) to 6 (Sunday)", setting="weekday"
            )
        zone_of(self.timezone)
        start = _start_time(self.start)
        object.__setattr__(self, "start", start.strftime("%H:%M"))  # "8:05" -> "08:05"
        _minutes("checkin_minutes", self.checkin_minutes, 1, MAX_LEAD_MINUTES)
        if len(self.reminders) > MAX_REMINDERS:
            raise LeagueError(LeagueCode.BAD_SETTING, "at most 3 reminders", setting="reminders")
        for minutes in self.reminders:
            # after the check-in is out, before the start
            _minutes("reminders", minutes, 1, self.checkin_minutes - 1)
        if len(set(self.reminders)) != len(self.reminders):
            raise LeagueError(
                LeagueCode.BAD_SETTING, "a reminder appears twice", setting="reminders"
            )
        object.__setattr__(self, "reminders", tuple(sorted(self.reminders, reverse=True)))

    @property
    def zone(self) -> ZoneInfo:
        """The time zone the night is scheduled in."""
        return zone_of(self.timezone)

    @property
    def start_time(self) -> time:
        """The local time the night starts."""
        return _start_time(self.start)

    def to_dict(self) -> dict[str, Any]:
        """The schedule as the settings keep it."""
        return {
            "weekday": self.weekday,
            "start": self.start,
            "timezone": self.timezone,
            "checkin_minutes": self.checkin_minutes,
            "reminders": list(self.reminders),
            "channel_id": self.channel_id,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Schedule:
        """The schedule from what the settings kept."""
        return cls(
            data["weekday"],
            data["start"],
            data["timezone"],
            data.get("checkin_minutes", 60),
            tuple(data.get("reminders", (15,))),
            data.get("channel_id"),
        )


@dataclass(frozen=True, slots=True)
class Posting:
    """One thing a front end posts for a night: the check-in or a reminder, due `at`."""

    kind: PostingKind
    minutes: int  # before the start
    at: datetime  # UTC

    @property
    def slot(self) -> int:
        """What tells the night's postings apart: a reminder's minutes, 0 for the
        check-in (one per night, even if its lead is changed after it went out)."""
        return self.minutes if self.kind is PostingKind.REMINDER else 0


@dataclass(frozen=True, slots=True)
class NightTimes:
    """One scheduled night in UTC: its start, the check-in posting, the reminders."""

    start: datetime
    checkin: datetime
    reminders: tuple[datetime, ...]  # earliest first

    def postings(self, schedule: Schedule) -> list[Posting]:
        """The night's postings in the order they are due (check-in first)."""
        found = [Posting(PostingKind.CHECKIN, schedule.checkin_minutes, self.checkin)]
        for minutes, at in zip(schedule.reminders, self.reminders, strict=True):
            found.append(Posting(PostingKind.REMINDER, minutes, at))
        return found


def night_on(schedule: Schedule, day: date) -> NightTimes:
    """The night starting on local date `day` (whatever its weekday) at the schedule's time.

    A start inside the spring-forward gap (02:30 when the clocks jump from 02:00 to 03:00)
    is taken with the offset before the change, so it falls at 03:30 new time; a start in
    the repeated hour of the autumn change is the first of the two (fold 0).
    """
    local = datetime.combine(day, schedule.start_time, tzinfo=schedule.zone)
    start = local.astimezone(UTC)
    checkin = start - timedelta(minutes=schedule.checkin_minutes)
    reminders = tuple(start - timedelta(minutes=m) for m in schedule.reminders)
    return NightTimes(start, checkin, reminders)


def _utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError("a moment must carry its time zone")
    return moment.astimezone(UTC)


def next_night(schedule: Schedule, now: datetime) -> NightTimes:
    """The first night that starts after `now` (its check-in and reminders may already be
    past when `now` lies between the check-in and the start)."""
    now = _utc(now)
    today = now.astimezone(schedule.zone).date()
    day = today + timedelta(days=(schedule.weekday - today.weekday()) % 7)
    night = night_on(schedule, day)
    while night.start <= now:
        day += timedelta(days=7)
        night = night_on(schedule, day)
    return night


def last_night(schedule: Schedule, now: datetime) -> NightTimes:
    """The latest night that started at or before `now`."""
    now = _utc(now)
    today = now.astimezone(schedule.zone).date()
    day = today - timedelta(days=(today.weekday() - schedule.weekday) % 7)
    night = night_on(schedule, day)
    while night.start > now:
        day -= timedelta(days=7)
        night = night_on(schedule, day)
    return night


Done = Callable[[datetime, Posting], bool]  # whether that posting of that night is recorded


@dataclass(frozen=True, slots=True)
class Plan:
    """What to do now: postings to make, and postings to record as skipped. Each comes
    with the night (its UTC start) it belongs to."""

    post: tuple[tuple[datetime, Posting], ...]
    skip: tuple[tuple[datetime, Posting], ...]


def plan(schedule: Schedule, now: datetime, done: Done, since: datetime | None = None) -> Plan:
    """The postings due at `now` that are not `done` yet (docs/decisions.md, "Leagues").

    - A posting is made from its time until its night starts, so one missed while the bot
      was down goes out late as long as the night has not started.
    - Of several due at once (the bot was down) only the check-in, else the latest reminder,
      goes out: a reminder after a check-in just posted, or two reminders at once, would
      only repeat it. The others are recorded as skipped.
    - The postings of the night that started last that were never made are skipped, so
      the record says what the players missed.
    - Postings due before `since` (when the settings were saved) are left alone: a schedule
      applies from when it is set, and never recalls nights before it.
    """
    now = _utc(now)

    def open_(start: datetime, posting: Posting) -> bool:
        return not done(start, posting) and (since is None or posting.at >= since)

    past = last_night(schedule, now)
    skip = [(past.start, p) for p in past.postings(schedule) if open_(past.start, p)]
    night = next_night(schedule, now)
    due = [p for p in night.postings(schedule) if p.at <= now and open_(night.start, p)]
    post: list[tuple[datetime, Posting]] = []
    if due:
        first = due[0] if due[0].kind is PostingKind.CHECKIN else due[-1]
        post.append((night.start, first))
        skip += [(night.start, p) for p in due if p is not first]
    return Plan(tuple(post), tuple(skip))


@dataclass(frozen=True, slots=True)
class ScheduledJob:
    """A posting due now for a league's scheduled night: the check-in or a reminder.

    The front end posts it in `channel_id` and then calls `LeagueService.mark_done`;
    until then every `due_jobs` call returns it again (so a failed post is retried),
    until its night starts. Times are UTC seconds since the epoch.
    """

    league_id: int
    guild_id: int | None
    channel_id: int | None
    kind: PostingKind
    minutes: int  # before the start
    starts_at: float  # the night's scheduled start
    due_at: float
    late: bool  # more than LATE_AFTER (bot/league/service.py) after its time: the bot was down
