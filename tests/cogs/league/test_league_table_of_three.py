"""A league night of seven with a table of three (/league create table_of_three): the plan
seats four and three; face to face the three enter three scores a line with /night enter,
another of the three confirms; on a night the bot deals, their table opens in a thread and
is played by clicks, its sheet read in; the standings and the posted results show all
seven."""

from __future__ import annotations

from bot.league.refs import Actor
from bot.league.standings import half_up, three_scale
from bot.tables import Status
from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.tables.tables_kit import StartHarness, message_text
from tests.cogs.tables.test_tables_driemans import act
from tests.harness.limits import assert_ephemeral


async def night_of_seven(kit: LeagueKit) -> int:
    """A league of one round of two hands with a table of three, its night open and seven
    players checked in; the organiser."""
    boss = kit.world.add_user("boss")
    players = [kit.world.add_user(f"player{i}") for i in range(7)]
    created = await kit.organiser(
        "league create", boss, name="Vrijdag", hands=2, rounds=1, three=True
    )
    assert "Table of three: with 7, 11, 15" in created.response.text()
    await kit.organiser("night open", boss)
    for user in players:
        await kit.player("league join", user)
    return boss


async def test_seven_players_play_four_and_three(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss = await night_of_seven(kit)
    await kit.organiser("night start", boss, deal=False)
    plan = kit.channel_texts()[-1]
    assert "**Table 2**" in plan
    assert "driemans (each for themselves). Face to face; enter three scores a line" in plan
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


async def test_a_dealt_night_deals_its_table_of_three_played_by_clicks(
    make_harness: StartHarness,
) -> None:
    kit = await start_league(make_harness)
    boss = await night_of_seven(kit)
    await kit.organiser("night start", boss)  # the bot deals both tables
    [draw] = await kit.leagues.draws(1)
    three = draw.tables[1].seats
    t = (await kit.leagues.round_tables(1))[(1, 1)]
    table = kit.table(t)
    assert [seat.user_id for seat in table.seats] == list(three)
    assert table.rules.three_players and table.rules.match_hands == 2
    thread = table.channel_id
    plan = next(text for text in kit.channel_texts() if "**Table 2**" in text)
    assert f"driemans (each for themselves). Play in <#{thread}>." in plan
    assert "Face to face" not in plan
    assert "Vrijdag · night 1 · round 1 · table 2" in message_text(kit.public(t))
    assert kit.world.channel_messages(thread), "the table's message is in its thread"

    # Its players play it by clicks (the table of four's seats by their computers).
    clicks = 0
    for _ in range(3_000):
        if kit.table(t).status == Status.FINISHED:
            break
        if kit.to_act(t) is not None:
            await act(kit, t)
            clicks += 1
        else:
            await kit.step()
    assert kit.table(t).status == Status.FINISHED and clicks >= 20
    match = kit.table(t).match
    await kit.play_round(1, 1)
    in_thread = " ".join(message_text(m) for m in kit.world.channel_messages(thread))
    assert "counts for Vrijdag, night 1: [see the standings]" in in_thread

    assert match is not None
    result = (await kit.leagues.results(1))[(1, 1)]
    assert result.source == "bot" and result.seats == three
    assert [line.scores for line in result.three_lines] == [line.scores for line in match.sheet]
    posted = next(text for text in kit.channel_texts() if "table 2 (driemans)" in text)
    named = zip(three, result.totals, strict=True)
    scores = ", ".join(f"<@{user}> {total}" for user, total in named)
    assert scores in posted
    assert "Round 1 is complete" in kit.channel_texts()[-1]

    standings = await kit.standings_text()
    assert all(f"player{number} " in standings for number in range(7))
    view = await kit.leagues.view(1)
    scale = three_scale([view.results[(1, 0)], result])
    points = {row.user_id: row.points for row in view.standings()}
    assert [points[user] for user in three] == [half_up(total * scale) for total in result.totals]
    kit.check_payloads()
