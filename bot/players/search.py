"""The strong computer player: determinized search over deals its seat finds plausible.

For each decision it samples deals of the unseen cards (``sampling.py``: only what the
seat's view shows, with what the play and the bidding reveal) and, on each sampled deal,
values every legal card with ``solver.Solver``: the real hand score (nat, pit, roem, the
last trick) searched exactly over the last tricks, a greedy perfect-information playout
before them. The card with the best total over the samples is played. Trump is chosen the
same way: each allowed suit is played out on the samples, and passing is valued by letting
the other seats bid on the sample as the heuristic would, then playing out what they name.

Against two normal computers the opponents are modelled (``MODEL_OPTIONS``; docs/benchmarks.md,
"A model of the other seats"): a sampled deal is kept with the likelihood of the opponents'
plays so far under ``opponent_model.py`` (the normal heuristic's card play on masks,
taken to be wrong one time in ``1 / model_eps``), drawn again up to ``model_tries`` times,
and only deals on which their bids are the heuristic's (``bid_exact``); on the kept deal
every seat plays the model's card in the playout before the exact endgame
(``model_policy``), and the opponents play it in the exact search too (``model_exact``,
``model_exact_seats``), so there only our pair's choices are searched. The model's playout
does not look at the hidden cards of the sampled deal, which the greedy policy does: our
pair's future play is then valued as it will be played, not as if it could see the cards.
Only the seat's view enters: the model is asked about sampled deals, never the real one.
Each of these is an argument (benchmarks/ai.py flags), so ``model_eps=0,
model_policy=""`` gives the plain player. Against anyone else (``UNKNOWN_OPTIONS``) no one
is modelled: only its own pair's playout is the model's card, the part that needs no model
of the opponents (docs/benchmarks.md, "Against unknown opponents").

A decision stops sampling when its time budget is spent (checked after each sample, with an
injectable clock), so it takes at most the budget plus one sample's work. ``node_budget``
adds a bound in search nodes instead of time: the benchmark compares variants with it, so a
strength difference is not a difference in how busy the shared machine was. An ``Effort``
is that bound alone, without the clock: a player made with one (``make_player(...,
effort=...)``) decides the same whatever the load, which a duplicate challenge needs, where
everyone must meet the same computers.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from bot.engine import (
    CARDS,
    Card,
    Hand,
    Phase,
    RuleSet,
    Suit,
    find_hand_roem,
    left_of,
    pair_of,
    roem_of_trick,
)
from bot.engine.cards import cards_of
from bot.engine.seats import FOUR_SEATS
from bot.engine.tricks import scored_points

from .base import SeatView
from .bidding import choose_suit
from .calls import answered
from .heuristic import HeuristicPlayer
from .opponent_model import Event, Likelihood, Model, Sampler, voids_of
from .sampling import (
    BID_TRIES,
    CALL_MARGIN,
    CALL_TRIES,
    DEAL_TRIES,
    NAME_MARGIN,
    PASS_MARGIN,
    Deduction,
    calls_miss,
    other_answers,
    sample_for,
)
from .solver import Solver

BUDGET_MS = 150.0
MAX_SAMPLES = 400  # beyond this the averages hardly move
EXACT_CARDS = 12  # the last three tricks are searched exactly on every sample
MODEL_EPS = 0.1  # how often the model of the opponents is taken to miss their card
MODEL_TRIES = 8  # deals drawn per sample before the most likely of them is kept
MODEL_POLICY = "all"  # the model's cards in playouts for: them, us, others, all, "" none
# The model as shipped, used only where both opponents are normal computers
# (bot/players/__init__.py, make_player): then it is their exact play, so their bids and
# cards weigh the deals and they play the model's card everywhere; our pair plays it too
# before the exact endgame, where our pair's cards are searched ("them": docs/benchmarks.md,
# "Our pair's playout by the model": a playout in which our pair does not see the hidden
# cards is worth +10 a hand). Against other players the model was not better (docs/decisions.md),
# so the default is the plain search.
MODEL_OPTIONS: Final = {
    "model_eps": MODEL_EPS,
    "model_policy": MODEL_POLICY,
    "model_exact": True,
    "model_exact_seats": "them",
    "bid_exact": True,
}
# The strong player everywhere else (people, strong computers, hints, analysis), where no
# one is modelled: its own pair's later cards in the playout are the normal player's choice
# from its own view of the sampled deal, the opponents' the greedy policy's, and the exact
# endgame searches every seat (docs/benchmarks.md, "Our pair's playout without sight of the
# hidden cards": +3.1 a hand over 2,400 deal pairs against two kinds of opponent).
UNKNOWN_OPTIONS: Final[dict[str, Any]] = {"model_policy": "us", "model_exact_seats": "them"}
Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class Effort:
    """A fixed search effort instead of a time budget: each decision samples until its search
    has visited ``nodes`` nodes (checked after each sample) or drew ``samples`` deals, never
    looking at the clock, so it is a pure function of the seed and the view. 80,000 nodes is
    roughly what the 150 ms budget buys on a loaded machine (docs/benchmarks.md).

    ``own_view``: against unknown opponents the player plays ``UNKNOWN_OPTIONS``; False
    keeps the plain search it played before those options, so a challenge opened then
    (its effort stored without this field) meets the same computers to its close."""

    nodes: int = 80_000
    samples: int = MAX_SAMPLES
    own_view: bool = True

    def __post_init__(self) -> None:
        if self.nodes < 1 or self.samples < 1:
            raise ValueError("an effort needs at least one node and one sample")

    def options(self) -> dict[str, Any]:
        """The ``SearchPlayer`` arguments of this effort: no time limit, the two bounds."""
        return {"budget_ms": math.inf, "max_samples": self.samples, "node_budget": self.nodes}

    @classmethod
    def stored(cls, data: dict[str, Any]) -> Effort:
        """An effort as a challenge stored it; one stored before ``own_view`` existed
        plays as it did then."""
        return cls(**{"own_view": False, **data})


class SearchPlayer:
    """See the module doc. ``budget_ms`` bounds each decision's sampling; ``clock`` (seconds)
    is injectable so tests can check the budget without timing the machine."""

    def __init__(
        self,
        seed: int | str,
        budget_ms: float = BUDGET_MS,
        clock: Clock = time.perf_counter,
        max_samples: int = MAX_SAMPLES,
        exact_cards: int = EXACT_CARDS,
        node_budget: int | None = None,
        playouts: int = 1,
        noise: float = 0.0,
        policy: int = 0,
        bid_margin: float | None = None,
        noisy: str = "all",
        model_eps: float = 0.0,
        model_seats: str = "them",
        model_tries: int = MODEL_TRIES,
        model_policy: str = "",
        model_exact: bool = True,
        bid_exact: bool = False,
        model_exact_seats: str = "policy",
        inference: str = "model",
        blind: str = "",
        trump_policy: str | None = None,
        fitted: str = "",
        prior: float = 0.0,
        prior_follow: float = 0.0,
    ) -> None:
        self.rng = random.Random(f"search/{seed}")
        self.budget = budget_ms / 1000.0
        self.clock = clock
        self.max_samples = max_samples
        self.exact_cards = exact_cards
        self.node_budget = node_budget
        # Experiment knobs (benchmarks/ai.py): playouts per sample and card, the chance that
        # a playout move is random, the solver's POLICY_* bits, the bidding margins.
        self.playouts = playouts
        self.noise = round(noise * 65536)
        self.policy = policy
        self.bid_margin = bid_margin
        self.noisy = noisy  # whose playout moves are noisy: "all", "us" or "them"
        # Likelihood-weighted sampling (model.py): with model_eps > 0, a sampled deal is
        # kept with the likelihood of the modelled seats' plays under the heuristic's model
        # ("them": the opponents, "all": the partner too); of model_tries deals that all
        # fail, the most likely one is kept (0 turns the sampling by likelihood off).
        self.model_eps = model_eps
        self.model_seats = model_seats
        self.model_tries = model_tries
        # What weighs the plays: "model", the normal heuristic's choices; "sound", only
        # what any sound player does (model.sound_follows): no model of the opponents.
        self.inference = inference
        # Whose greedy playout moves judge the other hands from their own view, not seeing
        # the sample's hidden cards ("us", "them", "all"; "" nobody): solver.Solver.blind.
        self.blind = blind
        # The model as the playout policy of some seats ("them": the opponents, "others":
        # the three other seats, "all"; "" the greedy policy for every seat).
        self.model_policy = model_policy
        # The same for the playouts that value the trump choice (None: as in the card play).
        self.trump_policy = model_policy if trump_policy is None else trump_policy
        # Which of the model-policy seats lead by ``leads.fitted_lead`` ("us", "all"; "" none).
        self.fitted = fitted
        # Points the normal player's own card gets before the values are compared, at a
        # lead and at a follow: the search leaves it only for a card it values that much
        # higher (0: no prior).
        self.prior = prior
        self.prior_follow = prior_follow
        # The normal player whose card gets the prior (only with a prior).
        self._normal = HeuristicPlayer(f"prior/{seed}") if prior or prior_follow else None
        # A ledig hand (docs/rules.md 2.10) has no trump and three cards a trick, which the
        # solver does not play: the normal player's card instead.
        self._ledig_player = HeuristicPlayer(f"ledig/{seed}")
        self.model_exact = model_exact  # those seats play the model's card in the search too
        # Which of them: "policy" all the model_policy seats, "them" the opponents only (our
        # pair's playouts by the model, its exact search still branching).
        self.model_exact_seats = model_exact_seats
        # The modelled seats' bids read exactly as the heuristic bids (no margins, the suit
        # named is their strongest), and the trump choice samples with the compiled sampler;
        # only with the model on (model_eps > 0), so model_eps=0 is the plain player still.
        self.bid_exact = bid_exact and model_eps > 0
        self.tried = 0  # deals drawn by the last decision (with the model: tries included)
        self.samples = 0  # samples used by the last decision
        self.nodes = 0  # search nodes of the last decision
        # The last decision's options with their mean value over the samples (our pair's
        # score minus theirs): what a hint explains its advice with.
        self.card_values: dict[Card, float] = {}
        self.trump_values: dict[Suit | None, float] = {}
        self.call_values: dict[bool, float] = {}

    # ------------------------------------------------------------------ play
    def choose_card(self, view: SeatView) -> Card:
        """The legal card with the best mean score over sampled deals, each solved exactly;
        the only legal card without a search."""
        self.card_values, self.samples = {}, 0
        if view.ledig is not None:  # the search assumes trump and four cards a trick
            return self._ledig_player.choose_card(view)
        search = self._card_search(view)
        if search is None:
            return view.legal[0]
        solver, know, likely = search
        points, roem, won = _totals(view)
        totals = dict.fromkeys(view.legal, 0)
        current = [int(c) for c in view.current]
        self._run(
            lambda: self._value_cards(
                view, know, solver, current, (points, roem, won), totals, likely
            ),
            lambda: solver.nodes,
        )
        self.nodes = solver.nodes
        runs = self.samples * self.playouts
        self.card_values = {card: total / runs for card, total in totals.items()}
        bias = self.prior_follow if view.current else self.prior
        if bias and self._normal is not None:
            self.card_values[self._normal.choose_card(view)] += bias
            return max(view.legal, key=lambda c: self.card_values[c])
        # Ties go to the cheapest card in deck order: keeps the choice reproducible.
        return max(view.legal, key=lambda c: totals[c])

    def _card_search(self, view: SeatView) -> tuple[Solver, Deduction, Likelihood | None] | None:
        """What a card decision searches with: the solver on the view's trump, what the
        view reveals, the model's likelihood (None without it); None when the seat has one
        legal card (nothing to search). Shared with the IS-MCTS player."""
        if not view.legal:
            raise ValueError("choose_card asked when the seat has no legal card")
        if len(view.legal) == 1:
            return None
        if view.trump is None or view.makers is None:
            raise ValueError("choose_card asked before trump is chosen")
        chooser = -1 if view.chooser is None else view.chooser
        solver = self._solver(view.trump, view.makers, view, chooser, _voids(view))
        know = Deduction.of(view)
        likely = self._likelihood(view, know) if self.model_eps > 0 else None
        self.tried = 0
        return solver, know, likely

    def _value_cards(
        self,
        view: SeatView,
        know: Deduction,
        solver: Solver,
        current: list[int],
        state: tuple[tuple[int, int], tuple[int, int], tuple[int, int]],
        totals: dict[Card, int],
        likely: Likelihood | None = None,
    ) -> None:
        hands = self._sample(view, know, likely)
        solver.setup(hands, view.leader, current, *state)
        for card in view.legal:
            for _ in range(self.playouts):
                totals[card] += solver.value_of(card, self.exact_cards)

    def _sample(self, view: SeatView, know: Deduction, likely: Likelihood | None) -> list[int]:
        """A deal for the seat: with the model, accepted with its plays' likelihood."""
        if likely is None:
            self.tried += 1
            return sample_for(view, know, self.rng, self.bid_margin)
        best, best_weight = None, -1.0
        for _ in range(self.model_tries):
            hands = likely.sampler.deal(self.rng.getrandbits(64))
            self.tried += 1
            weight = likely.weight(hands)
            if self.rng.random() < weight:
                return hands
            if weight > best_weight:
                best, best_weight = hands, weight
        assert best is not None
        return best

    def _likelihood(self, view: SeatView, know: Deduction) -> Likelihood:
        """The observed plays of the modelled seats, for ``model.Likelihood``, with the
        compiled sampler of deals (the same draws as ``sample_for``, faster: a model
        rejects most deals, so it draws several per sample)."""
        assert view.trump is not None and view.makers is not None
        trump = int(view.trump)
        chooser = -1 if view.chooser is None else view.chooser
        sequences = played(view)
        after = FOUR_SEATS.after
        plays = [(after(lead, i), c) for lead, cards in sequences for i, c in enumerate(cards)]
        modelled = self._modelled_seats(view)
        events: list[Event] = []
        before, k = 0, 0
        for t, (leader, cards) in enumerate(sequences):
            for i, card in enumerate(cards):
                seat = after(leader, i)
                if modelled >> seat & 1:
                    prefix = cards[:i]
                    voids = voids_of([*sequences[:t], (leader, prefix)], trump, view.rules)
                    later = 0
                    for s, c in plays[k:]:
                        if s == seat:
                            later |= 1 << c
                    maker = pair_of(seat) == view.makers
                    events.append(
                        Event(
                            seat, card, leader, prefix, before, voids, later, maker, chooser, trump
                        )
                    )
                before |= 1 << card
                k += 1
        return Likelihood(
            Model(trump, view.rules),
            events,
            self.model_eps,
            self._sampler(view, know),
            self.inference == "sound",
        )

    def _modelled_seats(self, view: SeatView) -> int:
        """The seats (bits) whose plays and bids the model explains: the opponents, or with
        ``model_seats`` "all" every other seat."""
        which = "others" if self.model_seats == "all" else "them"
        return _seats(which, view.pair, view.seat)

    def _sampler(self, view: SeatView, know: Deduction) -> Sampler:
        """The compiled sampler of deals for ``view`` (``sampling.sample_for`` on masks);
        with ``bid_exact`` the modelled seats' bids are read as the heuristic makes them."""
        bids = [
            (
                b.seat,
                -1 if b.suit is None else int(b.suit),
                sum(1 << s for s in b.suits),
                int(b.free),
            )
            for b in view.bids
            if b.seat != view.seat
        ]
        pass_margin = round(PASS_MARGIN if self.bid_margin is None else self.bid_margin)
        name_margin = round(NAME_MARGIN if self.bid_margin is None else self.bid_margin)
        exact = self._modelled_seats(view) if self.bid_exact else 0
        misses = _calls_misses(view, know, exact)
        return Sampler(
            know.seat,
            know.mine,
            know.unseen,
            list(know.counts),
            list(know.allowed),
            list(know.played),
            bids,
            pass_margin,
            name_margin,
            DEAL_TRIES,
            CALL_TRIES if misses is not None else BID_TRIES,
            exact,
            misses,
        )

    def wants_claim(self, view: SeatView) -> bool:
        """Claims the roem of tricks this seat captured itself; a trick its partner took is
        the partner's to claim (a human partner claims their own; a computer partner does)."""
        trick = view.last_trick
        if not view.claim_open or trick is None or view.trump is None:
            return False
        if trick.winner != view.seat:
            return False
        return bool(roem_of_trick(trick.cards, view.trump, view.rules))

    # ------------------------------------------------------------------ trump
    def choose_trump(self, view: SeatView) -> Suit | None:
        """The choice (a suit or None to pass) with the best mean score over sampled deals."""
        options = view.trump_options
        self.trump_values, self.samples = {}, 0
        if options is None or not options.suits:
            raise ValueError("choose_trump asked when the seat may not choose trump")
        if len(options.suits) == 1 and not options.can_pass:
            return options.suits[0]
        know = Deduction.of(view)
        choices: list[Suit | None] = list(options.suits)
        if options.can_pass:
            choices.append(None)
        totals: dict[Suit | None, int] = dict.fromkeys(choices, 0)
        self.nodes = 0
        sampler = self._sampler(view, know) if self.bid_exact else None
        self._run(
            lambda: self._value_trumps(view, know, choices, totals, sampler), lambda: self.nodes
        )
        runs = self.samples * self.playouts
        self.trump_values = {choice: total / runs for choice, total in totals.items()}
        return max(choices, key=lambda s: (totals[s], s is None))

    def _value_trumps(
        self,
        view: SeatView,
        know: Deduction,
        choices: list[Suit | None],
        totals: dict[Suit | None, int],
        sampler: Sampler | None,
    ) -> None:
        if sampler is None:
            hands = sample_for(view, know, self.rng, self.bid_margin)
        else:
            hands = sampler.deal(self.rng.getrandbits(64))
        for choice in choices:
            if choice is None:
                trump, makers, chooser = _after_pass(view, hands)
            else:
                trump, makers, chooser = choice, _makers(view, view.seat), view.seat
            roem = sample_hand_roem(hands, Suit(trump), view.rules)
            totals[choice] += self._play_out(view, hands, trump, makers, chooser, roem)

    def _play_out(
        self,
        view: SeatView,
        hands: list[int],
        trump: int,
        makers: int,
        chooser: int,
        roem: tuple[int, int] = (0, 0),
        calls: int = 0,
    ) -> int:
        """The sampled deal played out from the first lead on ``trump``, with the hand roem
        ``roem`` counted and ``calls`` made; our pair's score minus theirs."""
        solver = self._solver(trump, makers, view, chooser, 0, self.trump_policy)
        solver.calls = calls
        solver.setup(hands, left_of(view.dealer), [], (0, 0), roem, (0, 0))
        value = 0
        for _ in range(self.playouts):
            value += solver.playout_value(self.exact_cards)
        self.nodes += solver.nodes
        return value

    def _solver(
        self,
        trump: int,
        makers: int,
        view: SeatView,
        chooser: int,
        voids: int,
        policy: str | None = None,
    ) -> Solver:
        """A solver for one decision on ``trump``, with this player's playout options;
        ``policy`` replaces ``model_policy`` (the trump choice's own)."""
        policy = self.model_policy if policy is None else policy
        solver = Solver(trump, makers, view.pair, view.rules)
        solver.calls = len(view.calls)
        if policy:
            solver.model = Model(trump, view.rules)
            solver.chooser, solver.voids = chooser, voids
            solver.model_exact = self.model_exact
            exact = "them" if self.model_exact_seats == "them" else "all"
            solver.fixed = _seats(exact, view.pair, view.seat)
            solver.modelled = _seats(policy, view.pair, view.seat)
            if self.fitted:
                solver.fitted = _seats(self.fitted, view.pair, view.seat)
        if self.blind:
            solver.voids = voids
            solver.blind = _seats(self.blind, view.pair, view.seat)
        solver.noise = self.noise
        solver.flags = self.policy
        if self.noisy != "all":
            noisy = "us" if self.noisy == "us" else "them"
            solver.noisy = _seats(noisy, view.pair, view.seat)
        if self.noise:
            solver.rand = self.rng.getrandbits(64) | 1
        return solver

    # ------------------------------------------------------------------ calls
    def wants_call(self, view: SeatView) -> bool:
        """Calls when, over sampled deals played out, the mean result with the call (the
        next multiplier) beats the mean result of passing (docs/rules.md 2.5): each sample
        is played out both ways, with the deal's hand roem counted and, after the call,
        the other pair's answer where its cards in the sample reach the normal player's
        bar for the next call (``calls.answered``)."""
        if view.call_level is None or view.trump is None or view.makers is None:
            raise ValueError("wants_call asked when the seat may not call")
        know = Deduction.of(view)
        totals = {False: 0, True: 0}
        self.call_values, self.samples, self.nodes = {}, 0, 0
        self._run(lambda: self._value_call(view, know, totals), lambda: self.nodes)
        self.call_values = {call: total / self.samples for call, total in totals.items()}
        return totals[True] > totals[False]

    def _value_call(self, view: SeatView, know: Deduction, totals: dict[bool, int]) -> None:
        assert view.trump is not None and view.makers is not None and view.chooser is not None
        hands = sample_for(view, know, self.rng, self.bid_margin)
        roem = sample_hand_roem(hands, view.trump, view.rules)
        calls = len(view.calls)
        dealt = [[CARDS[c] for c in cards_of(h)] for h in hands]
        answer = answered(dealt, view.chooser, calls + 1, view.trump, view.rules)
        for call, made in ((False, calls), (True, calls + 1 + answer)):
            value = self._play_out(view, hands, view.trump, view.makers, view.chooser, roem, made)
            totals[call] += value

    # ------------------------------------------------------------------ budget
    def _run(self, sample: Callable[[], None], nodes: Callable[[], int]) -> None:
        """Call ``sample`` until the budget is spent (at least once, at most max_samples);
        ``nodes`` reads the decision's search nodes so far, for the node budget."""
        start = self.clock()
        self.samples = 0
        while self.samples < self.max_samples:
            sample()
            self.samples += 1
            if self.clock() - start >= self.budget:
                break
            if self.node_budget is not None and nodes() >= self.node_budget:
                break


