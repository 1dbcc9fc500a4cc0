"""The search bot: perfect-information sampling with compiled policy rollouts.

For each decision it deals the cards it cannot see into worlds consistent
with its :class:`~joker.games.joker.engine.views.PlayerView` (:mod:`.sampler`), and in
every world plays each candidate out to the end of the deal with the
compiled goal-directed policy of :mod:`joker.games.joker.fastpath.policy` (the same worlds
for every candidate), scoring its own result with the engine's
:func:`~joker.games.joker.scoring.deal_score` (RULES.md §8–§9).  It picks the candidate of
best mean score.

* **Bidding** (RULES.md §6): the bids still to come are estimated per world
  (policy playouts with a fair-share target, rounded; the dealer's forbidden
  sum avoided), then each legal bid — so the dealer restriction is respected —
  is played out with the seat aiming at it: valued half with the seat playing
  by the policy, half by lookahead (:attr:`Budget.bid_blend`; docs/bots.md
  "Limits" has the measurements); bids far behind the best stop being played
  out after two batches of worlds (:attr:`Budget.bid_prune`).
* **Play**: every distinct legal card or joker call (X1 and X2 are one); in
  the playouts the seat's own later moves are chosen by one ply of lookahead
  (``policy.lookahead``, :attr:`Budget.lookahead`), the others' by the policy.
* **Premium** (bus-angeles, RULES.md §10): while the seat has made every bid
  of the block so far, making this one is worth an estimate of the premium
  at stake: 2 × (its made score + the best positive score of the seat(s) it
  would cut), discounted by half for each deal of the block still to come.
* **Trump choice** (RULES.md §5 rule 3): the heuristic bot's rule.

The budget is a number of worlds, playouts per world and candidate, and a
time cap per decision (worlds are evaluated in batches until either runs
out; at least one batch).  Levels: ``easy`` is the heuristic bot, ``medium``
and ``hard`` are :data:`LEVELS`.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Iterator, cast

import numpy as np

from ..actions import Action, Bid, FollowJoker, LeadJoker, Play
from ..engine.state import Phase
from ..engine.views import PlayerView
from joker.errors import JokerError
from ..fastpath import kernels as K
from ..fastpath import policy as FP
from ..fastpath.convert import code_of, params_of
from ..fastpath.kernels import F64s, I64s
from ..rules import DealKind, Premium
from ..scoring import deal_score
from .heuristic import BidModel, HeuristicBot
from .common import distinct
from ..inference import constraints_of, played_by
from .sampler import sample_hands


@dataclass(frozen=True)
class Budget:
    """Search effort per decision: ``worlds`` sampled, ``playouts`` per world and
    candidate, ``seconds`` time cap, ``eps`` the policy's random-move chance,
    ``batch`` worlds evaluated between time checks.  Raises :class:`JokerError`
    for an unknown ``later_bids``."""

    worlds: int = 128
    playouts: int = 1
    seconds: float = 1.0
    eps: float = 0.05
    batch: int = 32
    bid_sigma: float | None = 1.0
    """Bid inference: a world's weight is exp(−Σ (t − b)² / 2σ²) over the other
    seats that have bid, t being their tricks in policy playouts of the world
    from the deal's start aiming at their bids; ``None``: every world weighs 1."""
    later_bid_shift: tuple[float, ...] = ()
    """Bidding: a seat still to bid is guessed, per world, to bid his tricks in a
    policy playout minus ``later_bid_shift[k − 1] × cards / 9`` (rounded; k: the
    seats still to bid after this one; missing entries: 0).  Unshifted, a playout
    hands a later bidder the tricks the known bids leave over, but players bid
    on their own cards (measured in docs/bots.md, "Limits"; off by default)."""
    lookahead: int = 9
    """In card play, the seat's own later moves in a playout, while it holds at
    most this many cards, are chosen by one ply of lookahead over policy
    playouts (``policy.lookahead``) rather than by the policy itself (0: never)."""
    bid_lookahead: int = 0
    bid_blend: float = 0.0
    """Bidding: a bid's value is ``(1 − bid_blend)`` × its value with the policy's
    playouts + ``bid_blend`` × its value with the seat's moves by lookahead while
    it holds at most ``bid_lookahead`` cards (0: policy playouts only)."""
    later_bids: str = "playout"
    """Bidding: how a seat still to bid is guessed to bid in a world: ``"playout"``,
    his tricks in a policy playout (less ``later_bid_shift``); ``"own"``, what the
    heuristic bot bids holding that world's hand — on his own cards, as players bid
    (normal and no-trump deals; others fall back to ``"playout"``)."""
    blind: bool = False
    """In the playouts, the policy judges whether a later seat will take a trick
    from the cards unseen to the seat playing (``policy._threat_blind``) rather
    than from the world's hands (every seat clairvoyant)."""
    keep_jokers: bool = False
    """In the playouts, a seat short of its bid spends no joker while another
    card will do, and while its jokers cover the tricks it needs plays its other
    cards as a ducker (``policy.choose``, ``K.STYLE_KEEP_JOKERS``)."""
    covered_wants: bool = False
    """With ``keep_jokers``: a seat whose jokers cover the tricks it needs still
    plays its other cards for tricks, not as a ducker (``K.STYLE_COVERED_WANTS``)."""
    duck_low: bool = False
    """In the playouts, a seat that wants no trick leads its lowest card, not its
    most valuable one it expects beaten (``K.STYLE_LOW_DUCK_LEAD``)."""
    bid_prune: float | None = 0.5
    """Bidding: once ``2 × batch`` worlds are evaluated, a bid whose mean value
    trails the best by more than this many times the deal's score for making a
    bid of one (RULES.md §8: 100 points in bus-angeles) is no longer evaluated
    (``None``: every bid to the end)."""

    def __post_init__(self) -> None:
        if self.later_bids not in ("playout", "own"):
            raise JokerError(f"unknown later_bids {self.later_bids!r}: use 'playout' or 'own'")


