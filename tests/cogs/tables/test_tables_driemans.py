"""A three-seat table (three-player Klaverjas) by clicks, from `/table open preset:driemans`
with one person and two computers, through the bidding, the person's exchange as solo and
play, to the final sheet with a column per player; and a restart in the middle of a hand."""

from __future__ import annotations

import re

import pytest

from bot.engine import DriemansLine, DriemansMatch, DriemansPhase
from bot.engine.games import replay
from bot.tables import Status
from cogs.common.text import text_width
from cogs.tables.ui_sheet import SHEET_WIDTH
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    drawn_earlier,
    enabled,
    message_text,
    sheet_block,
    start,
)
from tests.cogs.tables.test_tables_match import shows_its_picture
from tests.harness.limits import assert_ephemeral
from tests.harness.recorder import Dispatch

ENGINE_ACTIONS = {"trump", "pass", "play", "claim", "finish", "discard"}
# A hand's row of the three-seat sheet: number, trump, three scores (* the solo's), flag.
THREE_ROW = re.compile(r"^ *(\d+) ([♣♦♥♠]) +(\*?)(\d+) +(\*?)(\d+) +(\*?)(\d+)(?: (\S+))?$")


async def open_three(kit: Kit) -> tuple[int, int]:
    """`/table open preset:driemans hands:8` by anna, who sits; Start with computers:
    (table, anna). The lobby offers three seats."""
    anna = kit.world.add_user("anna")
    t = await kit.open(anna, preset="driemans", hands=8)
    lobby = kit.public(t)
    assert enabled(lobby["components"], "kj:sit:") == [f"kj:sit:{t}:1", f"kj:sit:{t}:2"]
    text = message_text(lobby)
    assert "driemans" in text and "normal" in text.lower()
    bob = kit.world.add_user("bob")
    fourth = await kit.harness.slash("table join", {"seat": 4}, user=bob)
    assert fourth.reply.content == "There is no seat 4: choose 1 to 3."
    await kit.click(f"kj:fill:{t}", anna)
    assert kit.table(t).status == Status.PLAYING and len(kit.table(t).seats) == 3
    hint = await kit.harness.slash("hint", user=anna)
    assert "for the four-player game only" in hint.replies[-1].text()
    return t, anna


def driemans_match(kit: Kit, t: int) -> DriemansMatch:
    match = kit.table(t).match
    assert isinstance(match, DriemansMatch)
    return match


async def act(kit: Kit, t: int) -> Dispatch:
    """The waiting person decides by clicks on their hand: plays (the first suit) when
    bidding, lays down the first two cards chosen one by one, or plays a legal card."""
    found = kit.to_act(t)
    assert found is not None, "no human to act"
    _, user = found
    hand = await kit.hand(t, user)
    picks = enabled(hand.components, "kj:pick:")
    if picks:
        assert "Choose two cards to lay down" in hand.text()
        assert not enabled(hand.components, "kj:lay:")  # nothing chosen yet
        first = await kit.click(picks[0], user, message=hand.message_id)
        assert_ephemeral(first.response)
        chosen = first.response.components
        second = [c for c in enabled(chosen, "kj:pick:") if len(c.rsplit(":", 1)[1]) == 4]
        again = await kit.click(second[0], user, message=hand.message_id)
        [lay] = enabled(again.response.components, "kj:lay:")
        assert "✓" in again.response.text() or "To lay down" in again.response.text()
        laid = await kit.click(lay, user, message=hand.message_id)
        assert "You laid down" in laid.response.text()
        for old in (picks[1], lay):  # a button of the exchange, clicked once it is over
            earlier = drawn_earlier(laid.response.message or {}, old)  # a stale client's
            stale = await kit.click(old, user, message=earlier)
            assert "The table moved on since this was shown" in stale.response.text()
            assert_ephemeral(stale.response)
        return laid
    options = [*enabled(hand.components, "kj:card:"), *enabled(hand.components, "kj:trump:")]
    assert options, f"nothing to click in {hand.text()}"
    return await kit.click(options[0], user, message=hand.message_id)


