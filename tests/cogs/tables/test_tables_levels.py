"""Computer levels on /table open and /table bot add, and /hint, through real payloads."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.settings import Settings
from bot.tables.computer_seats import level_of
from tests.cogs.tables.tables_kit import (
    StartHarness,
    enabled,
    fix_seed,
    seed_with_first_dealer,
    start,
)
from tests.harness.limits import assert_ephemeral
from tests.harness.world import FAKE_TOKEN, GUILD_COMMANDS


async def test_levels_are_chosen_at_open_and_per_computer(make_harness: StartHarness) -> None:
    kit = await start(make_harness)
    anna = kit.world.add_user("anna")
    t = await kit.open(anna, level="normal")
    assert kit.table(t).settings.computer_kind == "normal"

    added = await kit.harness.slash("table bot add", {"seat": 2, "level": "easy"}, user=anna)
    plain = await kit.harness.slash("table bot add", {"seat": 3}, user=anna)
    await kit.flush()
    assert added.reply.content == "A computer sits at seat 2."
    assert plain.reply.content == "A computer sits at seat 3."
    table = kit.table(t)
    assert [s.level for s in table.seats] == [None, "easy", None, None]
    assert [level_of(table, s) for s in (1, 2)] == ["easy", "normal"]
    stored = await kit.service.store.tables.get(t)
    assert stored is not None and stored.snapshot["seats"][1]["level"] == "easy"
    shown = await kit.harness.slash("table settings", user=anna)
    assert "Computers: normal, seat 2: easy" in shown.reply.text()


async def test_the_level_options_are_translated_with_their_choices(
    make_harness: StartHarness,
) -> None:
    settings = Settings(discord_token=FAKE_TOKEN, sync_commands=True, dev_guild_id=42)
    kit = await start(make_harness, settings=settings)
    [sync] = kit.harness.rest_calls("PUT", GUILD_COMMANDS)
    commands = {c["name"]: c for c in sync.json}
    table = {o["name"]: o for o in commands["table"]["options"]}
    add = {o["name"]: o for o in table["bot"]["options"]}["add"]
    for command in (table["open"], add):
        [level] = [o for o in command["options"] if o["name"] == "level"]
        assert level["name_localizations"]["nl"] == "niveau"
        assert [c["value"] for c in level["choices"]] == ["easy", "normal", "strong"]
        dutch = [c["name_localizations"]["nl"] for c in level["choices"]]
        assert dutch == ["makkelijk", "normaal", "sterk"]
    assert commands["hint"]["name_localizations"]["nl"] == "tip"
    assert 1 <= len(commands["hint"]["description"]) <= 100


async def test_hint_answers_the_player_to_act_privately_and_refuses_others(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))  # seat 1 (anna) names trump first
    kit = await start(make_harness)
    t, anna, bob = await kit.two_humans_playing()
    assert kit.to_act(t) == (0, anna)

    asked = await kit.harness.slash("hint", user=anna)
    assert_ephemeral(asked.replies[-1])
    text = asked.replies[-1].content
    assert text.startswith("💡 ") and ("as trump" in text or text.startswith("💡 Pass"))
    assert "\n" not in text  # one line
    again = await kit.harness.slash("hint", user=anna)
    assert again.replies[-1].content.startswith("One hint at a time: ask again in")
    other = await kit.harness.slash("hint", user=bob)
    assert other.replies[-1].content == "It is not your turn: anna is to act."
    for refusal in (again.replies[-1], other.replies[-1]):
        assert_ephemeral(refusal)

    held = kit.table(t)  # a league table, as the league's table starter opens its tables
    held.settings = replace(held.settings, league=True)
    kit.bot.clock.advance(60)
    league = await kit.harness.slash("hint", user=anna)
    assert league.replies[-1].content.startswith("No hints at a league table")
    kit.check_payloads()


async def test_a_hand_drawn_before_a_hint_is_redrawn_for_its_mark_and_still_plays(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first hint of a hand commits the seat's mark (that hand gets no par), a new
    state: the asker's hand message is redrawn for it, so its buttons are not stale."""
    fix_seed(seed_with_first_dealer(3))  # seat 1 (anna) names trump first
    kit = await start(make_harness)
    t, anna, _ = await kit.two_humans_playing()
    drawn = await kit.hand(t, anna)
    await kit.harness.slash("hint", user=anna)
    await kit.flush()
    assert kit.table(t).seats[0].assisted
    shown = kit.world.messages[drawn.message_id or 0]
    choices = enabled(shown["components"], "kj:trump:")
    assert choices and all(f":{kit.table(t).seq}:" in c for c in choices)
    chosen = await kit.click(choices[0], anna, message=drawn.message_id)
    assert "You chose" in chosen.response.text() or "You passed" in chosen.response.text()
    kit.check_payloads()


async def test_the_hint_that_takes_a_hand_out_of_par_says_so_in_a_second_line(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a table of one person and three computers the hand counts against par until the
    first hint: that reply says so on a line of its own, a second hint's does not."""
    fix_seed(seed_with_first_dealer(3))  # seat 1 (anna) names trump first
    kit = await start(make_harness)
    anna = kit.world.add_user("anna")
    t = await kit.open(anna)
    for _ in range(3):
        await kit.click(f"kj:addbot:{t}", anna)
    await kit.click(f"kj:start:{t}", anna)
    assert kit.to_act(t) == (0, anna)

    first = await kit.harness.slash("hint", user=anna, locale="nl")
    assert_ephemeral(first.replies[-1])
    advice, note = first.replies[-1].content.split("\n")
    assert advice.startswith("💡 ")
    assert note == "Met een tip telt dit spel niet meer mee tegen par in /statistieken."
    kit.bot.clock.advance(60)
    second = await kit.harness.slash("hint", user=anna)
    assert_ephemeral(second.replies[-1])
    assert second.replies[-1].content.startswith("💡 ") and "\n" not in second.replies[-1].content
    kit.check_payloads()
