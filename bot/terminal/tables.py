"""A terminal front end on the same table service: play a match against three computers.

`python -m bot play` keeps its table in a real SQLite file, so quitting and starting again
resumes the match where it stood; `python -m bot simulate` lets computers play each other.
Both start through `Services`, as the Discord process does, so every front end opens the
same things in the same order.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sqlite3
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from bot.checks import clean_text
from bot.engine import (
    Card,
    DriemansLine,
    Phase,
    RuleError,
    RuleSet,
    SheetLine,
    Suit,
    TweemansLine,
)
from bot.engine.seats import FOUR_SEATS, SEATS, SIDES
from bot.games import FOUR_PLAYER_GAME
from bot.services import Services
from bot.shards import ShardSet
from bot.startup import run_on_store, write_refused
from bot.tables import (
    FakeClock,
    Status,
    TableAnswer,
    TableError,
    TableService,
    TableSettings,
)
from bot.tables.events import (
    Called,
    CallPassed,
    CardPlayed,
    HandScored,
    RoemClaimed,
    SeatAutoplay,
    SeatAway,
    TrickTaken,
    TrumpChosen,
    TrumpPassed,
)
from bot.terminal.console import UnreadableMatch, read_line, refusal_sentence
from bot.terminal.driemans import simulate_driemans
from bot.terminal.driemans_play import play_driemans
from bot.terminal.tweemans import simulate_tweemans
from bot.terminal.tweemans_play import play_tweemans
from bot.texts.catalog import clip

T = TypeVar("T")
TERMINAL_CHANNEL = 1  # the terminal's one "channel"; its open table is resumed on start
PLAYER_ID = 1
INSTANT = TableSettings(turn_timer=0, claim_grace=0, trick_pause=0, bot_delay=0)
PLAYED = (FOUR_PLAYER_GAME, "driemans", "tweemans")  # the games `play` plays (simulate: every game)
EXIT_USAGE = 2  # bad arguments: one line on stderr, as bot/__main__.py does for settings
EXIT_INTERRUPTED = 130  # Ctrl-C: the shell's code for a program ended by SIGINT
INTERRUPTED = "stopped; every move shown is saved: run `python -m bot play` to go on"
YOU = 0  # the terminal player's seat
NAME_CLIP = 24  # characters of a typed word (a preset, a card) an answer repeats
# Simulations play many matches: the normal level answers at once, strong takes its budget.
SIMULATED = replace(INSTANT, computer_kind="normal")
HELP = (
    "Commands: a card (e.g. Jh, 10h, T♥) to play it; a suit (c d h s) to name trump; "
    "'pass'; 'kraak' to make the kraak call asked of you; 'roem' to claim; 'sheet'; "
    "'help'; 'quit' (the match is saved)."
)
CALLS = ("kraak", "rekraak", "superkraak")  # by level: Dutch in every language (glossary)


def run_terminal(args: argparse.Namespace) -> int:
    """Play a match against three computers in the terminal (`python -m bot play`); the exit
    code."""
    db: str | Path = getattr(args, "db", None) or "data/terminal.sqlite3"  # or postgresql://
    try:
        rules = _preset(args, PLAYED)
        kept = None if rules.game == FOUR_PLAYER_GAME else _kept_file(db, rules)
    except UsageError as error:
        return _usage("play", error)
    name = clean_text(getattr(args, "name", None) or "") or "You"  # a blank one: "You"
    try:
        if kept is not None:  # three or two players: the engine alone, the match in a file
            play = play_driemans if rules.three_players else play_tweemans
            return asyncio.run(play(kept, rules, name, input, print))
        # Held as the bot holds it (SQLite's file lock, PostgreSQL's shard locks) while it
        # plays.
        return run_on_store(
            db, lambda: asyncio.run(_play(db, rules, name, input, print)), ShardSet()
        )
    except UnreadableMatch as error:
        print(f"play: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:  # Ctrl-C, at the prompt or while the computers think
        print()  # ends the prompt's line
        print(INTERRUPTED, file=sys.stderr)
        return EXIT_INTERRUPTED


def run_simulation(args: argparse.Namespace) -> int:
    """Let computers play matches against each other (`python -m bot simulate`); the exit code."""
    try:
        matches = _matches(args)
        rules = _preset(args)
    except UsageError as error:
        return _usage("simulate", error)
    if rules.three_players:  # no table service plays it yet: the engine alone
        return simulate_driemans(matches, rules, print)
    if rules.two_players:  # likewise
        return simulate_tweemans(matches, rules, print)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "simulate.sqlite3"
        return run_on_store(db, lambda: asyncio.run(_simulate(db, matches, rules, print)))


class UsageError(Exception):
    """A command-line value the terminal cannot use; its message is the one line shown."""


def _usage(command: str, error: UsageError) -> int:
    print(f"{command}: {error}", file=sys.stderr)
    return EXIT_USAGE


def _preset(args: argparse.Namespace, games: tuple[str, ...] | None = None) -> RuleSet:
    """The --preset's rules: a preset the engine plays, of one of ``games`` when given
    (another game is refused by its name, and the choices named are of those games)."""
    name = getattr(args, "preset", None)
    try:
        rules = RuleSet.game_preset("amsterdam" if name is None else name)
    except RuleError as error:
        named = error.facts.get("choices", ())
        choices = ", ".join(c for c in named if games is None or _game(c) in games)
        raise UsageError(
            f"unknown --preset {clip(str(name), NAME_CLIP)!r}; choose one of {choices}"
        ) from None
    if games is not None and rules.game not in games:
        raise UsageError(f"{rules.game} is not played in the terminal yet")
    return rules


def _game(preset: str) -> str:
    return RuleSet.game_preset(preset).game


def _kept_file(db: str | Path, rules: RuleSet) -> Path:
    """Where `play --preset driemans` (or tweemans) keeps its match: a file beside the --db
    file (``terminal.sqlite3``: ``terminal-driemans.json``); a database URL has no beside."""
    if "://" in str(db):
        players = "three" if rules.three_players else "two"
        raise UsageError(f"a {players}-player match is kept in a file: give --db a file name")
    path = Path(db)
    return path.with_name(f"{path.stem}-{rules.game}.json")


def _matches(args: argparse.Namespace) -> int:
    matches = getattr(args, "matches", None)
    if matches is None:
        return 10
    if matches < 1:
        raise UsageError(f"--matches must be 1 or more, not {clip(str(matches))}")
    return int(matches)


async def _play(
    db: str | Path,
    rules: RuleSet,
    name: str,
    ask: Callable[[str], str],
    say: Callable[[str], None],
) -> int:
    """Play until the match ends or the player quits; a write the database refuses (a full
    disk) ends it with `DatabaseUnusable`, one line, after every committed move was told."""
    failures = _Failures()
    services = await Services.open(db, FakeClock(), exclusive=True)  # restores the open tables
    logging.getLogger("bot").addHandler(failures)
    try:
        service = services.tables
        table = service.in_channel(TERMINAL_CHANNEL)
        if table is None:
            table = await _new_table(service, rules, name)
            say(f"New match ({table.rules.name}). {HELP}")
            for text in describe(table):
                say(text)
        else:
            say(f"Resuming your match at hand {table.public.hand_number}. {HELP}")
            if table.sheet:
                say(render_sheet(table))
        await _loop(service, table.id, ask, say, failures)
    except sqlite3.Error as error:  # the player's own move was not saved, nor told
        raise write_refused(db, error) from None
    finally:
        logging.getLogger("bot").removeHandler(failures)
        await services.close()
    return 0


class _Failures(logging.Handler):
    """Collects the errors the table service logs instead of raising (a computer's move
    it could not save is retried by a timer the terminal does not run): `check` raises
    the first, so the terminal ends instead of waiting for a move that never comes. Being
    a handler of the "bot" logger, it also keeps their tracebacks off the terminal."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.errors: list[BaseException] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the exception a warning or error was logged with; show the others."""
        if record.exc_info and record.exc_info[1] is not None:
            self.errors.append(record.exc_info[1])
        else:
            print(record.getMessage(), file=sys.stderr)

    def check(self) -> None:
        """Raise the first error collected, if any."""
        if self.errors:
            raise self.errors[0]


