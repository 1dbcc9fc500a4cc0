"""Compiled double-dummy search: one AND/OR search with a transposition table.

``force(kind, k)`` answers whether ``player`` can force the number of tricks
he takes *from now on* into a target set, whatever the other seats play
together against him:

* ``KIND_GE``: at least ``k`` (his best result is the largest such ``k``);
* ``KIND_LE``: at most ``k`` (the fewest he can be held to… the smallest such ``k``);
* ``KIND_SET``: a member of the bitmask ``k`` (bit t: t tricks), e.g. exactly
  his bid.

The seat to move is on ``player``'s side (an OR node) or the others' (an
AND node); joker calls branch like cards.  Cards of one seat with no live card
between them (in any hand or the current trick) are equivalent, and so are
``X1`` and ``X2`` in one hand: only one of each such group is searched.

At trick boundaries, before any search, counting bounds decide many
positions (:func:`_bounds`: trumps that must win, quick tricks of the side on
lead).  The table keeps, per position, bounds on his best and his fewest
tricks and the answers of ``KIND_SET`` searches, as a *partition search*
(Ginsberg; the "winning ranks" of Haglund's DDS): each search also works out,
per suit, how many of the top live cards mattered (a trick won by rank over a
card of its suit, a bound that read ranks); the rest of a suit are "small
cards", and an entry then answers for every position with the same suit
lengths per hand, the same jokers and the same owners of those top cards.
The play rules are those of :mod:`joker.games.joker.fastpath.kernels` (held to the
engine by the differential test); no rule there compares ranks of different
suits except camp's ``top`` call, under which ranks are kept exact.

Speed: the search is one loop over an explicit stack that indexes its 2-D
work arrays directly and hands the rule kernels 1-D scratch arrays; an array
view (``frames[ply]``) costs numba an atomic reference-count increment and
decrement, which was once a third of the run time.  The winner of a trick
prefix is asked for only when a move's order key reads it (not on leads).
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from ..fastpath import kernels as K
from ..fastpath.kernels import I64s

# Typing: numba ignores annotations; see :mod:`..fastpath.kernels` (array elements are ``Any`` to mypy: locals
# read from arrays are annotated ``int`` and returned elements wrapped in ``int()``, a no-op in compiled code).

KIND_GE = 0
KIND_LE = 1
KIND_SET = 2
MAX_PLY = 64

# statistics slots
ST_NODES = 0
ST_PROBES = 1
ST_HITS = 2
N_STATS = 4

# table: entries per bucket of the partition half, and the columns of ``tt_vals``
WAYS = 8
V_LO = 0
V_HI = 1
V_RLO = 2
V_RHI = 3
V_SIG = 4
N_VALS = 5

# a relevance is 4 nibbles, one per suit: how many top live cards of it mattered
FULL_REL = 13 | 13 << 4 | 13 << 8 | 13 << 12


def _pop_table() -> I64s:
    t = np.zeros(1 << 13, dtype=np.int64)
    for x in range(1 << 13):
        t[x] = bin(x).count("1")
    return t


POP13 = _pop_table()
"""``POP13[bits]``: number of set bits of a 13-bit rank mask."""


@njit(cache=True)
def _hash(words: I64s, n: int, meta: int) -> int:
    h = meta * 0x9E3779B97F4A7C15
    for i in range(n):
        h ^= words[i] + 0x632BE59BD9B4E019 + (h << 6) + (h >> 2)
    h ^= h >> 31
    h *= 0x94D049BB133111EB
    h ^= h >> 29
    return h


@njit(cache=True)
def _canonical(hands: I64s, n: int, out: I64s) -> None:
    """Hands with the live cards of each suit renumbered from the top (the
    highest live card gets rank 12, the next 11, …): positions that differ
    only in which cards are gone share a key, and the top ``m`` live cards of
    a suit are the ``m`` highest rank bits.  Valid while no rule compares
    ranks across suits."""
    live = 0
    for i in range(n):
        live |= hands[i]
    for i in range(n):
        h = hands[i]
        o = h & ~K.NONJOKER
        for s in range(4):
            bits = (h >> (13 * s)) & K.SUIT_BITS
            if bits == 0:
                continue
            ls = (live >> (13 * s)) & K.SUIT_BITS
            while bits:
                b = K.MSB13[bits]
                bits ^= 1 << b
                o |= 1 << (13 * s + 12 - POP13[ls >> (b + 1)])
        out[i] = o


@njit(cache=True, inline="always")
def _lengths(hand: int) -> int:
    """A hand's suit lengths and jokers as one word (what small cards keep)."""
    return int(POP13[hand & K.SUIT_BITS] | POP13[(hand >> 13) & K.SUIT_BITS] << 4
               | POP13[(hand >> 26) & K.SUIT_BITS] << 8 | POP13[(hand >> 39) & K.SUIT_BITS] << 12 | (hand >> 52) << 16)


