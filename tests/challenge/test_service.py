"""The challenge service on each store: opening, playing, the same computers for everyone,
restarts, refusals that change nothing, standings, pars and the close."""

from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path

import pytest

from bot.challenge import ChallengeCode, ChallengeError
from bot.challenge.deals import challenge_rules
from bot.engine import Card, Phase, RuleSet, Suit
from bot.tables import FakeClock
from tests.games import OTHER_GAME_PRESETS

from .kit import CHANNEL, GUILD, OTHER_GUILD, decide, first_choice, opened, play_all, varied

DAY = 86_400.0


async def test_a_challenge_opens_once_per_server_with_its_seed_committed(
    database: str | Path, clock: FakeClock
) -> None:
    async with opened(database, clock) as service:
        first = await service.current(GUILD, CHANNEL)
        again = await service.current(GUILD, CHANNEL)
        other = await service.current(OTHER_GUILD, CHANNEL)
    info = first.challenge
    assert first.created and not again.created and other.created
    assert again.challenge.id == info.id != other.challenge.id
    assert info.number == 1 and info.deals == 8 and info.rules == "amsterdam"
    assert info.seed_hash == hashlib.sha256(b"challenge-seed").hexdigest()
    assert info.seed is None and not info.closed  # secret until the close
    assert info.closes_at == clock.now() + 7 * 3600  # 20:00 in Amsterdam, 19:00 UTC
    assert info.channel_id == CHANNEL


async def test_a_member_plays_every_deal_once_and_then_sees_the_standings(
    database: str | Path, clock: FakeClock
) -> None:
    async with opened(database, clock) as service:
        view = await service.look(GUILD, 1, CHANNEL)
        assert not view.started and view.hand is None
        with pytest.raises(ChallengeError) as hidden:
            await service.standings(view.challenge.id, 1)
        assert hidden.value.code == ChallengeCode.NOT_FINISHED
        done = await play_all(service, 1)
        assert done.finished and done.hand is None and done.deal == 9
        board = await service.standings(done.challenge.id, 1)
        stored = await service.store.results(done.challenge.id)
    assert [r.deal for r in stored] == list(range(1, 9))
    assert [row.user_id for row in board.rows] == [1]
    assert board.rows[0].share == 0.5 and board.rows[0].played == 8  # alone: half each deal
    assert board.rows[0].points == sum(r.score for r in stored)
    assert board.finished == 1


async def test_two_members_who_play_the_same_cards_meet_the_same_replies(
    database: str | Path, clock: FakeClock
) -> None:
    """The computers' decisions depend on the deal, the seat and what was played only:
    the second member, on a fresh service (nothing remembered), gets the same replies."""
    async with opened(database, clock) as service:
        first = await play_all(service, 1, varied("a"))
    async with opened(database, clock) as service:
        await play_all(service, 2, varied("a"))
        await play_all(service, 3, varied("b"))
        cid = first.challenge.id
        one, two, three = [
            [await service.store.result(cid, user, n) for n in range(1, 9)] for user in (1, 2, 3)
        ]
    assert [r and r.actions for r in one] == [r and r.actions for r in two]
    assert [r and r.score for r in one] == [r and r.score for r in two]
    assert [r and r.actions for r in one] != [r and r.actions for r in three]


async def test_a_restart_resumes_the_deal_where_it_stood(
    database: str | Path, clock: FakeClock
) -> None:
    """A member whose bot restarts after every few moves ends where one who played
    without a restart does."""
    async with opened(database, clock) as service:
        straight = await play_all(service, 1, varied("r"))
    view = straight
    while True:
        async with opened(database, clock) as service:  # a new process: nothing in memory
            resumed = await service.look(GUILD, 2, CHANNEL)
            if view.challenge.id == resumed.challenge.id and resumed.started:
                assert (resumed.deal, resumed.seq, resumed.hand) == (view.deal, view.seq, view.hand)
            view = await play_all(service, 2, varied("r"), stop_after=7)
            if view.finished:
                break
    async with opened(database, clock) as service:
        cid = straight.challenge.id
        one = [await service.store.result(cid, 1, n) for n in range(1, 9)]
        two = [await service.store.result(cid, 2, n) for n in range(1, 9)]
    assert [r and (r.score, r.actions) for r in one] == [r and (r.score, r.actions) for r in two]