async def _new_table(service: TableService, rules: RuleSet, name: str) -> TableAnswer:
    """A started table, with what the computers did before the player's first decision."""
    table = await service.open(None, TERMINAL_CHANNEL, PLAYER_ID, name, rules, INSTANT)
    for _ in range(3):
        await service.add_computer(table.id, PLAYER_ID)
    return await service.start(table.id, PLAYER_ID)


async def _loop(
    service: TableService,
    table_id: int,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    failures: _Failures,
) -> None:
    while True:
        table = service.get(table_id, PLAYER_ID)
        if table.status != Status.PLAYING:
            public = table.public
            say(render_sheet(table))
            say(
                f"Match over: {_names(table, 0)} {public.totals[0]} - "
                f"{_names(table, 1)} {public.totals[1]}."
            )
            return
        say(render(table))
        try:
            line = (await read_line(ask, "> ")).strip()
        except EOFError:
            line = "quit"
        if line.lower() in ("quit", "q", "exit"):
            say("Saved. Run `python -m bot play` again to go on.")
            return
        try:
            answer = await _command(service, table, line, say)
        except TableError as exc:
            say(f"Refused: {refusal_text(exc, table)}")
            continue
        except BadInput as exc:
            say(f"Refused: {exc}")
            continue
        if answer is not None:
            for text in describe(answer):
                say(text)
        failures.check()


