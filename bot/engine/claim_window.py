"""The roem claim window every game's hand shares (docs/rules.md 2.6): after a trick is
taken, its roem may be claimed until the next card is played, and after the last trick
until the hand is finished; the hand is scored when the last window closes.

``ClaimWindow`` is a mixin of the three hands (``Hand``, ``DriemansHand``, ``TweemansHand``):
each says which side a seat claims for (``_on_side``) and scores itself (``_score``), and
names its phases with the values here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Generic, Protocol, TypeVar

from .cards import Card
from .errors import ErrorCode, RuleViolation
from .roem import Roem
from .rules import RuleSet
from .tricks import LAST_TRICK_BONUS

PLAY: Final = "play"
"""The phase value of playing tricks, in every game's phases."""
CLAIM: Final = "claim"
"""The phase value of the last trick's claim window, in every game's phases."""


class ClaimedTrick(Protocol):
    """What a claim marks on a taken trick."""

    roem: Roem
    claimed: bool
    claimer: int | None


TrickT = TypeVar("TrickT", bound=ClaimedTrick)
ScoreT = TypeVar("ScoreT")


class ClaimWindow(Generic[TrickT, ScoreT]):
    """The claim window of a hand with these fields (the hand's dataclass holds them)."""

    rules: RuleSet
    phase: str
    current: list[Card]
    tricks: list[TrickT]
    roem: list[int]
    points: list[int]
    won: list[int]

    @property
    def last_trick(self) -> TrickT | None:
        """The trick taken most recently, if any."""
        return self.tricks[-1] if self.tricks else None

    @property
    def claim_open(self) -> bool:
        """A claim window: the last trick is turned over only when the next card is played."""
        return (
            self._claims
            and bool(self.tricks)
            and not self.current
            and (self.phase == PLAY or self.phase == CLAIM)
        )

    @property
    def claimable(self) -> bool:
        """The claim window is open and its trick's roem is not claimed yet (whether the
        trick holds roem is not told: claiming is the test)."""
        trick = self.last_trick
        return self.claim_open and trick is not None and not trick.claimed

    def may_claim(self, seat: int) -> bool:
        """Whether a claim applies to `seat` now: the window is open on a trick its side
        took and nobody claimed yet (whether it holds roem is ``claim_refusal``'s)."""
        trick = self.last_trick
        return self.claimable and trick is not None and self._on_side(seat, trick)

    def claim_refusal(self, seat: int) -> ErrorCode | None:
        """The code ``claim(seat)`` would refuse with now, or None when it would succeed;
        the one place the claim rules live (front ends and timers ask, never re-check):
        a seat claims the roem of a trick its side took, while its window is open."""
        if self.rules.roem_claiming != "manual":
            return ErrorCode.CLAIMS_AUTOMATIC
        trick = self.last_trick
        if not self.claim_open or trick is None:
            return ErrorCode.NO_CLAIM_WINDOW
        if not self._on_side(seat, trick):
            return ErrorCode.WRONG_PAIR
        if trick.claimed:
            return ErrorCode.ALREADY_CLAIMED
        if not trick.roem:
            return ErrorCode.NO_ROEM
        return None

    def finish(self) -> ScoreT:
        """Close the last trick's claim window and score the hand."""
        self._require(CLAIM)
        return self._score()

    def _counts_dict(self) -> dict[str, Any]:
        """What the taken tricks counted per side, for a snapshot: card points, roem and
        tricks won (read back by `_read_counts`)."""
        return {"points": list(self.points), "roem": list(self.roem), "won": list(self.won)}

    def _read_counts(self, data: Mapping[str, Any]) -> None:
        """Restore what `_counts_dict` wrote."""
        self.points, self.roem = list(data["points"]), list(data["roem"])
        self.won = list(data["won"])

    @property
    def _claims(self) -> bool:
        """Whether trick roem is claimed by hand at this table (not counted automatically)."""
        return self.rules.roem_claiming == "manual"

    def _count_taken(self, trick: TrickT, side: int) -> None:
        """`side` took `trick`: its roem is counted at once where claims are automatic;
        after the last trick, its bonus, then the last claim window (the hand is scored at
        once where nobody claims by hand)."""
        if self.rules.roem_claiming == "automatic" and trick.roem:
            trick.claimed = True
            self.roem[side] += trick.roem.points
        if len(self.tricks) == self.rules.seating.tricks_per_hand:
            self.points[side] += LAST_TRICK_BONUS
            self.phase = type(self.phase)(CLAIM)  # the member of the game's own phases
            if not self._claims:
                self._score()

    def _credit_claim(self, trick: TrickT, claimer: int, side: int) -> Roem:
        """A claim found valid: `trick`'s roem goes to `side`; the claim on the last trick
        closes its window and scores the hand."""
        trick.claimed, trick.claimer = True, claimer
        self.roem[side] += trick.roem.points
        if self.phase == CLAIM:
            self._score()
        return trick.roem

    def _require(self, phase: str) -> None:
        """``wrong_phase`` unless the hand is in `phase`."""
        if self.phase != phase:
            message = f"not possible during {self.phase}"
            raise RuleViolation(ErrorCode.WRONG_PHASE, message, phase=self.phase)

    def _on_side(self, seat: int, trick: TrickT) -> bool:
        """Whether `seat` (at two players: the player) is on the side that took `trick`."""
        raise NotImplementedError

    def _score(self) -> ScoreT:
        """Score the hand (its phase becomes done)."""
        raise NotImplementedError
