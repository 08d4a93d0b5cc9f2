"""Perfect-information play of one sampled deal: exact alpha-beta for the last tricks, a
greedy playout policy before them.

The search player (``search.py``) asks this module, for each sampled deal and each legal
card, what the hand is worth to its pair after that card. It is the inner loop of every
decision, so it works on bit masks and int locals only and is compiled with mypyc
(setup.py's HOT_MODULES); the rules still come from the engine: legality from
``legal_mask_at``, trick strength and card points from the engine's tables, roem from
``roem_of_trick`` and the final score from ``score_hand`` (both memoised here per deal
setting, since the search asks about the same tricks and totals again and again).

Values are "our pair's hand score minus theirs" (``us`` is the searching seat's pair), so
nat, pit, roem and the last trick count exactly as the table will score them.
"""

from __future__ import annotations

import random
from typing import Final

from bot.engine.cards import SUIT_COUNT, SUIT_MASK, Suit
from bot.engine.obligations import legal_mask_at
from bot.engine.rules import RuleSet
from bot.engine.scoring import score_hand
from bot.engine.seats import SEAT_COUNT
from bot.engine.tricks import (
    BEATS,
    LAST_TRICK_BONUS,
    POINTS,
    STRENGTH,
    TRUMP_RANKING,
    points_of,
)

from .leads import fitted_lead
from .opponent_model import Model, count_bits, roem_points

INFINITY: Final = 1 << 20
SPADES: Final = int(Suit.SPADES)  # spades trump may double the score (docs/rules.md 2.7)
SMEAR_TRUMP_PENALTY: Final = 30  # a trump is never smeared while a side card can be
LEAD_TEN_PENALTY: Final = 12  # leading a ten that is not sure to win gives it away
MASTER_KEEP: Final = 6  # a side suit's top card is worth keeping beyond its points
POLICY_ROEM: Final = 1  # playouts add roem to their own tricks and keep it from others'
POLICY_MASTER: Final = 2  # smearing keeps a side suit's master card
POLICY_HIGH: Final = 4  # third hand wins a trick it is losing when it can, however cheap
POLICY_PULL: Final = 8  # makers lead a small trump to the partner's master trump
MASK64: Final = (1 << 64) - 1

# Transposition table keys: a random number per (seat, card) still held, XORed together
# (Zobrist hashing), mixed with the totals so far and the leader, which the value depends on.
_ZOBRIST_RNG = random.Random("klaverjas-solver")
ZOBRIST: Final[tuple[int, ...]] = tuple(_ZOBRIST_RNG.getrandbits(60) for _ in range(4 * 32))
TOTALS_HASH: Final[tuple[int, ...]] = tuple(_ZOBRIST_RNG.getrandbits(60) for _ in range(4 * 512))
TT_MIN_CARDS: Final = 8  # positions with fewer cards left are cheaper to search than to store
TT_MAX_ENTRIES: Final = 1 << 20
VALUE_OFFSET: Final = 1 << 14
EXACT: Final = 0
LOWER: Final = 1  # the true value is at least the stored one
UPPER: Final = 2  # at most

# CHEAP[trump][card]: how much giving the card away costs in a playout (points first,
# then its trick-taking strength as its own suit's lead).
CHEAP: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        POINTS[t][c] * 16 + STRENGTH[t][c >> 3][c] % 100 + (200 if c >> 3 == t else 0)
        for c in range(32)
    )
    for t in range(SUIT_COUNT)
)


