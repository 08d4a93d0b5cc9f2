"""The table picture's render time and size (bot/pictures/table.py), on real states.

Plays matches through the table service (four seats picking random legal cards; with
``--seats 2`` two-player Klaverjas, two seats), keeps every public state of them, then
renders the pictures of ``--renders`` states (cycling through them, each from a seat or
the public view) and prints p50/p99/max render time and the PNG sizes, in wall time and
in the thread's CPU time (which a busy machine disturbs less). The first render of a
process draws the fixed parts once (felt, plates, card faces); it is timed apart. Run:
``.venv/bin/python benchmarks/pictures.py [--seats 4|2] [--matches 3] [--renders 2000]
[--save /tmp/table.png]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from bot.engine import CARDS, TWO_PLAYERS, Phase, RuleSet
from bot.pictures.cards import card_png
from bot.pictures.table import table_picture
from bot.services import Services
from bot.tables import (
    PublicTable,
    Table,
    TableService,
    TableSettings,
    private_hand,
    public_table,
)

T = TypeVar("T")
INSTANT = TableSettings(turn_timer=0, claim_grace=0, trick_pause=0, bot_delay=0)
NAMES = ("Anneke", "Zoë van den Berg-Öztürk", "Владимир", "João", "Giulia", "Bob", "Ingrid", "Sø")


async def play_match(
    service: TableService,
    number: int,
    rng: random.Random,
    keep: Callable[[Table], T] = public_table,  # type: ignore[assignment]
) -> list[T]:
    """One match of four random players; what `keep` takes of every state it went through
    (the public view, unless told)."""
    base = 1000 * (number + 1)
    names = rng.sample(NAMES, 4)
    seed = f"pictures-{number}"  # the same deals every run
    table = await service.open(1, base, base, names[0], None, INSTANT, deal_seed=seed)
    for seat in (1, 2, 3):
        await service.sit(table.id, base + seat, names[seat], seat)
    await service.start(table.id, base)
    seen = [keep(service.registry.get(table.id))]
    while True:
        table = service.registry.get(table.id)
        hand = table.match.hand if table.match is not None else None
        if hand is None or not table.is_open or hand.to_act is None:
            return seen
        seat = hand.to_act
        user = table.seats[seat].user_id
        assert user is not None
        view = private_hand(table, seat)
        if hand.phase == Phase.TRUMP:
            assert view.trump_options is not None
            await service.choose_trump(table.id, user, rng.choice(view.trump_options.suits))
        else:
            await service.play(table.id, user, rng.choice(view.legal), seq=view.seq)
        seen.append(keep(service.registry.get(table.id)))


async def play_two_match(
    service: TableService, number: int, rng: random.Random
) -> list[PublicTable]:
    """One two-player match (preset tweemans, its first four hands) of two random players:
    the public view of every state it went through."""
    base = 1000 * (number + 1)
    names = rng.sample(NAMES, 2)
    rules = RuleSet.game_preset("tweemans")
    seed = f"pictures-two-{number}"
    opened = await service.open(1, base, base, names[0], rules, INSTANT, deal_seed=seed)
    await service.sit(opened.id, base + 1, names[1], 1)
    await service.start(opened.id, base)
    seen = [public_table(service.registry.get(opened.id))]
    while True:
        table = service.registry.get(opened.id)
        hand = table.match.hand if table.match is not None else None
        if hand is None or not table.is_open or hand.to_act is None or seen[-1].hand_number > 4:
            return seen
        seat = hand.to_act
        view = private_hand(table, seat)
        if view.trump_options is not None:
            await service.choose_trump(opened.id, base + seat, rng.choice(view.trump_options.suits))
        else:
            await service.play(opened.id, base + seat, rng.choice(view.legal), seq=view.seq)
        seen.append(public_table(service.registry.get(opened.id)))


async def real_states(
    matches: int,
    seed: int = 7,
    keep: Callable[[Table], T] = public_table,  # type: ignore[assignment]
    seats: int = 4,
) -> list[T]:
    """What `keep` takes of every state of `matches` matches played through the service
    (the public view, unless told; two seats: the public view only)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        services = await Services.open(Path(folder) / "pictures.sqlite3")
        try:
            states: list[T] = []
            for number in range(matches):
                if seats == 2:
                    states += await play_two_match(services.tables, number, rng)  # type: ignore[arg-type]
                else:
                    states += await play_match(services.tables, number, rng, keep)
            return states
        finally:
            await services.close()


