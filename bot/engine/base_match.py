"""What every game's match shares: hands dealt from one seed, an action applied to the hand in
play and a scored hand closed into the sheet, the end of the match, replay and snapshots.

A match is a pure function of its rule set, seed and accepted actions: hand ``n`` is dealt
from a generator seeded by the match seed and the hand number, so replaying the action log
(or dealing the same seed at another table, as duplicate leagues do) gives the same cards.
Each game's match (``Match``, ``DriemansMatch``, ``TweemansMatch``) names its hand, its sheet
line and its actions, and keeps only what its game does differently.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from .errors import ErrorCode, RuleViolation
from .rules import RuleSet
from .sheets import match_over


class GameHand(Protocol):
    """What a match asks of its game's hand: deal it, snapshot, restore and copy it, and
    whether it is scored."""

    @property
    def result(self) -> object | None:
        """The hand's score once it is scored."""
        ...

    @classmethod
    def deal(cls, rules: RuleSet, dealer: int, rng: random.Random) -> Self:
        """Shuffle with `rng` and deal."""
        ...

    @classmethod
    def from_dict(cls, rules: RuleSet, data: dict[str, Any]) -> Self:
        """The hand `to_dict` wrote."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The hand as JSON-ready values."""
        ...

    def copy(self) -> Self:
        """The same state, everything mutable new."""
        ...


class GameLine(Protocol):
    """What a match asks of its game's sheet line: the scores it adds to the totals and its
    plain form."""

    @property
    def scores(self) -> tuple[int, ...]:
        """The score of each seat (or pair, or player) the line adds to the totals."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types."""
        ...

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """The line `to_dict` wrote."""
        ...