@njit(cache=True, inline="always")
def _top_mask(rel: int) -> int:
    """The rank bits of canonical hands (:func:`_canonical`) that ``rel`` covers."""
    m = 0
    for s in range(4):
        c = (rel >> (4 * s)) & 15
        m |= ((1 << c) - 1) << (13 * s + 13 - c)
    return m


@njit(cache=True, inline="always")
def _store(tt_keys: I64s, tt_meta: I64s, tt_vals: I64s, e: int, canon: I64s, ply: int, n: int, meta: int, sig: int, lo: int, hi: int,
           rlo: int, rhi: int) -> None:
    """Write table entry ``e``: the canonical hands ``canon[ply]``, ``meta``, the
    bounds ``lo``..``hi`` with their relevances, and the lengths signature ``sig``."""
    tt_meta[e] = meta
    for i in range(n):
        tt_keys[e, i] = canon[ply, i]
    tt_vals[e, V_LO] = lo
    tt_vals[e, V_HI] = hi
    tt_vals[e, V_RLO] = rlo
    tt_vals[e, V_RHI] = rhi
    tt_vals[e, V_SIG] = sig


@njit(cache=True, inline="always")
def _tops_agree(tt_keys: I64s, e: int, hands: I64s, n: int, rel: int) -> bool:
    """Whether table entry ``e`` and the (canonical) ``hands`` have the same
    owners of the top cards that relevance ``rel`` says mattered."""
    m = _top_mask(rel)
    for i in range(n):
        if (tt_keys[e, i] ^ hands[i]) & m:
            return False
    return True


@njit(cache=True, inline="always")
def _settled(kind: int, k: int, lo: int, hi: int, rlo: int, rhi: int) -> tuple[int, int]:
    """Whether bounds ``lo``..``hi`` on the tricks from now settle a ``KIND_GE``
    or ``KIND_LE`` search for ``k``: ``(1, rel)`` yes, ``(0, rel)`` no, with the
    relevance ``rel`` of the bound that did (``rlo`` of ``lo``, ``rhi`` of
    ``hi``); ``(-1, 0)`` when they do not."""
    if kind == KIND_GE:
        if k <= lo:
            return 1, rlo
        if k > hi:
            return 0, rhi
    else:
        if k >= hi:
            return 1, rhi
        if k < lo:
            return 0, rlo
    return -1, 0


@njit(cache=True, inline="always")
def _union(a: int, b: int) -> int:
    """Per suit, the larger of two relevances (the union of top-card sets)."""
    if a == b or b == 0:
        return a
    if a == 0:
        return b
    out = 0
    for s in range(4):
        x = (a >> (4 * s)) & 15
        y = (b >> (4 * s)) & 15
        out |= (x if x > y else y) << (4 * s)
    return out


@njit(cache=True, inline="always")
def _weight(rel: int) -> int:
    """How many top cards a relevance covers (fewer: an entry answers more positions)."""
    return (rel & 15) + ((rel >> 4) & 15) + ((rel >> 8) & 15) + ((rel >> 12) & 15)


@njit(cache=True, inline="always")
def _nth_highest(bits: int, m: int) -> int:
    """The rank of the ``m``-th highest bit (1-based) of a 13-bit mask holding at least ``m``."""
    for _ in range(m - 1):
        bits ^= 1 << K.MSB13[bits]
    return int(K.MSB13[bits])


@njit(cache=True)
def _lift(rel: int, after: int, live: int, win: int) -> int:
    """The relevance ``rel`` of a trick's end position (live cards ``after``)
    seen from its start (live cards ``live``): the same
    lowest relevant card per suit, plus the winning card ``win`` (a plain
    card's code, −1: none) that beat a card of its own suit by rank."""
    out = 0
    for s in range(4):
        m = (rel >> (4 * s)) & 15
        if m == 0:
            continue
        ls = (live >> (13 * s)) & K.SUIT_BITS
        bits = (after >> (13 * s)) & K.SUIT_BITS
        if m >= POP13[bits]:
            c = POP13[ls]
        else:
            c = POP13[ls & ~((1 << _nth_highest(bits, m)) - 1)]
        out |= c << (4 * s)
    if win >= 0:
        s = (win & 63) // 13
        c = POP13[(live >> (13 * s)) & K.SUIT_BITS & ~((1 << ((win & 63) % 13)) - 1)]
        if c > (out >> (4 * s)) & 15:
            out = (out & ~(15 << (4 * s))) | c << (4 * s)
    return out


