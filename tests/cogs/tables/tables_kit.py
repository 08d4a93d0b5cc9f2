"""Helpers for the table cog's tests: a bot whose tables run on a FakeClock, and a driver.

Computers act through the service's own timers: the driver moves the fake clock to the
next deadline and calls `tick()`, exactly what the timer loop does in production, but only
while no human is to act (it never lets a human's turn timer run out unless asked to).
Humans act by clicking the buttons Discord would show them.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, cast

import pytest

from bot.client import KlaverjasBot
from bot.engine import Match, RuleSet
from bot.services import Services
from bot.tables import FakeClock, Table, TableService
from cogs.tables import Tables
from tests.harness.harness import Harness
from tests.harness.limits import assert_ephemeral, assert_within_discord_limits, iter_components
from tests.harness.recorder import Call, Dispatch, shown_text
from tests.harness.world import CALLBACK
from tests.seeds import fix_seed

StartHarness = Callable[..., Awaitable[Harness]]
CARD_TEXT = re.compile(r"(?:10|[7-9JQKA])[♣♦♥♠]")
# A hand's row of the score sheet: number, trump, each pair's score (* marks the makers'),
# and nat or pit.
SHEET_HAND = re.compile(r"^ *(\d+) ([♣♦♥♠]) +(\*?)(\d+) +(\*?)(\d+)(?: (\S+))?$")


class ClockedBot(KlaverjasBot):
    """The real bot, with a FakeClock for its tables and no timer loop: tests move time."""

    clock: FakeClock

    async def open_services(self) -> None:
        self.clock = FakeClock()
        self._services = await Services.open(
            self.settings.database_path, self.clock, seeds=self.seeds
        )


# Buttons only ever on a hand message.
HAND_BUTTONS = ("kj:card:", "kj:trump:", "kj:kraak:", "kj:ledig:", "kj:pick:", "kj:lay:")


def seed_with_first_dealer(dealer: int, rules: RuleSet | None = None) -> str:
    """A table seed whose first hand is dealt by seat `dealer` (the next seat names trump)."""
    for i in itertools.count():
        seed = f"kj-test-{i}"
        if Match(rules or RuleSet(), f"{seed}/1").first_dealer == dealer:
            return seed
    raise AssertionError("unreachable")


async def start(make_harness: StartHarness, **options: Any) -> Kit:
    """A started harness (ClockedBot) with edits published as soon as they are due."""
    options.setdefault("bot_class", ClockedBot)
    harness = await make_harness(**options)
    kit = Kit(harness)
    kit.cog.publisher.interval = 0
    await kit.flush()
    return kit


async def two_humans_started(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> tuple[Kit, int, int, int]:
    """A started harness with `Kit.two_humans_playing` done, the first dealer fixed at
    seat 4, so anna names trump first: (kit, table, anna, bob)."""
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    t, anna, bob = await kit.two_humans_playing()
    return kit, t, anna, bob


class Kit:
    def __init__(self, harness: Harness) -> None:
        self.harness = harness
        self.world = harness.world

    # ------------------------------------------------------------------ handles
    @property
    def bot(self) -> ClockedBot:
        assert isinstance(self.harness.bot, ClockedBot)
        return self.harness.bot

    @property
    def cog(self) -> Tables:
        # By name: load_extension imports the cog module afresh, so the classes differ.
        cog = self.bot.get_cog("Tables")
        assert cog is not None and type(cog).__name__ == "Tables"
        return cast(Tables, cog)

    @property
    def service(self) -> TableService:
        return self.bot.services.tables

    def table(self, table_id: int) -> Table:
        return self.service.registry.get(table_id)

    async def flush(self) -> None:
        """Let the publisher finish every pending edit of the public messages."""
        await self.harness.settle()
        await self.cog.publisher.flush()
        await self.cog.nudger.flush()
        await self.cog.notifier.flush()
        await self.harness.settle()

    def public(self, table_id: int) -> dict[str, Any]:
        message_id = self.cog.publisher.message_id(self.table(table_id))
        assert message_id is not None, "the table has no public message"
        return self.world.messages[message_id]

    # ------------------------------------------------------------------ actions
    async def open(self, user: int, **options: Any) -> int:
        result = await self.harness.slash("table open", options, user=user)
        assert_ephemeral(result.replies[-1])
        table = self.service.in_channel(self.world.channel_id)
        assert table is not None, result.replies[-1].content
        await self.flush()
        return table.id

    async def two_humans_playing(self, **options: Any) -> tuple[int, int, int]:
        """A started table of anna (seat 1) and bob (seat 3) with two computers:
        (table, anna, bob). `options` go to `open`."""
        anna, bob = self.world.add_user("anna"), self.world.add_user("bob")
        t = await self.open(anna, **options)
        await self.click(f"kj:sit:{t}:2", bob)
        for _ in range(2):
            await self.click(f"kj:addbot:{t}", anna)
        await self.click(f"kj:start:{t}", anna)
        return t, anna, bob

    async def click(self, custom_id: str, user: int, **context: Any) -> Dispatch:
        result = await self.harness.click(custom_id, user=user, **context)
        await self.flush()
        return result

    async def hand(self, table_id: int, user: int) -> Call:
        """Click My hand on the public message; the new ephemeral hand message."""
        result = await self.click(f"kj:hand:{table_id}", user, message=self.public(table_id))
        assert_ephemeral(result.response)
        return result.response

    async def on_hand(self, custom_id: str, user: int) -> Dispatch:
        """Open the user's hand and click `custom_id` on it (Bump and Leave are there)."""
        table_id = int(custom_id.split(":")[2])
        hand = await self.hand(table_id, user)
        return await self.click(custom_id, user, message=hand.message_id)

    def to_act(self, table_id: int) -> tuple[int, int] | None:
        """(seat, user id) of the human the table waits for, if any."""
        table = self.table(table_id)
        return table.waiting_for() if table.is_open else None

    async def run_computers(self, table_id: int, limit: int = 500) -> None:
        """Advance the clock deadline by deadline until a human must decide (or the end)."""
        clock = self.bot.clock
        for _ in range(limit):
            table = self.table(table_id)
            due = table.next_deadline()
            waiting = self.to_act(table_id) is not None and due == table.turn_deadline
            if not table.is_open or due is None or waiting:
                break
            clock.time = max(clock.time, due)
            await self.service.tick()
        await self.flush()

    async def act(
        self, table_id: int, choose: Callable[[list[str]], str] | None = None
    ) -> Dispatch:
        """The waiting human opens their hand and clicks an enabled card, trump or kraak
        button (the first, unless ``choose`` picks another)."""
        found = self.to_act(table_id)
        assert found is not None, "no human to act"
        _, user = found
        hand = await self.hand(table_id, user)
        options = [
            *enabled(hand.components, "kj:card:"),
            *enabled(hand.components, "kj:trump:"),
            *enabled(hand.components, "kj:kraak:"),
        ]
        assert options, f"nothing to click in {hand.text()}"
        pick = (choose or (lambda ids: ids[0]))(options)
        return await self.click(pick, user, message=hand.message_id)

    # ------------------------------------------------------------------ checks
    def check_payloads(self) -> None:
        """Every payload within Discord's limits; every hand ephemeral; no hand in public."""
        for call in self.harness.calls:
            if isinstance(call.json, dict):
                assert_within_discord_limits(call)
            if call.path == CALLBACK and call.callback_type not in (4, 5, 7):
                continue
            if call.message is None:  # refused by Discord (e.g. an expired token): not shown
                continue
            if any(cid.startswith(HAND_BUTTONS) for cid in call.custom_ids()):
                assert_ephemeral(call)


