"""Analysis of your hand at the service, on both stores: a player's own decisions valued
from what they could know, reproducibly, and every refusal changing nothing."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.analysis import (
    SHOWN,
    AnalysisCode,
    AnalysisError,
    AnalysisService,
    deal_check,
    decisions_of,
    line_check,
)
from bot.analysis.decisions import TRUMP, value_decision
from bot.engine import Card, Match, RuleSet, Suit, action_from_dict
from bot.players import Effort, make_player, view_for
from bot.store import Store
from bot.tables import FakeClock, TableService
from tests.challenge.kit import GUILD, opened, play_all, varied
from tests.games import OTHER_GAME_PRESETS
from tests.tables.helpers import ALICE, BOB, INSTANT, act_once, open_service, table_with

T = TypeVar("T")
SMALL = Effort(nodes=200, samples=3)


async def inline(work: Callable[[], T]) -> T:
    return work()


def analysis(tables: TableService, clock: FakeClock, hourly: int = 6) -> AnalysisService:
    return AnalysisService(tables.store, tables, inline, clock.now, SMALL, hourly)


async def scored_table(
    database: str | Path, clock: FakeClock, hands: int = 1, league: bool = False
) -> tuple[TableService, int]:
    """A table where Alice (seat 0) plays with three computers, ``hands`` hands scored."""
    tables = await open_service(database, clock)
    settings = dataclasses.replace(INSTANT, league=league)
    table = await table_with(tables, {0: ALICE}, settings=settings)
    pick = 0
    while len(tables.registry.get(table.id).match.sheet) < hands:  # type: ignore[union-attr]
        pick += 1
        await act_once(tables, table.id, pick)
    return tables, table.id


def check_of(tables: TableService, table_id: int, hand: int) -> str:
    match = tables.registry.get(table_id).match
    assert match is not None
    return line_check(match.sheet[hand - 1])


async def logged(store: Store, table_id: int) -> int:
    return len(await store.tables.actions(table_id))


async def refused(code: AnalysisCode, call: Any) -> AnalysisError:
    with pytest.raises(AnalysisError) as caught:
        await call
    assert caught.value.code == code
    return caught.value


async def test_a_table_hand_lists_the_costliest_own_decisions(database: str | Path) -> None:
    clock = FakeClock()
    tables, t = await scored_table(database, clock)
    check = check_of(tables, t, 1)
    before = await logged(tables.store, t)
    answer = await analysis(tables, clock).table_hand(t, 1, ALICE, check)
    assert (answer.kind, answer.source, answer.hand) == ("table", t, 1)
    assert 1 <= answer.decisions <= 9
    assert len(answer.costly) <= SHOWN
    costs = [v.cost for v in answer.costly]
    assert costs == sorted(costs, reverse=True) and all(c >= 1 for c in costs)
    assert all(v.best != v.chosen for v in answer.costly)
    assert await logged(tables.store, t) == before  # read only

    # Fixed effort and seeds: a fresh process on the same store answers the same.
    again = await open_service(database, clock)
    assert await analysis(again, clock).table_hand(t, 1, ALICE, check) == answer


async def test_each_decision_is_valued_from_the_players_own_view() -> None:
    match = Match(RuleSet().with_options(roem_claiming="automatic"), "analysis-view")
    hand = match.hand_of(1)
    dealt = hand.dealt
    actions: list[dict[str, Any]] = []
    probe = match.hand_of(1)
    while probe.result is None:
        seat = probe.to_act
        assert seat is not None
        player = make_player("normal", f"p{len(actions)}")
        view = view_for(probe, seat)
        if view.trump_options is not None:
            suit = player.choose_trump(view)
            data = (
                {"type": "pass", "seat": seat}
                if suit is None
                else {"type": "trump", "seat": seat, "suit": suit.letter}
            )
        else:
            data = {"type": "play", "seat": seat, "card": player.choose_card(view).code}
        probe.apply(action_from_dict(data))
        actions.append(data)
    found = decisions_of(hand, [(a, a.get("seat") == 1) for a in actions], 1)
    assert found and all(d.view.seat == 1 for d in found)
    for decision in found:
        assert set(decision.view.hand) <= set(dealt[1])  # only its own cards
        valued = value_decision(decision, "seed", SMALL)
        assert valued.cost >= 0
        assert valued == value_decision(decision, "seed", SMALL)  # reproducible
        if decision.trick == TRUMP:
            assert decision.chosen is None or isinstance(decision.chosen, Suit)
        else:
            assert isinstance(decision.chosen, Card) and decision.chosen in decision.view.legal


async def test_bad_table_clicks_are_refused_and_change_nothing(database: str | Path) -> None:
    clock = FakeClock()
    tables, t = await scored_table(database, clock)
    service = analysis(tables, clock)
    check = check_of(tables, t, 1)
    before = await logged(tables.store, t)
    await refused(AnalysisCode.NOT_YOURS, service.table_hand(t, 1, BOB, check))
    await refused(AnalysisCode.STALE, service.table_hand(t, 1, ALICE, "0123abcd"))
    await refused(AnalysisCode.UNKNOWN_HAND, service.table_hand(t, 2, ALICE, check))
    await refused(AnalysisCode.UNKNOWN_HAND, service.table_hand(t + 99, 1, ALICE, check))
    await refused(AnalysisCode.BAD_ARGUMENT, service.table_hand(t, 0, ALICE, check))
    await refused(AnalysisCode.BAD_ARGUMENT, service.table_hand(t, 1, ALICE, "forged!!"))
    assert service.searched == 0
    assert await logged(tables.store, t) == before


async def test_league_tables_and_league_nights_are_refused(database: str | Path) -> None:
    clock = FakeClock()
    tables, t = await scored_table(database, clock, league=True)
    service = analysis(tables, clock)
    await refused(AnalysisCode.LEAGUE, service.table_hand(t, 1, ALICE, check_of(tables, t, 1)))
    # Alice sits at that league table (still playing): no analysis of a casual hand either.
    casual = await table_with(tables, {0: ALICE}, channel=556)
    while not tables.registry.get(casual.id).match.sheet:  # type: ignore[union-attr]
        await act_once(tables, casual.id)
    check = check_of(tables, casual.id, 1)
    await refused(AnalysisCode.LEAGUE_NIGHT, service.table_hand(casual.id, 1, ALICE, check))
    assert service.searched == 0


async def test_one_analysis_at_a_time_and_an_hourly_limit(database: str | Path) -> None:
    clock = FakeClock()
    tables, t = await scored_table(database, clock, hands=2)
    gate = asyncio.Event()

    async def held(work: Callable[[], T]) -> T:
        await gate.wait()
        return work()

    service = AnalysisService(tables.store, tables, held, clock.now, SMALL, hourly=2)
    first = asyncio.create_task(service.table_hand(t, 1, ALICE, check_of(tables, t, 1)))
    while ALICE not in service._running:  # the first is searching (held at the gate)
        await asyncio.sleep(0.01)
    await refused(AnalysisCode.BUSY, service.table_hand(t, 2, ALICE, check_of(tables, t, 2)))
    gate.set()
    answer = await first
    # A repeat is answered again for free; a new hand counts.
    assert await service.table_hand(t, 1, ALICE, check_of(tables, t, 1)) is answer
    await service.table_hand(t, 2, ALICE, check_of(tables, t, 2))
    service._known.clear()  # as after a restart: the answers are gone, the limit is not
    error = await refused(
        AnalysisCode.LIMIT, service.table_hand(t, 1, ALICE, check_of(tables, t, 1))
    )
    assert error.facts == {"count": 2, "minutes": 60}
    clock.advance(3601)
    assert await service.table_hand(t, 1, ALICE, check_of(tables, t, 1)) == answer


async def test_a_challenge_deal_of_ones_own(database: str | Path) -> None:
    clock = FakeClock(1_741_176_000.0)
    async with opened(database, clock) as challenges:
        view = await play_all(challenges, 7, varied("seven"), stop_after=12)
        cid = view.challenge.id
        stored = await challenges.store.result(cid, 7, 1)
        assert stored is not None
        check = deal_check(1, stored.score, stored.against, stored.makers, stored.trump, stored.nat)
        tables = await open_service(database, clock)
        service = analysis(tables, clock)
        answer = await service.challenge_deal(cid, 1, 7, check)
        assert (answer.kind, answer.source, answer.hand) == ("challenge", cid, 1)
        assert answer.decisions >= 1
        await refused(AnalysisCode.NOT_YOURS, service.challenge_deal(cid, 1, 8, check))
        await refused(AnalysisCode.STALE, service.challenge_deal(cid, 1, 7, "00000000"))
        await refused(AnalysisCode.UNKNOWN_HAND, service.challenge_deal(cid, 99, 7, check))
        await refused(AnalysisCode.UNKNOWN_HAND, service.challenge_deal(cid + 9, 1, 7, check))
        again = analysis(await open_service(database, clock), clock)
        assert await again.challenge_deal(cid, 1, 7, check) == answer
    assert GUILD


def as_game(store: Store, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table the store gives holds the rules of preset ``name`` (a game the tables do
    not deal yet: its hands as stored are the four-player hands played here)."""
    real = store.tables.get

    async def stored_as(table_id: int) -> Any:
        stored = await real(table_id)
        if stored is None:
            return None
        rules = RuleSet.game_preset(name).to_dict()
        return dataclasses.replace(stored, snapshot={**stored.snapshot, "rules": rules})

    monkeypatch.setattr(store.tables, "get", stored_as)


@pytest.mark.parametrize("name", OTHER_GAME_PRESETS)
async def test_a_hand_of_another_game_is_refused_by_the_game(
    database: str | Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    clock = FakeClock()
    tables, t = await scored_table(database, clock)
    service = analysis(tables, clock)
    check = check_of(tables, t, 1)
    before = await logged(tables.store, t)
    as_game(tables.store, name, monkeypatch)
    error = await refused(AnalysisCode.GAME_NOT_OFFERED, service.table_hand(t, 1, ALICE, check))
    assert error.facts == {"game": RuleSet.game_preset(name).game}
    assert service.searched == 0 and await logged(tables.store, t) == before
