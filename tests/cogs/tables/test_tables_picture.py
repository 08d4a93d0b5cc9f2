"""The picture of the table on its public message (docs/table-ux.md 2.2): uploaded in the
publisher's own edit (one multipart request, no request more) when a trick is complete and
when a hand ends, kept while the next trick is played, with its alt text in words."""

from __future__ import annotations

import dataclasses
import re
from itertools import cycle
from typing import Any

import pytest

from bot.engine import Phase, Rank
from bot.pictures.table import table_picture
from bot.tables import Status, public_table
from cogs.tables.publisher import EditBudget
from cogs.tables.ui_picture import Moment, picture_due, picture_kept
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    fix_seed,
    message_text,
    seed_with_first_dealer,
    start,
    text_displays,
)
from tests.harness.limits import iter_components
from tests.harness.recorder import Call
from tests.harness.world import CHANNEL_MESSAGE, CHANNEL_MESSAGES

PNG = b"\x89PNG\r\n\x1a\n"


async def four_players(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> tuple[Kit, int, list[int]]:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    users = [kit.world.add_user(name) for name in ("anna", "bob", "carl", "dirk")]
    t = await kit.open(users[0])
    for seat in (1, 2, 3):
        await kit.click(f"kj:sit:{t}:{seat}", users[seat])
    await kit.click(f"kj:start:{t}", users[0])
    return kit, t, users


def galleries(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in iter_components(message["components"]) if c.get("type") == 12]


def captions(message: dict[str, Any]) -> list[str]:
    """The text under the picture that names what it shows, if any."""
    [box] = message["components"]
    parts = box["components"]
    after = [parts[i + 1] for i, part in enumerate(parts[:-1]) if part.get("type") == 12]
    return [part["content"] for part in after if "picture" in part.get("content", "")]


def uploads(kit: Kit) -> list[Call]:
    return [c for c in kit.harness.rest_calls("PATCH", CHANNEL_MESSAGE) if c.files]


async def test_a_complete_trick_uploads_the_picture_in_the_tables_own_edit(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    assert not galleries(kit.public(t)) and not uploads(kit)  # no picture before a trick
    posts = len(kit.harness.rest_calls("POST", CHANNEL_MESSAGES))

    def trick_taken() -> bool:
        hand = kit.table(t).match.hand  # type: ignore[union-attr]
        return hand is not None and hand.phase == Phase.PLAY and not hand.current and hand.tricks

    for _ in range(40):
        if trick_taken():
            break
        await kit.act(t)
    assert trick_taken()
    [upload] = uploads(kit)
    assert upload.files == ["table.png"] and upload.file_data[0].startswith(PNG)
    [attachment] = upload.json["attachments"]
    assert attachment["id"] == 0 and attachment["filename"] == "table.png"
    [gallery] = galleries(kit.public(t))
    [item] = gallery["items"]
    assert item["media"]["url"] == "attachment://table.png"
    assert item["description"].startswith("Trick 1 · taken by ")  # the picture in words
    assert item["description"] == attachment["description"]
    assert [a["filename"] for a in kit.public(t)["attachments"]] == ["table.png"]
    assert not captions(kit.public(t))  # the picture shows what the words say

    await kit.act(t)  # the next trick starts: the message keeps the picture, no upload
    hand = kit.table(t).match.hand  # type: ignore[union-attr]
    assert hand is not None and len(hand.current) == 1
    assert len(uploads(kit)) == 1
    last = kit.harness.rest_calls("PATCH", CHANNEL_MESSAGE)[-1]
    assert "attachments" not in last.json  # kept, not sent again
    assert galleries(kit.public(t)) == [gallery]
    # the words show trick 2 now: a caption under the picture names the one it shows
    [caption] = captions(kit.public(t))
    assert caption.startswith("-# In the picture: trick 1 · taken by ")
    assert "Trick 2 of 8" in message_text(kit.public(t))
    assert len(kit.harness.rest_calls("POST", CHANNEL_MESSAGES)) == posts  # no post for it
    kit.check_payloads()


async def test_the_end_of_a_hand_uploads_a_picture_with_the_new_score(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    for _ in range(80):
        match = kit.table(t).match
        assert match is not None
        if match.sheet:
            break
        await kit.act(t)
        await kit.run_computers(t)
    match = kit.table(t).match
    assert match is not None and match.sheet and match.hand is not None
    assert match.hand.phase == Phase.TRUMP
    [gallery] = galleries(kit.public(t))
    description = gallery["items"][0]["description"]
    assert f"Match: anna & carl {match.totals[0]} – {match.totals[1]} bob & dirk" in description
    assert "Trick" not in description  # the new hand has no trick yet: the score pad
    # at most one upload per trick, and one for the hand's end
    assert len(uploads(kit)) <= len(match.sheet) * 8 + 1
    kit.check_payloads()


async def test_the_picture_budget_gives_hands_ends_first() -> None:
    now = [0.0]
    budget = EditBudget(rate=2.0, burst=4.0, clock=lambda: now[0])
    assert [budget.spare(keep=2) for _ in range(3)] == [True, True, False]  # tricks: half
    assert [budget.spare() for _ in range(3)] == [True, True, False]  # hands' ends: the rest
    now[0] += 0.5  # one turn a half second
    assert budget.spare() and not budget.spare()
    now[0] += 10
    assert budget.spare(keep=2)
    assert EditBudget(rate=0).spare()  # no budget set: no limit


async def test_pictures_are_due_once_per_trick_taken_and_per_hands_end(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    for _ in range(40):
        hand = kit.table(t).match.hand  # type: ignore[union-attr]
        if hand is not None and hand.phase == Phase.PLAY and hand.tricks and not hand.current:
            break
        await kit.act(t)
    public = public_table(kit.table(t))
    taken = Moment(0, public.trick_number - 1)
    assert picture_due(public, None) == taken
    assert picture_due(public, taken) is None  # drawn already
    assert picture_due(public, Moment(0, 0)) == taken
    under_way = dataclasses.replace(public, trick=public.last_trick.cards[:1])  # type: ignore[union-attr]
    assert picture_due(under_way, taken) is None  # the next trick keeps it
    assert picture_due(under_way, Moment(0, 0)) == taken  # not drawn in between: now
    ended = dataclasses.replace(public, sheet=(object(),))  # type: ignore[arg-type]
    assert picture_due(ended, taken) == Moment(1, 0)  # a hand's end, whatever the state
    assert picture_due(ended, Moment(1, 0)) == Moment(1, public.trick_number - 1)
    lobby = dataclasses.replace(public, status=Status.LOBBY)
    assert picture_due(lobby, None) is None


async def test_a_spent_picture_budget_skips_tricks_but_not_hands_ends(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    kit.cog.publisher.pictures = EditBudget(rate=0.001, burst=1.0)  # one picture, ever
    for _ in range(80):
        match = kit.table(t).match
        assert match is not None
        if match.sheet:
            break
        await kit.act(t)
        await kit.run_computers(t)
    match = kit.table(t).match
    assert match is not None and match.sheet
    [upload] = uploads(kit)  # every trick went without: the one turn went to the hand's end
    [attachment] = upload.json["attachments"]
    assert "Trick" not in attachment["description"]
    assert f"{match.totals[0]} – {match.totals[1]}" in attachment["description"]


async def test_a_picture_of_an_earlier_hand_is_not_kept_beside_a_new_one(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    for _ in range(40):  # the first trick gets its picture
        if uploads(kit):
            break
        await kit.act(t)
    assert galleries(kit.public(t))
    kit.cog.publisher.pictures = EditBudget(rate=0.001, burst=0.5)  # no more pictures
    for _ in range(80):
        match = kit.table(t).match
        assert match is not None
        if match.sheet:
            break
        await kit.act(t)
        await kit.run_computers(t)
    assert kit.table(t).match.sheet  # type: ignore[union-attr]
    assert len(uploads(kit)) == 1
    assert not galleries(kit.public(t))  # the first hand's trick is not shown any more
    assert kit.public(t)["attachments"] == []  # and its file is gone
    kit.check_payloads()


async def test_a_dutch_tables_picture_prints_dutch_letters(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[Any] = []

    def recording(public: Any, viewer: Any, names: Any = None, ranks: Any = None) -> bytes:
        drawn.append(ranks)
        return table_picture(public, viewer, names, ranks)

    # before the harness starts: it imports the cogs afresh, with the name as it is then
    monkeypatch.setattr("bot.pictures.table.table_picture", recording)
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    anna, bob = (kit.world.add_user(name) for name in ("anna", "bob"))
    t = await kit.open(anna, language="nl")
    await kit.click(f"kj:sit:{t}:2", bob)
    await kit.click(f"kj:fill:{t}", anna)
    for _ in range(40):
        if drawn:
            break
        await kit.run_computers(t)
        await kit.act(t)
    assert drawn and all(ranks is not None for ranks in drawn)
    assert [drawn[0][rank] for rank in (Rank.JACK, Rank.QUEEN, Rank.KING)] == ["B", "V", "H"]


TRICK = re.compile(r"Trick (\d) (?:of 8|· taken by)")
TAKEN = re.compile(r"Trick (\d) · taken by")


def trick_numbers(message: dict[str, Any]) -> tuple[int | None, int | None, str]:
    """(the trick the words show, the trick the picture shows, the caption under it): the
    picture's trick read from its alt text, which says it in words."""
    words = [text for text in text_displays(message) if "In the picture" not in text]
    in_words = [int(n) for text in words for n in TRICK.findall(text)]
    [gallery] = galleries(message) or [None]
    alt = gallery["items"][0]["description"] if gallery is not None else ""
    pictured = TAKEN.match(alt)
    [caption] = captions(message) or [""]
    return (
        in_words[0] if in_words else None,
        int(pictured.group(1)) if pictured else None,
        caption,
    )


async def test_cards_played_between_two_edits_leave_the_picture_a_trick_behind_at_most(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cards played faster than the message is edited (Discord's pace, or a busy bot) reach
    the message in one edit: its picture shows the trick in words or the one before, and
    a caption names the trick whenever it is not the one the words show."""
    kit, t, users = await four_players(make_harness, monkeypatch)
    publisher = kit.cog.publisher
    publisher.pictures = EditBudget(rate=0)  # the pace of the edits is what is tried here
    real_schedule = publisher.schedule
    held: list[int] = []
    checked = 0
    for step in cycle((1, 2, 3, 5, 6, 4, 7)):  # cards played before the message is edited
        monkeypatch.setattr(publisher, "schedule", lambda table_id, **_: held.append(table_id))
        for _ in range(step):
            if len(kit.table(t).match.sheet) == 2:  # type: ignore[union-attr]
                break
            await kit.run_computers(t)  # a claim window's time runs out
            await kit.act(t)
        monkeypatch.setattr(publisher, "schedule", real_schedule)
        real_schedule(t)
        await kit.flush()
        in_words, pictured, caption = trick_numbers(kit.public(t))
        if in_words is not None and pictured is not None:
            assert in_words - 1 <= pictured <= in_words, (in_words, pictured)
            checked += 1
        taken_in_words = f"Trick {in_words} · taken by" in message_text(kit.public(t))
        if pictured is not None and (pictured != in_words or not taken_in_words):
            assert caption.startswith(f"-# In the picture: trick {pictured} · taken by ")
        if len(kit.table(t).match.sheet) == 2:  # type: ignore[union-attr]
            break
    assert held and checked >= 8
    kit.check_payloads()


async def test_a_picture_more_than_a_trick_behind_is_taken_off(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the picture budget spent, the picture of trick 1 stays while trick 2 is played
    and taken, and goes once trick 3 is under way: no caption naming a trick long gone."""
    kit, t, users = await four_players(make_harness, monkeypatch)
    for _ in range(40):  # the first trick gets its picture
        if uploads(kit):
            break
        await kit.act(t)
    kit.cog.publisher.pictures = EditBudget(rate=0.001, burst=0.5)  # no more pictures
    await kit.run_computers(t)
    await kit.act(t)  # trick 2 under way: trick 1's picture, named by its caption
    assert galleries(kit.public(t)) and captions(kit.public(t))

    def taken() -> int:
        hand = kit.table(t).match.hand  # type: ignore[union-attr]
        return len(hand.tricks) if hand is not None else 0

    while taken() < 2:
        await kit.run_computers(t)
        await kit.act(t)
    assert "Trick 2 · taken by" in message_text(kit.public(t))
    [caption] = captions(kit.public(t))  # a trick behind, and named
    assert caption.startswith("-# In the picture: trick 1 · taken by ")
    await kit.run_computers(t)
    await kit.act(t)  # trick 3 under way
    assert "Trick 3 of 8" in message_text(kit.public(t))
    assert not galleries(kit.public(t)) and kit.public(t)["attachments"] == []
    kit.check_payloads()
    public = public_table(kit.table(t))
    assert not picture_kept(Moment(0, 1), public) and picture_kept(Moment(0, 2), public)
    assert not picture_kept(None, public) and not picture_kept(Moment(1, 2), public)