@dataclass
class RenderFigures:
    """What rendering a set of table states cost: per render the wall time and the
    thread's CPU time (ms), and the PNG's size (bytes)."""

    wall_ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)

    def summary(self) -> str:
        """CPU and wall p50/p99 and the PNG's median and largest size, in one line."""
        cpu, wall = percentiles(self.cpu_ms), percentiles(self.wall_ms)
        return (
            f"CPU p50 {cpu[0]:.2f} ms, p99 {cpu[1]:.2f} ms; wall p50 {wall[0]:.2f} ms, "
            f"p99 {wall[1]:.2f} ms; PNG median {statistics.median(self.sizes) / 1024:.1f} KiB, "
            f"max {max(self.sizes) / 1024:.1f} KiB"
        )


def render_figures(
    states: Sequence[PublicTable], renders: int, viewers: Sequence[int | None] = (0, 1, 2, 3, None)
) -> RenderFigures:
    """Render `renders` pictures cycling through `states`, each from the next of `viewers`
    (a seat at the bottom, or None: the public picture, the one the table message shows)."""
    figures = RenderFigures()
    for n in range(renders):
        state = states[n % len(states)]
        viewer = viewers[n % len(viewers)]
        began, began_cpu = time.perf_counter(), time.thread_time()
        png = table_picture(state, viewer)
        figures.cpu_ms.append((time.thread_time() - began_cpu) * 1000)
        figures.wall_ms.append((time.perf_counter() - began) * 1000)
        figures.sizes.append(len(png))
    return figures


def measure(states: list[PublicTable], renders: int, seats: int = 4) -> None:
    started = time.perf_counter()
    first = table_picture(states[0], None)
    first_ms = (time.perf_counter() - started) * 1000
    print(f"first render (draws the fixed parts once): {first_ms:.1f} ms")
    viewers = (*TWO_PLAYERS.players, None) if seats == 2 else (0, 1, 2, 3, None)
    figures = render_figures(states, renders, viewers)
    print(f"table picture, {seats} seats: {renders} renders of {len(states)} states")
    print(f"  wall time: {_spread(figures.wall_ms)}")
    cpu = _spread(figures.cpu_ms)
    print(f"  CPU time:  {cpu} (what the render itself costs on a busy machine)")
    sizes = figures.sizes
    print(
        f"PNG size: median {statistics.median(sizes) / 1024:.1f} KiB, "
        f"max {max(sizes) / 1024:.1f} KiB (first: {len(first) / 1024:.1f} KiB)"
    )
    faces = [len(card_png(card)) for card in CARDS]
    mean, most = sum(faces) / len(faces) / 1024, max(faces) / 1024
    print(f"card emoji PNGs: {mean:.1f} KiB each, max {most:.1f} KiB")


def percentiles(ms: Sequence[float]) -> tuple[float, float]:
    """The median and the 99th percentile of `ms`."""
    ordered = sorted(ms)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def _spread(ms: list[float]) -> str:
    p50, p99 = percentiles(ms)
    return f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {max(ms):.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seats", type=int, choices=(4, 2), default=4)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--renders", type=int, default=2000)
    parser.add_argument("--save", type=Path, help="also write one picture of mid-trick here")
    args = parser.parse_args()
    states: list[PublicTable] = asyncio.run(real_states(args.matches, seats=args.seats))
    measure(states, args.renders, args.seats)
    if args.save is not None:
        middle = next(s for s in states[len(states) // 3 :] if len(s.trick) == 3)
        args.save.write_bytes(table_picture(middle, 0))
        print(f"saved {args.save}")


if __name__ == "__main__":
    main()
