"""A rule-of-thumb bot that bids from hand strength and plays to make its bid
exactly (RULES.md §5–§9).

It sees only its :class:`~joker.games.joker.engine.views.PlayerView`.  From the view it
builds what a careful player at the table knows (:class:`Knowledge`): the
cards whose place it does not know (``unseen``: the deck minus its own hand,
the cards played this deal, the turned cards and, in a forehead deal, the
cards it sees on the others' foreheads), the suits each seat has shown void
in (both read by :mod:`joker.games.joker.inference`), and how eagerly each
seat wants tricks (from its bid and tricks taken).

Everything else rests on one estimate, :meth:`Knowledge.win_prob`: the chance
that a trick, after the bot's card, stays the bot's, given which unseen cards
would beat it (found with the engine's own :func:`~joker.games.joker.engine.play.trick_winner`)
and how likely each later seat holds and plays one (hypergeometric odds, voids,
must-follow and must-trump duties).  A card's *potential* is its chance to win
if led now, raised for guarded high cards and for low trumps with a short side
suit to ruff.

* **Trump choice** (9-card deals): the suit with most length and honours
  among the three seen cards; no-trump when they are jokers or high cards of
  different suits.
* **Bidding**: the tricks taken are modelled as a sum of independent card
  wins (jokers and top trumps count as sure), and the bid with the best
  expected deal score (:func:`~joker.games.joker.scoring.deal_score`) is said.  When that
  bid is the dealer's forbidden one (RULES.md §6), the nearest allowed bid in
  the more likely direction replaces it (never below the sure tricks).  Dark
  deals assume 1/n of the tricks per card; forehead deals count the own
  unseen cards that would win against the visible ones.
* **Play**: still needing tricks, it takes a trick it surely wins with its
  least valuable such card, never throws a joker away (low, or led ``give``)
  while another card will do, and otherwise compares its legal actions by the
  chance of still making the bid — still needing ``k`` tricks from a hand, it
  makes its bid when it can win at least ``k`` tricks and is not forced to win
  more.  Joker leads are weighed alike: ``high(s)``/``top`` also draw the
  others' top cards of s (or trumps), which raises its own cards' chances.
  Having enough, it ducks: a card that surely loses (the most dangerous such;
  a joker low only when nothing else surely loses), else the least likely
  winner.  In gold deals, or once over its bid or unable to make it, it takes
  as many tricks as it can; in misère it takes as few.

Deterministic given the seed (the seed only breaks exact ties).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache
from math import comb
from typing import Any, Callable, Sequence, TypeVar

from ..actions import JOKER_FOLLOWS, PLAYS, Action, Bid, ChooseTrump, FollowJoker, LeadJoker, Play
from joker.cards import JOKER1, JOKERS, SUIT_MASKS, Card, CardSet, Suit, cards_in, mask_of
from ..engine.play import follow_mask, led_suit, trick_trump, trick_winner
from ..engine.state import Phase
from ..engine.views import PlayerView
from ..rules import DealKind, JokerCall, Rules
from ..scoring import deal_score
from joker.errors import JokerError
from .. import inference
from .common import distinct

Trick = tuple[tuple[int, Action], ...]
A = TypeVar("A", bound=Action)

UNWILLING = 0.25
"""Chance that a seat which wants no trick still beats the card (it may be forced)."""
GUARD = {"trump": 0.5, "side": 0.2, "none": 0.35}
"""Share of the missing win chance a guarded high card recovers (by kind of suit)."""
FORCED = {"trump": 0.85, "side": 0.5, "none": 0.6}
"""A card's chance of winning although its holder wants to lose, per unit of potential."""
FLEX_CARDS = 4
"""With fewer cards than this left, a card that would win is less and less avoidable."""
RUFF_WIN = 0.5
"""Win chance of a low trump kept to ruff a void (or singleton) side suit."""


# -- small probability helpers -------------------------------------------
@lru_cache(maxsize=65536)
def p_none(pool: int, marked: int, drawn: int) -> float:
    """Chance that ``drawn`` cards taken at random from ``pool`` include none of
    ``marked`` given cards (hypergeometric)."""
    if marked <= 0 or drawn <= 0:
        return 1.0
    if pool - marked < drawn:
        return 0.0
    return comb(pool - marked, drawn) / comb(pool, drawn)


