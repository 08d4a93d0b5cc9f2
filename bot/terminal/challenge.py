"""`python -m bot challenge`: play the running challenge of a local database in the
terminal, or check a revealed seed.

Playing starts through `run_on_store` and `Services`, as every command that opens the
store does; the member is ``--user`` of server ``--guild`` (0 by default: the terminal's
own, so a fresh file holds a challenge too). Quitting keeps the place: the next start goes
on where it stood. ``--check SEED`` opens nothing: it prints the seed's SHA-256 (compare it
with the hash the challenge message published) and every deal the seed gives.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Final

from bot.challenge.arguments import ARGUMENTS
from bot.challenge.deals import challenge_rules, commitment, dealt_hands
from bot.challenge.errors import ChallengeError
from bot.challenge.readmodels import DealView, PlayView, StandingsView
from bot.challenge.service import ChallengeService
from bot.challenge.settings import DEALS_RANGE
from bot.checks import clean_text
from bot.engine import Card, Phase, RuleError, Suit
from bot.engine.seats import FOUR_SEATS
from bot.services import Services
from bot.shards import ShardSet
from bot.startup import run_on_store
from bot.texts.catalog import clip, t

__all__ = ["check_seed", "run_challenge"]

EXIT_USAGE: Final = 2
DEFAULT_DB: Final = "data/terminal.sqlite3"
HELP: Final = (
    "Type a card (Jh, 10c, Ts) to play it, a suit (c d h s) to name trump, 'pass', or 'quit'."
)
Ask = Callable[[str], str]
Say = Callable[[str], None]


def run_challenge(args: argparse.Namespace) -> int:
    """`python -m bot challenge`: check a seed, or play; the exit code."""
    seed = getattr(args, "check", None)
    if seed is not None:
        return check_seed(seed, getattr(args, "preset", None), getattr(args, "deals", None), print)
    db: str | Path = getattr(args, "db", None) or DEFAULT_DB  # or a postgresql:// URL
    try:  # checked before the store opens: a bad one is a usage error, not a traceback
        guild = ARGUMENTS.check("guild_id", getattr(args, "guild", None) or 0)
        user = ARGUMENTS.check("user_id", getattr(args, "user", None) or 1)
    except ChallengeError as error:
        print(f"challenge: {refusal_text(error)}", file=sys.stderr)
        return EXIT_USAGE
    name = clean_text(getattr(args, "name", None) or "") or "You"  # a blank one: "You"
    # Held as the bot holds it (SQLite's file lock, PostgreSQL's shard locks) while it plays.
    return run_on_store(
        db, lambda: asyncio.run(play(db, guild, user, name, input, print)), ShardSet()
    )


def check_seed(seed: str, preset: str | None, deals: int | None, say: Say) -> int:
    """Print the seed's SHA-256 and the deals it gives (seat 1 is the member's)."""
    count = deals if deals is not None else 8
    try:
        if not DEALS_RANGE[0] <= count <= DEALS_RANGE[1]:
            raise ValueError(f"--deals must be {DEALS_RANGE[0]}-{DEALS_RANGE[1]}")
        rules = challenge_rules(preset or "amsterdam", count)
    except (RuleError, ValueError) as error:
        print(f"challenge: {clip(str(error), 80)}", file=sys.stderr)
        return EXIT_USAGE
    say(f"SHA-256 of the seed: {commitment(seed)}")
    for number, hand in enumerate(dealt_hands(rules, seed), start=1):
        turned = "" if hand.proposal is None else f", turned up {hand.proposal.symbol}"
        say(f"Deal {number}: dealer seat {hand.dealer + 1}{turned}")
        for seat, cards in enumerate(hand.dealt):
            say(f"  seat {seat + 1}: {' '.join(str(c) for c in sorted(cards))}")
    return 0


async def play(db: str | Path, guild: int, user: int, name: str, ask: Ask, say: Say) -> int:
    """Play the server's running challenge until it is done or the player quits."""
    services = await Services.open(db, exclusive=True)
    try:
        service = services.challenges
        view = await service.look(guild, user)
        info = view.challenge
        closes = datetime.fromtimestamp(info.closes_at).strftime("%A %d %B %H:%M")
        say(f"Challenge #{info.number}: {info.deals} deals, rules {info.rules}; closes {closes}.")
        say(f"SHA-256 of its seed: {info.seed_hash}")
        if not view.started:
            view = await service.start(info.id, user, name)
        say(HELP)
        view = await _loop(service, view, user, ask, say)
        if view.finished:
            say("You have played every deal. Working out the par (four computers)...")
            await service.pars.run_once()
            say(render_standings(await service.standings(info.id, user)))
    finally:
        await services.close()
    return 0


