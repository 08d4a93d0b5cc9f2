"""Three-seat tables (three-player Klaverjas, docs/rules.md 2.8) through the table service:
the lobby of three seats, the bidding, the solo's discard as one call with its refusals,
play to the final sheet, the read models per seat, and a restart in the middle of a hand.
Each test runs on SQLite and on PostgreSQL (the `database` fixture, tests/conftest.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import bot.tables.lobby as lobby_module
from bot.engine import DriemansHand, DriemansMatch, DriemansPhase, RuleSet
from bot.engine.games import replay
from bot.tables import FakeClock, Status, TableError, TableService, private_hand, public_table
from tests.seeds import fix_seed

from .helpers import ALICE, BOB, CHANNEL, ENGINE_ROWS, INSTANT, open_service
from .test_tables import refused

DRIEMANS = RuleSet.game_preset("driemans").with_options(match_hands=3)
SEED = "claims-0"  # a table seed whose match has both kinds of claim window for seat 0


@pytest.fixture
def db(database: str | Path) -> str | Path:
    """Each test runs on SQLite and on PostgreSQL (tests/conftest.py)."""
    return database


@pytest.fixture(autouse=True)
def table_seed(request: pytest.FixtureRequest) -> None:
    """Each test's tables deal and decide from a seed of its own (not a random one)."""
    seed = request.node.name
    fix_seed(seed)


async def three_seats(
    service: TableService, humans: dict[int, int], rules: RuleSet = DRIEMANS, **settings: Any
) -> int:
    """A started three-seat table: ``humans`` ({seat: user}, seat 0 opens), computers in
    the other seats (Start with computers)."""
    opener = humans[0]
    table = await service.open(1, CHANNEL, opener, "opener", rules, replace(INSTANT, **settings))
    for seat, user in humans.items():
        if seat:
            await service.sit(table.id, user, f"user{user}", seat)
    await service.start(table.id, opener, fill=True)
    return table.id


def driemans_hand(service: TableService, table_id: int) -> DriemansHand:
    match = service.registry.get(table_id).match
    assert isinstance(match, DriemansMatch) and match.hand is not None
    return match.hand


async def act(service: TableService, table_id: int, user: int, bid: bool = True) -> None:
    """The human's decision: play in the first suit offered (or pass when not ``bid`` and
    a pass is allowed), lay down the first two cards, or play the first legal card."""
    table = service.registry.get(table_id)
    seat = table.human_seat(user)
    mine = private_hand(table, seat)
    if mine.trump_options is not None:
        suit = None if not bid and mine.trump_options.can_pass else mine.trump_options.suits[0]
        await service.choose_trump(table_id, user, suit)
    elif mine.lay_down:
        await service.lay_down(table_id, user, mine.cards[:2])
    else:
        await service.play(table_id, user, mine.legal[0])


async def play_out(service: TableService, table_id: int, user: int, bid: bool = True) -> None:
    for _ in range(2000):
        table = service.registry.get(table_id)
        if not table.is_open:
            return
        waiting = table.waiting_for()
        assert waiting is not None and waiting[1] == user
        await act(service, table_id, user, bid)
    raise AssertionError("match did not finish")


async def test_a_three_seat_table_plays_to_its_final_sheet_per_player(db: str | Path) -> None:
    service = await open_service(db)
    opened = await service.open(1, CHANNEL, ALICE, "Alice", DRIEMANS, INSTANT)
    assert len(opened.public.seats) == 3
    await service.sit(opened.id, BOB, "Bob")
    full = await service.add_computer(opened.id, ALICE)
    assert [s.kind for s in full.public.seats] == ["human", "human", "computer"]
    await service.leave(opened.id, BOB)
    table_id = opened.id
    started = await service.start(table_id, ALICE, fill=True)
    assert started.public.three is not None and started.public.makers is None
    await play_out(service, table_id, ALICE)
    done = service.get(table_id)
    three = done.public.three
    assert done.status == Status.FINISHED and three is not None and three.result is not None
    assert len(three.sheet) == 3 and len(three.totals) == 3
    assert three.totals == tuple(sum(line.scores[s] for line in three.sheet) for s in range(3))
    assert any(line.solo == 0 for line in three.sheet)  # Alice always plays
    # The stored log replays to the stored match (the engine's one game switch).
    stored = await service.store.tables.get(table_id)
    assert stored is not None
    snapshot = stored.snapshot["match"]
    log = [r.payload for r in await service.store.tables.actions(table_id) if r.kind in ENGINE_ROWS]
    match = replay(DRIEMANS, snapshot["seed"], snapshot["first_dealer"], log)
    assert match.to_dict() == snapshot
    await service.store.close()


async def test_the_solo_lays_down_two_cards_in_one_call_and_refusals_change_nothing(
    db: str | Path,
) -> None:
    service = await open_service(db)
    table_id = await three_seats(service, {0: ALICE})
    for _ in range(300):  # to a hand where Alice's exchange is due
        if driemans_hand(service, table_id).phase == DriemansPhase.EXCHANGE:
            break
        await act(service, table_id, ALICE)
    hand = driemans_hand(service, table_id)
    assert hand.phase == DriemansPhase.EXCHANGE and hand.solo == 0
    table = service.registry.get(table_id)
    mine = private_hand(table, 0)
    assert mine.lay_down and len(mine.cards) == 12 and mine.legal == ()
    public = public_table(table).three
    assert public is not None and public.solo == 0 and not public.laid_down
    assert public.defenders == (1, 2)
    one = mine.cards[:1]
    await refused(service, table_id, "bad_discard", service.lay_down(table_id, ALICE, one))
    twice = (mine.cards[0], mine.cards[0])
    await refused(service, table_id, "bad_discard", service.lay_down(table_id, ALICE, twice))
    stale = service.lay_down(table_id, ALICE, mine.cards[:2], seq=table.seq - 1)
    await refused(service, table_id, "stale", stale)
    calls = service.call(table_id, ALICE, 1, True)
    await refused(service, table_id, "option_not_in_game", calls)
    hint = service.hint(table_id, ALICE)
    with pytest.raises(TableError) as info:
        await hint
    assert info.value.code == "four_players_only"
    answer = await service.lay_down(table_id, ALICE, mine.cards[:2])
    assert "laid_down" in [e.kind for e in answer.events]
    three = answer.public.three
    assert three is not None and three.laid_down
    assert len(answer.hand().cards) == 10 and not answer.hand().lay_down
    await service.store.close()


