"""A whole 16-hand match by clicks; the posted score sheet checked against the engine."""

from __future__ import annotations

import re

import pytest

from bot.engine import Card, Match, SheetLine
from bot.tables import Status
from tests.cogs.tables.tables_kit import (
    CARD_TEXT,
    Kit,
    StartHarness,
    custom_ids,
    message_text,
    two_humans_started,
)

ENGINE_ACTIONS = {"trump", "pass", "play", "claim", "finish"}
CELL = re.compile(r"(\d+) \((\d+)(?:\+(\d+))?\)")


def assert_no_hand_in_public(kit: Kit, t: int) -> None:
    """Every card the public message shows has been played: none is still held."""
    table = kit.table(t)
    hand = table.match.hand if table.match is not None else None
    held = {card for cards in (hand.holdings if hand else []) for card in cards}
    shown = {Card.parse(text) for text in CARD_TEXT.findall(message_text(kit.public(t)))}
    assert not shown & held, f"held cards in the public message: {shown & held}"


def sheet_rows(description: str) -> list[tuple[int, ...]]:
    """(number, makers, score, points, roem for pair 1, then for pair 2) per hand line."""
    block = description.split("```")[1]
    header, *lines = block.strip("\n").splitlines()
    column = header.index("Makers")  # text columns are left-aligned under their header
    rows = []
    for row in lines[:-1]:
        cells = CELL.findall(row)
        assert len(cells) == 2, row
        makers = int(row[column:].split()[0])
        numbers = [int(row[:2]), makers]
        for score, points, roem in cells:
            numbers += [int(score), int(points), int(roem or 0)]
        rows.append(tuple(numbers))
    return rows


def expected_rows(sheet: list[SheetLine]) -> list[tuple[int, ...]]:
    return [
        (
            line.number,
            line.makers + 1,
            line.scores[0],
            line.points[0],
            line.roem[0],
            line.scores[1],
            line.points[1],
            line.roem[1],
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
    assert sheet_rows(description) == expected_rows(replayed.sheet)
    totals = replayed.totals
    assert re.search(rf"Total\s+{totals[0]}\s+{totals[1]}", description)
    assert ("win" if totals[0] != totals[1] else "shared result") in description
    for line in replayed.sheet:
        row = description.split("```")[1].splitlines()[line.number + 1]
        # One mark per line: a nat hand whose defenders took every trick shows "nat".
        pit_shown = line.pit is not None and not line.nat
        assert row.endswith("nat") == line.nat and row.endswith("pit") == pit_shown

    # /table sheet after the match shows the same lines; the table message is final.
    asked = await kit.harness.slash("table sheet", user=bob)
    assert sheet_rows(asked.reply.embeds[0]["description"]) == expected_rows(replayed.sheet)
    assert custom_ids(kit.public(t)) == [f"kj:sheet:{t}", f"kj:review:{t}:16"]
    assert "hand 16 of 16" in message_text(kit.public(t))
    kit.check_payloads()
