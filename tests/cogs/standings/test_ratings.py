"""Ratings through the offline harness: `/standings board:rating`, the rating in `/stats`,
and an organiser's `/reset-ratings` with its confirmation, on results the store really
holds (matches played through the table service, or written as the service writes them).
Numbers are parsed back out of the messages and compared with the ratings service."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
import pytest

from bot.league.settings import LeagueSettings, Organisers
from bot.ratings import RatingService
from bot.store import Store
from bot.texts.catalog import t
from cogs.standings.ui_ratings import new_season_custom_id, parse_rating_page
from tests.backends import fetch
from tests.cogs.standings.test_standings import clicked_on_v2, play_match, users
from tests.harness.harness import Harness
from tests.harness.limits import (
    assert_ephemeral,
    assert_not_ephemeral,
    assert_within_discord_limits,
)
from tests.harness.payloads import DEFAULT_MEMBER_PERMISSIONS
from tests.harness.recorder import Call
from tests.ratings.kit import ORGANISER, record_match

StartHarness = Callable[..., Awaitable[Harness]]
EXTENSIONS = ("cogs.errors", "cogs.standings")
MANAGER = DEFAULT_MEMBER_PERMISSIONS | discord.Permissions(manage_guild=True)
ROW = re.compile(
    r"\*\*(?P<place>\d+)\.\*\* <@(?P<user>\d+)>\n(?P<rating>[\d,]+)\xa0±\xa0(?P<spread>[\d,]+)"
    r" · (?P<matches>\d+) match(?:es)?"
)
NEWCOMER = "1,500\xa0±\xa0350"  # a rating's parts stay on one line on a phone


@dataclass(frozen=True)
class Row:
    place: int
    user: int
    rating: int
    spread: int
    matches: int


def rows_of(call: Call) -> list[Row]:
    [embed] = call.embeds
    return rows_in(embed.get("description") or "")


def rows_in(text: str) -> list[Row]:
    """The board's rows a text shows."""
    return [
        Row(
            int(m["place"]),
            int(m["user"]),
            int(m["rating"].replace(",", "")),
            int(m["spread"].replace(",", "")),
            int(m["matches"]),
        )  # fmt: skip
        for m in ROW.finditer(text)
    ]


def service(harness: Harness) -> RatingService:
    return harness.bot.services.ratings


def store_of(harness: Harness) -> Store:
    return harness.bot.services.store


def check(call: Call) -> None:
    assert_within_discord_limits(call)
    for custom_id in call.custom_ids():
        assert len(custom_id) <= 100


async def expected_rows(harness: Harness) -> list[Row]:
    page = await service(harness).board(harness.world.guild_id, 0, 100)
    return [Row(r.place, r.user_id, r.rating, r.spread, r.games) for r in page.rows]


