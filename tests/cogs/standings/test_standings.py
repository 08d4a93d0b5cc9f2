"""`/standings` and `/stats` through the offline harness, on statistics the store really holds.

Statistics are seeded two ways: by playing short matches through the bot's own table service
(`play_match`, so the numbers come from real games), and by recording score-sheet lines and
matches straight into the store (`record_match`, for many players and for old dates).
Rendered numbers are parsed back out of the embeds and compared with `StatsStore`.
"""

from __future__ import annotations

import asyncio
import itertools
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from bot.client import DEFAULT_EXTENSIONS
from bot.engine import RuleSet
from bot.settings import Settings
from bot.standings import PERIODS
from bot.store import HandRecord, MatchRecord, PlayerStats, Store
from bot.store.records import ActionRecord, NewTable
from bot.tables import Status
from bot.texts.catalog import t
from cogs.standings.ui import PAGE_SIZE, page_custom_id, parse_page_custom_id
from tests.harness.harness import Harness
from tests.harness.limits import (
    IS_COMPONENTS_V2,
    assert_ephemeral,
    assert_not_ephemeral,
    assert_within_discord_limits,
    is_command_name,
)
from tests.harness.recorder import Call
from tests.harness.world import FAKE_TOKEN, GUILD_COMMANDS, World
from tests.tables.helpers import INSTANT, act_once, human_to_act

StartHarness = Callable[..., Awaitable[Harness]]
# Only what these commands need: a tables cog (added by others) must not render our seeds.
EXTENSIONS = ("cogs.errors", "cogs.standings")
FAST = RuleSet(match_hands=1, roem_claiming="automatic")
DAY = 86_400.0
_channels = itertools.count(900_000)


# --------------------------------------------------------------------------- seeding


async def play_match(harness: Harness, seats: Sequence[int | None]) -> None:
    """Play a one-hand match through the bot's table service; None seats are computers."""
    service = harness.bot.services.tables
    channel = harness.world.add_channel()
    opener = next(user for user in seats if user is not None)
    table = await service.open(
        harness.world.guild_id, channel, opener, f"user{opener}", FAST, INSTANT, sit=False
    )
    for seat, user in enumerate(seats):
        if user is None:
            await service.add_computer(table.id, opener, seat)
        else:
            await service.sit(table.id, user, f"user{user}", seat)
    await service.start(table.id, opener)
    for _ in range(500):
        if not service.registry.get(table.id).is_open:
            break
        if human_to_act(service, table.id) is None:
            # The bot runs on the real clock: computer moves and the last claim window fall
            # due a moment after they are armed. Fire them now rather than wait for the loop.
            await asyncio.sleep(0)
            await service.tick()
        else:
            await act_once(service, table.id)
    assert service.registry.get(table.id).status == Status.FINISHED


async def record_match(
    store: Store,
    guild_id: int | None,
    seats: Sequence[int | None],
    *,
    at: float,
    winner: int | None = 0,
    scores: tuple[int, int] = (120, 42),
    roem: tuple[int, int] = (20, 0),
    nat: bool = False,
    pit: int | None = None,
) -> None:
    """One finished one-hand match written straight into the store."""
    opener = next(user for user in seats if user is not None)
    table_id = await store.tables.create(NewTable(guild_id, next(_channels), opener, {}, at))
    hand = HandRecord(
        table_id=table_id, match_no=1, number=1, guild_id=guild_id, dealer=3, trump="h",
        makers=0, chooser=0, points=scores, roem=roem, scores=scores, nat=nat, pit=pit,
        seats=tuple(seats), at=at,
    )  # fmt: skip
    match = MatchRecord(
        table_id=table_id, match_no=1, guild_id=guild_id, rules="amsterdam", totals=scores,
        winner=winner, hands=1, seats=tuple(seats), at=at,
    )  # fmt: skip
    await store.tables.record(
        ActionRecord(table_id, 1, None, "test", {}, at, {}, "finished", (hand,), match)
    )


def groups_of_four(items: Sequence[int]) -> list[list[int]]:
    return [list(items[i : i + 4]) for i in range(0, len(items), 4)]


def store_of(harness: Harness) -> Store:
    return harness.bot.services.store


def users(world: World, count: int, prefix: str = "p") -> list[int]:
    return [world.add_user(f"{prefix}{i}") for i in range(count)]


# --------------------------------------------------------------------------- reading replies