LEVELS: dict[str, Budget] = {
    # session 6's, with view-only threats in the playouts (session 9: 9-card bids made +2.5 points over 4,000
    # paired harness deals; a whole-game arena 68.1%, docs/bots.md); session 7's 1,024 worlds with later_bids="own"
    # measured no better in a whole-game arena (68.2% against 69.9%) at twice the time per decision
    # session 11: the playouts' seats keep their jokers and lead low when ducking, as the heuristic bot and players
    # do (+3.8 ± 2.7 points of 9-card bids made, +10.7 ± 6.8 per deal, on 1,600 paired harness deals)
    "medium": Budget(worlds=512, playouts=1, seconds=0.8, bid_blend=0.5, bid_lookahead=9, blind=True,
                     keep_jokers=True, duck_low=True),
    "hard": Budget(worlds=1024, playouts=1, seconds=2.0, bid_blend=0.5, bid_lookahead=9, blind=True,
                   keep_jokers=True, duck_low=True),
}
"""Budgets of the levels for people (``easy`` is the heuristic bot)."""

PREMIUM_DISCOUNT = 0.5
"""Chance assumed of making each later bid of the block, for the premium at stake."""


def premium_at_stake(view: PlayerView, bid: int) -> float:
    """The estimated block premium the seat keeps alive by making its bid ``bid``
    in this deal (0 when it already failed a bid of the block or the rules have no
    premium); see the module doc."""
    rules = view.rules
    if rules.premium is Premium.NONE or not view.deal.has_bids:
        return 0.0
    me, n = view.seat, rules.players
    assert me is not None  # a bot's view is a seat's view
    block = view.deal.block
    done = [r for r in view.results if r.spec.block == block]
    if any(r.bids is None or r.bids[me] != r.tricks[me] for r in done):
        return 0.0
    later = sum(1 for i, d in enumerate(rules.deals) if d.block == block and i > view.deal_index)
    victims = [(me + 1) % n] if rules.premium is Premium.BUS_ANGELES else [p for p in range(n) if p != me]
    cut = sum(max((r.scores[v] for r in done if r.scores[v] > 0), default=0) for v in victims)
    own = deal_score(rules, view.deal, bid, bid)
    return 2.0 * (own + cut) * PREMIUM_DISCOUNT**later


