"""The league's refusals: a stable code and the facts behind it.

Shaped like the engine's RuleViolation (``code`` + ``facts``) so a front end maps every
refusal, whether the league's own or an engine rule the league passed on, to one text.
A ValueError: a refusal is always about a value the caller gave.
"""

from __future__ import annotations

from typing import Any

__all__ = ["LeagueError"]


class LeagueError(ValueError):
    """A league operation refused; ``code`` is stable, ``facts`` say why."""

    def __init__(self, code: str, message: str = "", **facts: Any) -> None:
        super().__init__(message or code)
        self.code = code
        self.facts = facts
