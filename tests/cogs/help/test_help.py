"""/help through the offline harness: one private answer in the user's language, a quick
start and a menu of pages (one phone screen each) that together name every command the
tree holds in the reader's language: as mentions with the ids Discord gave the commands
where that language uses the default name (Discord draws a mention with the default name
in every language), else and while the ids are unknown as names in bold."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.settings import Settings
from bot.texts.catalog import normalize_locale, t
from cogs.help.ui import PAGES, command_lines, mention, page_of, slash_name
from tests.harness.harness import Harness
from tests.harness.limits import assert_ephemeral, assert_within_discord_limits
from tests.harness.recorder import Call
from tests.harness.world import FAKE_TOKEN, GLOBAL_COMMANDS, World, http_error

StartHarness = Callable[..., Awaitable[Harness]]
DISCORD_LOCALES = ("en-US", "nl", "pt-BR", "es-ES", "it")
OPEN_TABLE = {
    "en-US": "/table open",
    "nl": "/tafel openen",
    "pt-BR": "/mesa abrir",
    "es-ES": "/mesa abrir",
    "it": "/tavolo apri",
}
MENTION = re.compile(r"</([a-z -]+):(\d+)>")
BOLD_COMMAND = re.compile(r"\*\*(/[^*]+)\*\*")
PHONE_COLUMNS = 42  # characters of embed text a 400 px wide phone shows on a line
PHONE_LINES = 32  # lines of embed text on one phone screen, beside the title and buttons
PUBLISH = Settings(discord_token=FAKE_TOKEN)  # SYNC_COMMANDS unset: publish when changed
NEVER = Settings(discord_token=FAKE_TOKEN, sync_commands=False)


@pytest.fixture
async def published(make_harness: StartHarness) -> Harness:
    """A started bot that published its commands (so it knows their ids)."""
    return await make_harness(settings=PUBLISH)


def _page(call: Call) -> tuple[str, str, list[dict[str, Any]]]:
    """(title, description, menu buttons) of a /help answer."""
    [embed] = call.embeds
    buttons = [button for row in call.components for button in row["components"]]
    return embed["title"], embed["description"], buttons


def _published_ids(world: World) -> dict[str, int]:
    """The ids the fake Discord gave the published commands, by name."""
    [commands] = world.commands.values()
    return {command["name"]: int(command["id"]) for command in commands}


def _shown_lines(description: str, payloads_names: dict[str, str]) -> int:
    """How many lines the text takes on a phone: a mention shows the localised name."""
    text = MENTION.sub(lambda m: payloads_names.get(m[1], m[1]), description)
    text = text.replace("**", "")
    return sum(max(1, -(-len(line) // PHONE_COLUMNS)) for line in text.splitlines())


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_help_answers_privately_with_a_quick_start(published: Harness, locale: str) -> None:
    harness = published
    result = await harness.slash("help", locale=locale)

    reply = result.reply
    assert reply.callback_type == 4
    assert_ephemeral(reply)
    assert_within_discord_limits(reply)
    assert result.rest == []  # the ids came with the publish at start: no request now
    ours = normalize_locale(locale)
    title, text, menu = _page(reply)
    assert title == f"{t('help.title', ours)} · {t('help.page.start', ours)}"
    assert t("help.about", ours) in text
    assert f"**{t('help.start.title', ours)}**" in text
    ids = _published_ids(harness.world)
    if locale == "en-US":  # the default name, the group's id
        assert f"</table open:{ids['table']}>" in text
    else:  # a mention would show the English name: the reader's own, in bold
        assert f"**{OPEN_TABLE[locale]}**" in text and "</table open:" not in text
    if locale in ("en-US", "nl"):  # "/hand" in English and Dutch alike
        assert f"</hand:{ids['hand']}>" in text
    for button in ("tables.button.fill", "tables.button.hand", "tables.button.again"):
        assert f"**{t(button, ours)}**" in text
    # a table for three, by the option the reader's client names; ledig as a house option
    assert f"`{t('tables.cmd.opt.preset.name', ours)}: driemans`" in text
    assert "ledig" in text
    assert [b["label"] for b in menu] == [t(f"help.page.{page}", ours) for page in PAGES]
    assert [b["custom_id"] for b in menu] == [f"kj:help:{page}" for page in PAGES]
    assert [b["disabled"] for b in menu] == [page == "start" for page in PAGES]
    # the name is written once, the reader's own
    assert text.count(OPEN_TABLE[locale]) == 1


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_the_pages_name_every_command_once_each_on_one_phone_screen(
    published: Harness, locale: str
) -> None:
    harness = published
    tree = harness.bot.tree
    runnable = sorted(
        c.qualified_name
        for c in tree.walk_commands()
        if not hasattr(c, "walk_commands")  # groups are not runnable themselves
    )
    ids = _published_ids(harness.world)
    shown = await harness.slash("help", locale=locale)
    ours = normalize_locale(locale)
    payloads = await harness.bot.get_cog("Help")._command_payloads()  # type: ignore[union-attr]
    names = {name: slash_name(payloads, name, ours) for name in runnable}

    listed: list[str] = []
    for page in PAGES[1:]:
        clicked = await harness.click(f"kj:help:{page}", message=shown.reply, locale=locale)
        assert clicked.response.callback_type == 7  # the same private message, turned
        assert_within_discord_limits(clicked.response)
        title, text, menu = _page(clicked.response)
        assert title == t(f"help.page.{page}", ours)
        assert [b["disabled"] for b in menu] == [name == page for name in PAGES]
        found = MENTION.findall(text)
        assert all(int(command_id) == ids[name.split()[0]] for name, command_id in found)
        # a mention shows the default name: only where the reader's name is the same
        assert all(names[name] == f"/{name}" for name, _ in found), (locale, page)
        english = {local: name for name, local in names.items()}
        bold = [english[local] for local in BOLD_COMMAND.findall(text)]  # each the reader's
        named = [name for name, _ in found] + bold
        listed += [name for name in named if name not in ("rules", "roem", "legal")]
        listed += ["rules", "roem", "legal"] if page == "rules" else []
        assert _shown_lines(text, names) <= PHONE_LINES, (locale, page)
    assert sorted(listed) == sorted(set(runnable) - {"help"})
    assert "table bot add" in listed and "night close" in listed


async def test_a_menu_button_on_a_v2_message_turns_the_page_there(published: Harness) -> None:
    page = PAGES[1]
    message = published.world.v2_message_with(f"kj:help:{page}")

    clicked = await published.click(f"kj:help:{page}", message=message)

    assert clicked.response.callback_type == 7
    assert_within_discord_limits(clicked.response)
    assert f"## {t(f'help.page.{page}', 'en')}" in clicked.response.text()
    assert not published.world.messages[int(message["id"])]["embeds"]


async def test_without_published_ids_commands_are_named_in_bold(
    make_harness: StartHarness, world: World
) -> None:
    harness = await make_harness(settings=NEVER)

    first = await harness.slash("help", locale="nl")
    again = await harness.slash("help", locale="nl")

    # Discord was asked once (it holds no commands of ours yet), not at every /help.
    assert [c.route for c in first.rest] == [f"GET {GLOBAL_COMMANDS}"]
    assert again.rest == []
    _, text, _ = _page(first.reply)
    assert "</" not in text and "**/tafel openen**" in text and "**/hand**" in text


async def test_ids_are_asked_of_discord_when_not_published_here(
    make_harness: StartHarness, world: World
) -> None:
    first = await make_harness(settings=PUBLISH)
    ids = _published_ids(world)
    await first.close()
    harness = await make_harness(settings=NEVER)

    result = await harness.slash("help")

    assert [c.route for c in result.rest] == [f"GET {GLOBAL_COMMANDS}"]
    _, text, _ = _page(result.reply)
    assert f"</table open:{ids['table']}>" in text


async def test_a_restart_without_a_publish_keeps_the_ids_from_the_store(
    make_harness: StartHarness, world: World
) -> None:
    first = await make_harness(settings=PUBLISH)
    ids = _published_ids(world)
    await first.close()
    second = await make_harness(settings=PUBLISH)  # unchanged: nothing is published

    result = await second.slash("help")

    assert second.recorder.rest_calls("PUT") == [] and result.rest == []
    _, text, _ = _page(result.reply)
    assert f"</table open:{ids['table']}>" in text


async def test_a_failed_look_up_falls_back_to_names(
    make_harness: StartHarness, world: World
) -> None:
    harness = await make_harness(settings=NEVER)

    def refuse(call: Call) -> None:
        raise http_error(500, 0, "Internal Server Error")

    harness.recorder.override("GET", GLOBAL_COMMANDS, refuse)
    result = await harness.slash("help")

    assert_ephemeral(result.reply)
    _, text, _ = _page(result.reply)
    assert "</" not in text and "**/table open**" in text


def test_names_and_mentions_come_from_the_payloads() -> None:
    payloads = [
        {
            "name": "table",
            "name_localizations": {"nl": "tafel"},
            "description": "Play",
            "description_localizations": {"nl": "Spelen"},
            "options": [
                {
                    "type": 1,
                    "name": "open",
                    "name_localizations": {"nl": "openen"},
                    "description": "Open a table",
                    "description_localizations": {"nl": "Open een tafel"},
                    "options": [{"type": 5, "name": "thread", "description": "x"}],
                }
            ],
        },
        {"name": "about", "description": "About", "options": []},
        {
            "name": "league",
            "description": "League",
            "options": [{"type": 1, "name": "brand-new", "description": "Something new"}],
        },
    ]
    ids = {"table": 11, "about": 12}
    assert command_lines(payloads, "table", "en", ids) == ["</table open:11> · Open a table"]
    assert command_lines(payloads, "table", "nl", ids) == ["**/tafel openen** · Open een tafel"]
    assert command_lines(payloads, "table", "it", {}) == ["**/table open** · Open a table"]
    assert command_lines(payloads, "playing", "nl", ids) == ["</about:12> · About"]
    assert mention(payloads, "table open", "nl", {}) == "**/tafel openen**"
    assert slash_name(payloads, "no such", "nl") == "/no such"
    # A command no page names is still listed: a league one for organisers.
    assert page_of("league brand-new") == "organiser" and page_of("anything") == "playing"
    assert page_of("table new") == "table"
    assert command_lines(payloads, "organiser", "en", {}) == [
        "**/league brand-new** · Something new"
    ]
