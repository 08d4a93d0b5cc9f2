"""The one look-up of a public message's language (cogs/common/locales.py): the table's
own, else the server's preferred locale as last seen in an interaction, else as the guild
cache has it, else the bot's default; remembered per bot."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.common.locales import note_guild_locale, public_locale


@dataclass(eq=False)
class Settings:
    default_locale: str = "en"


@dataclass(eq=False)
class Guild:
    preferred_locale: discord.Locale


@dataclass(eq=False)
class Bot:
    """What the look-up asks of the bot: its guild cache and its default."""

    guilds: dict[int, Guild] = field(default_factory=dict)
    settings: Settings = field(default_factory=Settings)

    def get_guild(self, guild_id: int) -> Guild | None:
        return self.guilds.get(guild_id)


@dataclass(eq=False)
class Interaction:
    client: Bot
    guild_id: int | None
    guild_locale: discord.Locale | None


def test_the_table_then_the_server_then_the_default() -> None:
    bot: Any = Bot(guilds={2: Guild(discord.Locale.italian)})
    assert public_locale(bot, 1) == "en"
    assert public_locale(bot, None) == "en"
    assert public_locale(bot, 2) == "it"  # from the guild cache
    assert public_locale(bot, 2, "nl") == "nl"  # a table's own language wins
    note_guild_locale(Interaction(bot, 1, discord.Locale.brazil_portuguese))
    note_guild_locale(Interaction(bot, 2, discord.Locale.dutch))
    assert public_locale(bot, 1) == "pt-BR"
    assert public_locale(bot, 2) == "nl"  # as last seen, over the cache
    note_guild_locale(Interaction(bot, None, discord.Locale.german))
    other: Any = Bot(settings=Settings("es-ES"))
    assert public_locale(other, 1) == "es-ES"  # each bot remembers its own
