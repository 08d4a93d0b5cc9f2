"""The card faces as the application's own emojis (docs/discord-tables.md, "Card faces").

The 32 faces are drawn by `bot/pictures/cards.py`. At start-up `CardFaces.sync` lists the
application's emojis (GET /applications/{id}/emojis), keeps those whose name is a card's
current name and uploads the others (POST, one per missing card): a name carries a hash of
the face's PNG (`kj_jh_3fa09c`), so a second start uploads nothing and new art is uploaded
under new names. Emojis of older art are kept, not deleted: messages already sent show
them, and during a rolling restart a process of the previous version still uses them
(they are 32 of the application's 2,000; the Developer Portal deletes them by hand).

Until the sync has succeeded, and for good if it fails, `emoji(card)` answers None and the
messages show the cards as text; a failure is logged in one line saying why. Application
emojis belong to the application, so this needs no permission in any server.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Final

import aiohttp
import discord

from bot.engine import CARDS, Card
from bot.pictures.cards import card_hash, card_png

__all__ = ["EMOJI_PREFIX", "CardFaces", "emoji_name"]

log = logging.getLogger(__name__)

EMOJI_PREFIX: Final = "kj_"


def emoji_name(card: Card) -> str:
    """The card's emoji name: prefix, card code and a hash of its face (`kj_jh_3fa09c`)."""
    return f"{EMOJI_PREFIX}{card.code.lower()}_{card_hash(card)}"


class SyncFailed(Exception):
    """Why the card emojis could not be made ready (the one log line says this)."""


class CardFaces:
    """The card emojis the messages use: all 32 once `sync` succeeded, none before."""

    def __init__(self) -> None:
        self._emojis: Mapping[Card, discord.PartialEmoji] = {}
        self.uploaded = 0  # how many faces the last sync uploaded

    def emoji(self, card: Card) -> discord.PartialEmoji | None:
        """The emoji showing `card`, or None: show the card as text."""
        return self._emojis.get(card)

    @property
    def ready(self) -> bool:
        """Whether every card has its emoji."""
        return len(self._emojis) == len(CARDS)

    async def sync(self, client: discord.Client) -> bool:
        """Make the application's emojis hold every card's current face, uploading only
        the missing ones; True when all 32 are ready. A failure leaves the cards as text
        and logs one line."""
        try:
            emojis = await self._sync(client)
        except SyncFailed as error:
            log.warning("card emojis unavailable, cards are shown as text: %s", error)
            return False
        self._emojis = emojis
        log.info(
            "card emojis ready: %d uploaded, %d already there",
            self.uploaded,
            len(CARDS) - self.uploaded,
        )
        return True

    async def _sync(self, client: discord.Client) -> dict[Card, discord.PartialEmoji]:
        # Drawing the faces takes a fraction of a second: off the event loop.
        names = await asyncio.to_thread(lambda: {card: emoji_name(card) for card in CARDS})
        found = await _list(client)
        emojis: dict[Card, discord.PartialEmoji] = {}
        self.uploaded = 0
        for card, name in names.items():
            emoji = found.get(name)
            if emoji is None:
                try:
                    image = await asyncio.to_thread(card_png, card)
                    emoji = await _upload(client, name, image)
                except SyncFailed:
                    # Another process of this bot may have uploaded it meanwhile.
                    found = await _list(client)
                    if name not in found:
                        raise
                    emoji = found[name]
                else:
                    self.uploaded += 1
            emojis[card] = discord.PartialEmoji(name=emoji.name, id=emoji.id)
        return emojis


_FAILURES: Final = (discord.DiscordException, aiohttp.ClientError, OSError, asyncio.TimeoutError)


async def _list(client: discord.Client) -> dict[str, discord.Emoji]:
    try:
        emojis = await client.fetch_application_emojis()
    except _FAILURES as error:
        raise SyncFailed(f"listing the application's emojis failed ({_describe(error)})") from error
    return {emoji.name: emoji for emoji in emojis}


async def _upload(client: discord.Client, name: str, image: bytes) -> discord.Emoji:
    try:
        return await client.create_application_emoji(name=name, image=image)
    except _FAILURES as error:
        raise SyncFailed(f"uploading {name} failed ({_describe(error)})") from error


def _describe(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"{error.status} {error.code}: {error.text}"
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
