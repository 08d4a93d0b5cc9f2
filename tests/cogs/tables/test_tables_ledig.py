"""A ledig table through the harness (docs/rules.md 2.10, a house rule): /table open turns it
on and the lobby and /table settings name it a house rule; the trump round offers Ledig to
the person to name trump; the partner sits out (no card buttons, a line saying so); the
hand ends and the sheet shows the ledig line; the phone budget holds for the new lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine import DeclareLedig, Phase, RuleSet
from bot.engine.ledig import trick_seats
from bot.pictures.table import table_picture
from bot.tables import private_hand, public_table
from cogs.tables.ui import public_parts
from cogs.tables.ui_hand import hand_payload
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    enabled,
    fix_seed,
    message_text,
    seed_with_first_dealer,
    start,
)
from tests.cogs.tables.test_tables_phone import (
    HAND_TEXT_LINES,
    LOCALES,
    TABLE_TEXT_LINES,
    button_lines,
    text_lines,
    texts,
)
from tests.cogs.tables.test_tables_play import play_until
from tests.cogs.tables.test_tables_review import carrying
from tests.harness.limits import assert_ephemeral, iter_components
from tests.tables.helpers import ALICE, BOB, CARL, DIRK, OPENED, open_service, table_with

LEDIG = RuleSet(ledig_enabled=True)


async def ledig_said(make_harness: StartHarness) -> tuple[Kit, int, int]:
    """A one-hand ledig table of anna (seat 1, first to name trump) and bob with two
    computers, where anna said ledig and the computers played on: (kit, table, anna)."""
    fix_seed(seed_with_first_dealer(3, LEDIG))
    kit = await start(make_harness)
    t, anna, _ = await kit.two_humans_playing(ledig=True, hands=1)
    hand = await kit.hand(t, anna)
    await kit.click(f"kj:ledig:{t}:{kit.table(t).seq}", anna, message=hand.message_id)
    await kit.run_computers(t)
    return kit, t, anna


async def refused_unchanged(kit: Kit, t: int, custom_id: str, user: int) -> str:
    """The last reply to a click on `custom_id` as drawn earlier, which left the table
    as it was."""
    before = kit.table(t).to_dict()
    refused = await kit.click_earlier(t, custom_id, user)
    assert kit.table(t).to_dict() == before
    return refused.replies[-1].text()


async def test_a_person_says_ledig_and_the_sheet_shows_the_ledig_line(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3, LEDIG))
    kit = await start(make_harness)
    anna, bob = kit.world.add_user("anna"), kit.world.add_user("bob")
    t = await kit.open(anna, ledig=True, hands=1)
    assert kit.table(t).rules.ledig_enabled
    assert "Rules: amsterdam + ledig (house rule) · 1 hand" in message_text(kit.public(t))
    settings = await kit.harness.slash("table settings", user=anna)
    assert "amsterdam + ledig (house rule)" in settings.reply.text()
    await kit.click(f"kj:sit:{t}:2", bob)
    for _ in range(2):
        await kit.click(f"kj:addbot:{t}", anna)
    await kit.click(f"kj:start:{t}", anna)

    assert kit.to_act(t) == (0, anna)
    hand = await kit.hand(t, anna)
    seq = kit.table(t).seq
    assert enabled(hand.components, "kj:ledig:") == [f"kj:ledig:{t}:{seq}"]
    assert len(enabled(hand.components, "kj:trump:")) == 5  # the suits and Pass, as before
    waiting = await kit.hand(t, bob)
    assert not enabled(waiting.components, "kj:ledig:")  # only to the seat to name trump

    said = await kit.click(f"kj:ledig:{t}:{seq}", anna, message=hand.message_id)
    assert_ephemeral(said.response)
    assert "You said ledig: take no trick." in said.response.text()
    match = kit.table(t).match
    assert match is not None and match.hand is not None and match.hand.ledig == 0
    await kit.run_computers(t)
    public = message_text(kit.public(t))
    assert "Ledig (house rule) by anna · bob sits out this hand" in public

    idle = await kit.hand(t, bob)
    assert "You sit out: your partner plays ledig." in idle.text()
    assert not enabled(idle.components, "kj:card:")
    assert "Your hand · ledig" in idle.text()

    await play_until(kit, t, lambda: not kit.table(t).is_open)
    [line] = kit.table(t).match.sheet  # type: ignore[union-attr]
    assert line.contract == "ledig" and line.chooser == 0
    assert sorted(line.scores) == [0, 50]
    sheet = kit.world.channel_messages(kit.world.channel_id)[-1]
    shown = str(sheet["embeds"])
    assert " ledig" in shown and "ledig (house rule): no trump" in shown
    review = await kit.click(f"kj:review:{t}:1", bob, message=carrying(kit, f"kj:review:{t}:1"))
    [embed] = review.response.json["data"]["embeds"]  # type: ignore[index]
    assert "Ledig (house rule) by anna · bob sits out" in embed["description"]
    rows = [row for row in embed["description"].split("\n") if row.startswith("`")]
    assert 1 <= len(rows) <= 8  # the tricks played until the declarer took one, or all
    for row in rows:  # three cards a trick, none of them bob's
        assert row.count(" · ") == 2 and "bob" not in row, row
    kit.check_payloads()


async def test_ledig_said_where_the_table_does_not_play_it_is_refused(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    t, anna, _ = await kit.two_humans_playing()
    hand = await kit.hand(t, anna)
    assert not enabled(hand.components, "kj:ledig:")
    refused = await refused_unchanged(kit, t, f"kj:ledig:{t}:{kit.table(t).seq}", anna)
    assert "This table does not play ledig." in refused


async def test_a_roem_claim_in_a_ledig_hand_is_refused_in_words(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, anna = await ledig_said(make_harness)
    match = kit.table(t).match
    assert match is not None and match.hand is not None and match.hand.ledig == 0
    assert not enabled((await kit.hand(t, anna)).components, "kj:roem:")
    refused = await refused_unchanged(kit, t, f"kj:roem:{t}", anna)
    assert "A ledig hand counts no roem: there is nothing to claim." in refused


async def test_ledig_is_refused_where_trump_is_not_named_in_turn(
    make_harness: StartHarness,
) -> None:
    kit = await start(make_harness)
    anna = kit.world.add_user("anna")
    result = await kit.harness.slash(
        "table open", {"preset": "online-classic", "ledig": True}, user=anna
    )
    assert_ephemeral(result.replies[-1])
    assert "ledig cannot be True" in result.replies[-1].text()
    assert kit.service.in_channel(kit.world.channel_id) is None


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_ledig_hand_fits_the_phone_budget(tmp_path: Path, locale: str) -> None:
    """The public message with its ledig line, the declarer's hand mid-trick and the idle
    partner's hand, in every language."""
    service = await open_service(tmp_path / "ledig.sqlite3")
    try:
        table = await table_with(service, {0: ALICE, 1: BOB, 2: CARL, 3: DIRK}, rules=LEDIG)
        live = service.registry.get(table.id)
        hand = live.match.hand  # type: ignore[union-attr]
        assert hand is not None and hand.phase == Phase.TRUMP
        seat = hand.to_act
        assert seat is not None
        trump_round = hand_payload(public_table(live), private_hand(live, seat), locale)
        rows = [
            c["components"]
            for c in iter_components(trump_round["components"])
            if c.get("type") == 1
        ]
        assert [b["label"] for b in rows[1]] == ["Ledig"]
        hand.apply(DeclareLedig(seat))
        live.seq += 1
        public = public_table(live)
        assert public.idle is not None and public.ledig == seat
        parts = public_parts(public, locale)
        assert sum(text_lines(text) for text in texts(parts)) <= TABLE_TEXT_LINES
        assert table_picture(public, public.idle).startswith(b"\x89PNG")  # no trump: a 0
        for shown in (public.to_act, public.idle):
            assert shown is not None
            components = hand_payload(public, private_hand(live, shown), locale)["components"]
            assert sum(text_lines(text) for text in texts(components)) <= HAND_TEXT_LINES
            rows = [c["components"] for c in iter_components(components) if c.get("type") == 1]
            assert button_lines([b["label"] for b in rows[-1]]) <= 2
            cards = [b for row in rows for b in row if b["custom_id"].startswith("kj:card:")]
            assert bool(cards) == (shown != public.idle)
    finally:
        while OPENED:
            await OPENED.pop().close()


async def test_a_ledig_hand_survives_a_restart(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, t, _ = await ledig_said(make_harness)
    before = first.table(t).to_dict()
    await first.harness.close()

    second = await start(make_harness)  # a new bot process: same database, same Discord
    assert second.table(t).to_dict() == before
    assert "bob sits out this hand" in message_text(second.public(t))
    await play_until(second, t, lambda: not second.table(t).is_open)
    [line] = second.table(t).match.sheet  # type: ignore[union-attr]
    assert line.ledig
    second.check_payloads()


def test_a_ledig_trick_skips_the_idle_seat() -> None:
    assert trick_seats(3, 1) == (3, 0, 2)
    assert trick_seats(0, None) == (0, 1, 2, 3)
