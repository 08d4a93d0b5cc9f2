"""The terminal's play loop for a match played on the engine (three-player Klaverjas,
bot/terminal/driemans_play.py; two-player, bot/terminal/tweemans_play.py).

A game is an `EngineGame` subclass: it says how a typed line becomes an engine action, what
an action did in sentences and how the table looks; the loop, the claim offered after a
trick, the commands every game knows ('help', 'sheet', 'quit'), keeping the match in its
file after every move, the score sheet and the match's result are here. The match is kept
as its replay (`keep_match`, bot/terminal/console.py), so quitting and starting again
resumes it. `simulate_engine` and `simulation_summary` are what `python -m bot simulate`
tells of computers' matches in either game.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, NoReturn, Protocol, TypeVar

from bot.engine import DriemansLine, RuleSet, RuleViolation, Suit, TweemansLine
from bot.terminal.console import (
    KeptMatch,
    keep_match,
    read_command,
    refusal_sentence,
    replay_kept,
    saved_line,
)
from bot.texts.catalog import clip

__all__ = [
    "YOU",
    "EngineGame",
    "EngineHand",
    "EngineMatch",
    "Person",
    "PersonToAct",
    "simulate_engine",
    "simulation_summary",
    "winner_of",
]

YOU = 0  # the terminal player's seat; the computers sit at the others
NAME_WIDTH = 10  # a name's column on the score sheet


class PersonToAct(Exception):
    """Raised by the person's seat when the computers' `next_action` asks it to decide."""


class MatchOutcome(Protocol):
    """A finished match: each player's total and the winner (None: shared)."""

    @property
    def totals(self) -> Sequence[int]:
        """Each player's total."""
        ...

    @property
    def winner(self) -> int | None:
        """Who won; None when shared."""
        ...


class EngineHand(Protocol):
    """What the loop asks of a hand in play."""

    @property
    def tricks(self) -> Sequence[object]:
        """The tricks taken so far."""
        ...

    @property
    def to_act(self) -> int | None:
        """The player to act; None while claiming or done."""
        ...

    def claim_refusal(self, player: int, /) -> object:
        """Why ``player`` may not claim roem now; None when they may."""
        ...


class EngineMatch(KeptMatch, Protocol):
    """What the loop asks of a match played on the engine."""

    @property
    def hand(self) -> Any:
        """The hand in play; None once the match is over."""
        ...

    @property
    def hand_number(self) -> int:
        """1-based number of the hand being played."""
        ...

    @property
    def sheet(self) -> Sequence[DriemansLine | TweemansLine]:
        """The scored hands."""
        ...

    @property
    def totals(self) -> Sequence[int]:
        """Each player's total so far."""
        ...

    @property
    def result(self) -> MatchOutcome | None:
        """The match's result once it is over."""
        ...

    def apply(self, action: Any, /) -> object:
        """Apply one action; a `RuleViolation` when the engine refuses it."""
        ...


M = TypeVar("M", bound=EngineMatch)
M_co = TypeVar("M_co", bound=EngineMatch, covariant=True)
H = TypeVar("H", bound=EngineHand)
A = TypeVar("A")
P = TypeVar("P")


class MatchType(Protocol[M_co]):
    """A match class: a new match, or one replayed from its kept actions."""

    def __call__(self, rules: RuleSet, seed: str) -> M_co:
        """A new match under ``rules``, dealt from ``seed``."""
        ...

    def replay(self, rules: RuleSet, seed: str, first_dealer: int, log: list[Any]) -> M_co:
        """The match after the kept actions ``log``."""
        ...


class Person:
    """The terminal player's seat among the computers: its decisions are typed, so asked
    for one it stops the computers (`PersonToAct`)."""

    def choose_trump(self, view: object) -> NoReturn:
        """Stop: the person names trump (or passes) by typing."""
        raise PersonToAct

    def choose_discard(self, view: object) -> NoReturn:
        """Stop: the person lays cards down by typing."""
        raise PersonToAct

    def choose_card(self, view: object) -> NoReturn:
        """Stop: the person plays a card by typing."""
        raise PersonToAct

    def wants_claim(self, view: object) -> bool:
        """No: the person claims by typing 'roem' (when the claim is offered)."""
        return False


