"""A league night of seven with a table of three (/league create table_of_three): the plan
seats four and three, the three enter three scores a line with /night enter, another of
the three confirms, and the standings and the posted results show all seven."""

from __future__ import annotations

from bot.league.refs import Actor
from tests.cogs.league.league_kit import start_league
from tests.cogs.tables.tables_kit import StartHarness
from tests.harness.limits import assert_ephemeral


async def test_seven_players_play_four_and_three(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    players = [kit.world.add_user(f"player{i}") for i in range(7)]
    created = await kit.organiser(
        "league create", boss, name="Vrijdag", hands=2, rounds=1, three=True
    )
    assert "Table of three: with 7, 11, 15" in created.response.text()
    await kit.organiser("night open", boss)
    for user in players:
        await kit.player("league join", user)
    await kit.organiser("night start", boss, deal=False)
    plan = kit.channel_texts()[-1]
    assert "**Table 2**" in plan and "driemans (each for themselves), face to face" in plan
    assert "Bye" not in plan
    [draw] = await kit.leagues.draws(1)
    four, three = draw.tables[0].seats, draw.tables[1].seats
    assert len(four) == 4 and len(three) == 3

    # the table of three: four-player lines and totals are refused for it
    wrong = await kit.player("night enter", boss, round=1, table=2, lines="1 100 62; 2 90 72")
    assert_ephemeral(wrong.response)
    assert "is a table of three: enter its sheet with three scores a line" in wrong.response.text()
    totals = await kit.player("night enter", boss, round=1, table=2, totals="300 200", hands=2)
    assert "is a table of three" in totals.response.text()
    bad = await kit.player("night enter", boss, round=1, table=2, lines="13 150 13; 202 0 202")
    assert "Line 1: the solo's score and a defender's add up to 162" in bad.response.text()
    assert await kit.leagues.results(1) == {}

    await kit.player("night enter", boss, round=1, table=1, lines="1 100 62 20 0; 2 90 72")
    entered = await kit.player(
        "night enter",
        three[0],
        round=1,
        table=2,
        lines="13 149 13; 202 0 202",
        confirmed_by=three[1],
    )
    assert "Result saved" in entered.response.text()
    posted = kit.channel_texts()[-1]
    assert f"<@{three[0]}> 215, <@{three[1]}> 149, <@{three[2]}> 215" in posted
    assert f"<@{three[1]}>, please confirm this result" in posted
    version = (await kit.leagues.view(1)).versions[(1, 1)]
    await kit.leagues.confirm_result(1, 1, 1, version, Actor(three[1]))

    standings = await kit.standings_text()
    for number in range(7):
        assert f"player{number} " in standings
    ranking = (await kit.leagues.view(1)).standings()
    assert len(ranking) == 7
