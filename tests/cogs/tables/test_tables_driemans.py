"""A three-seat table (three-player Klaverjas) by clicks, from `/table open preset:driemans`
with one person and two computers, through the bidding, the person's exchange as solo and
play, to the final sheet with a column per player; and a restart in the middle of a hand."""

from __future__ import annotations

import pytest

from bot.engine import DriemansMatch, DriemansPhase
from bot.tables import Status
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    assert_log_replays,
    assert_sheet_per_player,
    drawn_earlier,
    enabled,
    final_sheet,
    match_of,
    message_text,
    open_with_computers,
    restart_and_finish,
    start,
)
from tests.cogs.tables.test_tables_match import shows_its_picture
from tests.harness.limits import assert_ephemeral
from tests.harness.recorder import Dispatch

ENGINE_ACTIONS = {"trump", "pass", "play", "claim", "finish", "discard"}


async def open_three(kit: Kit) -> tuple[int, int]:
    """`/table open preset:driemans hands:8` by anna, who sits; Start with computers:
    (table, anna). The lobby offers three seats."""
    return await open_with_computers(kit, "driemans", hands=8, seats=3, offers="normal")


def driemans_match(kit: Kit, t: int) -> DriemansMatch:
    return match_of(kit, t, DriemansMatch)


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
    await assert_log_replays(kit, t, ENGINE_ACTIONS)
    assert len(match.sheet) == 8

    # The final sheet: a column per player, the engine's lines, the totals, the winner.
    description = final_sheet(kit, t)
    assert_sheet_per_player(description, match.sheet, match.totals, lambda line: line.solo)
    assert "Players: 1 anna · 2 Computer 2 · 3 Computer 3" in description
    assert ("wins with" if match.result.winner is not None else "shared win") in description

    # The table message is final: the result, each player's total, the final picture.
    public = message_text(kit.public(t))
    assert "hand 8 of 8" in public and "Play again" in public
    assert all(f"· **{total}**" in public for total in match.totals)
    assert shows_its_picture(kit.public(t))
    kit.check_payloads()


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
    await restart_and_finish(make_harness, first, t, anna, act)