def _calls_misses(
    view: SeatView, know: Deduction, exact: int
) -> Callable[[list[int]], float] | None:
    """``sampling.calls_miss`` for the compiled sampler, None without calls: the ``exact``
    seats (bits) call as the normal player does, so their calls are read without margin."""
    answers = other_answers(view)
    if not answers:
        return None
    modelled = [a for a in answers if exact >> a[0] & 1]
    others = [a for a in answers if not exact >> a[0] & 1]
    return lambda hands: (
        calls_miss(view, know, modelled, hands, 0.0)
        + calls_miss(view, know, others, hands, CALL_MARGIN)
    )


def _seats(which: str, pair: int, seat: int) -> int:
    """The seats (bits) ``which`` names for a seat of ``pair``: "them" the other pair, "us"
    its own, "others" all but ``seat``, "all" four."""
    everyone, ours = FOUR_SEATS.all_mask, FOUR_SEATS.side_mask(pair)
    others = everyone & ~(1 << seat)
    return {"them": everyone & ~ours, "us": ours, "others": others, "all": everyone}[which]


def _makers(view: SeatView, chooser: int) -> int:
    """The pair that must make the hand if ``chooser`` names trump (drawn: fixed in advance)."""
    if view.rules.trump_selection == "drawn":
        return pair_of(left_of(view.dealer))
    return pair_of(chooser)


