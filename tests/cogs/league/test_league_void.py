"""/night void and /night penalty: organisers only, with a reason, refused with a clear
sentence and no change otherwise; both show in the channel and in /league history."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.league.results import TableResult
from bot.texts.catalog import t
from cogs.league.ui import change_text, result_text
from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.league.test_league_entry import face_to_face_round as two_hand_round
from tests.cogs.tables.tables_kit import StartHarness
from tests.harness.limits import assert_ephemeral


async def face_to_face_round(make_harness: StartHarness) -> tuple[LeagueKit, int, list[int]]:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    players = [kit.world.add_user(f"player{i}") for i in range(4)]
    await kit.organiser("league create", boss, name="Dinsdag", rounds=2)
    await kit.organiser("night open", boss)
    for user in players:
        await kit.harness.click("kj:league:in:1:0", user=user)
    await kit.organiser("night start", boss, deal=False)
    return kit, boss, players


async def test_void_and_penalty_show_in_the_standings_and_history(
    make_harness: StartHarness,
) -> None:
    kit, boss, players = await face_to_face_round(make_harness)
    assert await kit.leagues.missing_results(1) == [[1, 0]]

    voided = await kit.organiser("night void", boss, round=1, table=1, reason="left early")
    assert_ephemeral(voided.response)
    assert "Correction saved: round 1, table 1 is void" in voided.response.text()
    posted = kit.channel_texts()[-1]
    assert ": round 1, table 1 is void" in posted and "Reason: left early" in posted
    assert "Round 1 is complete" in posted
    assert await kit.leagues.missing_results(1) == []
    assert (await kit.leagues.results(1))[(1, 0)].void

    cheat = players[2]
    fined = await kit.organiser("night penalty", boss, player=cheat, points=-100, reason="late")
    assert f"<@{cheat}> -100 points" in fined.response.text()
    assert "Adjustment by" in kit.channel_texts()[-1]
    rows = {row.user_id: row for row in await kit.leagues.night_standings(1)}
    assert (rows[cheat].points, rows[cheat].adjustment) == (-100, -100)
    assert rows[players[0]].points == 0  # the void round credits nobody

    history = (await kit.player("league history", players[0])).response.text()
    assert "Table voided" in history and "left early" in history
    assert "Adjustment" in history and f"<@{cheat}> -100 points" in history


async def test_void_and_penalty_refusals_change_nothing(make_harness: StartHarness) -> None:
    kit, boss, players = await face_to_face_round(make_harness)
    outsider = kit.world.add_user("outsider")
    cases = [
        (players[0], "night void", {"round": 1, "table": 1, "reason": "x"}, "Only the league's"),
        (players[0], "night penalty", {"player": players[1], "points": 5, "reason": "x"}, "Only"),
        (boss, "night void", {"round": 1, "table": 2, "reason": "x"}, "Round 1 has no table 2."),
        (boss, "night void", {"round": 3, "table": 1, "reason": "x"}, "Round 3 has no table 1."),
        (boss, "night void", {"round": 1, "table": 1, "reason": "   "}, "needs a reason"),
        (boss, "night penalty", {"player": players[1], "points": 5, "reason": " "}, "a reason"),
        (boss, "night penalty", {"player": outsider, "points": 5, "reason": "x"}, "did not check"),
    ]
    before = len(kit.channel_messages())
    for user, command, options, expected in cases:
        if user == boss:
            answer = await kit.organiser(command, user, **options)
        else:
            answer = await kit.player(command, user, **options)
        assert_ephemeral(answer.response)
        assert expected in answer.response.text(), (command, options)
    assert len(kit.channel_messages()) == before
    assert await kit.leagues.history(1) == []
    assert await kit.leagues.results(1) == {}


async def test_a_seat_the_computer_finished_is_shown_unranked(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    players = [kit.world.add_user(f"player{i}") for i in range(4)]
    await kit.organiser("league create", boss, name="Dinsdag", hands=1, rounds=1)
    await kit.organiser("night open", boss)
    for user in players:
        await kit.harness.click("kj:league:in:1:0", user=user)
    await kit.organiser("night start", boss)
    [table_id] = (await kit.leagues.round_tables(1)).values()
    leaver = kit.service.registry.get(table_id).seats[1].user_id
    assert leaver is not None
    await kit.service.leave(table_id, leaver)  # a computer takes the seat
    await kit.play_round(1, 1)

    posted = kit.channel_texts()[-1]
    assert f"Unranked: <@{leaver}> left" in posted and "computer" in posted
    assert [s.user_id for s in await kit.leagues.unranked(1)] == [leaver]
    status = (await kit.player("night status", players[0])).response.text()
    assert f"finished by the computer (round.table): 1.1 <@{leaver}>" in status
    rows = {row.user_id: row for row in await kit.leagues.night_standings(1)}
    assert (rows[leaver].points, rows[leaver].rounds) == (0, 0)


async def test_a_correction_post_shows_the_result_it_replaced(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss, _, (a, b, c, d) = await two_hand_round(kit)  # rounds of 2 hands
    await kit.organiser("night enter", boss, round=1, table=1, totals="200 124", hands=2)

    fixed = await kit.organiser(
        "night correct", boss, round=1, table=1, totals="190 134", hands=2, reason="typo"
    )

    change = f"round 1, table 1: <@{a}> & <@{c}> 200 → 190, <@{b}> & <@{d}> 124 → 134."
    assert f"Correction saved: {change}" in fixed.response.text()
    assert f": {change} Reason: typo" in kit.channel_texts()[-1]
    await kit.organiser("night void", boss, round=1, table=1, reason="left early")
    was = f"Before: <@{a}> & <@{c}> 190, <@{b}> & <@{d}> 134."
    assert f"round 1, table 1 is void: it counts for nobody. {was}" in kit.channel_texts()[-1]
    await kit.organiser("night restore", boss, round=1, table=1, reason="came back")
    restored = f"round 1, table 1: <@{a}> & <@{c}> 190, <@{b}> & <@{d}> 134. Before: void."
    assert restored in kit.channel_texts()[-1]


@pytest.mark.parametrize(
    ("locale", "before", "void"),
    [
        ("en", "Before:", "void"),
        ("nl", "Was:", "ongeldig verklaard"),
        ("pt-BR", "Antes:", "anulada"),
        ("es-ES", "Antes:", "anulada"),
        ("it", "Prima:", "annullato"),
    ],
)
def test_the_result_a_correction_replaced_reads_in_every_language(
    locale: str, before: str, void: str
) -> None:
    old = TableResult((1, 2, 3, 4), (200, 124), hands=2)
    new = TableResult((1, 2, 3, 4), (190, 134), hands=2)
    pair1, pair2 = (t("league.pair", locale, a=f"<@{a}>", b=f"<@{b}>") for a, b in ((1, 3), (2, 4)))

    changed = change_text(1, 0, old, new, locale, after_colon=True)
    assert f"{pair1} 200 → 190, {pair2} 124 → 134." in changed
    assert changed[0].islower()  # it goes on after a colon
    voided = change_text(1, 0, new, replace(new, void=True), locale)
    assert voided.startswith(result_text(1, 0, replace(new, void=True), locale))
    assert voided.endswith(f" {before} {pair1} 190, {pair2} 134.")
    restored = change_text(1, 0, replace(new, void=True), new, locale)
    assert restored == f"{result_text(1, 0, new, locale)} {before} {void}."