class EngineGame(ABC, Generic[M, H, A, P]):
    """The match in play, where it is kept, and who sits where (the person and the
    computers ``P``); a subclass is one game."""

    KIND: ClassVar[str]  # "three-player"
    AGAINST: ClassVar[str]  # who the person plays against: "two computers"
    PRESET: ClassVar[str]  # the rules preset that plays it
    HELP: ClassVar[str]  # the commands, in a sentence
    ROLE: ClassVar[str]  # who chose trump, as the score sheet calls them: "solo"
    COMPUTERS: ClassVar[tuple[str, ...]]  # the names of the other seats
    MATCH: ClassVar[MatchType[Any]]  # the engine's match of the game

    def __init__(self, match: M, path: Path, name: str) -> None:
        self.match = match
        self.path = path
        self.names = (name, *self.COMPUTERS)
        self.offered = (0, 0)  # (hand, tricks) the last claim was offered at
        self.players: list[P | Person] = [
            Person() if seat == YOU else self.computer(f"{match.seed}/{seat}")
            for seat, _ in enumerate(self.names)
        ]

    @classmethod
    async def play(
        cls,
        path: Path,
        rules: RuleSet,
        name: str,
        ask: Callable[[str], str],
        say: Callable[[str], None],
        seed: str | None = None,
    ) -> int:
        """`python -m bot play` for the game: play until the match ends or the player quits,
        resuming the match kept at ``path`` (a finished one, or none: a new match under
        ``rules``, dealt from ``seed``, a fresh random one by default); the exit code."""
        kept = replay_kept(path, cls.MATCH.replay)
        if kept is None:
            game = cls(cls.MATCH(rules, seed or secrets.token_hex(8)), path, name)
            game.save()
            say(f"New {cls.KIND} match ({rules.name}): you against {cls.AGAINST}. {cls.HELP}")
        else:
            game = cls(kept[0], path, kept[1])
            number = game.match.hand_number
            say(f"Resuming your {cls.KIND} match at hand {number}. {cls.HELP}")
            if game.match.sheet:
                say(game.render_sheet())
        while game.match.hand is not None:
            if not await game.turn(ask, say):
                say(saved_line(cls.PRESET))
                return 0
        say(game.render_sheet())
        say(game.final())
        return 0

    @abstractmethod
    def computer(self, seed: str) -> P:
        """The computer at a seat, deciding from ``seed``."""

    @abstractmethod
    def next_action(self, hand: H) -> A:
        """The computers' next action; `PersonToAct` when it is the person's to decide."""

    @abstractmethod
    def action(self, hand: H, line: str) -> A:
        """The engine action a typed line asks for; a `ValueError` naming what was
        expected."""

    @abstractmethod
    def told(self, hand: H, action: A, number: int, tricks: int) -> list[str]:
        """What ``action`` did to ``hand`` (hand ``number``, ``tricks`` taken before), in
        sentences."""

    @abstractmethod
    def render(self, hand: H, offer: bool) -> str:
        """The table as the person sees it and what they are asked."""

    @abstractmethod
    def chose_trump(self, line: Any) -> int:
        """Who chose trump in a scored hand (its `ROLE`)."""

    def name(self, seat: int) -> str:
        """The name at ``seat`` (counted round the table)."""
        return self.names[self.match.rules.seating.seat(seat)]

    def save(self) -> None:
        """Write the match as its replay."""
        keep_match(self.path, self.match, self.names[YOU])

    async def turn(self, ask: Callable[[str], str], say: Callable[[str], None]) -> bool:
        """One step: a computer's action, or the person's typed line; False when they quit."""
        hand: H = self.match.hand
        offer = self._claim_offered(hand)
        if not offer:
            try:
                self.apply(self.next_action(hand), say)
                return True
            except PersonToAct:
                pass
        say(self.render(hand, offer))
        line = await read_command(ask)
        if line is None:
            return False
        self._typed(hand, line, offer, say)
        return True

    def _claim_offered(self, hand: H) -> bool:
        """Whether the person may claim the roem of the trick just taken and has not been
        asked yet: the computers wait for their answer (Enter goes on). On their own turn
        the claim is offered with the turn."""
        at = (self.match.hand_number, len(hand.tricks))
        if at == self.offered or hand.claim_refusal(YOU) is not None:
            return False
        self.offered = at
        return hand.to_act != YOU

    def _typed(self, hand: H, line: str, offer: bool, say: Callable[[str], None]) -> None:
        """Carry out one typed line; a refusal is told and changes nothing."""
        word = line.lower()
        if word in ("help", "?") or (word == "" and not offer):
            say(self.HELP)
            return
        if word == "sheet":
            say(self.render_sheet())
            return
        if word == "" or (offer and word in ("no", "n")):
            return  # the claim offered is let go
        try:
            self.apply(self.action(hand, line), say)
        except RuleViolation as error:
            say(f"Refused: {refusal_sentence(error.code, error.facts, self.name)}")
        except ValueError as error:
            say(f"Refused: {error}")

    def apply(self, action: A, say: Callable[[str], None]) -> None:
        """Apply ``action`` to the match, keep it, and tell what happened."""
        hand: H = self.match.hand
        number, tricks = self.match.hand_number, len(hand.tricks)
        self.match.apply(action)
        self.save()
        for text in self.told(hand, action, number, tricks):
            say(text)

    def hand_result(self, number: int) -> str:
        """Hand ``number``'s scores and whether who chose trump made it."""
        line = self.match.sheet[number - 1]
        scores = ", ".join(f"{self.name(seat)} {score}" for seat, score in enumerate(line.scores))
        verdict = "nat!" if line.nat else "pit!" if line.pit is not None else "made it"
        chooser = self.name(self.chose_trump(line))
        return f"Hand {number} scored: {scores} ({self.ROLE} {chooser} {verdict})."

    def render_sheet(self) -> str:
        """The score sheet: per hand who chose trump, trump, each player's score and nat or
        pit."""
        names = [clip(name, NAME_WIDTH) for name in self.names]
        header = f" #  {self.ROLE:<10}  trump  " + "".join(f"{n:>10}  " for n in names)
        rows = [header.rstrip()]
        for line in self.match.sheet:
            flag = "nat" if line.nat else "pit" if line.pit is not None else ""
            scores = "".join(f"{score:>10}  " for score in line.scores)
            chooser = clip(self.name(self.chose_trump(line)), NAME_WIDTH)
            trump = Suit.parse(line.trump).symbol
            rows.append(f"{line.number:>2}  {chooser:<10}  {trump:<5}  {scores}{flag}".rstrip())
        totals = "".join(f"{total:>10}  " for total in self.match.totals)
        rows.append(f"{'':>2}  {'total':<10}  {'':<5}  {totals}".rstrip())
        return "\n".join(rows)

    def final(self) -> str:
        """The match's result in a sentence."""
        result = self.match.result
        assert result is not None
        totals = ", ".join(f"{self.name(s)} {t}" for s, t in enumerate(result.totals))
        won = "shared" if result.winner is None else f"{self.name(result.winner)} won"
        return f"Match over: {totals} ({won})."


