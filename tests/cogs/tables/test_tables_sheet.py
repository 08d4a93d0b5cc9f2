"""The score sheet on a phone and Play again, through the harness (docs/table-ux.md 2.2,
2.12): a 16-hand match's sheet within 36 columns in every language, and the finished
match's four seated again at a new table, by one click of one of them."""

from __future__ import annotations

import copy
import re
from dataclasses import replace
from typing import Any

import pytest

from bot.engine import RuleSet
from bot.tables import SeatKind, Status
from bot.texts.catalog import normalize_locale, t
from cogs.common.text import text_width
from cogs.tables.ui_sheet import MAKERS_MARK, SHEET_WIDTH, sheet_legend
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    custom_ids,
    fix_seed,
    message_text,
    seed_with_first_dealer,
    sheet_block,
    sheet_hands,
    start,
)
from tests.harness.limits import assert_ephemeral, assert_within_discord_limits

LONG = ("Annemarie van den Heuvel-Jansen!", "Bartholomeus Christiaan Verbeek2")
DISCORD_LOCALES = ("en-US", "nl", "pt-BR", "es-ES", "it")


async def played_out(kit: Kit, t: int) -> None:
    """Play the table's match to its end: computers by their timers, humans by clicks."""
    for _ in range(2000):
        await kit.run_computers(t)
        if not kit.table(t).is_open:
            return
        if kit.to_act(t) is not None:
            await kit.act(t)
    raise AssertionError("the match did not end")


async def finished_match(
    make_harness: StartHarness,
    monkeypatch: pytest.MonkeyPatch,
    names: tuple[str, str],
    **open_with: Any,
) -> tuple[Kit, int, int, int]:
    """Two humans (seats 1 and 3) and two computers, their match played out:
    (kit, table, first human, second human)."""
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    anna, bob = (kit.world.add_user(name) for name in names)
    t = await kit.open(anna, **open_with)
    await kit.click(f"kj:sit:{t}:2", bob)
    await kit.click(f"kj:fill:{t}", anna)
    await played_out(kit, t)
    return kit, t, anna, bob


def final_message(kit: Kit, t: int) -> dict[str, Any]:
    """The score sheet posted when table `t`'s match ended."""
    [final] = [
        m
        for m in kit.world.channel_messages(kit.world.channel_id)
        if m["content"].startswith(f"The match at table {t} is over")
    ]
    return final