def played(view: SeatView) -> list[tuple[int, list[int]]]:
    """The hand's tricks so far as (leader, cards), the one in progress last: what the
    mask functions of ``opponent_model.py`` read."""
    sequences = [(t.leader, [int(c) for c in t.cards]) for t in view.tricks]
    if view.current:
        sequences.append((view.leader, [int(c) for c in view.current]))
    return sequences


def _voids(view: SeatView) -> int:
    """The voids every seat has shown so far (``model.voids_of``)."""
    assert view.trump is not None
    return voids_of(played(view), int(view.trump), view.rules)


def _after_pass(view: SeatView, hands: list[int]) -> tuple[Suit, int, int]:
    """Trump and makers if the seat passes now: the bidding seen so far is replayed on the
    sampled deal (the engine's Hand keeps the turns and options), then every seat bids as
    the heuristic would with the cards it holds in the sample."""
    cards = [[CARDS[c] for c in cards_of(h)] for h in hands]
    hand = Hand.from_cards(view.rules, view.dealer, cards, view.proposal)
    for bid in view.bids:
        hand.pass_trump(bid.seat)
    hand.pass_trump(view.seat)
    while hand.phase == Phase.TRUMP:
        seat = hand.to_act
        assert seat is not None
        suit = choose_suit(hand.holdings[seat], hand.trump_options(seat))
        if suit is None:
            hand.pass_trump(seat)
        else:
            hand.choose_trump(seat, suit)
    assert hand.trump is not None and hand.makers is not None and hand.chooser is not None
    return hand.trump, hand.makers, hand.chooser