async def test_a_three_seat_match_by_clicks_to_its_final_sheet(
    make_harness: StartHarness,
) -> None:
    kit = await start(make_harness)
    t, anna = await open_three(kit)
    laid_down = 0
    saw_bid = saw_solo_line = False
    for _ in range(3000):
        await kit.run_computers(t)
        if not kit.table(t).is_open:
            break
        hand = driemans_match(kit, t).hand
        if hand is not None and hand.phase == DriemansPhase.BID:
            saw_bid = saw_bid or "to bid" in message_text(kit.public(t))
        if hand is not None and hand.phase == DriemansPhase.PLAY and hand.solo is not None:
            saw_solo_line = saw_solo_line or "Solo " in message_text(kit.public(t))
        if kit.to_act(t) is not None:
            exchange = hand is not None and hand.phase == DriemansPhase.EXCHANGE
            await act(kit, t)
            laid_down += exchange
    table = kit.table(t)
    match = driemans_match(kit, t)
    assert table.status == Status.FINISHED and match.result is not None
    assert laid_down >= 1 and saw_bid and saw_solo_line

    # The stored action log replays to the table's match.
    log = await kit.service.store.tables.actions(t)
    actions = [a.payload for a in log if a.payload.get("type") in ENGINE_ACTIONS]
    replayed = replay(table.rules, f"{table.seed}/{table.match_no}", None, actions)
    assert replayed.to_dict() == match.to_dict() and len(match.sheet) == 8

    # The final sheet: a column per player, the engine's lines, the totals, the winner.
    [final] = [
        m
        for m in kit.world.channel_messages(kit.world.channel_id)
        if m["content"].startswith(f"The match at table {t} is over")
    ]
    description = final["embeds"][0]["description"]
    assert sheet_rows(description) == expected_rows(match.sheet)
    assert re.search(r"^Total\s+" + r"\s+".join(map(str, match.totals)) + "$", description, re.M)
    assert all(text_width(row) <= SHEET_WIDTH for row in sheet_block(description))
    assert "Players: 1 anna · 2 Computer 2 · 3 Computer 3" in description
    assert ("wins with" if match.result.winner is not None else "shared win") in description

    # The table message is final: the result, each player's total, the final picture.
    public = message_text(kit.public(t))
    assert "hand 8 of 8" in public and "Play again" in public
    assert all(f"· **{total}**" in public for total in match.totals)
    assert shows_its_picture(kit.public(t))
    kit.check_payloads()


def sheet_rows(description: str) -> list[tuple[int, str, int, tuple[int, ...], str]]:
    """(number, trump, the solo's seat, the three scores, flag) per hand row."""
    rows = []
    for row in sheet_block(description)[1:-1]:
        found = THREE_ROW.match(row)
        assert found is not None, row
        number, trump, m1, s1, m2, s2, m3, s3, flag = found.groups()
        solo = [m1, m2, m3].index("*")
        rows.append((int(number), trump, solo, (int(s1), int(s2), int(s3)), flag or ""))
    return rows


def expected_rows(
    sheet: list[DriemansLine],
) -> list[tuple[int, str, int, tuple[int, ...], str]]:
    symbols = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
    return [
        (
            line.number,
            symbols[line.trump.lower()],
            line.solo,
            line.scores,
            "nat" if line.nat else "pit" if line.pit is not None else "",
        )
        for line in sheet
    ]


async def test_a_restart_in_the_middle_of_a_three_seat_hand(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await start(make_harness)
    t, anna = await open_three(first)
    for _ in range(200):  # to the person's turn to play a card
        await first.run_computers(t)
        hand = driemans_match(first, t).hand
        if first.to_act(t) is not None and hand is not None and hand.phase == "play":
            break
        await act(first, t)
    before = first.table(t).to_dict()
    hand_message = await first.hand(t, anna)
    await first.harness.close()

    second = await start(make_harness)  # a new bot process: same database, same Discord
    assert second.table(t).to_dict() == before
    card = enabled(hand_message.components, "kj:card:")[0]
    played = await second.click(card, anna, message=hand_message.message_id)
    assert "You played" in played.response.text()
    for _ in range(3000):
        await second.run_computers(t)
        if not second.table(t).is_open:
            break
        if second.to_act(t) is not None:
            await act(second, t)
    assert second.table(t).status == Status.FINISHED
    second.check_payloads()
