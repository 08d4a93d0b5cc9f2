"""A league's weekly night: validation, the UTC times across the daylight-saving changes,
and which postings are due (pure; the service's persistence is in test_schedule_service)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot.league.errors import LeagueError
from bot.league.schedule import (
    Posting,
    Schedule,
    last_night,
    next_night,
    night_on,
    plan,
    timezone_names,
)
from bot.league.settings import LeagueSettings

AMS = ZoneInfo("Europe/Amsterdam")
WEDNESDAY = 2


def utc(year: int, month: int, day: int, hour: int, minute: int) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def local(year: int, month: int, day: int, hour: int, minute: int) -> datetime:
    """Wall-clock time in Amsterdam."""
    return datetime(year, month, day, hour, minute, tzinfo=AMS)


def club(**changes: Any) -> Schedule:
    values: dict[str, Any] = {
        "weekday": WEDNESDAY,
        "start": "20:00",
        "timezone": "Europe/Amsterdam",
        "checkin_minutes": 60,
        "reminders": (30, 10),
    }
    return Schedule(**{**values, **changes})


def refusal(**changes: Any) -> tuple[str, dict[str, Any]]:
    with pytest.raises(LeagueError) as raised:
        club(**changes)
    return raised.value.code, raised.value.facts


@pytest.mark.parametrize(
    "zone",
    [
        "Mars/Base",
        "europe/amsterdam",
        "Europe",
        "Europe/Amsterdam ",
        "../etc/passwd",
        "/etc/localtime",
        "",
        "localtime",
        "Factory",
        "zone.tab",
        5,
    ],
)
def test_an_unknown_time_zone_is_refused(zone: object) -> None:
    assert refusal(timezone=zone) == ("unknown_timezone", {"zone": zone})


@pytest.mark.parametrize("start", ["24:00", "19:60", "19.30", "1930", "", "7pm", " 19:30", None])
def test_a_bad_start_time_is_refused(start: object) -> None:
    assert refusal(start=start) == ("bad_time", {"value": start})


@pytest.mark.parametrize(
    ("changes", "setting"),
    [
        ({"weekday": 7}, "weekday"),
        ({"weekday": -1}, "weekday"),
        ({"checkin_minutes": 0}, "checkin_minutes"),
        ({"checkin_minutes": 2 * 24 * 60 + 1}, "checkin_minutes"),
        ({"reminders": (60,)}, "reminders"),  # not after the check-in
        ({"reminders": (0,)}, "reminders"),
        ({"reminders": (10, 10)}, "reminders"),
        ({"reminders": (40, 30, 20, 10)}, "reminders"),
    ],
)
def test_other_bad_schedule_values_are_refused(changes: dict[str, Any], setting: str) -> None:
    code, facts = refusal(**changes)
    assert (code, facts["setting"]) == ("bad_setting", setting)


def test_a_schedule_is_kept_with_the_settings_and_old_settings_have_none() -> None:
    schedule = club(start="8:05", reminders=(10, 30), channel_id=77)
    assert (schedule.start, schedule.reminders) == ("08:05", (30, 10))
    settings = LeagueSettings("Club", schedule=schedule)
    assert LeagueSettings.from_dict(settings.to_dict()) == settings
    before_schedules = {k: v for k, v in settings.to_dict().items() if k != "schedule"}
    assert LeagueSettings.from_dict(before_schedules).schedule is None
    assert LeagueSettings("Club").to_dict()["schedule"] is None
    assert "Europe/Amsterdam" in timezone_names() and "localtime" not in timezone_names()


def test_the_start_stays_at_eight_local_across_the_march_change() -> None:
    schedule = club()
    before = next_night(schedule, utc(2026, 3, 20, 12, 0))
    assert before.start == utc(2026, 3, 25, 19, 0)  # 20:00 CET (UTC+1)
    after = next_night(schedule, before.start)  # a night that starts now is no longer next
    assert after.start == utc(2026, 4, 1, 18, 0)  # 20:00 CEST (UTC+2)
    assert after.start.astimezone(AMS).hour == 20
    assert after.checkin == utc(2026, 4, 1, 17, 0)
    assert after.reminders == (utc(2026, 4, 1, 17, 30), utc(2026, 4, 1, 17, 50))
    assert [p.kind for p in after.postings(schedule)] == ["checkin", "reminder", "reminder"]


def test_the_start_stays_at_eight_local_across_the_october_change() -> None:
    schedule = club()
    assert next_night(schedule, utc(2026, 10, 21, 17, 59)).start == utc(2026, 10, 21, 18, 0)
    assert next_night(schedule, utc(2026, 10, 21, 18, 0)).start == utc(2026, 10, 28, 19, 0)
    assert last_night(schedule, utc(2026, 10, 28, 18, 59)).start == utc(2026, 10, 21, 18, 0)
    assert last_night(schedule, utc(2026, 10, 28, 19, 0)).start == utc(2026, 10, 28, 19, 0)


def test_leads_are_elapsed_minutes_on_the_night_the_clocks_change() -> None:
    sunday = club(weekday=6, checkin_minutes=24 * 60, reminders=(180,))
    night = next_night(sunday, utc(2026, 3, 27, 0, 0))
    assert night.start == local(2026, 3, 29, 20, 0) == utc(2026, 3, 29, 18, 0)
    assert night.checkin == night.start - timedelta(hours=24)
    assert night.checkin.astimezone(AMS) == local(2026, 3, 28, 19, 0)  # one clock hour less
    assert night.reminders[0].astimezone(AMS) == local(2026, 3, 29, 17, 0)


def test_a_start_in_the_skipped_or_repeated_hour() -> None:
    early = club(weekday=6, start="02:30")
    gap = night_on(early, datetime(2026, 3, 29).date())
    assert gap.start == utc(2026, 3, 29, 1, 30)  # 03:30 CEST: the 02:30 that never was
    repeated = night_on(early, datetime(2026, 10, 25).date())
    assert repeated.start == utc(2026, 10, 25, 0, 30)  # the first 02:30 (CEST)


def test_the_weekday_is_the_local_one() -> None:
    monday_breakfast = Schedule(0, "08:00", "Pacific/Auckland", 60, ())
    night = next_night(monday_breakfast, utc(2026, 6, 1, 12, 0))  # a Monday in UTC
    assert night.start.astimezone(ZoneInfo("Pacific/Auckland")).weekday() == 0
    assert night.start == utc(2026, 6, 7, 20, 0)  # Sunday evening in UTC
    with pytest.raises(ValueError):
        next_night(monday_breakfast, datetime(2026, 6, 1, 12, 0))  # no zone: ambiguous


def nothing_done(start: datetime, posting: Posting) -> bool:
    return False


def kinds(pairs: tuple[tuple[datetime, Posting], ...]) -> list[tuple[str, int]]:
    return [(posting.kind, posting.minutes) for _, posting in pairs]


def test_each_posting_is_due_at_its_time_until_the_night_starts() -> None:
    schedule = club()
    assert (
        plan(schedule, local(2026, 4, 1, 18, 59), nothing_done, local(2026, 3, 1, 0, 0)).post == ()
    )
    at_checkin = plan(schedule, local(2026, 4, 1, 19, 0), nothing_done, local(2026, 3, 1, 0, 0))
    assert kinds(at_checkin.post) == [("checkin", 60)]
    assert at_checkin.post[0][0] == local(2026, 4, 1, 20, 0)

    def checkin_done(start: datetime, posting: Posting) -> bool:
        return posting.kind == "checkin" or start < local(2026, 4, 1, 20, 0)

    reminder = plan(schedule, local(2026, 4, 1, 19, 31), checkin_done)
    assert (kinds(reminder.post), reminder.skip) == ([("reminder", 30)], ())


def test_postings_missed_while_down_go_out_late_or_are_skipped() -> None:
    schedule = club()
    week_before = local(2026, 3, 25, 20, 0)

    def earlier_done(start: datetime, posting: Posting) -> bool:
        return start <= week_before

    late = plan(schedule, local(2026, 4, 1, 19, 55), earlier_done)
    assert kinds(late.post) == [("checkin", 60)]  # the check-in, late: it says it all
    assert kinds(late.skip) == [("reminder", 30), ("reminder", 10)]

    def checkin_done(start: datetime, posting: Posting) -> bool:
        return earlier_done(start, posting) or posting.kind == "checkin"

    two_reminders = plan(schedule, local(2026, 4, 1, 19, 55), checkin_done)
    assert (kinds(two_reminders.post), kinds(two_reminders.skip)) == (
        [("reminder", 10)],
        [("reminder", 30)],
    )
    started = plan(schedule, local(2026, 4, 1, 20, 0), earlier_done)
    assert started.post == ()
    assert kinds(started.skip) == [("checkin", 60), ("reminder", 30), ("reminder", 10)]
    assert {start for start, _ in started.skip} == {local(2026, 4, 1, 20, 0)}


def test_a_schedule_does_not_reach_back_before_it_was_set() -> None:
    schedule = club()
    set_at = local(2026, 4, 1, 19, 40)  # after the check-in and the first reminder
    now = local(2026, 4, 1, 19, 45)
    assert plan(schedule, now, nothing_done, set_at) == plan(schedule, now, nothing_done, now)
    assert plan(schedule, now, nothing_done, set_at).post == ()
    due = plan(schedule, local(2026, 4, 1, 19, 50), nothing_done, set_at)
    assert (kinds(due.post), due.skip) == ([("reminder", 10)], ())
