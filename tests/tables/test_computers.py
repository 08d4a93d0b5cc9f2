"""Computer seats at tables: levels stored with the seat, decisions off the event loop and
logged as actions, a shared time budget, and hints for the asker's own turn."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

import bot.players.workers as computers_module
from bot.engine import Card, Match, RuleSet, Suit, action_from_dict
from bot.engine.errors import ErrorCode
from bot.players import EasyPlayer, HeuristicPlayer, Player, SearchPlayer, SeatView, view_for
from bot.players.search import Effort
from bot.players.workers import Computers, decide_action
from bot.tables import FakeClock, RefusalCode, Table, TableError, TableService, TableSettings
from bot.tables.computer_seats import brain, decide, level_of
from tests.seeds import table_seeds

from .helpers import ALICE, BOB, CARL, CHANNEL, DIRK, INSTANT, act_once, human_to_act, open_service
from .helpers import table_with as seated_table


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "computers.sqlite3"


async def lobby(service: TableService, settings: TableSettings = INSTANT) -> Table:
    return await service.open(1, CHANNEL, ALICE, "alice", None, settings)


async def test_levels_are_kept_with_the_seat_and_survive_a_restart(db: Path) -> None:
    service = await open_service(db)
    table = await lobby(service, replace(INSTANT, computer_kind="normal"))
    await service.add_computer(table.id, ALICE, 1, level="easy")
    await service.add_computer(table.id, ALICE, 2, level="Strong")
    await service.add_computer(table.id, ALICE, 3)
    log = await service.store.tables.actions(table.id)
    assert [a.payload for a in log if a.kind == "add_computer"] == [
        {"seat": 1, "level": "easy"},
        {"seat": 2, "level": "strong"},
        {"seat": 3},
    ]
    again = await open_service(db)
    restored = again.registry.get(table.id)
    assert [s.level for s in restored.seats] == [None, "easy", "strong", None]
    assert [level_of(restored, s) for s in (1, 2, 3)] == ["easy", "strong", "normal"]
    brains = [brain(again.computers, restored, s) for s in (1, 2, 3)]
    assert [type(b) for b in brains] == [EasyPlayer, SearchPlayer, HeuristicPlayer]


async def test_a_strong_player_models_its_opponents_only_when_both_are_normal_computers(
    db: Path,
) -> None:
    """Their levels are public at the table; the model is the normal player's exact play,
    and against others it was not better (docs/decisions.md), so they get the plain search."""
    service = await open_service(db)
    table = await lobby(service)  # alice (a human) in seat 0
    await service.add_computer(table.id, ALICE, 1, level="normal")
    await service.add_computer(table.id, ALICE, 2, level="strong")
    await service.add_computer(table.id, ALICE, 3, level="normal")
    strong = brain(service.computers, service.registry.get(table.id), 2)
    facing_human = brain(service.computers, service.registry.get(table.id), 1)  # seat 1 is normal
    assert isinstance(strong, SearchPlayer) and strong.model_eps > 0 and strong.model_policy
    assert isinstance(facing_human, HeuristicPlayer)

    await service.remove_computer(table.id, ALICE, 3)
    await service.sit(table.id, BOB, "bob", 3)  # a human opponent now: no model
    plain = brain(service.computers, service.registry.get(table.id), 2)
    # No one modelled: no deal weighed by their plays, no one held to the model's card;
    # only its own pair's playout is the normal player's choice (UNKNOWN_OPTIONS).
    assert isinstance(plain, SearchPlayer) and plain.model_eps == 0
    assert plain.model_policy == "us" and plain.model_exact_seats == "them"


async def test_a_new_table_plays_strong_and_an_old_snapshot_as_before(db: Path) -> None:
    service = await open_service(db)
    table = await lobby(service)
    await service.add_computer(table.id, ALICE, 1)
    assert level_of(service.registry.get(table.id), 1) == "strong"
    # A snapshot written before levels existed: no seat level, no league flag.
    old = service.registry.get(table.id).to_dict()
    for seat in old["seats"]:
        del seat["level"]
    del old["settings"]["league"]
    old["settings"]["computer_kind"] = "heuristic"
    read = Table.from_dict(old)
    assert read.seats[1].level is None and not read.settings.league
    assert isinstance(brain(service.computers, read, 1), HeuristicPlayer)


async def test_an_unknown_level_is_refused_and_changes_nothing(db: Path) -> None:
    service = await open_service(db)
    table = await lobby(service)
    seq = service.registry.get(table.id).seq
    with pytest.raises(TableError) as info:
        await service.add_computer(table.id, ALICE, 1, level="expert")
    assert info.value.code == RefusalCode.BAD_LEVEL and info.value.facts == {"level": "expert"}
    assert service.registry.get(table.id).seq == seq and service.registry.get(
        table.id
    ).free_seats() == [1, 2, 3]
    with pytest.raises(TableError) as info:
        await service.open(1, CHANNEL + 1, BOB, "bob", None, replace(INSTANT, computer_kind="x"))
    assert info.value.code == RefusalCode.BAD_COMPUTER_KIND  # the settings check
    assert service.in_channel(CHANNEL + 1) is None


class Blocking:
    """A computer that waits, on its worker thread, until the test lets it decide."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.inner = HeuristicPlayer(0)
        self.thread: str | None = None

    def _wait(self) -> None:
        self.thread = threading.current_thread().name
        self.entered.set()
        assert self.release.wait(10), "the test never released the computer"

    def choose_trump(self, view: SeatView) -> Suit | None:
        self._wait()
        return self.inner.choose_trump(view)

    def choose_card(self, view: SeatView) -> Card:
        self._wait()
        return self.inner.choose_card(view)

    def wants_claim(self, view: SeatView) -> bool:
        return self.inner.wants_claim(view)

    def wants_call(self, view: SeatView) -> bool:
        self._wait()
        return self.inner.wants_call(view)


