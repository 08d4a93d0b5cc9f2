"""`python -m bot play --preset tweemans`: a two-player match against a computer.

Two-player Klaverjas (docs/rules.md 2.9) is played on the engine, the match kept in a file
as its replay (`TweemansMatch.replay`, bot/terminal/console.py), so quitting and starting
again resumes it (the loop, shared with three-player Klaverjas, is
bot/terminal/engine_play.py). The person plays both of their units, hand and table: a typed
card names its unit, as a card is in exactly one of them. What is shown is the person's
`TweemansHand.view`: never a face-down card or the computer's hand. The computer is the
normal two-player computer; each decision is the engine's to refuse.
"""

from __future__ import annotations

from bot.engine import (
    TWO_PLAYERS,
    Card,
    ChooseTrump,
    ClaimRoem,
    FinishHand,
    PassTrump,
    PlayCard,
    Suit,
    TweemansAction,
    TweemansHand,
    TweemansLine,
    TweemansMatch,
    TweemansPhase,
    TweemansView,
    sort_key,
)
from bot.players.tweemans import NormalTweemans, TweemansPlayer, next_action
from bot.terminal.console import parse_word
from bot.terminal.engine_play import YOU, EngineGame

__all__ = ["HELP", "play_tweemans"]

SEATING = TWO_PLAYERS
HELP = (
    "Commands: a suit (c d h s) to name trump when you are the maker; a card (e.g. Jh, "
    "10h) from your hand or your table to play it; 'roem' to claim; 'sheet'; 'help'; "
    "'quit' (the match is saved)."
)


class _Game(EngineGame[TweemansMatch, TweemansHand, TweemansAction, TweemansPlayer]):
    """A two-player match: the person against the computer (the other player)."""

    KIND = "two-player"
    AGAINST = "a computer"
    PRESET = "tweemans"
    HELP = HELP
    ROLE = "maker"
    MATCH = TweemansMatch
    COMPUTERS = ("Computer",)

    def computer(self, seed: str) -> TweemansPlayer:
        return NormalTweemans(seed)

    def next_action(self, hand: TweemansHand) -> TweemansAction:
        return next_action(hand, self.players)

    def chose_trump(self, line: TweemansLine) -> int:
        return line.maker

    def unit(self, unit: int) -> str:
        """A unit in words: "your hand", "Computer's table"."""
        player = SEATING.player_of(unit)
        owner = "your" if player == YOU else f"{self.name(player)}'s"
        return f"{owner} {'table' if SEATING.is_table(unit) else 'hand'}"

    def action(self, hand: TweemansHand, line: str) -> TweemansAction:
        word = line.lower()
        if word in ("roem", "r", "claim"):
            return ClaimRoem(YOU)
        if hand.phase == TweemansPhase.TRUMP:
            if word == "pass":
                return PassTrump(YOU)
            return ChooseTrump(YOU, parse_word(Suit.parse, line, "a suit to name trump (c d h s)"))
        card: Card = parse_word(Card.parse, line, "a card (e.g. Jh)")
        return PlayCard(self._unit_of(hand, card), card)

    def _unit_of(self, hand: TweemansHand, card: Card) -> int:
        """The person's unit ``card`` is played from: the one that holds it; a card held by
        the unit not to play now is refused here, one not held goes to the engine."""
        mine = (SEATING.hand_of(YOU), SEATING.table_of(YOU))
        holder = next((unit for unit in mine if card in hand.holding(unit)), None)
        to_act = [unit for unit in hand.units_to_act if unit in mine]
        if holder is not None and to_act and holder not in to_act:
            raise ValueError(f"{card} is in {self.unit(holder)}; {self.unit(to_act[0])} plays now.")
        return holder if holder is not None else (to_act or [SEATING.hand_of(YOU)])[0]

    def told(
        self, hand: TweemansHand, action: TweemansAction, number: int, tricks: int
    ) -> list[str]:
        """What ``action`` did, in sentences: the person's own card is not repeated."""
        out: list[str] = []
        if isinstance(action, ChooseTrump):
            you = action.seat == YOU
            who = "You name" if you else f"{self.name(action.seat)} names"
            out.append(f"{who} {action.suit.symbol} trump.")
        elif isinstance(action, PlayCard) and SEATING.player_of(action.seat) != YOU:
            player = self.name(SEATING.player_of(action.seat))
            out.append(f"{player} plays {action.card} from {_its(action.seat)}.")
        elif isinstance(action, ClaimRoem):
            trick = hand.tricks[-1]
            who = "You claim" if action.seat == YOU else f"{self.name(action.seat)} claims"
            out.append(f"{who} roem: {trick.roem.points}.")
        if len(hand.tricks) > tricks and not isinstance(action, FinishHand):
            trick = hand.tricks[-1]
            taker = "You take" if trick.taker == YOU else f"{self.name(trick.taker)} takes"
            cards = ", ".join(
                f"{self.unit(trick.unit_of(i))} {card}" for i, card in enumerate(trick.cards)
            )
            out.append(f"{taker} the trick ({cards}).")
        if len(self.match.sheet) >= number:
            out.append(self.hand_result(number))
        return out

    def render(self, hand: TweemansHand, offer: bool) -> str:
        """The table as the person sees it (their `view`): the totals, trump and maker, both
        tables' face-up cards with the face-down count under each, the trick with the unit
        of each card, their hand and what they are asked. Cards they may play are in
        [brackets]."""
        match = self.match
        view = hand.view(YOU)
        totals = " · ".join(f"{self.name(p)} {t}" for p, t in enumerate(match.totals))
        target = match.rules.target_score or "-"
        dealer = self.name(hand.dealer)
        lines = [f"Hand {match.hand_number} · dealer {dealer} · {totals} (to {target})"]
        trump = "to name" if view.trump is None else view.trump.symbol
        lines.append(f"Trump {trump} · maker {self.name(view.maker)}")
        legal = {card for _, card in view.legal}
        other = SEATING.other_player(YOU)
        lines.append(f"{self.name(other)}'s table: {_table(view, other, legal)}")
        lines.append(f"Your table: {_table(view, YOU, legal)}")
        if view.trick and view.leader is not None:
            played = ", ".join(
                f"{self.unit(SEATING.after(view.leader, i))} {card}"
                for i, card in enumerate(view.trick)
            )
            lines.append(f"Trick: {played}")
        cards = sorted(view.hand, key=sort_key(view.trump).__getitem__)
        lines.append("Your hand: " + "  ".join(_shown(c, legal) for c in cards))
        count = view.opponent_hand
        lines.append(f"{self.name(other)}'s hand: {count} card{'' if count == 1 else 's'}")
        lines.append(_asked(hand, view, offer))
        return "\n".join(lines)


def _its(unit: int) -> str:
    return "its table" if SEATING.is_table(unit) else "its hand"


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


play_tweemans = _Game.play
