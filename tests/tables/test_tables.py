"""The table service on a real SQLite file: full matches, refusals, restarts, timers."""

from __future__ import annotations

import asyncio
from dataclasses import FrozenInstanceError, replace
from pathlib import Path

import pytest

import bot.tables.timers as timers_module
from bot.engine import Card, Match, Phase, RuleSet, Suit
from bot.store.records import ActionRecord
from bot.tables import (
    FakeClock,
    Status,
    TableAnswer,
    TableError,
    TableSettings,
    private_hand,
    public_table,
)
from bot.tables.events import RoemClaimed, TrickTaken
from tests.seeds import fix_seed

from .helpers import (
    ALICE,
    BOB,
    CARL,
    CHANNEL,
    DIRK,
    INSTANT,
    act_once,
    human_to_act,
    open_service,
    play_until_done,
    refused,
    table_with,
)


async def test_full_match_with_computers_is_scored_and_stored(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE})
    await play_until_done(service, table.id)
    table = service.registry.get(table.id)
    assert table.status == Status.FINISHED
    assert table.match is not None and table.match.result is not None
    assert len(table.match.sheet) == 16
    sheet = await service.store.tables.sheet(table.id, 1)
    assert [line.scores for line in sheet] == [line.scores for line in table.match.sheet]
    assert sum(line.scores[0] for line in sheet) == table.match.result.totals[0]
    stats = await service.store.stats.player(1, ALICE)
    assert stats.matches == 1 and stats.hands == 16
    assert service.in_channel(CHANNEL) is None  # a finished table frees the channel
    await service.store.close()


async def test_action_log_replays_to_the_snapshot(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 2: CARL})
    for _ in range(40):
        await act_once(service, table.id)
    table = service.registry.get(table.id)
    assert table.match is not None
    engine_actions = [
        a.payload
        for a in await service.store.tables.actions(table.id)
        if a.kind in ("engine", "computer", "timeout", "claim_closed")
    ]
    replayed = Match.replay(table.rules, table.match.seed, table.match.first_dealer, engine_actions)
    assert replayed.to_dict() == table.match.to_dict()
    stored = await service.store.tables.get(table.id)
    assert stored is not None and stored.snapshot == table.to_dict()
    await service.store.close()


async def test_the_live_table_is_the_stored_snapshot_after_every_action(
    db: str | Path,
) -> None:
    """Each operation works on ``Table.copy()`` of the live table (no round trip through
    the snapshot), so the live table must hold exactly what was committed, every time."""
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 2: CARL})
    for _ in range(60):
        await act_once(service, table.id)
        live = service.registry.get(table.id)
        stored = await service.store.tables.get(table.id)
        assert stored is not None and stored.snapshot == live.to_dict()
        assert live.copy().to_dict() == stored.snapshot
    copy = live.copy()
    assert copy.seats is not live.seats
    with pytest.raises(FrozenInstanceError):  # shared: settings change only by replacement
        copy.settings.turn_timer = 1  # type: ignore[misc]
    assert all(mine is not theirs for mine, theirs in zip(copy.seats, live.seats, strict=True))
    assert copy.match is not live.match and copy.renders is not live.renders
    copy.seats[0].missed += 1  # what an operation changes stays in its copy
    assert live.to_dict() == stored.snapshot
    await service.store.close()


