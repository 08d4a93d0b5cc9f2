"""/table open, seats, computers, start, close and settings, through real interaction payloads."""

from __future__ import annotations

import copy
from typing import Any

import discord

from bot.settings import Settings
from bot.tables import Status
from bot.texts.catalog import t
from cogs.tables.ui import public_parts
from tests.cogs.tables.tables_kit import (
    StartHarness,
    action_rows,
    custom_ids,
    message_text,
    start,
)
from tests.harness import payloads
from tests.harness.limits import assert_ephemeral, assert_not_ephemeral, is_command_name
from tests.harness.world import FAKE_TOKEN, GUILD_COMMANDS

MODERATOR = discord.Permissions(payloads.DEFAULT_MEMBER_PERMISSIONS.value, manage_channels=True)


async def test_open_posts_the_table_and_answers_the_opener_privately(
    make_harness: StartHarness,
) -> None:
    kit = await start(make_harness)
    anna = kit.world.add_user("anna")

    result = await kit.harness.slash("table open", {"preset": "rotterdam", "hands": 8}, user=anna)
    await kit.flush()

    defer, answer = result.replies
    assert defer.callback_type == 5  # deferred within the 3 s, work done after
    assert_ephemeral(answer)
    table = kit.service.in_channel(kit.world.channel_id)
    assert table is not None and table.rules.name == "rotterdam" and table.rules.match_hands == 8
    assert f"<#{kit.world.channel_id}>" in answer.content
    assert "POST /channels/{channel_id}/messages" in [c.route for c in result.rest]
    public = kit.public(table.id)
    assert_not_ephemeral({"flags": public["flags"]})
    text = message_text(public)
    assert "rotterdam" in text and "anna" in text and "3 seats free" in text
    t = table.id
    assert custom_ids(public) == [
        f"kj:sit:{t}:1",  # pair 2: one button while both its seats are free
        f"kj:sit:{t}:2",
        f"kj:addbot:{t}",
        f"kj:fill:{t}",
        f"kj:leave:{t}",
    ]
    kit.check_payloads()


async def test_open_in_a_new_thread(make_harness: StartHarness) -> None:
    kit = await start(make_harness)
    anna = kit.world.add_user("anna")

    result = await kit.harness.slash("table open", {"thread": True}, user=anna)
    await kit.flush()

    routes = [c.route for c in result.rest]
    assert routes[:2] == [
        "POST /channels/{channel_id}/threads",
        "POST /channels/{channel_id}/messages",
    ]
    thread_id = int(result.rest[0].result["id"])
    table = kit.service.in_channel(thread_id)
    assert table is not None and kit.service.in_channel(kit.world.channel_id) is None
    assert [m["id"] for m in kit.world.channel_messages(thread_id)] == [str(table.message_id)]
    assert f"<#{thread_id}>" in result.replies[-1].content
    # A thread is a channel: one table there; the parent channel is still free.
    busy = await kit.harness.slash("table open", user=anna, channel=thread_id)
    assert "already has an open table" in busy.replies[-1].content
    assert_ephemeral(busy.replies[-1])


