"""A table opened with a number of hands and a target (what /table open hands:8 target:750
gives): the match ends at whichever comes first, on both stores and across a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine import RuleSet
from bot.tables import FakeClock, Status, TableSettings
from tests.league.kit import play_out

from .helpers import ALICE, open_service, table_with

QUICK = TableSettings(
    turn_timer=30, claim_grace=0, trick_pause=0, bot_delay=0, computer_kind="random"
)


@pytest.mark.parametrize(("hands", "target"), [(6, 400), (2, 1500)])
async def test_hands_or_target_whichever_comes_first(
    database: str | Path, hands: int, target: int
) -> None:
    clock = FakeClock()
    rules = RuleSet.preset("online-classic").with_options(match_hands=hands, target_score=target)
    service = await open_service(database, clock)
    table = await table_with(service, {0: ALICE}, QUICK, rules)
    assert (table.rules.match_hands, table.rules.target_score) == (hands, target)
    await service.store.close()  # a restart before the first card: the rules are kept
    service = await open_service(database, clock)
    restored = service.get(table.id)
    assert (restored.public.planned_hands, restored.public.target_score) == (hands, target)
    await play_out(service, clock, table.id)

    finished = service.get(table.id).public
    assert finished.status == Status.FINISHED
    totals = [0, 0]
    for line in finished.sheet:
        assert max(totals) < target  # no hand was dealt after the target was reached
        totals = [totals[0] + line.scores[0], totals[1] + line.scores[1]]
    played = len(finished.sheet)
    assert played == hands or (played < hands and max(totals) >= target)
