"""`python -m bot play --preset tweemans`: a two-player match against a computer.

Two-player Klaverjas (docs/rules.md 2.9) is played on the engine, the match kept in a file
as its replay (`TweemansMatch.replay`, bot/terminal/console.py), so quitting and starting
again resumes it. The person plays both of their units, hand and table: a typed card names
its unit, as a card is in exactly one of them. What is shown is the person's
`TweemansHand.view`: never a face-down card or the computer's hand. The computer is the
normal two-player computer; each decision is the engine's to refuse.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.engine import (
    TWO_PLAYERS,
    Card,
    ChooseTrump,
    ClaimRoem,
    FinishHand,
    PassTrump,
    PlayCard,
    RuleSet,
    RuleViolation,
    Suit,
    TweemansAction,
    TweemansHand,
    TweemansMatch,
    TweemansPhase,
    TweemansView,
    sort_key,
)
from bot.players.tweemans import NormalTweemans, TweemansPlayer, next_action
from bot.terminal.console import (
    keep_match,
    parse_word,
    read_command,
    refusal_sentence,
    replay_kept,
    saved_line,
)
from bot.texts.catalog import clip

__all__ = ["HELP", "play_tweemans", "render", "render_sheet"]

SEATING = TWO_PLAYERS
YOU = 0  # the terminal player; the computer is the other player
COMPUTER = "Computer"
HELP = (
    "Commands: a suit (c d h s) to name trump when you are the maker; a card (e.g. Jh, "
    "10h) from your hand or your table to play it; 'roem' to claim; 'sheet'; 'help'; "
    "'quit' (the match is saved)."
)
SAVED = saved_line("tweemans")


class _PersonToAct(Exception):
    """Raised by the person's place when `next_action` asks it for a decision."""


class _Person:
    """The terminal player's place: its decisions are typed."""

    def choose_trump(self, view: TweemansView) -> Suit:
        raise _PersonToAct

    def choose_card(self, view: TweemansView) -> Card:
        raise _PersonToAct

    def wants_claim(self, view: TweemansView) -> bool:
        return False  # the person claims by typing 'roem' (`_claim_offered`)


@dataclass
class _Game:
    """The match in play, where it is kept, and the two players' names."""

    match: TweemansMatch
    path: Path
    names: tuple[str, str]
    offered: tuple[int, int] = (0, 0)  # (hand, tricks) the last claim was offered at

    def name(self, player: int) -> str:
        return self.names[player]

    def unit(self, unit: int) -> str:
        """A unit in words: "your hand", "Computer's table"."""
        player = SEATING.player_of(unit)
        owner = "your" if player == YOU else f"{self.name(player)}'s"
        return f"{owner} {'table' if SEATING.is_table(unit) else 'hand'}"

    def save(self) -> None:
        keep_match(self.path, self.match, self.names[YOU])