class PlainLine:
    """A sheet line (a frozen dataclass) whose snapshot is its fields in order, tuples
    written as lists: the three- and two-player sheets."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON types."""
        return {name: _plain(getattr(self, name)) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The line `to_dict` wrote."""
        return cls(**{name: _tupled(data[name]) for name in cls.__dataclass_fields__})


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def _tupled(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


HandT = TypeVar("HandT", bound=GameHand)
LineT = TypeVar("LineT", bound=GameLine)
ActionT = TypeVar("ActionT")
ResultT = TypeVar("ResultT")
EndT = TypeVar("EndT")


class BaseMatch(Generic[HandT, LineT, ActionT, ResultT, EndT]):
    """A match: hands dealt from one seed until the planned hands are played or a total
    reaches the target score, with its score sheet and totals (one a seat, pair or player,
    as the game's sheet lines score). ``hand_type`` and ``line_type`` name the game's hand
    and sheet line; ``action_of``, ``_act``, ``_line_of`` and ``_result_of`` are its own."""

    hand_type: type[HandT]
    line_type: type[LineT]

    def __init__(self, rules: RuleSet, seed: str, first_dealer: int | None = None) -> None:
        self.rules = rules
        self.seed = str(seed)
        if first_dealer is None:
            draw = random.Random(f"{self.seed}/first-dealer")
            first_dealer = draw.randrange(rules.seating.deals_per_round)
        self.first_dealer = self._first_dealer(first_dealer)
        self.sheet: list[LineT] = []
        self._sheet_cache: list[tuple[LineT, dict[str, Any]]] = []  # see _sheet_dicts
        self.totals = [0 for _ in self._scorers()]
        self.planned_hands: int | None = rules.match_hands
        self.extended = False  # the tie's extra hands are being played
        self.result: EndT | None = None
        self.actions: list[ActionT] = []
        self.hand: HandT | None = self._deal(1)

    # ----------------------------------------------------------------- the game's own
    @staticmethod
    def action_of(data: Mapping[str, Any]) -> ActionT:
        """One logged action of this game, read from its stored dict form."""
        raise NotImplementedError

    def _act(self, hand: HandT, action: ActionT) -> ResultT:
        """Apply `action` to the hand in play; a `RuleViolation` (nothing changed) if refused."""
        raise NotImplementedError

    def _line_of(self, hand: HandT) -> LineT:
        """The sheet line of a scored hand."""
        raise NotImplementedError

    def _result_of(self, totals: list[int]) -> EndT:
        """The end of the match at these totals."""
        raise NotImplementedError

    def _first_dealer(self, seat: int) -> int:
        """The first dealer a match is asked to start with, as a seat of its table."""
        return self.rules.seating.seat(seat)

    def _scorers(self) -> tuple[int, ...]:
        """Who the totals and sheet lines score: the sides (pairs, or the two players)."""
        return self.rules.seating.side_numbers

    def _deal_seed(self, number: int) -> str:
        """What hand `number` is dealt from."""
        return f"{self.seed}/hand/{number}"

    def _game_fields(self) -> dict[str, Any]:
        """The game's own fields of a snapshot (read back by `_read_game_fields`)."""
        return {}

    def _read_game_fields(self, data: Mapping[str, Any]) -> None:
        """Restore the fields `_game_fields` wrote."""

    # ----------------------------------------------------------------- read models
    @property
    def hand_number(self) -> int:
        """1-based number of the hand being played (or of the last one, once finished)."""
        return len(self.sheet) + (1 if self.hand is not None else 0)

    @property
    def finished(self) -> bool:
        """Whether the match has a result."""
        return self.result is not None

    def dealer_of(self, number: int) -> int:
        """The seat (at two players: the player) that deals hand `number` (1-based)."""
        return self.rules.seating.dealer_of(self.first_dealer, number)

    # ----------------------------------------------------------------- actions
    def apply(self, action: ActionT) -> ResultT:
        """Apply one action to the current hand; a scored hand is written on the sheet and
        the next one dealt (or the match ends)."""
        hand = self.hand
        if hand is None:
            raise RuleViolation(ErrorCode.MATCH_OVER, "the match is over")
        result = self._act(hand, action)
        self.actions.append(action)
        if hand.result is not None:
            self._close_hand(hand)
        return result

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seed: str,
        first_dealer: int | None,
        log: Iterable[Mapping[str, Any]],
    ) -> Self:
        """The match after the logged actions, in their stored dict form (the action log)."""
        match = cls(rules, seed, first_dealer)
        for data in log:
            match.apply(cls.action_of(data))
        return match

    # ----------------------------------------------------------------- internals
    def _deal(self, number: int) -> HandT:
        rng = random.Random(self._deal_seed(number))
        return self.hand_type.deal(self.rules, self.dealer_of(number), rng)

    def _close_hand(self, hand: HandT) -> None:
        """Write the scored `hand` on the sheet; deal the next hand or end the match. The
        match ends at its planned number of hands or when a total reaches the target,
        whichever comes first (a rule set may have one end or both). A tie at the end
        under ``extra_hands`` plays one more round of deals once, whatever the totals do
        meanwhile; a tie after them is shared (docs/decisions.md)."""
        line = self._line_of(hand)
        self.sheet.append(line)
        self.totals = [t + s for t, s in zip(self.totals, line.scores, strict=True)]
        self.hand = None
        over, self.planned_hands, self.extended = match_over(
            len(self.sheet),
            self.planned_hands,
            self.totals,
            self.rules.target_score,
            self.extended,
            self.rules.tie_break,
            self.rules.seating.deals_per_round,
        )
        if over:
            self.result = self._result_of(self.totals)
        else:
            self.hand = self._deal(len(self.sheet) + 1)

    # ----------------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-ready values: rules, seed, sheet, totals and the hand in play
        (the action log is kept apart)."""
        return {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "sheet": self._sheet_dicts(),
            "totals": list(self.totals),
            "planned_hands": self.planned_hands,
            "extended": self.extended,
            **self._game_fields(),
            "hand": None if self.hand is None else self.hand.to_dict(),
        }

    def copy(self) -> Self:
        """The state as ``from_dict(to_dict(), like=self)`` would rebuild it (no action
        log, sheet lines shared), without the round trip through plain values."""
        match = type(self).__new__(type(self))
        vars(match).update(vars(self))
        match._sheet_cache = list(self._sheet_cache)
        match.sheet = list(self.sheet)
        match.totals = list(self.totals)
        match.actions = []
        match.hand = None if self.hand is None else self.hand.copy()
        return match

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        actions: Iterable[ActionT] | None = None,
        like: BaseMatch[HandT, LineT, ActionT, ResultT, EndT] | None = None,
    ) -> Self:
        """Rebuild from a snapshot; ``actions`` (the log) is kept only for later replays.
        ``like``: a match whose own snapshot this is (a working copy of the committed
        state): its sheet lines are taken where they were written into these very dicts."""
        match = cls.__new__(cls)
        match.rules = RuleSet.from_dict(data["rules"])
        match.seed = data["seed"]
        match.first_dealer = data["first_dealer"]
        known = [] if like is None else like._sheet_cache
        match._sheet_cache = _sheet_lines(cls.line_type, data["sheet"], known)
        match.sheet = [line for line, _ in match._sheet_cache]
        match.totals = list(data["totals"])
        match.planned_hands = data["planned_hands"]
        match.extended = data["extended"]
        match._read_game_fields(data)
        hand = data["hand"]
        match.hand = None if hand is None else cls.hand_type.from_dict(match.rules, hand)
        match.actions = list(actions or ())
        match.result = None if match.hand is not None else match._result_of(match.totals)
        return match

    def _sheet_dicts(self) -> list[dict[str, Any]]:
        """The sheet's lines as dicts, each made once: a line never changes once written,
        and every committed table action snapshots the whole sheet (up to 16 lines). The
        dicts are shared between snapshots, which are only read (stored, or rebuilt from)."""
        cache = self._sheet_cache
        for i, line in enumerate(self.sheet):
            if i < len(cache) and cache[i][0] is line:
                continue
            del cache[i:]
            cache.append((line, line.to_dict()))
        del cache[len(self.sheet) :]
        return [d for _, d in cache]


def top_seat(totals: list[int]) -> int | None:
    """The seat (pair, player) with the highest total; None when the highest is shared."""
    best = max(totals)
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None


def _sheet_lines(
    line_type: type[LineT], dicts: list[dict[str, Any]], known: list[tuple[LineT, dict[str, Any]]]
) -> list[tuple[LineT, dict[str, Any]]]:
    """Each dict with its line: the known line when that dict *is* the one it was written
    to (snapshots are never changed), else read anew."""
    lines = []
    for i, d in enumerate(dicts):
        if i < len(known) and known[i][1] is d:
            lines.append(known[i])
        else:
            lines.append((line_type.from_dict(d), d))
    return lines