def enabled(components: list[dict[str, Any]], prefix: str) -> list[str]:
    return [
        c["custom_id"]
        for c in iter_components(components)
        if c.get("custom_id", "").startswith(prefix) and not c.get("disabled")
    ]


def buttons(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    return (c for c in iter_components(components) if c.get("type") == 2)


def message_text(message: dict[str, Any]) -> str:
    """Content, every embed string and every text display of a stored message."""
    return shown_text(message)


def sheet_block(description: str) -> list[str]:
    """The score sheet's monospaced lines: header, one row per hand, total."""
    return description.split("```")[1].strip("\n").splitlines()


def sheet_hands(description: str) -> list[tuple[int, str, int, int, int, str]]:
    """(number, trump, makers' pair 0 or 1, pair 1's score, pair 2's, flag) per hand row
    of the score sheet in an embed's description; a row in another shape fails."""
    rows = []
    for row in sheet_block(description)[1:-1]:
        found = SHEET_HAND.match(row)
        assert found is not None, row
        number, trump, mark1, score1, mark2, score2, flag = found.groups()
        assert (mark1, mark2) in (("*", ""), ("", "*")), row
        rows.append((int(number), trump, 0 if mark1 else 1, int(score1), int(score2), flag or ""))
    return rows


def drawn_earlier(message: dict[str, Any], *ids: str) -> dict[str, Any]:
    """The message as an earlier state drew it, with these buttons too: a click on a
    message that a later edit has not reached yet, which the service must refuse."""
    row = {"type": 1, "components": [{"type": 2, "style": 2, "custom_id": c} for c in ids]}
    return {**message, "components": [*message["components"], row]}


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for c in iter_components(message["components"]) if "custom_id" in c]


def action_rows(message: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The message's rows of buttons in order, wherever they sit (a V2 message keeps them in
    its container), each as its list of buttons."""
    return [
        list(c["components"])
        for c in iter_components(message.get("components") or [])
        if c.get("type") == 1
    ]


def text_displays(message: dict[str, Any]) -> list[str]:
    """The text displays of a Components V2 message, in order."""
    return [
        c["content"]
        for c in iter_components(message.get("components") or [])
        if c.get("type") == 10
    ]
