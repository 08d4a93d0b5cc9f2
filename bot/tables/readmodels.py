"""Read models: what everyone at or around a table may see (`PublicTable`, its seats as
`PublicSeat`), what one seat may see (`PrivateHand`), and a scored hand as dealt
(`DealtHands`). All frozen: a front end gets them from the service's answers
(bot/tables/answers.py) and can change nothing through them.

Front ends render these and nothing else, so a hand can only reach the screen of the
player it belongs to: the public table holds no unplayed card. (Named apart from
`discord.ui.View`, which the Discord cogs also handle.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from bot.engine import (
    NO_ROEM,
    Card,
    Combination,
    DriemansLine,
    DriemansMatch,
    DriemansPhase,
    Hand,
    IllegalReason,
    Match,
    MatchResult,
    Phase,
    PlayOptions,
    Roem,
    RuleSet,
    SheetLine,
    Suit,
    Trick,
    TrumpOptions,
    TweemansHand,
    TweemansLine,
    TweemansMatch,
    TweemansMatchResult,
    TweemansPhase,
    sort_key,
)
from bot.engine.driemans_match import DriemansResultOfMatch
from bot.engine.games import AnyHand, AnyMatch
from bot.engine.seats import TRICKS_PER_HAND, TWO_PLAYERS
from bot.engine.tricks import LAST_TRICK_BONUS, scored_points
from bot.store import StoredAction

from .errors import RefusalCode, TableError
from .replay import played_tricks
from .table import OPEN_STATUSES, LeaguePlace, Occupied, SeatKind, Status, Table, TableSettings


@dataclass(frozen=True, slots=True)
class PublicSeat(Occupied):
    """A seat as everyone sees it: who sits there and how they play now."""

    kind: SeatKind
    user_id: int | None
    name: str
    away: bool  # the turn timer ran out on this player at least once in a row
    autoplay: bool  # the computer keeps the seat until the player says "I'm back"
    level: str | None  # a computer seat's own level; None: the table's
    retake_by: int | None  # the player who left this seat in the hand now being played


@dataclass(frozen=True, slots=True)
class PublicTrick:
    """A taken trick as everyone saw it: the roem shows only once it has been claimed (or
    counted, at a table that counts roem itself), with the seat that claimed it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    roem: Roem  # NO_ROEM until claimed
    claimer: int | None  # the seat that claimed it; None when unclaimed or counted itself
    idle: int | None = None  # a ledig hand's partner, who sits out: three cards

    @property
    def claimed_roem(self) -> int:
        """The roem credited on this trick (0 until it is claimed)."""
        return self.roem.points


@dataclass(frozen=True, slots=True)
class PublicCalls:
    """The kraak calls of the hand in play, as everyone sees them (docs/rules.md 2.5, 2.6):
    who called (in order), the call asked now and whose it is, the multiplier, the pair
    that must get more than half, and the hand roem announced once the calls are over:
    each pair's best combination and what scores (`HandRoem.announced`), nothing more."""

    callers: tuple[int, ...]
    level: int | None  # the call asked now: 1 kraak, 2 rekraak, 3 superkraak; None: over
    to_call: int | None  # the seat asked for it
    multiplier: int
    bearing_pair: int | None
    announced: tuple[Combination, ...]  # empty until the first lead may be played
    hand_roem: tuple[int, int]  # what each pair scores of it


@dataclass(frozen=True, slots=True)
class PublicThree:
    """What everyone sees of a three-seat table (three-player Klaverjas, docs/rules.md
    2.8) beyond the common fields: the solo and the defenders of the hand in play (once
    someone said play), the passes so far and whether the seat to bid must play, whether
    the solo has laid his two cards down (the blind's fate: taken, two laid away), the
    hand's card points and roem (solo, defenders), each seat's total, the score sheet
    per player and the result. The pair fields of `PublicTable` stay empty at such a
    table (``totals``, ``sheet``, ``result``, ``makers``)."""

    solo: int | None
    defenders: tuple[int, ...]
    passes: int
    forced: bool
    laid_down: bool
    hand_points: tuple[int, int]
    hand_roem: tuple[int, int]
    totals: tuple[int, ...]
    sheet: tuple[DriemansLine, ...]
    result: DriemansResultOfMatch | None