async def _command(
    service: TableService, table: TableAnswer, line: str, say: Callable[[str], None]
) -> TableAnswer | None:
    """Carry out one typed line; the service's answer, None for the terminal's own."""
    word = line.lower()
    if word in ("help", "?", ""):
        say(HELP)
        return None
    if word == "sheet":
        say(render_sheet(table))
        return None
    level = table.private(YOU).may_call
    if word in ("pass", *CALLS) and level is not None:
        return await service.call(table.id, PLAYER_ID, level, word != "pass")
    if word == "pass":
        return await service.choose_trump(table.id, PLAYER_ID, None)
    if word in ("roem", "r", "claim"):
        return await service.claim(table.id, PLAYER_ID)
    if table.public.phase == Phase.TRUMP:
        suit = _parse(Suit.parse, line, "a suit to name as trump (c d h s), or pass")
        return await service.choose_trump(table.id, PLAYER_ID, suit)
    return await service.play(table.id, PLAYER_ID, _parse(Card.parse, line, "a card (e.g. Jh)"))


class BadInput(Exception):
    """A line that is neither a command nor a card or suit (the terminal's own refusal)."""


def _parse(parse: Callable[[str], T], text: str, wanted: str) -> T:
    try:
        return parse(text)
    except ValueError:
        raise BadInput(
            f"{clip(text, NAME_CLIP)!r} is not {wanted} or a command; type help."
        ) from None


def refusal_text(error: TableError, table: TableAnswer) -> str:
    """The refusal in words: the sentence the Discord table uses, in English."""
    return refusal_sentence(error.code, error.facts, lambda seat: _seat_name(table, seat))


def render(table: TableAnswer) -> str:
    """The table as the terminal player sees it: public state plus their own hand."""
    public = table.public
    mine = table.private(YOU)
    lines = [
        f"Hand {public.hand_number}/{public.planned_hands or '-'} · dealer "
        f"{_seat_name(table, public.dealer)} · {_names(table, 0)} {public.totals[0]} - "
        f"{_names(table, 1)} {public.totals[1]}"
    ]
    if public.trump is not None:
        lines.append(f"Trump {public.trump.symbol} chosen by {_seat_name(table, public.chooser)}")
    lines += _calls(table)
    if public.trick:
        played = " ".join(
            f"{_seat_name(table, (public.trick_leader or 0) + i)}:{card}"
            for i, card in enumerate(public.trick)
        )
        lines.append(f"Trick: {played}")
    lines.append(
        "Your hand: " + "  ".join(f"[{c}]" if c in mine.legal else f" {c} " for c in mine.cards)
    )
    if mine.trump_options is not None and mine.my_turn:
        options = " ".join(s.letter for s in mine.trump_options.suits)
        lines.append(
            f"Name trump ({options})"
            + (" or pass" if mine.trump_options.can_pass else " (you must choose)")
        )
    elif mine.may_call is not None:
        call = CALLS[mine.may_call - 1]
        lines.append(f"Your call: type '{call}' to call it, or 'pass'.")
    elif mine.my_turn:
        lines.append("Your turn: play one of the cards in [brackets].")
    if mine.claim_holds_roem:  # the prompt only where a claim would succeed
        lines.append("Your pair's last trick holds roem: type 'roem' to claim it.")
    return "\n".join(lines)


