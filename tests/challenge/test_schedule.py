"""When a challenge closes: the server's hour in its own time zone, daily or weekly."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.challenge import ChallengeCode, ChallengeError, ChallengeSettings
from bot.challenge.schedule import closing_time, next_close


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def test_daily_closes_at_the_local_hour_across_daylight_saving() -> None:
    daily = ChallengeSettings(hour=20, timezone="Europe/Amsterdam")
    assert next_close(daily, at("2025-03-29 12:00")) == at("2025-03-29 19:00")  # CET
    assert next_close(daily, at("2025-03-29 19:00")) == at("2025-03-30 18:00")  # CEST
    assert next_close(daily, at("2025-03-29 19:00:01")) == at("2025-03-30 18:00")


def test_weekly_closes_on_its_weekday() -> None:
    weekly = ChallengeSettings(cadence="weekly", weekday=6, hour=0, timezone="America/Sao_Paulo")
    # Wednesday 5 March 2025: the next Sunday 00:00 in Sao Paulo (UTC-3) is 9 March 03:00 UTC.
    assert next_close(weekly, at("2025-03-05 12:00")) == at("2025-03-09 03:00")
    assert next_close(weekly, at("2025-03-09 03:00")) == at("2025-03-16 03:00")


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"hour": -1}, "bad_setting"),
        ({"hour": True}, "bad_setting"),
        ({"weekday": 7}, "bad_setting"),
        ({"deals": 17}, "bad_setting"),
        ({"cadence": "monthly"}, "bad_setting"),
        ({"rules": "Amsterdam"}, "bad_setting"),
        ({"timezone": "localtime"}, "unknown_timezone"),
        ({"channel_id": 0}, "bad_setting"),
    ],
)
def test_settings_refuse_what_no_challenge_can_run_with(
    changes: dict[str, object], code: str
) -> None:
    with pytest.raises(ChallengeError) as refused:
        ChallengeSettings().changed(**changes)
    assert refused.value.code == ChallengeCode(code)


def test_settings_round_trip_and_ignore_fields_of_a_later_version() -> None:
    settings = ChallengeSettings(cadence="weekly", deals=4, channel_id=5)
    assert ChallengeSettings.from_dict({**settings.to_dict(), "new": 1}) == settings


def test_a_challenge_opened_just_before_the_close_runs_to_the_next_one() -> None:
    daily = ChallengeSettings(hour=20, timezone="Europe/Amsterdam")
    assert closing_time(daily, at("2025-03-05 18:00")) == at("2025-03-05 19:00")  # an hour
    assert closing_time(daily, at("2025-03-05 18:30")) == at("2025-03-06 19:00")