async def test_a_16_hand_sheet_fits_36_columns_in_every_language(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, table_id, anna, bob = await finished_match(make_harness, monkeypatch, LONG)
    sheet = kit.table(table_id).match.sheet  # type: ignore[union-attr]
    assert len(sheet) == 16

    for locale in DISCORD_LOCALES:
        asked = await kit.harness.slash("table sheet", user=bob, locale=locale)
        assert_ephemeral(asked.reply)
        assert_within_discord_limits(asked.reply)
        description = asked.reply.embeds[0]["description"]
        block = sheet_block(description)
        widths = [text_width(row) for row in block]
        assert max(widths) <= SHEET_WIDTH, (locale, block)
        ours = normalize_locale(locale)
        header = block[0].split()
        pair = t_words("tables.pair.label", ours)
        assert header == ["#", *pair(1), *pair(2)], (locale, header)
        rows = sheet_hands(description)
        assert [(n, makers, *scores) for n, _, makers, *scores, _ in rows] == [
            (line.number, line.makers, *line.scores) for line in sheet
        ]
        totals = kit.table(table_id).match.totals  # type: ignore[union-attr]
        assert block[-1].split() == [t("tables.sheet.total", ours), *map(str, totals)]
        legend = description.splitlines()[-1]
        assert legend == sheet_legend(ours)
        assert_shows_the_makers_mark(legend)
        assert "Annemarie van den Heuve…" in description and LONG[0] not in description
    kit.check_payloads()


def assert_shows_the_makers_mark(legend: str) -> None:
    """The legend shows the star as written: not a Markdown list item (a bullet in its
    place), the star in code as in the sheet's block."""
    assert not re.match(r"\s*[-*+]\s", legend), legend
    assert f"`{MAKERS_MARK}`" in legend, legend


def test_the_legend_keeps_its_star_in_every_language() -> None:
    for locale in ("en", "nl", "pt-BR", "es-ES", "it"):
        assert_shows_the_makers_mark(sheet_legend(locale))


def t_words(key: str, locale: str) -> Any:
    """The words of a numbered label, as `split()` cuts a header into them."""
    return lambda n: t(key, locale, n=n).split()


async def test_play_again_seats_the_same_four_at_a_new_table(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna, bob = await finished_match(make_harness, monkeypatch, ("anna", "bob"), hands=1)
    carl = kit.world.add_user("carl")
    final = final_message(kit, t)
    seq = kit.table(t).seq
    assert custom_ids(final) == [f"kj:again:{t}:{seq}"]
    [[button]] = [row["components"] for row in final["components"]]
    assert button["label"] == "Play again"
    shown = copy.deepcopy(final)  # as a client still shows it after the click below
    finished_text = message_text(kit.public(t))
    assert "**Play again** there puts the same four at a new table." in finished_text

    outsider = await kit.click(f"kj:again:{t}:{seq}", carl)
    assert_ephemeral(outsider.reply)
    assert outsider.reply.content.startswith("Only the players of this match can play")
    stale = await kit.click(f"kj:again:{t}:{seq - 1}", anna, message=drawn(final, t, seq - 1))
    assert_ephemeral(stale.reply)
    assert stale.reply.content.startswith("The table moved on since this was shown")
    assert kit.service.in_channel(kit.world.channel_id) is None  # neither opened a table

    pressed = await kit.click(f"kj:again:{t}:{seq}", bob)

    new = kit.service.in_channel(kit.world.channel_id)
    assert new is not None and new.id != t and new.status == Status.LOBBY
    assert pressed.response.callback_type == 7  # the sheet's message, edited by the click
    edited = kit.world.messages[int(final["id"])]
    assert edited["components"] == [] and edited["embeds"] == final["embeds"]  # sheet kept
    assert f"<@{bob}> pressed **Play again**: table {new.id} is below" in edited["content"]
    seats = [(s.kind, s.user_id) for s in kit.table(new.id).seats]
    assert seats == [
        (SeatKind.HUMAN, anna),
        (SeatKind.COMPUTER, None),
        (SeatKind.HUMAN, bob),
        (SeatKind.COMPUTER, None),
    ]
    table_message = kit.public(new.id)
    assert custom_ids(table_message) == [f"kj:start:{new.id}", f"kj:leave:{new.id}"]
    assert "1 hand" in message_text(table_message)  # the same rules: one hand
    assert kit.table(new.id).rules == kit.table(t).rules

    # A second click (a client still showing the button) is refused; nothing opens.
    double = await kit.click(f"kj:again:{t}:{seq}", anna, message=shown)
    assert_ephemeral(double.reply)
    assert double.reply.content == f"This match has been played again already: table {new.id}."
    assert kit.service.in_channel(kit.world.channel_id).id == new.id  # type: ignore[union-attr]

    # The old sheet is still there to read: its table's Score sheet button answers.
    old_sheet = await kit.click(f"kj:sheet:{t}", carl, message=kit.public(t))
    assert_ephemeral(old_sheet.reply)
    rows = sheet_hands(old_sheet.reply.embeds[0]["description"])
    assert len(rows) == 1 and rows[0][3:5] == kit.table(t).match.sheet[0].scores  # type: ignore[union-attr]

    started = await kit.click(f"kj:start:{new.id}", anna)
    assert kit.table(new.id).status == Status.PLAYING
    assert_ephemeral(started.response)
    kit.check_payloads()


def drawn(message: dict[str, Any], t: int, seq: int) -> dict[str, Any]:
    """The final sheet's message with a Play again drawn for state `seq`."""
    row = {
        "type": 1,
        "components": [{"type": 2, "style": 3, "custom_id": f"kj:again:{t}:{seq}", "label": "x"}],
    }
    return {**message, "components": [row]}


async def test_a_league_table_ends_without_play_again(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    anna = kit.world.add_user("anna")
    rules = RuleSet.preset("amsterdam").with_options(match_hands=1, target_score=None)
    settings = replace(kit.cog.table_commands.defaults, league=True)
    opened = await kit.service.open(
        kit.world.guild_id, kit.world.channel_id, anna, "anna", rules, settings
    )
    t = opened.id
    assert await kit.cog.publisher.publish_now(t)
    await kit.service.start(t, anna, fill=True)
    await played_out(kit, t)

    final = final_message(kit, t)
    assert custom_ids(final) == []
    assert "Play again" not in message_text(kit.public(t))
    seq = kit.table(t).seq
    forged = await kit.click(f"kj:again:{t}:{seq}", anna, message=drawn(final, t, seq))
    assert_ephemeral(forged.reply)
    assert forged.reply.content == t_en("tables.err.again_league")
    assert kit.service.in_channel(kit.world.channel_id) is None
    kit.check_payloads()


def t_en(key: str) -> str:
    return t(key, "en")
