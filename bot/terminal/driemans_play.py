"""`python -m bot play --preset driemans`: a three-player match against two computers.

Three-player Klaverjas (docs/rules.md 2.8) has no table service yet, so the terminal plays
it on the engine. The match is its rules, seed and first dealer with the actions taken, as
the engine replays it (`DriemansMatch.replay`): kept in a JSON file after every move
(written whole to a new file, then renamed over the old one, so a crash leaves one or the
other) and replayed on the next start, so quitting and starting again resumes it. The
computers are the normal three-player computers; each decision is the engine's to refuse.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.engine import (
    Card,
    ChooseTrump,
    ClaimRoem,
    DriemansAction,
    DriemansHand,
    DriemansMatch,
    DriemansPhase,
    LayDown,
    PassTrump,
    PlayCard,
    RuleSet,
    RuleViolation,
    Suit,
    sort_key,
)
from bot.players.driemans import DriemansPlayer, DriemansView, NormalDriemans, next_action
from bot.terminal.console import (
    UnreadableMatch,
    keep_match,
    parse_word,
    read_command,
    refusal_sentence,
    replay_kept,
    saved_line,
)
from bot.texts.catalog import clip

__all__ = ["HELP", "UnreadableMatch", "play_driemans"]

YOU = 0  # the terminal player's seat; the computers sit at the others
HELP = (
    "Commands: a suit (c d h s) to play in it, or 'pass', when you bid; two cards "
    "(e.g. '7c 8d') to lay down as the solo; a card (e.g. Jh, 10h) to play it; 'roem' "
    "to claim; 'sheet'; 'help'; 'quit' (the match is saved)."
)
COMPUTERS = ("Computer 1", "Computer 2")  # the names of seats 1 and 2
SAVED = saved_line("driemans")


class _PersonToAct(Exception):
    """Raised by the person's seat when `next_action` asks it for a decision."""


class _Person:
    """The terminal player's seat among the computers: its decisions are typed."""

    def choose_trump(self, view: DriemansView) -> Suit | None:
        raise _PersonToAct

    def choose_discard(self, view: DriemansView) -> tuple[Card, Card]:
        raise _PersonToAct

    def choose_card(self, view: DriemansView) -> Card:
        raise _PersonToAct

    def wants_claim(self, view: DriemansView) -> bool:
        return False  # the person claims by typing 'roem' (`_claim_offered`)


@dataclass
class _Game:
    """The match in play, where it is kept, and who sits where."""

    match: DriemansMatch
    path: Path
    names: tuple[str, ...]
    offered: tuple[int, int] = (0, 0)  # (hand, tricks) the last claim was offered at

    def name(self, seat: int) -> str:
        return self.names[self.match.rules.seating.seat(seat)]

    def save(self) -> None:
        """Write the match as its replay."""
        keep_match(self.path, self.match, self.names[YOU])


async def play_driemans(
    path: Path,
    rules: RuleSet,
    name: str,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    seed: str | None = None,
) -> int:
    """Play until the match ends or the player quits, resuming the match kept at ``path``
    (a finished one, or none: a new match under ``rules``, dealt from ``seed``, a fresh
    random one by default); the exit code."""
    game = _load(path)
    if game is None:
        game = _new(path, rules, name, seed or secrets.token_hex(8))
        say(f"New three-player match ({rules.name}): you against two computers. {HELP}")
    else:
        say(f"Resuming your three-player match at hand {game.match.hand_number}. {HELP}")
        if game.match.sheet:
            say(render_sheet(game))
    players: list[DriemansPlayer] = [
        _Person() if seat == YOU else NormalDriemans(f"{game.match.seed}/{seat}")
        for seat in game.match.rules.seating.seats
    ]
    while game.match.hand is not None:
        if not await _turn(game, players, ask, say):
            say(SAVED)
            return 0
    say(render_sheet(game))
    say(_final(game))
    return 0


def _load(path: Path) -> _Game | None:
    """The match kept at ``path`` replayed; None when there is none or it is over."""
    kept = replay_kept(path, DriemansMatch.replay)
    return None if kept is None else _Game(kept[0], path, (kept[1], *COMPUTERS))