async def test_refusals_change_nothing(database: str | Path, clock: FakeClock) -> None:
    async with opened(database, clock) as service:
        view = await service.look(GUILD, 1, CHANNEL)
        cid = view.challenge.id
        view = await service.start(cid, 1, "Ann")
        assert view.hand is not None and view.hand.my_turn
        kind, value = first_choice(view)
        operation = service.play if kind == "play" else service.bid
        cases = [
            (operation(cid + 99, 1, view.deal, view.seq, value), "unknown_challenge"),
            (operation(0, 1, view.deal, view.seq, value), "unknown_challenge"),
            (operation(cid, 1, view.deal, view.seq, value, OTHER_GUILD), "other_guild"),
            (operation(cid, 1, view.deal, view.seq + 1, value), "stale"),
            (operation(cid, 1, view.deal, view.seq - 1, value), "stale"),
            (operation(cid, 1, view.deal + 1, view.seq, value), "stale"),
            (operation(cid, 2, view.deal, view.seq, value), "not_started"),
        ]
        if view.hand.phase == Phase.PLAY:
            wrong = (
                next(c for c in view.hand.cards if c not in view.hand.legal)
                if (len(view.hand.legal) < len(view.hand.cards))
                else None
            )
            held = set(view.hand.cards)
            absent = next(
                c for c in [Card.parse(x) for x in ("7c", "7d", "7h", "7s", "8c")] if c not in held
            )
            cases.append((service.play(cid, 1, view.deal, view.seq, absent), "not_in_hand"))
            cases.append((service.bid(cid, 1, view.deal, view.seq, Suit.HEARTS), "wrong_phase"))
            if wrong is not None:
                cases.append((service.play(cid, 1, view.deal, view.seq, wrong), "illegal_card"))
        for call, code in cases:
            with pytest.raises(ChallengeError) as refused:
                await call
            assert refused.value.code == code, code
        after = await service.look(GUILD, 1, CHANNEL)
        assert (after.deal, after.seq, after.hand) == (view.deal, view.seq, view.hand)
        moved = await decide(service, view, 1, (kind, value))
        with pytest.raises(ChallengeError) as twice:  # the same click again
            await decide(service, view, 1, (kind, value))
        assert twice.value.code == ChallengeCode.STALE
        assert (await service.look(GUILD, 1, CHANNEL)).seq == moved.seq


async def test_a_deal_is_played_once(database: str | Path, clock: FakeClock) -> None:
    async with opened(database, clock) as service:
        view = await play_all(service, 1)
        cid = view.challenge.id
        with pytest.raises(ChallengeError) as finished:
            await service.play(cid, 1, 3, 5, Card.parse("Ah"))
        assert finished.value.code == ChallengeCode.FINISHED
    async with opened(database, clock) as service:
        view = await service.look(GUILD, 2, CHANNEL)
        view = await service.start(cid, 2, "Bea")
        while view.deal == 1:
            earlier = view
            view = await decide(service, view, 2, first_choice(view))
        kind, value = first_choice(earlier)
        with pytest.raises(ChallengeError) as played:
            await decide(service, earlier, 2, (kind, value))
        assert played.value.code == ChallengeCode.DEAL_PLAYED and played.value.facts == {"deal": 1}
        results = await service.store.results(cid)
    assert [r.deal for r in results if r.user_id == 2] == [1]


async def test_a_closed_challenge_takes_no_moves_and_reveals_its_seed(
    database: str | Path, clock: FakeClock
) -> None:
    async with opened(database, clock) as service:
        view = await play_all(service, 1, stop_after=12)  # the first deal, not all
        await play_all(service, 2)
        cid = view.challenge.id
        clock.advance(8 * 3600)  # past 20:00 in Amsterdam
        kind, value = first_choice(view)
        with pytest.raises(ChallengeError) as closed:
            await decide(service, view, 1, (kind, value))
        assert closed.value.code == ChallengeCode.CLOSED
        with pytest.raises(ChallengeError) as late:
            await service.start(cid, 3, "Cas")
        assert late.value.code == ChallengeCode.CLOSED
        assert (await service.info(cid)).closed  # closed by time, before the scheduler ran
        assert await service.close_due() == [cid]
        assert await service.close_due() == []
        board = await service.standings(cid, 1)  # hidden no more: everyone may look
        (summary,) = await service.summaries_due()
        await service.summary_posted(cid, 555)
        assert await service.summaries_due() == []
        following = await service.current(GUILD, CHANNEL)
    assert summary.challenge.seed == "challenge-seed" and board.challenge.seed == "challenge-seed"
    assert [(row.place, row.user_id) for row in board.rows] == [(1, 2), (2, 1)]
    assert 1 <= board.rows[1].played < 8 == board.rows[0].played
    assert following.created and following.challenge.number == 2
    assert following.challenge.closes_at == view.challenge.closes_at + DAY