async def test_a_table_waiting_for_its_computer_does_not_hold_up_another(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    service = await open_service(db, clock)
    slow = await service.open(
        1, CHANNEL, ALICE, "alice", None, replace(INSTANT, bot_delay=1), sit=False
    )
    for seat in range(4):
        await service.add_computer(slow.id, ALICE, seat, level="normal")
    await service.start(slow.id, ALICE)
    humans = await seated_table(service, {0: 201, 1: 202, 2: 203, 3: 204}, channel=CHANNEL + 1)
    blocking = Blocking()  # the other table has no computers: every decision is slow's
    monkeypatch.setattr(computers_module, "player_for", lambda *_: blocking)
    seq = service.registry.get(slow.id).seq
    clock.advance(2)
    ticking = asyncio.create_task(service.tick())
    for _ in range(500):  # the decision has reached the worker thread
        if blocking.entered.is_set():
            break
        await asyncio.sleep(0.01)
    assert blocking.entered.is_set() and blocking.thread is not None
    assert blocking.thread.startswith("computer")
    # Meanwhile the other table takes a human's move and commits it.
    before = service.registry.get(humans.id).seq
    await act_once(service, humans.id)
    assert service.registry.get(humans.id).seq == before + 1
    assert not ticking.done() and service.registry.get(slow.id).seq == seq
    blocking.release.set()
    fired = await ticking
    assert slow.id in fired
    # The decision is in the log like any action: a replay takes it from there.
    log = await service.store.tables.actions(slow.id)
    assert log[-1].kind == "computer" and log[-1].seq == service.registry.get(slow.id).seq
    table = service.registry.get(slow.id)
    actions = [a.payload for a in log if a.kind == "computer"]
    replayed = Match.replay(table.rules, f"{table.seed}/1", None, actions)
    assert table.match is not None and replayed.to_dict() == table.match.to_dict()


def test_the_budget_is_shared_when_decisions_outnumber_the_workers() -> None:
    computers = Computers(budget_ms=150, workers=2)
    assert computers.share_ms() == 150  # one decision: the whole budget
    computers._running = 3  # three under way: the fourth gets half
    assert computers.share_ms() == 75
    computers._running = 50  # never below the floor
    assert computers.share_ms() == 20
    computers.close()


async def test_a_seat_decides_at_its_level_with_the_budget_it_is_given(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = TableService(
        (await open_service(db)).store, FakeClock(), budget_ms=40, seeds=table_seeds()
    )
    table = await service.open(1, CHANNEL, ALICE, "alice", None, replace(INSTANT, bot_delay=1))
    await service.add_computer(table.id, ALICE, 1, level="strong")
    asked: list[tuple[str, str, float]] = []
    real = computers_module.player_for

    def recording(
        level: str,
        seed: str,
        budget_ms: float,
        modelled: bool = False,
        effort: Effort | None = None,
    ) -> Player:
        asked.append((level, seed, budget_ms))
        return real(level, seed, 0.0, modelled, effort)

    monkeypatch.setattr(computers_module, "player_for", recording)
    hand = Match(table.rules, "budget").hand
    assert hand is not None and hand.to_act is not None
    live = service.registry.get(table.id)
    action = await decide(service.computers, live, hand, hand.to_act)
    assert asked == [("strong", f"{live.seed}/{hand.to_act}/{live.seq}", 40.0)]
    assert action.to_dict()["seat"] == hand.to_act


def test_a_worker_process_takes_the_same_decision_as_a_thread() -> None:
    """The bot decides in worker processes: the view goes there and the action comes back."""
    hand = Match(RuleSet(), "process").hand
    assert hand is not None and hand.to_act is not None
    view = view_for(hand, hand.to_act)
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        remote = pool.submit(decide_action, "normal", "s", 0.0, view).result(timeout=60)
    assert remote == decide_action("normal", "s", 0.0, view)
    assert action_from_dict(remote).to_dict() == remote


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_a_computer_asked_for_a_kraak_answers_with_a_call_or_a_pass(level: str) -> None:
    """In the doubling phase the decision is the seat's call or pass at the level asked,
    and it applies to the hand."""
    match = Match(RuleSet.preset("kraken"), f"kraak/{level}")
    hand = match.hand
    assert hand is not None and hand.to_act is not None
    match.apply(action_from_dict(decide_action(level, "t", 20.0, view_for(hand, hand.to_act))))
    seat, call_level = hand.to_act, hand.call_level
    assert seat is not None and call_level is not None
    decided = decide_action(level, "c", 20.0, view_for(hand, seat))
    assert decided["type"] in ("call", "call_pass")
    action = action_from_dict(decided)
    assert (decided["seat"], decided["level"]) == (seat, call_level)
    match.apply(action)
    assert len(hand.calls) == (decided["type"] == "call")


# ---------------------------------------------------------------------- hints
async def four_humans(
    service: TableService, settings: TableSettings = INSTANT, channel: int = CHANNEL
) -> Table:
    humans = {0: ALICE, 1: BOB, 2: CARL, 3: DIRK}
    return await seated_table(service, humans, settings, channel=channel)


async def test_a_hint_answers_the_askers_own_decision_and_commits_only_its_mark(
    db: Path,
) -> None:
    """The hand is marked as not the asker's alone (it gets no par), once: a second hint
    in the same hand commits nothing at all."""
    clock = FakeClock()
    service = await open_service(db, clock)
    table = await four_humans(service)
    seat, user = human_to_act(service, table.id) or (None, None)
    assert seat is not None and user is not None
    before = service.registry.get(table.id).to_dict()
    answer = await service.hint(table.id, user)
    after = service.registry.get(table.id).to_dict()
    log = await service.store.tables.actions(table.id)
    assert (log[-1].kind, log[-1].payload, log[-1].actor) == ("hint", {"seat": seat}, user)
    assert after["seats"][seat].pop("assisted") and not before["seats"][seat].pop("assisted")
    for state in (before, after):
        del state["seq"], state["last_activity"]
    assert after == before  # nothing else: a hint is no action
    clock.advance(60)
    settled = service.registry.get(table.id).to_dict()
    await service.hint(table.id, user)
    assert service.registry.get(table.id).to_dict() == settled
    hand = service.registry.get(table.id).match.hand  # type: ignore[union-attr]
    assert hand is not None
    options = hand.trump_options(seat)
    hint = answer.hint
    assert hint.suit in options.suits if hint.suit is not None else options.can_pass
    assert not answer.uncounted  # four people: the hand never counted against par


async def test_hints_are_refused_out_of_turn_to_onlookers_and_at_league_tables(
    db: Path,
) -> None:
    service = await open_service(db)
    table = await four_humans(service)
    found = human_to_act(service, table.id)
    assert found is not None
    seat, user = found
    waiting = [u for u in (ALICE, BOB, CARL, DIRK) if u != user][0]
    for asker, code in ((waiting, ErrorCode.NOT_YOUR_TURN), (999, RefusalCode.NOT_SEATED)):
        with pytest.raises(TableError) as info:
            await service.hint(table.id, asker)
        assert info.value.code == code
    league = await four_humans(service, replace(INSTANT, league=True), CHANNEL + 1)
    with pytest.raises(TableError) as info:
        await service.hint(league.id, user)
    assert info.value.code == RefusalCode.HINT_LEAGUE


async def test_hints_are_rate_limited_per_user(db: Path) -> None:
    clock = FakeClock()
    service = await open_service(db, clock)
    table = await four_humans(service)
    found = human_to_act(service, table.id)
    assert found is not None
    await service.hint(table.id, found[1])
    clock.advance(10)
    with pytest.raises(TableError) as info:
        await service.hint(table.id, found[1])
    assert info.value.code == RefusalCode.HINT_TOO_SOON and info.value.facts == {"wait": 20}
    clock.advance(20)
    await service.hint(table.id, found[1])
