"""What the challenge's Discord tests share: the real bot on a fake clock, and a member
who plays by clicking the first enabled button of their private message."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, cast

from bot.challenge import ChallengeService
from bot.client import KlaverjasBot
from bot.services import Services
from bot.tables import FakeClock
from tests.harness.harness import Harness
from tests.harness.limits import (
    assert_ephemeral,
    assert_within_discord_limits,
    iter_components,
)
from tests.harness.recorder import Call, Dispatch

StartHarness = Callable[..., Awaitable[Harness]]
NOON = 1_741_176_000.0  # Wednesday 5 March 2025, 13:00 in Amsterdam: closes at 20:00


class ClockedBot(KlaverjasBot):
    """The real bot with a FakeClock (no timer loop, no background pars: tests run them)."""

    clock: FakeClock

    async def open_services(self) -> None:
        self.clock = FakeClock(NOON)
        self._services = await Services.open(
            self.settings.database_path, self.clock, seeds=self.seeds
        )


class Member:
    """One member in the harness: clicks, and the private message they play in."""

    def __init__(self, harness: Harness, name: str) -> None:
        self.harness = harness
        self.id = harness.world.add_user(name)
        self.message: dict[str, Any] | None = None  # their private challenge message

    async def slash(
        self, command: str, options: dict[str, Any] | None = None, **context: Any
    ) -> Dispatch:
        return await self.harness.slash(command, options, user=self.id, **context)

    async def click(self, custom_id: str, message: Any = None, **context: Any) -> Dispatch:
        target = self.message if message is None else message
        return await self.harness.click(custom_id, user=self.id, message=target, **context)

    async def open(self) -> Call:
        """`/challenge play`: the private message, remembered."""
        result = await self.slash("challenge play")
        reply = result.replies[0]
        assert_ephemeral(reply)
        assert_within_discord_limits(reply)
        self.message = reply.message
        return reply

    async def press(self, custom_id: str) -> Dispatch:
        """Click a button of their message; the message as the click redrew it."""
        result = await self.click(custom_id)
        for call in result.replies:
            assert_within_discord_limits(call)
            if call.message is not None and call.method == "PATCH":
                assert_ephemeral(call)
                self.message = call.message
        return result

    def enabled(self, prefix: str = "kj:chl:") -> list[str]:
        assert self.message is not None
        return [
            c["custom_id"]
            for c in iter_components(self.message["components"])
            if c.get("custom_id", "").startswith(prefix) and not c.get("disabled")
        ]

    async def step(self) -> Dispatch:
        """Click the first enabled card or trump button."""
        choices = self.enabled("kj:chl:card:") or self.enabled("kj:chl:bid:")
        assert choices, text_of(self.message)
        return await self.press(choices[0])

    async def play_to_end(self, limit: int = 200) -> None:
        for _ in range(limit):
            if not (self.enabled("kj:chl:card:") or self.enabled("kj:chl:bid:")):
                return
            await self.step()
        raise AssertionError("the challenge never ended")


def service_of(harness: Harness) -> ChallengeService:
    return cast(ChallengeService, harness.bot.services.challenges)


def clock_of(harness: Harness) -> FakeClock:
    bot = harness.bot
    assert isinstance(bot, ClockedBot)
    return bot.clock


def text_of(message: dict[str, Any] | None) -> str:
    """Content and every embed string of a message."""
    if message is None:
        return ""
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [(embed.get("footer") or {}).get("text") or ""]
    return "\n".join(p for p in parts if p)
