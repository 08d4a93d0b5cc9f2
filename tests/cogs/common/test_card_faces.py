"""The card faces become the application's emojis at start-up (cogs/common/card_faces.py),
through the fake Discord's application-emoji endpoints: uploaded once, reused after,
uploaded anew when a face changes, and text when Discord refuses."""

from __future__ import annotations

import base64
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

import discord
import pytest

from bot.engine import CARDS, Card
from bot.pictures import cards as card_art
from cogs.common.card_faces import CardFaces, emoji_name
from tests.harness.harness import Harness
from tests.harness.recorder import Call
from tests.harness.world import APPLICATION_EMOJIS, EMOJI_NAME, World, http_error

StartHarness = Callable[..., Awaitable[Harness]]
JACK_OF_HEARTS = Card.parse("Jh")


def uploads(harness: Harness) -> list[Call]:
    return harness.rest_calls("POST", APPLICATION_EMOJIS)


def faces_of(harness: Harness) -> CardFaces:
    faces = harness.bot.card_faces
    assert isinstance(faces, CardFaces)
    return faces


async def test_the_first_start_uploads_32_faces_and_the_second_none(
    make_harness: StartHarness, world: World
) -> None:
    first = await make_harness()
    sent = uploads(first)
    assert len(sent) == 32
    assert {c.json["name"] for c in sent} == {emoji_name(card) for card in CARDS}
    assert all(EMOJI_NAME.fullmatch(c.json["name"]) for c in sent)
    image = sent[0].json["image"]
    assert image.startswith("data:image/png;base64,")
    assert base64.b64decode(image.split(",", 1)[1]) in {card_art.card_png(c) for c in CARDS}
    emoji = faces_of(first).emoji(JACK_OF_HEARTS)
    assert emoji is not None and emoji.name == emoji_name(JACK_OF_HEARTS)
    assert str(emoji.id) in {e["id"] for e in world.application_emojis.values()}
    await first.close()

    second = await make_harness()
    assert uploads(second) == []
    assert len(second.rest_calls("GET", APPLICATION_EMOJIS)) == 1
    assert faces_of(second).ready and len(world.application_emojis) == 32
    again = faces_of(second).emoji(JACK_OF_HEARTS)
    assert again is not None and again.id == emoji.id  # the same emoji, reused


async def test_a_changed_face_is_uploaded_under_a_new_name(
    make_harness: StartHarness, world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await make_harness()
    old = faces_of(first).emoji(JACK_OF_HEARTS)
    await first.close()

    drawn = card_art.card_png(JACK_OF_HEARTS)
    redrawn = drawn[:-12] + b"\x00" + drawn[-12:]  # stands for new art of the jack
    original_png, original_hash = card_art.card_png, card_art.card_hash

    def new_png(card: Card) -> bytes:
        return redrawn if card == JACK_OF_HEARTS else original_png(card)

    def new_hash(card: Card) -> str:
        return "a1b2c3" if card == JACK_OF_HEARTS else original_hash(card)

    monkeypatch.setattr("cogs.common.card_faces.card_png", new_png)
    monkeypatch.setattr("cogs.common.card_faces.card_hash", new_hash)
    second = await make_harness()
    [sent] = uploads(second)
    assert sent.json["name"] != (old.name if old else None)
    assert sent.json["name"] == "kj_jh_a1b2c3"
    assert base64.b64decode(sent.json["image"].split(",", 1)[1]) == redrawn
    new = faces_of(second).emoji(JACK_OF_HEARTS)
    assert new is not None and old is not None and new.id != old.id
    assert len(world.application_emojis) == 33  # the old face is kept (old messages show it)


async def test_a_refused_upload_leaves_text_and_one_log_line(
    database_path: Path, world: World, caplog: pytest.LogCaptureFixture
) -> None:
    refusals: list[Call] = []

    def refuse(call: Call) -> None:
        refusals.append(call)
        raise http_error(403, 50013, "Missing Permissions")

    caplog.set_level(logging.INFO, logger="cogs.common.card_faces")
    harness = Harness(database_path, world=world)
    harness.recorder.override("POST", APPLICATION_EMOJIS, refuse)
    async with harness:
        faces = faces_of(harness)
        assert not faces.ready
        assert all(faces.emoji(card) is None for card in CARDS)
    assert len(refusals) == 1  # it stops at the first refusal
    lines = [r for r in caplog.records if r.name == "cogs.common.card_faces"]
    [line] = lines
    assert line.levelno == logging.WARNING
    assert "shown as text" in line.getMessage() and "50013" in line.getMessage()


async def test_a_failed_listing_leaves_text_and_one_log_line(
    database_path: Path, world: World, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="cogs.common.card_faces")
    harness = Harness(database_path, world=world)

    def unavailable(call: Call) -> None:
        raise http_error(500, 0, "Internal Server Error")

    harness.recorder.override("GET", APPLICATION_EMOJIS, unavailable)
    async with harness:
        assert faces_of(harness).emoji(JACK_OF_HEARTS) is None
        assert uploads(harness) == []
    [line] = [r for r in caplog.records if r.name == "cogs.common.card_faces"]
    assert "listing" in line.getMessage() and "500" in line.getMessage()


async def test_an_upload_another_process_made_meanwhile_is_used(
    database_path: Path, world: World
) -> None:
    """Two processes of one bot (shards) may upload the same face at once: the loser of the
    race finds the winner's emoji in a second listing."""
    taken = emoji_name(JACK_OF_HEARTS)
    second = Harness(database_path, world=world)

    def race(call: Call) -> object:
        if call.json["name"] == taken:  # the other process got there first
            world._create_emoji(call.json)
            raise http_error(400, 50035, "Invalid Form Body: name already taken")
        return world._create_emoji(call.json)

    second.recorder.override("POST", APPLICATION_EMOJIS, race)
    async with second:
        assert faces_of(second).ready
        emoji = faces_of(second).emoji(JACK_OF_HEARTS)
        assert isinstance(emoji, discord.PartialEmoji) and emoji.name == taken


async def test_the_fake_discord_checks_uploads_as_discord_does(harness: Harness) -> None:
    bot = harness.bot
    png = card_art.card_png(JACK_OF_HEARTS)
    with pytest.raises(discord.HTTPException, match="name"):
        await bot.create_application_emoji(name="k", image=png)
    with pytest.raises(discord.HTTPException, match="name"):
        await bot.create_application_emoji(name="kj-jh", image=png)
    with pytest.raises(discord.HTTPException, match="already taken"):
        await bot.create_application_emoji(name=emoji_name(JACK_OF_HEARTS), image=png)
    too_big = png + b"\x00" * (256 * 1024)
    with pytest.raises(discord.HTTPException, match="256"):
        await bot.create_application_emoji(name="kj_big", image=too_big)
    made = await bot.create_application_emoji(name="kj_ok", image=png)
    assert made.name == "kj_ok" and made.id in harness.world.application_emojis
