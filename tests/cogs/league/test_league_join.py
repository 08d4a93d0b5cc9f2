"""/league join and /league leave update the count on the night's check-in message, as a
click on it does; the message is stored with its night, so this holds after a restart."""

from __future__ import annotations

from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.tables.tables_kit import StartHarness, message_text


def checkin_text(kit: LeagueKit) -> str:
    [message] = [m for m in kit.channel_messages() if "check-in for round" in message_text(m)]
    return message_text(message)


async def test_join_and_leave_refresh_the_checkin_count(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    first, second, third = (kit.world.add_user(f"player{i}") for i in range(3))
    await kit.organiser("league create", boss, name="Dinsdag")
    await kit.organiser("night open", boss)
    assert "Checked in: 0" in checkin_text(kit)

    joined = await kit.player("league join", first)
    assert "You are checked in" in joined.response.text()
    assert "Checked in: 1" in checkin_text(kit)
    await kit.player("league join", second)
    assert "Checked in: 2" in checkin_text(kit)
    await kit.player("league leave", first)
    assert "Checked in: 1" in checkin_text(kit)

    await kit.harness.close()
    kit = await start_league(make_harness)
    await kit.player("league join", first)  # a new process: the stored message is updated
    assert "Checked in: 2" in checkin_text(kit)
    await kit.harness.click("kj:league:in:1:0", user=third)  # the click shows 3
    assert "Checked in: 3" in checkin_text(kit)
    await kit.player("league leave", second)
    assert "Checked in: 2" in checkin_text(kit)


async def test_every_league_option_offers_the_servers_leagues(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    for name in ("Dinsdag", "Vrijdag", "Dinsdag Zomer"):
        await kit.organiser("league create", boss, name=name)

    typed = await kit.harness.autocomplete("league join", {"league": "dins"}, focused="league")
    choices = typed.response.json["data"]["choices"]
    assert [c["value"] for c in choices] == ["Dinsdag", "Dinsdag Zomer"]
    for command in ("league standings", "night open", "night status", "league settings"):
        every = await kit.harness.autocomplete(command, {"league": ""}, focused="league")
        values = [c["value"] for c in every.response.json["data"]["choices"]]
        assert sorted(values) == ["Dinsdag", "Dinsdag Zomer", "Vrijdag"], command
    nothing = await kit.harness.autocomplete("league join", {"league": "zat"}, focused="league")
    assert nothing.response.json["data"]["choices"] == []
