"""The language of public messages: the one look-up every feature uses.

A private answer speaks the language of whoever clicked (`cogs.common.text.locale_of`). A
public message (a table's message, a league night's check-in and results) is read by the
whole channel, so it speaks the language chosen for it (a table's own), else the server's
preferred locale, else the bot's default. The server's locale arrives with every
interaction (`guild_locale`), and the guard (cogs/common/replies.py) notes it here, so a
message a timer posts later, with no interaction at hand, still knows it.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.client import KlaverjasBot

__all__ = ["note_guild_locale", "public_locale"]

# Per bot (tests run several in one process): guild id -> its preferred locale, as seen.
_SEEN: weakref.WeakKeyDictionary[discord.Client, dict[int, str]] = weakref.WeakKeyDictionary()


def note_guild_locale(interaction: discord.Interaction[Any]) -> None:
    """Remember the preferred locale of the server an interaction came from."""
    if interaction.guild_id is not None and interaction.guild_locale is not None:
        seen = _SEEN.setdefault(interaction.client, {})
        seen[interaction.guild_id] = interaction.guild_locale.value


def public_locale(bot: KlaverjasBot, guild_id: int | None, chosen: str | None = None) -> str:
    """The language of a public message in a server: `chosen` (a table's language) when
    set, else the server's preferred locale (as last seen, else from the guild cache),
    else the bot's default."""
    if chosen:
        return chosen
    if guild_id is not None:
        known = _SEEN.get(bot, {}).get(guild_id)
        if known:
            return known
        guild = bot.get_guild(guild_id)
        if guild is not None:
            return guild.preferred_locale.value
    return bot.settings.default_locale