@dataclass(frozen=True, slots=True)
class PublicTwo:
    """What everyone sees of a two-seat table (two-player Klaverjas, docs/rules.md 2.9)
    beyond the common fields, whose trick seats (``trick_leader``, ``trick_winner``, a
    trick's ``leader`` and ``winner``) are units (``TWO_PLAYERS``: 0 and 1 the players'
    hands, 2 and 3 their tables) and whose ``dealer``, ``to_act`` and ``chooser`` (the
    maker) are players: each table's piles, face-up card or None (gone, or in the trick),
    which piles still hide a face-down card, how many cards each hand holds, the units
    that may play now, the hand's card points and roem, the totals, the score sheet and
    the result per player. The pair fields of `PublicTable` stay empty."""

    tables: tuple[tuple[Card | None, ...], ...]
    hidden: tuple[tuple[bool, ...], ...]
    hand_sizes: tuple[int, ...]
    units_to_act: tuple[int, ...]
    hand_points: tuple[int, int]
    hand_roem: tuple[int, int]
    totals: tuple[int, int]
    sheet: tuple[TweemansLine, ...]
    result: TweemansMatchResult | None


@dataclass(frozen=True, slots=True)
class PublicTable:
    """Everything anyone at or around the table may see of one committed state."""

    table_id: int
    seq: int
    status: Status
    guild_id: int | None
    channel_id: int
    rules: RuleSet
    settings: TableSettings
    rules_name: str
    seats: tuple[PublicSeat, ...]
    opener_id: int
    match_no: int
    hand_number: int
    planned_hands: int | None
    target_score: int | None
    phase: Phase | DriemansPhase | TweemansPhase | None
    dealer: int | None
    to_act: int | None
    trump: Suit | None
    proposal: Suit | None
    makers: int | None
    chooser: int | None
    trick_leader: int | None
    trick: tuple[Card, ...]
    trick_number: int  # 1-based, the trick in progress (9 once all eight are taken)
    trick_winner: int | None  # the seat winning the trick in progress, as the engine says
    last_trick: PublicTrick | None
    claim_open: bool
    claimable: bool  # the claim window's trick is not claimed yet (`Hand.claimable`)
    back_open: bool  # "I'm back" applies to someone (Table.may_come_back)
    again_open: bool  # Play again applies (Table.replayable): a casual match is over
    next_table: int | None  # the table Play again opened from this one, once it did
    totals: tuple[int, int]
    hand_points: tuple[int, int]
    hand_roem: tuple[int, int]
    sheet: tuple[SheetLine, ...]
    result: MatchResult | None
    turn_deadline: float | None
    league: LeaguePlace | None = None  # a league table: league, night, round, table
    kraak: PublicCalls | None = None  # a kraken table's hand after trump (docs/rules.md 2.5)
    three: PublicThree | None = None  # a three-seat table's own facts (None: four seats)
    two: PublicTwo | None = None  # a two-seat table's own facts (None: three or four seats)
    ledig: int | None = None  # the ledig declarer of the hand in play (docs/rules.md 2.10)
    idle: int | None = None  # the seat that sits out the hand in play: the declarer's partner

    @property
    def is_open(self) -> bool:
        """Whether the table is in the lobby or playing."""
        return self.status in OPEN_STATUSES

    @property
    def hands_scored(self) -> int:
        """How many hands of the match are scored (either game's sheet)."""
        if self.two is not None:
            return len(self.two.sheet)
        return len(self.three.sheet) if self.three is not None else len(self.sheet)

    def seat_of(self, user_id: int) -> int | None:
        """The seat `user_id` holds as a human player, if any."""
        for index, seat in enumerate(self.seats):
            if seat.is_human and seat.user_id == user_id:
                return index
        return None

    def retake_seat(self, user_id: int) -> int | None:
        """The seat `user_id` left in the hand now being played, theirs to take back."""
        for index, seat in enumerate(self.seats):
            if seat.retake_by == user_id:
                return index
        return None


@dataclass(frozen=True, slots=True)
class PrivateHand:
    """What one seat may see of its own hand now: its cards, which it may play and why
    not the others, its trump options and whether it is its turn."""

    table_id: int
    seq: int
    seat: int
    cards: tuple[Card, ...]  # sorted for display: by suit, trump order within trump
    legal: tuple[Card, ...]
    reasons: Mapping[Card, IllegalReason]  # read only
    trump_options: TrumpOptions | None
    my_turn: bool
    can_claim: bool  # a claim applies to this seat now (`Hand.may_claim`)
    claim_holds_roem: bool  # a claim by this seat would succeed now (`Hand.claim_refusal`)
    away: bool
    autoplay: bool
    may_call: int | None = None  # the call (its level) this seat may make or pass now
    lay_down: bool = False  # three seats: this seat is the solo to lay two cards down now
    table: tuple[Card, ...] = ()  # two seats: the face-up cards of this player's table