async def test_the_par_is_the_four_computers_own_result(
    database: str | Path, clock: FakeClock
) -> None:
    async with opened(database, clock) as service:
        opened_now = await service.current(GUILD, CHANNEL)
        assert await service.pars.run_once() == 8
        assert service.pars.backlog == 0 and await service.pars.run_once() == 0
        pars = await service.store.pars(opened_now.challenge.id)
    async with opened(database, clock, seed="other") as again:  # recomputed: the same play
        other = await again.current(OTHER_GUILD, CHANNEL)
        assert await again.pars.run_once() == 8
        repeat = await again.store.pars(other.challenge.id)
    assert [p.deal for p in pars] == list(range(1, 9))
    assert all(p.score + p.against >= 162 or p.nat for p in pars)
    assert [p.actions for p in pars] != [p.actions for p in repeat]  # another seed, other play
    async with opened(database, clock) as service:
        fresh = await service.store.pars(opened_now.challenge.id)
    assert [p.actions for p in fresh] == [p.actions for p in pars]


async def test_concurrent_clicks_of_one_member_take_one_move(
    database: str | Path, clock: FakeClock
) -> None:
    async with opened(database, clock) as service:
        view = await play_all(service, 1, stop_after=0)
        choice = first_choice(view)
        results = await asyncio.gather(
            decide(service, view, 1, choice),
            decide(service, view, 1, choice),
            return_exceptions=True,
        )
    moved = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, ChallengeError)]
    assert len(moved) == 1 and [r.code for r in refused] == [ChallengeCode.STALE]


async def test_settings_are_for_managers_and_apply_from_the_next_challenge(
    database: str | Path, clock: FakeClock
) -> None:
    async with opened(database, clock) as service:
        running = await service.current(GUILD, CHANNEL)
        with pytest.raises(ChallengeError) as refused:
            await service.change_settings(GUILD, False, {"deals": 4})
        assert refused.value.code == ChallengeCode.NOT_MANAGER
        for changes, code in (
            ({"deals": 0}, "bad_setting"),
            ({"hour": 24}, "bad_setting"),
            ({"cadence": "hourly"}, "bad_setting"),
            ({"rules": "klaverjassen"}, "bad_setting"),
            ({"timezone": "Mars/Olympus"}, "unknown_timezone"),
            ({"colour": "red"}, "bad_setting"),
        ):
            with pytest.raises(ChallengeError) as bad:
                await service.change_settings(GUILD, True, changes)
            assert bad.value.code == code
        assert await service.settings(GUILD) == type(await service.settings(GUILD))()
        changed = await service.change_settings(
            GUILD,
            True,
            {"deals": 4, "cadence": "weekly", "weekday": 4, "hour": 18, "rules": "rotterdam"},
        )
        assert (await service.current(GUILD)).challenge.deals == 8  # the running one stays
        clock.advance(DAY)
        await service.close_due()
        following = (await service.current(GUILD)).challenge
    assert changed.deals == 4
    assert following.deals == 4 and following.rules == "rotterdam"
    assert following.closes_at - running.challenge.closes_at == 2 * DAY - 7200  # Friday 18:00


@pytest.mark.parametrize("name", OTHER_GAME_PRESETS)
async def test_a_challenge_of_another_game_is_refused_by_the_game(
    database: str | Path, clock: FakeClock, name: str
) -> None:
    game = RuleSet.game_preset(name).game
    async with opened(database, clock) as service:
        before = await service.settings(GUILD)
        with pytest.raises(ChallengeError) as refused:
            await service.change_settings(GUILD, True, {"rules": name})
        assert (refused.value.code, refused.value.facts) == ("game_not_offered", {"game": game})
        assert await service.settings(GUILD) == before
    with pytest.raises(ChallengeError) as made:
        challenge_rules(name, 8)
    assert made.value.code == ChallengeCode.GAME_NOT_OFFERED


async def test_servers_with_a_channel_are_announced_by_the_schedule(
    database: str | Path, clock: FakeClock
) -> None:
    async with opened(database, clock) as service:
        await service.change_settings(GUILD, True, {"channel_id": 777})
        (due,) = await service.announcements_due()
        assert due.guild_id == GUILD and due.channel_id == 777 and due.message_id is None
        await service.announced(due.id, 888)
        assert await service.announcements_due() == []
        assert (await service.info(due.id)).message_id == 888
