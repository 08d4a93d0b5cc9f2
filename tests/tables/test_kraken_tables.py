"""Kraken tables (docs/rules.md 2.5, 2.6): the kraak calls through the table service,
their refusals, the away and timeout passes, and what the read models show."""

from __future__ import annotations

from pathlib import Path

from bot.engine import PassDouble, Phase, RuleSet
from bot.tables import FakeClock, TableService, TableSettings, private_hand, public_table
from bot.tables.deadlines import arm, due_action
from bot.tables.events import Called, CallPassed
from bot.tables.table import Seat, SeatKind

from .helpers import (
    ALICE,
    BOB,
    CARL,
    DIRK,
    act_once,
    human_to_act,
    logged_deals,
    open_service,
    refused,
    table_with,
)

KRAKEN = RuleSet.preset("kraken").with_options(match_hands=2, roem_claiming="automatic")
FOUR = {0: ALICE, 1: BOB, 2: CARL, 3: DIRK}


async def _to_calls(service: TableService, table_id: int) -> tuple[int, ...]:
    """Name trump; the user ids of the four seats clockwise from the first asked to call
    (the player who named trump is the last)."""
    await act_once(service, table_id)
    table = service.registry.get(table_id)
    assert table.match is not None and table.match.hand is not None
    hand = table.match.hand
    assert hand.phase == Phase.DOUBLING
    first = hand.call_seats()[0]
    return tuple(FOUR[(first + step) % 4] for step in range(4))


async def test_calls_are_refused_out_of_turn_by_the_wrong_pair_stale_and_late(
    db: str | Path,
) -> None:
    service = await open_service(db)
    table = await table_with(service, FOUR, rules=KRAKEN)
    first, other_maker, partner, maker = await _to_calls(service, table.id)
    assert public_table(service.registry.get(table.id)).kraak is not None
    await refused(service, table.id, "not_your_turn", service.call(table.id, partner, 1, True))
    await refused(service, table.id, "wrong_pair_call", service.call(table.id, maker, 1, True))
    await refused(service, table.id, "stale_call", service.call(table.id, first, 2, True))
    answer = await service.call(table.id, first, 1, True)
    seat_of = service.registry.get(table.id).seat_of
    assert answer.events == (Called(seat=seat_of(first), level=1, multiplier=2),)
    kraak = public_table(service.registry.get(table.id)).kraak
    assert kraak is not None and kraak.level == 2 and kraak.multiplier == 2
    assert kraak.callers == (seat_of(first),) and kraak.to_call == seat_of(maker)
    assert kraak.bearing_pair == seat_of(first) % 2  # after a kraak the callers bear it
    # A second kraak, by the caller's partner, is a call no longer asked for.
    await refused(service, table.id, "stale_call", service.call(table.id, partner, 1, True))
    await service.call(table.id, maker, 2, False)
    await service.call(table.id, other_maker, 2, False)
    hand = service.registry.get(table.id).match.hand  # type: ignore[union-attr]
    assert hand is not None and hand.phase == Phase.PLAY and hand.calls == [seat_of(first)]
    await refused(service, table.id, "calls_over", service.call(table.id, first, 2, True))
    await service.store.close()


async def test_a_kraken_match_with_calls_is_scored_logged_and_replays(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 1: BOB}, rules=KRAKEN)
    called = 0
    while service.registry.get(table.id).is_open:
        live = service.registry.get(table.id)
        found = human_to_act(service, table.id)
        assert found is not None
        seat, user = found
        level = private_hand(live, seat).may_call
        if level is None:
            await act_once(service, table.id)
            continue
        answer = await service.call(table.id, user, level, True)  # people call every time
        called += 1
        assert answer.events[0] == Called(seat=seat, level=level, multiplier=2**level)
    sheet = service.registry.get(table.id).match.sheet  # type: ignore[union-attr]
    assert called and len(sheet) == 2
    assert sum(seat in (0, 1) for line in sheet for seat in line.callers) == called
    assert all(line.multiplier == 2 ** len(line.callers) for line in sheet if line.trump != "S")
    assert len(await logged_deals(service.store, table.id)) == 2  # the log replays
    await service.store.close()


async def test_a_timed_out_or_away_seat_passes_on_its_call(db: str | Path) -> None:
    clock = FakeClock()
    settings = TableSettings(turn_timer=30, claim_grace=0, trick_pause=0, bot_delay=0)
    service = await open_service(db, clock)
    table = await table_with(service, FOUR, settings, rules=KRAKEN)
    first, _other, partner, _maker = await _to_calls(service, table.id)
    seat_of = service.registry.get(table.id).seat_of
    clock.advance(31)
    events = (await service.tick())[table.id].events
    assert [e.kind for e in events] == ["seat_away", "call_passed"]
    assert events[1] == CallPassed(seat=seat_of(first), level=1)
    hand = service.registry.get(table.id).match.hand  # type: ignore[union-attr]
    assert hand is not None and hand.to_act == seat_of(partner) and not hand.calls
    # The away seat's computer never calls for it: when it is asked again, it passes.
    clock.advance(31)
    events = (await service.tick())[table.id].events
    assert CallPassed(seat=seat_of(partner), level=1) in events
    await service.store.close()


async def test_the_announced_hand_roem_is_public_once_the_calls_are_over(
    db: str | Path,
) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE}, rules=KRAKEN)
    while True:  # the computers call as their level does; Alice passes hers
        live = service.registry.get(table.id)
        hand = live.match.hand  # type: ignore[union-attr]
        if hand is not None and hand.phase == Phase.PLAY:
            break
        await act_once(service, table.id)
    kraak = public_table(live).kraak
    assert kraak is not None and kraak.level is None and kraak.to_call is None
    assert kraak.callers == tuple(hand.calls) and kraak.multiplier == hand.multiplier
    assert kraak.announced == hand.hand_roem.announced()
    assert kraak.hand_roem == hand.hand_roem.points
    await service.store.close()


async def test_an_away_seat_asked_to_call_passes_and_a_computer_seat_decides(
    db: str | Path,
) -> None:
    service = await open_service(db)
    table = await table_with(service, FOUR, rules=KRAKEN)
    first = (await _to_calls(service, table.id))[0]
    work = service.registry.get(table.id).copy()  # what a timer sees; the table is untouched
    seat = work.seat_of(first)
    assert seat is not None
    work.seats[seat].away = work.seats[seat].autoplay = True
    arm(work, 0.0)
    assert due_action(work, 0.0) == ("computer", seat, PassDouble(seat, 1))
    work.seats[seat] = Seat(SeatKind.COMPUTER, None, "", level="normal")
    arm(work, 0.0)
    assert due_action(work, 0.0) == ("computer", seat, None)  # its player decides
    await service.store.close()
