"""A kraken league night (docs/rules.md 2.5 to 2.7): a face-to-face table's sheet with a
called hand entered by /night enter's form, scored by the engine; a kraken mark the hand
cannot have is refused privately, naming the line, and changes nothing; and a round dealt
at the bot, a kraak called on a hand message, its calls carried into the night's result."""

from __future__ import annotations

from bot.engine import Phase, RuleSet, score_hand
from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.league.test_league_entry_checks import rows
from tests.cogs.league.test_league_form import open_form
from tests.cogs.tables.tables_kit import StartHarness, message_text
from tests.harness.limits import assert_ephemeral, assert_within_discord_limits, iter_components


async def kraken_round(kit: LeagueKit) -> tuple[int, tuple[int, ...]]:
    """A kraken league of 2-hand rounds, one night, its first round face to face."""
    boss = kit.world.add_user("boss")
    players = [kit.world.add_user(f"player{i}") for i in range(4)]
    await kit.organiser(
        "league create", boss, name="Kraakavond", hands=2, rounds=1, preset="kraken"
    )
    await kit.organiser("night open", boss)
    for user in players:
        await kit.player("league join", user)
    await kit.organiser("night start", boss, deal=False)
    [draw] = await kit.leagues.draws(1)
    return boss, draw.tables[0].seats


async def test_a_called_hand_is_entered_by_the_form(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss, seats = await kraken_round(kit)
    modal = await open_form(kit, boss)
    custom_id = modal["custom_id"]
    hints = [c["placeholder"] for c in iter_components(modal["components"]) if "placeholder" in c]
    assert hints and all(hint.endswith(" [k|rk|sk] [h roem1 roem2]") for hint in hints), hints
    before = await rows(kit)
    wrong = await kit.harness.submit_modal(
        custom_id, {"l0": "1 96 66 20 0 k1", "l1": "2 70 92"}, user=boss
    )
    await kit.flush()
    assert_ephemeral(wrong.response)
    assert_within_discord_limits(wrong.response)
    assert "Line 1: pair 1 did not make that call" in wrong.response.text()
    assert await rows(kit) == before

    fields = {"l0": "1 96 66 20 0 k2", "l1": "2 70 92 0 20 h 0 20"}
    entered = await kit.harness.submit_modal(custom_id, fields, user=boss)
    await kit.flush()
    assert "Result saved" in entered.response.text(), entered.response.text()
    rules = RuleSet.preset("kraken")
    kraak = score_hand(0, (96, 66), (20, 0), (4, 4), rules, calls=1).scores
    assert kraak == (364, 0)  # rules.md 2.5: (162 + 20) x 2, the defenders nat
    [result] = (await kit.leagues.results(1)).values()
    assert result.totals == (364 + 70, 92 + 20) and result.nats == (0, 1)
    assert [(line.calls, line.multiplier, line.hand_roem) for line in result.lines] == [
        (1, 2, (0, 0)),
        (0, 1, (0, 20)),
    ]


def _phase(kit: LeagueKit, table_id: int) -> Phase | None:
    match = kit.table(table_id).match
    return None if match is None or match.hand is None else match.hand.phase


async def test_a_kraken_round_at_the_bot_carries_its_calls_into_the_night(
    make_harness: StartHarness,
) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    players = [kit.world.add_user(f"player{i}") for i in range(4)]
    await kit.organiser(
        "league create", boss, name="Kraakavond", hands=2, rounds=1, preset="kraken"
    )
    await kit.organiser("night open", boss)
    for user in players:
        await kit.player("league join", user)
    await kit.organiser("night start", boss)
    [table_id] = (await kit.leagues.round_tables(1)).values()
    assert kit.table(table_id).rules.name == "kraken"
    while _phase(kit, table_id) != Phase.DOUBLING:
        await kit.step()  # the seats' timers run out: their computers name trump
    # The seat asked calls kraak with the button on its hand; the timers play the rest.
    waiting = kit.to_act(table_id)
    assert waiting is not None
    seat, user = waiting
    asked = await kit.hand(table_id, user)
    kraak = f"kj:kraak:{table_id}:{kit.table(table_id).seq}:1:call"
    called = await kit.click(kraak, user, message=asked.message_id)
    assert "You called kraak." in called.response.text()
    await kit.play_round(1, 1)

    match = kit.table(table_id).match
    assert match is not None
    sheet = match.sheet
    [result] = (await kit.leagues.results(1)).values()
    assert sheet[0].callers[0] == seat and sheet[0].multiplier >= 2
    assert [(line.calls, line.multiplier, line.hand_roem) for line in result.lines] == [
        (len(line.callers), line.multiplier, line.hand_roem) for line in sheet
    ]
    assert result.totals == tuple(sum(line.scores[p] for line in sheet) for p in (0, 1))
    thread = kit.world.channel_messages(kit.table(table_id).channel_id)
    assert f"×{sheet[0].multiplier}" in message_text(thread[-1])  # the final sheet
