"""The picture of the table that the public message may carry (docs/table-ux.md 2.2).

`ShownPicture` names the file a message shows and its alt text (what a screen reader says
instead of it); the message itself keeps the same facts in words.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ShownPicture"]


@dataclass(frozen=True, slots=True)
class ShownPicture:
    """A picture of the table on its message: the attached file's name, and its alt text."""

    filename: str
    description: str