def public_table(table: Table) -> PublicTable:
    """What everyone may see of the table now (made once per state, shared by all)."""
    return table.rendered("public", lambda: _public_table(table))


def _public_table(table: Table) -> PublicTable:
    """The public read model of any game: the four-seat game, nearly every table's, is
    asked first and fills the pair fields; a three- or two-seat table leaves them empty
    and carries its own facts (`PublicThree`, `PublicTwo`)."""
    match = table.match
    hand = match.hand if match is not None else None
    pairs = match if isinstance(match, Match) else None  # the four-seat game's match
    four = pairs.hand if pairs is not None else None
    three, two = (None, None) if pairs is not None else _other_game(match)
    return PublicTable(
        table_id=table.id,
        seq=table.seq,
        status=table.status,
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        rules=table.rules,
        settings=table.settings,
        rules_name=table.rules.name,
        seats=public_seats(table),
        opener_id=table.opener_id,
        match_no=table.match_no,
        hand_number=match.hand_number if match is not None else 0,
        planned_hands=match.planned_hands if match is not None else table.rules.match_hands,
        target_score=table.rules.target_score,
        phase=hand.phase if hand is not None else None,
        dealer=hand.dealer if hand is not None else None,
        to_act=hand.to_act if hand is not None else None,
        trump=hand.trump if hand is not None else None,
        proposal=four.proposal if four is not None else None,
        makers=four.makers if four is not None else None,
        chooser=four.chooser if four is not None else _chooser(hand),
        trick_leader=hand.leader if hand is not None else None,
        trick=tuple(hand.current) if hand is not None else (),
        trick_number=hand.trick_number if hand is not None else 0,
        trick_winner=hand.current_winner() if hand is not None else None,
        last_trick=_public_trick(hand.last_trick if hand is not None else None),
        claim_open=bool(hand is not None and hand.claim_open),
        claimable=bool(hand is not None and hand.claimable),
        back_open=table.may_come_back(),
        again_open=table.replayable,
        next_table=table.next_table,
        totals=(pairs.totals[0], pairs.totals[1]) if pairs is not None else (0, 0),
        hand_points=(four.points[0], four.points[1]) if four is not None else (0, 0),
        hand_roem=(four.roem[0], four.roem[1]) if four is not None else (0, 0),
        sheet=tuple(pairs.sheet) if pairs is not None else (),
        result=pairs.result if pairs is not None else None,
        turn_deadline=table.turn_deadline,
        league=table.league,
        kraak=public_calls(four),
        three=three,
        two=two,
        ledig=four.ledig if four is not None else None,
        idle=four.idle if four is not None else None,
    )


def _other_game(match: AnyMatch | None) -> tuple[PublicThree | None, PublicTwo | None]:
    """The own facts of a table of three or two (`PublicThree`, `PublicTwo`); none for
    the four-seat game or outside a match."""
    if isinstance(match, DriemansMatch):
        return public_three(match), None
    if isinstance(match, TweemansMatch):
        return None, public_two(match)
    return None, None


def _chooser(hand: AnyHand | None) -> int | None:
    """Who named trump: the four-seat hand's chooser, the three-seat hand's solo, the
    two-player hand's maker once trump is named."""
    if hand is None:
        return None
    if isinstance(hand, TweemansHand):
        return hand.maker if hand.trump is not None else None
    return hand.chooser if isinstance(hand, Hand) else hand.solo


def public_two(match: TweemansMatch) -> PublicTwo:
    """The two-seat facts of `match` now (`PublicTwo`)."""
    hand = match.hand
    totals = (match.totals[0], match.totals[1])
    if hand is None:
        return PublicTwo((), (), (), (), (0, 0), (0, 0), totals, tuple(match.sheet), match.result)
    return PublicTwo(
        tables=tuple(tuple(p.up for p in t) for t in hand.piles),
        hidden=tuple(tuple(p.down is not None for p in t) for t in hand.piles),
        hand_sizes=tuple(len(h) for h in hand.hands),
        units_to_act=hand.units_to_act,
        hand_points=(hand.points[0], hand.points[1]),
        hand_roem=(hand.roem[0], hand.roem[1]),
        totals=totals,
        sheet=tuple(match.sheet),
        result=match.result,
    )


