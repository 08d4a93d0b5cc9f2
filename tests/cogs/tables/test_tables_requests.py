"""Requests under load: the public message's bot-token edits are coalesced and budgeted, a
click on the table message carries the update with its own token, the latest state always
lands, and no interaction response waits behind a bot-token edit."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from discord.http import Route

from bot.tables import public_table
from cogs.common.requests import RequestStats
from cogs.tables.publisher import EditBudget
from cogs.tables.ui import public_parts
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    fix_seed,
    seed_with_first_dealer,
    start,
)
from tests.harness.world import CALLBACK, CHANNEL_MESSAGE


async def four_humans(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> tuple[Kit, int, list[int]]:
    """Four human players seated by clicks on the table message; the match started."""
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    users = [kit.world.add_user(name) for name in ("anna", "bob", "cor", "dirk")]
    t = await kit.open(users[0])
    for seat, user in enumerate(users[1:], start=1):
        await kit.click(f"kj:sit:{t}:{seat}", user, message=kit.public(t))
    await kit.click(f"kj:start:{t}", users[0])
    return kit, t, users


def public_edits(kit: Kit) -> int:
    return len(kit.harness.rest_calls("PATCH", CHANNEL_MESSAGE))


def shows_current_state(kit: Kit, t: int) -> bool:
    """The table message's text is the one drawn for the table's state now."""
    table = kit.table(t)
    locale = kit.cog.publisher.locale_for(table)
    picture = kit.cog.publisher.picture(t)
    expected = public_parts(public_table(table), locale, kit.bot.card_faces, picture)
    shown = kit.public(t)["components"][0]["components"]
    return bool(shown[: len(expected)] == expected)


async def test_a_click_on_the_table_message_carries_the_update_with_its_own_token(
    make_harness: StartHarness,
) -> None:
    kit = await start(make_harness)
    anna, bob = kit.world.add_user("anna"), kit.world.add_user("bob")
    t = await kit.open(anna)
    before = public_edits(kit)

    sat = await kit.click(f"kj:sit:{t}:2", bob, message=kit.public(t))
    added = await kit.click(f"kj:addbot:{t}", anna, message=kit.public(t))

    for result in (sat, added):
        assert result.response.callback_type == 7  # the clicked table message, edited
        assert result.response.message_id == int(kit.public(t)["id"])
    assert "3. bob" in result.response.text() and "🤖" in result.response.text()
    assert public_edits(kit) == before  # no bot-token request for either change
    assert shows_current_state(kit, t)


async def test_a_click_on_an_old_copy_leaves_it_and_the_publisher_edits_the_table_message(
    make_harness: StartHarness,
) -> None:
    kit = await start(make_harness)
    anna, bob = kit.world.add_user("anna"), kit.world.add_user("bob")
    t = await kit.open(anna)
    old = dict(kit.public(t), id=str(kit.world.snowflake()))  # a copy the bot did not post
    kit.world.messages[int(old["id"])] = old
    before = public_edits(kit)

    sat = await kit.click(f"kj:sit:{t}:2", bob, message=old)

    assert sat.response.callback_type == 6  # acknowledged; the table message is edited
    assert public_edits(kit) == before + 1
    assert shows_current_state(kit, t)


async def test_a_played_hand_costs_at_most_one_bot_token_edit_per_click(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, _ = await four_humans(make_harness, monkeypatch)
    before, clicks = public_edits(kit), 0
    hand_number = kit.table(t).match.hand_number  # type: ignore[union-attr]
    while kit.table(t).match.hand_number == hand_number:  # type: ignore[union-attr]
        if kit.to_act(t) is None:
            await kit.run_computers(t)  # the claim window closes
            continue
        await kit.act(t)  # My hand, then a card: two clicks, one state change
        clicks += 1
    edits = public_edits(kit) - before
    assert clicks >= 33  # a trump choice and 32 cards
    assert 0 < edits <= clicks + 1  # one per state at most (here: one per card and trump)
    hand_edits = [c for c in kit.harness.calls if c.via == "webhook" and c.path != CALLBACK]
    assert hand_edits, "the next player's hand is redrawn with that player's own token"
    assert shows_current_state(kit, t)


async def test_fast_clicks_are_coalesced_and_the_last_state_always_lands(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, _ = await four_humans(make_harness, monkeypatch)
    await kit.flush()
    kit.cog.publisher.interval = 0.5
    before, clicks = public_edits(kit), 0
    for _ in range(12):  # clicks as fast as the bot answers them, no waiting in between
        found = kit.to_act(t)
        assert found is not None
        hand = await kit.harness.click(f"kj:hand:{t}", user=found[1], message=kit.public(t))
        choice = [
            c
            for c in hand.response.custom_ids()
            if c.startswith(("kj:card:", "kj:trump:")) and c in enabled_ids(hand.response)
        ][0]
        await kit.harness.click(choice, user=found[1], message=hand.response.message_id)
        clicks += 1
    await kit.flush()

    assert public_edits(kit) - before < clicks  # fewer edits than changes
    assert shows_current_state(kit, t)  # and the latest one is shown


def enabled_ids(call: Any) -> set[str]:
    return {b["custom_id"] for b in call.buttons() if not b.get("disabled")}


async def test_no_interaction_response_waits_behind_a_bot_token_edit(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, _ = await four_humans(make_harness, monkeypatch)
    await kit.flush()
    release = asyncio.Event()
    stuck: list[Route] = []
    request = kit.bot.http.request

    async def slow_edits(route: Route, **kwargs: Any) -> Any:
        if route.method == "PATCH" and route.path == CHANNEL_MESSAGE:
            stuck.append(route)
            await release.wait()  # Discord answers 429s for a while: discord.py waits
        return await request(route, **kwargs)

    kit.bot.http.request = slow_edits  # type: ignore[method-assign]
    try:
        first = await kit.harness.click(f"kj:hand:{t}", user=kit.to_act(t)[1])  # type: ignore[index]
        played = []
        for _ in range(3):
            found = kit.to_act(t)
            assert found is not None
            hand = await kit.harness.click(f"kj:hand:{t}", user=found[1])
            choice = sorted(
                c for c in enabled_ids(hand.response) if c.startswith(("kj:card:", "kj:trump:"))
            )[0]
            played.append(await kit.harness.click(choice, user=found[1], message=hand.response))
        assert stuck, "a bot-token edit is waiting"
        for result in [first, *played]:
            assert result.response.message is not None  # answered while the edit waits
    finally:
        release.set()
    await kit.flush()
    assert shows_current_state(kit, t)


async def test_an_exhausted_edit_budget_delays_no_interaction_response(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, _ = await four_humans(make_harness, monkeypatch)
    await kit.flush()
    kit.cog.publisher.budget = EditBudget(rate=0.001, burst=0)  # one edit in 1,000 s
    before = public_edits(kit)
    for _ in range(3):
        found = kit.to_act(t)
        assert found is not None
        hand = await kit.harness.click(f"kj:hand:{t}", user=found[1])
        choice = sorted(enabled_ids(hand.response) - {f"kj:refresh:{t}", f"kj:roem:{t}"})[0]
        played = await kit.harness.click(choice, user=found[1], message=hand.response)
        assert played.response.message is not None
    assert public_edits(kit) - before <= 1  # the rest wait for the budget, coalesced


async def test_the_edit_budget_spaces_requests_after_a_burst() -> None:
    now = [0.0]
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    budget = EditBudget(rate=2.0, burst=1.0, clock=lambda: now[0], sleep=sleep)
    for _ in range(4):
        await budget.take()
    assert slept == [0.5, 0.5]  # two at once (the burst), then one every 0.5 s
    now[0] += 10.0  # idle: the burst is available again
    await budget.take()
    await budget.take()
    assert slept == [0.5, 0.5] and budget.waited == 2


async def test_the_request_line_counts_by_kind_and_resets(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    kit, t, _ = await four_humans(make_harness, monkeypatch)
    await kit.flush()
    stats: RequestStats = kit.cog.requests
    stats.line(60)  # start from zero
    for _ in range(2):
        await kit.act(t)
    logging.getLogger("discord.http").warning(
        "We are being rate limited. %s %s responded with 429. Retrying in %.2f seconds.",
        "PATCH",
        "/channels/1/messages/2",
        1.0,
    )
    line = stats.line(60)

    edits = public_edits(kit)
    assert edits > 0
    assert "bot token " in line and "PATCH" in line
    assert "interaction responses 4" in line  # two My hand clicks, two cards
    assert "429s 1" in line and "response p99 " in line
    assert "bot token 0 (0.0/s), interaction responses 0" in stats.line(60)
    assert any(t.get_name() == "bg:request-stats" for t in asyncio.all_tasks()), (
        "the log line runs in a background task"
    )
