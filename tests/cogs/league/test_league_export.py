"""/league export: a played night's four files (three CSVs and the picture) and the season's
two, as attachments any member gets; the CSVs agree with the standings, the PNG opens."""

from __future__ import annotations

import csv
import io

from PIL import Image

from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.tables.tables_kit import StartHarness
from tests.harness.limits import EPHEMERAL, assert_ephemeral
from tests.harness.recorder import Call
from tests.harness.world import GUILD_MEMBER


async def played_night(make_harness: StartHarness) -> tuple[LeagueKit, int, list[int]]:
    kit = await start_league(make_harness)
    boss = kit.world.add_user("boss")
    players = [kit.world.add_user(f"player{i}") for i in range(5)]  # one bye
    await kit.organiser("league create", boss, name="Dinsdag Avond", hands=1, rounds=1)
    await kit.organiser("night open", boss)
    for user in players:
        await kit.harness.click("kj:league:in:1:0", user=user)
    await kit.organiser("night start", boss)
    await kit.play_round(1, 1)
    return kit, boss, players


def attachments(call: Call) -> dict[str, bytes]:
    return dict(zip(call.files, call.file_data, strict=True))


def rows(data: bytes) -> list[dict[str, str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # the byte-order mark a spreadsheet needs
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


async def test_a_member_exports_the_night_and_the_season(make_harness: StartHarness) -> None:
    kit, boss, players = await played_night(make_harness)
    await kit.organiser("night close", boss)
    answer = await kit.player("league export", players[0], night=1, season=True)
    reply = answer.replies[-1]
    assert int(reply.json.get("flags") or 0) & EPHEMERAL
    files = attachments(reply)
    stem = "dinsdag-avond-night-1"
    assert list(files) == [
        f"{stem}-ranking.csv",
        f"{stem}-results.csv",
        f"{stem}-sheet.csv",
        f"{stem}-standings.png",
        "dinsdag-avond-season.csv",
        "dinsdag-avond-season-standings.png",
    ]
    standings = await kit.leagues.night_standings(1)
    ranking = rows(files[f"{stem}-ranking.csv"])
    expected = [(r.place, r.user_id, r.points, r.byes) for r in standings]
    got = [(int(r["place"]), int(r["user_id"]), int(r["points"]), int(r["byes"])) for r in ranking]
    assert got == expected and len(got) == 5
    names = {int(r["user_id"]): r["name"] for r in ranking}
    assert names == {user: f"player{i}" for i, user in enumerate(players)}
    [table] = rows(files[f"{stem}-results.csv"])
    assert (table["round"], table["table"], table["status"], table["source"]) == (
        "1",
        "1",
        "counted",
        "bot",
    )
    assert len(rows(files[f"{stem}-sheet.csv"])) == 1  # one hand a round
    season = rows(files["dinsdag-avond-season.csv"])
    assert {int(r["user_id"]): int(r["total"]) for r in season} == {
        r.user_id: r.points for r in standings
    }
    for name in (f"{stem}-standings.png", "dinsdag-avond-season-standings.png"):
        with Image.open(io.BytesIO(files[name])) as image:
            assert image.format == "PNG" and image.size[0] > 100


async def test_export_defaults_public_and_refusals(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss, player = kit.world.add_user("boss"), kit.world.add_user("player")
    await kit.organiser("league create", boss, name="Dinsdag")
    empty = await kit.player("league export", player)
    assert_ephemeral(empty.response)
    assert "no nights yet" in empty.response.text()
    missing = await kit.player("league export", player, night=4)
    assert "has no night 4" in missing.response.text()

    await kit.organiser("night open", boss)  # not closed: the open night is exported
    shown = await kit.player("league export", player, public=True)
    reply = shown.replies[-1]
    assert not int(reply.json.get("flags") or 0) & EPHEMERAL
    assert "night 1" in reply.text() and len(reply.files) == 4
    assert rows(attachments(reply)["dinsdag-night-1-ranking.csv"]) == []
    season = await kit.player("league export", player, season=True)
    assert season.replies[-1].files == ["dinsdag-season.csv", "dinsdag-season-standings.png"]


async def test_names_the_process_never_saw_are_fetched_from_discord(
    make_harness: StartHarness,
) -> None:
    """After a restart the bot has no member list (no members intent) and has seen nobody:
    the export asks Discord for each player; one who left the server stays an id."""
    kit, boss, players = await played_night(make_harness)
    await kit.organiser("night close", boss)
    kit.league_cog.actions.messages.names.clear()  # as after a restart
    gone = players[4]
    del kit.world.users[gone]  # left the server
    answer = await kit.player("league export", boss, night=1)
    ranking = rows(attachments(answer.replies[-1])["dinsdag-avond-night-1-ranking.csv"])
    names = {int(r["user_id"]): r["name"] for r in ranking}
    expected = {user: f"player{i}" for i, user in enumerate(players[:4])}
    assert names == {**expected, gone: str(gone)}
    assert len(kit.harness.rest_calls("GET", GUILD_MEMBER)) == len(players)  # one each