def _totals(view: SeatView) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """Card points, credited roem and tricks per pair so far. Roem of the last trick while
    its claim window is open counts as credited: its pair can still claim it."""
    points, roem, won = [0, 0], [0, 0], [0, 0]
    assert view.trump is not None
    for i, trick in enumerate(view.tricks):
        pair = pair_of(trick.winner)
        points[pair] += scored_points(trick.cards, view.trump, view.rules)
        won[pair] += 1
        open_claim = i == len(view.tricks) - 1 and not view.current
        if trick.claimed or (open_claim and view.rules.roem_claiming == "manual"):
            roem[pair] += roem_of_trick(trick.cards, view.trump, view.rules).points
    roem = [roem[0] + view.hand_roem[0], roem[1] + view.hand_roem[1]]
    return (points[0], points[1]), (roem[0], roem[1]), (won[0], won[1])


def sample_hand_roem(hands: list[int], trump: Suit, rules: RuleSet) -> tuple[int, int]:
    """The hand roem each pair scores on a sampled deal (mask hands, as dealt); nothing
    where the rules count no hand roem."""
    if not rules.hand_roem:
        return (0, 0)
    dealt = [[CARDS[c] for c in cards_of(h)] for h in hands]
    return find_hand_roem(dealt, trump, rules).points
