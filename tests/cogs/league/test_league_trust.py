"""Results a club can trust, through Discord: a player's entry asks the opponent they name
to confirm with a button (stale clicks and anyone else refused), organisers confirm,
void and restore; /league history shows each step. Every refusal leaves the store as
it was."""

from __future__ import annotations

import json
from typing import Any

from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.league.test_league_entry import face_to_face_round
from tests.cogs.tables.tables_kit import StartHarness
from tests.harness.limits import assert_ephemeral


async def face_to_face(kit: LeagueKit) -> tuple[int, tuple[int, ...]]:
    """A 2-hand round of four players, drawn face to face (test_league_entry.py's)."""
    boss, _, seats = await face_to_face_round(kit)
    return boss, seats


async def unchanged(kit: LeagueKit, expected: str, act: Any) -> None:
    """`act()` answers `expected` privately and changes nothing stored."""
    before = await kit.leagues.store.leagues.night_rows(1)
    answer = await act()
    assert_ephemeral(answer.response)
    assert expected in answer.response.text(), answer.response.text()
    assert await kit.leagues.store.leagues.night_rows(1) == before


async def settled(kit: LeagueKit, expected: str, act: Any) -> None:
    """`act()`, a click on a Confirm button whose result is settled, takes the button off
    its message, answers `expected` privately and changes nothing stored."""
    before = await kit.leagues.store.leagues.night_rows(1)
    answer = await act()
    assert answer.response.callback_type == 7 and answer.response.buttons() == []
    assert_ephemeral(answer.replies[-1])
    assert expected in answer.replies[-1].text(), answer.replies[-1].text()
    assert await kit.leagues.store.leagues.night_rows(1) == before


async def test_the_named_opponent_confirms_with_a_button(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss, (a, b, c, _) = await face_to_face(kit)
    await kit.player("night enter", a, round=1, table=1, lines="1 100 62; 2 90 72", confirmed_by=b)
    [ask] = [m for m in kit.channel_messages() if "please confirm" in str(m.get("content"))]
    ask = json.loads(json.dumps(ask))  # as a client that has not reloaded still shows it
    assert f"<@{b}>, please confirm this result" in ask["content"]
    [sent] = [c for c in kit.harness.rest_calls("POST") if "please confirm" in str(c.json)]
    assert sent.json["allowed_mentions"]["users"] == [b]  # the opponent is notified
    standings = await kit.standings_text()
    assert standings.count("(not confirmed yet)") == 4  # the table's four players
    status = (await kit.player("night status", c)).response.text()
    assert status.count("(not confirmed yet)") == 4  # the table's four players
    history = (await kit.player("league history", c)).response.text()
    assert "**Entered** round 1 table 1" in history
    assert f"(<@{b}> asked to confirm) · not confirmed yet" in history

    button = "kj:league:ok:1:1:0:1"

    def click(user: int) -> Any:
        return kit.harness.click(button, message=ask, user=user)

    await unchanged(kit, f"Only <@{b}>, the opponent asked", lambda: click(c))
    confirmed = await click(b)
    await kit.flush()
    assert confirmed.response.callback_type == 7  # the request itself now says who confirmed
    assert f"Confirmed by <@{b}>" in confirmed.response.text()
    assert confirmed.response.buttons() == []
    assert not (await kit.leagues.view(1)).unconfirmed
    assert "not confirmed" not in await kit.standings_text()  # the marks go with the click
    await settled(kit, "is confirmed already", lambda: click(boss))
    history = (await kit.player("league history", c)).response.text()
    assert f"**Confirmed** round 1 table 1 by <@{b}>" in history
    assert "not confirmed yet" not in history
    await kit.organiser("night void", boss, round=1, table=1, reason="wrong table")
    await settled(kit, "has changed since this message", lambda: click(b))


async def test_an_organiser_confirms_voids_and_restores(make_harness: StartHarness) -> None:
    kit = await start_league(make_harness)
    boss, (a, b, c, _) = await face_to_face(kit)
    await kit.player("night enter", a, round=1, table=1, totals="200 124", hands=2, confirmed_by=b)
    await unchanged(
        kit, "the opponent asked", lambda: kit.player("night confirm", c, round=1, table=1)
    )
    [ask] = [m for m in kit.channel_messages() if "please confirm" in str(m.get("content"))]
    ask = json.loads(json.dumps(ask))  # the request as a client still shows it
    ok = await kit.organiser("night confirm", boss, round=1, table=1)
    assert f"Confirmed by <@{boss}>" in ok.response.text()
    # The command takes the request's button off, before it answers: the channel's
    # message says who confirmed it.
    [now] = [m for m in kit.channel_messages() if m["id"] == ask["id"]]
    assert f"Confirmed by <@{boss}>" in now["content"] and not now.get("components")
    edits = kit.harness.rest_calls("PATCH", "/channels/{channel_id}/messages/{message_id}")
    [edit] = [call for call in edits if call.url.endswith(f"/messages/{ask['id']}")]
    assert edit.seq < ok.response.seq and edit.json["components"] == []
    # A client still showing the button: its click is told, and takes the button off too.

    def late() -> Any:
        return kit.harness.click("kj:league:ok:1:1:0:1", message=ask, user=b)

    await settled(kit, "is confirmed already", late)

    await kit.organiser("night void", boss, round=1, table=1, reason="wrong sheet")
    enter = {"round": 1, "table": 1, "totals": "200 124", "hands": 2, "confirmed_by": b}
    await unchanged(
        kit, "an organiser can restore it", lambda: kit.player("night enter", a, **enter)
    )
    fix = {"round": 1, "table": 1, "totals": "150 174", "hands": 2, "reason": "x"}
    await unchanged(kit, "is void", lambda: kit.organiser("night correct", boss, **fix))
    restore = {"round": 1, "table": 1, "reason": "the right sheet after all"}
    await unchanged(kit, "Only the league's", lambda: kit.player("night restore", a, **restore))
    back = await kit.organiser("night restore", boss, **restore)
    assert "Correction saved" in back.response.text() and "200" in back.response.text()
    assert not (await kit.leagues.results(1))[(1, 0)].void
    await unchanged(kit, "is not void", lambda: kit.organiser("night restore", boss, **restore))
    await kit.organiser("night void", boss, round=1, table=1, reason="again")
    again = await kit.organiser("night enter", boss, round=1, table=1, totals="180 144", hands=2)
    assert "Result saved" in again.response.text()
    await kit.organiser("night penalty", boss, player=c, points=-30, reason="late")

    history = (await kit.player("league history", c)).response.text()
    for seen in (
        f"**Entered** round 1 table 1 by <@{a}>: - → 200-124",
        f"**Confirmed** round 1 table 1 by <@{boss}>: 200-124",
        f"**Table voided** round 1 table 1 by <@{boss}>: 200-124 → void. Reason: wrong sheet",
        "**Table restored** round 1 table 1",
        "void → 200-124. Reason: the right sheet after all",
        f"**Entered** round 1 table 1 by <@{boss}>: void → 180-144",
        f"**Adjustment** <@{c}> -30 points by <@{boss}>. Reason: late",
    ):
        assert seen in history, seen
    assert "0-0" not in history
