"""Two-seat tables (two-player Klaverjas, docs/rules.md 2.9) through the table service: the
lobby of two seats, the maker's trump (no pass), a card played from the hand or from the
face-up cards of the player's table in one call (the card names its unit), claims by the
player who took the trick, play to the final sheet per player, the read models per seat,
and a restart in the middle of a hand. Each test runs on SQLite and on PostgreSQL (the
`database` fixture, tests/conftest.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.engine import TWO_PLAYERS, RuleSet, Suit, TweemansHand, TweemansMatch, TweemansPhase
from bot.engine.games import replay
from bot.tables import FakeClock, Status, TableError, TableService, private_hand, public_table
from tests.seeds import fix_seed

from .helpers import ALICE, BOB, CHANNEL, ENGINE_ROWS, INSTANT, open_service
from .test_tables import refused

TWEEMANS = RuleSet.game_preset("tweemans")
SHORT = TWEEMANS.with_options(target_score=None, match_hands=2)  # two deals, one each


@pytest.fixture
def db(database: str | Path) -> str | Path:
    """Each test runs on SQLite and on PostgreSQL (tests/conftest.py)."""
    return database


@pytest.fixture(autouse=True)
def table_seed(request: pytest.FixtureRequest) -> None:
    """Each test's tables deal and decide from a seed of its own (not a random one)."""
    seed = request.node.name
    fix_seed(seed)


async def two_seats(
    service: TableService, humans: dict[int, int], rules: RuleSet = SHORT, **settings: Any
) -> int:
    """A started two-seat table: ``humans`` ({seat: user}, seat 0 opens), a computer in
    the other seat (Start with computers)."""
    opener = humans[0]
    table = await service.open(1, CHANNEL, opener, "opener", rules, replace(INSTANT, **settings))
    for seat, user in humans.items():
        if seat:
            await service.sit(table.id, user, f"user{user}", seat)
    await service.start(table.id, opener, fill=True)
    return table.id


def tweemans_hand(service: TableService, table_id: int) -> TweemansHand:
    match = service.registry.get(table_id).match
    assert isinstance(match, TweemansMatch) and match.hand is not None
    return match.hand


async def act(service: TableService, table_id: int, user: int, from_table: bool = False) -> None:
    """The human's decision: name the first suit offered, or play the first legal card
    (``from_table``: a legal face-up table card when there is one)."""
    table = service.registry.get(table_id)
    seat = table.human_seat(user)
    mine = private_hand(table, seat)
    if mine.trump_options is not None:
        await service.choose_trump(table_id, user, mine.trump_options.suits[0])
        return
    up = [card for card in mine.legal if card in mine.table]
    await service.play(table_id, user, up[0] if from_table and up else mine.legal[0])


async def play_out(service: TableService, table_id: int, user: int) -> None:
    for _ in range(2000):
        table = service.registry.get(table_id)
        if not table.is_open:
            return
        waiting = table.waiting_for()
        assert waiting is not None and waiting[1] == user
        await act(service, table_id, user, from_table=True)
    raise AssertionError("match did not finish")


async def test_a_two_seat_table_plays_to_its_final_sheet_per_player(db: str | Path) -> None:
    service = await open_service(db)
    opened = await service.open(1, CHANNEL, ALICE, "Alice", SHORT, INSTANT)
    assert len(opened.public.seats) == 2
    await service.sit(opened.id, BOB, "Bob")
    await refused(service, opened.id, "table_full", service.add_computer(opened.id, ALICE))
    await service.leave(opened.id, BOB)
    await refused(service, opened.id, "bad_seat", service.sit(opened.id, BOB, "Bob", 2))
    table_id = opened.id
    started = await service.start(table_id, ALICE, fill=True)
    assert [s.kind for s in started.public.seats] == ["human", "computer"]
    assert started.public.two is not None and started.public.makers is None
    await play_out(service, table_id, ALICE)
    done = service.get(table_id)
    two = done.public.two
    assert done.status == Status.FINISHED and two is not None and two.result is not None
    assert len(two.sheet) == 2 and {line.maker for line in two.sheet} == {0, 1}
    assert two.totals == tuple(sum(line.scores[p] for line in two.sheet) for p in (0, 1))
    # The stored log replays to the stored match (the engine's one game switch).
    stored = await service.store.tables.get(table_id)
    assert stored is not None
    snapshot = stored.snapshot["match"]
    log = [r.payload for r in await service.store.tables.actions(table_id) if r.kind in ENGINE_ROWS]
    match = replay(SHORT, snapshot["seed"], snapshot["first_dealer"], log)
    assert match.to_dict() == snapshot
    await service.store.close()


