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
from typing import Any, TypeVar, cast

import pytest

from bot.client import KlaverjasBot
from bot.engine import Match, RuleSet
from bot.engine.games import replay
from bot.services import Services
from bot.tables import FakeClock, Status, Table, TableService
from cogs.common.text import text_width
from cogs.tables import Tables
from cogs.tables.ui_sheet import SHEET_WIDTH
from tests.harness.harness import Harness
from tests.harness.limits import assert_ephemeral, assert_within_discord_limits, iter_components
from tests.harness.recorder import Call, Dispatch, shown_text
from tests.harness.world import CALLBACK
from tests.seeds import fix_seed

StartHarness = Callable[..., Awaitable[Harness]]
M = TypeVar("M")
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

    async def click_earlier(self, table_id: int, custom_id: str, user: int) -> Dispatch:
        """A click on `custom_id` as the table's message drew it earlier (`drawn_earlier`):
        a forged click, or a stale client's."""
        earlier = drawn_earlier(self.public(table_id), custom_id)
        return await self.click(custom_id, user, message=earlier)

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


# ------------------------------------------------------------ tables of three and two seats
async def open_with_computers(
    kit: Kit, preset: str, hands: int, seats: int, offers: str
) -> tuple[int, int]:
    """`/table open preset:<preset> hands:<hands>` by anna, who sits; Start with computers:
    (table, anna). The lobby offers the other seats of ``seats``, naming the preset and the
    computers it ``offers``; a seat past them is refused; /hint is the four-player game's."""
    anna = kit.world.add_user("anna")
    t = await kit.open(anna, preset=preset, hands=hands)
    lobby = kit.public(t)
    assert enabled(lobby["components"], "kj:sit:") == [f"kj:sit:{t}:{n}" for n in range(1, seats)]
    text = message_text(lobby)
    assert preset in text and offers in text
    bob = kit.world.add_user("bob")
    past = await kit.harness.slash("table join", {"seat": seats + 1}, user=bob)
    assert past.reply.content == f"There is no seat {seats + 1}: choose 1 to {seats}."
    await kit.click(f"kj:fill:{t}", anna)
    assert kit.table(t).status == Status.PLAYING and len(kit.table(t).seats) == seats
    hint = await kit.harness.slash("hint", user=anna)
    assert "for the four-player game only" in hint.replies[-1].text()
    return t, anna


def match_of(kit: Kit, t: int, kind: type[M]) -> M:
    """The table's match, a ``kind``."""
    match = kit.table(t).match
    assert isinstance(match, kind)
    return match


async def play_out(kit: Kit, t: int, act: Callable[[Kit, int], Awaitable[object]]) -> None:
    """The computers, and the person by ``act``, play until the table closes."""
    for _ in range(3000):
        await kit.run_computers(t)
        if not kit.table(t).is_open:
            break
        if kit.to_act(t) is not None:
            await act(kit, t)


async def assert_log_replays(kit: Kit, t: int, kinds: set[str]) -> None:
    """The stored action log (its actions of these ``kinds``) replays to the table's match."""
    table = kit.table(t)
    assert table.match is not None
    log = await kit.service.store.tables.actions(t)
    actions = [a.payload for a in log if a.payload.get("type") in kinds]
    replayed = replay(table.rules, f"{table.seed}/{table.match_no}", None, actions)
    assert replayed.to_dict() == table.match.to_dict()


def final_sheet(kit: Kit, t: int) -> str:
    """The description of the one message telling that the match at table ``t`` is over."""
    [final] = [
        m
        for m in kit.world.channel_messages(kit.world.channel_id)
        if m["content"].startswith(f"The match at table {t} is over")
    ]
    return cast(str, final["embeds"][0]["description"])


def assert_sheet_per_player(
    description: str, sheet: list[Any], totals: list[int], chooser: Callable[[Any], int]
) -> None:
    """A score sheet with a column per player: a row per line of the engine's ``sheet``
    (number, trump, each player's score with a * at who chose trump, nat or pit), the
    ``totals``, every row within the sheet's width."""
    assert _player_rows(description, len(totals)) == [
        (
            line.number,
            SUIT_SYMBOLS[line.trump.lower()],
            chooser(line),
            line.scores,
            "nat" if line.nat else "pit" if line.pit is not None else "",
        )
        for line in sheet
    ]
    assert re.search(r"^Total\s+" + r"\s+".join(map(str, totals)) + "$", description, re.M)
    assert all(text_width(row) <= SHEET_WIDTH for row in sheet_block(description))


SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def _player_rows(
    description: str, players: int
) -> list[tuple[int, str, int, tuple[int, ...], str]]:
    """(number, trump, who chose trump, the scores, flag) per hand row."""
    shape = re.compile(r"^ *(\d+) ([♣♦♥♠])" + r" +(\*?)(\d+)" * players + r"(?: (\S+))?$")
    rows = []
    for row in sheet_block(description)[1:-1]:
        found = shape.match(row)
        assert found is not None, row
        number, trump, *cells, flag = found.groups()
        marks, scores = cells[0::2], tuple(int(score) for score in cells[1::2])
        rows.append((int(number), trump, marks.index("*"), scores, flag or ""))
    return rows


async def restart_and_finish(
    make_harness: StartHarness,
    first: Kit,
    t: int,
    user: int,
    act: Callable[[Kit, int], Awaitable[object]],
    then: Callable[[Kit], Awaitable[None]] | None = None,
) -> None:
    """A new bot process (same database, same Discord) while ``user`` is to play: the table
    is as it was, a card of the hand shown before the restart plays (``then`` checks the
    new process after it), and the match goes on (by ``act``) to its end."""
    before = first.table(t).to_dict()
    hand_message = await first.hand(t, user)
    await first.harness.close()

    second = await start(make_harness)
    assert second.table(t).to_dict() == before
    card = enabled(hand_message.components, "kj:card:")[0]
    played = await second.click(card, user, message=hand_message.message_id)
    assert "You played" in played.response.text()
    if then is not None:
        await then(second)
    await play_out(second, t, act)
    assert second.table(t).status == Status.FINISHED
    second.check_payloads()
