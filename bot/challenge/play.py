"""A member's moves in a challenge: start it, name or pass trump, play a card.

Every move is checked (`challenge` known and of this server, still open, the member's
deal and move count the ones their button was drawn for), applied to the deal by the
engine, followed by the computers' replies until the member is to decide again (or the
deal is scored, when the next deal is dealt and its computers act first where they lead),
and committed in one transaction before the answer. A refusal changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import Action, Card, ChooseTrump, Hand, PassTrump, PlayCard, RuleViolation, Suit
from bot.store.challenge_records import EntryMoved, EntryWrite, StoredDeal, StoredEntry
from bot.store.interface import ChallengeStore

from .access import ChallengeAccess
from .arguments import checked
from .challenge import Challenge
from .computers import Finished, Replies, finished
from .deals import PLAYER_SEAT
from .errors import ChallengeCode, ChallengeError, passed_on
from .readmodels import DealOutcome, Move, PlayView, challenge_info, deal_view, moves_of

__all__ = ["PlayOperations"]


class PlayOperations:
    """The member's operations; `ChallengeService` provides the parts."""

    store: ChallengeStore
    access: ChallengeAccess
    replies: Replies
    now: Callable[[], float]
    _players: dict[int, int]

    @checked
    async def start(
        self, challenge_id: int, user_id: int, name: str, guild_id: int | None = None
    ) -> PlayView:
        """Start the challenge for ``user_id`` (shown as ``name``, cleaned and cut to
        `NAME_MAX`): their first deal, with
        what the computers do before their first decision. Starting again answers where
        they are (nothing changes)."""
        async with self.access.member(challenge_id, user_id):
            challenge = await self.access.challenge(challenge_id, guild_id)
            entry = await self.store.entry(challenge_id, user_id)
            if entry is not None:
                return self._view(challenge, entry, entry_hand(challenge, entry))
            self.access.require_open(challenge)
            now = self.now()
            new = StoredEntry(challenge.id, user_id, name, 1, (), 0, now, now)
            return await self._advance(challenge, new, None, -1)

    @checked
    async def play(
        self,
        challenge_id: int,
        user_id: int,
        deal: int,
        seq: int,
        card: Card,
        guild_id: int | None = None,
    ) -> PlayView:
        """Play ``card`` in deal ``deal`` at move ``seq`` (what the button carried)."""
        return await self._move(
            challenge_id, user_id, deal, seq, PlayCard(PLAYER_SEAT, card), guild_id
        )

    @checked
    async def bid(
        self,
        challenge_id: int,
        user_id: int,
        deal: int,
        seq: int,
        suit: Suit | None,
        guild_id: int | None = None,
    ) -> PlayView:
        """Name ``suit`` as trump, or pass (None), in deal ``deal`` at move ``seq``."""
        action: Action = PassTrump(PLAYER_SEAT) if suit is None else ChooseTrump(PLAYER_SEAT, suit)
        return await self._move(challenge_id, user_id, deal, seq, action, guild_id)

    async def _move(
        self,
        challenge_id: int,
        user_id: int,
        deal: int,
        seq: int,
        action: Action,
        guild_id: int | None,
    ) -> PlayView:
        async with self.access.member(challenge_id, user_id):
            challenge = await self.access.challenge(challenge_id, guild_id)
            self.access.require_open(challenge)
            entry = await self.store.entry(challenge_id, user_id)
            if entry is None:
                raise ChallengeError(ChallengeCode.NOT_STARTED)
            _check_place(challenge, entry, deal, seq)
            return await self._advance(challenge, entry, action, entry.seq)

    async def _advance(
        self, challenge: Challenge, entry: StoredEntry, action: Action | None, expected: int
    ) -> PlayView:
        """Apply the member's ``action`` (None: none, as at the start), the computers'
        replies, and commit (``expected``: the stored move count, -1 for a new entry)."""
        hand = challenge.play(entry.deal, entry.actions).hand()
        actions = list(entry.actions)
        if action is not None:
            try:
                hand.apply(action)
            except RuleViolation as error:
                raise passed_on(error) from None
            actions.append(action.to_dict())
        replies = await self._replies(challenge, entry.deal, hand, actions)
        number, scored, done = entry.deal, None, None
        shown: Hand | None = hand
        result = finished(hand)
        if result is not None:
            scored = DealOutcome(number, result, deal_view(number, hand).last_trick)
            done = _deal_record(challenge, entry, number, result, actions, self.now())
            number, actions, shown = number + 1, [], None
            if number <= challenge.deals:  # the next deal: the computers act up to the member
                shown = challenge.play(number).hand()
                replies += await self._replies(challenge, number, shown, actions)
        moved = StoredEntry(
            entry.challenge_id,
            entry.user_id,
            entry.name,
            number,
            tuple(actions),
            entry.seq + 1,
            entry.started_at,
            self.now(),
        )
        try:
            await self.store.save(EntryWrite(moved, expected, done))
        except EntryMoved:
            raise ChallengeError(ChallengeCode.STALE) from None
        if expected < 0:
            self._players[challenge.id] = self._players.get(challenge.id, 0) + 1
        return self._view(challenge, moved, shown, moves_of(replies), scored)

    async def _replies(
        self, challenge: Challenge, number: int, hand: Hand, actions: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """The computers' actions on deal ``number`` until the member is to decide (or the
        deal is scored), applied to ``hand`` and appended to ``actions``."""
        replies = await self.replies.play_out(
            challenge.play(number, tuple(actions)), hand, PLAYER_SEAT
        )
        actions += replies
        return replies

    def _view(
        self,
        challenge: Challenge,
        entry: StoredEntry | None,
        hand: Hand | None,
        moves: tuple[Move, ...] = (),
        scored: DealOutcome | None = None,
    ) -> PlayView:
        """The member's place after a committed (or no) change."""
        info = challenge_info(challenge, self._players.get(challenge.id, 0), self.now())
        if entry is None:
            return PlayView(info, False, 1, 0, None)
        shown = None if hand is None else deal_view(entry.deal, hand)
        return PlayView(info, True, entry.deal, entry.seq, shown, moves, scored)


def entry_hand(challenge: Challenge, entry: StoredEntry) -> Hand | None:
    """The member's deal in play, as it stands; None once every deal is played."""
    if entry.deal > challenge.deals:
        return None
    return challenge.play(entry.deal, entry.actions).hand()


def _check_place(challenge: Challenge, entry: StoredEntry, deal: int, seq: int) -> None:
    """Refuse a button drawn for another moment: every deal played (`finished`), a deal
    already played (`deal_played`), or an earlier (or forged) move count (`stale`)."""
    if entry.deal > challenge.deals:
        raise ChallengeError(ChallengeCode.FINISHED)
    if deal < entry.deal:
        raise ChallengeError(ChallengeCode.DEAL_PLAYED, deal=deal)
    if deal != entry.deal or seq != entry.seq:
        raise ChallengeError(ChallengeCode.STALE)


def _deal_record(
    challenge: Challenge,
    entry: StoredEntry,
    number: int,
    result: Finished,
    actions: list[dict[str, Any]],
    at: float,
) -> StoredDeal:
    """The member's finished deal as the store keeps it."""
    return StoredDeal(
        challenge.id,
        entry.user_id,
        entry.name,
        number,
        result.score,
        result.against,
        result.makers,
        result.trump,
        result.nat,
        tuple(actions),
        at,
    )