async def test_readers_see_only_committed_state_while_an_action_is_stored(
    db: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While an operation awaits the store, front ends read the live table outside the
    lock: it must still show the last committed state, so the working copy may share
    nothing the action changes (seats, hand, tricks, totals, sheet) with it."""
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 2: CARL})
    record = service.store.tables.record
    seen: list[tuple[dict, dict]] = []

    async def observed(action: ActionRecord) -> None:
        seen.append((service.registry.get(action.table_id).to_dict(), committed))
        await record(action)

    monkeypatch.setattr(service.store.tables, "record", observed)
    for _ in range(60):
        committed = service.registry.get(table.id).to_dict()
        await act_once(service, table.id)
    assert seen and all(live == before for live, before in seen)
    await service.store.close()


async def test_a_refusal_keeps_the_live_table_and_its_drawings(db: str | Path) -> None:
    """A refused operation changed only its working copy: the live table keeps its
    objects, so nothing drawn from the state is drawn again."""
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 2: CARL})
    live = service.registry.get(table.id)
    match, drawn = live.match, public_table(live)
    await refused(service, table.id, "not_seated", service.claim(table.id, 999))
    assert service.registry.get(table.id).match is match and public_table(live) is drawn
    await service.store.close()


async def test_seated_at_is_only_for_an_open_tables_players(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 1: BOB}, start=False, fill=False)
    assert service.seated_at(table.id, BOB).id == table.id
    with pytest.raises(TableError) as info:
        service.seated_at(table.id, CARL)
    assert info.value.code == "not_seated"
    await service.close(table.id, ALICE)
    with pytest.raises(TableError) as info:
        service.seated_at(table.id, ALICE)
    assert info.value.code == "not_open"
    await service.store.close()


async def test_lobby_refusals_change_nothing(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 1: BOB}, start=False, fill=False)
    await refused(service, table.id, "seat_taken", service.sit(table.id, CARL, "c", 1))
    await refused(service, table.id, "already_seated", service.sit(table.id, BOB, "b"))
    await refused(service, table.id, "bad_seat", service.sit(table.id, CARL, "c", 7))
    await refused(service, table.id, "not_enough_players", service.start(table.id, ALICE))
    await service.sit(table.id, CARL, "c")
    await service.sit(table.id, DIRK, "d")
    await refused(service, table.id, "table_full", service.sit(table.id, 999, "x"))
    await refused(service, table.id, "not_seated", service.leave(table.id, 999))
    await refused(service, table.id, "not_playing", service.claim(table.id, ALICE))
    await refused(service, table.id, "stale", service.sit(table.id, 999, "x", None, seq=0))
    await refused(service, table.id, "no_computer", service.remove_computer(table.id, ALICE))
    with pytest.raises(TableError) as info:
        await service.open(1, CHANNEL, CARL, "c")
    assert info.value.code == "channel_busy"
    with pytest.raises(TableError) as info:
        await service.sit(424242, CARL, "c")
    assert info.value.code == "unknown_table"
    await service.store.close()


async def test_play_refusals_change_nothing(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 1: BOB, 2: CARL, 3: DIRK})
    while service.registry.get(table.id).match.hand.phase == Phase.TRUMP:  # type: ignore[union-attr]
        await act_once(service, table.id)
    seat, user = human_to_act(service, table.id)  # type: ignore[misc]
    other = next(s.user_id for i, s in enumerate(service.registry.get(table.id).seats) if i != seat)
    assert other is not None
    view = private_hand(service.registry.get(table.id), seat)
    await refused(
        service,
        table.id,
        "not_your_turn",
        service.play(table.id, other, private_hand(service.registry.get(table.id), 0).cards[0]),
    )
    await refused(service, table.id, "not_seated", service.play(table.id, 999, view.cards[0]))
    missing = next(c for c in map(Card, range(32)) if c not in view.cards)
    await refused(service, table.id, "not_in_hand", service.play(table.id, user, missing))
    await refused(
        service, table.id, "wrong_phase", service.choose_trump(table.id, user, Suit.HEARTS)
    )
    await refused(service, table.id, "no_claim_window", service.claim(table.id, user))
    await refused(
        service, table.id, "stale", service.play(table.id, user, view.legal[0], seq=view.seq - 1)
    )
    # Lead a card, then find a seat that holds an illegal card for the trick.
    await service.play(table.id, user, view.legal[0], seq=view.seq)
    for _ in range(3):
        seat, user = human_to_act(service, table.id)  # type: ignore[misc]
        view = private_hand(service.registry.get(table.id), seat)
        if view.reasons:
            card, reason = next(iter(view.reasons.items()))
            error = await refused(
                service, table.id, "illegal_card", service.play(table.id, user, card)
            )
            assert error.facts["reason"] == reason
            break
        await service.play(table.id, user, view.legal[0])
    await service.store.close()


async def test_claims_accepted_and_refused(db: str | Path) -> None:
    """Alice (pair 0) and Bob (pair 1) claim, or are refused, on the tricks they capture."""
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 1: BOB, 2: CARL, 3: DIRK})
    seen = {"credited": 0, "no_roem": 0, "wrong_pair": 0}
    for _ in range(3000):
        table = service.registry.get(table.id)
        if not table.is_open or all(seen.values()):
            break
        hand = table.match.hand  # type: ignore[union-attr]
        last = hand.last_trick if hand is not None else None
        if hand is not None and hand.claim_open and last is not None and not last.claimed:
            mine, theirs = (ALICE, BOB) if last.winner % 2 == 0 else (BOB, ALICE)
            await refused(service, table.id, "wrong_pair", service.claim(table.id, theirs))
            seen["wrong_pair"] += 1
            if last.roem:
                events = (await service.claim(table.id, mine)).events
                assert events[0].kind == "roem_claimed"
                assert isinstance(events[0], RoemClaimed)
                assert events[0].roem.points == last.roem.points
                await refused(service, table.id, "already_claimed", service.claim(table.id, mine))
                seen["credited"] += 1
            else:
                await refused(service, table.id, "no_roem", service.claim(table.id, mine))
                seen["no_roem"] += 1
        if human_to_act(service, table.id) is not None:
            await act_once(service, table.id)
    assert all(seen.values()), seen
    await service.store.close()


async def test_a_computer_claims_only_the_tricks_it_captured(
    db: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice's partner (seat 2) is a computer: it claims its own tricks at once, never
    Alice's; the roem of Alice's tricks is credited only when she claims it herself."""
    seed = "claims-0"  # a match in which Alice takes several tricks with roem
    fix_seed(seed)
    service = await open_service(db)
    table = await table_with(service, {0: ALICE})
    claimers: list[tuple[int, int]] = []  # (claiming seat, winner of the trick taken last)
    winner = -1

    async def watch(answer: TableAnswer) -> None:
        nonlocal winner
        for event in answer.events:
            if isinstance(event, TrickTaken):
                winner = event.seat if event.seat is not None else -1
            elif isinstance(event, RoemClaimed) and event.seat is not None:
                claimers.append((event.seat, winner))

    service.listeners.append(watch)
    left_to_alice = claimed_by_alice = 0
    for _ in range(2000):
        table = service.registry.get(table.id)
        if not table.is_open:
            break
        hand = table.match.hand  # type: ignore[union-attr]
        assert hand is not None
        for trick in hand.tricks:  # every roem trick a computer took is claimed at once
            assert trick.claimed or not trick.roem or trick.winner == 0, trick
        last = hand.last_trick
        if hand.claim_open and last and last.winner == 0 and last.roem and not last.claimed:
            left_to_alice += 1  # the computer partner left it alone
            if left_to_alice % 2:
                await service.claim(table.id, ALICE)
                claimed_by_alice += 1
            else:  # Alice forgets: nobody claims it for her
                taken, number = len(hand.tricks) - 1, table.match.hand_number  # type: ignore[union-attr]
                await act_once(service, table.id)
                match = service.registry.get(table.id).match
                assert match is not None
                if match.hand is not None and match.hand_number == number:  # else: scored
                    assert not match.hand.tricks[taken].claimed
                continue
        await act_once(service, table.id)
    assert left_to_alice >= 2 and claimed_by_alice >= 1
    assert claimers and all(seat == taker for seat, taker in claimers), claimers
    assert sum(seat == 0 for seat, _ in claimers) == claimed_by_alice
    await service.store.close()


async def test_restart_mid_hand_restores_everything(db: str | Path) -> None:
    clock = FakeClock()
    settings = replace(INSTANT, turn_timer=60)
    service = await open_service(db, clock)
    table = await table_with(service, {0: ALICE, 2: CARL}, settings)
    for _ in range(13):
        await act_once(service, table.id)
    before = service.registry.get(table.id)
    views = (public_table(before), private_hand(before, 0), private_hand(before, 2))
    deadline = before.turn_deadline
    assert deadline is not None
    await service.store.close()

    again = await open_service(db, clock)
    restored = again.registry.get(table.id)
    assert restored.to_dict() == before.to_dict()
    assert (public_table(restored), private_hand(restored, 0), private_hand(restored, 2)) == views
    found = again.in_channel(CHANNEL)
    assert found is not None and (found.id, found.seq) == (restored.id, restored.seq)
    assert found.public == public_table(restored)
    clock.advance(61)  # the re-armed turn timer fires after the restart
    fired = await again.tick()
    assert "seat_away" in [e.kind for e in fired[table.id].events]
    await play_until_done(again, table.id)
    assert again.registry.get(table.id).status == Status.FINISHED
    await again.store.close()


async def test_restart_between_hands(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE})
    while len(service.registry.get(table.id).match.sheet) < 2:  # type: ignore[union-attr]
        await act_once(service, table.id)
    before = service.registry.get(table.id).to_dict()
    await service.store.close()
    again = await open_service(db)
    assert again.registry.get(table.id).to_dict() == before
    await play_until_done(again, table.id)
    await again.store.close()


