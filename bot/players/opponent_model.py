"""The normal (heuristic) player's card play on bit masks: a model of the other seats.

``heuristic.py`` decides from a ``SeatView``; this module makes the same decisions from the
masks a search has at hand (the seat's holding, the cards it has not seen, the voids every
seat has shown, the trick so far), so that the search player can ask, for a sampled deal,
"would a heuristic player with these cards have played what this seat played?" thousands
of times per decision. ``choices`` returns every card the heuristic may pick (it breaks
ties by its seed), so a model that matches it exactly gives the true deal full likelihood.

``Likelihood`` turns that into a weight per sampled deal: each observed play by a modelled
seat that had a choice counts ``1 - eps`` (spread over the model's tied cards) when the
model would have played it, else ``eps`` spread over the other legal cards. Compiled with
mypyc (setup.py's HOT_MODULES) like the solver.
"""

from __future__ import annotations

from typing import Final

from bot.engine.cards import CARDS, SUIT_COUNT, SUIT_MASK, cards_of
from bot.engine.obligations import legal_mask_at, trump_forced
from bot.engine.roem import roem_of_trick
from bot.engine.rules import RuleSet
from bot.engine.seats import SEAT_COUNT
from bot.engine.tricks import BEATS, POINTS, STRENGTH, TRUMP_RANKING

# heuristic.py's constants (its float values are whole numbers: the same ties arise here).
TRUMP_KEEP: Final = 10
MASTER_KEEP: Final = 6
GUARD_KEEP: Final = 4
BARE_TEN_LEAD: Final = 8
DEFENDER_TRUMP_LEAD: Final = 30
PARTNER_RUFF: Final = 6
CHEAP_GAMBLE: Final = 4
RICH_TRICK: Final = 10
SECOND_HAND_RICH: Final = 20
TEN: Final = 3  # Rank.TEN's natural index within a suit
FULL: Final = (1 << 32) - 1
BIG: Final = 1 << 30


def roem_points(cache: dict[int, int], mask: int, trump: int, rules: RuleSet) -> int:
    """The roem of the trick held in ``mask``, in points, memoised in ``cache`` (one per
    search: its trump and rules are fixed), shared by the model and the solver; none where
    only roem from the hand counts (docs/rules.md 2.6.5)."""
    found = cache.get(mask)
    if found is None:
        roem = roem_of_trick(cards_of(mask), trump, rules).points if rules.trick_roem else 0
        found = cache[mask] = roem
    return found