def _new(path: Path, rules: RuleSet, name: str, seed: str) -> _Game:
    game = _Game(DriemansMatch(rules, seed), path, (name, *COMPUTERS))
    game.save()
    return game


async def _turn(
    game: _Game,
    players: Sequence[DriemansPlayer],
    ask: Callable[[str], str],
    say: Callable[[str], None],
) -> bool:
    """One step: a computer's action, or the person's typed line; False when they quit."""
    hand = game.match.hand
    assert hand is not None
    offer = _claim_offered(game, hand)
    if not offer:
        try:
            _apply(game, next_action(hand, players), say)
            return True
        except _PersonToAct:
            pass
    say(render(game, hand, offer))
    line = await read_command(ask)
    if line is None:
        return False
    _typed(game, hand, line, offer, say)
    return True


def _claim_offered(game: _Game, hand: DriemansHand) -> bool:
    """Whether the person may claim the roem of the trick just taken and has not been
    asked yet: the computers wait for their answer (Enter goes on)."""
    at = (game.match.hand_number, len(hand.tricks))
    if at == game.offered or hand.claim_refusal(YOU) is not None:
        return False
    game.offered = at
    return hand.to_act != YOU


def _typed(
    game: _Game, hand: DriemansHand, line: str, offer: bool, say: Callable[[str], None]
) -> None:
    """Carry out one typed line; a refusal is told and changes nothing."""
    word = line.lower()
    if word in ("help", "?") or (word == "" and not offer):
        say(HELP)
        return
    if word == "sheet":
        say(render_sheet(game))
        return
    if word == "" or (offer and word in ("no", "n")):
        return  # the claim offered is let go
    try:
        _apply(game, _action(hand, line), say)
    except RuleViolation as error:
        say(f"Refused: {refusal_sentence(error.code, error.facts, game.name)}")
    except ValueError as error:
        say(f"Refused: {error}")


def _action(hand: DriemansHand, line: str) -> DriemansAction:
    """The engine action a typed line asks for; a `ValueError` naming what was expected."""
    word = line.lower()
    if word in ("roem", "r", "claim"):
        return ClaimRoem(YOU)
    if hand.phase == DriemansPhase.BID:
        if word == "pass":
            return PassTrump(YOU)
        suit = parse_word(Suit.parse, line, "a suit to play in (c d h s), or pass")
        return ChooseTrump(YOU, suit)
    if hand.phase == DriemansPhase.EXCHANGE:
        wanted = "two cards to lay down (e.g. 7c 8d)"
        return LayDown(YOU, tuple(parse_word(Card.parse, w, wanted) for w in line.split()))
    return PlayCard(YOU, parse_word(Card.parse, line, "a card (e.g. Jh)"))


def _apply(game: _Game, action: DriemansAction, say: Callable[[str], None]) -> None:
    """Apply ``action`` to the match, keep it, and tell what happened."""
    match = game.match
    hand = match.hand
    assert hand is not None
    number, tricks = match.hand_number, len(hand.tricks)
    match.apply(action)
    game.save()
    for text in _told(game, hand, action, number, tricks):
        say(text)


def _told(
    game: _Game, hand: DriemansHand, action: DriemansAction, number: int, tricks: int
) -> list[str]:
    """What ``action`` did, in sentences: the person's own card is not repeated."""
    you = getattr(action, "seat", None) == YOU
    who = "You" if you else game.name(getattr(action, "seat", YOU))
    out: list[str] = []
    if isinstance(action, ChooseTrump):
        out.append(f"{who} {'play' if you else 'plays'} in {action.suit.symbol} and "
                   f"{'take' if you else 'takes'} the blind.")  # fmt: skip
    elif isinstance(action, PassTrump):
        out.append(f"{who} {'pass' if you else 'passes'}.")
        if game.match.hand_number == number and game.match.hand is not hand:
            out.append("All three passed: the same dealer deals again.")
    elif isinstance(action, LayDown):
        out.append(f"{who} {'lay' if you else 'lays'} two cards down.")
    elif isinstance(action, PlayCard) and not you:
        out.append(f"{who} plays {action.card}.")
    elif isinstance(action, ClaimRoem):
        trick = hand.tricks[-1]
        out.append(f"{who} {'claim' if you else 'claims'} roem: {trick.roem.points}.")
    if len(hand.tricks) > tricks:
        trick = hand.tricks[-1]
        taker = "You" if trick.winner == YOU else game.name(trick.winner)
        cards = " ".join(str(c) for c in trick.cards)
        out.append(f"{taker} {'take' if trick.winner == YOU else 'takes'} the trick ({cards}).")
    if len(game.match.sheet) >= number:
        out.append(_hand_result(game, number))
    return out


