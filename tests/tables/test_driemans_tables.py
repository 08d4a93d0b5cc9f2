"""Three-seat tables (three-player Klaverjas, docs/rules.md 2.8) through the table service:
the lobby of three seats, the bidding, the solo's discard as one call with its refusals,
play to the final sheet, the read models per seat, and a restart in the middle of a hand.
Each test runs on SQLite and on PostgreSQL (the `database` fixture, tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.tables.lobby as lobby_module
from bot.engine import DriemansHand, DriemansMatch, DriemansPhase, RuleSet
from bot.tables import FakeClock, Status, TableError, TableService, private_hand, public_table
from tests.seeds import fix_seed

from .helpers import (
    ALICE,
    BOB,
    CHANNEL,
    INSTANT,
    alone_with_computers,
    assert_log_replays,
    by_whoever_waits,
    claims_through_the_match,
    is_over,
    match_of,
    open_service,
    own_hand,
    play_again_started,
    play_out_by,
    refused,
    restored_after_restart,
    started_with_computers,
)

DRIEMANS = RuleSet.game_preset("driemans").with_options(match_hands=3)
SEED = "claims-0"  # a table seed whose match has both kinds of claim window for seat 0


pytestmark = pytest.mark.usefixtures("seed_per_test")


def driemans_hand(service: TableService, table_id: int) -> DriemansHand:
    return match_of(service, table_id, DriemansMatch).hand


async def act(service: TableService, table_id: int, user: int, bid: bool = True) -> None:
    """The human's decision: play in the first suit offered (or pass when not ``bid`` and
    a pass is allowed), lay down the first two cards, or play the first legal card."""
    mine = own_hand(service, table_id, user)
    if mine.trump_options is not None:
        suit = None if not bid and mine.trump_options.can_pass else mine.trump_options.suits[0]
        await service.choose_trump(table_id, user, suit)
    elif mine.lay_down:
        await service.lay_down(table_id, user, mine.cards[:2])
    else:
        await service.play(table_id, user, mine.legal[0])


async def to_alices_exchange(service: TableService, table_id: int) -> None:
    """Alice decides until her exchange as the solo is due."""
    await by_whoever_waits(
        service,
        table_id,
        lambda user: act(service, table_id, user),
        300,
        until=lambda _: driemans_hand(service, table_id).phase == DriemansPhase.EXCHANGE,
    )


async def play_out(service: TableService, table_id: int, user: int, bid: bool = True) -> None:
    await play_out_by(service, table_id, user, lambda: act(service, table_id, user, bid))


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
    await assert_log_replays(service, table_id, DRIEMANS)
    await service.store.close()


async def test_the_solo_lays_down_two_cards_in_one_call_and_refusals_change_nothing(
    db: str | Path,
) -> None:
    service, table_id = await alone_with_computers(db, DRIEMANS)
    await to_alices_exchange(service, table_id)  # in a hand where it is due
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
    service, table_id = await alone_with_computers(db, DRIEMANS)
    await by_whoever_waits(  # Alice passes; the hands the computers play get scored
        service,
        table_id,
        lambda user: act(service, table_id, user, bid=False),
        300,
        until=lambda table: len(public_table(table).three.sheet) >= 1,  # type: ignore[union-attr]
    )
    three = public_table(service.registry.get(table_id)).three
    assert three is not None and three.sheet and three.sheet[0].solo != 0
    await service.store.close()


async def test_restart_mid_hand_restores_a_three_seat_table_exactly(db: str | Path) -> None:
    clock = FakeClock()
    service = await open_service(db, clock)
    table_id = await started_with_computers(service, {0: ALICE, 1: BOB}, DRIEMANS, turn_timer=60)
    await by_whoever_waits(service, table_id, lambda user: act(service, table_id, user), 9)
    before = service.registry.get(table_id)
    assert isinstance(before.match, DriemansMatch) and before.match.hand is not None
    assert before.match.hand.phase == DriemansPhase.PLAY

    again = await restored_after_restart(service, db, clock, table_id, seats=2)
    await by_whoever_waits(
        again, table_id, lambda user: act(again, table_id, user), 2000, until=is_over
    )
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
    rules = DRIEMANS.with_options(match_hands=12)
    service, table_id = await alone_with_computers(db, rules, clock, trick_pause=3.0)
    claimed, refused_other = await claims_through_the_match(
        service,
        table_id,
        clock,
        lambda: act(service, table_id, ALICE),
        ours=lambda hand, trick: (
            bool(trick.roem) and hand.side_of(trick.winner) == hand.side_of(0) and not trick.claimed
        ),
        theirs=lambda hand, trick: (
            bool(trick.roem) and hand.side_of(trick.winner) != hand.side_of(0)
        ),
    )
    assert claimed >= 1 and refused_other == 1, (claimed, refused_other)
    await service.store.close()


async def test_a_timed_out_solo_is_laid_down_for_and_play_again_seats_the_same_three(
    db: str | Path,
) -> None:
    clock = FakeClock()
    service, table_id = await alone_with_computers(db, DRIEMANS, clock, turn_timer=60)
    await to_alices_exchange(service, table_id)
    assert driemans_hand(service, table_id).solo == 0
    clock.advance(61)  # the turn timer runs out: the computer lays down for her
    fired = await service.tick()
    assert [e.kind for e in fired[table_id].events][:2] == ["seat_away", "laid_down"]
    assert driemans_hand(service, table_id).phase == DriemansPhase.PLAY
    await play_out(service, table_id, ALICE)
    kinds = ["human", "computer", "computer"]
    again, started = await play_again_started(service, table_id, kinds)
    assert again.rules == service.registry.get(table_id).rules
    assert started.public.three is not None
    await service.store.close()
