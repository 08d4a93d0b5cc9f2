from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord.interactions
import discord.webhook.async_

from bot.client import DEFAULT_EXTENSIONS
from tests.harness.harness import Harness
from tests.harness.limits import assert_ephemeral

StartHarness = Callable[..., Awaitable[Harness]]
DEMO = (*DEFAULT_EXTENSIONS, "tests.harness.demo_cog")


async def test_second_bot_on_the_same_database_starts_and_answers(
    make_harness: StartHarness,
) -> None:
    original_context = discord.webhook.async_.async_context
    first = await make_harness(extensions=DEMO)
    await first.slash("demo counter")
    await first.close()
    assert discord.webhook.async_.async_context is original_context
    assert discord.interactions.async_context is original_context

    second = await make_harness(extensions=DEMO)
    about = await second.slash("about")
    # A button posted by the first process still works in the second (dynamic items).
    click = await second.click("demo:count:0")

    assert_ephemeral(about.reply)
    assert click.response.callback_type == 7
    assert click.response.content == "count 1"
    assert second.bot.user is not None and second.bot.is_ready()
    assert first.bot.is_closed()