class Solver:
    """One deal setting (trump, makers, rules, the searching pair) and the deal's state.

    ``setup`` loads a position (four mask hands, the trick in progress, the totals so far);
    ``value_of`` plays one card from it and returns the hand's value, leaving the position
    as it was. ``nodes`` counts the cards played by the search, for budgets and figures.
    """

    def __init__(self, trump: int, makers: int, us: int, rules: RuleSet) -> None:
        self.trump = trump
        self.makers = makers
        self.us = us
        self.rules = rules
        self.values = points_of(trump, rules)  # what each card scores (spades may double)
        self.calls = 0  # the kraak calls made (docs/rules.md 2.5): the final score's multiplier
        self.nodes = 0
        self.node_limit = INFINITY * INFINITY
        self._roem: dict[int, int] = {}
        self._scores: dict[int, int] = {}
        self.hands: list[int] = [0] * SEAT_COUNT
        self.leader = 0
        self.n = 0  # cards in the trick in progress
        self.led = 0
        self.top = 0  # highest trump in the trick (TRUMP_RANKING), 0 for none
        self.win_seat = 0
        self.win_str = 0
        self.tmask = 0
        self.tpts = 0
        self.left = 0  # cards not yet played in the whole hand
        self.p0 = 0
        self.p1 = 0
        self.r0 = 0
        self.r1 = 0
        self.w0 = 0
        self.w1 = 0
        self._root: list[int] = []
        self.zobrist = 0
        self._table: dict[int, int] = {}
        # Experiment knobs (benchmarks/ai.py): the chance in 1/65536 that a playout move is
        # a random legal card instead of the policy's, the generator's state, and policy
        # variants as bits (POLICY_*).
        self.noise = 0
        self.noisy = 15  # the seats (bits) whose playout moves the noise touches
        self.rand = 0x9E3779B97F4A7C15
        self.flags = 0
        # The model policy (model.py): the seats (bits) whose playout moves are what the
        # normal heuristic would play with its own view of the sampled deal, the public
        # facts it needs (who chose trump, the voids shown before the position: bits
        # seat * 4 + suit) and the voids as a playout goes on.
        self.model: Model | None = None
        self.modelled = 0
        self.chooser = -1
        self.voids = 0
        self.shown = 0
        self.model_exact = False  # the modelled seats play the model's card in the search too
        self.fixed = 15  # of those, the seats (bits) held to it there; the others branch
        # The seats (bits) whose playout moves judge the other hands from their own view
        # (``_held``): the greedy policy without sight of the hidden cards.
        self.blind = 0
        # Of the modelled seats, those whose playout leads are ``leads.fitted_lead``'s.
        self.fitted = 0

    # ------------------------------------------------------------------ position
    def setup(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        points: tuple[int, int],
        roem: tuple[int, int],
        won: tuple[int, int],
    ) -> None:
        """Load a position: ``trick`` holds the cards of the trick in progress, lead first."""
        self.hands = list(hands)
        self.zobrist = 0
        for seat in range(SEAT_COUNT):
            for c in range(32):
                if hands[seat] >> c & 1:
                    self.zobrist ^= ZOBRIST[seat * 32 + c]
        self.leader = leader
        self.n = 0
        self.tmask = 0
        self.tpts = 0
        self.top = 0
        self.left = 0
        for h in hands:
            self.left += count_bits(h)
        self.left += len(trick)
        self.p0, self.p1 = points
        self.r0, self.r1 = roem
        self.w0, self.w1 = won
        for i in range(len(trick)):
            card = trick[i]
            self.hands[(leader + i) & 3] |= 1 << card
            self._play((leader + i) & 3, card)
        self._root = self._state()

    def _state(self) -> list[int]:
        return [
            self.hands[0],
            self.hands[1],
            self.hands[2],
            self.hands[3],
            self.leader,
            self.n,
            self.led,
            self.top,
            self.win_seat,
            self.win_str,
            self.tmask,
            self.tpts,
            self.left,
            self.p0,
            self.p1,
            self.r0,
            self.r1,
            self.w0,
            self.w1,
            self.zobrist,
        ]

    def _restore(self, s: list[int]) -> None:
        self.hands[0] = s[0]
        self.hands[1] = s[1]
        self.hands[2] = s[2]
        self.hands[3] = s[3]
        self.leader = s[4]
        self.n = s[5]
        self.led = s[6]
        self.top = s[7]
        self.win_seat = s[8]
        self.win_str = s[9]
        self.tmask = s[10]
        self.tpts = s[11]
        self.left = s[12]
        self.p0 = s[13]
        self.p1 = s[14]
        self.r0 = s[15]
        self.r1 = s[16]
        self.w0 = s[17]
        self.w1 = s[18]
        self.zobrist = s[19]

    @property
    def stored(self) -> int:
        """Positions held in the transposition table."""
        return len(self._table)

    @property
    def to_act(self) -> int:
        """The seat to play the next card."""
        return (self.leader + self.n) & 3

    def legal(self) -> int:
        """The playable cards of the seat to act, as a mask (the engine's obligations)."""
        seat = (self.leader + self.n) & 3
        hand = self.hands[seat]
        if self.n == 0:
            return hand
        partner = self.n >= 2 and (self.win_seat & 1) == (seat & 1)
        return legal_mask_at(hand, self.led, self.top, partner, self.trump, self.rules)

    # ------------------------------------------------------------------ moves
    def _play(self, seat: int, card: int) -> None:
        """Play ``card`` for ``seat`` (the seat to act); scores the trick when it completes."""
        trump = self.trump
        self.hands[seat] ^= 1 << card
        self.zobrist ^= ZOBRIST[seat * 32 + card]
        self.left -= 1
        self.tmask |= 1 << card
        self.tpts += self.values[card]
        if card >> 3 == trump and TRUMP_RANKING[card] > self.top:
            self.top = TRUMP_RANKING[card]
        if self.n == 0:
            self.led = card >> 3
            self.win_seat = seat
            self.win_str = STRENGTH[trump][self.led][card]
        else:
            s = STRENGTH[trump][self.led][card]
            if s > self.win_str:
                self.win_str = s
                self.win_seat = seat
        self.n += 1
        if self.n == 4:
            self._complete()

    def _complete(self) -> None:
        pts = self.tpts + (LAST_TRICK_BONUS if self.left == 0 else 0)
        roem = self._roem_of(self.tmask)
        if self.win_seat & 1:
            self.p1 += pts
            self.r1 += roem
            self.w1 += 1
        else:
            self.p0 += pts
            self.r0 += roem
            self.w0 += 1
        self.leader = self.win_seat
        self.n = 0
        self.tmask = 0
        self.tpts = 0
        self.top = 0

    def _roem_of(self, mask: int) -> int:
        return roem_points(self._roem, mask, self.trump, self.rules)

    def final_value(self) -> int:
        """Our pair's score minus theirs for the finished hand (``score_hand``)."""
        key = self.p0 | self.r0 << 8 | self.r1 << 20 | self.w0 << 32
        found = self._scores.get(key)
        if found is None:
            score = score_hand(
                self.makers,
                (self.p0, self.p1),
                (self.r0, self.r1),
                (self.w0, self.w1),
                self.rules,
                self.calls,
                self.trump == SPADES,
            )
            found = score.scores[self.us] - score.scores[1 - self.us]
            self._scores[key] = found
        return found

    # ------------------------------------------------------------------ evaluation
    def value_of(self, card: int, exact_cards: int) -> int:
        """The hand's value after the seat to act plays ``card``: greedy playout while more
        than ``exact_cards`` cards are out, then exact alpha-beta. The position is kept."""
        self.shown = self.voids
        if self.model is not None or self.blind != 0:
            self._note(self.to_act, card)
        self._play(self.to_act, card)
        self.nodes += 1
        return self._played_out(exact_cards)

    def playout_value(self, exact_cards: int) -> int:
        """The value of the loaded position played by the policy, exact for the last cards."""
        self.shown = self.voids
        return self._played_out(exact_cards)

    def _played_out(self, exact_cards: int) -> int:
        """The policy's playout from here while more than ``exact_cards`` cards are out, then
        exact alpha-beta; the loaded position is restored."""
        tracking = self.model is not None or self.blind != 0  # the voids the play shows
        while self.left > exact_cards:
            seat = (self.leader + self.n) & 3
            move = self._move(seat, self.legal())
            if tracking:
                self._note(seat, move)
            self._play(seat, move)
            self.nodes += 1
        value = self._search(-INFINITY, INFINITY)
        self._restore(self._root)
        return value

    def _search(self, alpha: int, beta: int) -> int:
        if self.left == 0:
            return self.final_value()
        if self.nodes >= self.node_limit:
            return self._rough_value()
        key = -1
        if self.n == 0 and self.left >= TT_MIN_CARDS:
            key = self._key()
            entry = self._table.get(key)
            if entry is not None:
                stored = (entry >> 2) - VALUE_OFFSET
                flag = entry & 3
                if flag == EXACT:
                    return stored
                if flag == LOWER and stored > alpha:
                    alpha = stored
                elif flag == UPPER and stored < beta:
                    beta = stored
                if alpha >= beta:
                    return stored
        first_alpha, first_beta = alpha, beta
        best = self._children(alpha, beta)
        if key >= 0 and self.nodes < self.node_limit:
            flag = UPPER if best <= first_alpha else LOWER if best >= first_beta else EXACT
            if len(self._table) >= TT_MAX_ENTRIES:
                self._table.clear()
            self._table[key] = (best + VALUE_OFFSET) << 2 | flag
        return best

    def _key(self) -> int:
        """The transposition key of the position at a trick's start (what its value depends
        on: who holds which card, the leader, and the totals that nat and pit look at)."""
        totals = (
            TOTALS_HASH[self.p0]
            ^ TOTALS_HASH[512 + (self.r0 // 10) % 512]
            ^ TOTALS_HASH[1024 + (self.r1 // 10) % 512]
            ^ TOTALS_HASH[1536 + self.w0 * 4 + self.leader]
        )
        return self.zobrist ^ totals

    def _children(self, alpha: int, beta: int) -> int:
        """Alpha-beta over the legal cards of the seat to act: winners of the trick first."""
        seat = (self.leader + self.n) & 3
        legal = self.legal()
        model = self.model
        noting = model is not None and self.model_exact
        if noting and model is not None and (self.modelled & self.fixed) >> seat & 1:
            legal = 1 << self._modelled(model, seat, legal)
        winners = legal & BEATS[self.trump][self.led][self.win_str] if self.n else legal
        ours = (seat & 1) == self.us
        best = -INFINITY if ours else INFINITY
        # The state a card changes, kept in locals (no allocation per node) to undo it.
        hand, leader, n, led, top = self.hands[seat], self.leader, self.n, self.led, self.top
        win_seat, win_str, tmask, tpts = self.win_seat, self.win_str, self.tmask, self.tpts
        p0, p1, r0, r1, w0, w1 = self.p0, self.p1, self.r0, self.r1, self.w0, self.w1
        zobrist = self.zobrist
        shown = self.shown
        for phase in range(2):
            cards = winners if phase == 0 else legal & ~winners
            for c in range(32):
                if not cards >> c & 1:
                    continue
                if self.nodes >= self.node_limit and best != (-INFINITY if ours else INFINITY):
                    return best  # out of nodes: the lines searched so far decide
                if noting:
                    self._note(seat, c)
                self._play(seat, c)
                self.nodes += 1
                value = self._search(alpha, beta)
                self.hands[seat] = hand
                self.zobrist = zobrist
                self.shown = shown
                self.leader, self.n, self.led, self.top = leader, n, led, top
                self.win_seat, self.win_str, self.tmask, self.tpts = win_seat, win_str, tmask, tpts
                self.left += 1
                if n == 3:  # the card completed a trick: take its score back
                    self.p0, self.p1, self.r0, self.r1, self.w0, self.w1 = p0, p1, r0, r1, w0, w1
                if ours:
                    if value > best:
                        best = value
                    if best > alpha:
                        alpha = best
                else:
                    if value < best:
                        best = value
                    if best < beta:
                        beta = best
                if alpha >= beta:
                    return best
        return best

    def _rough_value(self) -> int:
        """What a search cut short by its node limit counts: the points taken so far."""
        ours = self.p0 + self.r0 - self.p1 - self.r1
        return ours if self.us == 0 else -ours

    # ------------------------------------------------------------------ playout policy
    def _held(self, viewer: int, seat: int) -> int:
        """The cards ``seat`` holds as ``viewer``'s playout move sees them: the true hand,
        or for a blind viewer every card out in the other hands that ``seat`` has not shown
        a void in."""
        if not self.blind >> viewer & 1 or seat == viewer:
            return self.hands[seat]
        out = 0
        for k in range(1, 4):
            out |= self.hands[(viewer + k) & 3]
        for suit in range(SUIT_COUNT):
            if self.shown >> (seat * 4 + suit) & 1:
                out &= ~SUIT_MASK[suit]
        return out

    def _can_beat(self, viewer: int, seat: int, strength: int) -> bool:
        """Whether ``seat`` holds (as ``viewer`` sees it) a card that can beat ``strength``
        in the trick's led suit."""
        hand = self._held(viewer, seat)
        follow = hand & SUIT_MASK[self.led]
        beats = BEATS[self.trump][self.led][strength]
        return bool((follow if follow else hand) & beats)

    def _safe(self, seat: int, strength: int) -> bool:
        """No opponent of ``seat`` still to play in this trick can beat ``strength``."""
        for k in range(self.n + 1, 4):
            other = (self.leader + k) & 3
            if (other & 1) != (seat & 1) and self._can_beat(seat, other, strength):
                return False
        return True

    def _note(self, seat: int, card: int) -> None:
        """The voids ``seat`` shows by playing ``card`` now (``knowledge.infer_voids``)."""
        if self.n == 0 or card >> 3 == self.led:
            return
        self.shown |= 1 << (seat * 4 + self.led)
        if card >> 3 == self.trump:
            return
        forced = self.led == self.trump
        if not forced:  # would the weakest trump beside a third suit's card have to be played?
            other = (self.led + 1) & 3
            if other == self.trump:
                other = (other + 1) & 3
            partner = self.n >= 2 and (self.win_seat & 1) == (seat & 1)
            hand = 1 << (8 * self.trump) | 1 << (8 * other)
            allowed = legal_mask_at(hand, self.led, self.top, partner, self.trump, self.rules)
            forced = not allowed >> (8 * other) & 1
        if forced:
            self.shown |= 1 << (seat * 4 + self.trump)

    def _modelled(self, model: Model, seat: int, legal: int) -> int:
        """The normal heuristic's card (the lowest of its ties) from its own view."""
        hand = self.hands[seat]
        held = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        model.at(seat, hand, held & ~hand, self.shown)
        if count_bits(legal) == 1:
            chosen = legal
        elif self.n == 0 and self.fitted >> seat & 1:
            chosen = 1 << fitted_lead(model, legal, (seat & 1) == self.makers, self.chooser)
        elif self.n == 0:
            chosen = model.lead(legal, (seat & 1) == self.makers, self.chooser)
        else:
            best = 0
            strength = STRENGTH[self.trump][self.led]
            for c in range(32):
                if self.tmask >> c & 1 and strength[c] == self.win_str:
                    best = c
            partner = self.n >= 2 and (self.win_seat & 1) == (seat & 1)
            chosen = model.follow_at(
                legal, self.led, best, partner, self.tmask, self.leader, self.n
            )
        return (chosen & -chosen).bit_length() - 1

    def _move(self, seat: int, legal: int) -> int:
        """The policy's card, or with ``noise`` a random legal one."""
        model = self.model
        if model is not None and self.modelled >> seat & 1:
            return self._modelled(model, seat, legal)
        if self.noise and self.noisy >> seat & 1:
            x = self.rand
            x ^= (x << 13) & MASK64
            x ^= x >> 7
            x ^= (x << 17) & MASK64
            self.rand = x
            if (x & 0xFFFF) < self.noise:
                count = count_bits(legal)
                k = (x >> 16) % count
                for c in range(32):
                    if legal >> c & 1:
                        if k == 0:
                            return c
                        k -= 1
        return self._policy(seat, legal)

    def _policy(self, seat: int, legal: int) -> int:
        if self.n == 0:
            return self._lead(seat, legal)
        trump = self.trump
        led = self.led
        winners = legal & BEATS[trump][led][self.win_str]
        partner_wins = (self.win_seat & 1) == (seat & 1)
        flags = self.flags
        if partner_wins and self._safe(seat, self.win_str):
            if flags & (POLICY_ROEM | POLICY_MASTER):
                return self._smear(seat, legal)
            return _best(legal, trump, smear=True)
        safe = 0
        for c in range(32):
            if winners >> c & 1 and self._safe(seat, STRENGTH[trump][led][c]):
                safe |= 1 << c
        if safe:
            if flags & POLICY_ROEM:
                return self._cheapest(safe, True)
            return _best(safe, trump, smear=False)
        last = self.n == 3
        high = flags & POLICY_HIGH and self.n == 2
        if winners and not partner_wins and (last or self.tpts >= 10 or high):
            if flags & POLICY_ROEM:
                return self._cheapest(winners, True)
            return _best(winners, trump, smear=False)
        if flags & POLICY_ROEM:
            return self._cheapest(legal, partner_wins)
        return _best(legal, trump, smear=False)

    def _cheapest(self, cards: int, ours: bool) -> int:
        """The cheapest card of ``cards`` counting the roem it adds to the trick so far: a
        gain in a trick taken by ``ours`` (our side), a cost in the opponents'."""
        trump = self.trump
        tmask = self.tmask
        best_card = -1
        best_key = -INFINITY
        for c in range(32):
            if cards >> c & 1:
                roem = self._roem_of(tmask | 1 << c) * 16
                key = -CHEAP[trump][c] + (roem if ours else -roem)
                if key > best_key:
                    best_key = key
                    best_card = c
        return best_card

    def _smear(self, seat: int, legal: int) -> int:
        """The card giving the partner's safe trick the most (points, roem with
        POLICY_ROEM), side cards before trumps, masters kept with POLICY_MASTER."""
        trump = self.trump
        flags = self.flags
        others = 0
        for k in range(1, 4):
            others |= self.hands[(seat + k) & 3]
        best_card = -1
        best_key = -INFINITY
        for c in range(32):
            if not legal >> c & 1:
                continue
            suit = c >> 3
            key = POINTS[trump][c] * 16
            if suit == trump:
                key -= SMEAR_TRUMP_PENALTY * 16
            elif flags & POLICY_MASTER and _master(trump, c, others):
                key -= MASTER_KEEP * 16
            if flags & POLICY_ROEM:
                key += self._roem_of(self.tmask | 1 << c) * 16
            if key > best_key:
                best_key = key
                best_card = c
        return best_card

    def _lead(self, seat: int, legal: int) -> int:
        trump = self.trump
        left = self._held(seat, (seat + 1) & 3)
        right = self._held(seat, (seat + 3) & 3)
        sure = 0
        for c in range(32):
            if not legal >> c & 1:
                continue
            suit = c >> 3
            beats = BEATS[trump][suit][STRENGTH[trump][suit][c]]
            left_beats = _beaten(left, suit, beats)
            if not left_beats and not _beaten(right, suit, beats):
                sure |= 1 << c
        opponents_trump = (left | right) & SUIT_MASK[trump]
        if sure & SUIT_MASK[trump] and opponents_trump and (seat & 1) == self.makers:
            return _best(sure & SUIT_MASK[trump], trump, smear=True)
        if (
            self.flags & POLICY_PULL
            and opponents_trump
            and (seat & 1) == self.makers
            and legal & SUIT_MASK[trump]
            and self._partner_master_trump(seat)
        ):
            return _best(legal & SUIT_MASK[trump], trump, smear=False)
        if sure:
            return _best(sure, trump, smear=True)
        # A blind seat does not know the partner's winners.
        to_partner = 0 if self.blind >> seat & 1 else self._partner_suits(seat, legal)
        if to_partner:  # a low card to the partner's sure winner ("naar de maat")
            return _best(to_partner, trump, smear=False)
        best_card = -1
        best_cost = INFINITY
        for c in range(32):
            if legal >> c & 1:
                cost = CHEAP[trump][c] + (LEAD_TEN_PENALTY * 16 if POINTS[trump][c] == 10 else 0)
                if cost < best_cost:
                    best_cost = cost
                    best_card = c
        return best_card

    def _partner_master_trump(self, seat: int) -> bool:
        """Whether the partner holds the highest trump still out."""
        trump = self.trump
        others = self.hands[(seat + 1) & 3] | self.hands[(seat + 3) & 3] | self.hands[seat]
        partner = self.hands[(seat + 2) & 3] & SUIT_MASK[trump]
        return any(partner >> c & 1 and _master(trump, c, others) for c in range(32))

    def _partner_suits(self, seat: int, legal: int) -> int:
        """The side-suit cards of ``legal`` whose suit the partner holds a card in that
        neither opponent can beat when it is led: leading one lets the partner take the
        trick (and the points this seat's partner adds to it)."""
        trump = self.trump
        partner = self.hands[(seat + 2) & 3]
        cards = 0
        for suit in range(SUIT_COUNT):
            ours = legal & SUIT_MASK[suit]
            if suit == trump or not ours:
                continue
            theirs = partner & SUIT_MASK[suit]
            for c in range(32):
                if not theirs >> c & 1:
                    continue
                beats = BEATS[trump][suit][STRENGTH[trump][suit][c]]
                if not _beaten(self.hands[(seat + 1) & 3], suit, beats) and not _beaten(
                    self.hands[(seat + 3) & 3], suit, beats
                ):
                    cards |= ours
                    break
        return cards


def _master(trump: int, card: int, others: int) -> bool:
    """Whether ``others`` (the cards out in other hands) hold no higher card of ``card``'s
    suit: it wins any trick led in that suit."""
    suit = card >> 3
    return not others & BEATS[trump][suit][STRENGTH[trump][suit][card]] & SUIT_MASK[suit]


def _beaten(hand: int, suit: int, beats: int) -> bool:
    follow = hand & SUIT_MASK[suit]
    return bool((follow if follow else hand) & beats)


def _best(cards: int, trump: int, smear: bool) -> int:
    """The cheapest card of ``cards`` or, with ``smear``, the one giving the most points
    (side cards before trumps)."""
    best_card = -1
    best_key = -INFINITY
    for c in range(32):
        if cards >> c & 1:
            if smear:
                key = POINTS[trump][c] - (SMEAR_TRUMP_PENALTY if c >> 3 == trump else 0)
            else:
                key = -CHEAP[trump][c]
            if key > best_key:
                best_key = key
                best_card = c
    return best_card