async def test_turn_timer_away_then_autoplay_then_back(db: str | Path) -> None:
    clock = FakeClock()
    settings = TableSettings(turn_timer=30, claim_grace=0, trick_pause=0, bot_delay=0)
    service = await open_service(db, clock)
    table = await table_with(service, {0: ALICE, 1: BOB, 2: CARL, 3: DIRK}, settings)
    seat, _user = human_to_act(service, table.id)  # type: ignore[misc]
    assert await service.tick() == {}  # nothing is due yet
    clock.advance(31)
    events = (await service.tick())[table.id].events
    assert events[0].kind == "seat_away" and events[0].seat == seat
    assert service.registry.get(table.id).seats[seat].away
    # The next human times out too; each expiry is one computer move for that seat.
    autoplayed: list[int] = []
    for _ in range(12):
        clock.advance(31)
        await service.tick()
        autoplayed = [i for i, s in enumerate(service.registry.get(table.id).seats) if s.autoplay]
        if autoplayed:
            break
    assert autoplayed, "two expiries in a row hand the seat to the computer"
    user = service.registry.get(table.id).seats[autoplayed[0]].user_id
    assert user is not None
    await service.back(table.id, user)
    assert not service.registry.get(table.id).seats[autoplayed[0]].autoplay
    with pytest.raises(TableError) as info:
        await service.back(table.id, user)
    assert info.value.code == "not_away"
    await service.store.close()


