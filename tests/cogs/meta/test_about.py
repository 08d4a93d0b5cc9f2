from __future__ import annotations

from bot.version import bot_version
from tests.harness.harness import Harness
from tests.harness.limits import assert_ephemeral, assert_within_discord_limits


async def test_about_answers_once_privately_within_limits(harness: Harness) -> None:
    result = await harness.slash("about", locale="nl")

    reply = result.reply
    assert reply.callback_type == 4
    assert_ephemeral(reply)
    assert_within_discord_limits(reply)
    assert "Klaverjas" in reply.text()
    assert bot_version() in reply.text()
    assert result.rest == []
