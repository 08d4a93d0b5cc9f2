"""A refusal of the rules commands: input they cannot use, as a sentence in the user's language."""

from __future__ import annotations

from typing import Any

from cogs.common.text import t

__all__ = ["InputProblem"]


class InputProblem(Exception):
    """A user's input the command cannot use: a catalogue key and its values.

    `option` is the catalogue key of the option's (localised) name, so the message names
    the option as the user sees it in their client.
    """

    def __init__(self, key: str, *, option: str | None = None, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.option = option
        self.values = values

    def render(self, locale: object) -> str:
        values = dict(self.values)
        if self.option is not None:
            values["option"] = t(self.option, locale)
        return t(self.key, locale, **values)