def public_three(match: DriemansMatch) -> PublicThree:
    """The three-seat facts of `match` now (`PublicThree`)."""
    hand = match.hand
    solo = hand.solo if hand is not None else None
    bidding = hand is not None and hand.phase == DriemansPhase.BID
    forced = bidding and hand is not None and not hand.trump_options(hand.turn).can_pass
    return PublicThree(
        solo=solo,
        defenders=hand.defenders() if hand is not None and solo is not None else (),
        passes=hand.passes if hand is not None and bidding else 0,
        forced=forced,
        laid_down=hand is not None and bool(hand.discard),
        hand_points=(hand.points[0], hand.points[1]) if hand is not None else (0, 0),
        hand_roem=(hand.roem[0], hand.roem[1]) if hand is not None else (0, 0),
        totals=tuple(match.totals),
        sheet=tuple(match.sheet),
        result=match.result,
    )


def public_calls(hand: AnyHand | None) -> PublicCalls | None:
    """The calls, multiplier and announced hand roem of ``hand``, once trump is named at
    a table whose rules have kraken options (None otherwise, or before trump)."""
    if not isinstance(hand, Hand) or not hand.rules.kraken or hand.trump is None:
        return None
    level = hand.call_level
    return PublicCalls(
        callers=tuple(hand.calls),
        level=level,
        to_call=hand.to_act if level is not None else None,
        multiplier=hand.multiplier,
        bearing_pair=hand.bearing_pair,
        announced=hand.hand_roem.announced(),
        hand_roem=hand.hand_roem.points,
    )


def public_seats(table: Table) -> tuple[PublicSeat, ...]:
    """The table's seats as everyone sees them."""
    hand_number = table.match.hand_number if table.match is not None else None
    playing = table.status == Status.PLAYING
    return tuple(
        _public_seat(
            seat.kind,
            seat.user_id,
            seat.name,
            seat.away,
            seat.autoplay,
            seat.level,
            seat.left_by if playing and seat.left_hand == hand_number else None,
        )
        for seat in table.seats
    )


@lru_cache(maxsize=8192)  # every seat of ~1,000 busy tables, and a change of each
def _public_seat(
    kind: SeatKind,
    user_id: int | None,
    name: str,
    away: bool,
    autoplay: bool,
    level: str | None,
    left_by: int | None,
) -> PublicSeat:
    """One seat as everyone sees it; made once for the same values (a seat rarely changes,
    and every state of every table draws its four)."""
    retake_by = left_by if kind == SeatKind.COMPUTER else None
    return PublicSeat(kind, user_id, name, away, autoplay, level, retake_by)


@dataclass(frozen=True, slots=True)
class DealtHands:
    """A scored hand as it was dealt and played, for the review after the hand
    (docs/table-ux.md 2.11)."""

    table_id: int
    number: int
    seats: tuple[PublicSeat, ...]
    hands: tuple[tuple[Card, ...], ...]  # per seat, sorted for display in that hand's trump
    line: SheetLine  # how the hand was scored
    scored: int  # how many hands of the match are scored (the review offers each)
    league: bool = False  # a league table's hand (not analysed: docs/decisions.md)
    tricks: tuple[PublicTrick, ...] = ()  # as played, each with the roem credited on it
    worth: tuple[int, ...] = ()  # each trick's card points as scored (the last one's 10 too)


def check_scored(table: Table, number: int) -> SheetLine:
    """The sheet line of hand `number`; refused (`not_scored`) for a hand not yet scored,
    or one the match never had, so nothing of a hand in play is revealed."""
    match = table.match
    if not isinstance(match, Match | None):  # the review draws four-seat deals (for now)
        raise TableError(RefusalCode.FOUR_PLAYERS_ONLY)
    if match is None or not 1 <= number <= len(match.sheet):
        raise TableError(RefusalCode.NOT_SCORED, hand=number)
    return match.sheet[number - 1]


def dealt_hands(table: Table, number: int, log: Sequence[StoredAction] = ()) -> DealtHands:
    """Hand `number` of the table's match as dealt and, from the table's action `log`, as
    played; refused (`check_scored`) unless that hand is scored."""
    line = check_scored(table, number)
    match = table.match
    assert isinstance(match, Match)
    trump = None if line.ledig else Suit.parse(line.trump)
    order = sort_key(trump)
    hands = tuple(tuple(sorted(h, key=order.__getitem__)) for h in match.deal_of(number))
    tricks = tuple(_taken(trick) for trick in played_tricks(table, log, number)) if log else ()
    worth = tuple(
        0  # a ledig hand counts no card points (docs/rules.md 2.10 rule 4)
        if trump is None
        else scored_points(trick.cards, trump, table.rules)
        + (LAST_TRICK_BONUS if index == TRICKS_PER_HAND else 0)
        for index, trick in enumerate(tricks, start=1)
    )
    return DealtHands(
        table.id,
        number,
        public_seats(table),
        hands,
        line,
        len(match.sheet),
        table.settings.league,
        tricks,
        worth,
    )


