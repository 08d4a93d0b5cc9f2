"""Rounds of "8 hands or to 750, whichever comes first" from Discord: /league create and
/league settings take hands and a target (0 in the settings: none), the settings say how a
round ends, a round without any end is refused and changes nothing, and a face-to-face
round of both ends is entered in its form and ends where the target is reached."""

from __future__ import annotations

from bot.league.settings import RoundLength
from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.league.test_league_entry_checks import rows
from tests.cogs.tables.tables_kit import StartHarness
from tests.harness.limits import assert_ephemeral

BOTH = "A round: 8 hands or until a pair reaches 750 points, whichever comes first"


async def round_length(kit: LeagueKit) -> RoundLength:
    [league] = await kit.leagues.leagues(kit.world.guild_id)
    return league.settings.round_length


async def test_hands_and_a_target_are_set_from_discord(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    created = await kit.organiser("league create", boss, name="Kort", hands=8, target=750)
    assert BOTH in created.response.text()
    assert await round_length(kit) == RoundLength(8, 750)

    only_hands = await kit.organiser("league settings", boss, target=0)
    assert "A round: 8 hands\n" in only_hands.response.text()
    assert await round_length(kit) == RoundLength(8, None)

    before = await rows(kit)
    refused = await kit.organiser("league settings", boss, hands=0)  # no end left
    assert_ephemeral(refused.response)
    assert "That setting is not possible (**hands** / **target**)" in refused.response.text()
    assert await rows(kit) == before
    low = await kit.organiser("league settings", boss, target=50)  # below the engine's 100
    assert "the target (100 to 10000)" in low.response.text()
    assert await rows(kit) == before

    target = await kit.organiser("league settings", boss, hands=0, target=1500)
    assert "A round: until a pair reaches 1500 points" in target.response.text()
    assert await round_length(kit) == RoundLength(None, 1500)
    back = await kit.organiser("league settings", boss, hands=16)
    assert "A round: 16 hands or until a pair reaches 1500 points" in back.response.text()


async def test_a_round_of_both_ends_stops_at_the_target(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    await kit.organiser("league create", boss, name="Kort", target=750, rounds=1)
    assert await round_length(kit) == RoundLength(None, 750)  # a target alone: no 16 hands
    await kit.organiser("league settings", boss, hands=8)
    await kit.organiser("night open", boss)
    for index in range(4):
        await kit.player("league join", kit.world.add_user(f"player{index}"))
    await kit.organiser("night start", boss, deal=False)
    opened = await kit.organiser("night enter", boss, round=1, table=1)
    modal = opened.response.json["data"]
    assert [c["label"] for c in modal["components"]] == ["Hands 1 to 4", "Hands 5 to 8"]
    pits = "1 162 0 pit\n1 162 0 pit\n1 162 0 pit"  # 786 after three hands: over
    entered = await kit.harness.submit_modal(modal["custom_id"], {"l0": pits}, user=boss)
    assert "Result saved" in entered.response.text()
    [result] = (await kit.leagues.results(1)).values()
    assert (result.hands, result.totals) == (3, (786, 0))
