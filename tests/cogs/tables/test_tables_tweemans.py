"""A two-seat table (two-player Klaverjas) by clicks, from `/table open preset:tweemans`
with one person and one computer: the maker's trump (no Pass), cards played from the hand
and from the face-up piles, the table's picture on its message (both tables in its alt
text, not twice in words), to the final sheet with a column per player and the final
picture; and a restart in the middle of a hand, after which the picture comes back."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.engine import (
    TWO_PLAYERS,
    Card,
    TweemansMatch,
    TweemansMatchResult,
    TweemansPhase,
)
from bot.tables import PublicTable, Status
from cogs.tables.ui_sheet import result_text
from tests.cogs.tables.tables_kit import (
    Kit,
    StartHarness,
    assert_log_replays,
    assert_sheet_per_player,
    enabled,
    final_sheet,
    match_of,
    message_text,
    open_with_computers,
    restart_and_finish,
    start,
)
from tests.cogs.tables.test_tables_match import shows_its_picture
from tests.harness.limits import assert_ephemeral, iter_components
from tests.harness.recorder import Dispatch

ENGINE_ACTIONS = {"trump", "pass", "play", "claim", "finish"}


async def open_two(kit: Kit, hands: int = 2) -> tuple[int, int]:
    """`/table open preset:tweemans hands:2` by anna, who sits; Start with computers:
    (table, anna). The lobby offers two seats."""
    return await open_with_computers(kit, "tweemans", hands, seats=2, offers="easy or normal")


def displayed_text(message: dict[str, Any]) -> str:
    """The text displays of a Components V2 message (not its picture's alt text)."""
    texts = [c["content"] for c in iter_components(message["components"]) if c.get("type") == 10]
    return "\n".join(texts)


def picture_description(message: dict[str, Any]) -> str:
    """The alt text of the picture a message shows."""
    [gallery] = [c for c in iter_components(message["components"]) if c.get("type") == 12]
    return str(gallery["items"][0]["description"])


def tweemans_match(kit: Kit, t: int) -> TweemansMatch:
    return match_of(kit, t, TweemansMatch)


async def act(kit: Kit, t: int, from_table: bool = True) -> Dispatch:
    """The waiting person decides by clicks on their hand: names the first suit offered
    (Pass is there but disabled: the maker must name one), or plays a legal card: one of
    the face-up piles when ``from_table``, else one from the hand, where the rules allow."""
    found = kit.to_act(t)
    assert found is not None, "no human to act"
    _, user = found
    hand = await kit.hand(t, user)
    assert_ephemeral(hand)
    text = hand.text()
    trumps = enabled(hand.components, "kj:trump:")
    if trumps:
        assert "you must name trump" in text and "piles:" in text
        assert all(not c.endswith(":pass") for c in trumps)
        return await kit.click(trumps[0], user, message=hand.message_id)
    cards = enabled(hand.components, "kj:card:")
    assert cards, f"nothing to click in {text}"
    match = tweemans_match(kit, t)
    assert match.hand is not None
    up = match.hand.holding(TWO_PLAYERS.table_of(0))
    held = match.hand.holding(TWO_PLAYERS.hand_of(0))
    assert ("**In hand**" in text) == bool(held)  # a unit's label while it holds a card
    assert ("**On your piles**" in text) == bool(up)
    on_table = [c for c in cards if Card.parse(c.rsplit(":", 1)[1]) in up]
    in_hand = [c for c in cards if c not in on_table]
    wanted, other = (on_table, in_hand) if from_table else (in_hand, on_table)
    choice = (wanted or other)[0]
    return await kit.click(choice, user, message=hand.message_id)


async def test_a_two_seat_match_by_clicks_to_its_final_sheet(
    make_harness: StartHarness,
) -> None:
    kit = await start(make_harness)
    t, anna = await open_two(kit)
    from_table = from_hand = 0
    saw_tables = saw_unit = saw_picture = False
    for _ in range(3000):
        await kit.run_computers(t)
        if not kit.table(t).is_open:
            break
        hand = tweemans_match(kit, t).hand
        message = kit.public(t)
        public = message_text(message)
        if hand is not None and hand.phase == TweemansPhase.PLAY:
            pictured = shows_its_picture(message)
            # both tables in words, or in the picture and its alt text: never both
            assert ("piles:" in displayed_text(message)) != pictured, public
            if pictured:
                assert "piles:" in picture_description(message)
            saw_picture = saw_picture or pictured
            saw_tables = saw_tables or ("piles:" in public and "face down" in public)
            saw_unit = saw_unit or "(piles) —" in public or "(hand) —" in public
        if kit.to_act(t) is not None:
            before = hand.tricks[:] if hand is not None else []
            played = await act(kit, t, from_table=(from_table + from_hand) % 2 == 0)
            assert_ephemeral(played.response)
            if hand is not None and hand.phase == TweemansPhase.PLAY:
                unit = _unit_played(hand, before)
                from_table += unit is not None and TWO_PLAYERS.is_table(unit)
                from_hand += unit is not None and not TWO_PLAYERS.is_table(unit)
    table = kit.table(t)
    match = tweemans_match(kit, t)
    assert table.status == Status.FINISHED and match.result is not None
    assert from_table >= 1 and from_hand >= 1 and saw_tables and saw_unit and saw_picture

    # The stored action log replays to the table's match.
    await assert_log_replays(kit, t, ENGINE_ACTIONS)
    assert len(match.sheet) >= 2

    # The final sheet: a column per player, the engine's lines, the totals, the winner.
    description = final_sheet(kit, t)
    assert_sheet_per_player(description, match.sheet, match.totals, lambda line: line.maker)
    assert "Players: 1 anna · 2 Computer 2" in description
    assert "the maker: who chose trump" in description
    assert ("wins with" if match.result.winner is not None else "share the match") in description
    assert "shared win" not in description  # the three-seat sentence

    # The table message is final: the result, each player's total, the final picture.
    public = message_text(kit.public(t))
    assert "Play again" in public and "same two" in public
    assert all(f"· **{total}**" in public for total in match.totals)
    assert shows_its_picture(kit.public(t))
    kit.check_payloads()
    assert_a_tie_is_shared(kit.service.get(t).public)


TIED = {
    "en": "Level at 812 each: anna and Computer 2 share the match.",
    "nl": "Gelijk op 812: anna en Computer 2 delen de partij.",
    "pt-BR": "Empate em 812: anna e Computador 2 dividem a partida.",
    "es-ES": "Empate a 812: anna y Ordenador 2 comparten la partida.",
    "it": "Pari a 812: anna e Computer 2 si dividono la partita.",
}


def assert_a_tie_is_shared(public: PublicTable) -> None:
    """Two players still level after the extra hands share the match (docs/decisions.md,
    two-player Klaverjas): the final sentence names both, not the three-seat shared win."""
    assert public.two is not None
    result = TweemansMatchResult((812, 812), None)
    tied = replace(public, two=replace(public.two, totals=(812, 812), result=result))
    assert {locale: result_text(tied, locale) for locale in TIED} == TIED


def _unit_played(hand: object, before: list[object]) -> int | None:
    """The unit of the person's card just played (the trick in play, or the one taken)."""
    from bot.engine import TweemansHand

    assert isinstance(hand, TweemansHand)
    if hand.current and hand.leader is not None:
        order = TWO_PLAYERS.trick_order(hand.leader)
        mine = [u for u in order[: len(hand.current)] if TWO_PLAYERS.player_of(u) == 0]
        return mine[-1] if mine else None
    if len(hand.tricks) > len(before):
        trick = hand.tricks[-1]
        mine = [u for u in TWO_PLAYERS.trick_order(trick.leader) if TWO_PLAYERS.player_of(u) == 0]
        return mine[-1]
    return None


async def test_a_restart_in_the_middle_of_a_two_seat_hand(
    make_harness: StartHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await start(make_harness)
    t, anna = await open_two(first)
    for _ in range(200):  # to the person's turn to play a card, a trick or more in
        await first.run_computers(t)
        hand = tweemans_match(first, t).hand
        mine = first.to_act(t) is not None
        if mine and hand is not None and hand.phase == "play" and hand.tricks:
            break
        await act(first, t)

    async def pictured(second: Kit) -> None:
        await second.run_computers(t)
        assert shows_its_picture(second.public(t))  # the first edit after the restart draws it

    await restart_and_finish(make_harness, first, t, anna, act, then=pictured)