def _calls(table: TableAnswer) -> list[str]:
    """A kraken hand's calls, multiplier and bearing pair, then the hand roem announced."""
    kraak = table.public.kraak
    if kraak is None:
        return []
    called = ", ".join(
        f"{CALLS[level]} by {_seat_name(table, seat)}" for level, seat in enumerate(kraak.callers)
    )
    lines = [f"Calls: {called or 'none'} · x{kraak.multiplier}"]
    if kraak.bearing_pair is not None:
        lines[0] += f" · {_names(table, kraak.bearing_pair)} must get more than half"
    for combo in kraak.announced:
        cards = " ".join(str(card) for card in combo.cards)
        lines.append(f"Hand roem: {_seat_name(table, combo.seat)} shows {cards} ({combo.points})")
    if kraak.announced:
        lines.append(f"Hand roem scored: {kraak.hand_roem[0]} - {kraak.hand_roem[1]}")
    return lines


def describe(table: TableAnswer) -> list[str]:
    """One line per event of the answer worth telling, in the order it happened: trump,
    tricks, claimed roem, and each hand's result before anything of the next hand."""
    out: list[str] = []
    for event in table.events:
        you = event.seat == YOU
        who = "You" if you else _seat_name(table, event.seat)
        match event:
            case TrumpChosen(suit=suit):
                out.append(f"{who} {_verb('name', you)} {suit.symbol} as trump.")
            case TrumpPassed() | CallPassed():
                out.append(f"{who} {_verb('pass', you)}.")
            case Called(level=level, multiplier=times):
                out.append(f"{who} {_verb('call', you)} {CALLS[level - 1]}: x{times}.")
            case CardPlayed(card=card) if not you:
                out.append(f"{who} plays {card}.")
            case TrickTaken(trick=trick):
                cards = " ".join(str(c) for c in trick.cards)
                out.append(f"{who} {_verb('take', you)} the trick ({cards}).")
            case RoemClaimed(roem=roem):
                out.append(f"{who} {_verb('claim', you)} roem: {roem.points}.")
            case HandScored(line=line):
                out.append(_hand_result(table, line))
            case SeatAway() | SeatAutoplay():
                out.append(f"{who} ran out of time; the computer played.")
    return out


def _verb(verb: str, you: bool) -> str:
    """The verb agreeing with its subject: "You take", "Computer 2 takes"."""
    if you:
        return verb
    return verb + ("es" if verb.endswith(("s", "sh", "ch")) else "s")


def _hand_result(table: TableAnswer, line: SheetLine | DriemansLine | TweemansLine) -> str:
    if isinstance(line, DriemansLine | TweemansLine):
        scores = ", ".join(f"{_seat_name(table, s)} {v}" for s, v in enumerate(line.scores))
        return f"Hand {line.number} scored: {scores}{' (nat!)' if line.nat else ''}."
    verdict = _verdict(line)
    times = f"; x{line.multiplier}" if line.multiplier > 1 else ""
    return (
        f"Hand {line.number} scored: {_names(table, 0)} {line.scores[0]}, "
        f"{_names(table, 1)} {line.scores[1]} ({_names(table, line.makers)} {verdict}; "
        f"roem {line.roem[0]}/{line.roem[1]}{times})."
    )


NAME = 12  # width of a name column on the sheet
NUMBER = 6  # width of a number column