def _public_trick(trick: Trick | None) -> PublicTrick | None:
    return None if trick is None else _taken(trick)


def _taken(trick: Trick) -> PublicTrick:
    roem = trick.roem if trick.claimed else NO_ROEM
    return PublicTrick(trick.leader, trick.cards, trick.winner, roem, trick.claimer, trick.idle)


def private_hand(table: Table, seat: int) -> PrivateHand:
    """What `seat` may see of its own hand now (made once per state and seat)."""
    return table.rendered(("private", seat), lambda: _private_hand(table, seat))


_NONE: Mapping[Card, IllegalReason] = MappingProxyType({})


def _private_hand(table: Table, seat: int) -> PrivateHand:
    hand = table.match.hand if table.match is not None else None
    state = table.seats[seat]
    if hand is None:
        return PrivateHand(
            table.id,
            table.seq,
            seat,
            cards=(),
            legal=(),
            reasons=_NONE,
            trump_options=None,
            my_turn=False,
            can_claim=False,
            claim_holds_roem=False,
            away=state.away,
            autoplay=state.autoplay,
        )
    if isinstance(hand, Hand):  # the four-seat game first: its own fields only
        may_call = hand.may_call(seat) if hand.phase == Phase.DOUBLING else None
        lay_down = False
    elif isinstance(hand, TweemansHand):
        return _private_two(table, hand, seat)
    else:  # three seats: the solo lays two cards down before play
        may_call = None
        lay_down = hand.phase == DriemansPhase.EXCHANGE and hand.to_act == seat
    order = sort_key(hand.trump)
    cards = tuple(sorted(hand.holdings[seat], key=order.__getitem__))
    options = (hand.play_options(seat),)
    return _seen(table, hand, seat, (cards, ()), options, may_call=may_call, lay_down=lay_down)


_BIDDING: tuple[str, ...] = (
    Phase.TRUMP,
    DriemansPhase.BID,
    TweemansPhase.TRUMP,
)  # every game's trump round ("trump" at two)


def _private_two(table: Table, hand: TweemansHand, seat: int) -> PrivateHand:
    """What player `seat` may see of its own units: its hand (``cards``) and the face-up
    cards of its table (``table``), each in display order; ``legal`` and ``reasons``
    cover both (a card is in one unit only)."""
    order = sort_key(hand.trump)
    units = (TWO_PLAYERS.hand_of(seat), TWO_PLAYERS.table_of(seat))
    cards, up = (tuple(sorted(hand.holding(u), key=order.__getitem__)) for u in units)
    return _seen(table, hand, seat, (cards, up), [hand.play_options(u) for u in units])


def _seen(
    table: Table,
    hand: AnyHand,
    seat: int,
    held: tuple[tuple[Card, ...], tuple[Card, ...]],
    options: Sequence[PlayOptions],
    may_call: int | None = None,
    lay_down: bool = False,
) -> PrivateHand:
    """Every game's private view of `seat`: ``held`` is its cards and the face-up cards of
    its table (two seats only), each in display order; ``options`` are the play options of
    the units it plays for, whose legal cards and reasons are given in that order."""
    cards, up = held
    legal: set[Card] = set()
    refused: dict[Card, IllegalReason] = {}
    for option in options:
        legal.update(option.legal)
        refused.update(option.refused)
    shown = (*cards, *up)
    state = table.seats[seat]
    return PrivateHand(
        table_id=table.id,
        seq=table.seq,
        seat=seat,
        cards=cards,
        legal=tuple(c for c in shown if c in legal),
        reasons=MappingProxyType({c: refused[c] for c in shown if c in refused}),  # in order
        trump_options=hand.trump_options(seat) if hand.phase in _BIDDING else None,
        my_turn=hand.to_act == seat,
        can_claim=hand.may_claim(seat),
        claim_holds_roem=hand.claim_refusal(seat) is None,
        away=state.away,
        autoplay=state.autoplay,
        may_call=may_call,
        lay_down=lay_down,
        table=up,
    )