async def test_the_computers_bid_and_lay_down_when_everyone_else_passes(db: str | Path) -> None:
    service = await open_service(db)
    table_id = await three_seats(service, {0: ALICE})
    for _ in range(300):  # Alice passes; the hands the computers play get scored
        if len(public_table(service.registry.get(table_id)).three.sheet) >= 1:  # type: ignore[union-attr]
            break
        await act(service, table_id, ALICE, bid=False)
    three = public_table(service.registry.get(table_id)).three
    assert three is not None and three.sheet and three.sheet[0].solo != 0
    await service.store.close()


async def test_restart_mid_hand_restores_a_three_seat_table_exactly(db: str | Path) -> None:
    clock = FakeClock()
    service = await open_service(db, clock)
    table_id = await three_seats(service, {0: ALICE, 1: BOB}, turn_timer=60)
    for _ in range(9):
        table = service.registry.get(table_id)
        waiting = table.waiting_for()
        assert waiting is not None
        await act(service, table_id, waiting[1])
    before = service.registry.get(table_id)
    assert isinstance(before.match, DriemansMatch) and before.match.hand is not None
    assert before.match.hand.phase == DriemansPhase.PLAY
    views = (public_table(before), private_hand(before, 0), private_hand(before, 1))
    await service.store.close()

    again = await open_service(db, clock)
    restored = again.registry.get(table_id)
    assert restored.to_dict() == before.to_dict()
    assert (public_table(restored), private_hand(restored, 0), private_hand(restored, 1)) == views
    for _ in range(2000):
        table = again.registry.get(table_id)
        if not table.is_open:
            break
        waiting = table.waiting_for()
        assert waiting is not None
        await act(again, table_id, waiting[1])
    assert again.registry.get(table_id).status == Status.FINISHED
    await again.store.close()


async def test_a_game_no_table_holds_is_refused_at_open(
    db: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game the engine plays has tables now; a further one would be refused as
    tweemans is here when the tables do not hold it."""
    monkeypatch.setattr(lobby_module, "TABLE_GAMES", ("klaverjas", "driemans"))
    service = await open_service(db)
    with pytest.raises(TableError) as info:
        await service.open(1, CHANNEL, ALICE, "Alice", RuleSet.game_preset("tweemans"))
    assert info.value.code == "game_not_at_tables" and info.value.facts["game"] == "tweemans"
    assert service.in_channel(CHANNEL) is None
    await service.store.close()


@pytest.mark.parametrize("seed", [SEED])
async def test_claims_at_three_seats_go_by_the_side_that_took_the_trick(
    db: str | Path, seed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person claims the roem of a trick their side took (as solo: their own); a trick
    the other side took is refused ``wrong_pair`` and changes nothing (a computer leads
    the next trick after a pause, so the window stays open a while)."""
    fix_seed(seed)
    clock = FakeClock()
    service = await open_service(db, clock)
    rules = DRIEMANS.with_options(match_hands=12)
    table_id = await three_seats(service, {0: ALICE}, rules=rules, trick_pause=3.0)
    claimed = refused_other = 0
    for _ in range(3000):
        table = service.registry.get(table_id)
        if not table.is_open:
            break
        hand = driemans_hand(service, table_id)
        trick = hand.last_trick
        if hand.claim_open and trick is not None and trick.roem:
            if hand.side_of(trick.winner) == hand.side_of(0) and not trick.claimed:
                answer = await service.claim(table_id, ALICE)
                assert "roem_claimed" in [e.kind for e in answer.events]
                claimed += 1
                continue
            if not refused_other and hand.side_of(trick.winner) != hand.side_of(0):
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


async def test_a_timed_out_solo_is_laid_down_for_and_play_again_seats_the_same_three(
    db: str | Path,
) -> None:
    clock = FakeClock()
    service = await open_service(db, clock)
    table_id = await three_seats(service, {0: ALICE}, turn_timer=60)
    for _ in range(300):  # to Alice's exchange
        if driemans_hand(service, table_id).phase == DriemansPhase.EXCHANGE:
            break
        await act(service, table_id, ALICE)
    assert driemans_hand(service, table_id).solo == 0
    clock.advance(61)  # the turn timer runs out: the computer lays down for her
    fired = await service.tick()
    assert [e.kind for e in fired[table_id].events][:2] == ["seat_away", "laid_down"]
    assert driemans_hand(service, table_id).phase == DriemansPhase.PLAY
    await play_out(service, table_id, ALICE)
    again = await service.play_again(table_id, ALICE)
    assert [s.kind for s in again.public.seats] == ["human", "computer", "computer"]
    assert again.rules == service.registry.get(table_id).rules
    started = await service.start(again.id, ALICE)
    assert started.public.three is not None
    await service.store.close()
