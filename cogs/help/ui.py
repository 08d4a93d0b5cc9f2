"""The /help pages, built from plain command payloads so they can be checked without Discord.

A payload is what discord.py sends Discord for a command: `name`, `description`, their
`*_localizations` by Discord locale, and `options`, where type 1 is a subcommand and type 2
a group of subcommands. Our catalogue locales (`nl`, `pt-BR`, `es-ES`, `it`) are Discord
locale names, and English is the default text.

/help is a quick start and a menu of pages (Tables, Playing, Rules, League, Organiser),
each one phone screen. A command is named in the reader's language: as a mention
(`</table open:id>`, the default name and the top-level command's id, which runs it when
tapped) where that language calls it by its default name, since Discord draws a mention
with the default name in every language (discord/discord-api-docs#7309); elsewhere, and
while the ids are unknown, as the name the reader's client shows, in bold.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import discord

from cogs.common.components import EMBED_COLOUR, Component
from cogs.common.text import t
from cogs.help.items import page_component

__all__ = ["PAGES", "command_lines", "help_page", "mention", "page_of", "slash_name"]

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
START = "start"
PAGES = (START, "table", "playing", "rules", "league", "organiser")
MENU_ROW = 3  # page buttons a row: two even rows, as a phone would wrap them anyway

# The commands each page lists, by their English qualified names; a command no page names
# is listed by `page_of` (by its group: a table command under Tables, a league or night
# command for organisers, any other under Playing), so a new command is never missing.
PAGE_COMMANDS: Mapping[str, tuple[str, ...]] = {
    "table": (
        "table open",
        "table join",
        "table start",
        "table bot add",
        "table bot remove",
        "table leave",
        "table settings",
        "table close",
    ),
    "playing": (
        "hand",
        "hint",
        "table sheet",
        "table bump",
        "notify",
        "standings",
        "stats",
        "about",
    ),
    "rules": ("rules", "roem", "legal", "score", "cards"),
    "league": (
        "league join",
        "league leave",
        "night status",
        "night enter",
        "night confirm",
        "league standings",
        "league player",
        "league history",
        "league export",
    ),
    # the server-wide settings, and every other league and night command (by group)
    "organiser": ("challenge settings", "reset-ratings"),
}
_GROUP_PAGES = {"table": "table", "league": "organiser", "night": "organiser"}
NOT_LISTED = ("help",)  # /help itself: the reader is in it

# The commands the quick start names, by their English (qualified) names.
_STEPS = {"open": "table open", "join": "table join", "hand": "hand", "rules": "rules"}
# The buttons it names, by their catalogue keys.
_BUTTONS = {
    "start": "tables.button.start",
    "fill": "tables.button.fill",
    "button": "tables.button.hand",
    "again": "tables.button.again",
}
# The /table open options it names, by their catalogue keys (the names the reader's client shows).
_OPTIONS = {"preset": "tables.cmd.opt.preset.name"}


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


def mention(
    payloads: Sequence[Mapping[str, Any]], english: str, locale: str, ids: Mapping[str, int]
) -> str:
    """`</table open:123>` where `locale` calls the command by its default name (Discord
    draws a mention with that name in every language, and runs it when tapped); otherwise,
    or without the id, the name in `locale` in bold: `**/tafel openen**`."""
    local = slash_name(payloads, english, locale)
    command_id = ids.get(english.split()[0])
    if command_id is not None and local == f"/{english}":
        return f"</{english}:{command_id}>"
    return f"**{local}**"


def page_of(english: str) -> str:
    """The page that lists a command: the one naming it, else by its group."""
    for page, names in PAGE_COMMANDS.items():
        if english in names:
            return page
    return _GROUP_PAGES.get(english.split()[0], "playing")


def command_lines(
    payloads: Sequence[Mapping[str, Any]], page: str, locale: str, ids: Mapping[str, int]
) -> list[str]:
    """One line per command of `page`, in the page's order (then the tree's): its mention
    and its description in `locale`."""
    found = {
        english: description
        for payload in payloads
        for english, _, description in _leaves(payload, locale)
        if english not in NOT_LISTED and page_of(english) == page
    }
    order = {name: index for index, name in enumerate(PAGE_COMMANDS.get(page, ()))}
    ranked = sorted(found, key=lambda name: order.get(name, len(order)))
    return [f"{mention(payloads, name, locale, ids)} · {found[name]}" for name in ranked]


def _quick_start(payloads: Sequence[Mapping[str, Any]], locale: str, ids: Mapping[str, int]) -> str:
    names = {key: mention(payloads, english, locale, ids) for key, english in _STEPS.items()}
    labels = {key: t(label, locale) for key, label in {**_BUTTONS, **_OPTIONS}.items()}
    steps = t("help.start.body", locale, **names, **labels)
    title = f"**{t('help.start.title', locale)}**"
    return "\n\n".join([t("help.about", locale), f"{title}\n{steps}"])


def _page_text(
    payloads: Sequence[Mapping[str, Any]], page: str, locale: str, ids: Mapping[str, int]
) -> str:
    if page == START:
        return _quick_start(payloads, locale, ids)
    if page == "rules":
        named = {k: mention(payloads, k, locale, ids) for k in ("rules", "roem", "legal")}
        intro = "\n".join(
            [t("help.rules", locale, rules=named["rules"]), t("help.cards", locale, **named)]
        )
    else:
        intro = t(f"help.intro.{page}", locale)
    return "\n\n".join([intro, "\n".join(command_lines(payloads, page, locale, ids))])


def help_page(
    payloads: Sequence[Mapping[str, Any]], page: str, locale: str, ids: Mapping[str, int]
) -> tuple[discord.Embed, list[list[Component]]]:
    """Page `page` of /help in `locale` (an unknown page: the quick start), and the menu
    of pages under it in two rows (the page shown is the one not to press)."""
    page = page if page in PAGES else START
    title = t(f"help.page.{page}", locale)
    if page == START:
        title = f"{t('help.title', locale)} · {title}"
    embed = discord.Embed(
        title=title, description=_page_text(payloads, page, locale, ids), colour=EMBED_COLOUR
    )
    menu = [page_component(name, t(f"help.page.{name}", locale), name == page) for name in PAGES]
    return embed, [menu[:MENU_ROW], menu[MENU_ROW:]]
