"""A slow, separate reference for the rules of ONE deal, written from RULES.md.

It shares nothing with ``joker`` (the engine): cards are plain strings
("AH", "TS", "X1", "X2"), the state is a small immutable value, and the
rules are re-read from RULES.md §5-§9.  It exists only so that the perft
counts and score sums of the engine can be compared with an independent
implementation.

Action model (counted by perft):

1. ``("trump", s)`` -- only when the deal's trump is ``"choose"``: the first
   hand names a suit letter or ``None`` (no-trump).  With
   ``trump_choice == "suit_of_seen_cards"`` only the suits among his first
   three cards (jokers have no suit), plus no-trump.
2. ``("bid", k)`` -- from the first hand round to the dealer, ``0 <= k <= c``;
   with ``dealer_restriction == "sum_not_equal"`` the dealer may not make the
   sum of bids equal ``c``.  Gold and misère deals have no bidding.
3. ``("play", card, call, suit)`` -- ``call`` is ``None`` for a normal card;
   a led joker has ``call`` in {"high", "takes", "give", "top"} (``suit`` set
   for high/takes); a followed joker has ``call`` in {"high", "low"}.

Two enumerations are provided: :func:`perft_bruteforce` walks every action
sequence (obviously right, slow) and :func:`perft` factors the tree into
(trump choice) x (bid sequences) x (play sequences), which is valid because
the play never depends on the bids; the self-tests check that they agree.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterator, Optional

SUITS = "SCDH"
RANKS = "23456789TJQKA"
NEXT_SUIT = {"S": "C", "C": "D", "D": "H", "H": "S"}  # rotating trumps cycle
JOKER_CALLS_ORDER = ("high", "takes", "give", "top")


# --------------------------------------------------------------------------
# options


@dataclass(frozen=True)
class RefOptions:
    must_trump: bool = True
    lead_calls: frozenset = frozenset({"high", "takes"})
    high_call_trump_wins: bool = False
    high_call_first_trick_only: bool = False
    rotating_trumps: bool = False
    dealer_restriction: str = "sum_not_equal"  # or "none"
    trump_choice: str = "none"  # "none" | "any_suit" | "suit_of_seen_cards"
    scoring: str = "bus-angeles"  # "camp" | "raspisnoy" | "georgian" | "oh-hell"
    khishti: Optional[int] = None
    kind: str = "normal"  # "dark" | "gold" | "misere" | "notrump" | "forehead"
    multiplier: int = 2

    def replace(self, **kw) -> "RefOptions":
        return dataclasses.replace(self, **kw)


# Option sets matching RULES.md's presets (§7 joker calls, §8 scoring).
REF_PRESETS = {
    "bus-angeles": RefOptions(lead_calls=frozenset({"high", "takes"}), scoring="bus-angeles",
                              trump_choice="any_suit"),
    "camp": RefOptions(lead_calls=frozenset({"top", "takes", "give"}), scoring="camp"),
    "raspisnoy": RefOptions(lead_calls=frozenset({"high", "give"}), scoring="raspisnoy"),
    "georgian": RefOptions(lead_calls=frozenset({"high", "give"}), scoring="georgian",
                           trump_choice="any_suit"),
    "rotating-trumps": RefOptions(lead_calls=frozenset({"high", "give"}), scoring="raspisnoy",
                                  rotating_trumps=True),
    "oh-hell": RefOptions(lead_calls=frozenset(), scoring="oh-hell", must_trump=False),
}


# --------------------------------------------------------------------------
# cards


def is_joker(card: str) -> bool:
    return card[0] == "X"


def suit_of(card: str) -> Optional[str]:
    return None if is_joker(card) else card[1]


def rank_of(card: str) -> int:
    assert not is_joker(card), card
    return RANKS.index(card[0])


def check_card(card: str) -> None:
    if card in ("X1", "X2"):
        return
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise ValueError(f"bad card {card!r}")


# --------------------------------------------------------------------------
# scoring (RULES.md §8, §9)


def table_score(table: str, c: int, b: int, t: int) -> int:
    """RULES.md §8: b = bid, t = tricks, c = cards in the deal."""
    if table == "bus-angeles":
        if t == b:
            return 100 * c if b == c else 50 * (b + 1)
        if t < b:
            return -50 * (b + 1)
        return 10 * t
    if table == "camp":
        if t == b:
            return 100 * b if b > 0 else 50
        if t < b:
            return -100 * (b - t)
        return 10 * t
    if table == "raspisnoy":
        if t == b:
            return 10 * b if b > 0 else 5
        if t < b:
            return -10 * (b - t)
        return 1 * t
    if table == "georgian":
        if t == b:
            return 50 * b + 50
        return 10 * t
    if table == "oh-hell":
        return t + 10 if t == b else t
    raise ValueError(f"unknown scoring table {table!r}")


def deal_score(opts: RefOptions, c: int, b: Optional[int], t: int) -> int:
    """One seat's deal score, with §9's special deals and georgian khishti."""
    m = opts.multiplier
    if opts.kind == "gold":
        return 10 * t * m
    if opts.kind == "misere":
        return -10 * t * m
    assert b is not None
    if opts.khishti is not None and b >= 1 and t == 0:
        # Georgian khishti: the deal scores this fixed value instead (RULES.md
        # is silent on khishti with special deals; read as "instead of the
        # whole deal score", so no multiplier and no forehead table).
        return opts.khishti
    base = table_score(opts.scoring, c, b, t)
    if opts.kind == "forehead":
        # made: 50*b; under: -50*(b-t); pass and over as normal; no multiplier
        if t == b and b > 0:
            return 50 * b
        if t < b:
            return -50 * (b - t)
        return base
    if opts.kind in ("dark", "notrump"):
        return base * m
    return base


# --------------------------------------------------------------------------
# trick rules (RULES.md §7)


@dataclass(frozen=True)
class Played:
    seat: int
    card: str
    call: Optional[str] = None  # led joker: high/takes/give/top; followed joker: high/low
    suit: Optional[str] = None  # for a led joker high(s)/takes(s)


def led_suit(trick: tuple) -> Optional[str]:
    """L: the suit followers must follow (None: not (yet) determined)."""
    lead = trick[0]
    if not is_joker(lead.card):
        return suit_of(lead.card)
    if lead.call in ("high", "takes"):
        return lead.suit
    if lead.call == "give":
        for p in trick[1:]:
            if not is_joker(p.card):
                return suit_of(p.card)
        return None
    assert lead.call == "top"
    return None


def trick_trump(opts: RefOptions, deal_trump: Optional[str], trick: tuple) -> Optional[str]:
    # A no-trump special deal "differs from a normal deal only by the absence of
    # trump" (seed 002, §9; RULES.md §5.5): no trick has a trump, rotating or not.
    if opts.kind == "notrump":
        return None
    if opts.rotating_trumps:
        L = led_suit(trick)
        return None if L is None else NEXT_SUIT[L]
    return deal_trump


def lead_actions(opts: RefOptions, hand: tuple, trick_no: int) -> list:
    acts = []
    for card in hand:
        if not is_joker(card):
            acts.append(("play", card, None, None))
            continue
        for call in JOKER_CALLS_ORDER:
            if call not in opts.lead_calls:
                continue
            if call in ("high", "top") and opts.high_call_first_trick_only and trick_no != 0:
                continue
            if call in ("high", "takes"):
                for s in SUITS:
                    acts.append(("play", card, call, s))
            else:
                acts.append(("play", card, call, None))
    return acts


def follow_cards(opts: RefOptions, deal_trump: Optional[str], hand: tuple, trick: tuple) -> list:
    """The non-joker cards a follower may play (jokers are always allowed)."""
    cards = [c for c in hand if not is_joker(c)]
    lead = trick[0]
    if is_joker(lead.card) and lead.call == "top":
        # camp «сдайте все старшие»: highest trump; with no trump, highest card
        trumps = [c for c in cards if deal_trump is not None and suit_of(c) == deal_trump]
        if trumps:
            top = max(rank_of(c) for c in trumps)
            return [c for c in trumps if rank_of(c) == top]
        if cards:
            top = max(rank_of(c) for c in cards)
            return [c for c in cards if rank_of(c) == top]
        return []
    L = led_suit(trick)
    if L is None:
        return cards
    in_l = [c for c in cards if suit_of(c) == L]
    if in_l:
        if is_joker(lead.card) and lead.call == "high":
            top = max(rank_of(c) for c in in_l)
            return [c for c in in_l if rank_of(c) == top]
        return in_l
    T = trick_trump(opts, deal_trump, trick)
    trumps = [c for c in cards if T is not None and suit_of(c) == T]
    if opts.must_trump and trumps:
        return trumps
    return cards


def follow_actions(opts: RefOptions, deal_trump: Optional[str], hand: tuple, trick: tuple) -> list:
    allowed = set(follow_cards(opts, deal_trump, hand, trick))
    acts = []
    for card in hand:
        if is_joker(card):
            acts.append(("play", card, "high", None))
            acts.append(("play", card, "low", None))
        elif card in allowed:
            acts.append(("play", card, None, None))
    return acts


def trick_winner(opts: RefOptions, deal_trump: Optional[str], trick: tuple) -> int:
    high_jokers = [p for p in trick[1:] if is_joker(p.card) and p.call == "high"]
    if high_jokers:
        return high_jokers[-1].seat
    lead = trick[0]
    T = trick_trump(opts, deal_trump, trick)
    L = led_suit(trick)
    cards = [p for p in trick if not is_joker(p.card)]
    trumps = [p for p in cards if T is not None and suit_of(p.card) == T]
    if is_joker(lead.card) and lead.call in ("high", "top"):
        if (lead.call == "high" and opts.high_call_trump_wins and T is not None
                and lead.suit != T and trumps):
            return max(trumps, key=lambda p: rank_of(p.card)).seat
        return lead.seat
    if trumps:
        return max(trumps, key=lambda p: rank_of(p.card)).seat
    in_l = [p for p in cards if L is not None and suit_of(p.card) == L]
    if in_l:
        return max(in_l, key=lambda p: rank_of(p.card)).seat
    # takes(s) with nobody else on s or trump; give with only low jokers after it
    return lead.seat


# --------------------------------------------------------------------------
# deal state


@dataclass(frozen=True)
class RefDeal:
    opts: RefOptions
    n: int
    dealer: int
    hands: tuple  # tuple of tuples of card strings, per seat, in dealing order
    c: int  # cards per hand at the start
    trump: object  # suit letter, None (no-trump) or "choose"
    phase: str  # "trump" | "bid" | "play" | "done"
    to_move: Optional[int]
    bids: tuple = ()  # in seat order of bidding (first hand first); see bid_of()
    trick: tuple = ()  # Played values of the current trick
    trick_no: int = 0
    tricks: tuple = ()  # tricks taken per seat
    history: tuple = field(default=(), compare=False)

    # -- construction
    @staticmethod
    def start(opts: RefOptions, n: int, dealer: int, hands, trump) -> "RefDeal":
        hands = tuple(tuple(h) for h in hands)
        if len(hands) != n:
            raise ValueError("need one hand per seat")
        c = len(hands[0])
        if any(len(h) != c for h in hands):
            raise ValueError("hands must have equal size")
        seen = [x for h in hands for x in h]
        for x in seen:
            check_card(x)
        if len(set(seen)) != len(seen):
            raise ValueError("duplicate card")
        if opts.kind == "notrump":
            trump = None  # §5.5: no trump, whatever is turned
        if trump == "choose" and opts.trump_choice == "none":
            raise ValueError("trump choice not allowed by the options")
        if trump not in (None, "choose") and trump not in SUITS:
            raise ValueError(f"bad trump {trump!r}")
        first = (dealer + 1) % n
        if trump == "choose":
            phase = "trump"
        elif opts.kind in ("gold", "misere"):
            phase = "play"
        else:
            phase = "bid"
        return RefDeal(opts=opts, n=n, dealer=dealer, hands=hands, c=c, trump=trump,
                       phase=phase, to_move=first, tricks=(0,) * n)

    @property
    def first_hand(self) -> int:
        return (self.dealer + 1) % self.n

    def bid_of(self, seat: int) -> Optional[int]:
        if self.opts.kind in ("gold", "misere"):
            return None
        return self.bids[(seat - self.first_hand) % self.n]

    # -- actions
    def legal_actions(self) -> list:
        if self.phase == "trump":
            if self.opts.trump_choice == "suit_of_seen_cards":
                seen = {suit_of(x) for x in self.hands[self.first_hand][:3]} - {None}
                suits = [s for s in SUITS if s in seen]
            else:
                suits = list(SUITS)
            return [("trump", s) for s in suits] + [("trump", None)]
        if self.phase == "bid":
            acts = []
            last = len(self.bids) == self.n - 1
            for k in range(self.c + 1):
                if (last and self.opts.dealer_restriction == "sum_not_equal"
                        and sum(self.bids) + k == self.c):
                    continue
                acts.append(("bid", k))
            return acts
        if self.phase == "play":
            hand = self.hands[self.to_move]
            if not self.trick:
                return lead_actions(self.opts, hand, self.trick_no)
            return follow_actions(self.opts, self.trump, hand, self.trick)
        return []

    def apply(self, action) -> "RefDeal":
        if action not in self.legal_actions():
            raise ValueError(f"illegal {action} in {self}")
        hist = self.history + (action,)
        if action[0] == "trump":
            nxt = "play" if self.opts.kind in ("gold", "misere") else "bid"
            return dataclasses.replace(self, trump=action[1], phase=nxt,
                                       to_move=self.first_hand, history=hist)
        if action[0] == "bid":
            bids = self.bids + (action[1],)
            if len(bids) == self.n:
                return dataclasses.replace(self, bids=bids, phase="play",
                                           to_move=self.first_hand, history=hist)
            return dataclasses.replace(self, bids=bids, to_move=(self.to_move + 1) % self.n,
                                       history=hist)
        _, card, call, s = action
        seat = self.to_move
        hand = list(self.hands[seat])
        hand.remove(card)
        hands = self.hands[:seat] + (tuple(hand),) + self.hands[seat + 1:]
        trick = self.trick + (Played(seat, card, call, s),)
        if len(trick) < self.n:
            return dataclasses.replace(self, hands=hands, trick=trick,
                                       to_move=(seat + 1) % self.n, history=hist)
        w = trick_winner(self.opts, self.trump, trick)
        tricks = tuple(t + (1 if i == w else 0) for i, t in enumerate(self.tricks))
        done = self.trick_no + 1 == self.c
        return dataclasses.replace(self, hands=hands, trick=(), trick_no=self.trick_no + 1,
                                   tricks=tricks, phase="done" if done else "play",
                                   to_move=None if done else w, history=hist)

    def scores(self) -> tuple:
        assert self.phase == "done"
        return tuple(deal_score(self.opts, self.c, self.bid_of(i), self.tricks[i])
                     for i in range(self.n))


# --------------------------------------------------------------------------
# perft


@dataclass
class PerftResult:
    leaves: int
    score_sums: tuple  # per seat, summed over all leaves

    def __iter__(self):
        return iter((self.leaves, self.score_sums))


def perft_bruteforce(opts: RefOptions, n: int, dealer: int, hands, trump) -> PerftResult:
    """Walk every action sequence; obviously right and slow."""
    leaves = 0
    sums = [0] * n
    stack = [RefDeal.start(opts, n, dealer, hands, trump)]
    while stack:
        st = stack.pop()
        if st.phase == "done":
            leaves += 1
            for i, x in enumerate(st.scores()):
                sums[i] += x
            continue
        acts = st.legal_actions()
        assert acts, f"no legal action in {st}"
        for a in acts:
            stack.append(st.apply(a))
    return PerftResult(leaves, tuple(sums))


def _play_histogram(st: RefDeal) -> Counter:
    """Counter: final tricks-per-seat vector -> number of play sequences."""
    if st.phase == "done":
        return Counter({st.tricks: 1})
    out = Counter()
    for a in st.legal_actions():
        out.update(_play_histogram(st.apply(a)))
    return out


def _bid_sequences(st: RefDeal) -> Iterator[RefDeal]:
    if st.phase != "bid":
        yield st
        return
    for a in st.legal_actions():
        yield from _bid_sequences(st.apply(a))


def perft(opts: RefOptions, n: int, dealer: int, hands, trump) -> PerftResult:
    """Same numbers as perft_bruteforce, factored: trump x bids x play."""
    root = RefDeal.start(opts, n, dealer, hands, trump)
    after_trump = [root.apply(a) for a in root.legal_actions()] if root.phase == "trump" else [root]
    leaves = 0
    sums = [0] * n
    for st in after_trump:
        play_start = None
        hist = None
        for after_bids in _bid_sequences(st):
            if hist is None:
                play_start = after_bids
                hist = _play_histogram(play_start)
            for tricks, count in hist.items():
                leaves += count
                for i in range(n):
                    b = after_bids.bid_of(i)
                    sums[i] += count * deal_score(opts, st.c, b, tricks[i])
    return PerftResult(leaves, tuple(sums))


def divide(st: RefDeal) -> dict:
    """Leaves below each legal action of st (brute force), for debugging."""
    out = {}
    for a in st.legal_actions():
        nxt = st.apply(a)
        stack, cnt = [nxt], 0
        while stack:
            s = stack.pop()
            if s.phase == "done":
                cnt += 1
            else:
                stack.extend(s.apply(x) for x in s.legal_actions())
        out[a] = cnt
    return out