EN_ROW = re.compile(
    r"\*\*(?P<rank>\d+)\.\*\* <@(?P<user>\d+)>\nplayed (?P<matches>\d+)"
    r"(?: \((?P<computers>\d+) with computers\))? · won (?P<wins>\d+) · drawn (?P<draws>\d+)"
    r" · (?P<pph>-?[\d.]+) points/hand · nat (?P<nat>\d+%|–) · pits (?P<pits>\d+)"
    r" · roem (?P<roem>\d+)"
)


@dataclass
class Row:
    rank: int
    user: int
    matches: int
    computers: int | None
    wins: int
    draws: int
    pph: str
    nat: str
    pits: int
    roem: int


def rows_of(call: Call) -> list[Row]:
    [embed] = call.embeds
    found = []
    for m in EN_ROW.finditer(embed.get("description") or ""):
        computers = m["computers"]
        found.append(
            Row(
                rank=int(m["rank"]),
                user=int(m["user"]),
                matches=int(m["matches"]),
                computers=int(computers) if computers is not None else None,
                wins=int(m["wins"]),
                draws=int(m["draws"]),
                pph=m["pph"],
                nat=m["nat"],
                pits=int(m["pits"]),
                roem=int(m["roem"]),
            )  # fmt: skip
        )
    return found


def assert_row_matches(row: Row, stats: PlayerStats, *, humans_only: bool = False) -> None:
    assert row.user == stats.user_id
    assert (row.matches, row.wins, row.draws) == (stats.matches, stats.wins, stats.draws)
    assert row.pph == f"{stats.points_per_hand:.1f}"
    assert row.nat == (f"{round(stats.nat_rate * 100)}%" if stats.hands_as_maker else "–")
    assert (row.pits, row.roem) == (stats.pits, stats.roem)
    expected_computers = stats.matches_with_computers or None
    assert row.computers == (None if humans_only else expected_computers)


def page_buttons(call: Call) -> dict[str, dict[str, Any]]:
    """{"previous"|"next": button} of a leaderboard reply."""
    buttons = call.buttons()
    assert len(buttons) == 2, buttons
    return {"previous": buttons[0], "next": buttons[1]}


def footer(call: Call) -> str:
    [embed] = call.embeds
    return str((embed.get("footer") or {}).get("text") or "")


def check(call: Call) -> None:
    assert_within_discord_limits(call)
    for custom_id in call.custom_ids():
        assert len(custom_id) <= 100
        assert parse_page_custom_id(custom_id) is not None, custom_id


# --------------------------------------------------------------------------- tests


async def test_leaderboard_shows_the_stored_statistics_of_played_matches(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    anna, bob, carl, dirk, eva = users(harness.world, 5)
    await play_match(harness, [anna, bob, carl, dirk])
    await play_match(harness, [anna, None, eva, None])
    await play_match(harness, [bob, carl, None, eva])

    result = await harness.slash("standings")

    reply = result.reply
    assert reply.callback_type == 4
    assert_not_ephemeral(reply)
    check(reply)
    expected = await store_of(harness).stats.standings(harness.world.guild_id)
    assert len(expected) == 5 and sum(s.matches for s in expected) == 4 + 2 + 3
    rows = rows_of(reply)
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5]
    for row, stats in zip(rows, expected, strict=True):
        assert_row_matches(row, stats)
    by_user = {r.user: r for r in rows}
    assert by_user[anna].computers == 1 and by_user[dirk].computers is None
    assert by_user[eva].computers == 2
    assert t("standings.scope.all") in reply.text()
    assert "Page 1 of 1 · 5 players" in footer(reply)
    assert reply.buttons() == []  # one page: nothing to turn
    assert "All time" in reply.embeds[0]["title"]
    assert result.rest == []