async def test_the_rating_board_shows_played_matches_computers_as_fixed_seats(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    anna, bob, carl, dirk, eva = users(harness.world, 5)
    await play_match(harness, [anna, bob, carl, dirk])
    await play_match(harness, [anna, None, eva, None])

    result = await harness.slash("standings", {"board": "rating"})

    reply = result.reply
    assert reply.callback_type == 4
    assert_not_ephemeral(reply)
    check(reply)
    rows = rows_of(reply)
    assert rows == await expected_rows(harness)
    assert {r.user for r in rows} == {anna, bob, carl, dirk, eva}  # no computer is rated
    assert {r.user: r.matches for r in rows} == {anna: 2, bob: 1, carl: 1, dirk: 1, eva: 1}
    assert [r.place for r in rows] == [1, 2, 3, 4, 5]
    assert all(r.spread < 350 and r.rating != 1500 for r in rows)
    [embed] = reply.embeds
    assert embed["title"] == "Klaverjas ratings · season 1"
    assert f"A newcomer starts at {NEWCOMER}" in embed["description"]
    assert embed["footer"]["text"] == (
        "Page 1 of 1 · 5 players · ranked by rating less twice its ±"
    )
    assert reply.buttons() == []


async def three_pages(harness: Harness) -> list[Row]:
    """24 rated players (three pages of the board); the board's rows."""
    players = users(harness.world, 24)
    now = harness.world.now.timestamp()
    for n in range(0, 24, 4):
        group = players[n : n + 4]
        await record_match(store_of(harness), harness.world.guild_id, group, at=now + n)
    return await expected_rows(harness)


async def test_the_board_reads_in_the_players_language_and_pages_in_place(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    expected = await three_pages(harness)

    dutch = await harness.slash("standings", {"board": "rating", "public": False}, locale="nl")
    assert_ephemeral(dutch.reply)
    [embed] = dutch.reply.embeds
    assert embed["title"] == "Klaverjasratings · seizoen 1"
    assert "1.500\xa0±\xa0350" in embed["description"]  # Babel: the Dutch thousands separator
    assert "Pagina 1 van 3 · 24 spelers" in embed["footer"]["text"]

    opened = await harness.slash("standings", {"board": "rating"})
    first = opened.reply
    buttons = first.buttons()
    assert [parse_rating_page(b["custom_id"]) for b in buttons] == [
        parse_rating_page(f"kj:ratings:{harness.world.guild_id}:0"),
        parse_rating_page(f"kj:ratings:{harness.world.guild_id}:1"),
    ]
    assert buttons[0].get("disabled") is True
    assert rows_of(first) == expected[:10]
    check(first)

    second = (await harness.click(buttons[1]["custom_id"])).response
    assert second.callback_type == 7 and second.message_id == first.message_id
    assert rows_of(second) == expected[10:20]
    check(second)

    # A restart: the old buttons still work, and show the board as it is now.
    await harness.close()
    restarted = await make_harness(extensions=EXTENSIONS)
    third = await restarted.click(second.buttons()[1]["custom_id"])
    assert third.response.callback_type == 7
    assert rows_of(third.response) == expected[20:]
    assert third.response.buttons()[1].get("disabled") is True


async def test_a_ratings_page_button_on_a_v2_message_draws_the_page_there(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    expected = await three_pages(harness)

    shown = await clicked_on_v2(harness, f"kj:ratings:{harness.world.guild_id}:1")

    assert rows_in(shown.text()) == expected[10:20]
    check(shown)


def carrying(harness: Harness, custom_id: str) -> dict[str, Any]:
    """A message in the channel carrying one button (as a forged or copied id would)."""
    button = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
    body = {"components": [{"type": 1, "components": [button]}]}
    return harness.world.new_message(harness.world.channel_id, body)


@pytest.mark.parametrize("custom_id", ["kj:ratings:{other}:0", "kj:ratings:season:{other}:1"])
async def test_a_button_of_another_server_is_refused(
    make_harness: StartHarness, custom_id: str
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    forged = custom_id.format(other=harness.world.guild_id + 1)
    clicked = await harness.click(forged, message=carrying(harness, forged), permissions=MANAGER)
    reply = clicked.reply
    assert_ephemeral(reply)
    assert reply.content == t("standings.err.other_guild")


async def test_stats_show_the_players_own_rating(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    me = harness.world.default_user_id
    bob, carl, dirk, eva = users(harness.world, 4)
    now = harness.world.now.timestamp()
    await record_match(store_of(harness), harness.world.guild_id, [me, bob, carl, dirk], at=now)

    mine = await harness.slash("stats")
    theirs = await harness.slash("stats", {"player": eva}, locale="it")

    [embed] = mine.reply.embeds
    rating = embed["fields"][-2]  # the last is against par (tests/cogs/standings/test_pars.py)
    found = await service(harness).player(harness.world.guild_id, me)
    assert found.player is not None
    assert rating["name"] == "Rating · season 1"
    assert rating["value"] == (
        f"**{found.player.rating:,}** (give or take {found.player.spread})"
        f" · number {found.player.place} of 4\n"
        "from 1 match this season, at tables and in league rounds"
    )
    check(mine.reply)
    none = theirs.reply.embeds[0]["fields"][-2]
    assert none["name"] == "Rating · stagione 1"
    assert none["value"] == t("standings.stats.rating.none", "it", start="1.500")


async def test_an_organiser_starts_a_new_season_and_a_second_click_changes_nothing(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    world = harness.world
    organiser, other, anna, bob, carl, dirk = users(world, 6)
    now = world.now.timestamp()
    await record_match(store_of(harness), world.guild_id, [anna, bob, carl, dirk], at=now)
    board = rows_of((await harness.slash("standings", {"board": "rating"})).reply)

    asked = await harness.slash("reset-ratings", user=organiser, permissions=MANAGER)
    late = (await harness.slash("reset-ratings", user=other, permissions=MANAGER)).reply
    prompt = asked.reply
    assert_ephemeral(prompt)
    check(prompt)
    assert f"Start rating season 2? Every player starts again at {NEWCOMER}" in prompt.content
    [button] = prompt.buttons()
    assert button["custom_id"] == new_season_custom_id(world.guild_id, 1)
    assert button["label"] == "Start season 2"
    assert (await service(harness).season(world.guild_id)).number == 1  # nothing yet

    clicked = await harness.click(
        button["custom_id"], message=prompt.message_id, user=organiser, permissions=MANAGER
    )
    done = clicked.response
    assert done.callback_type == 7 and done.content == "Rating season 2 has begun."
    assert done.buttons() == []
    [announced] = [c for c in clicked.replies if c is not done]
    assert_not_ephemeral(announced)
    assert announced.content == (
        f"<@{organiser}> began rating season 2: every player starts again at {NEWCOMER}."
    )
    rows = await fetch(store_of(harness), "SELECT season, actor FROM rating_seasons")
    assert rows == [(2, organiser)]
    after = (await harness.slash("standings", {"board": "rating"})).reply
    assert after.embeds[0]["title"] == "Klaverjas ratings · season 2"
    assert after.embeds[0]["description"] == t("standings.rating.empty")
    assert board  # season 1 had a board

    # Another organiser's prompt, asked before the season began, offers season 2 too.
    again = await harness.click(
        button["custom_id"], message=late.message_id, user=other, permissions=MANAGER
    )
    assert_ephemeral(again.reply)
    assert again.reply.content == t("standings.err.season_changed", season=2)
    assert await fetch(store_of(harness), "SELECT COUNT(*) FROM rating_seasons") == [(1,)]


@pytest.mark.parametrize("how", ["command", "click"])
async def test_no_one_else_starts_a_season(make_harness: StartHarness, how: str) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    world = harness.world
    [player] = users(world, 1)
    if how == "command":
        result = await harness.slash("reset-ratings", user=player)
    else:  # a forged confirmation
        custom_id = new_season_custom_id(world.guild_id, 1)
        result = await harness.click(custom_id, message=carrying(harness, custom_id), user=player)
    assert_ephemeral(result.reply)
    assert result.reply.content == t("standings.err.not_organiser")
    assert result.reply.buttons() == []
    assert await fetch(store_of(harness), "SELECT COUNT(*) FROM rating_seasons") == [(0,)]


async def test_a_league_organiser_may_start_a_season_without_managing_the_server(
    make_harness: StartHarness,
) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    world = harness.world
    [organiser] = users(world, 1)
    settings = LeagueSettings("Thursday", Organisers(user_ids=(organiser,)))
    await harness.bot.services.leagues.create_league(world.guild_id, settings, ORGANISER)

    asked = await harness.slash("reset-ratings", user=organiser, locale="es-ES")
    [button] = asked.reply.buttons()
    assert button["label"] == "Empezar la temporada 2"
    clicked = await harness.click(button["custom_id"], user=organiser, locale="es-ES")
    assert clicked.response.content == "Ha empezado la temporada de valoraciones 2."
    assert (await service(harness).season(world.guild_id)).number == 2


async def test_a_board_outside_the_list_is_refused(make_harness: StartHarness) -> None:
    harness = await make_harness(extensions=EXTENSIONS)
    result = await harness.slash("standings", {"board": "x" * 300}, locale="nl")
    reply = result.reply
    assert_ephemeral(reply)
    value = "x" * 11 + "…"
    boards = "gewonnen partijen, rating"
    assert reply.content == t("standings.err.board", "nl", value=value, boards=boards)
