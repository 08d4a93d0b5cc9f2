"""Quiet, linked channels, through Discord: a night of bot tables posts one short line per
finished table and edits its one standings message in place; the round plan mentions the
players in its text and adds each to their table's thread; league tables are titled with
league, night, round and table and end with a link to the night's standings; /night close
posts the final ranking as rows a phone shows without wrapping, with the standings picture
attached."""

from __future__ import annotations

import io
import re
from typing import Any

from PIL import Image

from cogs.common.text import text_width
from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.league.test_league_export import attachments
from tests.cogs.tables.tables_kit import StartHarness, message_text
from tests.harness.limits import assert_within_discord_limits
from tests.harness.world import CHANNEL_MESSAGE, CHANNEL_MESSAGES, GUILD_ID, THREAD_MEMBER

WIDTH = 36  # the columns of a monospaced block a phone 400 px wide shows
BLOCK = re.compile(r"```\n(.*?)\n```", re.DOTALL)


def standings_posts(kit: LeagueKit) -> list[dict[str, Any]]:
    """The channel's messages that show the night's standings, live or final."""
    titles = ("standings so far", "final ranking")
    return [m for m in kit.channel_messages() if any(t in message_text(m) for t in titles)]


def block_lines(message: dict[str, Any]) -> list[str]:
    [block] = BLOCK.findall(message_text(message))
    return str(block).splitlines()


async def test_a_night_posts_one_line_a_table_and_edits_one_standings_message(
    make_harness: StartHarness,
) -> None:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    players = [kit.world.add_user(f"player{i}") for i in range(5)]  # one bye a round
    await kit.organiser("league create", boss, name="Dinsdag", hands=1, rounds=2)
    await kit.organiser("night open", boss)
    for user in players:
        await kit.player("league join", user)

    await kit.organiser("night start", boss)
    [draw] = await kit.leagues.draws(1)
    links = await kit.leagues.round_tables(1)
    standings = await kit.standings()
    guild, channel = GUILD_ID, kit.world.channel_id
    link = f"https://discord.com/channels/{guild}/{channel}/{standings['id']}"
    # The plan: its text mentions every player drawn, and Discord is told to notify them.
    [plan_call] = [c for c in kit.harness.rest_calls("POST") if "round 1**" in c.content]
    assert plan_call.embeds == []
    for user in (*draw.tables[0].seats, *draw.byes):
        assert f"<@{user}>" in plan_call.content
    assert plan_call.json["allowed_mentions"]["parse"] == ["users"]
    # The table's thread: its players added, its name and its table titled with its place.
    thread = kit.service.get(links[(1, 0)]).channel_id
    assert kit.world.thread_members[thread] == set(draw.tables[0].seats)
    added = kit.harness.rest_calls("PUT", THREAD_MEMBER)
    assert len(added) == 4
    assert kit.world.channels[thread]["name"] == "Dinsdag · night 1 · round 1 · table 1"
    [table_message] = kit.world.channel_messages(thread)
    heading = message_text(table_message).splitlines()[0]
    assert heading == "-# Dinsdag · night 1 · round 1 · table 1 · hand 1 of 1"  # in play

    await kit.play_round(1, 1)
    finished = kit.world.messages[int(table_message["id"])]
    end = message_text(finished)
    assert f"[see the standings]({link})" in end and "/table open" not in end
    line = kit.channel_texts()[-1]
    assert line.startswith("Round 1, table 1:") and f"[standings]({link})" in line
    assert "Round 1 is complete" in line

    await kit.organiser("night next", boss)
    await kit.play_round(1, 2)
    second = kit.service.get((await kit.leagues.round_tables(1))[(2, 0)]).channel_id
    assert kit.world.channels[second]["name"] == "Dinsdag · night 1 · round 2 · table 1"
    closed = await kit.organiser("night close", boss)
    assert "is closed" in closed.replies[-1].text()

    # One standings message all night, edited after every result, and the close post.
    standings = await kit.standings()
    final_post, season_post = kit.channel_messages()[-2:]
    assert [m["id"] for m in standings_posts(kit)] == [standings["id"], final_post["id"]]
    path_posts = kit.harness.rest_calls("POST", CHANNEL_MESSAGES)
    assert sum("standings so far" in c.text() for c in path_posts) == 1
    edits = [
        c
        for c in kit.harness.rest_calls("PATCH", CHANNEL_MESSAGE)
        if c.message_id == int(standings["id"])
    ]
    assert len(edits) >= 3  # round 2's plan, each table's result, the close
    assert "final ranking" in message_text(standings)
    # One short line per finished table; the night's other messages are its steps.
    results = [t for t in kit.channel_texts() if t.startswith("Round ")]
    assert len(results) == 2
    assert len(kit.channel_messages()) == 9  # check-in x2, standings, plan x2, results x2, close x2

    # The close: phone-width rows (every one of the five players), the picture attached.
    lines = block_lines(final_post)
    assert all(text_width(line) <= WIDTH for line in lines), lines
    assert sum(bool(re.match(r" *\d+ player\d", line)) for line in lines) == 5
    assert any("bye 1x (+" in line for line in lines)  # each player sat out once
    [close_call] = [c for c in path_posts if c.message_id == int(final_post["id"])]
    files = attachments(close_call)
    assert list(files) == ["dinsdag-night-1-standings.png"]
    with Image.open(io.BytesIO(files["dinsdag-night-1-standings.png"])) as picture:
        assert picture.format == "PNG" and picture.size[0] > 300
    assert final_post["attachments"][0]["filename"] == "dinsdag-night-1-standings.png"
    assert "season table" in message_text(season_post)
    for call in [*path_posts, *kit.harness.rest_calls("PATCH", CHANNEL_MESSAGE)]:
        assert_within_discord_limits(call)