class Model:
    """The heuristic's card choice for one trump suit and rule set (see the module doc).

    ``voids`` holds bit ``seat * 4 + suit`` for every suit a seat has shown it lacks."""

    def __init__(self, trump: int, rules: RuleSet) -> None:
        self.trump = trump
        self.rules = rules
        self._roem: dict[int, int] = {}
        # The position being decided (set by ``choices``).
        self.seat = 0
        self.mine = 0
        self.unseen = 0
        self.voids = 0

    def roem(self, mask: int) -> int:
        """The roem of the trick held in `mask`, in points."""
        return roem_points(self._roem, mask, self.trump, self.rules)

    # ------------------------------------------------------------------ knowledge
    def _void(self, seat: int, suit: int) -> bool:
        return bool(self.voids >> (seat * 4 + suit) & 1)

    def _void_mask(self, seat: int) -> int:
        mask = 0
        for suit in range(SUIT_COUNT):
            if self.voids >> (seat * 4 + suit) & 1:
                mask |= SUIT_MASK[suit]
        return mask

    def is_master(self, card: int) -> bool:
        """Whether no unseen card of its suit ranks above `card`."""
        suit = card >> 3
        beats = BEATS[self.trump][suit][STRENGTH[self.trump][suit][card]]
        return not self.unseen & beats & SUIT_MASK[suit]

    def may_hold(self, seat: int, suit: int) -> bool:
        """Whether `seat` may still hold a card of `suit`."""
        return not self._void(seat, suit) and bool(self.unseen & SUIT_MASK[suit])

    def maybe_void(self, seat: int, suit: int) -> bool:
        """Whether `seat` is known to lack `suit`, or no card of it is unseen."""
        return self._void(seat, suit) or not self.unseen & SUIT_MASK[suit]

    def can_beat(self, seat: int, card: int, led: int) -> bool:
        """Whether ``seat`` may hold a card beating ``card`` in a trick led with ``led``."""
        beats = BEATS[self.trump][led][STRENGTH[self.trump][led][card]]
        found = self.unseen & beats & ~self._void_mask(seat)
        if found & SUIT_MASK[led]:
            return True
        return bool(found) and self.maybe_void(seat, led)

    def keep_value(self, card: int) -> int:
        """How much the deciding seat loses by giving `card` away: its points, more for a
        trump, a master or a guard of a ten."""
        trump = self.trump
        pts = POINTS[trump][card]
        if card >> 3 == trump:
            return pts + TRUMP_KEEP + 3 * TRUMP_RANKING[card]
        value = pts + (MASTER_KEEP if self.is_master(card) else 0)
        return value + (GUARD_KEEP if self._guards_ten(card) else 0)

    def _guards_ten(self, card: int) -> bool:
        ten = (card & ~7) | TEN
        if card == ten or not self.mine >> ten & 1 or self.is_master(ten):
            return False
        return count_bits(self.mine & SUIT_MASK[card >> 3]) == 2

    # ------------------------------------------------------------------ decision
    def choices(
        self,
        seat: int,
        hand: int,
        legal: int,
        unseen: int,
        voids: int,
        trick: list[int],
        leader: int,
        maker: bool,
        chooser: int,
    ) -> int:
        """The cards (a mask) the heuristic player in ``seat`` may choose here."""
        self.seat = seat
        self.mine = hand
        self.unseen = unseen
        self.voids = voids
        if count_bits(legal) == 1:
            return legal
        if not trick:
            return self.lead(legal, maker, chooser)
        return self._follow(legal, trick, leader)

    def at(self, seat: int, hand: int, unseen: int, voids: int) -> None:
        """Set the deciding seat for ``lead`` or ``follow_at`` (what ``choices`` does)."""
        self.seat = seat
        self.mine = hand
        self.unseen = unseen
        self.voids = voids

    def lead(self, cands: int, maker: bool, chooser: int) -> int:
        """The cards (a mask) the heuristic leads from `cands`: pull trump as maker, else
        cash a master, else a cheap card."""
        trump = self.trump
        seat = self.seat
        trumps = cands & SUIT_MASK[trump]
        left, right, partner = (seat + 1) & 3, (seat + 3) & 3, (seat + 2) & 3
        if maker and trumps and (self.may_hold(left, trump) or self.may_hold(right, trump)):
            top = -1
            for c in range(32):
                if trumps >> c & 1 and (top < 0 or TRUMP_RANKING[c] > TRUMP_RANKING[top]):
                    top = c
            if self.is_master(top):
                return 1 << top
            if chooser == partner or (chooser == seat and count_bits(trumps) >= 3):
                return self._argmin(trumps, 0)
        masters = 0
        for c in range(32):
            if cands >> c & 1 and c >> 3 != trump and self._safe_to_cash(c, left, right):
                masters |= 1 << c
        if masters:
            best, best_key = 0, -BIG
            for c in range(32):
                if masters >> c & 1:
                    key = POINTS[trump][c] * 64 + count_bits(self.unseen & SUIT_MASK[c >> 3])
                    if key > best_key:
                        best, best_key = 1 << c, key
                    elif key == best_key:
                        best |= 1 << c
            return best
        best, best_key = 0, BIG
        for c in range(32):
            if cands >> c & 1:
                key = self._lead_cost(c, maker, left, partner)
                if key < best_key:
                    best, best_key = 1 << c, key
                elif key == best_key:
                    best |= 1 << c
        return best

    def _safe_to_cash(self, card: int, left: int, right: int) -> bool:
        if not self.is_master(card):
            return False
        suit, trump = card >> 3, self.trump
        for o in (left, right):
            if self.maybe_void(o, suit) and self.may_hold(o, trump):
                return False
        return True

    def _lead_cost(self, card: int, maker: bool, left: int, partner: int) -> int:
        trump = self.trump
        cost = self.keep_value(card)
        suit = card >> 3
        if suit == trump:
            return cost + (0 if maker else DEFENDER_TRUMP_LEAD)
        if card & 7 == TEN and not self.is_master(card):
            cost += BARE_TEN_LEAD
        ruffs = self._void(partner, suit) and self.may_hold(partner, trump)
        if ruffs and not self._void(left, suit):
            cost -= PARTNER_RUFF
        return cost

    def _follow(self, cands: int, trick: list[int], leader: int) -> int:
        strength = STRENGTH[self.trump][trick[0] >> 3]
        best_i = 0
        tmask = 0
        for i in range(len(trick)):
            tmask |= 1 << trick[i]
            if strength[trick[i]] > strength[trick[best_i]]:
                best_i = i
        position = len(trick)
        partner = position >= 2 and best_i == position - 2
        return self.follow_at(cands, trick[0] >> 3, trick[best_i], partner, tmask, leader, position)

    def follow_at(
        self,
        cands: int,
        led: int,
        best: int,
        partner_winning: bool,
        tmask: int,
        leader: int,
        position: int,
    ) -> int:
        """``_follow`` for a trick given as searches track it: the led suit, the card
        winning it so far, whether that is the partner's, the cards (a mask), who led and
        how many cards are in it. ``choices`` must have set the position first."""
        trump = self.trump
        seat = self.seat
        strength = STRENGTH[trump][led]
        rivals: list[int] = []
        for i in range(position + 1, 4):
            other = (leader + i) & 3
            if (other & 1) != (seat & 1):
                rivals.append(other)
        value = 0
        for c in range(32):
            if tmask >> c & 1:
                value += POINTS[trump][c]
        winners = cands & BEATS[trump][led][strength[best]]
        safe = 0
        for c in range(32):
            if winners >> c & 1 and self._secure(c, led, rivals):
                safe |= 1 << c
        if partner_winning:
            if self._secure(best, led, rivals):
                return self._smear(cands, tmask)
            if safe:
                return self._argmin(safe, tmask)
            return self._duck(cands, tmask, True)
        if safe:
            return self._argmin(safe, tmask)
        if not winners:
            return self._duck(cands, tmask, False)
        cheap = self._argmin(winners, tmask)
        value += self.roem(tmask)
        taken = 0
        for c in range(32):
            if cheap >> c & 1:
                if position == 1:
                    ok = value >= SECOND_HAND_RICH
                else:
                    ok = POINTS[trump][c] <= CHEAP_GAMBLE or value >= RICH_TRICK
                if ok:
                    taken |= 1 << c
        if taken == cheap:
            return cheap
        # None (or, when tied cards differ, only some) would be taken: the duck is possible.
        return taken | self._duck(cands, tmask, False)

    def _secure(self, card: int, led: int, rivals: list[int]) -> bool:
        return all(not self.can_beat(seat, card, led) for seat in rivals)

    def _argmin(self, cards: int, tmask: int) -> int:
        """The cheapest winners: keep value less the roem they add to the trick (a trick
        start, ``tmask`` 0, adds none)."""
        best, best_key = 0, BIG
        for c in range(32):
            if cards >> c & 1:
                key = self.keep_value(c) - (self.roem(tmask | 1 << c) if tmask else 0)
                if key < best_key:
                    best, best_key = 1 << c, key
                elif key == best_key:
                    best |= 1 << c
        return best

    def _smear(self, cands: int, tmask: int) -> int:
        trump = self.trump
        best, best_key = 0, -BIG
        for c in range(32):
            if cands >> c & 1:
                gain = self.roem(tmask | 1 << c)
                if c >> 3 == trump:
                    key = gain - self.keep_value(c)
                else:
                    master = MASTER_KEEP if self.is_master(c) else 0
                    key = gain + POINTS[trump][c] - master
                if key > best_key:
                    best, best_key = 1 << c, key
                elif key == best_key:
                    best |= 1 << c
        return best

    def _duck(self, cands: int, tmask: int, ours: bool) -> int:
        best, best_key = 0, BIG
        for c in range(32):
            if cands >> c & 1:
                key = self.keep_value(c) + (0 if ours else self.roem(tmask | 1 << c))
                if key < best_key:
                    best, best_key = 1 << c, key
                elif key == best_key:
                    best |= 1 << c
        return best


