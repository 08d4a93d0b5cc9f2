"""The picture of the table that the public message carries (docs/table-ux.md 2.2).

The picture (`bot/pictures/table.py`, the public view: seat 1 at the bottom) is drawn and
attached at two kinds of moment, in the edit the publisher makes anyway: when a trick is
complete (the trick just taken lies on the table until the next card) and when a hand has
ended (the score pad's new totals; also the first edit after a restart, and the final one,
which the finished and the closed table show too). Between those moments the message keeps
the picture it has, so it does not jump as cards are played; the text beside it tells the
trick being played, and a caption under the picture names the trick (or the hand's score)
it shows once the table has moved on. The picture marks no turn then: the gold frame of
the seat to act is drawn only while the trick it shows is in progress. An edit that finds
the next trick under way without a picture of the trick before it (cards played faster
than the message is edited) draws that trick taken (`drawn_state`). A picture costs more
CPU than the rest of a click, so the publisher draws at most a few a second for all tables
(`publisher.PICTURE_RATE`), hands' ends first: under load a trick may go without one, and
then a picture more than a trick behind the words is taken off (`picture_kept`) rather
than kept. `ShownPicture` names the attached file and its alt text (what a screen reader
says instead of it); the message keeps the same facts in words.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.engine import DriemansPhase, Phase, TweemansPhase
from bot.tables import PublicTable, Status
from cogs.tables.ui_text import shown_trick

__all__ = [
    "PICTURE_FILE",
    "Moment",
    "ShownPicture",
    "drawn_state",
    "picture_due",
    "picture_kept",
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
        return self.trick == (public.hands_scored, public.trick_number - 1)


def taken_trick_shown(public: PublicTable) -> tuple[int, int] | None:
    """The taken trick a picture drawn at `public` shows, as `ShownPicture.trick` keeps it."""
    trick = shown_trick(public)
    if trick is None or not trick.taken:
        return None
    return public.hands_scored, trick.number


@dataclass(frozen=True, slots=True)
class Moment:
    """What a picture was drawn for: the hands scored by then, and the tricks taken in the
    hand being played (0: the picture of a hand's end)."""

    hands: int
    tricks: int


# The phases in which tricks are played (and a trick just taken lies on the table).
_PLAYING = frozenset(
    {Phase.PLAY, Phase.CLAIM, DriemansPhase.PLAY, TweemansPhase.PLAY, TweemansPhase.CLAIM}
)


def picture_due(public: PublicTable, shown: Moment | None) -> Moment | None:
    """The moment to draw a new picture for now, if any, given the one the message shows:
    a hand ended since (or the message has none yet, once a hand is scored: so a table
    closed after the publisher forgot its finished match gets its final picture again), or
    a trick taken that the picture does not show yet: just taken, or taken while the
    message was not edited (cards played quickly, or edits spaced at Discord's pace) and
    the next trick under way, so that the picture is at most a trick behind the words."""
    if public.status == Status.LOBBY:
        return None
    hands = public.hands_scored
    if hands and (shown is None or shown.hands < hands):
        return Moment(hands, 0)
    taken = (
        public.status == Status.PLAYING
        and public.phase in _PLAYING
        and public.last_trick is not None
    )
    moment = Moment(hands, public.trick_number - 1)
    if taken and moment != shown:
        return moment
    return None


def drawn_state(public: PublicTable) -> PublicTable:
    """The state a picture drawn now shows: `public`, except while a trick is under way
    after one of the hand was taken, when it shows the trick taken last (and no turn), as
    a picture drawn between the two would have: a picture of the trick in progress would
    be out of date at the next card."""
    if not public.trick or public.last_trick is None:
        return public
    return dataclasses.replace(public, trick=(), trick_leader=None, trick_winner=None)


def picture_kept(shown: Moment | None, public: PublicTable) -> bool:
    """Whether the picture drawn at `shown` may stay beside `public` (with its caption):
    one of this hand (an earlier hand's is not kept beside a new one) that shows the trick
    the words show or the one before, never one further back (its trick was taken, or the
    hand began, before the trick taken last)."""
    if shown is None or shown.hands != public.hands_scored:
        return False
    trick = shown_trick(public)
    return trick is None or shown.tricks >= trick.number - 1
