"""The private read model shows the engine's play options: nothing decided in the service."""

from __future__ import annotations

from pathlib import Path

from bot.engine import Phase
from bot.tables import private_hand

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