@njit(cache=True)
def _extend(rel: int, live: int, hand: int) -> int:
    """``rel`` widened so that its lowest relevant card of a suit never splits
    two cards of ``hand`` adjacent among the live cards: the search tried one
    of such equivalent cards for both, and the other may stand on either side
    of the cut in a position with other small cards."""
    out = rel
    for s in range(4):
        m = (rel >> (4 * s)) & 15
        ls = (live >> (13 * s)) & K.SUIT_BITS
        if m == 0 or m >= POP13[ls]:
            continue
        hs = (hand >> (13 * s)) & K.SUIT_BITS
        c = _nth_highest(ls, m)
        below = ls & ((1 << c) - 1)
        while below and (hs >> c) & 1 and (hs >> K.MSB13[below]) & 1:
            c = K.MSB13[below]
            below ^= 1 << c
            m += 1
        out = (out & ~(15 << (4 * s))) | m << (4 * s)
    return out


# inlined into the search: a call passing arrays costs numba reference counting
@njit(cache=True, inline="always")
def _quick_tricks(hands: I64s, n: int, seat: int, player: int, params: I64s) -> tuple[int, int]:
    """``(q, rel)``: tricks ``seat``, on lead at a trick boundary, can cash for
    his side for sure (−1: no bound here), and the top cards per suit whose
    owners the count read (a position with the same owners there and the same
    lengths has at least as many): his unbroken top cards of the trump suit;
    of every other suit as many rounds as every other hand holding a trump
    must still follow (all of them when no other hand holds a trump); plus
    his jokers when a winning joker lead (``top``, or ``high`` in the trump
    suit or without the trump-wins option) is open on every trick.  Only when
    the other side (the player, or his three opponents) holds no joker and
    trumps do not rotate; the leader's partners never overtake (a joker of
    theirs can always be played low), and any lead that wins keeps him on
    lead.  Cashing one suit never shortens a ruffer in another: he follows
    suit."""
    if params[K.P_ROTATING] != 0:
        return -1, 0
    others = 0
    enemy = 0
    for i in range(n):
        if i != seat:
            others |= hands[i]
            if (seat == player) or i == player:
                enemy |= hands[i]
    if enemy >> 52:
        return -1, 0
    mine = hands[seat]
    trump = params[K.P_TRUMP]
    live = others | mine
    q = 0
    rel = 0
    for s in range(4):
        bits = (live >> (13 * s)) & K.SUIT_BITS
        ph = (mine >> (13 * s)) & K.SUIT_BITS
        top = 0
        while bits and (ph >> K.MSB13[bits]) & 1:
            bits ^= 1 << K.MSB13[bits]
            top += 1
        rel |= top << (4 * s)
        if top and trump >= 0 and s != trump:
            # a hand holding a trump may ruff once void: cash only while every such hand follows
            for i in range(n):
                if i != seat and (hands[i] >> (13 * trump)) & K.SUIT_BITS:
                    ln = POP13[(hands[i] >> (13 * s)) & K.SUIT_BITS]
                    if ln < top:
                        top = ln
        q += top
    jk = (mine >> 52) & 3
    if jk and params[K.P_FIRST_ONLY] == 0:
        leads = params[K.P_LEADS]
        if (leads & K.LEAD_TOP) != 0 or ((leads & K.LEAD_HIGH) != 0 and (params[K.P_HCTW] == 0 or trump >= 0)):
            q += K.popcount(jk)
    return q, rel


@njit(cache=True)
def _survivors(mine: int, killers: int, jokers: int) -> tuple[int, int]:
    """``(won, seen)``: how many of the trump ranks ``mine`` (13-bit mask) win
    their tricks for sure, and how many top trumps the count read: a trump
    loses only to a higher trump or a joker in its trick, and each card of
    the other side spoils at most one trick, so at least ``|mine|`` less a
    largest matching of them to higher ``killers`` (rank mask) or any of
    ``jokers`` (a count) survive.  The matching is greedy from the top: each
    killer goes to the next lower trump of ``mine``; with the same owners of
    the ``seen`` top trumps a position has at least as many survivors."""
    free = jokers
    won = 0
    seen = 0
    k = 0
    bits = mine | killers
    while bits:
        r = K.MSB13[bits]
        bits ^= 1 << r
        k += 1
        if (killers >> r) & 1:
            free += 1
        elif free > 0:
            free -= 1
        else:
            won += 1
            seen = k
    return won, seen