async def _loop(
    service: ChallengeService, view: PlayView, user: int, ask: Ask, say: Say
) -> PlayView:
    """Show the deal, read a line, carry it out; until the end or 'quit'."""
    while view.hand is not None:
        for line in render(view, view.hand):
            say(line)
        try:
            line = (await asyncio.to_thread(ask, "> ")).strip()
        except EOFError:
            line = "quit"
        if line.lower() in ("quit", "q", "exit"):
            say("Saved. Run `python -m bot challenge` again to go on.")
            break
        try:
            if view.hand.phase == Phase.TRUMP:
                suit = None if line.lower() == "pass" else Suit.parse(line)
                view = await service.bid(view.challenge.id, user, view.deal, view.seq, suit)
            else:
                card = Card.parse(line)
                view = await service.play(view.challenge.id, user, view.deal, view.seq, card)
        except ChallengeError as error:
            say(f"Refused: {refusal_text(error)}")
        except ValueError:
            say(f"{clip(line, 24)!r} is not a card, a suit or a command. {HELP}")
    return view


def _seat(seat: int) -> str:
    return t(f"challenge.seat.{FOUR_SEATS.seat(seat)}")


def render(view: PlayView, hand: DealView) -> list[str]:
    """The member's deal as the terminal shows it."""
    lines = []
    if view.scored is not None:
        result = view.scored.result
        nat = " (nat)" if result.nat else ""
        scores = f"your pair {result.score}, the other pair {result.against}{nat}"
        lines.append(f"Deal {view.scored.number} scored: {scores}.")
    trump = (
        "" if hand.trump is None else f" · trump {hand.trump.symbol} ({_seat(hand.chooser or 0)})"
    )
    lines.append(f"Deal {hand.number}/{view.challenge.deals} · dealer {_seat(hand.dealer)}{trump}")
    if hand.last_trick is not None:
        cards = " ".join(
            f"{_seat(hand.last_trick.leader + i)}:{c}" for i, c in enumerate(hand.last_trick.cards)
        )
        lines.append(f"Previous trick: {cards} -> {_seat(hand.last_trick.winner)}")
    if hand.current:
        lines.append(
            "Trick: "
            + " ".join(f"{_seat(hand.leader + i)}:{c}" for i, c in enumerate(hand.current))
        )
    lines.append(
        "Your hand: " + "  ".join(f"[{c}]" if c in hand.legal else f" {c} " for c in hand.cards)
    )
    if hand.trump_options is not None:
        suits = " ".join(s.letter for s in hand.trump_options.suits)
        lines.append(f"Name trump ({suits})" + (" or pass" if hand.trump_options.can_pass else ""))
    return lines


def render_standings(board: StandingsView) -> str:
    """The standings as aligned lines."""
    lines = [f"Standings of challenge #{board.challenge.number}:"]
    for row in board.rows:
        mark = "*" if row.user_id == board.viewer else " "
        share = f"{row.share * 100:5.1f} %"
        lines.append(f"{row.place:>3}{mark} {clip(row.name, 20):<20} {share} {row.points:>6}")
    if board.pars:
        lines.append("Par by deal: " + " · ".join(f"{p.deal}: {p.score}" for p in board.pars))
    return "\n".join(lines)


_BLANKS: Final = dict.fromkeys(
    ("challenge", "deal", "field", "setting", "value", "zone", "card", "suit"), "?"
)


def refusal_text(error: ChallengeError) -> str:
    """A refusal in English, with its facts (a card's reason in the tables' words)."""
    values: dict[str, object] = {**_BLANKS, "when": "", "why": "the rules say no"}
    values.update({k: v for k, v in error.facts.items() if k in values})
    reason = error.facts.get("reason")
    if reason is not None and hasattr(reason, "code"):
        suit = t(f"common.suit.{reason.suit.letter}") if reason.suit is not None else ""
        values["why"] = t(f"tables.reason.{reason.code.value}", suit=suit).lower()
    return t(f"challenge.err.{error.code}", **values)