def render_sheet(table: TableAnswer) -> str:
    """The score sheet in aligned columns: per pair its score and the roem in it."""
    public = table.public
    legend = f"Pair 1: {_names(table, 0)} · Pair 2: {_names(table, 1)}"
    rows = [
        legend,
        _sheet_row("#", "dealer", "trump", "makers", "pair 1", "roem", "pair 2", "roem"),
    ]
    for line in public.sheet:
        flag = _flag(line)
        rows.append(
            _sheet_row(
                str(line.number),
                _seat_name(table, line.dealer),
                "-" if line.ledig else Suit.parse(line.trump).symbol,  # ledig: no trump
                f"pair {line.makers + 1}",
                str(line.scores[0]),
                str(line.roem[0]),
                str(line.scores[1]),
                str(line.roem[1]),
                flag=flag,
            )
        )
    roem = [sum(line.roem[pair] for line in public.sheet) for pair in SIDES]
    total = [str(public.totals[0]), str(roem[0]), str(public.totals[1]), str(roem[1])]
    rows.append(_sheet_row("", "total", "", "", *total))
    return "\n".join(rows)


def _verdict(line: SheetLine) -> str:
    """How the makers fared; a ledig hand (docs/rules.md 2.10: no nat, no pit) says who said
    it, the scores say how it went."""
    if line.ledig:
        return "said ledig"
    return "nat!" if line.nat else "pit!" if line.pit is not None else "made it"


def _flag(line: SheetLine) -> str:
    """The sheet line's mark: ledig (a house rule, no trump), nat or pit."""
    if line.ledig:
        return "ledig"
    return "nat" if line.nat else "pit" if line.pit is not None else ""


def _sheet_row(n: str, dealer: str, trump: str, makers: str, *numbers: str, flag: str = "") -> str:
    cells = "".join(f"{cell:>{NUMBER}}  " for cell in numbers)
    row = f"{n:>2}  {clip(dealer, NAME):<{NAME}}  {trump:<5}  {makers:<6}  {cells}{flag}"
    return row.rstrip()


def _seat_name(table: TableAnswer, seat: int | None) -> str:
    if seat is None:
        return "-"
    seat = FOUR_SEATS.seat(seat)
    return table.public.seats[seat].name or f"Seat {seat + 1}"


def _names(table: TableAnswer, pair: int) -> str:
    return " & ".join(_seat_name(table, seat) for seat in FOUR_SEATS.seats_of(pair))


async def _simulate(db: Path, matches: int, rules: RuleSet, say: Callable[[str], None]) -> int:
    """Computer-only matches through the service and a scratch SQLite file `db`."""
    wins, totals, nat, pits, hands = [0, 0, 0], [0, 0], 0, 0, 0
    levels, hand_roem = [0] * (len(CALLS) + 1), 0  # hands by how many calls; hand roem
    services = await Services.open(db, FakeClock())
    try:
        service = services.tables
        for number in range(matches):
            table = await service.open(
                None, 10_000 + number, PLAYER_ID, "-", rules, SIMULATED, sit=False
            )
            for _ in SEATS:
                await service.add_computer(table.id, PLAYER_ID)
            public = (await service.start(table.id, PLAYER_ID)).public
            result = public.result
            assert result is not None
            say(f"match {number + 1}: {result.totals[0]} - {result.totals[1]}")
            wins[2 if result.winner is None else result.winner] += 1
            totals = [totals[0] + public.totals[0], totals[1] + public.totals[1]]
            nat += sum(line.nat for line in public.sheet)
            pits += sum(line.pit is not None for line in public.sheet)
            hands += len(public.sheet)
            for line in public.sheet:
                levels[len(line.callers)] += 1
                hand_roem += sum(line.hand_roem)
    finally:
        await services.close()
    say(
        f"{matches} matches: pair 0 won {wins[0]}, pair 1 won {wins[1]}, shared {wins[2]}; "
        f"average {totals[0] / max(matches, 1):.0f} - {totals[1] / max(matches, 1):.0f}; "
        f"nat {nat}/{hands} hands, pit {pits}."
    )
    if rules.kraken:
        called = ", ".join(f"{CALLS[n]} {levels[n + 1]}" for n in range(len(CALLS)))
        say(f"hands called: {called}, none {levels[0]}; hand roem scored {hand_roem}.")
    return 0
