"""The schedule on Discord: /league settings sets it, the cog's loop posts the check-in and
the reminders at their time (the bot's FakeClock is the service's clock; `tick` is what
the loop runs every minute), once across a restart, late after downtime, and again after
a failed post."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.tables.tables_kit import StartHarness
from tests.harness.limits import assert_ephemeral
from tests.harness.world import CHANNEL_MESSAGES, http_error

# The FakeClock starts on Friday 15 January 2027, 08:00 UTC; 20:00 in Amsterdam (UTC+1 in
# winter) that Friday is 19:00 UTC.
START = datetime(2027, 1, 15, 19, 0, tzinfo=UTC).timestamp()
MINUTE = 60.0


async def scheduled(make_harness: StartHarness) -> tuple[LeagueKit, int]:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    await kit.organiser("league create", boss, name="Dinsdag")
    answer = await kit.organiser(
        "league settings", boss, weekday=4, time="20:00", checkin=60, reminders="15"
    )
    assert "settings are saved" in answer.response.text()
    assert f"<t:{int(START)}:F>" in answer.response.text()  # the next night, in local time
    return kit, boss


async def tick_at(kit: LeagueKit, moment: float) -> None:
    kit.bot.clock.time = moment
    await kit.league_cog.scheduler.tick()
    await kit.flush()


async def test_checkin_and_reminder_at_their_time_once_across_a_restart(
    make_harness: StartHarness,
) -> None:
    kit, _ = await scheduled(make_harness)
    assert kit.league_cog.scheduler.loop.is_running()  # started in cog_load
    schedule = (await kit.leagues.settings(1)).schedule
    assert schedule is not None and schedule.channel_id == kit.world.channel_id
    before = len(kit.channel_messages())

    await tick_at(kit, START - 61 * MINUTE)
    assert len(kit.channel_messages()) == before and await kit.leagues.nights(1) == []

    await tick_at(kit, START - 60 * MINUTE + 5)
    [night] = await kit.leagues.nights(1)
    assert night.status == "checkin"
    posted = kit.channel_messages()[before:]
    assert len(posted) == 1 and "night 1, check-in for round 1" in kit.channel_texts()[-1]
    assert "Posted late" not in kit.channel_texts()[-1]
    [run] = await kit.leagues.schedule_history(1)
    assert (run.kind, run.outcome, run.message_id) == ("checkin", "posted", int(posted[0]["id"]))
    player = kit.world.add_user("player")
    clicked = await kit.harness.click("kj:league:in:1:0", user=player)
    assert "You are checked in" in clicked.replies[-1].text()
    await kit.player("league join", kit.world.add_user("late"))
    assert "Checked in: 2" in kit.channel_texts()[before]  # join updates the scheduled post

    await tick_at(kit, START - 50 * MINUTE)
    assert len(kit.channel_messages()) == before + 1

    await kit.harness.close()
    kit = await start_league(make_harness)
    await tick_at(kit, START - 50 * MINUTE)
    assert len(kit.channel_messages()) == before + 1, "a restart does not post it again"
    assert len(await kit.leagues.nights(1)) == 1

    await tick_at(kit, START - 15 * MINUTE)
    reminder = kit.channel_texts()[-1]
    assert reminder.startswith("Reminder: Dinsdag starts at")
    assert f"<t:{int(START)}:t>" in reminder and f"<t:{int(START)}:R>" in reminder
    await tick_at(kit, START - 1 * MINUTE)
    assert len(kit.channel_messages()) == before + 2
    runs = await kit.leagues.schedule_history(1)
    assert [(r.kind, r.outcome) for r in runs] == [("checkin", "posted"), ("reminder", "posted")]


async def test_a_missed_checkin_goes_out_late_and_a_failed_post_is_retried(
    make_harness: StartHarness,
) -> None:
    kit, _ = await scheduled(make_harness)
    before = len(kit.channel_messages())

    def forbidden(call: object) -> None:
        raise http_error(403, 50013, "Missing Permissions")

    kit.harness.override("POST", CHANNEL_MESSAGES, forbidden)
    await tick_at(kit, START - 30 * MINUTE)  # the bot was down at the check-in's time
    assert len(kit.channel_messages()) == before
    assert await kit.leagues.schedule_history(1) == []  # not recorded: offered again

    kit.harness.override("POST", CHANNEL_MESSAGES, None)
    await tick_at(kit, START - 29 * MINUTE)
    assert len(kit.channel_messages()) == before + 1
    text = kit.channel_texts()[-1]
    assert "check-in for round 1" in text and "Posted late" in text
    assert len(await kit.leagues.nights(1)) == 1  # the failed try's night, not a second
    [run] = await kit.leagues.schedule_history(1)
    assert run.outcome == "posted"


async def test_schedule_settings_refusals_and_the_time_zone_choices(
    make_harness: StartHarness,
) -> None:
    kit = await start_league(make_harness)
    boss, player = kit.world.add_user("boss"), kit.world.add_user("player")
    await kit.organiser("league create", boss, name="Dinsdag")

    cases = [
        ({"weekday": 1, "time": "25:00"}, "“25:00” is not a time of day"),
        ({"weekday": 1, "time": "20:00", "timezone": "Mars/Olympus"}, "“Mars/Olympus” is not"),
        ({"time": "20:00"}, "needs a weekday and a start time"),
        ({"weekday": 1, "time": "20:00", "reminders": "soon"}, "not possible (**reminders**)"),
        ({"weekday": 1, "time": "20:00", "checkin": 10, "reminders": "15"}, "(**reminders**)"),
    ]
    for options, expected in cases:
        answer = await kit.organiser("league settings", boss, **options)
        assert_ephemeral(answer.response)
        assert expected in answer.response.text()
    refused = await kit.player("league settings", player, weekday=1, time="20:00")
    assert "Only the league's organisers" in refused.response.text()
    assert (await kit.leagues.settings(1)).schedule is None

    await kit.organiser(
        "league settings", boss, weekday=1, time="19:30", timezone="America/Sao_Paulo"
    )
    schedule = (await kit.leagues.settings(1)).schedule
    assert schedule is not None
    assert (schedule.weekday, schedule.start, schedule.timezone) == (
        1,
        "19:30",
        "America/Sao_Paulo",
    )
    shown = await kit.player("league settings", player)
    assert "Tuesday at 19:30 (America/Sao_Paulo)" in shown.response.text()
    await kit.organiser("league settings", boss, unschedule=True)
    assert (await kit.leagues.settings(1)).schedule is None

    typed = await kit.harness.autocomplete(
        "league settings", {"timezone": "amsterdam"}, focused="timezone"
    )
    choices = typed.response.json["data"]["choices"]
    assert [c["value"] for c in choices] == ["Europe/Amsterdam"]
    many = await kit.harness.autocomplete("league settings", {"timezone": "a"}, focused="timezone")
    assert len(many.response.json["data"]["choices"]) == 25
