"""When a challenge closes: pure functions of the settings and a moment, answered in UTC.

A challenge closes at a wall-clock hour in the server's time zone (every day, or on one
weekday), so "20:00 in Europe/Amsterdam" stays 20:00 local across the daylight-saving
changes while its UTC moment moves by an hour. The challenge running at a moment is the
one that closes at the first closing time after it; a challenge opened less than
`MIN_RUN` before that runs on to the closing time after (nobody gets a one-minute one).
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from .settings import ChallengeSettings

__all__ = ["MIN_RUN", "closing_time", "next_close"]

_LOOK_AHEAD = 8  # days: a weekly closing time is always within a week and a day
MIN_RUN = timedelta(hours=1)  # the shortest a challenge opened now may run


def closing_time(settings: ChallengeSettings, opened: datetime) -> datetime:
    """When a challenge opened at ``opened`` closes: the next closing time, or the one
    after it when the next is less than `MIN_RUN` away."""
    close = next_close(settings, opened)
    return close if close - opened >= MIN_RUN else next_close(settings, close)


def next_close(settings: ChallengeSettings, after: datetime) -> datetime:
    """The first closing time strictly after ``after`` (an aware moment), in UTC."""
    zone = ZoneInfo(settings.timezone)
    day = after.astimezone(zone).date()
    for offset in range(_LOOK_AHEAD):
        date = day + timedelta(days=offset)
        if settings.cadence == "weekly" and date.weekday() != settings.weekday:
            continue
        close = datetime.combine(date, time(settings.hour), zone).astimezone(UTC)
        if close > after:
            return close
    raise AssertionError("a closing time always falls within eight days")  # pragma: no cover