async def play_tweemans(
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
    kept = replay_kept(path, TweemansMatch.replay)
    if kept is None:
        game = _Game(TweemansMatch(rules, seed or secrets.token_hex(8)), path, (name, COMPUTER))
        game.save()
        say(f"New two-player match ({rules.name}): you against a computer. {HELP}")
    else:
        game = _Game(kept[0], path, (kept[1], COMPUTER))
        say(f"Resuming your two-player match at hand {game.match.hand_number}. {HELP}")
        if game.match.sheet:
            say(render_sheet(game))
    players: list[TweemansPlayer] = [
        _Person() if player == YOU else NormalTweemans(f"{game.match.seed}/{player}")
        for player in SEATING.players
    ]
    while game.match.hand is not None:
        if not await _turn(game, players, ask, say):
            say(SAVED)
            return 0
    say(render_sheet(game))
    say(_final(game))
    return 0


async def _turn(
    game: _Game,
    players: Sequence[TweemansPlayer],
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


def _claim_offered(game: _Game, hand: TweemansHand) -> bool:
    """Whether the person may claim the roem of the trick just taken and has not been
    asked yet: the computer waits for their answer (Enter goes on). On their own turn the
    claim is offered with the turn."""
    at = (game.match.hand_number, len(hand.tricks))
    if at == game.offered or hand.claim_refusal(YOU) is not None:
        return False
    game.offered = at
    return hand.player_to_act != YOU


def _typed(
    game: _Game, hand: TweemansHand, line: str, offer: bool, say: Callable[[str], None]
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
        _apply(game, _action(game, hand, line), say)
    except RuleViolation as error:
        say(f"Refused: {refusal_sentence(error.code, error.facts, game.name)}")
    except ValueError as error:
        say(f"Refused: {error}")


def _action(game: _Game, hand: TweemansHand, line: str) -> TweemansAction:
    """The engine action a typed line asks for; a `ValueError` naming what was expected."""
    word = line.lower()
    if word in ("roem", "r", "claim"):
        return ClaimRoem(YOU)
    if hand.phase == TweemansPhase.TRUMP:
        if word == "pass":
            return PassTrump(YOU)
        return ChooseTrump(YOU, parse_word(Suit.parse, line, "a suit to name trump (c d h s)"))
    card: Card = parse_word(Card.parse, line, "a card (e.g. Jh)")
    return PlayCard(_unit_of(game, hand, card), card)


def _unit_of(game: _Game, hand: TweemansHand, card: Card) -> int:
    """The person's unit ``card`` is played from: the one that holds it; a card held by
    the unit not to play now is refused here, one not held goes to the engine."""
    mine = (SEATING.hand_of(YOU), SEATING.table_of(YOU))
    holder = next((unit for unit in mine if card in hand.holding(unit)), None)
    to_act = [unit for unit in hand.units_to_act if unit in mine]
    if holder is not None and to_act and holder not in to_act:
        raise ValueError(f"{card} is in {game.unit(holder)}; {game.unit(to_act[0])} plays now.")
    return holder if holder is not None else (to_act or [SEATING.hand_of(YOU)])[0]


def _apply(game: _Game, action: TweemansAction, say: Callable[[str], None]) -> None:
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
    game: _Game, hand: TweemansHand, action: TweemansAction, number: int, tricks: int
) -> list[str]:
    """What ``action`` did, in sentences: the person's own card is not repeated."""
    out: list[str] = []
    if isinstance(action, ChooseTrump):
        you = action.seat == YOU
        who = "You name" if you else f"{game.name(action.seat)} names"
        out.append(f"{who} {action.suit.symbol} trump.")
    elif isinstance(action, PlayCard) and SEATING.player_of(action.seat) != YOU:
        player = game.name(SEATING.player_of(action.seat))
        out.append(f"{player} plays {action.card} from {_its(action.seat)}.")
    elif isinstance(action, ClaimRoem):
        trick = hand.tricks[-1]
        who = "You claim" if action.seat == YOU else f"{game.name(action.seat)} claims"
        out.append(f"{who} roem: {trick.roem.points}.")
    if len(hand.tricks) > tricks and not isinstance(action, FinishHand):
        trick = hand.tricks[-1]
        taker = "You take" if trick.taker == YOU else f"{game.name(trick.taker)} takes"
        cards = ", ".join(
            f"{game.unit(trick.unit_of(i))} {card}" for i, card in enumerate(trick.cards)
        )
        out.append(f"{taker} the trick ({cards}).")
    if len(game.match.sheet) >= number:
        out.append(_hand_result(game, number))
    return out


def _its(unit: int) -> str:
    return "its table" if SEATING.is_table(unit) else "its hand"


def _hand_result(game: _Game, number: int) -> str:
    line = game.match.sheet[number - 1]
    scores = ", ".join(f"{game.name(p)} {score}" for p, score in enumerate(line.scores))
    verdict = "nat!" if line.nat else "pit!" if line.pit is not None else "made it"
    return f"Hand {number} scored: {scores} (maker {game.name(line.maker)} {verdict})."


def render(game: _Game, hand: TweemansHand, offer: bool = False) -> str:
    """The table as the person sees it (their `view`): the totals, trump and maker, both
    tables' face-up cards with the face-down count under each, the trick with the unit of
    each card, their hand and what they are asked. Cards they may play are in [brackets]."""
    match = game.match
    view = hand.view(YOU)
    totals = " · ".join(f"{game.name(p)} {t}" for p, t in enumerate(match.totals))
    target = match.rules.target_score or "-"
    lines = [f"Hand {match.hand_number} · dealer {game.name(hand.dealer)} · {totals} (to {target})"]
    trump = "to name" if view.trump is None else view.trump.symbol
    lines.append(f"Trump {trump} · maker {game.name(view.maker)}")
    legal = {card for _, card in view.legal}
    other = SEATING.other_player(YOU)
    lines.append(f"{game.name(other)}'s table: {_table(view, other, legal)}")
    lines.append(f"Your table: {_table(view, YOU, legal)}")
    if view.trick and view.leader is not None:
        played = ", ".join(
            f"{game.unit(SEATING.after(view.leader, i))} {card}"
            for i, card in enumerate(view.trick)
        )
        lines.append(f"Trick: {played}")
    cards = sorted(view.hand, key=sort_key(view.trump).__getitem__)
    lines.append("Your hand: " + "  ".join(_shown(c, legal) for c in cards))
    count = view.opponent_hand
    lines.append(f"{game.name(other)}'s hand: {count} card{'' if count == 1 else 's'}")
    lines.append(_asked(hand, view, offer))
    return "\n".join(lines)


def _table(view: TweemansView, player: int, legal: set[Card]) -> str:
    """A table's piles: each face-up card (or '--' when gone) with '/1' when a face-down
    card lies under it, '/0' when none."""
    piles = zip(view.tables[player], view.hidden[player], strict=True)
    return "  ".join(
        f"{'--' if up is None else _shown(up, legal)}/{int(down)}" for up, down in piles
    )


def _shown(card: Card, legal: set[Card]) -> str:
    return f"[{card}]" if card in legal else str(card)


def _asked(hand: TweemansHand, view: TweemansView, offer: bool) -> str:
    if offer:
        return "Your last trick holds roem: type 'roem' to claim it, or Enter to go on."
    if view.phase == TweemansPhase.TRUMP:
        return "You are the maker: name trump (c d h s); you may not pass."
    if view.legal:
        claim = " (or 'roem' to claim)" if hand.claim_refusal(YOU) is None else ""
        return f"Your turn: play one of the cards in [brackets]{claim}."
    return "Type 'roem' to claim the roem of your last trick, or Enter to go on."


def render_sheet(game: _Game) -> str:
    """The score sheet: per hand the maker, trump, each player's score and nat or pit."""
    names = [clip(game.name(p), 10) for p in SEATING.players]
    rows = [(f" #  {'maker':<10}  trump  " + "".join(f"{n:>10}  " for n in names)).rstrip()]
    for line in game.match.sheet:
        flag = "nat" if line.nat else "pit" if line.pit is not None else ""
        scores = "".join(f"{score:>10}  " for score in line.scores)
        maker = clip(game.name(line.maker), 10)
        trump = Suit.parse(line.trump).symbol
        rows.append(f"{line.number:>2}  {maker:<10}  {trump:<5}  {scores}{flag}".rstrip())
    totals = "".join(f"{total:>10}  " for total in game.match.totals)
    rows.append(f"{'':>2}  {'total':<10}  {'':<5}  {totals}".rstrip())
    return "\n".join(rows)


def _final(game: _Game) -> str:
    result = game.match.result
    assert result is not None
    totals = ", ".join(f"{game.name(p)} {t}" for p, t in enumerate(result.totals))
    won = "shared" if result.winner is None else f"{game.name(result.winner)} won"
    return f"Match over: {totals} ({won})."