async def test_humans_only_counts_only_matches_with_four_humans(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    anna, bob, carl, dirk, eva = users(harness.world, 5)
    now = harness.world.now.timestamp()
    store = store_of(harness)
    guild = harness.world.guild_id
    await record_match(store, guild, [anna, bob, carl, dirk], at=now, winner=1, roem=(0, 50))
    await record_match(store, guild, [anna, None, eva, None], at=now, winner=0)
    await record_match(store, guild, [eva, None, None, None], at=now, winner=0, pit=0)

    everyone = await harness.slash("standings")
    humans = await harness.slash("standings", {"humans_only": True})

    all_rows = {r.user: r for r in rows_of(everyone.reply)}
    human_rows = rows_of(humans.reply)
    assert set(all_rows) == {anna, bob, carl, dirk, eva}
    assert (all_rows[eva].matches, all_rows[eva].computers, all_rows[eva].pits) == (2, 2, 1)
    assert (all_rows[anna].matches, all_rows[anna].computers) == (2, 1)
    assert {r.user for r in human_rows} == {anna, bob, carl, dirk}
    expected = await store.stats.standings(guild, include_computers=False)
    for row, stats in zip(human_rows, expected, strict=True):
        assert_row_matches(row, stats, humans_only=True)
    assert [r.user for r in human_rows[:2]] == sorted([bob, dirk])  # the winners, by id
    assert human_rows[0].roem == 50 and human_rows[0].computers is None
    assert t("standings.scope.humans") in humans.reply.text()
    assert "with computers" not in humans.reply.text()
    check(humans.reply)


async def test_pages_turn_in_place_stop_at_the_ends_and_survive_a_restart(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    players = users(harness.world, 24)
    now = harness.world.now.timestamp()
    for i, group in enumerate(groups_of_four(players)):
        scores = (100 + 10 * i, 62 - 10 * i)  # later matches score more: a spread of pph
        await record_match(store_of(harness), harness.world.guild_id, group, at=now, scores=scores)
    expected = await store_of(harness).stats.standings(harness.world.guild_id, limit=100)
    guild = harness.world.guild_id

    opened = await harness.slash("standings", {"period": "month"})
    first = opened.reply
    message_id = first.message_id
    buttons = page_buttons(first)
    assert buttons["previous"].get("disabled") is True
    assert not buttons["next"].get("disabled")
    assert [parse_page_custom_id(b["custom_id"]) for b in buttons.values()] == [
        parse_page_custom_id(f"kj:standings:{guild}:month:0:0"),
        parse_page_custom_id(f"kj:standings:{guild}:month:0:1"),
    ]
    assert [r.user for r in rows_of(first)] == [s.user_id for s in expected[:PAGE_SIZE]]
    assert "Page 1 of 3 · 24 players" in footer(first)
    check(first)

    second = (await harness.click(buttons["next"]["custom_id"])).response
    assert second.callback_type == 7  # the click edits the leaderboard it sits on
    assert second.message_id == message_id
    assert [r.rank for r in rows_of(second)] == list(range(11, 21))
    for row, stats in zip(rows_of(second), expected[10:20], strict=True):
        assert_row_matches(row, stats)
    assert not any(b.get("disabled") for b in page_buttons(second).values())
    check(second)

    third = (await harness.click(page_buttons(second)["next"]["custom_id"])).response
    assert [r.rank for r in rows_of(third)] == [21, 22, 23, 24]
    assert page_buttons(third)["next"].get("disabled") is True
    assert "Page 3 of 3" in footer(third)
    check(third)

    back = (await harness.click(page_buttons(third)["previous"]["custom_id"])).response
    assert [r.rank for r in rows_of(back)][0] == 11
    assert len(harness.world.channel_messages(harness.world.channel_id)) == 1  # all in place

    # A restart: a new process on the same database and Discord; the old buttons still work.
    await harness.close()
    restarted = await make_harness(extensions=EXTENSIONS)
    again = await restarted.click(page_buttons(back)["previous"]["custom_id"])
    assert again.response.callback_type == 7
    assert again.response.message_id == message_id
    assert [r.rank for r in rows_of(again.response)][:1] == [1]
    assert page_buttons(again.response)["previous"].get("disabled") is True
    assert "month" in page_buttons(again.response)["next"]["custom_id"]  # period is kept
    check(again.response)


async def test_a_private_leaderboard_pages_privately(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    now = harness.world.now.timestamp()
    for group in groups_of_four(users(harness.world, 12)):
        await record_match(store_of(harness), harness.world.guild_id, group, at=now)

    opened = await harness.slash("standings", {"public": False})
    turned = await harness.click(page_buttons(opened.reply)["next"]["custom_id"])

    assert_ephemeral(opened.reply)
    assert turned.response.callback_type == 7
    assert_ephemeral(turned.response)
    assert [r.rank for r in rows_of(turned.response)] == [11, 12]


async def test_period_filter_counts_matches_by_their_date(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    store, guild = store_of(harness), harness.world.guild_id
    now = harness.world.now.timestamp()
    recent, weeks, months, years = (
        users(harness.world, 4, prefix=p) for p in ("recent", "weeks", "months", "years")
    )
    await record_match(store, guild, recent, at=now - 2 * DAY)
    await record_match(store, guild, weeks, at=now - 20 * DAY)
    await record_match(store, guild, months, at=now - 200 * DAY)
    await record_match(store, guild, years, at=now - 800 * DAY)
    await record_match(store, guild + 1, users(harness.world, 4), at=now)  # another server

    seen: dict[str, set[int]] = {}
    for period in ("week", "month", "year", "all"):
        result = await harness.slash("standings", {"period": period})
        check(result.reply)
        assert t(f"standings.period.{period}") in result.reply.embeds[0]["title"]
        seen[period] = {r.user for r in rows_of(result.reply)}
        if result.reply.buttons():  # 16 players of all time: two pages
            turned = await harness.click(page_buttons(result.reply)["next"]["custom_id"])
            assert f":{period}:" in turned.response.custom_ids()[0]
            seen[period] |= {r.user for r in rows_of(turned.response)}

    assert seen["week"] == set(recent)
    assert seen["month"] == set(recent) | set(weeks)
    assert seen["year"] == set(recent) | set(weeks) | set(months)
    assert seen["all"] == set(recent) | set(weeks) | set(months) | set(years)


async def test_stats_for_yourself_privately_and_for_another_member_publicly(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    world, store = harness.world, store_of(harness)
    me = world.default_user_id
    bob, carl, dirk = users(world, 3)
    now = world.now.timestamp()
    await record_match(store, world.guild_id, [me, bob, carl, dirk], at=now - 1 * DAY)
    await record_match(
        store, world.guild_id, [None, bob, None, me], at=now - 100 * DAY, winner=1,
        scores=(0, 162), roem=(0, 40), nat=True, pit=1,
    )  # fmt: skip

    mine = await harness.slash("stats")
    theirs = await harness.slash("stats", {"player": bob, "period": "week", "public": True})
    humans = await harness.slash("stats", {"humans_only": True})

    reply = mine.reply
    assert reply.callback_type == 4
    assert_ephemeral(reply)
    check(reply)
    [embed] = reply.embeds
    assert embed["description"] == f"<@{me}>"
    assert world.users[me] in embed["title"]
    [all_time, rating, par] = embed["fields"]
    assert par["name"] == "Against par · All time"  # tests/cogs/standings/test_pars.py
    assert rating["name"] == "Rating · season 1"  # tests/cogs/standings/test_ratings.py
    stats = await store.stats.player(world.guild_id, me)
    assert (stats.matches, stats.wins, stats.hands, stats.points) == (2, 2, 2, 282)
    assert "Matches: **2** (2 won, 0 drawn, 0 lost)" in all_time["value"]
    assert "Hands: **2** · 141.0 points per hand" in all_time["value"]
    assert "Nat: 0 (0%" in all_time["value"]
    assert "Pits: 1 · roem: 60" in all_time["value"]
    assert "Matches with computer seats: 1" in all_time["value"]

    public = theirs.reply
    assert_not_ephemeral(public)
    check(public)
    [embed] = public.embeds
    assert embed["description"] == f"<@{bob}>" and world.users[bob] in embed["title"]
    names = [f["name"] for f in embed["fields"]]
    assert names == [
        "At the tables · All time",
        "At the tables · Last 7 days",
        "Rating · season 1",
        "Against par · Last 7 days",
    ]
    week = await store.stats.player(world.guild_id, bob, since=now - 7 * DAY)
    assert (week.matches, week.wins, week.losses) == (1, 0, 1)
    assert "Matches: **1** (0 won, 0 drawn, 1 lost)" in embed["fields"][1]["value"]
    assert "Matches: **2** (1 won, 0 drawn, 1 lost)" in embed["fields"][0]["value"]
    assert "Pits: 1 · roem: 40" in embed["fields"][0]["value"]

    [only_humans, _, _] = humans.reply.embeds[0]["fields"]
    assert "Matches: **1** (1 won, 0 drawn, 0 lost)" in only_humans["value"]
    assert "computer" not in only_humans["value"]
    assert_ephemeral(humans.reply)


async def test_an_empty_server_gets_a_friendly_answer(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    # Statistics of another server (and of DMs) must not leak into this one.
    now = harness.world.now.timestamp()
    await record_match(store_of(harness), None, users(harness.world, 4), at=now)

    board = await harness.slash("standings")
    humans = await harness.slash("standings", {"humans_only": True, "period": "week"})
    stats = await harness.slash("stats")

    assert board.reply.embeds[0]["description"] == t("standings.empty")
    assert board.reply.components == []
    assert_not_ephemeral(board.reply)
    assert humans.reply.embeds[0]["description"] == t("standings.empty.humans")
    assert stats.reply.embeds[0]["fields"][0]["value"] == t("standings.stats.none")
    for call in (board.reply, humans.reply, stats.reply):
        check(call)


@pytest.mark.parametrize("locale", ["en-US", "nl"])
async def test_direct_messages_are_refused_clearly(make_harness: StartHarness, locale: str) -> None:
    harness = await make_harness(extensions=EXTENSIONS)

    for command in ("standings", "stats"):
        result = await harness.slash(command, dm=True, locale=locale)
        assert_ephemeral(result.reply)
        assert result.reply.content == t("standings.err.guild_only", locale)
        check(result.reply)
    assert "server" in t("standings.err.guild_only", "nl")


async def test_dutch_leaderboard_and_statistics(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    now = harness.world.now.timestamp()
    players = users(harness.world, 12)
    for group in groups_of_four(players):
        await record_match(store_of(harness), harness.world.guild_id, group, at=now,
                           scores=(81, 81), winner=None)  # fmt: skip

    board = await harness.slash("standings", {"period": "year"}, locale="nl")
    turned = await harness.click(page_buttons(board.reply)["next"]["custom_id"], locale="nl")
    stats = await harness.slash("stats", {"player": players[0]}, locale="nl")

    [embed] = board.reply.embeds
    assert embed["title"] == "Klaverjasranglijst · Laatste 365 dagen"
    assert "gespeeld 1 · gewonnen 0 · gelijk 1 · 81,0 punten/spel · nat " in embed["description"]
    assert footer(board.reply).startswith("Pagina 1 van 2 · 12 spelers")
    labels = [b["label"] for b in board.reply.buttons()]
    assert labels == ["Vorige", "Volgende"]
    assert [r for r in turned.response.embeds[0]["description"].split("\n") if "**" in r][0] == (
        f"**11.** <@{sorted(players)[10]}>"
    )
    assert footer(turned.response).startswith("Pagina 2 van 2")
    field = stats.reply.embeds[0]["fields"][0]
    assert field["name"] == "Aan tafel · Alle tijden"
    assert "Partijen: **1** (0 gewonnen, 1 gelijk, 0 verloren)" in field["value"]
    assert "81,0 punten per spel" in field["value"]
    assert_ephemeral(stats.reply)
    for call in (board.reply, turned.response, stats.reply):
        check(call)


async def test_crafted_or_stale_page_buttons_are_handled(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    guild = harness.world.guild_id
    now = harness.world.now.timestamp()
    for group in groups_of_four(users(harness.world, 12)):
        await record_match(store_of(harness), guild, group, at=now)
    opened = await harness.slash("standings")
    message = dict(harness.world.messages[opened.reply.message_id or 0])

    def with_button(custom_id: str) -> dict[str, Any]:
        button = {"type": 2, "style": 2, "label": "Next", "custom_id": custom_id}
        return {**message, "components": [{"type": 1, "components": [button]}]}

    far = f"kj:standings:{guild}:all:0:40"  # the board shrank, or a stale page
    clamped = await harness.click(far, message=with_button(far))
    elsewhere = f"kj:standings:{guild + 1}:all:0:0"
    refused = await harness.click(elsewhere, message=with_button(elsewhere))

    assert clamped.response.callback_type == 7
    assert "Page 2 of 2" in footer(clamped.response)
    assert refused.reply.content == t("standings.err.other_guild")
    assert_ephemeral(refused.reply)


async def clicked_on_v2(harness: Harness, custom_id: str) -> Call:
    """Click `custom_id` on a Components V2 message; the answer, which edited that message
    and left it a V2 message."""
    message = harness.world.v2_message_with(custom_id)
    clicked = await harness.click(custom_id, message=message)
    assert clicked.response.callback_type == 7
    shown = harness.world.messages[int(message["id"])]
    assert shown["flags"] & IS_COMPONENTS_V2 and not shown["embeds"]
    assert_within_discord_limits(clicked.response)
    return clicked.response


async def test_a_page_button_on_a_v2_message_draws_the_page_there(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    guild = harness.world.guild_id
    for group in groups_of_four(users(harness.world, 12)):
        await record_match(store_of(harness), guild, group, at=harness.world.now.timestamp())

    shown = await clicked_on_v2(harness, f"kj:standings:{guild}:all:0:1")

    assert "Page 2 of 2" in shown.text()
    assert shown.text().count("<@") == 2  # the board's last two players
    check(shown)


async def test_a_page_button_of_an_unknown_period_is_out_of_date(
    make_harness: StartHarness,
) -> None:
    """A period this version does not know (an old button, a forged id) matches no button:
    the click gets the out-of-date answer instead of Discord's "This interaction failed"."""
    harness = await make_harness(extensions=EXTENSIONS)
    guild = harness.world.guild_id
    old = f"kj:standings:{guild}:decade:0:1"
    button = {"type": 2, "style": 2, "label": "Next", "custom_id": old}
    body = {"components": [{"type": 1, "components": [button]}]}
    message = harness.world.new_message(harness.world.channel_id, body)

    clicked = await harness.click(old, message=message)

    assert clicked.reply.callback_type == 4
    assert clicked.reply.content == t("common.error.stale_button")
    assert_ephemeral(clicked.reply)


@pytest.mark.parametrize("command", ["standings", "stats"])
@pytest.mark.parametrize("locale", ["en-US", "nl"])
async def test_a_period_outside_the_list_is_refused(
    make_harness: StartHarness, command: str, locale: str
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)

    result = await harness.slash(command, {"period": "x" * 300}, locale=locale)

    reply = result.reply
    assert_ephemeral(reply)
    periods = ", ".join(t(f"standings.cmd.choice.{p}", locale) for p in PERIODS)
    value = "x" * 11 + "…"  # not echoed in full
    assert reply.content == t("standings.err.period", locale, value=value, periods=periods)
    assert reply.embeds == []


async def test_commands_are_published_with_dutch_names(make_harness: StartHarness) -> None:
    settings = Settings(discord_token=FAKE_TOKEN, sync_commands=True, dev_guild_id=4242)
    harness = await make_harness(extensions=EXTENSIONS, settings=settings)

    [sync] = harness.rest_calls("PUT", GUILD_COMMANDS)
    commands = {c["name"]: c for c in sync.json}
    standings, stats = commands["standings"], commands["stats"]
    assert standings["name_localizations"]["nl"] == "ranglijst"
    assert stats["name_localizations"]["nl"] == "statistieken"
    options = ["period", "humans_only", "public", "board"]
    assert [o["name"] for o in standings["options"]] == options
    assert [o["name_localizations"]["nl"] for o in standings["options"]] == [
        "periode",
        "alleen_mensen",
        "openbaar",
        "lijst",
    ]
    assert [c["value"] for c in standings["options"][0]["choices"]] == [
        "week",
        "month",
        "year",
        "all",
    ]
    assert standings["options"][0]["choices"][0]["name_localizations"]["nl"] == "laatste 7 dagen"
    assert stats["options"][0]["name_localizations"]["nl"] == "speler"
    for command in (standings, stats):
        assert command["contexts"] == [0]  # guild only, server side too
        names = [command["name"], *command["name_localizations"].values()]
        names += [o["name"] for o in command["options"]]
        names += [n for o in command["options"] for n in o["name_localizations"].values()]
        for name in names:
            assert is_command_name(name), name
        for text in [command["description"], *command["description_localizations"].values()]:
            assert 1 <= len(text) <= 100, text
        for option in command["options"]:
            for text in [option["description"], *option["description_localizations"].values()]:
                assert 1 <= len(text) <= 100, text


def test_the_cog_is_loaded_by_default_after_the_error_handler() -> None:
    assert DEFAULT_EXTENSIONS[0] == "cogs.errors"
    assert "cogs.standings" in DEFAULT_EXTENSIONS


def test_custom_ids_round_trip_and_fit() -> None:
    target = parse_page_custom_id(f"kj:standings:{2**64 - 1}:month:1:999999")
    assert target is not None and target.humans and target.page == 999_999
    assert len(page_custom_id(target)) <= 100
    assert page_custom_id(target) == f"kj:standings:{2**64 - 1}:month:1:999999"
    assert parse_page_custom_id("kj:standings:1:decade:0:0") is None


async def test_a_failing_page_click_still_gets_an_answer_with_an_error_code(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    now = harness.world.now.timestamp()
    for group in groups_of_four(users(harness.world, 12)):
        await record_match(store_of(harness), harness.world.guild_id, group, at=now)
    opened = await harness.slash("standings")

    async def broken(*args: object, **kwargs: object) -> int:
        raise RuntimeError("database is locked")

    monkeypatch.setattr(store_of(harness).stats, "count_players", broken)
    clicked = await harness.click(page_buttons(opened.reply)["next"]["custom_id"])

    assert_ephemeral(clicked.reply)
    assert re.search(r"`[0-9a-f]{8}`", clicked.reply.content)