async def test_computer_delay_and_last_trick_grace(db: str | Path) -> None:
    clock = FakeClock()
    settings = TableSettings(turn_timer=0, claim_grace=5, trick_pause=2, bot_delay=1)
    service = await open_service(db, clock)
    table = await table_with(service, {0: ALICE}, settings)
    for _ in range(5000):
        table = service.registry.get(table.id)
        if table.match is None or len(table.match.sheet) >= 1:
            break
        if human_to_act(service, table.id) is not None:
            await act_once(service, table.id)
            continue
        hand = table.match.hand
        if hand is not None and hand.phase == Phase.CLAIM:
            assert table.claim_deadline is not None
            clock.time = table.claim_deadline - 0.1
            assert await service.tick() == {}  # the window is still open
        due = table.next_deadline()
        assert due is not None
        clock.time = due
        await service.tick()
    assert len(service.registry.get(table.id).match.sheet) == 1  # type: ignore[union-attr]
    await service.store.close()


async def test_concurrent_clicks_exactly_one_wins(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 1: BOB, 2: CARL, 3: DIRK})
    while service.registry.get(table.id).match.hand.phase == Phase.TRUMP:  # type: ignore[union-attr]
        await act_once(service, table.id)
    for _ in range(6):  # several turns, each stormed by every seat with every card
        table = service.registry.get(table.id)
        seq = table.seq
        calls = []
        for seat, state in enumerate(table.seats):
            assert state.user_id is not None
            for card in private_hand(table, seat).cards:
                calls.append(service.play(table.id, state.user_id, card, seq=seq))
        results = await asyncio.gather(*calls, return_exceptions=True)
        wins = [r for r in results if not isinstance(r, BaseException)]
        assert len(wins) == 1
        assert all(isinstance(r, TableError) for r in results if r not in wins)
    actions = await service.store.tables.actions(table.id)
    assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
    assert service.registry.get(table.id).seq == len(actions)
    await service.store.close()


