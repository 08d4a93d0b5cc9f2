"""`python -m bot play --preset driemans`: a three-player match against two computers.

Three-player Klaverjas (docs/rules.md 2.8) has no table service yet, so the terminal plays
it on the engine. The match is its rules, seed and first dealer with the actions taken, as
the engine replays it (`DriemansMatch.replay`): kept in a JSON file after every move and
replayed on the next start, so quitting and starting again resumes it (the loop, shared
with two-player Klaverjas, is bot/terminal/engine_play.py). The computers are the normal
three-player computers; each decision is the engine's to refuse.
"""

from __future__ import annotations

from bot.engine import (
    Card,
    ChooseTrump,
    ClaimRoem,
    DriemansAction,
    DriemansHand,
    DriemansLine,
    DriemansMatch,
    DriemansPhase,
    LayDown,
    PassTrump,
    PlayCard,
    Suit,
    sort_key,
)
from bot.players.driemans import DriemansPlayer, NormalDriemans, next_action
from bot.terminal.console import UnreadableMatch, parse_word
from bot.terminal.engine_play import YOU, EngineGame

__all__ = ["HELP", "UnreadableMatch", "play_driemans"]

HELP = (
    "Commands: a suit (c d h s) to play in it, or 'pass', when you bid; two cards "
    "(e.g. '7c 8d') to lay down as the solo; a card (e.g. Jh, 10h) to play it; 'roem' "
    "to claim; 'sheet'; 'help'; 'quit' (the match is saved)."
)


class _Game(EngineGame[DriemansMatch, DriemansHand, DriemansAction, DriemansPlayer]):
    """A three-player match: the person against two computers (seats 1 and 2)."""

    KIND = "three-player"
    AGAINST = "two computers"
    PRESET = "driemans"
    HELP = HELP
    ROLE = "solo"
    MATCH = DriemansMatch
    COMPUTERS = ("Computer 1", "Computer 2")

    def computer(self, seed: str) -> DriemansPlayer:
        return NormalDriemans(seed)

    def next_action(self, hand: DriemansHand) -> DriemansAction:
        return next_action(hand, self.players)

    def chose_trump(self, line: DriemansLine) -> int:
        return line.solo

    def action(self, hand: DriemansHand, line: str) -> DriemansAction:
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

    def told(
        self, hand: DriemansHand, action: DriemansAction, number: int, tricks: int
    ) -> list[str]:
        """What ``action`` did, in sentences: the person's own card is not repeated."""
        you = getattr(action, "seat", None) == YOU
        who = "You" if you else self.name(getattr(action, "seat", YOU))
        out: list[str] = []
        if isinstance(action, ChooseTrump):
            out.append(f"{who} {'play' if you else 'plays'} in {action.suit.symbol} and "
                       f"{'take' if you else 'takes'} the blind.")  # fmt: skip
        elif isinstance(action, PassTrump):
            out.append(f"{who} {'pass' if you else 'passes'}.")
            if self.match.hand_number == number and self.match.hand is not hand:
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
            taker = "You" if trick.winner == YOU else self.name(trick.winner)
            took = "take" if trick.winner == YOU else "takes"
            cards = " ".join(str(c) for c in trick.cards)
            out.append(f"{taker} {took} the trick ({cards}).")
        if len(self.match.sheet) >= number:
            out.append(self.hand_result(number))
        return out

    def render(self, hand: DriemansHand, offer: bool) -> str:
        """The table as the person sees it: the totals, trump and solo, the trick, their
        hand and what they are asked."""
        match = self.match
        totals = " · ".join(f"{self.name(s)} {t}" for s, t in enumerate(match.totals))
        lines = [
            f"Hand {match.hand_number}/{match.planned_hands or '-'} · dealer "
            f"{self.name(hand.dealer)} · {totals}"
        ]
        if hand.trump is not None and hand.solo is not None:
            lines.append(f"Trump {hand.trump.symbol} · solo {self.name(hand.solo)}")
        if hand.current:
            played = " ".join(
                f"{self.name(hand.leader + i)}:{card}" for i, card in enumerate(hand.current)
            )
            lines.append(f"Trick: {played}")
        legal = set(hand.legal(YOU))
        cards = sorted(hand.holdings[YOU], key=sort_key(hand.trump).__getitem__)
        shown = "  ".join(f"[{c}]" if c in legal else f" {c} " for c in cards)
        lines.append(f"Your hand: {shown}")
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


play_driemans = _Game.play
