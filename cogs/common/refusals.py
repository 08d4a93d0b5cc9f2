"""What a feature's refusals are, declared once per feature: the one mapping from a code to
its sentence.

Every feature refuses with a `bot.engine.errors.Refusal` (a code of the feature's StrEnum
and the facts behind it) and describes its refusals once, as a `Refusals` in its
cogs/<feature>/errors.py: which class it raises, which StrEnum its codes come from, where
their sentences are in the catalogue (`<feature>.err.<code>`) and how the facts fill one.
The guard every command and click runs in (`cogs.common.replies.guarded`) answers a
refusal with it; tests/cogs/test_refusals.py checks every code has its sentence in every
language. A leaf module (nothing of cogs/ imported), so a feature's errors.py stays shallow.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, TypeVar

from bot.engine.errors import Refusal

__all__ = ["Refusals"]

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
