"""A whole 16-hand match by clicks; the posted score sheet checked against the engine."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.engine import Card, Match, SheetLine, Suit
from bot.tables import Status
from cogs.common.text import text_width
from cogs.tables.ui_sheet import SHEET_WIDTH, result_text
from tests.cogs.tables.tables_kit import (
    CARD_TEXT,
    Kit,
    StartHarness,
    custom_ids,
    message_text,
    sheet_block,
    sheet_hands,
    two_humans_started,
)
from tests.harness.limits import iter_components

ENGINE_ACTIONS = {"trump", "pass", "play", "claim", "finish"}


def assert_no_hand_in_public(kit: Kit, t: int) -> None:
    """Every card the public message shows has been played: none is still held."""
    table = kit.table(t)
    hand = table.match.hand if table.match is not None else None
    held = {card for cards in (hand.holdings if hand else []) for card in cards}
    shown = {Card.parse(text) for text in CARD_TEXT.findall(message_text(kit.public(t)))}
    assert not shown & held, f"held cards in the public message: {shown & held}"


def expected_rows(sheet: list[SheetLine]) -> list[tuple[int, str, int, int, int, str]]:
    """The engine's sheet as the score sheet shows it (`sheet_hands`): one mark per line,
    nat before pit (a nat hand whose defenders took every trick shows "nat")."""
    return [
        (
            line.number,
            Suit.parse(line.trump).symbol,
            line.makers,
            *line.scores,
            "nat" if line.nat else "pit" if line.pit is not None else "",
        )
        for line in sheet
    ]


async def test_a_full_match_and_its_score_sheet(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await two_humans_started(make_harness, monkeypatch)

    for _ in range(2000):
        await kit.run_computers(t)
        if not kit.table(t).is_open:
            break
        if kit.to_act(t) is not None:
            await kit.act(t)
        assert_no_hand_in_public(kit, t)
    table = kit.table(t)
    assert table.status == Status.FINISHED and table.match is not None

    # The engine, replayed from the stored action log, agrees with the table.
    log = await kit.service.store.tables.actions(t)
    actions = [a.payload for a in log if a.payload.get("type") in ENGINE_ACTIONS]
    replayed = Match.replay(table.rules, f"{table.seed}/{table.match_no}", None, actions)
    assert replayed.sheet == table.match.sheet and len(replayed.sheet) == 16
    assert replayed.result == table.match.result

    # The final score sheet was posted in the channel, and it is the engine's.
    [final] = [
        m
        for m in kit.world.channel_messages(kit.world.channel_id)
        if m["content"].startswith(f"The match at table {t} is over")
    ]
    description = final["embeds"][0]["description"]
    assert sheet_hands(description) == expected_rows(replayed.sheet)
    totals = replayed.totals
    assert re.search(rf"^Total\s+{totals[0]}\s+{totals[1]}$", description, re.M)
    assert ("win" if totals[0] != totals[1] else "shared result") in description
    assert all(text_width(row) <= SHEET_WIDTH for row in sheet_block(description))

    # /table sheet after the match shows the same lines; the table message is final.
    asked = await kit.harness.slash("table sheet", user=bob)
    assert sheet_hands(asked.reply.embeds[0]["description"]) == expected_rows(replayed.sheet)
    assert custom_ids(kit.public(t)) == [f"kj:sheet:{t}", f"kj:review:{t}:16"]
    assert "hand 16 of 16" in message_text(kit.public(t))
    assert shows_its_picture(kit.public(t))  # the final picture, not only attached
    assert result_text(kit.service.get(t).public, "en") in message_text(kit.public(t))
    kit.check_payloads()


async def test_a_table_closed_mid_match_says_the_score_and_how_to_play_again(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await two_humans_started(make_harness, monkeypatch)
    while not kit.table(t).match.sheet:  # type: ignore[union-attr]
        await kit.run_computers(t)
        if kit.to_act(t) is not None:
            await kit.act(t)
    await kit.flush()
    totals = kit.table(t).match.totals  # type: ignore[union-attr]
    assert shows_its_picture(kit.public(t))

    await kit.harness.slash("table close", user=anna)
    await kit.flush()

    assert kit.table(t).status == Status.CLOSED
    closed = message_text(kit.public(t))
    assert f"This table was closed after hand 1, at {totals[0]} – {totals[1]}." in closed
    assert "To play again, open a new table with /table open." in closed
    assert "hand 2 of 16" in closed and "anna" in closed and "bob" in closed
    assert shows_its_picture(kit.public(t))  # the picture it had stays shown
    kit.check_payloads()


def shows_its_picture(message: dict[str, Any]) -> bool:
    """Whether the message shows its attached picture: a media gallery names the file (a
    Components V2 message shows no file its components do not name)."""
    files = {a["filename"] for a in message["attachments"]}
    shown = {
        item["media"]["url"].removeprefix("attachment://")
        for c in iter_components(message["components"])
        if c.get("type") == 12
        for item in c["items"]
    }
    return bool(files) and files == shown
