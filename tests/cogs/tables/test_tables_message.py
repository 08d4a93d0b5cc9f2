"""The public table message at a glance (docs/table-ux.md 2.2): trump in the title, the trick
by seat with the engine's winning card marked, pairs named in the running score, only the
buttons that apply; and the score sheet with long names."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.engine import Hand, Phase
from bot.tables import Status
from cogs.common.text import card_text, suit_text, text_width
from cogs.tables.ui_sheet import SHEET_WIDTH
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
from tests.harness.limits import assert_ephemeral

NAMES = ("anna", "bob", "carl", "dirk")


async def four_players(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch, names: tuple[str, ...] = NAMES
) -> tuple[Kit, int, list[int]]:
    fix_seed(monkeypatch, seed_with_first_dealer(3))
    kit = await start(make_harness)
    users = [kit.world.add_user(name) for name in names]
    t = await kit.open(users[0])
    for seat in (1, 2, 3):
        await kit.click(f"kj:sit:{t}:{seat}", users[seat])
    await kit.click(f"kj:start:{t}", users[0])
    return kit, t, users


def embed(kit: Kit, t: int) -> dict[str, Any]:
    embeds: list[dict[str, Any]] = kit.public(t)["embeds"]
    return embeds[0]


def field(kit: Kit, t: int, index: int) -> dict[str, Any]:
    fields: list[dict[str, Any]] = embed(kit, t)["fields"]
    return fields[index]


def hand_of(kit: Kit, t: int) -> Hand:
    match = kit.table(t).match
    assert match is not None and match.hand is not None
    return match.hand


def seat_lines(value: str) -> dict[int, str]:
    """The trick field's line per seat (0-based), read by the seat number it starts with."""
    lines = {}
    for line in value.splitlines():
        found = re.match(r"(?:▶ )?([1-4])\. ", line)
        if found:
            lines[int(found[1]) - 1] = line
    return lines


