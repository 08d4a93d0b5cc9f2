"""The picture of the table that the public message carries (docs/table-ux.md 2.2).

The picture (`bot/pictures/table.py`, the public view: seat 1 at the bottom) is drawn and
attached at two kinds of moment, in the edit the publisher makes anyway: when a trick is
complete (the trick just taken lies on the table until the next card) and when a hand has
ended (the score pad's new totals; also the first edit after a restart, and the final one,
which the finished and the closed table show too). Between those moments the message keeps
the picture it has, so it does not jump as cards are played; the text beside it tells the
trick being played, and a caption under the picture names the trick (or the hand's score)
it shows once the table has moved on. The picture marks no turn then: the gold frame of
the seat to act is drawn only while the trick it shows is in progress (a picture drawn
mid-trick, after a restart). A picture costs more CPU than the rest of a click, so the
publisher draws at most a few a second for all tables (`publisher.PICTURE_RATE`), hands'
ends first: under load some tricks go without one. `ShownPicture` names the attached file
and its alt text (what a screen reader says instead of it); the message keeps the same
facts in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Phase
from bot.tables import PublicTable, Status
from cogs.tables.ui_text import shown_trick

__all__ = [
    "PICTURE_FILE",
    "Moment",
    "ShownPicture",
    "of_this_hand",
    "picture_due",
    "taken_trick_shown",
]

PICTURE_FILE = "table.png"


@dataclass(frozen=True, slots=True)
class ShownPicture:
    """A picture of the table on its message: the attached file's name, its alt text, the
    caption naming what it shows ("In the picture: trick 3 · taken by Bob") and the state
    it was drawn for (`PublicTable.seq`): once the table has moved on, the message shows
    the caption under it, so the picture never seems to say what the words beside it do
    not (docs/table-ux.md 2.2)."""

    filename: str
    description: str
    caption: str = ""
    seq: int = -1
    trick: tuple[int, int] | None = None  # the taken trick it shows: (hands scored, number)

    def caption_for(self, public: PublicTable) -> str:
        """The caption to show beside `public`: none while the table is as drawn."""
        return "" if public.seq == self.seq else self.caption

    def shows_last_trick(self, public: PublicTable) -> bool:
        """Whether the picture shows the last trick taken at `public` (what the words of a
        claim window and the Previous trick button would repeat)."""
        if public.last_trick is None or self.trick is None:
            return False
        return self.trick == (len(public.sheet), public.trick_number - 1)


def taken_trick_shown(public: PublicTable) -> tuple[int, int] | None:
    """The taken trick a picture drawn at `public` shows, as `ShownPicture.trick` keeps it."""
    trick = shown_trick(public)
    if trick is None or not trick.taken:
        return None
    return len(public.sheet), trick.number


@dataclass(frozen=True, slots=True)
class Moment:
    """What a picture was drawn for: the hands scored by then, and the tricks taken in the
    hand being played (0: the picture of a hand's end)."""

    hands: int
    tricks: int


def picture_due(public: PublicTable, shown: Moment | None) -> Moment | None:
    """The moment to draw a new picture for now, if any, given the one the message shows:
    a hand ended since (or the message has none yet, once a hand is scored: so a table
    closed after the publisher forgot its finished match gets its final picture again), or
    a trick just taken that the picture does not show yet."""
    if public.status == Status.LOBBY:
        return None
    hands = len(public.sheet)
    if hands and (shown is None or shown.hands < hands):
        return Moment(hands, 0)
    taken = (
        public.status == Status.PLAYING
        and public.phase in (Phase.PLAY, Phase.CLAIM)
        and not public.trick
        and public.last_trick is not None
    )
    moment = Moment(hands, public.trick_number - 1)
    if taken and moment != shown:
        return moment
    return None


def of_this_hand(shown: Moment | None, public: PublicTable) -> bool:
    """Whether the picture drawn at `shown` belongs to the hand `public` is in (no hand has
    ended since): a picture of an earlier hand is not kept beside a new one."""
    return shown is not None and shown.hands == len(public.sheet)