async def test_two_humans_and_two_computers_take_their_seats(make_harness: StartHarness) -> None:
    kit = await start(make_harness)
    anna, bob, carl = (kit.world.add_user(n) for n in ("anna", "bob", "carl"))
    t = await kit.open(anna)

    before = copy.deepcopy(kit.public(t))  # as a client shows it until the edit arrives
    sit = await kit.click(f"kj:sit:{t}:2", bob)
    added = await kit.click(f"kj:addbot:{t}", anna)
    again = await kit.click(f"kj:sit:{t}:1", bob, message=before)
    late = await kit.click(f"kj:sit:{t}:1", carl, message=before)
    taken = await kit.harness.slash("table join", {"seat": 1}, user=carl)
    early = await kit.harness.slash("table start", user=anna)
    by_command = await kit.harness.slash("table bot add", {"seat": 4}, user=anna)
    full = await kit.harness.slash("table join", user=carl)
    await kit.flush()

    # Each click on the table message is answered by redrawing it (the new seat shown
    # with the click's own token, no bot-token edit).
    assert [sit.response.callback_type, added.response.callback_type] == [7, 7]
    assert again.reply.content == "You already sit at seat 3."
    assert late.reply.content == "Seat 2 is taken; choose a free seat."
    assert taken.reply.content == "Seat 1 is taken; choose a free seat."
    assert early.reply.content == "Every seat must be taken: 1 seat still free."
    assert by_command.reply.content == "A computer sits at seat 4."
    assert full.reply.content == "The table is full."
    for refusal in (again.reply, late.reply, taken.reply, early.reply, full.reply):
        assert_ephemeral(refusal)
    seats = kit.table(t).seats
    assert [s.kind.value for s in seats] == ["human", "computer", "human", "computer"]
    text = message_text(kit.public(t))
    assert "3. bob" in text and "2. Computer 2 🤖" in text and "All four seats are taken" in text
    assert not [c for c in custom_ids(kit.public(t)) if c.startswith("kj:sit:")]

    removed = await kit.harness.slash("table bot remove", {"seat": 2}, user=anna)
    assert removed.reply.content == "The computer at seat 2 left the table."
    outsider = await kit.click(f"kj:fill:{t}", carl)
    assert outsider.reply.content == (
        "You are not seated at this table yet: take a free seat with a **Sit** button first."
    )
    await kit.click(f"kj:addbot:{t}", bob)
    started = await kit.click(f"kj:start:{t}", bob)

    assert_ephemeral(started.response)  # the starter gets their hand right away
    assert started.response.callback_type == 4
    assert "The match has started." in started.response.text()
    assert kit.table(t).status == Status.PLAYING
    # no trick taken, nobody away: neither Roem!, Last trick nor I'm back applies yet
    assert custom_ids(kit.public(t)) == [f"kj:hand:{t}", f"kj:sheet:{t}"]
    # leaving and bumping are a seated player's own: on their hand, beside Refresh
    assert custom_ids(started.response.message)[-3:] == [
        f"kj:refresh:{t}",
        f"kj:bump:{t}",
        f"kj:leave:{t}",
    ]
    kit.check_payloads()


async def test_close_takes_the_opener_or_manage_channels(make_harness: StartHarness) -> None:
    kit = await start(make_harness)
    anna, bob, mod = (kit.world.add_user(n) for n in ("anna", "bob", "mod"))
    t = await kit.open(anna)
    await kit.click(f"kj:sit:{t}:2", bob)
    for _ in range(2):
        await kit.click(f"kj:addbot:{t}", anna)
    await kit.click(f"kj:start:{t}", anna)

    refused = await kit.harness.slash("table close", user=bob)
    closed = await kit.harness.slash("table close", user=mod, permissions=MODERATOR)
    await kit.flush()
    after = await kit.harness.slash("table close", user=anna)

    assert refused.reply.content.startswith("Only the opener of the table or a moderator")
    assert closed.reply.content == f"Table {t} is closed."
    assert after.reply.content.startswith("There is no open table in this channel.")
    assert kit.table(t).status == Status.CLOSED
    public = kit.public(t)
    assert "This table is closed." in message_text(public) and action_rows(public) == []
    assert "To play again, open a new table with /table open." in message_text(public)
    # The opener may close their own table, in the lobby as well.
    t2 = await kit.open(anna)
    mine = await kit.harness.slash("table close", user=anna)
    assert mine.reply.content == f"Table {t2} is closed."
    kit.check_payloads()


async def test_settings_are_shown_and_guarded(make_harness: StartHarness) -> None:
    kit = await start(make_harness)
    anna, bob = kit.world.add_user("anna"), kit.world.add_user("bob")
    await kit.open(anna, turn_timer=90)

    shown = await kit.harness.slash("table settings", user=bob)
    refused = await kit.harness.slash("table settings", {"turn_timer": 30}, user=bob)
    asked = await kit.harness.slash("table settings", {"language": "nl"}, user=anna)

    assert_ephemeral(shown.reply)
    assert "Turn timer: 90 s" in shown.reply.text() and "amsterdam" in shown.reply.text()
    assert refused.reply.content.startswith("Only the opener of the table or a moderator")
    table = kit.service.in_channel(kit.world.channel_id)
    assert table is not None
    assert table.settings.turn_timer == 90  # bob's refused change changed nothing
    assert table.settings.locale == "nl"  # the opener's change is in, and logged
    assert "Language of the table: Dutch" in asked.reply.text()
    timer = await kit.harness.slash("table settings", {"turn_timer": 45}, user=anna)
    assert_ephemeral(timer.reply)
    assert "45 s" in timer.reply.text()
    assert table.settings.turn_timer == 90  # an answer keeps the state it answered
    assert kit.service.get(table.id).settings.turn_timer == 45
    kinds = [a.kind for a in await kit.service.store.tables.actions(table.id)]
    assert kinds.count("settings") == 2