async def test_close_always_works_for_opener_or_moderator(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 1: BOB})
    await refused(service, table.id, "not_allowed", service.close(table.id, BOB))
    await service.close(table.id, BOB, moderator=True)
    assert service.registry.get(table.id).status == Status.CLOSED
    assert service.in_channel(CHANNEL) is None
    again = await table_with(service, {0: BOB}, start=False)  # the channel is free again
    assert again.id != table.id
    await service.store.close()


async def test_leaving_mid_match_hands_the_seat_to_a_computer(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 1: BOB})
    await service.leave(table.id, BOB)
    assert service.registry.get(table.id).seats[1].computer_acts
    await play_until_done(service, table.id)
    await service.store.close()


async def test_a_seat_left_can_be_taken_back_until_that_hand_is_scored(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE, 1: BOB})
    await service.leave(table.id, BOB)
    assert service.registry.get(table.id).seats[1].left_by == BOB
    await refused(service, table.id, "not_seated", service.back(table.id, CARL))

    events = (await service.back(table.id, BOB)).events  # changed their mind in the same hand
    assert [e.kind for e in events] == ["seat_back"] and events[0].seat == 1
    seat = service.registry.get(table.id).seats[1]
    assert (seat.kind, seat.user_id, seat.name, seat.left_by) == ("human", BOB, "user102", None)
    actions = await service.store.tables.actions(table.id)
    assert (actions[-1].kind, actions[-1].payload) == ("back", {"seat": 1, "retake": True})

    await service.leave(table.id, BOB)
    while not service.registry.get(table.id).match.sheet:  # type: ignore[union-attr]
        await act_once(service, table.id)
    error = await refused(service, table.id, "retake_too_late", service.back(table.id, BOB))
    assert error.facts == {"seat": 1}
    await service.store.close()


@pytest.mark.parametrize("preset", ["rotterdam", "utrecht", "online-classic"])
async def test_presets_play_through(db: str | Path, preset: str) -> None:
    service = await open_service(db)
    rules = RuleSet.preset(preset).with_options(match_hands=2, roem_claiming="automatic")
    table = await table_with(service, {0: ALICE}, rules=rules)
    await play_until_done(service, table.id)
    assert len(service.registry.get(table.id).match.sheet) == 2  # type: ignore[union-attr]
    await service.store.close()


async def test_settings_change_is_guarded_logged_and_rearms_the_timer(db: str | Path) -> None:
    clock = FakeClock()
    settings = replace(INSTANT, turn_timer=60)
    service = await open_service(db, clock)
    table = await table_with(service, {0: ALICE, 1: BOB, 2: CARL, 3: DIRK}, settings)
    await refused(
        service, table.id, "not_allowed", service.update_settings(table.id, BOB, turn_timer=30)
    )
    await refused(
        service, table.id, "bad_turn_timer", service.update_settings(table.id, ALICE, turn_timer=5)
    )
    await refused(service, table.id, "nothing_to_change", service.update_settings(table.id, ALICE))
    await service.update_settings(table.id, BOB, turn_timer=30, locale="nl", moderator=True)
    table = service.registry.get(table.id)
    assert (table.settings.turn_timer, table.settings.locale) == (30, "nl")
    assert table.turn_deadline == clock.now() + 30
    again = await open_service(db, clock)  # committed: a restart keeps the change
    assert again.registry.get(table.id).settings.turn_timer == 30


async def test_lobby_changes_belong_to_players_and_opener(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE}, start=False, fill=False)
    await refused(service, table.id, "not_seated", service.add_computer(table.id, BOB))
    await service.add_computer(table.id, ALICE)
    await refused(service, table.id, "not_seated", service.remove_computer(table.id, BOB))
    await refused(service, table.id, "not_seated", service.start(table.id, BOB))


