"""The /help embed, built from plain command payloads so it can be checked without Discord.

A payload is what discord.py sends Discord for a command: `name`, `description`, their
`*_localizations` by Discord locale, and `options`, where type 1 is a subcommand and type 2
a group of subcommands. Our catalogue locales (`nl`, `pt-BR`, `es-ES`, `it`) are Discord
locale names, and English is the default text.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import discord

from cogs.common.components import EMBED_COLOUR
from cogs.common.text import t

__all__ = ["command_lines", "help_embed", "slash_name"]

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
FIELD_MAX = 1024  # Discord's limit for an embed field's value

# The commands the "how to start" steps name, by their English (qualified) names.
_STEPS = {"open": "table open", "join": "table join", "start": "table start", "hand": "hand"}


def _local(payload: Mapping[str, Any], field: str, locale: str) -> str:
    localised: Mapping[str, str] = payload.get(f"{field}_localizations") or {}
    return str(localised.get(locale, payload[field]))


def _leaves(
    payload: Mapping[str, Any], locale: str, english: str = "", local: str = ""
) -> Iterator[tuple[str, str, str]]:
    """(English qualified name, localised qualified name, localised description) per command
    a user can run: groups are walked down to their subcommands."""
    english = f"{english} {payload['name']}".strip()
    local = f"{local} {_local(payload, 'name', locale)}".strip()
    options = payload.get("options") or ()
    subs = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if not subs:
        yield english, local, _local(payload, "description", locale)
    for sub in subs:
        yield from _leaves(sub, locale, english, local)


def slash_name(payloads: Sequence[Mapping[str, Any]], english: str, locale: str) -> str:
    """`/tafel openen` for `table open` in Dutch: the name the user's client shows."""
    for payload in payloads:
        for name, local, _ in _leaves(payload, locale):
            if name == english:
                return f"/{local}"
    return f"/{english}"


def command_lines(payloads: Sequence[Mapping[str, Any]], locale: str) -> list[str]:
    """One line per command, in the order the tree holds them: name and description."""
    return [
        f"`/{local}` · {description}"
        for payload in payloads
        for _, local, description in _leaves(payload, locale)
    ]


def _chunks(lines: Sequence[str], limit: int = FIELD_MAX) -> list[str]:
    chunks: list[str] = []
    for line in lines:
        if chunks and len(chunks[-1]) + 1 + len(line) <= limit:
            chunks[-1] += "\n" + line
        else:
            chunks.append(line[:limit])
    return chunks


def _steps(names: Mapping[str, str], locale: str) -> str:
    button = t("tables.button.hand", locale)  # the button's own label, whatever it says
    return t("help.start.body", locale, button=button, **names)


def help_embed(payloads: Sequence[Mapping[str, Any]], locale: str) -> discord.Embed:
    """What the bot does, the four steps to a game, and every command, in `locale`."""
    names = {key: slash_name(payloads, english, locale) for key, english in _STEPS.items()}
    description = "\n\n".join(
        [
            t("help.about", locale),
            f"**{t('help.start.title', locale)}**\n{_steps(names, locale)}",
            t("help.rules", locale, rules=slash_name(payloads, "rules", locale)),
            t(
                "help.cards",
                locale,
                roem=slash_name(payloads, "roem", locale),
                legal=slash_name(payloads, "legal", locale),
            ),
        ]
    )
    embed = discord.Embed(
        title=t("help.title", locale), description=description, colour=EMBED_COLOUR
    )
    for index, chunk in enumerate(_chunks(command_lines(payloads, locale))):
        name = t("help.commands", locale) if index == 0 else "\u200b"
        embed.add_field(name=name, value=chunk, inline=False)
    return embed
