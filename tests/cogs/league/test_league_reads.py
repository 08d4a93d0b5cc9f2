"""How often a result command reads the store: once for its night, however much it shows.

The service reads the night once, as one `NightView` (the league, its settings, the
night's draws, results and adjustments), and returns it with the command's change
applied; the cog draws its answer and the channel's standings from that view. Before,
/night enter read the store 16 times for its one write (the settings four times, the
draws and the results four times each). Counted here on every method of the league store
that is not a write, with the commands driven through Discord as a user would.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bot.store import LeagueStore
from tests.cogs.league.league_kit import LeagueKit, start_league
from tests.cogs.tables.tables_kit import StartHarness

MAX_READS = 5  # per result command
WRITES = frozenset(
    {
        "create_league",
        "update_settings",
        "open_night",
        "set_status",
        "set_checkin_message",
        "set_night_message",
        "add_attendance",
        "add_round",
        "link_table",
        "add_result",
        "add_adjustment",
        "add_audit",
        "add_runs",
    }
)
READS = frozenset(name for name in vars(LeagueStore) if not name.startswith("_")) - WRITES


class CountedReads:
    """A league store whose reads are counted by name; writes pass through uncounted."""

    def __init__(self, inner: LeagueStore) -> None:
        self.inner = inner
        self.reads: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.inner, name)
        if name not in READS:
            return found

        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.reads[name] += 1
            return await found(*args, **kwargs)

        return counted


@contextmanager
def counted_reads(kit: LeagueKit) -> Iterator[Counter[str]]:
    """The league store's reads while the body runs, by method."""
    store = kit.leagues.store
    counter = CountedReads(store.leagues)
    store.leagues = counter  # type: ignore[assignment]
    try:
        yield counter.reads
    finally:
        store.leagues = counter.inner


async def two_tables_face_to_face(kit: LeagueKit) -> int:
    """A league of 2-hand rounds, one night, eight players, round 1 drawn face to face."""
    boss = kit.world.add_user("boss")
    players = [kit.world.add_user(f"player{i}") for i in range(8)]
    await kit.organiser("league create", boss, name="Vrijdag", hands=2, rounds=1)
    await kit.organiser("night open", boss)
    for user in players:
        await kit.player("league join", user)
    await kit.organiser("night start", boss, deal=False)
    return boss


def test_the_counter_knows_every_write() -> None:
    """A write renamed or added shows here, so it is never counted as a read."""
    methods = {name for name in vars(LeagueStore) if not name.startswith("_")}
    assert methods >= WRITES
    write_verbs = ("add_", "set_", "create_", "update_", "link_")
    assert not [name for name in READS if name.startswith(write_verbs)]
    assert {"league", "leagues", "nights", "night_rows", "results"} <= READS


async def test_result_commands_read_the_store_at_most_five_times(
    make_harness: StartHarness,
) -> None:
    kit = await start_league(make_harness)
    boss = await two_tables_face_to_face(kit)
    player = (await kit.leagues.draws(1))[0].tables[0].seats[0]
    commands: list[tuple[str, dict[str, Any], str]] = [
        ("night enter", {"round": 1, "table": 1, "lines": "1 100 62; 2 90 72"}, "Result saved"),
        ("night enter", {"round": 1, "table": 2, "totals": "200 124", "hands": 2}, "Result"),
        (
            "night correct",
            {"round": 1, "table": 1, "line": 2, "entry": "2 80 82", "reason": "typo"},
            "Correction saved",
        ),
        (
            "night correct",
            {"round": 1, "table": 2, "totals": "210 114", "hands": 2, "reason": "typo"},
            "Correction saved",
        ),
        ("night penalty", {"player": player, "points": -10, "reason": "late"}, "-10 points"),
        ("night void", {"round": 1, "table": 1, "reason": "short deck"}, "is void"),
    ]
    counts = []
    for command, options, answer in commands:
        posted = len(kit.channel_messages())
        with counted_reads(kit) as reads:
            done = await kit.organiser(command, boss, **options)
        assert answer in done.response.text(), done.response.text()
        assert len(kit.channel_messages()) == posted + 1  # the standings, drawn from the view
        counts.append((command, reads.total(), dict(reads)))
    assert all(total <= MAX_READS for _, total, _ in counts), counts