# inlined into the search: a call passing arrays costs numba reference counting
@njit(cache=True, inline="always")
def _bounds(hands: I64s, n: int, ld: int, player: int, params: I64s, hard: bool) -> tuple[int, int, int, int]:
    """``(lo, hi, rlo, rhi)``: bounds on the tricks ``player`` takes from a
    trick boundary with ``ld`` on lead, and for each the top cards per suit it
    read (a relevance, see the module doc: any position with the same owners
    of those cards and the same lengths has the bound too).  ``hard``: bounds
    whatever anyone plays (valid for every kind of search), by counting trumps
    that survive (:func:`_survivors`; trumps fixed, every hand plays all its
    cards): the player takes at least his surviving trumps against the
    opponents' trumps and jokers, and the opponents at least one hand's
    surviving trumps against the player's trumps and jokers (that hand's
    partners may take the trick instead, still not the player).  Not
    ``hard``: also bounds on the most the player can force (KIND_GE), which a
    side may decline to make: one trick per joker when only one side holds
    jokers, and the leader's quick tricks (:func:`_quick_tricks`)."""
    r = K.popcount(hands[ld])
    lo = 0
    hi = r
    rlo = 0
    rhi = 0
    trump = params[K.P_TRUMP]
    ptr = 0
    otr = 0
    ojk = 0
    if params[K.P_ROTATING] == 0 and trump >= 0:
        mine = hands[player]
        ptr = (mine >> (13 * trump)) & K.SUIT_BITS
        for i in range(n):
            if i != player:
                otr |= (hands[i] >> (13 * trump)) & K.SUIT_BITS
                ojk |= hands[i] >> 52
        if ptr:
            lo, seen = _survivors(ptr, otr, K.popcount(ojk & 3))
            rlo = seen << (4 * trump)
        if otr:
            pjk = K.popcount((mine >> 52) & 3)
            best = 0
            for i in range(n):
                if i != player:
                    itr = (hands[i] >> (13 * trump)) & K.SUIT_BITS
                    if itr:
                        c, seen = _survivors(itr, ptr, pjk)
                        if c > best:
                            best = c
                            rhi = seen << (4 * trump)
            hi = r - best
    if hard:
        return lo, hi, rlo, rhi
    # a joker played high wins its trick unless a later one is played high, and its holder
    # can always so play it (a winning lead call open): one trick per joker when only one
    # side holds jokers; the player's own cards win apart, his surviving trumps too
    leads = params[K.P_LEADS]
    if params[K.P_ROTATING] == 0 and params[K.P_FIRST_ONLY] == 0 and (
            (leads & K.LEAD_TOP) != 0 or ((leads & K.LEAD_HIGH) != 0 and (params[K.P_HCTW] == 0 or trump >= 0))):
        pj = K.popcount((hands[player] >> 52) & 3)
        oj = 0
        for i in range(n):
            if i != player:
                oj += K.popcount((hands[i] >> 52) & 3)
        if oj == 0 and pj > 0:
            lo = min(r, lo + pj)
        elif pj == 0 and oj > 0 and r - min(r, oj) < hi:
            hi = r - min(r, oj)
            rhi = 0
    if ld == player and params[K.P_ROTATING] == 0 and trump >= 0 and otr == 0 and ptr != 0:
        # he holds every trump and the opponents j jokers (1 <= j <= his trumps): he cashes his
        # top cards of the other suits, then his trumps; a joker spoils one trick and gives the
        # opponents the lead, which he takes back ruffing (no discard of a winner): j at most lost
        jo = K.popcount(ojk & 3)
        tp = POP13[ptr]
        if 1 <= jo <= tp:
            mine = hands[player]
            live = 0
            for i in range(n):
                live |= hands[i]
            tops = 0
            trel = tp << (4 * trump)
            for s in range(4):
                if s != trump:
                    bits = (live >> (13 * s)) & K.SUIT_BITS
                    ph = (mine >> (13 * s)) & K.SUIT_BITS
                    t = 0
                    while bits and (ph >> K.MSB13[bits]) & 1:
                        bits ^= 1 << K.MSB13[bits]
                        t += 1
                    tops += t
                    trel |= t << (4 * s)
            if tp + tops - jo > lo:
                lo = tp + tops - jo
                rlo = trel
    q, qrel = _quick_tricks(hands, n, ld, player, params)
    if q > 0:
        if ld == player:
            if q > lo:
                lo = q
                rlo = qrel
        elif r - q < hi:
            hi = r - q
            rhi = qrel
    return lo, hi, rlo, rhi


