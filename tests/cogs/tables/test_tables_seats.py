"""Seats during a match: the turn timer, away players, I'm back, leaving; and failures."""

from __future__ import annotations

import logging
import re

import pytest

from bot.tables import SeatKind, TableError
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    custom_ids,
    drawn_earlier,
    enabled,
    fix_seed,
    message_text,
    seed_with_first_dealer,
    start,
)
from tests.harness.limits import assert_ephemeral
from tests.harness.recorder import Call


async def started(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch, **options: object
) -> tuple[Kit, int, int, int]:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    t, anna, bob = await kit.two_humans_playing(**options)
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
    assert "anna 💤" in message_text(kit.public(t))
    assert f"kj:back:{t}" in custom_ids(kit.public(t))  # shown while someone is away
    hand = await kit.hand(t, anna)
    assert "Your time ran out once" in hand.text()
    assert f"kj:back:{t}" in hand.custom_ids()
    back = await kit.click(f"kj:back:{t}", anna, message=hand.message_id)
    assert back.response.callback_type == 7  # answered in the hand it was clicked in
    assert "Welcome back" in back.response.text()
    assert not kit.table(t).seats[0].away
    assert "💤" not in message_text(kit.public(t))
    assert f"kj:back:{t}" not in custom_ids(kit.public(t))  # and gone once nobody is
    again = await kit.click(
        f"kj:back:{t}", anna, message=drawn_earlier(kit.public(t), f"kj:back:{t}")
    )
    assert again.reply.content == "You are not marked away: you already play yourself."
    kit.check_payloads()


LEFT = (
    "You left seat 3; a computer plays it for you. "
    "Press **I'm back** on the table's message before this hand ends to take it back."
)


def answers(call: Call) -> list[str]:
    """The custom_ids of the Yes and No buttons of a leave question."""
    ids = call.custom_ids()
    assert len(ids) == 2 and ids[0].endswith(":yes") and ids[1].endswith(":no"), ids
    return ids


async def test_leaving_a_match_is_asked_first_and_can_be_undone(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await started(make_harness, monkeypatch)
    before = kit.table(t).to_dict()

    asked = await kit.on_hand(f"kj:leave:{t}", bob)
    question = asked.reply
    assert_ephemeral(question)
    assert question.content.startswith("Leave the match? A computer plays seat 3 for you.")
    yes, no = answers(question)
    assert yes == f"kj:leave:{t}:{before['seq']}:yes"
    assert kit.table(t).to_dict() == before  # asking changes nothing

    stay = await kit.click(no, bob, message=question.message_id)
    assert stay.response.callback_type == 7  # the question is answered in place
    assert stay.response.content == "You stay at the table." and stay.response.components == []
    assert kit.table(t).to_dict() == before

    asked = await kit.harness.slash("table leave", user=bob)  # the command asks too
    yes, _ = answers(asked.reply)
    left = await kit.click(yes, bob, message=asked.reply.message_id)
    assert left.response.callback_type == 7
    assert left.response.content == LEFT and left.response.components == []
    assert kit.table(t).seats[2].kind == SeatKind.COMPUTER
    assert "bob 🤖" in message_text(kit.public(t))
    gone = await kit.harness.slash("hand", user=bob)
    assert gone.reply.content == (
        "You left seat 3: press **I'm back** to take it back before this hand ends."
    )

    back = await kit.click(f"kj:back:{t}", bob, message=kit.public(t))
    assert back.response.callback_type == 4  # a new private hand
    assert_ephemeral(back.response)
    assert "Welcome back" in back.response.text() and "Your hand" in back.response.text()
    assert kit.table(t).seat_of(bob) == 2
    assert "bob 🤖" not in message_text(kit.public(t))
    kit.check_payloads()


async def test_a_yes_to_an_outdated_question_is_asked_again(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await started(make_harness, monkeypatch)
    asked = await kit.on_hand(f"kj:leave:{t}", bob)
    yes, _ = answers(asked.reply)
    await kit.act(t)  # anna names trump (or passes): the table moves on
    moved = kit.table(t).to_dict()

    again = await kit.click(yes, bob, message=asked.reply.message_id)

    assert kit.table(t).to_dict() == moved  # the outdated Yes did nothing
    assert again.response.callback_type == 7
    assert again.response.content.startswith(
        "> The table moved on while you decided: still leave?\nLeave the match?"
    )
    fresh, _ = answers(again.response)
    assert fresh == f"kj:leave:{t}:{moved['seq']}:yes"
    left = await kit.click(fresh, bob, message=again.response.message_id)
    assert left.response.content == LEFT
    assert kit.table(t).seat_of(bob) is None


async def test_a_seat_left_in_an_earlier_hand_stays_with_the_computer(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await started(make_harness, monkeypatch)
    asked = await kit.on_hand(f"kj:leave:{t}", bob)
    await kit.click(answers(asked.reply)[0], bob, message=asked.reply.message_id)
    for _ in range(200):  # anna and the computers play the hand out
        await kit.run_computers(t)
        if kit.table(t).match.sheet:  # type: ignore[union-attr]
            break
        await kit.act(t)

    assert f"kj:back:{t}" not in custom_ids(kit.public(t))  # nobody may come back now
    earlier = drawn_earlier(kit.public(t), f"kj:back:{t}")  # a message not yet redrawn
    back = await kit.click(f"kj:back:{t}", bob, message=earlier)
    join = await kit.harness.slash("table join", user=bob)

    too_late = "You left seat 3 in an earlier hand: the computer plays it to the end of the match."
    assert back.reply.content == too_late and join.reply.content == too_late
    assert kit.table(t).seats[2].kind == SeatKind.COMPUTER


async def test_join_during_the_hand_takes_the_seat_back(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await started(make_harness, monkeypatch)
    asked = await kit.on_hand(f"kj:leave:{t}", bob)
    await kit.click(answers(asked.reply)[0], bob, message=asked.reply.message_id)
    carl = kit.world.add_user("carl")

    joined = await kit.harness.slash("table join", user=bob)
    watcher = await kit.harness.slash("table join", user=carl)

    assert "Welcome back" in joined.reply.text()
    assert_ephemeral(joined.reply)
    assert kit.table(t).seat_of(bob) == 2
    assert watcher.reply.content.startswith("You are watching this match")
    assert kit.table(t).seat_of(carl) is None


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
    earlier = drawn_earlier(kit.public(t), f"kj:roem:{t}")
    click = await kit.click(f"kj:roem:{t}", anna, message=earlier)

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
        "(?P<action>hand|refresh|roem|sheet|last|back|leave|start|addbot|bump|fill)",
        "again",
        "sit",
        "card",
        "trump",
    }
    routed = kit.bot.get_cog("Errors").router(kit.bot).items  # type: ignore[union-attr]
    assert expected <= {pattern.pattern.split(":")[1] for pattern, _ in routed}
    # Not in discord.py's store as well: each click would run twice.
    assert not {pattern.pattern.split(":")[1] for pattern in store._dynamic_items} & expected
