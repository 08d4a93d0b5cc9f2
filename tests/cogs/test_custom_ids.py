"""Every custom id in use, pinned: messages already in Discord carry them, so each must go
on parsing to the same fields and be drawn again exactly as written.

A button's custom id is read back by the item whose template matches it (exactly one), and
the item that reading makes draws the same id again. The literal ids below are what the
bot has sent; changing a template or a builder so that one of them no longer round-trips
breaks the buttons of every message already posted.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

import cogs.analysis.items as analysis
import cogs.challenge.items as challenge
import cogs.standings.items as standings
import cogs.tables.items as tables
from cogs.analysis.items import AnalyseButton
from cogs.challenge.items import BidButton, ChallengeButton
from cogs.challenge.items import CardButton as ChallengeCardButton
from cogs.help.items import HelpPageButton
from cogs.league.form import SheetForm
from cogs.league.items import CheckButton, ConfirmButton
from cogs.rules.items import RulesTopicSelect
from cogs.standings.items import NewSeasonButton, RatingPageButton, StandingsPageButton
from cogs.standings.ui import page_custom_id, parse_page_custom_id
from cogs.tables.items import (
    AgainButton,
    CardButton,
    KraakButton,
    LayDownButton,
    LeaveAnswerButton,
    LedigButton,
    PickButton,
    ReviewButton,
    SitButton,
    TableButton,
    TrumpButton,
)

# Every item a cog routes clicks to (`add_routed_items` in each cog's `cog_load`).
ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    *tables.ALL_ITEMS,
    *challenge.ALL_ITEMS,
    *standings.ALL_ITEMS,
    *analysis.ALL_ITEMS,
    RulesTopicSelect,
    CheckButton,
    ConfirmButton,
    HelpPageButton,
)

# (custom id as sent, the item that reads it, the fields it carries)
PINNED: list[tuple[str, type[discord.ui.DynamicItem[Any]], dict[str, str]]] = [
    *(
        (f"kj:{kind}:42", TableButton, {"action": kind, "table": "42"})
        for kind in (
            "hand",
            "refresh",
            "roem",
            "sheet",
            "last",
            "back",
            "leave",
            "start",
            "addbot",
            "bump",
            "fill",
        )
    ),
    ("kj:sit:42:3", SitButton, {"table": "42", "seat": "3"}),
    ("kj:card:42:17:Ah", CardButton, {"table": "42", "seq": "17", "card": "Ah"}),
    ("kj:card:42:17:7c", CardButton, {"table": "42", "seq": "17", "card": "7c"}),
    ("kj:trump:42:5:d", TrumpButton, {"table": "42", "seq": "5", "choice": "d"}),
    ("kj:trump:42:5:pass", TrumpButton, {"table": "42", "seq": "5", "choice": "pass"}),
    (
        "kj:kraak:42:6:1:call",
        KraakButton,
        {"table": "42", "seq": "6", "level": "1", "answer": "call"},
    ),
    (
        "kj:kraak:42:7:3:pass",
        KraakButton,
        {"table": "42", "seq": "7", "level": "3", "answer": "pass"},
    ),
    ("kj:ledig:42:5", LedigButton, {"table": "42", "seq": "5"}),
    ("kj:leave:42:9:yes", LeaveAnswerButton, {"table": "42", "seq": "9", "answer": "yes"}),
    ("kj:leave:42:9:no", LeaveAnswerButton, {"table": "42", "seq": "9", "answer": "no"}),
    ("kj:review:42:3", ReviewButton, {"table": "42", "hand": "3", "deal": ""}),
    ("kj:review:42:3:d", ReviewButton, {"table": "42", "hand": "3", "deal": ":d"}),
    ("kj:again:42:120", AgainButton, {"table": "42", "seq": "120"}),
    ("kj:pick:42:8:", PickButton, {"table": "42", "seq": "8", "cards": ""}),
    ("kj:pick:42:8:Ah", PickButton, {"table": "42", "seq": "8", "cards": "Ah"}),
    ("kj:pick:42:8:7cTs", PickButton, {"table": "42", "seq": "8", "cards": "7cTs"}),
    ("kj:lay:42:8:7cTs", LayDownButton, {"table": "42", "seq": "8", "cards": "7cTs"}),
    *(
        (f"kj:chl:{kind}:7", ChallengeButton, {"kind": kind, "challenge": "7"})
        for kind in ("start", "look", "board", "open")
    ),
    (
        "kj:chl:card:7:2:11:Td",
        ChallengeCardButton,
        {"challenge": "7", "deal": "2", "seq": "11", "card": "Td"},
    ),
    ("kj:chl:bid:7:2:0:s", BidButton, {"challenge": "7", "deal": "2", "seq": "0", "suit": "s"}),
    ("kj:chl:bid:7:2:0:pass", BidButton, {"challenge": "7", "deal": "2", "suit": "pass"}),
    ("kj:rules:topic:-:e", RulesTopicSelect, {"variant": "-", "shown": "e"}),
    ("kj:rules:topic:rotterdam:p", RulesTopicSelect, {"variant": "rotterdam", "shown": "p"}),
    *(
        (f"kj:standings:99:{period}:1:0", StandingsPageButton, {"period": period, "page": "0"})
        for period in ("week", "month", "year", "all")
    ),
    ("kj:standings:99:week:0:3", StandingsPageButton, {"guild": "99", "humans": "0"}),
    ("kj:ratings:99:2", RatingPageButton, {"guild": "99", "page": "2"}),
    ("kj:ratings:season:99:4", NewSeasonButton, {"guild": "99", "season": "4"}),
    ("kj:league:in:31:6", CheckButton, {"kind": "in", "night": "31", "version": "6"}),
    ("kj:league:out:31:6", CheckButton, {"kind": "out", "night": "31", "version": "6"}),
    (
        "kj:league:ok:31:2:0:1",
        ConfirmButton,
        {"night": "31", "round": "2", "table": "0", "version": "1"},
    ),
    *(
        (f"kj:help:{page}", HelpPageButton, {"page": page})
        for page in ("start", "table", "playing", "rules", "league", "organiser")
    ),
    ("kj:an:t:42:3:0a1b2c3d", AnalyseButton, {"kind": "t", "source": "42", "hand": "3"}),
    ("kj:an:c:7:11:ffffffff", AnalyseButton, {"kind": "c", "check": "ffffffff"}),
]


def _template(item: type[discord.ui.DynamicItem[Any]]) -> re.Pattern[str]:
    template: re.Pattern[str] = item.__discord_ui_compiled_template__  # type: ignore[attr-defined]
    return template


@pytest.mark.parametrize(("custom_id", "item", "fields"), PINNED, ids=[p[0] for p in PINNED])
async def test_a_pinned_custom_id_parses_and_is_drawn_again(
    custom_id: str, item: type[discord.ui.DynamicItem[Any]], fields: dict[str, str]
) -> None:
    readers = [other for other in ITEMS if _template(other).fullmatch(custom_id)]
    assert readers == [item]
    match = _template(item).fullmatch(custom_id)
    assert match is not None
    assert {name: match[name] or "" for name in fields} == fields
    made = await item.from_custom_id(None, None, match)  # type: ignore[arg-type]
    assert made.custom_id == custom_id


@pytest.mark.parametrize(
    "custom_id", ["kj:standings:99:month:1:4", "kj:standings:1234567890123:all:0:0"]
)
def test_a_standings_page_id_round_trips(custom_id: str) -> None:
    target = parse_page_custom_id(custom_id)
    assert target is not None and page_custom_id(target) == custom_id


@pytest.mark.parametrize("custom_id", ["kj:league:sheet:31:2:0:0", "kj:league:sheet:31:2:3:555"])
def test_a_sheet_form_id_round_trips(custom_id: str) -> None:
    form = SheetForm.of(custom_id)
    assert form is not None and form.custom_id == custom_id
    assert not any(_template(item).fullmatch(custom_id) for item in ITEMS)


def test_every_routed_item_has_a_pinned_id() -> None:
    assert {item for _, item, _ in PINNED} == set(ITEMS)