async def test_message_id_survives_a_refusal_and_a_restart(db: str | Path) -> None:
    service = await open_service(db)
    table = await table_with(service, {0: ALICE}, start=False, fill=False)
    await service.set_message(table.id, 777)
    held = service.registry.get(table.id)
    await refused(service, table.id, "not_seated", service.leave(table.id, BOB))
    assert service.registry.get(table.id) is held  # a refusal leaves the state as it was
    assert held.message_id == 777
    again = await open_service(db)
    assert again.registry.get(table.id).message_id == 777


async def test_latest_table_in_a_channel_includes_finished_ones(db: str | Path) -> None:
    service = await open_service(db)
    rules = RuleSet().with_options(match_hands=1)
    table = await table_with(service, {0: ALICE}, rules=rules)
    await play_until_done(service, table.id)
    assert service.in_channel(CHANNEL) is None
    again = await open_service(db)
    latest = await again.latest_in_channel(CHANNEL)
    assert latest is not None and latest.id == table.id and latest.status == Status.FINISHED
    assert await again.latest_in_channel(CHANNEL + 1) is None


async def test_an_idle_table_may_be_closed_by_anyone(db: str | Path) -> None:
    clock = FakeClock()
    service = await open_service(db, clock)
    table = await table_with(service, {0: ALICE}, start=False, fill=False)
    clock.advance(3600)
    await refused(service, table.id, "not_allowed", service.close(table.id, BOB))
    clock.advance(3601)
    await service.close(table.id, BOB)
    assert service.registry.get(table.id).status == Status.CLOSED


async def test_a_failing_table_does_not_stop_the_others_timers(
    db: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    settings = TableSettings(turn_timer=30, claim_grace=0, trick_pause=0, bot_delay=0)
    service = await open_service(db, clock)
    broken = await table_with(service, {0: ALICE, 1: BOB, 2: CARL, 3: DIRK}, settings)
    healthy = await table_with(
        service, {0: 201, 1: 202, 2: 203, 3: 204}, settings, channel=CHANNEL + 1
    )
    decide = timers_module.decide

    async def fail_on_broken(computers, table, hand, seat):  # type: ignore[no-untyped-def]
        if table.id == broken.id:
            raise RuntimeError("a bug in one computer player")
        return await decide(computers, table, hand, seat)

    monkeypatch.setattr(timers_module, "decide", fail_on_broken)
    clock.advance(31)
    fired = await service.tick()
    assert healthy.id in fired and broken.id not in fired
    assert service.next_deadline() is not None
    assert service.next_deadline() > clock.now()  # type: ignore[operator]  # no busy loop


async def test_restart_gives_the_player_to_act_a_grace_period(db: str | Path) -> None:
    clock = FakeClock()
    settings = TableSettings(turn_timer=60, claim_grace=0, trick_pause=0, bot_delay=0)
    service = await open_service(db, clock)
    table = await table_with(service, {0: ALICE, 1: BOB, 2: CARL, 3: DIRK}, settings)
    clock.advance(3600)  # the bot was down for an hour
    again = await open_service(db, clock)
    assert await again.tick() == {}
    restored = again.registry.get(table.id)
    assert restored.turn_deadline is not None and restored.turn_deadline > clock.now()
    assert not any(seat.away for seat in restored.seats)


async def test_two_opens_in_one_channel_at_once(db: str | Path) -> None:
    service = await open_service(db)
    results = await asyncio.gather(
        service.open(1, CHANNEL, ALICE, "a"),
        service.open(1, CHANNEL, BOB, "b"),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(errors) == 1 and isinstance(errors[0], TableError)
    assert errors[0].code == "channel_busy"


async def test_turn_timer_limits_hold_when_opening(db: str | Path) -> None:
    service = await open_service(db)
    with pytest.raises(TableError) as info:
        await service.open(1, CHANNEL, ALICE, "a", settings=TableSettings(turn_timer=1))
    assert info.value.code == "bad_turn_timer"
    assert service.in_channel(CHANNEL) is None
