"""Card play by information-set Monte Carlo tree search (an experiment; default off).

``SearchPlayer`` values each legal card on each sampled deal as if every seat saw every card
from then on (perfect-information Monte Carlo): its own later choices are made knowing the
sample, which overrates lines that need to guess right ("strategy fusion"). This player
searches one tree over what its seat *sees* instead (single-observer IS-MCTS, Cowling,
Powley and Whitehouse 2012): a node is the public sequence of cards played from the current
decision on, shared by every deal the seat finds plausible. Each iteration samples a deal
(``sampling.py``, as the search player does), descends the tree choosing among the cards
legal in that deal by UCB with availability counts (a card is compared only over the deals
in which it could be played), adds one node, and finishes the hand with the solver's
playout (exact alpha-beta over the last ``exact_cards``). The value backed up is the
hand's real score, our pair's minus theirs (``Solver.final_value``). Seats of our pair
choose to raise it, the other pair to lower it.

Trump is chosen as ``SearchPlayer`` chooses it. Deals are drawn afresh until ``pool`` of
them are in hand, then reused in turn: a sample costs about a third of an iteration, and
the solver's transposition table remembers the endings of deals seen before. With the
opponent model (``model_eps``, ``model_policy``: SearchPlayer's arguments) it samples and
plays out as SearchPlayer does, and the seats its exact search holds to the model
(``model_exact_seats``) play the model's card in the descent too: the tree searches only
the other seats' choices.

Measured (docs/benchmarks.md, "IS-MCTS"): no better than SearchPlayer
(paired +1.9, CI -3.5..+7.3 over 600 deal pairs with ``paired`` and ``widen``), so it is
an option of ``benchmarks/ai.py`` (``--card-search ismcts``), not a level.
"""

from __future__ import annotations

import math
import time
from typing import Any

from bot.engine import Card
from bot.players.base import SeatView
from bot.players.search import BUDGET_MS, EXACT_CARDS, Clock, SearchPlayer, _totals
from bot.players.solver import INFINITY, Solver

EXPLORATION = 60.0  # UCB's constant, in hand points (a hand's spread is about 70)
MAX_ITERATIONS = 4000
POOL = 400  # distinct deals per decision before they are reused