async def test_dutch_players_and_a_dutch_guild(make_harness: StartHarness) -> None:
    kit = await start(make_harness)
    anna, bob = kit.world.add_user("anna"), kit.world.add_user("bob")

    opened = await kit.harness.slash("table open", user=anna, locale="nl", guild_locale="nl")
    await kit.flush()
    t = kit.service.in_channel(kit.world.channel_id).id  # type: ignore[union-attr]
    refused = await kit.click(f"kj:fill:{t}", bob, locale="nl")

    assert opened.replies[-1].content.startswith(f"Tafel {t} is geopend in")
    assert refused.reply.content == (
        "Je zit nog niet aan deze tafel: neem eerst een vrije plaats met een knop **Ga zitten**."
    )
    public = message_text(kit.public(t))
    assert f"Klaverjas · tafel {t}" in public and "Paar 1" in public
    rows = [[c["label"] for c in row] for row in action_rows(kit.public(t))]
    assert rows == [
        ["Ga zitten: paar 2"],
        ["Ga zitten tegenover anna"],
        ["Computer erbij", "Starten met computers", "Opstaan"],
    ]


async def test_english_guild_may_choose_a_dutch_table(make_harness: StartHarness) -> None:
    kit = await start(make_harness)
    anna = kit.world.add_user("anna")

    t = await kit.open(anna, language="nl")

    assert "Wachten op spelers" in message_text(kit.public(t))


async def test_command_names_and_descriptions_are_localised(make_harness: StartHarness) -> None:
    settings = Settings(discord_token=FAKE_TOKEN, sync_commands=True, dev_guild_id=42)
    kit = await start(make_harness, settings=settings)

    [sync] = kit.harness.rest_calls("PUT", GUILD_COMMANDS)
    mine = {c["name"]: c for c in sync.json if c["name"] in ("table", "hand")}
    assert mine["table"]["name_localizations"]["nl"] == "tafel"
    subcommands = {o["name"]: o for o in mine["table"]["options"]}
    assert subcommands["open"]["name_localizations"]["nl"] == "openen"
    assert subcommands["bot"]["name_localizations"]["nl"] == "computer"
    for name, text in _localised(list(mine.values())):
        if name:
            assert is_command_name(text), text
        else:
            assert 1 <= len(text) <= 100, text


def _localised(options: list[dict[str, object]]) -> list[tuple[bool, str]]:
    """(is a name, text) for every name and description, in English and Dutch."""
    found: list[tuple[bool, str]] = []
    for option in options:
        names = option.get("name_localizations") or {}
        descriptions = option.get("description_localizations") or {}
        assert isinstance(names, dict) and isinstance(descriptions, dict)
        found += [(True, str(option["name"])), (True, str(names.get("nl", option["name"])))]
        if "description" in option:
            found += [(False, str(option["description"]))]
            found += [(False, str(descriptions.get("nl", option["description"])))]
        inner = option.get("options")
        if isinstance(inner, list):
            found += _localised(inner)
    return found


async def test_hands_and_target_whichever_comes_first(make_harness: StartHarness) -> None:
    kit = await start(make_harness)
    anna, bob = kit.world.add_user("anna"), kit.world.add_user("bob")

    both = await kit.open(anna, preset="online-classic", hands=8, target=750)
    rules = kit.table(both).rules
    assert (rules.name, rules.match_hands, rules.target_score) == ("online-classic", 8, 750)
    public = kit.service.get(both).public  # the read model carries both ends
    assert (public.planned_hands, public.target_score) == (8, 750)
    assert "8 hands · first to 750" in message_text(kit.public(both))  # the lobby says both
    await kit.click(f"kj:fill:{both}", anna)
    assert "hand 1 of 8 · first to 750" in message_text(kit.public(both))
    playing = kit.service.get(both).public
    for locale in ("nl", "pt-BR", "es-ES", "it"):  # both, in the reader's words
        heading = public_parts(playing, locale)[0]["content"]
        hands = t("tables.public.hand_of", locale, n=1, total=8)
        assert f"{hands} · " + t("tables.lobby.target", locale, target=750) in heading
    # A target alone still drops the preset's hands (online-short: 8 hands or 750).
    options = {"preset": "online-short", "target": 1500, "thread": True}
    opened = await kit.harness.slash("table open", options, user=bob)
    assert_ephemeral(opened.replies[-1])
    [other] = [t for t in kit.service.open_tables() if t.id != both]
    assert (other.rules.match_hands, other.rules.target_score) == (None, 1500)


