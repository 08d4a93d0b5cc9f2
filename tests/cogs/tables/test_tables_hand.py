"""The private hand (docs/table-ux.md 2.3): a Components V2 box with the trick seen from the
player's seat on one line, the cards that may be played as buttons (primary, trump first
and marked, rows that fit a phone's line), the others in words with why they may not be
played, and **Roem!** only while a claim applies to that player. Suits are told apart by
their symbols: no red "danger" buttons."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.engine import NO_ROEM, Phase, Roem, RoemKind, RoemPart, Suit, seats_around
from bot.engine.cards import Card
from bot.tables import PublicTrick, private_hand, public_table
from cogs.common.hand_cards import PHONE_LINE_PX, button_px
from cogs.common.text import card_text
from cogs.tables.ui import public_parts
from cogs.tables.ui_hand import TRUMP_MARK
from cogs.tables.ui_text import reason_text
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    action_rows,
    enabled,
    fix_seed,
    seed_with_first_dealer,
    start,
    text_displays,
)
from tests.harness.limits import IS_COMPONENTS_V2, assert_ephemeral

NAMES = ("anna", "bob", "carl", "dirk")
PRIMARY, SECONDARY, SUCCESS, DANGER = 1, 2, 3, 4


async def four_players(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> tuple[Kit, int, list[int]]:
    fix_seed(seed_with_first_dealer(3))
    kit = await start(make_harness)
    users = [kit.world.add_user(name) for name in NAMES]
    t = await kit.open(users[0])
    for seat in (1, 2, 3):
        await kit.click(f"kj:sit:{t}:{seat}", users[seat])
    await kit.click(f"kj:start:{t}", users[0])
    return kit, t, users


def card_buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [b for row in action_rows(message) for b in row if "kj:card:" in b["custom_id"]]


def code(button: dict[str, Any]) -> str:
    return str(button["custom_id"].rsplit(":", 1)[1])


def trump_first(cards: list[Card], trump: Suit | None) -> list[str]:
    return [c.code for c in cards if c.suit == trump] + [c.code for c in cards if c.suit != trump]


async def until(kit: Kit, t: int, done: Any, limit: int = 120) -> None:
    for _ in range(limit):
        if done():
            return
        await kit.act(t)
    raise AssertionError("the state was never reached")


async def test_playable_cards_as_buttons_trump_first_the_others_in_words_and_why(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    checked = 0
    for _ in range(60):
        found = kit.to_act(t)
        assert found is not None
        seat, user = found
        table = kit.table(t)
        hand = table.match.hand  # type: ignore[union-attr]
        if hand is not None and hand.phase == Phase.PLAY:
            mine = private_hand(table, seat)
            shown = await kit.hand(t, user)
            assert shown.body["flags"] & IS_COMPONENTS_V2
            assert_ephemeral(shown)
            buttons = card_buttons(shown.body)
            legal, trump = set(mine.legal), hand.trump
            playable = [c for c in mine.cards if c in legal]
            blocked = [c for c in mine.cards if c not in legal]
            assert [code(b) for b in buttons] == trump_first(playable, trump)
            for button in buttons:
                card = Card.parse(code(button))
                assert button["style"] == PRIMARY and not button.get("disabled")
                assert button["label"].endswith(TRUMP_MARK) == (card.suit == trump)
                assert card.suit.symbol in button["label"]  # told apart by the symbol
            assert all(b["style"] != DANGER for row in action_rows(shown.body) for b in row)
            rows = [r for r in action_rows(shown.body) if "kj:card:" in r[0]["custom_id"]]
            for row in rows:  # each row fits one line of a phone
                assert sum(button_px(b) for b in row) + 8 * (len(row) - 1) <= PHONE_LINE_PX
            suits = [Card.parse(code(b)).suit for row in rows for b in row]
            assert len(rows) <= len(dict.fromkeys(suits))  # never more rows than suits
            heading = text_displays(shown.body)[0]
            assert heading.startswith(f"-# Your hand · trump {trump.symbol}")  # type: ignore[union-attr]
            words = [x for x in text_displays(shown.body) if "\n-# Not playable now: " in x]
            if blocked:  # the others in words on one line, and why on the next
                [others] = words
                line, why_line = others.split("\n")
                assert line.replace(" · ", " ").split() == [
                    card_text(c, "en") + (TRUMP_MARK if c.suit == trump else "")
                    for c in sorted(blocked, key=lambda c: c.suit != trump)
                ]
                for reason in mine.reasons.values():  # each reason the engine gave
                    why = reason_text(reason, "en")  # going on after the colon
                    assert why[:1].lower() + why[1:] in why_line
                checked += 1
            else:
                assert words == []
            if checked >= 3:
                break
        await kit.act(t)
    assert checked >= 3
    kit.check_payloads()


async def test_the_trick_is_drawn_from_the_players_own_seat(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)

    def two_cards_down() -> bool:
        hand = kit.table(t).match.hand  # type: ignore[union-attr]
        return hand is not None and hand.phase == Phase.PLAY and len(hand.current) == 2

    await until(kit, t, two_cards_down)
    hand = kit.table(t).match.hand  # type: ignore[union-attr]
    assert hand is not None
    order = [(hand.leader + i) % 4 for i in range(len(hand.current))]
    winner = hand.current_winner()
    for viewer in range(4):
        shown = await kit.hand(t, users[viewer])
        cards = text_displays(shown.body)[1].split("\u2003")
        left, partner, right = seats_around(viewer)
        arrows = {partner: "⬆", left: "⬅", right: "➡", viewer: "⬇"}
        assert len(cards) == len(order)  # one a card played, in playing order
        for seat, place, card in zip(order, cards, hand.current, strict=True):
            assert place.startswith(f"{arrows[seat]} ")
            assert f"**{card.code[:-1].replace('T', '10')}{card.suit.symbol}**" in place
            assert ("🏆" in place) == (seat == winner), (seat, place)
            assert place.rstrip().endswith(" · led") == (seat == hand.leader), (seat, place)
    kit.check_payloads()


async def test_roem_shows_only_in_the_hands_a_claim_applies_to(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    shown_outside = await kit.hand(t, users[0])  # trump is being chosen: nothing to claim
    assert f"kj:roem:{t}" not in shown_outside.custom_ids()

    def window() -> bool:
        hand = kit.table(t).match.hand  # type: ignore[union-attr]
        return hand is not None and hand.claimable

    await until(kit, t, window)
    hand = kit.table(t).match.hand  # type: ignore[union-attr]
    assert hand is not None and hand.last_trick is not None
    takers = {hand.last_trick.winner % 2}
    for seat in range(4):
        shown = await kit.hand(t, users[seat])
        has = f"kj:roem:{t}" in enabled(shown.components, "kj:roem:")
        assert has == (seat % 2 in takers), seat
        assert f"kj:roem:{t}" in shown.custom_ids() if has else True
        roem = [b for b in shown.buttons() if b["custom_id"] == f"kj:roem:{t}"]
        assert all(not b["disabled"] and b["style"] == SUCCESS for b in roem)
    await kit.act(t)  # the next card closes the window
    for seat in range(4):
        assert f"kj:roem:{t}" not in (await kit.hand(t, users[seat])).custom_ids()
    kit.check_payloads()


ROEM_LINES = {
    "en": "roem 50, run of four, claimed by carl",
    "nl": "50 roem, vierkaart, gemeld door carl",
    "pt-BR": "roem 50, sequência de quatro, cantado por carl",
    "es-ES": "roem 50, escalera de cuatro, cantado por carl",
    "it": "roem 50, scala di quattro, dichiarato da carl",
}


async def test_the_claimed_roem_names_what_it_is_and_who_claimed_it_in_every_language(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit, t, users = await four_players(make_harness, monkeypatch)
    await until(kit, t, lambda: kit.table(t).match.hand.phase == Phase.PLAY)  # type: ignore[union-attr]
    public = public_table(kit.table(t))
    run = tuple(Card.parse(c) for c in ("7h", "8h", "9h", "Th"))
    roem = Roem(50, (RoemPart(RoemKind.RUN4, 50, run),))
    taken = PublicTrick(1, (run[1], run[2], run[3], run[0]), 2, roem, 2)
    claimed = dataclasses.replace(public, trick=(), last_trick=taken, trick_number=2)
    for locale, expected in ROEM_LINES.items():
        shown = "\n".join(p.get("content", "") for p in public_parts(claimed, locale))
        assert expected in shown, (locale, shown)
    counted = dataclasses.replace(taken, claimer=None)  # a table that counts roem itself
    shown = "\n".join(
        p.get("content", "")
        for p in public_parts(dataclasses.replace(claimed, last_trick=counted), "en")
    )
    assert "roem 50, run of four" in shown and "claimed by" not in shown
    nothing = dataclasses.replace(taken, roem=NO_ROEM, claimer=None)
    shown = "\n".join(
        p.get("content", "")
        for p in public_parts(dataclasses.replace(claimed, last_trick=nothing), "en")
    )
    assert "roem" not in shown.split("taken by")[1].split("**")[1]


def test_suits_are_never_red_buttons() -> None:
    from cogs.common.hand_cards import card_look
    from cogs.tables.items import trump_component

    for suit in Suit:
        assert trump_component(1, 1, suit, suit.symbol)["style"] == PRIMARY
        card = Card.parse(f"A{suit.letter}")
        playable = card_look(card, "en", None, False, True)
        assert playable["style"] == PRIMARY and not playable["disabled"]
        blocked = card_look(card, "en", None, False, False)
        assert blocked["style"] == SECONDARY and blocked["disabled"]