class Node:
    """A public move sequence from the decision. ``visits`` and ``total`` (our pair's value
    summed) count the iterations through the move that led here; ``avail`` those in which
    that move was legal when its parent was visited."""

    __slots__ = ("avail", "children", "expanded", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.expanded = 0  # the cards of ``children`` as a mask
        self.visits = 0
        self.total = 0
        self.avail = 0


class ISMCTSPlayer(SearchPlayer):
    """``SearchPlayer`` with the card play searched by IS-MCTS (module doc). ``exploration``
    is UCB's constant in points, ``max_iterations`` bounds a decision beside the budget."""

    def __init__(
        self,
        seed: int | str,
        budget_ms: float = BUDGET_MS,
        clock: Clock = time.perf_counter,
        exact_cards: int = EXACT_CARDS,
        node_budget: int | None = None,
        exploration: float = EXPLORATION,
        max_iterations: int = MAX_ITERATIONS,
        pool: int = POOL,
        paired: bool = False,
        widen: float = 0.0,
        tree: str = "all",
        **options: Any,
    ) -> None:
        super().__init__(
            seed,
            budget_ms=budget_ms,
            clock=clock,
            exact_cards=exact_cards,
            node_budget=node_budget,
            **options,
        )
        self.exploration = exploration
        self.max_iterations = max_iterations
        self.pool = pool
        # Every legal card of the decision on every deal (as SearchPlayer compares them: the
        # same deals for all, so the luck of the deals cancels), the tree below each card.
        self.paired = paired
        # With ``widen``, a node adds the playout policy's card first and another card only
        # while it has fewer than ``widen`` * sqrt(visits) children (progressive widening):
        # a new node's first replies are the policy's, not random ones. 0: every legal card
        # is added before any is chosen again (the plain algorithm).
        self.widen = widen
        # Whose moves the tree searches: "all" seats, "us" (our pair) or "self"; the others
        # play the playout policy's card on the deal (as in SearchPlayer's playouts).
        if tree not in ("all", "us", "self"):
            raise ValueError(f"tree must be all, us or self, not {tree!r}")
        self.tree = tree
        self.seat = 0  # the deciding seat, set by each decision
        self.iterations = 0  # iterations of the last decision

    def choose_card(self, view: SeatView) -> Card:
        """The card the search over sampled deals rates best; the only legal card without a
        search."""
        self.card_values, self.samples, self.iterations = {}, 0, 0
        search = self._card_search(view)
        if search is None:
            return view.legal[0]
        solver, know, likely = search
        self.seat = view.seat
        points, roem, won = _totals(view)
        current = [int(c) for c in view.current]
        root = Node()
        deals: list[list[int]] = []
        start = self.clock()
        while self.iterations < self.max_iterations:
            if len(deals) < self.pool:
                deals.append(self._sample(view, know, likely))
                hands = deals[-1]
            else:
                hands = deals[self.iterations % self.pool]
            solver.setup(hands, view.leader, current, points, roem, won)
            if self.paired:
                for card in view.legal:
                    child = root.children.get(int(card))
                    if child is None:
                        child = root.children[int(card)] = Node()
                    child.avail += 1
                    solver.shown = solver.voids
                    self._play(solver, solver.to_act, int(card))
                    self._iterate(solver, child, [child])
            else:
                solver.shown = solver.voids
                self._iterate(solver, root, [])
                root.visits += 1
            self.iterations += 1
            if self.clock() - start >= self.budget:
                break
            if self.node_budget is not None and solver.nodes >= self.node_budget:
                break
        self.samples = len(deals)
        self.nodes = solver.nodes
        children = root.children
        self.card_values = {
            c: children[int(c)].total / children[int(c)].visits
            for c in view.legal
            if int(c) in children and children[int(c)].visits
        }
        if self.paired:  # the best mean over the same deals
            return max(view.legal, key=lambda c: self.card_values[c])
        # The most visited card; ties to the better mean, then the cheaper card in deck order.
        return max(
            view.legal,
            key=lambda c: (
                children[int(c)].visits if int(c) in children else 0,
                self.card_values.get(c, -math.inf),
            ),
        )

    def _iterate(self, solver: Solver, node: Node, path: list[Node]) -> None:
        """One descent on the loaded deal from ``node`` (``path`` leads to it), one new node,
        the playout, the backup."""
        us = solver.us
        c_ucb = self.exploration
        widen = self.widen
        tree_seats = self._tree_seats(solver)
        while solver.left:
            legal = solver.legal()
            seat = solver.to_act
            if not tree_seats >> seat & 1:  # a seat outside the tree plays the playout's card
                card = solver._move(seat, legal)
                child = node.children.get(card)
                if child is None:
                    child = node.children[card] = Node()
                    node.expanded |= 1 << card
                node = child
                self._play(solver, seat, card)
                path.append(node)
                continue
            fresh = legal & ~node.expanded
            for card, child in node.children.items():
                if legal >> card & 1:
                    child.avail += 1
            if fresh and widen:
                # The playout policy's card first; others only as the node's visits grow.
                card = solver._move(seat, legal)
                if not fresh >> card & 1:
                    card = -1
                    if len(node.children) < widen * math.sqrt(node.visits + 1):
                        card = self._pick(fresh)
            elif fresh:
                card = self._pick(fresh)
            else:
                card = -1
            if card >= 0:
                child = Node()
                child.avail = 1
                node.children[card] = child
                node.expanded |= 1 << card
                self._play(solver, seat, card)
                path.append(child)
                break
            sign = 1.0 if (seat & 1) == us else -1.0
            best_card, best = -1, -math.inf
            for card, child in node.children.items():
                if legal >> card & 1:
                    score = sign * child.total / child.visits + c_ucb * math.sqrt(
                        math.log(child.avail) / child.visits
                    )
                    if score > best:
                        best_card, best = card, score
            node = node.children[best_card]
            self._play(solver, seat, best_card)
            path.append(node)
        value = self._playout(solver)
        for step in path:
            step.visits += 1
            step.total += value

    def _tree_seats(self, solver: Solver) -> int:
        """The seats (bits) whose moves the tree searches; the others follow the playout's
        policy, and so do the seats played by the model of the opponents (``model_policy``:
        the model is their play, there is nothing to search; with ``model_exact_seats``
        "them" only the opponents, as in the exact search)."""
        seats = 15
        if self.tree == "self":
            seats = 1 << self.seat
        elif self.tree == "us":
            seats = 5 << solver.us  # seats 0 and 2, or 1 and 3
        if solver.model is not None:
            seats &= ~(solver.modelled & solver.fixed)
        return seats

    @staticmethod
    def _play(solver: Solver, seat: int, card: int) -> None:
        """A card of the descent (noted for the model's view of the public voids)."""
        if solver.model is not None:
            solver._note(seat, card)
        solver._play(seat, card)
        solver.nodes += 1

    def _playout(self, solver: Solver) -> int:
        """``Solver.playout_value`` without its reset of the voids shown: the cards of the
        descent showed some. Restores the loaded deal."""
        while solver.left > self.exact_cards:
            seat = (solver.leader + solver.n) & 3
            self._play(solver, seat, solver._move(seat, solver.legal()))
        value = solver._search(-INFINITY, INFINITY)
        solver._restore(solver._root)
        return value

    def _pick(self, cards: int) -> int:
        """A random card of the mask ``cards``."""
        count = cards.bit_count()
        k = self.rng.randrange(count) if count > 1 else 0
        while k:
            cards &= cards - 1
            k -= 1
        return (cards & -cards).bit_length() - 1
