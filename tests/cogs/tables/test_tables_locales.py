"""A table in the player's language: Portuguese texts for a Brazilian player, Dutch card
letters (boer, vrouw, heer) for a Dutch one, the engine's codes in every custom id."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.engine import Rank, Suit
from bot.tables import private_hand
from bot.texts.catalog import t
from cogs.tables.ui_hand import TRUMP_MARK, ordered_cards
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    buttons,
    enabled,
    fix_seed,
    message_text,
    seed_with_first_dealer,
    start,
    text_displays,
)
from tests.harness.limits import assert_ephemeral
from tests.harness.recorder import Call

DUTCH_LETTERS = {Rank.JACK: "B", Rank.QUEEN: "V", Rank.KING: "H", Rank.ACE: "A"}


async def lobby(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch, **where: Any
) -> tuple[Kit, int, int]:
    """Ana (seat 1) and two computers with Bia (seat 3); seat 4 deals, so Ana names trump
    and leads. Every interaction comes from a client and a server in `where`'s language."""
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    ana, bia = kit.world.add_user("ana"), kit.world.add_user("bia")
    opened = await kit.harness.slash("table open", {}, user=ana, **where)
    table = kit.service.in_channel(kit.world.channel_id)
    assert table is not None
    assert opened.replies[-1].content == t(
        "tables.done.opened", where["locale"], table=table.id, channel=f"<#{table.channel_id}>"
    )
    await kit.flush()
    await kit.click(f"kj:sit:{table.id}:2", bia, **where)
    await kit.click(f"kj:addbot:{table.id}", ana, **where)
    await kit.click(f"kj:addbot:{table.id}", ana, **where)
    await kit.click(f"kj:start:{table.id}", ana, **where)
    return kit, table.id, ana


async def my_hand(kit: Kit, table_id: int, user: int, **where: Any) -> Call:
    result = await kit.click(f"kj:hand:{table_id}", user, message=kit.public(table_id), **where)
    assert_ephemeral(result.response)
    return result.response


async def test_a_brazilian_player_reads_table_and_hand_in_portuguese(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    pt = {"locale": "pt-BR", "guild_locale": "pt-BR"}
    kit, table, ana = await lobby(make_harness, monkeypatch, **pt)
    assert "**ana** escolhe o trunfo" in message_text(kit.public(table))

    hand = await my_hand(kit, table, ana, **pt)
    assert text_displays(hand.body)[0].startswith("-# Sua mão")
    assert "Sua vez: escolha o trunfo ou passe." in hand.text()
    labels = [b["label"] for b in buttons(hand.components)]
    assert "♥ copas" in labels and "Passar" in labels and "Atualizar" in labels

    seq = kit.table(table).seq
    chose = await kit.click(f"kj:trump:{table}:{seq}:h", ana, message=hand.message_id, **pt)
    assert "Você escolheu ♥ copas como trunfo." in chose.response.text()
    assert "Trunfo ♥ copas, escolhido por ana" in message_text(kit.public(table))

    hand = await my_hand(kit, table, ana, **pt)
    assert text_displays(hand.body)[0].startswith("-# Sua mão · trunfo ♥ copas ★")
    assert "Sua vez: jogue uma carta." in hand.text()
    for english in ("Your hand", "trump", "hearts", "Refresh"):
        assert english not in hand.text() + str(hand.components), english
    kit.check_payloads()


async def test_a_dutch_player_sees_boer_vrouw_heer(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    nl = {"locale": "nl", "guild_locale": "nl"}
    kit, table, ana = await lobby(make_harness, monkeypatch, **nl)
    hand = await my_hand(kit, table, ana, **nl)
    seq = kit.table(table).seq
    await kit.click(f"kj:trump:{table}:{seq}:h", ana, message=hand.message_id, **nl)

    hand = await my_hand(kit, table, ana, **nl)
    cards = private_hand(kit.table(table), 0).cards
    shown = {
        b["custom_id"].rsplit(":", 1)[1]: b["label"]
        for b in buttons(hand.components)
        if b["custom_id"].startswith("kj:card:")
    }
    hearts_first = ordered_cards(cards, Suit.HEARTS)  # Ana leads: every card may be played
    assert list(shown) == [card.code for card in hearts_first]  # the engine's codes in ids
    for card in cards:
        letter = DUTCH_LETTERS.get(card.rank, card.rank.label)
        trump = TRUMP_MARK if card.suit == Suit.HEARTS else ""
        assert shown[card.code] == f"{letter}{card.suit.symbol}{trump}"
    assert not any(re.match(r"[JQK]", label) for label in shown.values())
    assert any(card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING) for card in cards)

    # The card Ana plays is named the Dutch way, in her note and on the public table.
    first = next(iter(shown))
    played = await kit.click(f"kj:card:{table}:{kit.table(table).seq}:{first}", ana, **nl)
    card = shown[first].removesuffix(TRUMP_MARK)
    assert f"Je speelde {card}." in played.response.text()
    assert card in message_text(kit.public(table))


async def test_computers_are_named_in_each_readers_language(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A computer seat is stored as "Computer 2"; a Spanish table names it *Ordenador 2*,
    a Brazilian one *Computador 2*, and each player's own hand uses their language."""
    es = {"locale": "es-ES", "guild_locale": "es-ES"}
    kit, table, ana = await lobby(make_harness, monkeypatch, **es)
    public = message_text(kit.public(table))
    assert "ana y bia – Ordenador 2 🤖 y Ordenador 4 🤖" in public
    assert "Repartidor: Ordenador 4" in public
    assert "Computer" not in public

    hand = await my_hand(kit, table, ana, **es)
    seq = kit.table(table).seq
    await kit.click(f"kj:trump:{table}:{seq}:h", ana, message=hand.message_id, **es)
    hand = await my_hand(kit, table, ana, **es)
    first = enabled(hand.components, "kj:card:")[0]  # ana leads; then Ordenador 2 is to play
    await kit.click(first, ana, message=hand.message_id, **es)
    hand = await my_hand(kit, table, ana, **es)
    assert "Ordenador 2" in hand.text() and "Computer" not in hand.text()
    pt = await my_hand(kit, table, ana, locale="pt-BR", guild_locale="es-ES")
    assert "Computador 2" in pt.text() and "Ordenador" not in pt.text()
    assert "elegido por ana" in message_text(kit.public(table))
    kit.check_payloads()
