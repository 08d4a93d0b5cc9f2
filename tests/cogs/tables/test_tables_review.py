"""The review after a hand: the hand trick by trick and as dealt, only once it is scored."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cogs.common.text import card_text, cards_text
from cogs.common.text import t as text
from cogs.tables.ui_text import WINNING_MARK, pair_names
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    custom_ids,
    two_humans_started,
)
from tests.harness.limits import EPHEMERAL, assert_ephemeral
from tests.harness.recorder import Call


def carrying(kit: Kit, custom_id: str) -> dict[str, Any]:
    """A message in the channel with a Review button (an old or doctored one): Discord
    routes a click only from a message that carries the button."""
    button = {"type": 2, "style": 2, "label": "Review", "custom_id": custom_id}
    return kit.world.new_message(
        kit.world.channel_id, {"components": [{"type": 1, "components": [button]}]}
    )


async def from_sheet(kit: Kit, t: int, user: int) -> Call:
    """Score sheet, pressed on the table message: the private sheet with Review hand N."""
    sheet = (await kit.click(f"kj:sheet:{t}", user, message=kit.public(t))).response
    assert_ephemeral(sheet)
    return sheet


async def play_until_scored(kit: Kit, t: int, hands: int = 1) -> None:
    for _ in range(200):
        match = kit.table(t).match
        assert match is not None
        if len(match.sheet) >= hands:
            return
        if kit.to_act(t) is not None:
            await kit.act(t)
        else:
            await kit.run_computers(t)
    raise AssertionError("the hand was never scored")


async def test_review_replays_the_hand_trick_by_trick_and_shows_it_as_dealt(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await two_humans_started(make_harness, monkeypatch)
    assert not [c for c in custom_ids(kit.public(t)) if c.startswith("kj:review:")]
    early = await kit.click(f"kj:review:{t}:1", bob, message=carrying(kit, f"kj:review:{t}:1"))
    assert early.reply.content.startswith("Hand 1 has not been scored")  # nothing revealed
    dealt = f"kj:review:{t}:1:d"
    early = await kit.click(dealt, bob, message=carrying(kit, dealt))
    assert early.reply.content.startswith("Hand 1 has not been scored")  # nor of its deal

    await play_until_scored(kit, t)

    assert f"kj:sheet:{t}" in custom_ids(kit.public(t))
    sheet = await from_sheet(kit, t, bob)
    assert f"kj:review:{t}:1" in sheet.custom_ids()  # the sheet carries the last hand's
    review = await kit.click(f"kj:review:{t}:1", bob, message=sheet.message_id)
    assert review.response.callback_type == 7  # the sheet's answer becomes the review
    assert_ephemeral(kit.world.messages[sheet.message_id])
    [embed] = review.response.json["data"]["embeds"]  # type: ignore[index]
    assert embed["title"] == f"Table {t} · hand 1, trick by trick"
    match = kit.table(t).match
    assert match is not None
    line = match.sheet[0]
    tricks = (await kit.service.review(t, 1)).tricks
    rows = [row for row in embed["description"].split("\n") if row.startswith("`")]
    assert [row.split("`")[1] for row in rows] == [str(n) for n in range(1, 9)]
    for row, trick in zip(rows, tricks, strict=True):  # the cards in playing order
        shown = re.findall(r"\*\*([^*]+)\*\*", row)[:4]
        assert shown == [card_text(card, "en") for card in trick.cards], row
        assert row.count(WINNING_MARK) == 1
    for pair in (0, 1):
        names = pair_names(kit.service.get(t).public.seats, pair, "en")
        said = f"{names}: card points {line.points[pair]}, roem {line.roem[pair]}"
        assert f"{said} → **{line.scores[pair]}**" in embed["description"]
    assert len(embed["description"].split("\n")) <= 2 * 8 + 6  # one phone screen

    as_dealt = await kit.click(dealt, bob, message=sheet.message_id)
    [embed] = as_dealt.response.json["data"]["embeds"]  # type: ignore[index]
    assert embed["title"] == f"Table {t} · hand 1 as dealt"
    for seat, cards in enumerate(match.deal_of(1)):
        assert sorted(cards_text(cards, "en").split()) == sorted(
            embed["description"].split("\n")[2 * seat + 1].split()
        )
    assert f"kj:review:{t}:1" in as_dealt.response.custom_ids()  # back to the tricks
    kit.check_payloads()


async def test_stale_and_unknown_review_clicks_are_refused(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await two_humans_started(make_harness, monkeypatch)
    await play_until_scored(kit, t)

    playing_now = await kit.click(
        f"kj:review:{t}:2", anna, message=carrying(kit, f"kj:review:{t}:2")
    )  # hand 2 is being played
    assert playing_now.reply.content.startswith("Hand 2 has not been scored")
    never = await kit.click(f"kj:review:{t}:99", anna, message=carrying(kit, f"kj:review:{t}:99"))
    assert never.reply.content.startswith("Hand 99 has not been scored")
    gone = f"kj:review:{t + 50}:1"
    unknown = await kit.click(gone, anna, message=carrying(kit, gone))
    assert unknown.reply.content == text("tables.err.unknown_table", "en")
    for result in (playing_now, never, unknown):
        assert_ephemeral(result.reply)


async def test_a_review_browses_the_scored_hands_in_place(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await two_humans_started(make_harness, monkeypatch)
    await play_until_scored(kit, t, hands=2)

    sheet = await from_sheet(kit, t, bob)
    second = (await kit.click(f"kj:review:{t}:2", bob, message=sheet.message_id)).response
    assert_ephemeral(second)
    reviews = [c for c in second.custom_ids() if c.startswith("kj:review:")]
    assert reviews == [f"kj:review:{t}:1", f"kj:review:{t}:2:d"]  # no hand 3 yet
    assert [b["label"] for b in second.buttons()][:2] == ["◀ Review hand 1", "As dealt"]

    first = await kit.click(f"kj:review:{t}:1", bob, message=second.message_id)
    assert first.response.callback_type == 7  # the same message, now hand 1
    [embed] = first.response.json["data"]["embeds"]  # type: ignore[index]
    assert embed["title"] == f"Table {t} · hand 1, trick by trick"
    assert [c for c in first.response.custom_ids() if c.startswith("kj:review:")] == [
        f"kj:review:{t}:1:d",
        f"kj:review:{t}:2",
    ]
    assert f"kj:an:t:{t}:1:" in " ".join(first.response.custom_ids())  # Analyse, hand 1
    title = kit.world.messages[second.message_id]["embeds"][0]["title"]
    assert title.endswith("hand 1, trick by trick")
    kit.check_payloads()


async def test_a_review_button_on_a_private_v2_message_browses_there(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await two_humans_started(make_harness, monkeypatch)
    await play_until_scored(kit, t)
    message = kit.world.v2_message_with(f"kj:review:{t}:1")
    message["flags"] |= EPHEMERAL  # as a private message of that kind would be

    review = await kit.click(f"kj:review:{t}:1", bob, message=message)

    assert review.response.callback_type == 7
    assert f"Table {t} · hand 1, trick by trick" in review.response.text()
    assert not kit.world.messages[int(message["id"])]["embeds"]