def _hand_result(game: _Game, number: int) -> str:
    line = game.match.sheet[number - 1]
    scores = ", ".join(f"{game.name(seat)} {score}" for seat, score in enumerate(line.scores))
    verdict = "nat!" if line.nat else "pit!" if line.pit is not None else "made it"
    return f"Hand {number} scored: {scores} (solo {game.name(line.solo)} {verdict})."


def render(game: _Game, hand: DriemansHand, offer: bool = False) -> str:
    """The table as the person sees it: the totals, trump and solo, the trick, their hand
    and what they are asked."""
    match = game.match
    totals = " · ".join(f"{game.name(s)} {t}" for s, t in enumerate(match.totals))
    lines = [
        f"Hand {match.hand_number}/{match.planned_hands or '-'} · dealer "
        f"{game.name(hand.dealer)} · {totals}"
    ]
    if hand.trump is not None and hand.solo is not None:
        lines.append(f"Trump {hand.trump.symbol} · solo {game.name(hand.solo)}")
    if hand.current:
        played = " ".join(
            f"{game.name(hand.leader + i)}:{card}" for i, card in enumerate(hand.current)
        )
        lines.append(f"Trick: {played}")
    legal = set(hand.legal(YOU))
    cards = sorted(hand.holdings[YOU], key=sort_key(hand.trump).__getitem__)
    lines.append("Your hand: " + "  ".join(f"[{c}]" if c in legal else f" {c} " for c in cards))
    lines.append(_asked(hand, offer))
    return "\n".join(lines)


def _asked(hand: DriemansHand, offer: bool) -> str:
    if offer:
        return "Your side's last trick holds roem: type 'roem' to claim it, or Enter to go on."
    if hand.phase == DriemansPhase.BID:
        must = not hand.trump_options(YOU).can_pass
        return "Play in a suit (c d h s)" + (" (you must play)." if must else " or pass.")
    if hand.phase == DriemansPhase.EXCHANGE:
        return "You are the solo: lay two cards down (e.g. '7c 8d')."
    if hand.to_act == YOU:
        claim = " (or 'roem' to claim)" if hand.claim_refusal(YOU) is None else ""
        return f"Your turn: play one of the cards in [brackets]{claim}."
    return "Type 'roem' to claim the roem of your side's last trick, or Enter to go on."


def render_sheet(game: _Game) -> str:
    """The score sheet: per hand the solo, trump, each player's score and nat or pit."""
    seats = game.match.rules.seating.seats
    names = [clip(game.name(seat), 10) for seat in seats]
    rows = [f" #  {'solo':<10}  trump  " + "".join(f"{n:>10}  " for n in names)]
    for line in game.match.sheet:
        flag = "nat" if line.nat else "pit" if line.pit is not None else ""
        scores = "".join(f"{score:>10}  " for score in line.scores)
        solo = clip(game.name(line.solo), 10)
        trump = Suit.parse(line.trump).symbol
        rows.append(f"{line.number:>2}  {solo:<10}  {trump:<5}  {scores}{flag}".rstrip())
    totals = "".join(f"{total:>10}  " for total in game.match.totals)
    rows.append(f"{'':>2}  {'total':<10}  {'':<5}  {totals}".rstrip())
    return "\n".join(rows)


def _final(game: _Game) -> str:
    result = game.match.result
    assert result is not None
    totals = ", ".join(f"{game.name(s)} {t}" for s, t in enumerate(result.totals))
    won = "shared" if result.winner is None else f"{game.name(result.winner)} won"
    return f"Match over: {totals} ({won})."
