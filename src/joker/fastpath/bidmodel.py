"""The heuristic bot's bid model (:class:`joker.bots.heuristic.BidModel`) for
many hands at once, compiled: the search bot's bid inference asks it once per
sampled world and seat that has bid (hundreds of hands a decision), where the
Python model costs ≈ 120 µs a hand.

Same arithmetic as ``Knowledge.hand_values``, ``_chances`` and
``_pick_bid`` of the heuristic bot (RULES.md §6 for the dealer's forbidden
bid); ``tests/test_bid_inference.py`` holds the two to the same bid on random
hands of every preset.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .kernels import popcount

_SUIT = 8191  # the 13 bits of a suit; suit s is _SUIT << 13 s


@njit(cache=True)
def model_bids(hands, raw, unseen: int, others_cards: int, trump: int, guard, ruff_win: float, table,
               forbidden: int, out) -> None:
    """``out[i]``: the bid for ``hands[i]`` (a card mask of the seat modelled).

    ``raw``: each card's raw potential (54); ``unseen``: the cards the seat could
    not place before seeing his hand (his own among them); ``others_cards``: the
    other seats' cards; ``trump``: the fixed trump suit, −1 for none (no-trump
    or rotating); ``guard``: per suit, the share of a guarded high card's missing
    chance it recovers; ``table[b, t]``: deal score; ``forbidden``: the dealer's
    forbidden bid, −1 for none."""
    c_max = table.shape[0]
    ps = np.empty(c_max + 2, dtype=np.float64)
    dist = np.empty(c_max + 2, dtype=np.float64)
    for i in range(hands.shape[0]):
        hand = hands[i]
        un = unseen & ~hand
        q_den = popcount(un)
        q = others_cards / q_den if q_den else 0.0
        ruffs = 0.0
        if trump >= 0:
            for s in range(4):
                if s != trump and un & (_SUIT << (13 * s)):
                    length = popcount(hand & (_SUIT << (13 * s)))
                    ruffs += 1.0 if length == 0 else 0.5 if length == 1 else 0.0
        k = 0
        sure = 0
        mean = 0.0
        h = hand
        while h:
            low = h & -h
            h ^= low
            c = 0
            while (low >> c) != 1:
                c += 1
            p = raw[c]
            if c >= 52:
                p = 1.0
                sure += 1
            else:
                s = c // 13
                suit = _SUIT << (13 * s)
                above = un & suit & ~((1 << (c + 1)) - 1)
                if p < 1.0:
                    higher = popcount(above)
                    guards = popcount(hand & suit & ((1 << c) - 1))
                    if higher and guards:
                        expected = max(1.0, higher * q)
                        p += (1.0 - p) * guard[s] * min(1.0, guards / expected)
                if s == trump:
                    if ruffs > 0 and p < ruff_win:  # a low trump kept to ruff a short side suit
                        p = max(p, ruff_win * min(1.0, ruffs))
                        ruffs -= 1.0
                    if not above:  # the top trump still out
                        p = 1.0
                        sure += 1
            ps[k] = p
            mean += p
            k += 1
        # the Poisson-binomial law of the tricks, then each bid's expected score
        dist[0] = 1.0
        for j in range(k):
            p = ps[j]
            dist[j + 1] = dist[j] * p
            for t in range(j, 0, -1):
                dist[t] = dist[t] * (1.0 - p) + dist[t - 1] * p
            dist[0] *= 1.0 - p
        best = -1
        key1 = 0.0
        key2 = 0.0
        for b in range(c_max):
            v = 0.0
            for t in range(k + 1):
                v += dist[t] * table[b, t]
            k1 = round(v, 9)
            k2 = -abs(b - mean)
            if best < 0 or k1 > key1 or (k1 == key1 and k2 > key2):
                best, key1, key2 = b, k1, k2
        if best == forbidden:
            p_up = 0.0
            for t in range(best + 1, k + 1):
                p_up += dist[t]
            p_down = 0.0
            if best > sure:
                for t in range(best):
                    p_down += dist[t]
            up = best + 1 < c_max
            if up and (p_up >= p_down or best == 0):
                best += 1
            else:
                best -= 1
        out[i] = best
