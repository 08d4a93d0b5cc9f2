"""The challenge's refusals, and the one mapping from their codes to sentences.

The service refuses with a `ChallengeError` (bot/challenge/errors.py), whose sentence is
`challenge.err.<code>`; the engine's refusals of a card or a trump choice come with the
engine's facts (the card, why not). `REFUSALS` is what the common guard
(cogs/common/replies.py) knows of them.
"""

from __future__ import annotations

from bot.challenge import ChallengeCode, ChallengeError
from bot.engine import Card, IllegalReason, Suit
from bot.texts.formats import mid_sentence
from cogs.common.refusals import Refusals
from cogs.common.text import card_text, clip, reason_text, t

__all__ = ["REFUSALS", "error_text"]


def error_text(error: ChallengeError, locale: str) -> str:
    """The sentence for a challenge refusal in `locale`."""
    facts = error.facts
    values: dict[str, object] = {
        "challenge": clip(facts.get("challenge", "?")),
        "deal": facts.get("deal", "?"),
        "field": clip(facts.get("field", "?")),
        "setting": clip(facts.get("setting", "?")),
        "value": clip(facts.get("value", "?")),
        "zone": clip(facts.get("zone", "?")),
        "game": clip(facts.get("game", "?")),
        "when": f"<t:{int(facts.get('closes_at', 0))}:f>",
        "card": "?",
        "suit": "?",
        "why": "",
    }
    card = facts.get("card")
    if isinstance(card, Card):
        values["card"] = card_text(card, locale)
    suit = facts.get("suit")
    if isinstance(suit, Suit):
        values["suit"] = t(f"common.suit.{suit.letter}", locale)
    reason = facts.get("reason")
    if isinstance(reason, IllegalReason):
        values["why"] = mid_sentence(reason_text(reason, locale))
    return t(REFUSALS.key(error.code), locale, **values)


REFUSALS = Refusals(ChallengeError, ChallengeCode, "challenge.err.", error_text)
