"""Discord faults on the table messages: passing ones retried with back-off (bounded),
a refusal for missing permissions told to the opener once, never an endless retry."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.cogs.tables.tables_kit import Kit, StartHarness, message_text, start
from tests.harness import payloads
from tests.harness.recorder import Call
from tests.harness.world import CHANNEL_MESSAGE, CHANNEL_MESSAGES, http_error

DELAYS = (0.01, 0.02, 0.04)
USER_CHANNELS = "/users/@me/channels"


async def by_command(kit: Kit, command: str, user: int, **options: Any) -> None:
    """A change made by a command, so the publisher's bot-token edit shows it (a click on
    the table message would carry it in its own response instead)."""
    await kit.harness.slash(command, options, user=user)
    await kit.flush()


async def started(make_harness: StartHarness) -> Kit:
    kit = await start(make_harness)
    kit.cog.publisher.retry_delays = DELAYS
    return kit


def failing(times: int, error: BaseException, then: Any = None) -> tuple[list[Call], Any]:
    """A handler that raises ``error`` ``times`` times, then answers like Discord."""
    calls: list[Call] = []

    def handler(call: Call) -> Any:
        calls.append(call)
        if len(calls) <= times:
            raise error
        return then(call)

    return calls, handler


@pytest.mark.parametrize("error", [http_error(503, 0, "Service Unavailable"), TimeoutError()])
async def test_a_passing_fault_on_an_edit_is_retried(
    make_harness: StartHarness, error: BaseException, caplog: pytest.LogCaptureFixture
) -> None:
    kit = await started(make_harness)
    anna, bob = kit.world.add_user("anna"), kit.world.add_user("bob")
    t = await kit.open(anna)

    def edit(call: Call) -> Any:
        return kit.world.edit_message(int(call.url.rsplit("/", 1)[1]), call.json)

    calls, handler = failing(2, error, edit)
    kit.harness.override("PATCH", CHANNEL_MESSAGE, handler)
    await by_command(kit, "table join", bob, seat=3)

    assert len(calls) == 3  # two failures, then the edit went through
    assert "bob" in message_text(kit.public(t))
    retries = [r.getMessage() for r in caplog.records if "trying again" in r.getMessage()]
    assert [m.rsplit(" in ", 1)[1] for m in retries] == ["0.01 s", "0.02 s"]  # growing pauses


async def test_a_lasting_outage_is_given_up_after_the_last_try(make_harness: StartHarness) -> None:
    kit = await started(make_harness)
    anna, bob = kit.world.add_user("anna"), kit.world.add_user("bob")
    t = await kit.open(anna)
    calls, handler = failing(10**6, http_error(500, 0, "Internal Server Error"))
    kit.harness.override("PATCH", CHANNEL_MESSAGE, handler)

    await by_command(kit, "table join", bob, seat=3)

    assert kit.service.registry.get(t).seat_of(bob) == 2  # the player's move is done
    assert not kit.harness.task_errors
    assert len(calls) == 1 + len(DELAYS)  # bounded: no endless retry
    kit.harness.override("PATCH", CHANNEL_MESSAGE, None)  # Discord is back
    await by_command(kit, "table bot add", anna)  # the next change brings it up to date
    assert "bob" in message_text(kit.public(t))


async def test_posting_a_new_table_through_an_outage(make_harness: StartHarness) -> None:
    kit = await started(make_harness)
    anna = kit.world.add_user("anna")

    def post(call: Call) -> Any:
        return kit.world.new_message(kit.world.channel_id, call.json)

    calls, handler = failing(1, TimeoutError(), post)
    kit.harness.override("POST", CHANNEL_MESSAGES, handler)
    t = await kit.open(anna)  # one timeout, then posted
    assert len(calls) == 2 and kit.public(t)

    await kit.service.close(t, anna)
    calls, handler = failing(10**6, http_error(502, 0, "Bad Gateway"))
    kit.harness.override("POST", CHANNEL_MESSAGES, handler)
    result = await kit.harness.slash("table open", {}, user=anna)
    await kit.flush()
    assert len(calls) == 1 + len(DELAYS)
    assert "permissions" in result.replies[-1].content  # cannot_post, in words
    assert kit.service.in_channel(kit.world.channel_id) is None  # the channel stays free


async def test_missing_permissions_are_told_to_the_opener_once(
    make_harness: StartHarness, caplog: pytest.LogCaptureFixture
) -> None:
    kit = await started(make_harness)
    anna, bob = kit.world.add_user("anna"), kit.world.add_user("bob")
    t = await kit.open(anna)
    dm_id = kit.world.snowflake()
    kit.world.channels[dm_id] = {
        "id": str(dm_id),
        "type": 1,
        "recipients": [payloads.user_payload(anna, "anna")],
        "last_message_id": None,
    }
    kit.harness.override("POST", USER_CHANNELS, lambda call: kit.world.channels[dm_id])
    calls, handler = failing(10**6, http_error(403, 50013, "Missing Permissions"))
    kit.harness.override("PATCH", CHANNEL_MESSAGE, handler)

    await by_command(kit, "table join", bob, seat=3)
    await by_command(kit, "table bot add", anna)
    await by_command(kit, "table bot add", anna)

    assert len(calls) == 1  # one refused edit; later changes do not knock again
    posts = kit.harness.rest_calls("POST", CHANNEL_MESSAGES)[1:]  # after the first post
    assert all(c.url.endswith(f"/channels/{dm_id}/messages") for c in posts)  # no re-post
    [dm] = kit.world.channel_messages(dm_id)  # told once, in words
    assert f"table {t}" in dm["content"] and "Send Messages" in dm["content"]
    assert kit.service.registry.get(t).seat_of(bob) == 2  # the table itself goes on
    forbidden = [
        r for r in caplog.records if r.levelno == logging.WARNING and "50013" in r.getMessage()
    ]
    assert len(forbidden) == 1
