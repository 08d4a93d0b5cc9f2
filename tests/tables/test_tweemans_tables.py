"""Two-seat tables (two-player Klaverjas, docs/rules.md 2.9) through the table service: the
lobby of two seats, the maker's trump (no pass), a card played from the hand or from the
face-up cards of the player's table in one call (the card names its unit), claims by the
player who took the trick, play to the final sheet per player, the read models per seat,
and a restart in the middle of a hand. Each test runs on SQLite and on PostgreSQL (the
`database` fixture, tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine import TWO_PLAYERS, RuleSet, Suit, TweemansHand, TweemansMatch, TweemansPhase
from bot.tables import (
    FakeClock,
    Status,
    Table,
    TableError,
    TableService,
    private_hand,
    public_table,
)

from .helpers import (
    ALICE,
    BOB,
    CHANNEL,
    INSTANT,
    alone_with_computers,
    assert_log_replays,
    by_whoever_waits,
    claims_through_the_match,
    match_of,
    open_service,
    own_hand,
    play_again_started,
    play_out_by,
    refused,
    restored_after_restart,
    started_with_computers,
)

TWEEMANS = RuleSet.game_preset("tweemans")
SHORT = TWEEMANS.with_options(target_score=None, match_hands=2)  # two deals, one each


pytestmark = pytest.mark.usefixtures("seed_per_test")


def tweemans_hand(service: TableService, table_id: int) -> TweemansHand:
    return match_of(service, table_id, TweemansMatch).hand


async def act(service: TableService, table_id: int, user: int, from_table: bool = False) -> None:
    """The human's decision: name the first suit offered, or play the first legal card
    (``from_table``: a legal face-up table card when there is one)."""
    mine = own_hand(service, table_id, user)
    if mine.trump_options is not None:
        await service.choose_trump(table_id, user, mine.trump_options.suits[0])
        return
    up = [card for card in mine.legal if card in mine.table]
    await service.play(table_id, user, up[0] if from_table and up else mine.legal[0])


async def play_out(service: TableService, table_id: int, user: int) -> None:
    await play_out_by(service, table_id, user, lambda: act(service, table_id, user, True))


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
    await assert_log_replays(service, table_id, SHORT)
    await service.store.close()


async def test_the_maker_must_name_trump_and_a_card_is_played_from_the_unit_holding_it(
    db: str | Path,
) -> None:
    service, table_id = await alone_with_computers(db, SHORT)
    await by_whoever_waits(  # to Alice's trump choice (a computer maker names its own)
        service,
        table_id,
        lambda user: act(service, table_id, user),
        40,
        until=lambda _: tweemans_hand(service, table_id).phase == TweemansPhase.TRUMP,
    )
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
    rules = TWEEMANS.with_options(target_score=None, match_hands=8)
    service, table_id = await alone_with_computers(db, rules, clock, trick_pause=3.0)
    claimed, refused_other = await claims_through_the_match(
        service,
        table_id,
        clock,
        lambda: act(service, table_id, ALICE),
        ours=lambda hand, trick: not trick.claimed and trick.taker == 0 and bool(trick.roem),
        theirs=lambda hand, trick: not trick.claimed and trick.taker == 1,
    )
    assert claimed >= 1 and refused_other == 1, (claimed, refused_other)
    await service.store.close()


async def test_restart_mid_hand_restores_a_two_seat_table_exactly(db: str | Path) -> None:
    clock = FakeClock()
    service = await open_service(db, clock)
    table_id = await started_with_computers(service, {0: ALICE, 1: BOB}, TWEEMANS, turn_timer=60)
    await by_whoever_waits(
        service, table_id, lambda user: act(service, table_id, user, from_table=True), 7
    )
    before = service.registry.get(table_id)
    assert isinstance(before.match, TweemansMatch) and before.match.hand is not None
    assert before.match.hand.phase == TweemansPhase.PLAY and before.match.hand.tricks

    again = await restored_after_restart(service, db, clock, table_id, seats=2)
    await by_whoever_waits(  # the hand goes on where it stood
        again, table_id, lambda user: act(again, table_id, user), 300, until=_scored_once
    )
    assert len(public_table(again.registry.get(table_id)).two.sheet) == 1  # type: ignore[union-attr]
    await again.store.close()


def _scored_once(table: Table) -> bool:
    return len(public_table(table).two.sheet) >= 1  # type: ignore[union-attr]


async def test_a_timed_out_player_is_played_for_and_play_again_seats_the_same_two(
    db: str | Path,
) -> None:
    clock = FakeClock()
    service, table_id = await alone_with_computers(db, SHORT, clock, turn_timer=60)
    assert service.registry.get(table_id).waiting_for() is not None
    clock.advance(61)  # the turn timer runs out: the computer decides for her
    fired = await service.tick()
    assert [e.kind for e in fired[table_id].events][:1] == ["seat_away"]
    await service.back(table_id, ALICE)
    await play_out(service, table_id, ALICE)
    _, started = await play_again_started(service, table_id, ["human", "computer"])
    assert started.public.two is not None
    await service.store.close()
