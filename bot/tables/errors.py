"""The table service's refusals: one exception type with a stable code and the facts.

Front ends translate ``code`` into the user's language; ``facts`` carry what the message
needs (the seat taken, the suit to follow, whose turn it is). A refusal changes nothing.
"""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    def __init__(self, code: str, message: str = "", **facts: Any) -> None:
        super().__init__(message or code)
        self.code = code
        self.facts = facts

    def __repr__(self) -> str:
        return f"TableError({self.code!r}, {self.facts!r})"
