"""The private read model shows the engine's play options: nothing decided in the service."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from bot.engine import Phase
from bot.tables import (
    DealtHands,
    PrivateHand,
    PublicSeat,
    PublicTable,
    PublicTrick,
    TableAnswer,
    TableError,
    TableSettings,
    private_hand,
)

from .helpers import ALICE, BOB, CARL, DIRK, act_once, open_service, table_with


async def test_private_hand_is_the_engines_answer_in_display_order(database: str | Path) -> None:
    service = await open_service(database)
    table = await table_with(service, {0: ALICE, 1: BOB, 2: CARL, 3: DIRK})
    for _ in range(200):
        table = service.registry.get(table.id)
        hand = table.match.hand if table.match is not None else None
        assert hand is not None
        seat = hand.to_act
        if hand.phase == Phase.PLAY and seat is not None and hand.play_options(seat).refused:
            options = hand.play_options(seat)
            view = private_hand(table, seat)
            assert set(view.legal) == set(options.legal)
            assert view.reasons == dict(options.refused)
            assert list(view.reasons) == [c for c in view.cards if c in view.reasons]
            assert list(view.legal) == [c for c in view.cards if c in view.legal]
            for other in range(4):
                if other != seat:
                    assert private_hand(table, other).legal == ()
                    assert private_hand(table, other).reasons == {}
            return
        await act_once(service, table.id)
    raise AssertionError("no seat ever held a refused card")


def test_read_models_and_answers_are_frozen_and_hold_nothing_mutable() -> None:
    """What front ends get can change nothing: frozen classes, tuples, read-only maps, and
    public seats rather than the table's own (`Seat` is the service's, mutable). An answer
    keeps its committed state private and shows it only through these read models."""
    classes = [DealtHands, PrivateHand, PublicSeat, PublicTable, PublicTrick, TableAnswer]
    for cls in classes:
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
        for field in dataclasses.fields(cls):
            if (cls, field.name) == (TableAnswer, "_table"):
                continue
            kind = str(field.type)
            assert not re.search(r"\b(list|dict|set|Seat|Match|Hand)\b", kind), (cls, field)
    assert TableSettings.__dataclass_params__.frozen  # type: ignore[attr-defined]


async def test_an_answer_shows_the_state_it_answered(database: str | Path) -> None:
    """A later change replaces the table's state: an answer keeps showing its own."""
    service = await open_service(database)
    table = await table_with(service, {0: ALICE, 1: BOB}, start=False, fill=False)
    before = service.get(table.id, BOB)
    assert before.seat == 1 and before.public.seat_of(BOB) == 1
    left = await service.leave(table.id, BOB)
    assert [e.kind for e in left.events] == ["left"] and left.seat is None
    assert before.seat == 1 and before.public.seats[1].user_id == BOB  # as answered
    assert before.hand().seat == 1
    with pytest.raises(TableError) as info:
        left.hand()
    assert info.value.code == "not_seated"
    assert service.get(table.id).public.seats[1].kind == "empty"
