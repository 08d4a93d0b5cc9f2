"""Every season and night setting from Discord: best N of M, minimum attendance, the
tie-break order (offered in the reader's language), the booby prize rule, the bye per
round and a bye that follows the hands per round; a refused setting changes nothing."""

from __future__ import annotations

from bot.league.settings import Counting
from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.tables.tables_kit import StartHarness
from tests.harness.limits import assert_ephemeral


async def league_of(kit: LeagueKit, **options: object) -> int:
    boss = kit.world.add_user("boss")
    created = await kit.organiser("league create", boss, name="Dinsdag", **options)
    assert_ephemeral(created.response)
    return boss


async def test_create_takes_every_season_setting(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    created = await kit.organiser(
        "league create",
        boss,
        name="Dinsdag",
        hands=4,
        counting="best",
        best=8,
        minimum=5,
        tiebreaks="more_roem,rounds_won",
        booby="all_rounds",
        bye="round_average",
    )
    shown = created.response.text()
    assert "Season: the best nights count (8 of them)" in shown
    assert "nights needed to be ranked: at least 5" in shown
    assert "Ranking order: points → more roem → rounds won" in shown
    assert "Booby prize: the lowest of those who played every round" in shown
    assert "Bye score: the round's average" in shown
    [league] = await kit.leagues.leagues(kit.world.guild_id)
    settings = league.settings
    assert settings.counting == Counting("best", 8, 5)
    assert settings.tie_breaks == ("points", "more_roem", "rounds_won")
    assert (settings.booby, settings.bye_policy) == ("all_rounds", "round_average")


async def test_a_fixed_bye_warns_or_follows_the_hands(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    created = await kit.organiser("league create", boss, name="Kort", hands=4)
    assert "meant for rounds of 16 hands; a round here has 4" in created.response.text()
    assert "Set bye_hands to make it 363" in created.response.text()
    fixed = await kit.organiser("league settings", boss, bye_hands=True)
    assert "Bye score: 1450 points (scaled to the hands per round, 4: 363)" in fixed.response.text()
    assert "meant for rounds of 16 hands" not in fixed.response.text()
    [league] = await kit.leagues.leagues(kit.world.guild_id)
    assert league.settings.bye_follows_hands and league.settings.bye_hands == 4


async def test_settings_change_and_refuse_season_settings(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss = await league_of(kit)
    changed = await kit.organiser("league settings", boss, best=6, minimum=3)
    shown = changed.response.text()
    assert "the best nights count (6 of them); nights needed to be ranked: at least 3" in shown
    average = await kit.organiser("league settings", boss, counting="average_best")
    assert "the average of the best nights counts (6 of them)" in average.response.text()
    player = kit.world.add_user("player")
    [before] = await kit.leagues.leagues(kit.world.guild_id)
    for user, options, expected in (
        (boss, {"tiebreaks": "luck"}, "(**tiebreaks**)"),
        (boss, {"counting": "best", "minimum": 2, "tiebreaks": "x y"}, "(**tiebreaks**)"),
        (player, {"booby": "all_rounds"}, "Only the league's"),
    ):
        if user == boss:
            answer = await kit.organiser("league settings", user, **options)
        else:
            answer = await kit.player("league settings", user, **options)
        assert_ephemeral(answer.response)
        assert expected in answer.response.text(), answer.response.text()
    [after] = await kit.leagues.leagues(kit.world.guild_id)
    assert after.settings == before.settings and after.updated_at == before.updated_at
    everything = await kit.organiser("league settings", boss, counting="all")
    assert "all nights count" in everything.response.text()
    missing = await kit.organiser("league settings", boss, counting="best")
    assert "(**best**)" in missing.response.text()  # best N needs its N


async def test_tie_break_orders_are_offered_in_the_readers_language(
    make_harness: StartHarness,
) -> None:
    kit = await start_league(make_harness)
    await league_of(kit)
    offered = await kit.harness.autocomplete(
        "league settings", {"tiebreaks": "roem"}, focused="tiebreaks", locale="nl"
    )
    choices = offered.response.json["data"]["choices"]
    assert {"name": "punten → meer roem", "value": "more_roem"} in choices
    assert all("roem" in c["name"] for c in choices) and len(choices) == 11  # 1 + 4 + 6 orders


async def test_no_minimum_attendance_says_everyone_is_ranked(make_harness: StartHarness) -> None:
    """The default minimum, 0, reads as everyone ranked, not "at least 0"."""
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    created = await kit.organiser("league create", boss, name="Dinsdag")
    shown = created.response.text()
    assert "Season: all nights count; every player is ranked" in shown
    assert "at least 0" not in shown
    fixed = await kit.organiser("league settings", boss, minimum=3)
    assert "nights needed to be ranked: at least 3" in fixed.response.text()