async def test_the_maker_must_name_trump_and_a_card_is_played_from_the_unit_holding_it(
    db: str | Path,
) -> None:
    service = await open_service(db)
    table_id = await two_seats(service, {0: ALICE})
    for _ in range(40):  # to Alice's trump choice (a computer maker names its own)
        if tweemans_hand(service, table_id).phase == TweemansPhase.TRUMP:
            break
        await act(service, table_id, ALICE)
    hand = tweemans_hand(service, table_id)
    assert hand.phase == TweemansPhase.TRUMP and hand.maker == 0
    table = service.registry.get(table_id)
    mine = private_hand(table, 0)
    assert mine.trump_options is not None and not mine.trump_options.can_pass
    assert len(mine.cards) == 8 and len(mine.table) == 4 and mine.legal == ()
    no_trump = service.choose_trump(table_id, ALICE, None)
    await refused(service, table_id, "pass_not_allowed", no_trump)
    await refused(service, table_id, "option_not_in_game", service.call(table_id, ALICE, 1, True))
    with pytest.raises(TableError) as info:
        await service.hint(table_id, ALICE)
    assert info.value.code == "four_players_only"
    answer = await service.choose_trump(table_id, ALICE, Suit.HEARTS)
    assert answer.public.trump == Suit.HEARTS and answer.public.chooser == 0
    two = answer.public.two
    assert two is not None and two.units_to_act == (0, 2)  # the maker leads from either unit
    mine = answer.hand()
    assert set(mine.legal) == set(mine.cards) | set(mine.table)  # the lead is free
    table_card = mine.table[0]
    opponent = hand.holding(TWO_PLAYERS.table_of(1))[0]
    await refused(service, table_id, "not_in_hand", service.play(table_id, ALICE, opponent))
    played = await service.play(table_id, ALICE, table_card)
    public = played.public
    assert public.trick_leader == TWO_PLAYERS.table_of(0)  # the table led: unit 2
    assert public.trick[:1] == (table_card,) and table_card not in played.hand().table
    assert "card_played" in [e.kind for e in played.events]
    await service.store.close()


async def test_claims_go_to_the_player_who_took_the_trick(
    db: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice claims the roem of a trick she took (with either unit); a trick the computer
    took is refused ``wrong_pair`` and changes nothing."""
    clock = FakeClock()
    service = await open_service(db, clock)
    rules = TWEEMANS.with_options(target_score=None, match_hands=8)
    table_id = await two_seats(service, {0: ALICE}, rules=rules, trick_pause=3.0)
    claimed = refused_other = 0
    for _ in range(3000):
        table = service.registry.get(table_id)
        if not table.is_open:
            break
        hand = tweemans_hand(service, table_id)
        trick = hand.last_trick
        if hand.claim_open and trick is not None and not trick.claimed:
            if trick.taker == 0 and trick.roem:
                answer = await service.claim(table_id, ALICE)
                assert "roem_claimed" in [e.kind for e in answer.events]
                claimed += 1
                continue
            if trick.taker == 1 and not refused_other:
                await refused(service, table_id, "wrong_pair", service.claim(table_id, ALICE))
                refused_other += 1
        if table.waiting_for() is None:  # the claim window closes on its timer
            due = table.next_deadline()
            assert due is not None
            clock.time = max(clock.time, due)
            await service.tick()
            continue
        await act(service, table_id, ALICE)
    assert not service.registry.get(table_id).is_open
    assert claimed >= 1 and refused_other == 1, (claimed, refused_other)
    await service.store.close()


async def test_restart_mid_hand_restores_a_two_seat_table_exactly(db: str | Path) -> None:
    clock = FakeClock()
    service = await open_service(db, clock)
    table_id = await two_seats(service, {0: ALICE, 1: BOB}, rules=TWEEMANS, turn_timer=60)
    for _ in range(7):
        table = service.registry.get(table_id)
        waiting = table.waiting_for()
        assert waiting is not None
        await act(service, table_id, waiting[1], from_table=True)
    before = service.registry.get(table_id)
    assert isinstance(before.match, TweemansMatch) and before.match.hand is not None
    assert before.match.hand.phase == TweemansPhase.PLAY and before.match.hand.tricks
    views = (public_table(before), private_hand(before, 0), private_hand(before, 1))
    await service.store.close()

    again = await open_service(db, clock)
    restored = again.registry.get(table_id)
    assert restored.to_dict() == before.to_dict()
    assert (public_table(restored), private_hand(restored, 0), private_hand(restored, 1)) == views
    for _ in range(300):  # the hand goes on where it stood
        table = again.registry.get(table_id)
        if len(public_table(table).two.sheet) >= 1:  # type: ignore[union-attr]
            break
        waiting = table.waiting_for()
        assert waiting is not None
        await act(again, table_id, waiting[1])
    assert len(public_table(again.registry.get(table_id)).two.sheet) == 1  # type: ignore[union-attr]
    await again.store.close()


async def test_a_timed_out_player_is_played_for_and_play_again_seats_the_same_two(
    db: str | Path,
) -> None:
    clock = FakeClock()
    service = await open_service(db, clock)
    table_id = await two_seats(service, {0: ALICE}, turn_timer=60)
    assert service.registry.get(table_id).waiting_for() is not None
    clock.advance(61)  # the turn timer runs out: the computer decides for her
    fired = await service.tick()
    assert [e.kind for e in fired[table_id].events][:1] == ["seat_away"]
    await service.back(table_id, ALICE)
    await play_out(service, table_id, ALICE)
    again = await service.play_again(table_id, ALICE)
    assert [s.kind for s in again.public.seats] == ["human", "computer"]
    started = await service.start(again.id, ALICE)
    assert started.public.two is not None
    await service.store.close()
