from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.client import DEFAULT_EXTENSIONS
from tests.harness.harness import Harness
from tests.harness.limits import assert_ephemeral, assert_within_discord_limits

StartHarness = Callable[..., Awaitable[Harness]]
CODE = re.compile(r"`([0-9a-f]{8})`")
BOOM = (*DEFAULT_EXTENSIONS, "tests.cogs.errors.boom_cog")


def _error_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "cogs.errors" and r.levelno == logging.ERROR]


async def test_unexpected_error_gets_a_code_and_a_logged_traceback(
    make_harness: StartHarness, caplog: pytest.LogCaptureFixture
) -> None:
    harness = await make_harness(extensions=BOOM)

    result = await harness.slash("boom")

    reply = result.reply
    assert reply.callback_type == 4
    assert_ephemeral(reply)
    assert_within_discord_limits(reply)
    match = CODE.search(reply.content)
    assert match, reply.content
    [record] = _error_records(caplog)
    message = record.getMessage()
    assert match.group(1) in message and "/boom" in message
    # By name: load_extension imports the cog module afresh, so the class objects differ.
    assert record.exc_info is not None and type(record.exc_info[1]).__name__ == "BoomError"
    assert "kaboom" in caplog.text  # the traceback went to the log, not to the user
    assert "kaboom" not in reply.content


async def test_error_after_defer_is_reported_in_a_followup(
    make_harness: StartHarness, caplog: pytest.LogCaptureFixture
) -> None:
    harness = await make_harness(extensions=BOOM)

    result = await harness.slash("lateboom")

    defer, followup = result.replies
    assert defer.callback_type == 5
    assert followup.route == "POST /webhooks/{webhook_id}/{webhook_token}"
    assert_ephemeral(followup)
    match = CODE.search(followup.content)
    assert match and match.group(1) in _error_records(caplog)[0].getMessage()
    # The followup replaced the "thinking..." message rather than adding a second one.
    [message] = harness.world.messages.values()
    assert match.group(1) in message["content"] and message["flags"] == 64


async def test_failed_check_gets_a_plain_answer_and_no_traceback(
    make_harness: StartHarness, caplog: pytest.LogCaptureFixture
) -> None:
    harness = await make_harness(extensions=BOOM)

    result = await harness.slash("forbidden")

    assert_ephemeral(result.reply)
    assert "cannot use this command" in result.reply.content
    assert _error_records(caplog) == []


async def test_answer_after_three_seconds_fails_without_crashing(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    late = harness.world.now - dt.timedelta(seconds=5)
    harness.allow_unanswered = True  # Discord refuses every answer now

    result = await harness.slash("about", at=late)

    # Discord refuses both the answer and the error report (10062); nothing is shown.
    assert [c.callback_type for c in result.replies] == [4, 4]
    assert all(c.result is None for c in result.replies)
    assert harness.world.messages == {}
    assert len(_error_records(caplog)) == 1
    assert "could not deliver an error reply" in caplog.text


async def test_every_button_is_routed_by_the_one_click_listener(
    make_harness: StartHarness,
) -> None:
    """Every feature's buttons are routed items (the one registration), none is left to
    discord.py's dynamic item store, and the router follows cogs that unload."""
    harness = await make_harness()
    bot = harness.bot
    store = bot._connection._view_store  # discord.py's router (tests/harness/test_canary.py)
    ids = ["kj:hand:1", "kj:card:1:2:Jh", "kj:card:1:-2:Jh", "kj:standings:1:all:0:0", "kj:x"]
    errors: Any = bot.get_cog("Errors")
    assert not any(pattern.pattern.startswith("kj:") for pattern in store._dynamic_items)
    assert {item.__name__ for item in bot.routed_items} >= {"CheckButton", "StandingsPageButton"}
    assert [errors.router(bot).match(i) is not None for i in ids] == [
        True,
        True,
        False,
        True,
        False,
    ]

    await bot.unload_extension("cogs.tables")
    assert errors.router(bot).match("kj:hand:1") is None
    assert errors.router(bot).match("kj:standings:1:all:0:0") is not None


def test_no_cog_registers_buttons_with_discord_py() -> None:
    """`bot.add_routed_items` is the one registration (cogs/common/routing.py)."""
    root = Path(__file__).resolve().parents[3] / "cogs"
    users = [p for p in root.rglob("*.py") if "add_dynamic_items" in p.read_text("utf-8")]
    assert [p.name for p in users] == ["routing.py"]  # its docstring says why not
