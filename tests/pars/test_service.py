"""The par service on both stores: which hands get a par, the background worker, a
restart, the challenge's deals, and the refusals."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from dataclasses import replace
from pathlib import Path

import pytest

from bot.pars import ParHand, replay_par
from bot.services import Services
from bot.standings import StandingsCode, StandingsError
from bot.store import open_store
from bot.tables import FakeClock
from tests.backends import fetch
from tests.challenge import kit as challenge_kit
from tests.challenge.conftest import NOON
from tests.seeds import table_seeds
from tests.tables.helpers import ALICE, BOB, INSTANT, table_with

from .kit import GUILD, SMALL, inline, opened, play_hands

NOW = dt.datetime(2030, 1, 1, tzinfo=dt.UTC)


async def test_a_hand_with_three_computers_gets_its_par_in_the_background(
    database: str | Path,
) -> None:
    async with opened(database) as (tables, pars):
        table = await table_with(tables, {0: ALICE})
        await play_hands(tables, table.id, 2)
        sheet = tables.registry.get(table.id).match.sheet  # type: ignore[union-attr]
        assert await pars.store.waiting_count() == 2
        before = await pars.player(GUILD, ALICE, "all", NOW)
        assert (before.hands, before.waiting) == (0, 2)

        assert await pars.worker.run_once() == 2
        assert pars.backlog == 0 and await pars.worker.run_once() == 0
        after = await pars.player(GUILD, ALICE, "all", NOW)
        assert (after.hands, after.waiting) == (2, 0)

        expected = []
        for line in sheet:
            waiting = await _setup_of(database, table.id, line.number)
            par = await replay_par(ParHand.of(waiting, line.number), SMALL, inline)
            expected.append(line.scores[0] - par)
        assert after.average == pytest.approx(sum(expected) / 2)
        assert after.margin is not None


async def _setup_of(database: str | Path, table_id: int, number: int) -> dict[str, object]:
    """What the table service stored for the hand's par."""
    async with await open_store(database) as store:
        sql = "SELECT setup FROM hand_pars WHERE table_id = ? AND number = ?"
        rows = await fetch(store, sql, table_id, number)
    return dict(json.loads(rows[0][0]))


async def test_the_par_replays_the_same_deal_with_the_same_computers(
    database: str | Path,
) -> None:
    async with opened(database) as (tables, _):
        table = await table_with(tables, {0: ALICE}, fill=False, start=False)
        await tables.add_computer(table.id, ALICE, 1, level="normal")
        await tables.add_computer(table.id, ALICE, 2, level="easy")
        await tables.add_computer(table.id, ALICE, 3, level="normal")
        await tables.start(table.id, ALICE)
        await play_hands(tables, table.id, 1)
        match = tables.registry.get(table.id).match
        assert match is not None
    setup = await _setup_of(database, table.id, 1)
    par = ParHand.of(setup, 1)
    assert par.seat == 0 and par.levels == (None, "normal", "easy", "normal")
    assert par.deal().dealt == match.deal_of(1)
    assert par.level(0) == "strong" and par.modelled(0)  # both opponents normal
    assert not par.modelled(1)  # the person's seat plays strong in the replay
    assert par.rules.roem_claiming == "automatic"
    first = await replay_par(par, SMALL, inline)
    assert await replay_par(par, SMALL, inline) == first  # a pure function of the hand


async def test_a_restart_finds_the_hands_still_waiting(database: str | Path) -> None:
    clock = FakeClock()
    async with opened(database, clock) as (tables, pars):
        table = await table_with(tables, {0: ALICE})
        await play_hands(tables, table.id, 1)
    async with opened(database, clock) as (_, again):
        assert await again.worker.run_once() == 1
        assert (await again.player(GUILD, ALICE, "all", NOW)).hands == 1


async def test_only_hands_played_alone_with_three_computers_count(database: str | Path) -> None:
    async with opened(database) as (tables, pars):
        pair = await table_with(tables, {0: ALICE, 2: BOB}, channel=1)
        await play_hands(tables, pair.id, 1)
        league = await table_with(tables, {0: BOB}, replace(INSTANT, league=True), channel=2)
        await play_hands(tables, league.id, 1)
        assert await pars.store.waiting_count() == 0
        assert (await pars.player(GUILD, ALICE, "all", NOW)).hands == 0


async def test_the_period_counts_back_from_now(database: str | Path) -> None:
    async with opened(database) as (tables, pars):
        table = await table_with(tables, {0: ALICE})
        await play_hands(tables, table.id, 1)
        await pars.worker.run_once()
        assert (await pars.player(GUILD, ALICE, "all", NOW)).hands == 1
        assert (await pars.player(GUILD, ALICE, "week", NOW)).hands == 0
        assert (await pars.player(GUILD + 1, ALICE, "all", NOW)).hands == 0


async def test_challenge_deals_count_once_the_member_finished(database: str | Path) -> None:
    clock = FakeClock(NOON)
    async with challenge_kit.opened(database, clock) as challenge:
        view = await challenge_kit.play_all(challenge, ALICE, stop_after=12)
        await challenge.pars.run_once()
        async with opened(database, clock) as (_, pars):
            assert view.deal is not None and view.deal > 1
            early = await pars.player(challenge_kit.GUILD, ALICE, "all", NOW)
            assert early.hands == 0  # results hidden until the member finished
            await challenge_kit.play_all(challenge, ALICE)
            results = await challenge.store.results(view.challenge.id)
            found = await challenge.store.pars(view.challenge.id)
            par = {p.deal: p.score for p in found}
            diffs = [r.score - par[r.deal] for r in results if r.user_id == ALICE]
            done = await pars.player(challenge_kit.GUILD, ALICE, "all", NOW)
            assert done.hands == len(diffs) == 8
            assert done.average == pytest.approx(sum(diffs) / 8)


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ((GUILD, ALICE, "decade", NOW), StandingsCode.PERIOD),
        ((GUILD, -1, "all", NOW), StandingsCode.BAD_ID),
        ((GUILD, ALICE, "all", "today"), StandingsCode.BAD_ARGUMENT),
    ],
)
async def test_bad_arguments_are_refused(
    database: str | Path, arguments: tuple[object, ...], code: StandingsCode
) -> None:
    async with opened(database) as (_, pars):
        with pytest.raises(StandingsError) as refused:
            await pars.player(*arguments)  # type: ignore[arg-type]
        assert refused.value.code == code


async def test_the_bot_computes_a_scored_hands_par_in_the_background(
    database: str | Path,
) -> None:
    """The services wake the worker when a table scores a hand (it would otherwise look
    only every five minutes), and it stores the par on its own."""
    services = await Services.open(database, clock=FakeClock(), seeds=table_seeds())
    try:
        services.start_timers()
        table = await table_with(services.tables, {0: ALICE})
        await play_hands(services.tables, table.id, 1)
        for _ in range(2000):  # until the background task has stored it (never 5 minutes)
            if services.pars.worker.computed:
                break
            await asyncio.sleep(0.01)
        assert services.pars.worker.computed == 1
        assert await services.store.pars.waiting_count() == 0
        assert (await services.pars.player(GUILD, ALICE, "all", NOW)).hands == 1
    finally:
        await services.close()
