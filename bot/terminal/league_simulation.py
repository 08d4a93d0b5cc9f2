"""`python -m bot league simulate`: a whole league night played by computers.

The night runs exactly as on Discord: check-ins, the league service draws each round and
deals its tables on the table service, and each table's result is read back from its sheet.
Nobody is at the keyboard, so the players' turn timers run out and their seats' computer
players finish every hand (the clock is a fake one that jumps to the next deadline).
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
from collections.abc import Callable, Iterable

from bot.league.answers import Opening, TableRequest
from bot.league.rounds import open_wanted
from bot.league.service import Actor, LeagueService
from bot.league.settings import Format, LeagueSettings, RoundLength
from bot.league.standings import NightRow
from bot.store import Store, open_store
from bot.tables import FakeClock, Status, TableService, TableSettings
from bot.terminal.league_draw import UsageError, whole_number

__all__ = ["ranking_lines", "run_simulation", "simulate_night"]

ORGANISER = Actor(0)
# Computers move at once and nobody waits for a claim; the turn timer stays on, since its
# expiry is what hands an absent player's seat to the computer.
# A night is many matches: computers play at the normal level, which answers at once.
QUICK = TableSettings(claim_grace=0, trick_pause=0, bot_delay=0, computer_kind="normal")
FORMATS: tuple[Format, ...] = ("individual", "pairs", "duplicate")


def run_simulation(args: argparse.Namespace, say: Callable[[str], None] = print) -> None:
    """`python -m bot league simulate`: play a whole night of computers and print its ranking."""
    players = whole_number("--players", args.players, 4, 400)
    rounds = whole_number("--rounds", args.rounds, 1, 12)
    hands = whole_number("--hands", args.hands or 16, 1, 64)
    seed = args.seed or secrets.token_hex(4)
    format = args.format or "individual"
    if format not in FORMATS:
        raise UsageError(f"--format must be individual, pairs or duplicate, not {format!r}")
    if format == "pairs" and players % 2:
        raise UsageError("--format pairs needs an even number of --players")
    shown = "" if format == "individual" else f"{format}, "
    say(f"seed: {seed} ({shown}{players} players, {rounds} rounds of {hands} hands)")
    ranking = asyncio.run(simulate_night(players, rounds, hands, seed, format))
    for line in ranking_lines(ranking):
        say(line)


async def simulate_night(
    players: int,
    rounds: int,
    hands: int,
    seed: str,
    format: Format = "individual",
    store: Store | None = None,
) -> list[NightRow]:
    """Play the night, in a throw-away database unless `store` is given (then it stays
    open, for a caller that inspects what the night left); its final ranking. On a
    fixed-pairs night players 1 and 2 are a pair, 3 and 4, and so on."""
    clock = FakeClock()
    own = store is None
    if store is None:
        store = await open_store(":memory:")
    try:
        tables = TableService(store, clock)

        async def opening_for(request: TableRequest) -> Opening:
            names = tuple(f"player {user}" for user in request.seats)
            channel = request.round_no * 1_000 + request.table_no
            return Opening(channel, names, None, QUICK)

        league = LeagueService(store, clock.now, tables, seed=lambda: seed)
        settings = LeagueSettings(
            "Simulated night",
            round_length=RoundLength(hands=hands),
            rounds_per_night=rounds,
            format=format,
        )
        night = (
            await league.open_night(
                (await league.create_league(None, settings, ORGANISER)).id, ORGANISER
            )
        ).view.night.id
        for user in range(1, players + 1):
            partner = (user + 1 if user % 2 else user - 1) if format == "pairs" else None
            await league.check_in(night, user, partner)
        for _ in range(rounds):
            started = await league.start_round(night, ORGANISER)
            playing = await open_wanted(league, started, opening_for)
            await _play_out(tables, clock, playing)
            for table_id in playing:
                await league.record_played(table_id)
        return (await league.close_night(night, ORGANISER)).view.standings()
    finally:
        if own:
            await store.close()


async def _play_out(tables: TableService, clock: FakeClock, table_ids: Iterable[int]) -> None:
    """Move the clock from deadline to deadline until every table has finished."""
    waiting = set(table_ids)
    while waiting:
        due = tables.next_deadline()
        if due is None:
            raise RuntimeError(f"tables {sorted(waiting)} stopped before the end")
        clock.time = max(clock.time, due)
        await tables.tick()
        waiting = {t for t in waiting if tables.get(t).status != Status.FINISHED}


def ranking_lines(rows: Iterable[NightRow]) -> list[str]:
    """The ranking as a plain text table, one line per player."""
    lines = ["place  player  points  won  nat  roem  byes"]
    for row in rows:
        prize = "  booby prize" if row.booby else ""
        lines.append(
            f"{row.place:>5}  {row.user_id:>6}  {row.points:>6}  {row.rounds_won:>3}"
            f"  {row.nat:>3}  {row.roem:>4}  {row.byes:>4}{prize}"
        )
    return lines
