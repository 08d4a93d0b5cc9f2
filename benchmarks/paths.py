"""How long the paths between the layers are: the files a card click, a league command
(`/night enter`) and a league button (Check in) run through, and the store reads of one
`/night enter`.

Both are driven through the offline harness (tests/harness), the real bot and real
discord.py objects, as the tests drive them:

- **a card click**: four people at a table; once trump is chosen, the player to act opens
  their hand and clicks a card. Every project source file (under `bot/` and `cogs/`) whose
  Python code runs from the click's arrival until the bot is idle again (the answer, the
  public message's edit, the hand redraws) is counted, on the event loop's thread. Run it
  with ``KLAVERJAS_PURE=1`` to count the engine's modules too (compiled, they run no
  Python frames).
- **the Check in button**: the fourth player of a league night checks in by its button.
- **`/night enter`**: a league night of four people, its first round played face to face,
  and the first player entering the two sheet lines with an opponent confirming. The
  files it runs through are counted as for a card click, from the command's arrival until
  the bot is idle again (its public result line and standings edit included). Every call
  of the store's table, league, standings and preference methods is counted; a method that
  changes nothing (not ``create*``, ``record``, ``update*``, ``set_*``, ``add_*``,
  ``link_*``, ``open_night``) is a read.

Run: ``KLAVERJAS_PURE=1 .venv/bin/python benchmarks/paths.py [--list]``. Prints the counts
(``--list`` names the files and the store calls).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import inspect
import sys
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the harness lives in tests/

from bot.engine.seats import SEATS  # noqa: E402
from tests.cogs.league.league_kit import LeagueKit, start_league  # noqa: E402
from tests.cogs.tables.tables_kit import Kit, enabled, start  # noqa: E402
from tests.harness.harness import Harness  # noqa: E402

WRITES = ("create", "record", "update", "set_", "add_", "link_", "open_night")
SOURCES = tuple(str(ROOT / package) + "/" for package in ("bot", "cogs"))


def make_starter(path: Path) -> Callable[..., Awaitable[Harness]]:
    """What the tests' `make_harness` fixture gives: start a harness on `path`."""

    async def make(**options: Any) -> Harness:
        return await Harness(path, **options).start()

    return make


class FileTrace:
    """The project source files whose Python code runs while it is installed."""

    def __init__(self) -> None:
        self.files: set[str] = set()

    def _profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            name = frame.f_code.co_filename
            if name.startswith(SOURCES):
                self.files.add(str(Path(name).relative_to(ROOT)))

    def __enter__(self) -> FileTrace:
        sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.setprofile(None)


async def card_click_files(path: Path) -> set[str]:
    """The project files one card click runs through, at a table of four people."""
    kit = await start(make_starter(path))
    try:
        users = [kit.world.add_user(name) for name in ("anna", "bob", "cees", "dirk")]
        table = await kit.open(users[0])
        for seat, user in enumerate(users[1:], start=1):
            await kit.click(f"kj:sit:{table}:{seat}", user)
        await kit.click(f"kj:start:{table}", users[0])
        while True:  # the trump choice, up to the first card
            hand, user = await _waiting_hand(kit, table)
            if enabled(hand.components, "kj:card:"):
                break
            await kit.click(enabled(hand.components, "kj:trump:")[0], user, message=hand)
        card = enabled(hand.components, "kj:card:")[0]
        with FileTrace() as trace:
            await kit.click(card, user, message=hand)
        return trace.files
    finally:
        await kit.harness.close()


async def _waiting_hand(kit: Kit, table: int) -> tuple[Any, int]:
    """The hand message of the person the table waits for, and their user id."""
    found = kit.to_act(table)
    assert found is not None, "nobody to act"
    return await kit.hand(table, found[1]), found[1]


class StoreCalls:
    """Counts every call of the store's methods (tables, league, standings, preferences)."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()

    def install(self, store: Any) -> None:
        for part in ("tables", "leagues", "stats", "preferences"):
            target = getattr(store, part, None)
            if target is None:
                continue
            for name, method in inspect.getmembers(target, inspect.iscoroutinefunction):
                if not name.startswith("_"):
                    setattr(target, name, self._counted(f"{part}.{name}", method))

    def _counted(self, label: str, method: Callable[..., Awaitable[Any]]) -> Any:
        @functools.wraps(method)
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[label] += 1
            return await method(*args, **kwargs)

        return counted

    def reads(self) -> int:
        return sum(n for label, n in self.calls.items() if not _is_write(label))

    def writes(self) -> int:
        return sum(n for label, n in self.calls.items() if _is_write(label))


def _is_write(label: str) -> bool:
    return label.split(".", 1)[1].startswith(WRITES)


class LeaguePaths:
    """What one league night's command and button ran through (`league_paths`)."""

    def __init__(self) -> None:
        self.click = FileTrace()  # the Check in button
        self.command = FileTrace()  # /night enter
        self.calls = StoreCalls()  # /night enter's store calls


async def league_paths(path: Path) -> LeaguePaths:
    """The files a Check in click and one `/night enter` of two sheet lines (by a player)
    run through, and the store calls of the `/night enter`."""
    kit: LeagueKit = await start_league(make_starter(path))
    found = LeaguePaths()
    try:
        boss = kit.world.add_user("boss")
        players = [kit.world.add_user(f"player{i}") for i in SEATS]
        await kit.organiser("league create", boss, name="Vrijdag", hands=2, rounds=1)
        await kit.organiser("night open", boss)
        for user in players[:3]:
            await kit.player("league join", user)
        with found.click:
            await kit.harness.click("kj:league:in:1:0", user=players[3])
            await kit.flush()
        await kit.organiser("night start", boss, deal=False)
        [draw] = await kit.leagues.draws(1)
        seats = draw.tables[0].seats
        found.calls.install(kit.bot.services.store)
        options = {"round": 1, "table": 1, "lines": "1 100 62; 2 90 72"}
        with found.command:
            result = await kit.player("night enter", seats[0], confirmed_by=seats[1], **options)
        text = result.response.text()
        assert "Result saved" in text, text
        return found
    finally:
        await kit.harness.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="name the files and store calls")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        files = await card_click_files(Path(folder) / "click.sqlite3")
        league = await league_paths(Path(folder) / "night.sqlite3")
    traced = {
        "card click": files,
        "Check in click": league.click.files,
        "/night enter": league.command.files,
    }
    for name, found in traced.items():
        print(f"{name}: {len(found)} project files")
        if args.list:
            print("".join(f"  {name}\n" for name in sorted(found)), end="")
    calls = league.calls
    print(f"/night enter: {calls.reads()} store reads, {calls.writes()} writes")
    if args.list:
        for label, count in sorted(calls.calls.items()):
            kind = "write" if _is_write(label) else "read"
            print(f"  {label} x{count} ({kind})")


if __name__ == "__main__":
    asyncio.run(main())