class SearchBot:
    """Sampling + policy-rollout search (see the module doc).

    ``level`` names a budget of :data:`LEVELS` (``medium`` by default); ``budget``
    overrides it.  ``seed`` seeds the sampling and the playouts: the same seed
    gives the same choices unless the time cap (wall-clock) cuts a decision short.  Raises
    :class:`JokerError` for an unknown level."""

    def __init__(self, seed: int | str | None = None, level: str = "medium", budget: Budget | None = None) -> None:
        if budget is None:
            if level not in LEVELS:
                raise JokerError(f"unknown search level {level!r}; levels: easy, {', '.join(LEVELS)}")
            budget = LEVELS[level]
        self.budget = budget
        self.name = f"search-{level}" if level != "medium" else "search"
        self.rng = random.Random(seed)
        self.fallback = HeuristicBot(seed)
        self.last_seconds = 0.0
        self.last_worlds = 0

    def choose(self, view: PlayerView) -> Action:
        """One element of ``view.legal_actions``."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.TRUMP:
            return self.fallback.choose(view)
        start = time.perf_counter()
        if view.phase is Phase.BID:
            action = self._bid(view, start)
        else:
            action = self._play(view, start)
        self.last_seconds = time.perf_counter() - start
        return action

    # -- helpers ---------------------------------------------------------------
    def _params(self, view: PlayerView) -> I64s:
        p = params_of(view.rules, view.trump, view.rotating)
        p[K.P_BLIND] = int(self.budget.blind)
        b = self.budget
        p[K.P_STYLE] = ((K.STYLE_KEEP_JOKERS if b.keep_jokers else 0) | (K.STYLE_LOW_DUCK_LEAD if b.duck_low else 0)
                        | (K.STYLE_COVERED_WANTS if b.covered_wants else 0))
        return p

    def _targets(self, view: PlayerView) -> I64s:
        kind = view.deal.kind
        n = view.rules.players
        if kind is DealKind.GOLD:
            return np.full(n, -1, dtype=np.int64)
        if kind is DealKind.MISERE:
            return np.full(n, -2, dtype=np.int64)
        return np.array([-1 if b is None else b for b in view.bids], dtype=np.int64)

    def _table(self, view: PlayerView, bid: int | None) -> F64s:
        c = view.deal.cards
        table = np.array([deal_score(view.rules, view.deal, bid, t) for t in range(c + 1)], dtype=np.float64)
        if bid is not None:
            table[bid] += premium_at_stake(view, bid)
        return table

    def _worlds(self, view: PlayerView, start: float) -> Iterator[tuple[I64s, F64s]]:
        """Batches of sampled worlds ``(hands array, weights)``, until the budget runs out."""
        cons = constraints_of(view)
        b = self.budget
        rules = view.rules
        n = rules.players
        known = [q for q in range(n) if q != view.seat and view.bids[q] is not None]
        sigma = b.bid_sigma if b.bid_sigma is not None else 0.0
        infer = b.bid_sigma is not None and known and view.deal.has_bids
        if infer:
            played = played_by(view)
            fair = max(0, round(view.deal.cards / n))
            targets = np.array([fair if x is None else x for x in view.bids], dtype=np.int64)
            params = self._params(view)
            leader = (view.dealer + 1) % n
            bids = np.array([view.bids[q] for q in known], dtype=np.float64)
        done = 0
        while done < b.worlds and (done == 0 or time.perf_counter() - start < b.seconds):
            k = min(b.batch, b.worlds - done)
            arr: I64s = sample_hands(cons, self.rng, k)[:, :n]
            weights = np.ones(k, dtype=np.float64)
            if infer:
                dealt = arr | np.array(played, dtype=np.int64)
                sums = np.zeros((k, n), dtype=np.float64)
                reps = 2
                FP.mean_tricks(dealt, leader, np.repeat(targets[None, :], k, axis=0), params, reps, b.eps, sums)
                err = sums[:, known] / reps - bids[None, :]
                weights = np.exp(-(err * err).sum(axis=1) / (2.0 * sigma**2)) + 1e-9
            done += k
            self.last_worlds = done
            yield arr, weights

    # -- play (RULES.md §7) --------------------------------------------------------
    def _play(self, view: PlayerView, start: float) -> Action:
        rules = view.rules
        n = rules.players
        me = view.seat
        assert me is not None  # a bot's view is a seat's view
        cands = distinct(view.legal_actions)
        codes = np.array([code_of(a) for a in cands], dtype=np.int64)
        params = self._params(view)
        trick = np.zeros(n, dtype=np.int64)
        for i, (_, a) in enumerate(view.trick):
            trick[i] = code_of(a)
        taken = np.array(view.taken, dtype=np.int64)
        targets = self._targets(view)
        bid = view.bids[me] if view.deal.has_bids else None
        table = self._table(view, bid)
        sums = np.zeros(len(cands), dtype=np.float64)
        leader = view.trick[0][0] if view.trick else view.leader
        first = int(not view.tricks)
        for worlds, weights in self._worlds(view, start):
            FP.evaluate_moves(worlds, weights, trick, len(view.trick), leader, first, taken, targets, params, codes,
                              table, me, self.budget.playouts, self.budget.eps, self.budget.lookahead, sums)
        best = int(np.argmax(sums))
        return cands[best]

    # -- bidding (RULES.md §6) ---------------------------------------------------------
    def _bid(self, view: PlayerView, start: float) -> Action:
        rules = view.rules
        n = rules.players
        me = view.seat
        assert me is not None  # a bot's view is a seat's view
        c = view.deal.cards
        bids = [a.tricks for a in view.legal_actions if type(a) is Bid]
        params = self._params(view)
        tables = np.array([self._table(view, b) for b in bids], dtype=np.float64)
        cand = np.array(bids, dtype=np.int64)
        sums = np.zeros(len(bids), dtype=np.float64)
        alive = np.ones(len(bids), dtype=bool)  # bids still evaluated: each of them over the same worlds
        margin = None if self.budget.bid_prune is None else self.budget.bid_prune * deal_score(rules, view.deal, 1, 1)
        total = done = 0.0
        leader = (view.dealer + 1) % n
        fair = max(0, round(c / n))
        later = [(me + i) % n for i in range(1, n) if view.bids[(me + i) % n] is None]
        b = self.budget
        blend = b.bid_blend if b.bid_lookahead > 0 else 0.0
        own = (b.later_bids == "own" and view.deal.kind in (DealKind.NORMAL, DealKind.NOTRUMP)
               and not any(view.known))
        models = [BidModel(view, q) for q in later] if own else []
        for worlds, weights in self._worlds(view, start):
            w = worlds.shape[0]
            base = np.array([[fair if x is None else x for x in view.bids] for _ in range(w)], dtype=np.int64)
            if later and own:
                for i in range(w):
                    row = base[i]
                    for q, model in zip(later, models):
                        row[q] = model.bid(int(worlds[i, q]), [int(row[p]) for p in range(n) if p != q])
            elif later:
                tricks = np.zeros((w, n), dtype=np.float64)
                FP.mean_tricks(worlds, leader, base, params, 1, b.eps, tricks)
                k = len(later)
                shift = b.later_bid_shift[k - 1] * c / 9 if k <= len(b.later_bid_shift) else 0.0
                for i in range(w):
                    for q in later:
                        base[i, q] = self._guess_bid(view, q, max(0.0, float(tricks[i, q]) - shift), base[i])
            live = np.flatnonzero(alive)
            part = np.zeros(len(live), dtype=np.float64)
            if blend < 1.0:
                FP.evaluate_bids(worlds, weights * (1.0 - blend), leader, base, params, me, cand[live], tables[live],
                                 b.playouts, b.eps, part)
            if blend > 0.0:
                FP.evaluate_bids(worlds, weights * b.bid_blend, leader, base, params, me, cand[live], tables[live],
                                 b.playouts, b.eps, part, b.bid_lookahead)
            sums[live] += part
            total += float(weights.sum())
            done += w
            if margin is not None and done >= 2 * b.batch and len(live) > 1:
                alive &= sums >= sums[live].max() - margin * total
        sums[~alive] = -np.inf
        return Bid(bids[int(np.argmax(sums))])

    @staticmethod
    def _guess_bid(view: PlayerView, q: int, tricks: float, row: I64s) -> int:
        """A later bidder's bid in a world: his tricks in a playout, moved off the
        dealer's forbidden bid (RULES.md §6) toward the nearer side."""
        b = int(round(tricks))
        if q == view.dealer:
            others = [int(row[p]) for p in range(len(row)) if p != q]
            f = view.rules.forbidden_dealer_bid(view.deal.cards, others)
            if f is not None and b == f:
                b = b + 1 if tricks >= b and b < view.deal.cards else max(0, b - 1)
                if b == f:
                    b = f + 1
        return b