def sum_distribution(probs: Sequence[float]) -> list[float]:
    """Distribution of the number of successes of independent events with chances
    ``probs`` (a Poisson-binomial law): element ``k`` is P(exactly k)."""
    dist = [1.0]
    for p in probs:
        nxt = [0.0] * (len(dist) + 1)
        for k, d in enumerate(dist):
            nxt[k] += d * (1.0 - p)
            nxt[k + 1] += d * p
        dist = nxt
    return dist


def make_chance(wins: Sequence[float], forced: Sequence[float], k: int) -> float:
    """Chance of taking exactly ``k`` more tricks with cards of win chances ``wins``
    and forced-win chances ``forced``: at least ``k`` winnable, at most ``k`` forced.
    0 when ``k`` is negative (already over the bid) or more than the cards."""
    if not 0 <= k <= len(wins):
        return 0.0
    w = sum_distribution(wins)
    f = sum_distribution(forced)
    return sum(w[k:]) * sum(f[: k + 1])


def _popcount(m: int) -> int:
    return m.bit_count()


def _rank(c: Card) -> int:
    """Rank 0..12 of a card; 13 for a joker (for tie-breaks)."""
    return 13 if c >= JOKER1 else c % 13


def _card_of(a: Action) -> Card | None:
    return a.card if isinstance(a, (Play, LeadJoker, FollowJoker)) else None


