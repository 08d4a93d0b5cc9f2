"""The analysis refusals, and the one mapping from their codes to sentences
(``analysis.err.<code>``); `REFUSALS` is what the common guard knows of them."""

from __future__ import annotations

from bot.analysis import AnalysisCode, AnalysisError
from cogs.common.refusals import Refusals
from cogs.common.text import t

__all__ = ["REFUSALS", "error_text"]


def error_text(error: AnalysisError, locale: str) -> str:
    """The sentence for an analysis refusal in `locale`."""
    facts = error.facts
    return t(
        REFUSALS.key(error.code),
        locale,
        hand=facts.get("hand", "?"),
        count=facts.get("count", 0),
        minutes=facts.get("minutes", "?"),
        game=facts.get("game", "?"),
    )


REFUSALS = Refusals(AnalysisError, AnalysisCode, "analysis.err.", error_text)
