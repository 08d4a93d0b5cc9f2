"""The answer to Analyse: a few short lines, each at most 36 columns (a phone), the cards
drawn as in the hand (their picture where the bot has it, the text in bold); under each
trick's decision the trick as the player found it (the cards already on the table)."""

from __future__ import annotations

from bot.analysis import Analysis, Choice, Valued
from bot.client import CardEmojis
from bot.engine import Card, Suit
from cogs.common.text import face_of, suit_text, t

__all__ = ["analysis_text", "choice_text"]


def choice_text(choice: Choice, locale: str, emojis: CardEmojis) -> str:
    """A card as the hand draws it, a suit as its symbol and word, or passing."""
    if isinstance(choice, Card):
        return face_of(choice, locale, emojis).inline
    if isinstance(choice, Suit):
        return f"**{suit_text(choice, locale)}**"
    return f"**{t('analysis.pass', locale)}**"


def _decision(valued: Valued, locale: str, emojis: CardEmojis) -> list[str]:
    chosen = choice_text(valued.chosen, locale, emojis)
    points = round(valued.cost)
    best = choice_text(valued.best, locale, emojis)
    # A hand's points stay below 1,000, written alike in every locale (no grouping).
    worse = t("analysis.worse", locale, points=points, best=best)
    if valued.trick == 0:
        return [t("analysis.trump", locale, chosen=chosen), worse]
    head = t("analysis.trick", locale, trick=valued.trick, chosen=chosen)
    return [head, f"-# {_trick_so_far(valued, locale, emojis)}", worse]


def _trick_so_far(valued: Valued, locale: str, emojis: CardEmojis) -> str:
    """The trick as the player found it: the cards already on the table, or their lead."""
    if not valued.table:
        return t("analysis.led", locale)
    cards = " ".join(face_of(card, locale, emojis).inline for card in valued.table)
    return t("analysis.on_table", locale, cards=cards)


def analysis_text(answer: Analysis, locale: str, emojis: CardEmojis) -> str:
    """The whole answer: the title, the costliest decisions (or a well played), and how
    they were valued."""
    lines = [f"**{t(f'analysis.title.{answer.kind}', locale, hand=answer.hand)}**"]
    if answer.costly:
        lines.append(t("analysis.costliest", locale, decisions=answer.decisions))
        for valued in answer.costly:
            lines += _decision(valued, locale, emojis)
    else:
        lines.append(t("analysis.none", locale, decisions=answer.decisions))
    lines.append(f"-# {t('analysis.footer', locale)}")
    return "\n".join(lines)