class Event:
    """One observed play by a modelled seat, with the public facts of that moment:
    ``before`` every card seen on the table before it, ``later`` the cards the seat itself
    played from this play on (its holding then is its holding now plus these)."""

    def __init__(
        self,
        seat: int,
        card: int,
        leader: int,
        trick: list[int],
        before: int,
        voids: int,
        later: int,
        maker: bool,
        chooser: int,
        trump: int,
    ) -> None:
        self.seat = seat
        self.card = card
        self.leader = leader
        self.trick = trick
        self.before = before
        self.voids = voids
        self.later = later
        self.maker = maker
        self.chooser = chooser
        led, top = 0, 0
        if trick:
            led = trick[0] >> 3
            for c in trick:
                if c >> 3 == trump and TRUMP_RANKING[c] > top:
                    top = TRUMP_RANKING[c]
        self.led = led
        self.top = top
        winner = 0
        strength = STRENGTH[trump][led]
        for i in range(1, len(trick)):
            if strength[trick[i]] > strength[trick[winner]]:
                winner = i
        self.partner_winning = len(trick) >= 2 and winner == len(trick) - 2
        self.win_str = strength[trick[winner]] if trick else 0


class Likelihood:
    """How likely the observed plays of the modelled seats are on a sampled deal."""

    def __init__(
        self, model: Model, events: list[Event], eps: float, sampler: Sampler, sound: bool = False
    ) -> None:
        self.model = model
        self.events = events
        self.eps = eps
        self.sampler = sampler  # draws the deals to weigh
        # True: the plays are weighed by sound play alone (``sound_follows``), any player's
        # habit, instead of the normal heuristic's choices.
        self.sound = sound

    def weight(self, hands: list[int]) -> float:
        """The likelihood of the plays on ``hands`` relative to the model's own single
        choice at each play (so 1.0 at most: a play the model would make counts 1, or
        1/k among k tied cards; another legal card eps / (1 - eps) / (other legal cards))."""
        model = self.model
        rules = model.rules
        trump = model.trump
        miss = self.eps / (1.0 - self.eps)
        w = 1.0
        for e in self.events:
            hand = hands[e.seat] | e.later
            if e.trick:
                legal = legal_mask_at(hand, e.led, e.top, e.partner_winning, trump, rules)
            else:
                legal = hand
            n = count_bits(legal)
            if n == 1:
                continue
            if self.sound:
                chosen = sound_follows(e, legal, trump)
                if chosen == legal:
                    continue
            else:
                unseen = FULL & ~hand & ~e.before
                chosen = model.choices(
                    e.seat, hand, legal, unseen, e.voids, e.trick, e.leader, e.maker, e.chooser
                )
            k = count_bits(chosen)
            if chosen >> e.card & 1:
                if k > 1:
                    w /= k
            else:
                w *= miss / (n - k)
        return w


