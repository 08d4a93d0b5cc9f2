"""/night enter and /night correct with numbers no game produces, typed signs and number
signs: each is answered with the line and the rule in the user's language, and the league's
tables are left exactly as they were."""

from __future__ import annotations

from typing import Any

from tests.backends import fetch
from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.league.test_league_entry import face_to_face_round
from tests.cogs.tables.tables_kit import StartHarness
from tests.harness.limits import assert_ephemeral
from tests.league.test_entry_checks import LEAGUE_TABLES


async def rows(kit: LeagueKit) -> dict[str, list[tuple[Any, ...]]]:
    store = kit.leagues.store
    return {t: sorted(await fetch(store, f"SELECT * FROM {t}"), key=repr) for t in LEAGUE_TABLES}


async def answered(kit: LeagueKit, user: int, command: str, expected: str, **options: Any) -> None:
    before = await rows(kit)
    result = await kit.player(command, user, round=1, table=1, **options)
    assert_ephemeral(result.response)
    assert expected in result.response.text(), result.response.text()
    assert await rows(kit) == before


async def test_impossible_lines_and_typed_signs_are_answered(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss, _, _ = await face_to_face_round(kit)
    enter = "night enter"
    await answered(kit, boss, enter, "Line 1: pair 1 cannot have 10 roem", lines="1 100 62 10 0")
    await answered(
        kit, boss, enter, "Line 2: pair 2 cannot have 5000 roem", lines="1 100 62; 1 100 62 0 5000"
    )
    await answered(kit, boss, enter, "card points 1 / 161", lines="1 1 161; 1 100 62")
    await answered(
        kit,
        boss,
        enter,
        "cannot have roem 100 with card points 0",
        lines="1 162 0 0 100 nopit; 1 100 62",
    )
    await answered(
        kit,
        boss,
        enter,
        'Line 2 is unreadable: "1 10² 62". “10²” is not a plain number',
        lines="1 100 62; 1 10² 62",
    )
    await answered(
        kit,
        boss,
        enter,
        'Line 1 is unreadable: "1 -10 172". “-10” has a minus sign',
        lines="1 -10 172",
    )
    await answered(
        kit,
        boss,
        enter,
        "“-62”: points and roem are written without a minus",
        totals="-62 100",
        hands=2,
    )
    await answered(kit, boss, enter, "cannot come from 2 hands", totals="263 162", hands=2)
    entered = await kit.organiser(enter, boss, round=1, table=1, lines="1 162 0 nopit; 2 100 62")
    assert "Result saved" in entered.response.text()
    [result] = (await kit.leagues.results(1)).values()
    assert result.totals == (162 + 162, 0)  # no pit: no bonus; line 2: pair 2 nat
    correct = "night correct"
    await answered(
        kit, boss, correct, "Line 2: no set of cards", line=2, entry="1 161 1", reason="typo"
    )
    await answered(kit, boss, correct, "Out of range", totals="100000000 0", hands=2, reason="typo")
    fixed = await kit.organiser(
        correct, boss, round=1, table=1, line=1, entry="1 162 0 pit", reason="a pit"
    )
    assert "Correction saved" in fixed.response.text()
