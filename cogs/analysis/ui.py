"""The answer to Analyse: a few short lines, each at most 36 columns (a phone), the cards
drawn as in the hand (their picture where the bot has it, the text in bold)."""

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
    if valued.trick == 0:
        head = t("analysis.trump", locale, chosen=chosen)
    else:
        head = t("analysis.trick", locale, trick=valued.trick, chosen=chosen)
    points = round(valued.cost)
    best = choice_text(valued.best, locale, emojis)
    # A hand's points stay below 1,000, written alike in every locale (no grouping).
    worse = t("analysis.worse", locale, points=points, best=best)
    return [head, worse]


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
