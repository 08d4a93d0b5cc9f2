"""The one guard every click and command runs in: a refusal becomes its sentence, anything
unexpected an error code.

Every feature refuses with a `bot.engine.errors.Refusal` (a code of the feature's StrEnum
and the facts behind it) and describes its refusals once, as a `Refusals` in its
cogs/<feature>/errors.py: which class it raises, which StrEnum its codes come from, where
their sentences are in the catalogue (`<feature>.err.<code>`) and how the facts fill one.
`guarded` runs the work; a refusal of the feature's class is answered privately in the
user's language (or as the feature's `answer` says: the tables answer inside the hand
message a click came from), and anything else gets the error-code reply of
cogs/common/replies.py. A refusal of another feature's class is not the user's doing here
(a league command that meets a table's refusal): it is reported as unexpected.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, TypeVar

import discord

from bot.engine.errors import Refusal
from cogs.common.locales import note_guild_locale
from cogs.common.replies import report_unexpected_error, send_ephemeral
from cogs.common.text import locale_of

__all__ = ["Refusals", "guarded"]

log = logging.getLogger(__name__)

E = TypeVar("E", bound=Refusal[Any])


@dataclass(frozen=True)
class Refusals(Generic[E]):
    """One feature's refusals: the class it raises (`kind`), the StrEnum of its codes
    (`codes`), the catalogue key of a code's sentence (`prefix` + code), and `text`, the
    sentence for one refusal in a locale."""

    kind: type[E]
    codes: type[StrEnum]
    prefix: str
    text: Callable[[E, str], str]

    def key(self, code: StrEnum) -> str:
        """The catalogue key of `code`'s sentence: the only place a feature's codes are
        turned into keys."""
        return f"{self.prefix}{code}"

    async def answer(self, interaction: discord.Interaction[Any], error: E) -> None:
        """The refusal's sentence, privately, in the user's language."""
        await send_ephemeral(interaction, self.text(error, locale_of(interaction)))


@asynccontextmanager
async def guarded(
    interaction: discord.Interaction[Any],
    where: str,
    refusals: Refusals[E],
    answer: Callable[[E], Awaitable[None]] | None = None,
) -> AsyncIterator[None]:
    """Run the body for `interaction`: a refusal of `refusals.kind` is answered with its
    sentence (by `answer` when given, else privately), anything else is logged and
    answered with an error code naming `where` (e.g. "/night open", "button sit")."""
    note_guild_locale(interaction)
    try:
        yield
    except refusals.kind as error:
        log.debug("refused %s: %r", where, error)
        await (answer(error) if answer is not None else refusals.answer(interaction, error))
    except Exception as error:
        await report_unexpected_error(interaction, error, where=where)