@njit(cache=True)
def _strength(code: int, trump: int) -> int:
    sub = code >> 6
    if sub == K.SUB_PLAIN:
        c = code & 63
        return c % 13 + (20 if c // 13 == trump else 0)
    if sub == K.SUB_FOLLOW_HIGH or (K.SUB_HIGH <= sub < K.SUB_TAKES) or sub == K.SUB_TOP:
        return 50
    if K.SUB_TAKES <= sub < K.SUB_GIVE:
        return 40
    return -1


# frame fields of the explicit search stack
F_TLEN = 0
F_LEADER = 1
F_FIRST = 2
F_K = 3
F_SLOT = 4
F_META = 5
F_LO = 6
F_HI = 7
F_SIDE = 8
F_CNT = 9
F_I = 10
F_RES = 11
F_MOVER = 12
F_ROW = 13
F_SIG = 14
F_RLO = 15
F_RHI = 16
F_REL = 17
F_BASE = 18
F_WIN = 19
F_KILLER = 20
N_FIELDS = 21


@njit(cache=True)
def force(hands: I64s, trick: I64s, tlen: int, leader: int, first: int, player: int, kind: int, k: int, params: I64s,
          tt_keys: I64s, tt_meta: I64s, tt_vals: I64s, moves: I64s, keys: I64s, stats: I64s, trickbuf: I64s,
          frames: I64s, canon: I64s, generation: int) -> int:
    """1 when ``player`` can force his future tricks into the target, else 0
    (see the module doc).  Iterative (an explicit stack in ``frames``, one row
    per ply; ``trickbuf`` rows hold the tricks in progress); ``hands`` is
    restored on return.  The table (``tt_meta``: size a power of two, at least
    ``2 * WAYS``; ``tt_keys``: size × players; ``tt_vals``: size × ``N_VALS``)
    has two halves: one entry per exact position (always replaced), and
    buckets of ``WAYS`` entries per suit-length signature that keep the most
    general entries (the fewest relevant cards); a probe reads the position's
    exact entry and its bucket.  Table entries of another ``generation``
    (< 2**23) are ignored, so a new generation empties the table without
    clearing it."""
    n = params[K.P_N]
    trump = params[K.P_TRUMP]
    rotating = params[K.P_ROTATING]
    hctw = params[K.P_HCTW]
    half = tt_meta.shape[0] >> 1
    bucket_mask = (half - 1) & ~(WAYS - 1)
    relative = (params[K.P_LEADS] & K.LEAD_TOP) == 0
    # The loop indexes its 2-D work arrays directly: an array view (``frames[ply]``) costs
    # an atomic reference count increment and decrement, once a third of the run time.
    words = np.empty(n, dtype=np.int64)
    ck = np.empty(n, dtype=np.int64)  # the canonical hands of the node being probed
    row = np.empty(16, dtype=np.int64)  # the trick in progress, for the rule kernels
    gen = np.empty(moves.shape[1], dtype=np.int64)  # the legal moves, before pruning and ordering
    for i in range(frames.shape[0]):
        frames[i, F_KILLER] = -1  # the last lead per ply that decided its node (tried early by its siblings)
    for i in range(tlen):
        trickbuf[0, i] = trick[i]
    ply = 0
    frames[0, F_TLEN] = tlen
    frames[0, F_LEADER] = leader
    frames[0, F_FIRST] = first
    frames[0, F_K] = k
    frames[0, F_ROW] = 0
    entering = True
    ret = 0
    ret_rel = 0
    while True:
        if entering:
            stats[ST_NODES] += 1
            tl = frames[ply, F_TLEN]
            ld = frames[ply, F_LEADER]
            kk = frames[ply, F_K]
            frames[ply, F_SLOT] = -1
            immediate = -1
            irel = 0
            if tl == 0:
                r = K.popcount(hands[ld])
                # decided by the tricks left alone (no card read), else by the bounds
                if kind == KIND_GE:
                    if kk <= 0:
                        immediate = 1
                    elif kk > r:
                        immediate = 0
                elif kind == KIND_LE:
                    if kk >= r:
                        immediate = 1
                    elif kk < 0:
                        immediate = 0
                else:
                    full = (1 << (r + 1)) - 1
                    kk &= full
                    frames[ply, F_K] = kk
                    if kk == 0:
                        immediate = 0
                    elif kk == full:
                        immediate = 1
                if immediate < 0:
                    lo0, hi0, blo, bhi = _bounds(hands, n, ld, player, params, kind != KIND_GE)
                    if not relative:
                        blo = FULL_REL
                        bhi = FULL_REL
                    if kind != KIND_SET:
                        immediate, irel = _settled(kind, kk, lo0, hi0, blo, bhi)
                    else:
                        # only totals in lo0..hi0 can happen: the target restricted to them
                        span = full & ~((1 << lo0) - 1) & ((1 << (hi0 + 1)) - 1)
                        kk &= span
                        frames[ply, F_K] = kk
                        if kk == 0:
                            immediate = 0
                            irel = _union(blo, bhi)
                        elif kk == span:
                            immediate = 1
                            irel = _union(blo, bhi)
                if immediate < 0:
                    meta = ld | (frames[ply, F_FIRST] << 4) | (player << 5) | (kind << 9) | (generation << 40)
                    if kind == KIND_SET:
                        meta |= kk << 11
                    if relative:
                        _canonical(hands, n, ck)
                    else:
                        for i in range(n):
                            ck[i] = hands[i]
                    for i in range(n):
                        canon[ply, i] = ck[i]
                    for i in range(n):
                        words[i] = _lengths(hands[i])
                    sig = _hash(words, n, meta)
                    base = half + (sig & bucket_mask)
                    xslot = _hash(ck, n, meta) & (half - 1)
                    stats[ST_PROBES] += 1
                    if kind == KIND_SET:
                        lo, hi, rlo, rhi = -1, -1, 0, 0  # the answer once known (lo == hi)
                    else:
                        lo, hi = lo0, hi0
                        rlo = blo
                        rhi = bhi
                    for t in range(WAYS + 1):
                        e = xslot if t == WAYS else base + t
                        if tt_meta[e] != meta or tt_vals[e, V_SIG] != sig:
                            continue
                        # the same lengths for sure (the signature is a hash), then the relevant top cards
                        same = True
                        for i in range(n):
                            if _lengths(tt_keys[e, i]) != words[i]:
                                same = False
                                break
                        if not same:
                            continue
                        elo = tt_vals[e, V_LO]
                        ehi = tt_vals[e, V_HI]
                        if elo > lo or kind == KIND_SET:
                            if _tops_agree(tt_keys, e, ck, n, tt_vals[e, V_RLO]):
                                lo = elo
                                rlo = tt_vals[e, V_RLO]
                                if kind == KIND_SET:
                                    hi = elo
                        if ehi < hi and kind != KIND_SET:
                            if _tops_agree(tt_keys, e, ck, n, tt_vals[e, V_RHI]):
                                hi = ehi
                                rhi = tt_vals[e, V_RHI]
                    if kind != KIND_SET:
                        immediate, irel = _settled(kind, kk, lo, hi, rlo, rhi)
                    elif lo >= 0:
                        immediate = lo
                        irel = rlo
                    if immediate >= 0:
                        stats[ST_HITS] += 1
                    frames[ply, F_SLOT] = xslot
                    frames[ply, F_BASE] = base
                    frames[ply, F_META] = meta
                    frames[ply, F_SIG] = sig
                    frames[ply, F_LO] = lo
                    frames[ply, F_HI] = hi
                    frames[ply, F_RLO] = rlo
                    frames[ply, F_RHI] = rhi
            if immediate >= 0:
                ret = immediate
                ret_rel = irel
                if ply == 0:
                    return ret
                ply -= 1
                entering = False
                continue
            # generate, prune and order the moves
            m = (ld + tl) % n
            frames[ply, F_MOVER] = m
            hand = hands[m]
            rowi = frames[ply, F_ROW]
            for i in range(tl):
                row[i] = trickbuf[rowi, i]
            cnt = K.gen_moves(hand, row, tl, frames[ply, F_FIRST], params, gen)
            live = 0
            for i in range(n):
                live |= hands[i]
            for i in range(tl):
                if row[i] >> 6 == K.SUB_PLAIN:
                    live |= 1 << (row[i] & 63)
            live &= K.NONJOKER
            cand = 0
            for i in range(cnt):
                if gen[i] >> 6 == K.SUB_PLAIN:
                    cand |= 1 << gen[i]
            both_jokers = ((hand >> 52) & 3) == 3
            side = 1 if m == player else 0
            p_wants = kind == KIND_GE or (kind == KIND_SET and (kk & 1) == 0)
            want = p_wants  # both sides: the player wants tricks for "at least", his opponents want to beat him
            partner_winning = False
            if tl > 0:
                wseat = (ld + K.winner_index(row, tl, trump, rotating, hctw)) % n
                partner_winning = (wseat == player) == (side == 1)
            others = 0
            if tl == 0:
                for i in range(n):
                    if i != m:
                        others |= hands[i]
            # the opponents following before the player: his best answer in this trick (its
            # strength; -1: he cannot win it), so that they try first a card that beats it
            threat = -2
            if want and side == 0 and tl > 0 and (player - ld) % n > tl and row[0] >> 6 == K.SUB_PLAIN \
                    and (hands[player] >> 52) == 0:
                led = (row[0] & 63) // 13
                ttr = K.trick_trump(trump, rotating, led)
                pl = (hands[player] >> (13 * led)) & K.SUIT_BITS
                threat = -1
                if pl:
                    threat = K.MSB13[pl] + (20 if led == ttr else 0)
                elif ttr >= 0 and (hands[player] >> (13 * ttr)) & K.SUIT_BITS:
                    threat = K.MSB13[(hands[player] >> (13 * ttr)) & K.SUIT_BITS] + 20
            void_seen = 0
            kept = 0
            for i in range(cnt):
                code = gen[i]
                above = 0
                if code >> 6 == K.SUB_PLAIN:
                    above = live & (K.SUIT_BITS << (13 * (code // 13))) & ~((1 << (code + 1)) - 1)
                    if above:
                        if (cand >> K.lsb_index(above)) & 1:
                            continue
                elif both_jokers and (code & 63) == 53:
                    continue
                elif tl == 0 and rotating == 0 and K.SUB_HIGH <= code >> 6 < K.SUB_GIVE:
                    # a high / takes call of a suit no other hand holds (not the
                    # trump): every such suit plays alike, search one of them
                    cs = ((code >> 6) - K.SUB_HIGH) & 3
                    if cs != trump and ((others >> (13 * cs)) & K.SUIT_BITS) == 0:
                        cat = 1 if (code >> 6) < K.SUB_TAKES else 2
                        if void_seen & cat:
                            continue
                        void_seen |= cat
                st = _strength(code, trump)
                wi = -1  # the card winning the trick with this one (a lead's key needs none)
                if tl > 0:
                    row[tl] = code
                    wi = K.winner_index(row, tl + 1, trump, rotating, hctw)
                wins_now = wi == tl
                if tl == 0:
                    key = st if want else -st
                    if want and code >> 6 == K.SUB_PLAIN:
                        if side == 0:
                            # the opponents: a card the player cannot beat in its suit (nor ruff)
                            cs = code // 13
                            ps = (hands[player] >> (13 * cs)) & K.SUIT_BITS
                            if (ps >> ((code % 13) + 1)) == 0 and (ps != 0 or trump < 0 or cs == trump
                                                                 or ((hands[player] >> (13 * trump)) & K.SUIT_BITS) == 0):
                                key += 100
                            if ps == 0:
                                key -= 50  # he may answer with any card
                        else:
                            if above == 0:
                                key += 100  # a winner of its suit first
                            # fewer answers to search where the opponents must follow suit
                            cs = code // 13
                            for i in range(n):
                                if i != m and ((hands[i] >> (13 * cs)) & K.SUIT_BITS) == 0:
                                    key -= 50
                    elif want and side == 0 and K.SUB_HIGH <= code >> 6 < K.SUB_TAKES:
                        # the opponents: a joker calling the suit of the player's winner draws it
                        cs = (code >> 6) - K.SUB_HIGH
                        ps = (hands[player] >> (13 * cs)) & K.SUIT_BITS
                        if ps and (others >> (13 * cs + K.MSB13[ps] + 1)) & K.SUIT_BITS == 0:
                            key += 100
                elif threat >= -1:
                    ttr = K.trick_trump(trump, rotating, (row[0] & 63) // 13)
                    safe = _strength(row[wi], ttr) > threat
                    if code >> 6 != K.SUB_PLAIN:
                        key = 1000 - st if safe and code >> 6 == K.SUB_FOLLOW_HIGH else -100
                    elif safe:
                        key = 2000 - st  # the cheapest card that keeps the trick from him
                    else:
                        key = -st
                elif want:
                    if partner_winning or not wins_now:
                        key = -st if code >> 6 == K.SUB_PLAIN else -100  # a joker thrown low last
                    else:
                        key = 1000 - st
                elif wins_now:
                    key = -1000 - st
                else:
                    key = st
                if tl == 0 and code == frames[ply, F_KILLER]:
                    key += 10000  # the lead that last decided a node at this ply first
                j = kept
                while j > 0 and keys[ply, j - 1] < key:
                    keys[ply, j] = keys[ply, j - 1]
                    moves[ply, j] = moves[ply, j - 1]
                    j -= 1
                keys[ply, j] = key
                moves[ply, j] = code
                kept += 1
            frames[ply, F_CNT] = kept
            frames[ply, F_I] = 0
            frames[ply, F_SIDE] = side
            frames[ply, F_RES] = 0 if side == 1 else 1
            frames[ply, F_REL] = 0
        else:
            # back from a child: undo its move, cut off when decided
            code = moves[ply, frames[ply, F_I] - 1]
            crel = ret_rel
            if frames[ply, F_TLEN] == n - 1 and relative:
                # the child began the next trick: its relevance seen from this trick's start
                rowi = frames[ply, F_ROW]
                w = frames[ply, F_WIN]
                wc = trickbuf[rowi, w]
                by_rank = False
                if wc >> 6 == K.SUB_PLAIN:
                    for i in range(n):
                        ci = trickbuf[rowi, i]
                        if i != w and ci >> 6 == K.SUB_PLAIN and (ci & 63) // 13 == (wc & 63) // 13:
                            by_rank = True
                if crel != 0 or by_rank:
                    after = 0
                    for i in range(n):
                        after |= hands[i]
                    live = after
                    for i in range(n):
                        if trickbuf[rowi, i] >> 6 == K.SUB_PLAIN:
                            live |= 1 << (trickbuf[rowi, i] & 63)
                    crel = _lift(crel, after & K.NONJOKER, live & K.NONJOKER, wc if by_rank else -1)
            hands[frames[ply, F_MOVER]] |= 1 << (code & 63)
            if (frames[ply, F_SIDE] == 1 and ret == 1) or (frames[ply, F_SIDE] == 0 and ret == 0):
                frames[ply, F_RES] = ret
                frames[ply, F_REL] = crel
                frames[ply, F_I] = frames[ply, F_CNT] + 1  # past the end: decided by this move alone
                if frames[ply, F_TLEN] == 0:
                    frames[ply, F_KILLER] = code
            else:
                frames[ply, F_REL] = _union(frames[ply, F_REL], crel)
        if frames[ply, F_I] < frames[ply, F_CNT]:
            code = moves[ply, frames[ply, F_I]]
            frames[ply, F_I] += 1
            hands[frames[ply, F_MOVER]] &= ~(1 << (code & 63))
            tl = frames[ply, F_TLEN]
            rowi = frames[ply, F_ROW]
            trickbuf[rowi, tl] = code
            if tl + 1 < n:
                frames[ply + 1, F_TLEN] = tl + 1
                frames[ply + 1, F_LEADER] = frames[ply, F_LEADER]
                frames[ply + 1, F_FIRST] = frames[ply, F_FIRST]
                frames[ply + 1, F_K] = frames[ply, F_K]
                frames[ply + 1, F_ROW] = rowi
            else:
                for i in range(n):
                    row[i] = trickbuf[rowi, i]
                wi = K.winner_index(row, n, trump, rotating, hctw)
                frames[ply, F_WIN] = wi
                w = (frames[ply, F_LEADER] + wi) % n
                k2 = frames[ply, F_K]
                if w == player:
                    if kind == KIND_SET:
                        k2 = k2 >> 1
                    else:
                        k2 = k2 - 1
                frames[ply + 1, F_TLEN] = 0
                frames[ply + 1, F_LEADER] = w
                frames[ply + 1, F_FIRST] = 0
                frames[ply + 1, F_K] = k2
                frames[ply + 1, F_ROW] = ply + 1
                # decided by the tricks left alone (as the child would find, reading no card):
                # answered here, as if from the child, without entering it
                r2 = K.popcount(hands[w])
                trivial = -1
                if kind == KIND_GE:
                    trivial = 1 if k2 <= 0 else (0 if k2 > r2 else -1)
                elif kind == KIND_LE:
                    trivial = 1 if k2 >= r2 else (0 if k2 < 0 else -1)
                else:
                    full = (1 << (r2 + 1)) - 1
                    trivial = 0 if k2 & full == 0 else (1 if k2 & full == full else -1)
                if trivial >= 0:
                    ret = trivial
                    ret_rel = 0
                    entering = False
                    continue
            ply += 1
            entering = True
            continue
        # node finished
        result: int = frames[ply, F_RES]
        rel = frames[ply, F_REL]
        if not relative:
            rel = FULL_REL
        elif frames[ply, F_I] == frames[ply, F_CNT] and rel != 0:
            # every move searched, equivalent ones skipped: keep each group whole
            live = 0
            for i in range(n):
                live |= hands[i]
            rowi = frames[ply, F_ROW]
            for i in range(frames[ply, F_TLEN]):
                if trickbuf[rowi, i] >> 6 == K.SUB_PLAIN:
                    live |= 1 << (trickbuf[rowi, i] & 63)
            rel = _extend(rel, live & K.NONJOKER, hands[frames[ply, F_MOVER]])
        if frames[ply, F_SLOT] >= 0:
            lo = frames[ply, F_LO]
            hi = frames[ply, F_HI]
            rlo = frames[ply, F_RLO]
            rhi = frames[ply, F_RHI]
            kk = frames[ply, F_K]
            if kind == KIND_GE:
                if result == 1:
                    lo = kk
                    rlo = rel
                else:
                    hi = kk - 1
                    rhi = rel
            elif kind == KIND_LE:
                if result == 1:
                    hi = kk
                    rhi = rel
                else:
                    lo = kk + 1
                    rlo = rel
            else:
                lo = result
                hi = result
                rlo = rel
                rhi = rel
            meta = frames[ply, F_META]
            sig = frames[ply, F_SIG]
            # the exact half: always
            _store(tt_keys, tt_meta, tt_vals, frames[ply, F_SLOT], canon, ply, n, meta, sig, lo, hi, rlo, rhi)
            # the bucket: this very position's entry, else a free one, else the most specific if more so than this
            base = frames[ply, F_BASE]
            weight = _weight(_union(rlo, rhi))
            slot = -1
            best = -1
            for e in range(base, base + WAYS):
                if tt_meta[e] >> 40 != generation:
                    prio = 100
                elif tt_meta[e] == meta and tt_vals[e, V_SIG] == sig:
                    prio = 200
                    for i in range(n):
                        if tt_keys[e, i] != canon[ply, i]:
                            prio = -1
                            break
                else:
                    prio = -1
                if prio < 0:
                    we = _weight(_union(tt_vals[e, V_RLO], tt_vals[e, V_RHI]))
                    if we >= weight:
                        prio = we
                if prio > best:
                    best = prio
                    slot = e
            if slot >= 0:
                _store(tt_keys, tt_meta, tt_vals, slot, canon, ply, n, meta, sig, lo, hi, rlo, rhi)
        ret = result
        ret_rel = rel
        if ply == 0:
            return ret
        ply -= 1
        entering = False
