"""Tables opened with one deal seed (a duplicate league round) hold the same cards hand by
hand, before and after a restart, and a replay of each log deals them again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.engine import RuleSet
from bot.tables import Status, TableAnswer, TableService

from .helpers import ALICE, BOB, CARL, act_once, logged_deals, open_service, table_with

RULES = RuleSet().with_options(match_hands=4)
CHANNELS = {"first": 601, "second": 602, "own": 603}


def recorder(service: TableService, seen: dict[int, dict[int, dict[str, Any]]]) -> Any:
    """A listener noting each hand's cards as the players were dealt them (the state the
    answer holds is the table's now: listeners hear it before anything else can act)."""

    async def listen(answer: TableAnswer) -> None:
        table = service.registry.get(answer.id)
        assert table.seq == answer.seq
        hand = table.match.hand if table.match is not None else None
        if hand is not None:
            assert table.match is not None
            deals = seen.setdefault(table.id, {})
            deals.setdefault(table.match.hand_number, {"dealt": hand.to_dict()["dealt"]})

    return listen


async def play_hands(service: TableService, table_id: int, hands: int) -> None:
    """Act for the human until `hands` hands are scored or the match is over."""
    for _ in range(1_000):
        table = service.registry.get(table_id)
        assert table.match is not None
        if table.status != Status.PLAYING or len(table.match.sheet) >= hands:
            return
        await act_once(service, table_id)
    raise AssertionError("the hands did not finish")


async def test_one_deal_seed_deals_the_same_cards_across_tables_and_a_restart(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db.sqlite3"
    seen: dict[int, dict[int, dict[str, Any]]] = {}
    service = await open_service(path)
    service.listeners.append(recorder(service, seen))
    ids = {}
    for name, user, seed in (
        ("first", ALICE, "round-3:deals"),
        ("second", BOB, "round-3:deals"),
        ("own", CARL, None),
    ):
        table = await table_with(
            service, {0: user}, rules=RULES, channel=CHANNELS[name], deal_seed=seed
        )
        ids[name] = table.id
    first, second = service.registry.get(ids["first"]), service.registry.get(ids["second"])
    assert first.seed != second.seed  # their computers draw on seeds of their own
    assert first.deal_seed == second.deal_seed == "round-3:deals"
    for table_id in ids.values():
        await play_hands(service, table_id, 2)
    await service.store.close()

    service = await open_service(path)  # the restart: tables come back from their snapshots
    service.listeners.append(recorder(service, seen))
    assert service.registry.get(ids["first"]).deal_seed == "round-3:deals"
    for table_id in ids.values():
        await play_hands(service, table_id, 4)
        assert service.registry.get(table_id).status == Status.FINISHED

    live = {name: seen[ids[name]] for name in ids}
    assert sorted(live["first"]) == [1, 2, 3, 4]
    assert live["first"] == live["second"]
    assert live["first"] != live["own"]
    assert len({str(d["dealt"]) for d in live["first"].values()}) == 4  # a new deal each hand
    replayed = {name: await logged_deals(service.store, ids[name]) for name in ids}
    assert replayed["first"] == replayed["second"]
    assert [d["dealt"] for d in replayed["first"]] == [
        live["first"][n]["dealt"] for n in (1, 2, 3, 4)
    ]
    assert replayed["first"] != replayed["own"]
    log = await service.store.tables.actions(ids["first"])
    assert log[0].kind == "open" and log[0].payload["deal_seed"] == "round-3:deals"
    own_log = await service.store.tables.actions(ids["own"])
    assert "deal_seed" not in own_log[0].payload
