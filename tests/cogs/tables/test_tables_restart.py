"""The public message over time: restarts, vanished messages and channels, coalesced edits."""

from __future__ import annotations

import pytest

from bot.engine import Suit
from bot.tables import Status
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    enabled,
    fix_seed,
    message_text,
    seed_with_first_dealer,
    sheet_hands,
    start,
)
from tests.harness.limits import assert_ephemeral
from tests.harness.world import CHANNEL_MESSAGE, CHANNEL_MESSAGES


async def table_waiting_for_a_human(kit: Kit) -> tuple[int, int, int]:
    """A started table (anna and bob against two computers) at a human's turn to play."""
    t, anna, bob = await kit.two_humans_playing()
    await kit.act(t, lambda ids: next(i for i in ids if i.endswith(":h")))
    for _ in range(20):
        await kit.run_computers(t)
        if kit.to_act(t) is not None:
            break
        await kit.act(t)
    return t, anna, bob


async def test_old_buttons_work_after_a_restart(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    first = await start(make_harness)
    t, anna, bob = await table_waiting_for_a_human(first)
    _, user = first.to_act(t)  # type: ignore[misc]
    hand = await first.hand(t, user)
    public_id = first.public(t)["id"]
    await first.harness.close()

    second = await start(make_harness)  # a new bot process: same database, same Discord

    # Start-up refreshed the table's message in place.
    [refresh] = second.harness.rest_calls("PATCH", CHANNEL_MESSAGE)
    assert refresh.url.endswith(f"/messages/{public_id}")
    assert second.public(t)["id"] == public_id
    # The hand message of the first process still plays a card...
    card = enabled(hand.components, "kj:card:")[0]
    played = await second.click(card, user, message=hand.message_id)
    assert played.response.callback_type == 7
    assert_ephemeral(played.response)
    assert "You played" in played.response.text()
    # ...and the old public message's buttons still answer.
    other = bob if user == anna else anna
    mine = await second.click(f"kj:hand:{t}", other, message=int(public_id))
    assert_ephemeral(mine.response)
    assert "Your hand" in mine.response.text()
    second.check_payloads()


async def test_a_vanished_message_is_posted_again(make_harness: StartHarness) -> None:
    first = await start(make_harness)
    anna = first.world.add_user("anna")
    t = await first.open(anna)
    old_id = int(first.public(t)["id"])
    await first.harness.close()
    first.world.delete_message(old_id)  # someone deleted the table message meanwhile

    second = await start(make_harness)

    [posted] = second.harness.rest_calls("POST", CHANNEL_MESSAGES)
    new_id = int(posted.result["id"])
    assert new_id != old_id and second.table(t).message_id == new_id
    stored = await second.service.store.tables.get(t)
    assert stored is not None and stored.message_id == new_id
    assert "anna" in message_text(second.world.messages[new_id])


async def test_a_vanished_channel_closes_its_table_and_start_up_goes_on(
    make_harness: StartHarness,
) -> None:
    first = await start(make_harness)
    anna, bob = first.world.add_user("anna"), first.world.add_user("bob")
    threaded = await first.harness.slash("table open", {"thread": True}, user=anna)
    thread_id = int(threaded.rest[0].result["id"])
    gone = first.service.in_channel(thread_id)
    assert gone is not None
    kept = await first.open(bob)
    await first.harness.close()
    for message in first.world.channel_messages(thread_id):
        first.world.delete_message(int(message["id"]))
    del first.world.channels[thread_id]  # the thread was deleted, messages and all

    second = await start(make_harness)

    assert second.table(gone.id).status == Status.CLOSED
    assert second.service.in_channel(thread_id) is None
    assert second.table(kept).status == Status.LOBBY
    assert "bob" in message_text(second.public(kept))


async def test_public_edits_are_coalesced_and_the_latest_state_wins(
    make_harness: StartHarness,
) -> None:
    kit = await start(make_harness)
    anna, bob = kit.world.add_user("anna"), kit.world.add_user("bob")
    t = await kit.open(anna)
    kit.cog.publisher.interval = 3.0  # (the four commands take far less, even on a busy CI)
    await kit.click(f"kj:addbot:{t}", anna, message=kit.public(t))  # shown by the click
    before = len(kit.harness.rest_calls("PATCH", CHANNEL_MESSAGE))

    # Commands (a click on the table message carries its change in its own response).
    for seat in (3, 4):
        await kit.harness.slash("table bot add", {"seat": seat}, user=anna)
    await kit.harness.slash("table bot remove", {"seat": 4}, user=anna)
    await kit.harness.slash("table join", {"seat": 4}, user=bob)
    await kit.flush()

    edits = kit.harness.rest_calls("PATCH", CHANNEL_MESSAGE)[before:]
    assert len(edits) == 1  # four changes, one edit
    text = message_text(kit.public(t))
    assert "4. bob" in text and "All four seats are taken" in text


async def test_the_score_sheet_of_a_finished_match_survives_a_restart(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    first = await start(make_harness)
    anna = first.world.add_user("anna")
    t = await first.open(anna, hands=1)
    for _ in range(3):
        await first.click(f"kj:addbot:{t}", anna)
    await first.click(f"kj:start:{t}", anna)
    for _ in range(40):
        await first.run_computers(t)
        if not first.table(t).is_open:
            break
        await first.act(t)
    assert first.table(t).status == Status.FINISHED
    public_id = int(first.public(t)["id"])
    [line] = first.table(t).match.sheet  # type: ignore[union-attr]
    await first.harness.close()

    second = await start(make_harness)
    sheet = await second.click(f"kj:sheet:{t}", anna, message=public_id)

    assert_ephemeral(sheet.reply)
    text = sheet.reply.text()
    [row] = sheet_hands(sheet.reply.embeds[0]["description"])
    assert row[:5] == (1, Suit.parse(line.trump).symbol, line.makers, *line.scores)
    assert "win" in text or "shared result" in text
    assert second.harness.rest_calls("PATCH", CHANNEL_MESSAGE) == []  # nothing left to refresh
