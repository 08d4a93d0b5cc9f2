"""Seats during a match: the turn timer, away players, I'm back, leaving; and failures."""

from __future__ import annotations

import logging
import re

import pytest

from bot.tables import SeatKind, TableError
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    enabled,
    fix_seed,
    message_text,
    seed_with_first_dealer,
    start,
)
from tests.harness.limits import assert_ephemeral


async def started(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch, **options: object
) -> tuple[Kit, int, int, int]:
    fix_seed(monkeypatch, seed_with_first_dealer(3))
    kit = await start(make_harness)
    anna, bob = kit.world.add_user("anna"), kit.world.add_user("bob")
    t = await kit.open(anna, **options)
    await kit.click(f"kj:sit:{t}:2", bob)
    for _ in range(2):
        await kit.click(f"kj:addbot:{t}", anna)
    await kit.click(f"kj:start:{t}", anna)
    return kit, t, anna, bob


async def test_the_turn_timer_marks_a_player_away_until_they_are_back(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await started(make_harness, monkeypatch, turn_timer=30)
    assert kit.to_act(t) == (0, anna)
    assert kit.table(t).turn_deadline == kit.bot.clock.time + 30

    kit.bot.clock.advance(31)
    await kit.service.tick()  # what the timer loop does: the computer acts for anna
    await kit.flush()

    assert kit.table(t).seats[0].away
    assert "1. anna 💤" in message_text(kit.public(t))
    hand = await kit.hand(t, anna)
    assert "Your time ran out once" in hand.text()
    assert f"kj:back:{t}" in hand.custom_ids()
    back = await kit.click(f"kj:back:{t}", anna, message=hand.message_id)
    assert back.response.callback_type == 7  # answered in the hand it was clicked in
    assert "Welcome back" in back.response.text()
    assert not kit.table(t).seats[0].away
    assert "💤" not in message_text(kit.public(t))
    again = await kit.click(f"kj:back:{t}", anna, message=kit.public(t))
    assert again.reply.content == "You are not marked away: you already play yourself."
    kit.check_payloads()


async def test_leaving_a_match_hands_the_seat_to_a_computer(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await started(make_harness, monkeypatch)

    left = await kit.click(f"kj:leave:{t}", bob, message=kit.public(t))

    assert left.reply.content == "You left seat 3; a computer finishes the match for you."
    assert_ephemeral(left.reply)
    assert kit.table(t).seats[2].kind == SeatKind.COMPUTER
    assert "3. bob 🤖" in message_text(kit.public(t))
    gone = await kit.harness.slash("hand", user=bob)
    assert gone.reply.content == "You are not seated at this table."


async def test_an_unexpected_failure_gets_an_error_code_and_a_logged_traceback(
    make_harness: StartHarness,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    kit, t, anna, _ = await started(make_harness, monkeypatch)
    hand = await kit.hand(t, anna)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the table fell over")

    monkeypatch.setattr(kit.service, "choose_trump", broken)
    click = await kit.click(enabled(hand.components, "kj:trump:")[0], anna, message=hand.message_id)

    assert_ephemeral(click.reply)
    code = re.search(r"`([0-9a-f]{8})`", click.reply.content)
    assert code and code.group(1) in caplog.text and "the table fell over" in caplog.text
    assert "the table fell over" not in click.reply.content
    assert any(r.levelno == logging.ERROR and r.name == "cogs.errors" for r in caplog.records)


async def test_an_unknown_refusal_code_still_gets_a_sentence(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, _ = await started(make_harness, monkeypatch)

    async def refuse(*args: object, **kwargs: object) -> None:
        raise TableError("brand_new_code")

    monkeypatch.setattr(kit.service, "claim", refuse)
    click = await kit.click(f"kj:roem:{t}", anna, message=kit.public(t))

    assert click.reply.content == "That is not possible now (brand_new_code)."


async def test_buttons_leave_no_stored_view_behind(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Clicks are routed by custom_id alone: no view is kept, and no ephemeral hand starts
    a 15-minute view timeout task (discord.py's default for stored ephemeral views)."""
    kit, t, anna, _ = await started(make_harness, monkeypatch)
    await kit.hand(t, anna)

    timeouts = [
        task
        for task in kit.harness._tasks
        if not task.done()
        and getattr(task.get_coro(), "__qualname__", "").endswith("__timeout_task_impl")
    ]
    assert timeouts == []
    store = kit.bot._connection._view_store
    assert store._views == {} and store._synced_message_views == {}
    expected = {
        "(?P<action>hand|refresh|roem|sheet|back|leave|start|addbot)",
        "sit",
        "card",
        "trump",
    }
    routed = kit.bot.get_cog("Tables").router.items  # type: ignore[union-attr]
    assert {pattern.pattern.split(":")[1] for pattern, _ in routed} == expected
    # Not in discord.py's store as well: each click would run twice.
    assert not {pattern.pattern.split(":")[1] for pattern in store._dynamic_items} & expected