def sound_follows(e: Event, legal: int, trump: int) -> int:
    """The cards any sound player may follow with in ``e``'s trick (``legal`` when the play
    says nothing): losing a trick the other pair holds, the cheapest card that does not win
    (the same points: any of them); last to play behind a partner who holds the trick, the
    dearest card that does not take it from the partner. Leads and the other follows say
    nothing here."""
    if not e.trick:
        return legal
    losers = legal & ~BEATS[trump][e.led][e.win_str]
    if not losers:
        return legal
    if not e.partner_winning:
        if not losers >> e.card & 1:
            return legal  # it won the trick: which winner says little
        return _by_points(losers, trump, False)
    if len(e.trick) == 3:
        return _by_points(losers, trump, True)
    return legal


def _by_points(cards: int, trump: int, most: bool) -> int:
    """The cards of ``cards`` worth the fewest points (``most``: the most)."""
    points = POINTS[trump]
    best, found = -1, 0
    for c in range(32):
        if cards >> c & 1:
            p = points[c]
            if best < 0 or (p > best if most else p < best):
                best, found = p, 1 << c
            elif p == best:
                found |= 1 << c
    return found


def voids_of(tricks: list[tuple[int, list[int]]], trump: int, rules: RuleSet) -> int:
    """The voids (bits ``seat * 4 + suit``) shown by the plays of ``(leader, cards)``
    tricks, as ``knowledge.infer_voids`` finds them."""
    voids = 0
    for leader, cards in tricks:
        if not cards:
            continue
        led = cards[0] >> 3
        for i in range(1, len(cards)):
            card, seat = cards[i], (leader + i) & 3
            if card >> 3 == led:
                continue
            voids |= 1 << (seat * 4 + led)
            if card >> 3 != trump and trump_forced([CARDS[c] for c in cards[:i]], trump, rules):
                voids |= 1 << (seat * 4 + trump)
    return voids


