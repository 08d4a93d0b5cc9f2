"""The picture of the table that the public message carries (docs/table-ux.md 2.2).

The picture (`bot/pictures/table.py`, the public view: seat 1 at the bottom) is drawn and
attached at two moments only, to spend little: when a trick is complete (the trick just
taken lies on the table until the next card) and when a hand ends (the score pad's new
totals, while the next trump is chosen; and the final one). Between those moments the
message keeps the picture it has, so it does not jump as cards are played; the text beside
it tells the trick being played. `ShownPicture` names the attached file and its alt text
(what a screen reader says instead of it); the message keeps the same facts in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Phase
from bot.tables import PublicTable, Status

__all__ = ["PICTURE_FILE", "ShownPicture", "picture_moment"]

PICTURE_FILE = "table.png"


@dataclass(frozen=True, slots=True)
class ShownPicture:
    """A picture of the table on its message: the attached file's name, and its alt text."""

    filename: str
    description: str


def picture_moment(public: PublicTable) -> tuple[int, int] | None:
    """(hand, trick) when `public` is a moment the picture is drawn for: a trick just
    taken (its number), or a hand just ended (trick 9: the hand's eight tricks are done);
    None between those moments. Each moment is drawn once."""
    if public.status == Status.FINISHED and public.sheet:
        return len(public.sheet), 9
    if public.status != Status.PLAYING:
        return None
    if public.phase in (Phase.PLAY, Phase.CLAIM) and not public.trick and public.last_trick:
        return public.hand_number, public.trick_number - 1
    if public.phase == Phase.TRUMP and len(public.sheet) == public.hand_number - 1 > 0:
        return len(public.sheet), 9
    return None
