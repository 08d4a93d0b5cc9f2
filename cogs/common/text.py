"""The one way a cog gets text: catalogue sentences (`t`) and command strings (`command_text`).

Every user-facing string, English included, lives in `bot/texts/messages/<domain>.<locale>.json`;
code names keys only. A key starts with its catalogue's domain (`tables.err.stale`), and
the strings of slash commands follow one scheme in every domain:

    <domain>.cmd.<command>.name / .desc          a command or group (`tables.cmd.open.name`)
    <domain>.cmd.opt.<option>.name / .desc        an option, shared by the domain's commands
    <domain>.cmd.<command>.opt.<option>.desc      an option's description for one command
    <domain>.cmd.choice.<choice>                  a choice

`tests/texts/test_keys_in_code.py` finds every key named in `bot/` and `cogs/` and checks
it exists in every locale of its domain.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.app_commands import locale_str

from bot.texts.catalog import CLIP, clip, normalize_locale, t

__all__ = ["CLIP", "clip", "command_text", "locale_of", "t"]


def command_text(key: str) -> locale_str:
    """A command's name, description, option or choice: the English text from the catalogue,
    the other languages by `key` at sync time (`cogs/common/translator.py`)."""
    return locale_str(t(key), key=key)


def locale_of(interaction: discord.Interaction[Any]) -> str:
    """The catalogue locale of the user who made the interaction (private replies)."""
    return normalize_locale(interaction.locale)