async def test_open_offers_the_usual_match_lengths(make_harness: StartHarness) -> None:
    """16, 12, 8 and 1 hands are the usual lengths (docs/rules.md section 2); leagues set
    any length from 1 to 64 themselves."""
    kit = await start(make_harness)
    group: Any = kit.bot.tree.get_command("table")
    command = group.get_command("open").to_dict(kit.bot.tree)
    [hands] = [o for o in command["options"] if o["name"] == "hands"]
    assert [c["value"] for c in hands["choices"]] == [16, 12, 8, 1]

    anna = kit.world.add_user("anna")
    await kit.harness.slash("table open", {"hands": 12}, user=anna)
    table = kit.service.in_channel(kit.world.channel_id)
    assert table is not None and table.rules.match_hands == 12


async def test_the_lobby_says_what_will_be_played_and_what_each_button_does(
    make_harness: StartHarness,
) -> None:
    kit = await start(make_harness)
    anna, bob = kit.world.add_user("Annemarie van den Heuvel"), kit.world.add_user("bob")
    t = await kit.open(anna, preset="rotterdam", hands=8, turn_timer=60, level="easy")

    text = message_text(kit.public(t))
    assert "Rules: rotterdam · 8 hands" in text
    assert "Turn timer: 60 s · Computers: easy" in text
    labels = [[c["label"] for c in row] for row in action_rows(kit.public(t))]
    assert labels == [
        ["Sit: pair 2"],  # both its seats free: one button
        ["Sit opposite Annemarie v…"],  # the partner's name in 12 columns
        ["Add computer", "Start with computers", "Leave"],
    ]
    await kit.click(f"kj:sit:{t}:1", bob)
    labels = [[c["label"] for c in row] for row in action_rows(kit.public(t))]
    assert labels[:2] == [["Sit opposite Annemarie v…"], ["Sit opposite bob"]]

    target = await start_elsewhere(kit, bob)
    assert "Rules: amsterdam · first to 1500" in message_text(kit.public(target))
    kit.check_payloads()


async def start_elsewhere(kit: Any, user: int) -> int:
    """A table opened by `user` in a second channel, played to a target score."""
    channel = kit.world.add_channel("second")
    await kit.harness.slash("table open", {"target": 1500}, user=user, channel=channel)
    await kit.flush()
    table = kit.service.in_channel(channel)
    assert table is not None
    return table.id


async def test_start_with_computers_fills_the_free_seats_and_starts(
    make_harness: StartHarness,
) -> None:
    kit = await start(make_harness)
    anna, bob, carl = (kit.world.add_user(n) for n in ("anna", "bob", "carl"))
    t = await kit.open(anna, level="normal")
    await kit.click(f"kj:sit:{t}:2", bob)
    assert f"kj:start:{t}" not in custom_ids(kit.public(t))  # no Start with seats free

    outsider = await kit.click(f"kj:fill:{t}", carl)
    assert outsider.reply.content.startswith("You are not seated at this table yet")
    assert kit.table(t).status == Status.LOBBY
    started = await kit.click(f"kj:fill:{t}", bob)

    assert_ephemeral(started.response)  # the starter's hand, at once
    assert "The match has started." in started.response.text()
    table = kit.table(t)
    assert table.status == Status.PLAYING
    assert [(s.kind.value, s.level) for s in table.seats] == [
        ("human", None),
        ("computer", None),  # the table's level
        ("human", None),
        ("computer", None),
    ]
    assert table.settings.computer_kind == "normal"
    text = message_text(kit.public(t))
    assert "Computer 2 🤖 & Computer 4 🤖" in text
    kit.check_payloads()