def count_bits(mask: int) -> int:
    """How many cards ``mask`` holds (shared with the solver)."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


# ---------------------------------------------------------------------- fast deals
# bidding.py's hand strength per suit lane (8 bits, natural rank order), in whole numbers:
# TRUMP_LANE[lane] for the trump suit, SIDE_LANE[lane] for a non-empty side suit.
_TRUMP_WEIGHT: Final = (3, 3, 15, 7, 22, 4, 5, 9)  # 7 8 9 10 J Q K A
TRUMP_LANE: Final[tuple[int, ...]] = tuple(
    sum(_TRUMP_WEIGHT[r] for r in range(8) if lane >> r & 1)
    + (5 if lane & 0b10100 == 0b10100 else 0)
    + 6 * max(0, bin(lane).count("1") - 3)
    for lane in range(256)
)
SIDE_LANE: Final[tuple[int, ...]] = tuple(
    (10 if lane >> 7 & 1 else 0)
    + (0 if not lane >> TEN & 1 else 6 if lane >> 7 & 1 else 2 if bin(lane).count("1") >= 2 else -3)
    for lane in range(256)
)
RUFF_BONUS: Final = 4
PASS_THRESHOLD: Final = 40
MASK64: Final = (1 << 64) - 1


def strength_of(dealt: int, suit: int) -> int:
    """``bidding.trump_strength`` of the 8 dealt cards ``dealt`` (a mask) for ``suit``."""
    trumps = dealt >> (8 * suit) & 0xFF
    score = TRUMP_LANE[trumps]
    long = count_bits(trumps) >= 3
    for side in range(SUIT_COUNT):
        if side != suit:
            lane = dealt >> (8 * side) & 0xFF
            score += SIDE_LANE[lane] if lane else (RUFF_BONUS if long else 0)
    return score


def heuristic_bid(dealt: int, suits: int, free: bool) -> int:
    """``bidding.choose_suit`` on masks: the strongest of ``suits`` (ties to the lower
    suit), or -1 (a pass) when it is below the threshold and the seat may pass."""
    best, best_strength = -1, -1
    for suit in range(SUIT_COUNT):
        if suits >> suit & 1:
            strength = strength_of(dealt, suit)
            if strength > best_strength:
                best, best_strength = suit, strength
    if free and best_strength < PASS_THRESHOLD:
        return -1
    return best


class Sampler:
    """``sampling.sample_for`` on masks: random fills of the unseen cards within each seat's
    allowed cards (most constrained cards first, a seat drawn in proportion to the cards it
    still needs), the first of ``bid_tries`` that fits the bidding, else the first drawn,
    else a fill without the exclusions. Its own xorshift generator, seeded by the caller."""

    def __init__(
        self,
        seat: int,
        mine: int,
        unseen: int,
        counts: list[int],
        allowed: list[int],
        played: list[int],
        bids: list[tuple[int, int, int, int]],
        pass_margin: int,
        name_margin: int,
        deal_tries: int,
        bid_tries: int,
        exact: int = 0,
    ) -> None:
        self.seat = seat
        self.mine = mine
        self.counts = counts
        self.allowed = allowed
        self.played = played
        # (seat, suit named or -1 for a pass, mask of the suits it could name: bit per
        # suit, 1 if it could have passed instead)
        self.bids = bids
        self.pass_margin = pass_margin
        self.name_margin = name_margin
        # Seats (bits) that bid exactly as bidding.choose_suit: no margins, the suit named
        # is the strongest (the modelled normal computers).
        self.exact = exact
        self.deal_tries = deal_tries
        self.bid_tries = bid_tries
        self.state = 1
        self.cards: list[int] = [c for c in range(32) if unseen >> c & 1]
        self.everyone: list[int] = [0 if s == seat else unseen for s in range(SEAT_COUNT)]

    def _next(self) -> int:
        x = self.state
        x ^= (x << 13) & MASK64
        x ^= x >> 7
        x ^= (x << 17) & MASK64
        self.state = x
        return x

    def _below(self, n: int) -> int:
        return (self._next() >> 11) % n

    def deal(self, seed: int) -> list[int]:
        """The hidden cards of each seat (masks) for the sample seeded by `seed`."""
        self.state = seed & MASK64 or 1
        first: list[int] | None = None
        for _ in range(self.bid_tries):
            hands = self._fill_tries(self.allowed)
            if hands is None:
                break
            if self.fits(hands):
                return hands
            if first is None:
                first = hands
        if first is not None:
            return first
        hands = self._fill_tries(self.everyone)
        assert hands is not None, "a fill without exclusions always succeeds"
        return hands

    def fits(self, hands: list[int]) -> bool:
        """Whether `hands`, with what each seat played, would have bid as the seats did."""
        for seat, named, suits, free in self.bids:
            dealt = hands[seat] | self.played[seat]
            if self.exact >> seat & 1:
                if heuristic_bid(dealt, suits, free != 0) != named:
                    return False
            elif not free:
                continue
            elif named < 0:
                for suit in range(SUIT_COUNT):
                    strong = strength_of(dealt, suit) >= PASS_THRESHOLD + self.pass_margin
                    if suits >> suit & 1 and strong:
                        return False
            elif strength_of(dealt, named) < PASS_THRESHOLD - self.name_margin:
                return False
        return True

    def _fill_tries(self, allowed: list[int]) -> list[int] | None:
        for _ in range(self.deal_tries):
            hands = self._fill(allowed)
            if hands is not None:
                return hands
        return None

    def _fill(self, allowed: list[int]) -> list[int] | None:
        cards = self.cards
        n = len(cards)
        for i in range(n - 1, 0, -1):  # Fisher-Yates shuffle
            j = self._below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        # Stable by how many seats may hold the card: the most constrained first.
        order: list[int] = []
        for k in range(1, 5):
            for c in cards:
                m = 0
                for s in range(SEAT_COUNT):
                    m += allowed[s] >> c & 1
                if m == k or (k == 1 and m == 0):
                    order.append(c)
        hands = [0] * SEAT_COUNT
        hands[self.seat] = self.mine
        need = list(self.counts)
        need[self.seat] = 0
        for c in order:
            total = 0
            for s in range(SEAT_COUNT):
                if need[s] and allowed[s] >> c & 1:
                    total += need[s]
            if not total:
                return None
            r = self._below(total)
            for s in range(SEAT_COUNT):
                if need[s] and allowed[s] >> c & 1:
                    if r < need[s]:
                        hands[s] |= 1 << c
                        need[s] -= 1
                        break
                    r -= need[s]
        return hands
