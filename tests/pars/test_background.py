"""The pars' decisions run on the computers' workers only while no table decision runs."""

from __future__ import annotations

import asyncio
import threading

from bot.players.workers import Computers


async def test_background_work_waits_until_no_decision_runs() -> None:
    computers = Computers(workers=2)
    release = threading.Event()
    started: list[str] = []

    def table_decision() -> str:
        started.append("table")
        release.wait()
        return "table"

    def par_decision() -> str:
        started.append("par")
        return "par"

    try:
        table = asyncio.create_task(computers.compute(table_decision))
        while not started:
            await asyncio.sleep(0)
        par = asyncio.create_task(computers.background(par_decision))
        for _ in range(20):
            await asyncio.sleep(0)
        assert started == ["table"] and not par.done()  # a worker is free, yet it waits
        release.set()
        assert await table == "table"
        assert await par == "par"
        assert started == ["table", "par"]
    finally:
        release.set()
        computers.close()


async def test_background_work_runs_at_once_when_the_workers_are_idle() -> None:
    computers = Computers(workers=2)
    try:
        assert await computers.background(lambda: 7) == 7
    finally:
        computers.close()