async def test_trump_trick_winner_and_running_score_follow_the_engine(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    while hand_of(kit, t).phase == Phase.TRUMP:
        assert "trump" not in embed(kit, t)["title"]  # not chosen yet
        await kit.act(t)
    hand = hand_of(kit, t)
    assert hand.trump is not None
    assert embed(kit, t)["title"].endswith(f" · trump {suit_text(hand.trump, 'en')}")

    seen_winners = set()
    for _ in range(12):  # three tricks, card by card
        await kit.act(t)
        hand = hand_of(kit, t)
        trick, shown = field(kit, t, 0), seat_lines(field(kit, t, 0)["value"])
        assert len(shown) == 4
        if hand.current:
            assert trick["name"] == f"Trick {hand.trick_number} of 8"
            winner = hand.current_winner()
            played = {(hand.leader + i) % 4: c for i, c in enumerate(hand.current)}
        else:  # a trick was just taken: it stays on the table until the next card
            last = hand.last_trick
            assert last is not None
            winner = last.winner
            assert trick["name"] == f"Trick {len(hand.tricks)} · taken by {NAMES[winner]}"
            played = {last.seat_of(i): c for i, c in enumerate(last.cards)}
        assert winner is not None
        seen_winners.add(winner)
        for seat, line in shown.items():
            assert NAMES[seat] in line
            card = played.get(seat)
            assert (f"**{card_text(card, 'en')}**" in line) if card else line.endswith("— ·")
            assert line.endswith("🏆") == (seat == winner), (seat, line)

        # the hand's running score names each pair by its players
        points = [
            f"{hand.points[p]} + {hand.roem[p]} roem" if hand.roem[p] else str(hand.points[p])
            for p in (0, 1)
        ]
        assert field(kit, t, 1) == {
            "name": "This hand",
            "value": f"anna & carl **{points[0]}** – bob & dirk **{points[1]}**",
            "inline": False,
        }
        totals = kit.table(t).match.totals  # type: ignore[union-attr]
        assert field(kit, t, 2)["name"] == "Match"
        assert field(kit, t, 2)["value"].startswith(
            f"anna & carl **{totals[0]}** – bob & dirk **{totals[1]}**"
        )
    kit.check_payloads()


async def test_roem_and_last_trick_buttons_show_only_when_they_apply(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    windows = 0
    for _ in range(20):
        hand = hand_of(kit, t)
        ids = custom_ids(kit.public(t))
        assert (f"kj:roem:{t}" in ids) == hand.claim_open
        assert (f"kj:last:{t}" in ids) == (hand.last_trick is not None)
        assert f"kj:back:{t}" not in ids  # nobody is away
        windows += hand.claim_open
        await kit.act(t)
    assert windows >= 2  # the run passed through claim windows, and out of them again

    hand = hand_of(kit, t)
    last = hand.last_trick
    assert last is not None
    spectator = kit.world.add_user("eve")
    shown = await kit.click(f"kj:last:{t}", spectator, message=kit.public(t))
    assert_ephemeral(shown.reply)
    [answer] = shown.reply.embeds
    assert answer["title"] == f"Trick {len(hand.tricks)} · taken by {NAMES[last.winner]}"
    lines = seat_lines(answer["description"])
    for i, card in enumerate(last.cards):
        line = lines[last.seat_of(i)]
        assert f"**{card_text(card, 'en')}**" in line
        assert line.endswith("🏆") == (last.seat_of(i) == last.winner)
    kit.check_payloads()


async def test_the_dutch_message_uses_dutch_words_and_letters(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, seed_with_first_dealer(3))
    kit = await start(make_harness)
    users = [kit.world.add_user(name) for name in NAMES]
    t = await kit.open(users[0], language="nl")
    for seat in (1, 2, 3):
        await kit.click(f"kj:sit:{t}:{seat}", users[seat])
    await kit.click(f"kj:start:{t}", users[0])
    while hand_of(kit, t).phase == Phase.TRUMP:
        await kit.act(t)
    await kit.act(t)
    hand = hand_of(kit, t)
    assert hand.trump is not None
    assert embed(kit, t)["title"].endswith(f" · troef {suit_text(hand.trump, 'nl')}")
    assert field(kit, t, 0)["name"] == "Slag 1 van 8"
    assert f"**{card_text(hand.current[0], 'nl')}**" in field(kit, t, 0)["value"]
    assert [field(kit, t, i)["name"] for i in (1, 2)] == ["Dit spel", "Stand"]


LONG = (
    "Annemarie van den Heuvel-Jansen!",  # 32 characters
    "Bartholomeus Christiaan Verbeek2",
    "山田太郎山田太郎山田太郎山田太郎山田太郎山田太郎山田太郎山田太郎",  # 32 wide characters
    "Dirk-Jan `tick` van Oldenbarnevt",
)


async def test_the_sheet_fits_a_phone_and_names_the_pairs_with_32_character_names(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert all(len(name) == 32 for name in LONG)
    kit, t, users = await four_players(make_harness, monkeypatch, LONG)
    for _ in range(400):
        await kit.run_computers(t)
        match = kit.table(t).match
        if match is None or len(match.sheet) >= 3 or kit.table(t).status != Status.PLAYING:
            break
        await kit.act(t)
    assert len(kit.table(t).match.sheet) >= 3  # type: ignore[union-attr]

    # the table message shortens a long name with an ellipsis rather than cutting it off
    shown = message_text(kit.public(t))
    assert "Annemarie van den Heuve…" in shown and LONG[0] not in shown
    assert "山田太郎山田太郎山田太…" in shown

    asked = await kit.harness.slash("table sheet", user=users[1])
    description = asked.reply.embeds[0]["description"]
    block = sheet_block(description)
    assert block[0].split() == ["#", "Pair", "1", "Pair", "2"]
    assert len(sheet_hands(description)) == len(kit.table(t).match.sheet)  # type: ignore[union-attr]
    assert all(text_width(row) <= SHEET_WIDTH for row in block)
    # the names are above the block, shortened; none reaches into it
    assert "Pair 1: Annemarie van den Heuve… & 山田太郎山田太郎山田太…" in description
    assert "Dirk-Jan \\`tick\\` van Old…" in description
    assert not any(name[:8] in "\n".join(block) for name in LONG)
    kit.check_payloads()