# -- what the seat knows ------------------------------------------------------
@dataclass
class Knowledge:
    """Public facts and the seat's own cards, read from a :class:`PlayerView`.

    ``unseen``: cards whose place the seat does not know (other hands or the
    stock).  ``exact[p]``: seat p's cards when the seat sees them (forehead
    deals), else ``None``.  ``voids[p]``: suits (bit s) seat p has shown void
    in.  ``wants[p]``: how likely seat p is to take a trick it can take (1 when
    it needs tricks).  ``joker_use``: chance that a seat holding a joker and
    needing tricks plays it on a given trick.  ``lead_now``: the seat leads the
    deal's first trick (while bidding).
    """

    n: int
    me: int
    trump: Suit | None
    rotating: bool
    must_trump: bool
    high_trump_wins: bool
    mine: CardSet
    unseen: CardSet
    exact: tuple[CardSet | None, ...]
    voids: tuple[int, ...]
    sizes: tuple[int, ...]
    wants: tuple[float, ...]
    joker_use: float
    lead_now: bool = False

    @classmethod
    def of(cls, view: PlayerView) -> "Knowledge":
        """The knowledge of ``view.seat`` in ``view``."""
        rules = view.rules
        n = rules.players
        me = inference.seat_of(view)
        forehead = view.deal.kind is DealKind.FOREHEAD and view.phase in (Phase.BID, Phase.PLAY)
        exact = tuple(mask_of(view.known[p]) if forehead and p != me else None for p in range(n))
        trump = view.trump
        wants = []
        kind = view.deal.kind
        for p in range(n):
            if kind is DealKind.GOLD:
                w = 1.0
            elif kind is DealKind.MISERE:
                w = UNWILLING
            elif (bid := view.bids[p]) is None:
                w = 0.7
            else:
                need = bid - view.taken[p]
                w = 1.0 if need > 0 else UNWILLING if need == 0 else 0.6
            wants.append(w)
        left = max(1, view.hand_sizes[me] if view.phase is Phase.PLAY else view.deal.cards)
        return cls(
            n=n,
            me=me,
            trump=trump,
            rotating=view.rotating,
            must_trump=rules.must_trump,
            high_trump_wins=rules.high_call_trump_wins,
            mine=view.hand_mask,
            unseen=inference.unseen(view),
            exact=exact,
            voids=inference.shown(view).voids,
            sizes=view.hand_sizes,
            wants=tuple(wants),
            joker_use=min(1.0, 2.0 / left),
            lead_now=view.phase is not Phase.PLAY and view.leader == me,
        )

    def without(self, cards: CardSet) -> "Knowledge":
        """A copy in which ``cards`` are no longer unseen (e.g. pulled by a joker's call)."""
        k = Knowledge.__new__(Knowledge)
        k.__dict__.update(self.__dict__)
        k.unseen = self.unseen & ~cards
        return k

    @property
    def others_cards(self) -> int:
        """Cards in other seats' hands that this seat cannot see."""
        return sum(s for p, s in enumerate(self.sizes) if p != self.me and self.exact[p] is None)

    def trump_of(self, led: Suit | None) -> Suit | None:
        """The trump of a trick with led suit ``led``."""
        return trick_trump(self.trump, self.rotating, led)

    def _wins(self, trick: Trick, seat: int) -> bool:
        return trick_winner(trick, self.trump, self.rotating, self.high_trump_wins) == seat

    def beaters(self, trick: Trick, seat: int) -> CardSet:
        """The non-joker cards, among those the seat cannot place, with which ``seat``
        (playing next) would take ``trick`` from its current winner."""
        cands = self.unseen & ~JOKERS
        for e in self.exact:
            if e is not None:
                cands |= e & ~JOKERS
        out = 0
        for s in range(4):
            cs = cands & SUIT_MASKS[s]
            if not cs:
                continue
            top = cs.bit_length() - 1
            if not self._wins(trick + ((seat, PLAYS[top]),), seat):
                continue
            low = (cs & -cs).bit_length() - 1
            if self._wins(trick + ((seat, PLAYS[low]),), seat):
                out |= cs
                continue
            for c in sorted(cards_in(cs), reverse=True):  # winners are the top ranks of a suit
                if not self._wins(trick + ((seat, PLAYS[c]),), seat):
                    break
                out |= 1 << c
        return out

    def threat(self, trick: Trick, seat: int, beat: CardSet) -> float:
        """Chance that ``seat``, playing after ``trick``, takes it from its winner;
        ``beat`` is :meth:`beaters` of the trick."""
        size = self.sizes[seat]
        if size == 0:
            return 0.0
        w = self.wants[seat]
        lead = trick[0][1]
        led = led_suit(trick)
        t = self.trump_of(led)
        exact = self.exact[seat]
        if exact is not None:
            legal = follow_mask(exact, lead, led, t, self.must_trump)
            jokers = exact & JOKERS
            if not (legal & beat) and not jokers:
                return 0.0
            if not (legal & ~beat) and not jokers:
                return 1.0
            return w
        pool = self.unseen
        for s in range(4):
            if self.voids[seat] >> s & 1:
                pool &= ~SUIT_MASKS[s]
        u = _popcount(pool)
        h = min(size, u)
        if h == 0:
            return 0.0
        b = beat & pool
        if led is None:
            p_card = 1.0 - p_none(u, _popcount(b), h)
        else:
            n_led = _popcount(pool & SUIT_MASKS[led])
            b_led = _popcount(b & SUIT_MASKS[led])
            b_other = _popcount(b) - b_led
            p_void = p_none(u, n_led, h)
            p_card = (1.0 - p_none(u, b_led, h)) + p_void * (1.0 - p_none(u - n_led, b_other, min(h, u - n_led)))
            p_card = min(1.0, p_card)
        p_joker = 1.0 - p_none(u, _popcount(pool & JOKERS), h)
        joker_w = self.joker_use if w >= 1.0 else 0.0
        return 1.0 - (1.0 - p_card * w) * (1.0 - p_joker * joker_w)

    def win_prob(self, trick: Trick, leader: int) -> float:
        """Chance that the seat keeps ``trick`` (its own card the last one in it):
        0 unless it wins now, else the chance no later seat takes it."""
        me = self.me
        if not self._wins(trick, me):
            return 0.0
        later = [(leader + i) % self.n for i in range(len(trick), self.n)]
        if not later:
            return 1.0
        beat = self.beaters(trick, later[0])
        p = 1.0
        for seat in later:
            p *= 1.0 - self.threat(trick, seat, beat)
        return p

    def raw_potential(self, c: Card) -> float:
        """Chance that card ``c`` of the seat wins if led now (a joker: led high)."""
        me = self.me
        if c >= JOKER1:
            p = 1.0
            for seat in range(self.n):
                if seat == me or self.sizes[seat] == 0:
                    continue
                exact = self.exact[seat]
                if exact is not None:
                    other = exact & JOKERS
                    p *= 0.0 if other and self.wants[seat] >= 1.0 else 1.0
                    continue
                u = _popcount(self.unseen)
                h = min(self.sizes[seat], u)
                pj = 1.0 - p_none(u, _popcount(self.unseen & JOKERS), h)
                p *= 1.0 - pj * self.joker_use * self.wants[seat]
            return p
        p = self.win_prob(((me, PLAYS[c]),), me)
        s = c // 13
        if self.suit_kind(s) != "trump":
            reach = self.reach(s)
            if self.rotating:  # also a trump when the suit before it is led: best when void in that one
                below = (s - 1) & 3
                void = 0.3 if self.mine & SUIT_MASKS[below] else 1.0
                reach += (1.0 - reach) * self.reach(below) * void
            p *= reach
        return p

    def reach(self, s: Suit) -> float:
        """Chance that suit ``s`` is led while the seat still holds a card of it,
        when it does not lead it itself: each of the other tricks (those after
        the current one) is led in ``s`` with the share of ``s`` among the unseen
        cards.  Only the led suit (and the trump) can win a trick."""
        left = self.sizes[self.me]
        if self.lead_now and left <= 1:
            return 1.0
        unseen = self.unseen & ~JOKERS
        total = _popcount(unseen)
        if not total:
            return 1.0
        share = _popcount(unseen & SUIT_MASKS[s]) / total
        return 1.0 - (1.0 - share) ** (max(1, left - 1) + (2 if self.lead_now else 0))

    def suit_kind(self, s: Suit) -> str:
        """``trump``, ``side`` (a trump exists) or ``none`` (no fixed trump)."""
        if self.rotating or self.trump is None:
            return "none"
        return "trump" if s == self.trump else "side"

    def hand_values(self, cards: Sequence[Card], raw: dict[Card, float]) -> tuple[list[float], list[float]]:
        """Per card of ``cards`` (a hand): its chance to win a trick when wanted
        and its chance to win one although unwanted.  ``raw``: :meth:`raw_potential`
        per card.  Guarded high cards and low trumps with a short side suit gain."""
        hand = mask_of(cards)
        q_den = _popcount(self.unseen)
        q = self.others_cards / q_den if q_den else 0.0
        wins: dict[Card, float] = {}
        for c in cards:
            p = raw[c]
            if c < JOKER1 and p < 1.0:
                s, r = divmod(c, 13)
                suit = SUIT_MASKS[s]
                higher = _popcount(self.unseen & suit & ~((1 << (c + 1)) - 1))
                guards = _popcount(hand & suit & ((1 << c) - 1))
                if higher and guards:
                    expected = max(1.0, higher * q)
                    p += (1.0 - p) * GUARD[self.suit_kind(s)] * min(1.0, guards / expected)
            wins[c] = p
        if self.trump is not None and not self.rotating:
            t = self.trump
            ruffs = 0.0
            for s in range(4):
                if s == t or not self.unseen & SUIT_MASKS[s]:
                    continue
                length = _popcount(hand & SUIT_MASKS[s])
                ruffs += 1.0 if length == 0 else 0.5 if length == 1 else 0.0
            for c in sorted(c for c in cards if c < JOKER1 and c // 13 == t):
                if ruffs <= 0:
                    break
                if wins[c] < RUFF_WIN:
                    wins[c] = max(wins[c], RUFF_WIN * min(1.0, ruffs))
                    ruffs -= 1.0
        ps = [wins[c] for c in cards]
        spare = min(1.0, (len(cards) - 1) / FLEX_CARDS)  # few cards left: little choice of when to play one
        fs = [
            0.0 if c >= JOKER1 else wins[c] * (1.0 - (1.0 - FORCED[self.suit_kind(c // 13)]) * spare)
            for c in cards
        ]
        return ps, fs


def _chances(kn: Knowledge, hand: Sequence[Card], raw: dict[Card, float]) -> tuple[list[float], int]:
    """Per card of ``hand``, its chance to take a trick (:meth:`Knowledge.hand_values`,
    jokers and the top unseen trump sure), and the number of sure tricks."""
    ps, _ = kn.hand_values(hand, raw)
    sure = 0
    for i, x in enumerate(hand):
        top_trump = (
            x < JOKER1 and kn.suit_kind(x // 13) == "trump"
            and not kn.unseen & SUIT_MASKS[x // 13] & ~((1 << (x + 1)) - 1)
        )
        if x >= JOKER1 or top_trump:
            ps[i] = 1.0
            sure += 1
    return ps, sure


def _score_table(view: PlayerView) -> list[list[int]]:
    """``table[b][t]``: the deal score of bid ``b`` and ``t`` tricks (RULES.md §8)."""
    c = view.deal.cards
    return [[deal_score(view.rules, view.deal, b, t) for t in range(c + 1)] for b in range(c + 1)]


def _choose_bid(ps: Sequence[float], sure: int, legal: Sequence[int], table: Sequence[Sequence[int]]) -> int:
    """The bid of best expected score over the trick distribution of chances ``ps``
    (ties: nearest the expected tricks); when not in ``legal`` (the dealer's
    forbidden bid, RULES.md §6), the nearest legal bid on the more likely side,
    never below the ``sure`` tricks."""
    dist = sum_distribution(ps)
    mean = sum(ps)

    def expected(b: int) -> float:
        return sum(d * x for d, x in zip(dist, table[b]))

    best = max(range(len(table)), key=lambda b: (round(expected(b), 9), -abs(b - mean)))
    if best in legal:
        return best
    up = [b for b in legal if b > best]
    down = [b for b in legal if b < best]
    p_up = sum(dist[best + 1 :])
    p_down = sum(dist[:best]) if best > sure else 0.0
    if up and (p_up >= p_down or not down):
        return min(up)
    return max(down)


class BidModel:
    """The heuristic bot's bid for seat ``seat`` holding any hand of ``view``'s
    deal (a model of a later bidder for the search bot: players bid on their own
    cards).  Cards' raw potentials are computed once, as seen from the seat with
    its own cards among the unseen ones — an approximation of
    :meth:`HeuristicBot.bid` that makes a guess cost tens of microseconds.
    Normal and no-trump deals (cards seen while bidding)."""

    def __init__(self, view: PlayerView, seat: int) -> None:
        public = replace(view, seat=seat, current_player=seat, hand=())
        self.kn = Knowledge.of(public)
        self.raw: dict[Card, float] = {}
        self.table = _score_table(view)
        self.cards = view.deal.cards
        self.dealer = seat == view.dealer
        self.rules = view.rules

    def bid(self, hand: CardSet, others: Sequence[int]) -> int:
        """The bid for ``hand`` (a card bitmask), the other seats' bids ``others``
        deciding the dealer's forbidden bid."""
        kn = self.kn.without(hand)
        kn.mine = hand
        cards = list(cards_in(hand))
        raw = self.raw
        for x in cards:
            if x not in raw:
                raw[x] = self.kn.raw_potential(x)
        ps, sure = _chances(kn, cards, raw)
        forbidden = self.rules.forbidden_dealer_bid(self.cards, others) if self.dealer else None
        legal = [b for b in range(self.cards + 1) if b != forbidden]
        return _choose_bid(ps, sure, legal, self.table)


# -- the bot ------------------------------------------------------------------
class HeuristicBot:
    """Bids by hand strength, plays to make the bid exactly (see the module doc).

    ``seed`` seeds its own ``random.Random``, used only to break exact ties.
    """

    name = "heuristic"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """One element of ``view.legal_actions`` (called only when the seat is to move)."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.TRUMP:
            return self.choose_trump(view)
        if view.phase is Phase.BID:
            return self.bid(view)
        return self.play(view)

    # -- trump choice (RULES.md §5 rule 3) ----------------------------------
    def choose_trump(self, view: PlayerView) -> Action:
        """Trump from the first three cards: the suit with most cards and honours;
        no-trump when the seen cards are jokers or high cards of different suits."""
        legal = view.legal_actions
        cards = [c for c in view.hand if c < JOKER1]
        by_suit: dict[Suit, list[int]] = {}
        for c in cards:
            by_suit.setdefault(c // 13, []).append(c % 13)
        no_trump = ChooseTrump(None)
        best: tuple[float, Suit] | None = None
        for s, ranks in by_suit.items():
            strength = len(ranks) * 3 + sum(max(0, r - 8) for r in ranks)  # length first, then J Q K A
            if ChooseTrump(s) in legal and (best is None or strength > best[0]):
                best = (strength, s)
        longest = max((len(r) for r in by_suit.values()), default=0)
        if best is None or (longest < 2 and all(c % 13 >= 10 for c in cards)):
            return no_trump if no_trump in legal else legal[-1]
        if longest < 2:  # three different suits of mixed height: the suit of the highest card
            top = max(cards, key=lambda c: c % 13)
            if ChooseTrump(top // 13) in legal:
                return ChooseTrump(top // 13)
        return ChooseTrump(best[1])

    # -- bidding (RULES.md §6) ------------------------------------------------
    def trick_chances(self, view: PlayerView) -> tuple[list[float], int]:
        """Per card, the chance it takes a trick, and the number of sure tricks."""
        c = view.deal.cards
        n = view.rules.players
        kn = Knowledge.of(view)
        if view.deal.kind is DealKind.FOREHEAD and not view.hand:
            return [self._forehead_chance(view, kn)] * c, 0
        if not view.hand:  # dark: nothing seen
            return [1.0 / n] * c, 0
        hand = list(view.hand)
        raw = {x: kn.raw_potential(x) for x in hand}
        return _chances(kn, hand, raw)

    def _forehead_chance(self, view: PlayerView, kn: Knowledge) -> float:
        """Forehead deal (one card each, own card unseen): the share of the cards
        the seat may hold that would win the trick against the visible cards."""
        rules = view.rules
        pool = list(cards_in(kn.unseen))
        if not pool:
            return 0.0
        n = rules.players
        order = [(view.leader + i) % n for i in range(n)]
        wins = 0
        for own in pool:
            trick: list[tuple[int, Action]] = []
            for seat in order:
                c = own if seat == kn.me else next(iter(view.known[seat]), None)
                if c is None:
                    continue
                trick.append((seat, _eager_action(rules, c, not trick, view.trump)))
            wins += trick_winner(trick, view.trump, view.rotating, rules.high_call_trump_wins) == kn.me
        return wins / len(pool)

    def bid(self, view: PlayerView) -> Action:
        """The bid of best expected score (RULES.md §8 via ``deal_score``); when it is
        the dealer's forbidden bid (§6), the nearest allowed bid on the more likely
        side — taking more or fewer tricks than it — and never below the sure tricks."""
        legal = [a.tricks for a in view.legal_actions if type(a) is Bid]
        ps, sure = self.trick_chances(view)
        return Bid(_choose_bid(ps, sure, legal, _score_table(view)))

    # -- play (RULES.md §7) -----------------------------------------------------
    def play(self, view: PlayerView) -> Action:
        """The card (or joker with its call) for this trick; see the module doc."""
        kn = Knowledge.of(view)
        me = kn.me
        hand = list(view.hand)
        left = len(hand)
        kind = view.deal.kind
        if kind is DealKind.GOLD:
            goal, need = "max", left
        elif kind is DealKind.MISERE:
            goal, need = "duck", 0
        else:
            bid = view.bids[me]
            if bid is None:
                raise JokerError("playing before bidding")  # the engine bids every seat first (RULES.md §6)
            need = bid - view.taken[me]
            goal = "duck" if need == 0 else "max" if need < 0 or need > left else "target"
        leading = not view.trick
        leader = me if leading else view.trick[0][0]
        cands = distinct(view.legal_actions)
        win = {a: kn.win_prob(view.trick + ((me, a),), leader) for a in cands}
        raw = {c: kn.raw_potential(c) for c in hand}

        def rest_values(a: Action) -> tuple[list[float], list[float]]:
            card = _card_of(a)
            rest = [c for c in hand if c != card]
            k = kn
            if type(a) is LeadJoker and a.call in (JokerCall.HIGH, JokerCall.TOP) and goal != "duck":
                k = kn.without(_pulled(kn, a))
                r = {c: k.raw_potential(c) for c in rest}
                return k.hand_values(rest, r)
            return k.hand_values(rest, raw)

        if goal == "duck":
            sure_losers = [a for a in cands if win[a] == 0.0] if not leading else []
            pool = sure_losers or cands

            def duck_value(a: Action) -> float:
                _, fs = rest_values(a)
                keep = 1.0
                for f in fs:
                    keep *= 1.0 - f
                return (1.0 - win[a]) * keep

            key: Callable[[Action], tuple[object, ...]]
            if sure_losers:
                key = lambda a: (round(duck_value(a), 9), _tie_high(a))
            elif leading:
                key = lambda a: (round(duck_value(a), 9), _tie_low(a))
            else:
                key = lambda a: (-round(win[a], 9), round(duck_value(a), 9), _tie_low(a))
            return self._best(pool, key)

        if goal == "max":
            def max_value(a: Action) -> float:
                ps, _ = rest_values(a)
                return win[a] + sum(ps)

            return self._best(cands, lambda a: (round(max_value(a), 9), _tie_low(a)))

        def value(a: Action) -> float:
            ps, fs = rest_values(a)
            w = win[a]
            return w * make_chance(ps, fs, need - 1) + (1.0 - w) * make_chance(ps, fs, need)

        sure = [a for a in cands if isinstance(a, Play) and win[a] >= 1.0]
        if sure:  # a sure trick still needed: take it with the least valuable card
            return self._best(sure, lambda a: (-raw[a.card], _tie_low(a)))
        thrown = [a for a in cands if _throws_joker(a)]  # a joker thrown away is a trick lost for good
        cands = [a for a in cands if a not in thrown] or cands
        tie = _tie_high if leading else _tie_low
        return self._best(cands, lambda a: (round(value(a), 9), tie(a)))

    def _best(self, cands: Sequence[A], key: Callable[[A], tuple[Any, ...]]) -> A:
        """The candidate of greatest key; exact ties broken by the seeded RNG."""
        keyed = [(key(a), a) for a in cands]
        top = max(k for k, _ in keyed)
        best = [a for k, a in keyed if k == top]
        return best[0] if len(best) == 1 else self.rng.choice(best)


def _throws_joker(a: Action) -> bool:
    """A joker played low or led with ``give``: sure to lose the trick."""
    return (type(a) is FollowJoker and not a.high) or (type(a) is LeadJoker and a.call is JokerCall.GIVE)


def _tie_high(a: Action) -> tuple[int, int]:
    """Tie-break: keep jokers, prefer high cards."""
    c = _card_of(a)
    return (0 if c is None or c >= JOKER1 else 1, _rank(c) if c is not None else 0)


def _tie_low(a: Action) -> tuple[int, int]:
    """Tie-break: keep jokers, prefer low cards."""
    c = _card_of(a)
    return (0 if c is None or c >= JOKER1 else 1, -_rank(c) if c is not None else 0)


def _pulled(kn: Knowledge, a: LeadJoker) -> CardSet:
    """Unseen cards a joker led ``high(s)`` (or camp's ``top``) is expected to draw:
    the top cards of the called suit (the trump for ``top``), about one for every
    second other seat."""
    s = a.suit if a.call is JokerCall.HIGH else kn.trump
    if s is None:
        return 0
    cs = sorted(cards_in(kn.unseen & SUIT_MASKS[s]), reverse=True)
    return mask_of(cs[: kn.n // 2])


def _eager_action(rules: Rules, c: Card, lead: bool, trump: Suit | None) -> Action:
    """How a seat holding one card plays it to win (forehead estimates): a joker
    led with the strongest allowed call (naming the trump, else ♠), or followed high."""
    if c < JOKER1:
        return PLAYS[c]
    if not lead:
        return JOKER_FOLLOWS[(c, True)]
    for call in (JokerCall.HIGH, JokerCall.TOP, JokerCall.TAKES, JokerCall.GIVE):
        if call in rules.joker_leads:
            suit = (trump or 0) if call in (JokerCall.HIGH, JokerCall.TAKES) else None
            return LeadJoker(c, call, suit)
    return JOKER_FOLLOWS[(c, True)]
