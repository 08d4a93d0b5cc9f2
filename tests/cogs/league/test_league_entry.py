"""Face-to-face tables: sheet lines and totals entered with /night enter, checked by the
domain (the engine scores each line); a bad line is refused with its reason and nothing
is stored."""

from __future__ import annotations

from bot.engine import RuleSet, score_hand
from tests.cogs.league.league_kit import ORGANISER_PERMISSIONS, LeagueKit, start_league
from tests.cogs.tables.tables_kit import StartHarness
from tests.harness.limits import assert_ephemeral


async def face_to_face_round(kit: LeagueKit) -> tuple[int, list[int], tuple[int, ...]]:
    """A league of 2-hand rounds, one night, four players checked in with /league join,
    the first round drawn to be played face to face."""
    boss = kit.world.add_user("boss")
    players = [kit.world.add_user(f"player{i}") for i in range(4)]
    await kit.organiser("league create", boss, name="Vrijdag", hands=2, rounds=1)
    await kit.organiser("night open", boss)
    for user in players:
        joined = await kit.player("league join", user)
        assert "You are checked in" in joined.response.text()
    started = await kit.organiser("night start", boss, deal=False)
    assert_ephemeral(started.replies[-1])
    assert "Face to face" in kit.channel_texts()[-1]
    [draw] = await kit.leagues.draws(1)
    return boss, players, draw.tables[0].seats


async def refused(kit: LeagueKit, user: int, expected: str, **options: object) -> None:
    result = await kit.player("night enter", user, round=1, table=1, **options)
    assert_ephemeral(result.response)
    assert expected in result.response.text(), result.response.text()
    assert await kit.leagues.results(1) == {}


async def test_sheet_lines_are_checked_and_entered(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss, _, seats = await face_to_face_round(kit)
    # An organiser's bad lines: the engine's reason, with the line's number.
    await refused(kit, boss, "Line 2: card points must add up to 162", lines="1 100 62; 1 100 60")
    await refused(kit, boss, 'Line 1 is unreadable: "1 abc"', lines="1 abc")
    await refused(kit, boss, "Line 1: roem comes in tens (pair 1: 25)", lines="1 100 62 25 0")
    await refused(kit, boss, "either the sheet lines or the totals", lines="1 100 62", totals="1 2")
    # A player needs an opponent's confirmation, not their partner's.
    await refused(kit, seats[0], "with an opponent confirming", lines="1 100 62; 2 90 72")
    await refused(
        kit, seats[0], "is your partner", lines="1 100 62; 2 90 72", confirmed_by=seats[2]
    )

    entered = await kit.player(
        "night enter",
        seats[0],
        round=1,
        table=1,
        lines="1 100 62 20 0; 2 90 72",
        confirmed_by=seats[1],
    )
    assert "Result saved" in entered.response.text()
    rules = RuleSet.preset("amsterdam").with_options(match_hands=2, target_score=None)
    one = score_hand(0, (100, 62), (20, 0), (4, 4), rules).scores
    two = score_hand(1, (90, 72), (0, 0), (4, 4), rules).scores
    totals = (one[0] + two[0], one[1] + two[1])
    [result] = (await kit.leagues.results(1)).values()
    assert result.totals == totals
    asked = kit.channel_texts()[-1]  # one line: the result, and the opponent asked
    assert f"{totals[0]}" in asked and "Round 1 is complete" in asked
    # The night's only round: closing is all that is left (/night next would be refused).
    assert "the last of the night. Organiser: /night close." in asked
    assert "/night next" not in asked
    assert f"<@{seats[1]}>, please confirm this result" in asked

    again = await kit.player("night enter", boss, round=1, table=1, totals="1000 600", hands=2)
    assert "already has a result" in again.response.text()
    wrong = await kit.organiser(
        "night correct", boss, round=1, table=1, line=3, entry="1 100 62", reason="typo"
    )
    assert "There is no line 3" in wrong.response.text()
    assert [(h.kind, h.actor) for h in await kit.leagues.history(1)] == [("enter", seats[0])]


async def test_totals_are_checked_for_plausibility(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss, _, _ = await face_to_face_round(kit)
    await refused(kit, boss, "cannot come from 2 hands", totals="1000 600", hands=2)
    await refused(kit, boss, "need the number of hands", totals="200 124")
    await refused(kit, boss, "I cannot read the totals", totals="200", hands=2)
    entered = await kit.organiser("night enter", boss, round=1, table=1, totals="200 124", hands=2)
    assert "Result saved" in entered.response.text()
    closed = await kit.organiser("night close", boss)
    assert "is closed" in closed.replies[-1].text()
    assert "final ranking" in kit.channel_texts()[-2]  # then the season table


async def test_a_result_goes_on_in_lower_case_after_a_colon(make_harness: StartHarness) -> None:
    """ "Uitslag opgeslagen: ronde 1, tafel 1: ...": Dutch (like Spanish, Italian and
    Portuguese) writes on in lower case after a colon; the channel's line stands alone."""
    kit = await start_league(make_harness)
    boss, _, _ = await face_to_face_round(kit)
    entered = await kit.harness.slash(
        "night enter",
        {"round": 1, "table": 1, "totals": "200 124", "hands": 2},
        user=boss,
        permissions=ORGANISER_PERMISSIONS,
        locale="nl",
    )
    await kit.flush()
    assert entered.response.text().startswith("Uitslag opgeslagen: ronde 1, tafel 1: ")
    assert kit.channel_texts()[-1].startswith("Round 1, table 1: ")