def simulate_engine(
    matches: int, play: Callable[[int], tuple[M, str]], say: Callable[[str], None]
) -> list[M]:
    """The ``matches`` matches ``play(number)`` plays (from 0), telling each one's totals
    and the note ``play`` gives with it ("match 1: 120 - 80 (…)")."""
    played = []
    for number in range(matches):
        match, note = play(number)
        result = match.result
        assert result is not None
        totals = " - ".join(str(total) for total in result.totals)
        say(f"match {number + 1}: {totals} {note}")
        played.append(match)
    return played


def winner_of(match: EngineMatch) -> int | None:
    """Who won a finished match; None when shared."""
    result = match.result
    assert result is not None
    return result.winner


def simulation_summary(
    played: Sequence[EngineMatch], won: str, role: str, made: Callable[[Any], bool]
) -> str:
    """What ``played`` came to: ``won`` (who won how many), how many were shared, and of
    all hands how many the ``role`` (who chose trump) ``made``, went nat or were pit."""
    shared = sum(winner_of(match) is None for match in played)
    lines = [line for match in played for line in match.sheet]
    made_it = sum(made(line) for line in lines)
    nats = sum(line.nat for line in lines)
    pits = sum(line.pit is not None for line in lines)
    return (
        f"{len(played)} matches: {won}, shared {shared}; "
        f"{role} made {made_it}/{len(lines)}, nat {nats}, pit {pits}."
    )
