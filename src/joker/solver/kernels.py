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
``X1`` and ``X2`` in one hand: only one of each such group is searched.  At
trick boundaries the table keeps, per position (every hand, the leader, the
first-trick flag, the player), bounds on his best and his fewest tricks, and
the answers of ``KIND_SET`` searches.  The play rules are those of
:mod:`joker.fastpath.kernels` (held to the engine by the differential test).
"""

from __future__ import annotations

from numba import njit

from ..fastpath import kernels as K

KIND_GE = 0
KIND_LE = 1
KIND_SET = 2
MAX_PLY = 64

# statistics slots
ST_NODES = 0


@njit(cache=True)
def _hash(hands, n, meta) -> int:
    h = meta * 0x9E3779B97F4A7C15
    for i in range(n):
        h ^= hands[i] + 0x632BE59BD9B4E019 + (h << 6) + (h >> 2)
    h ^= h >> 31
    h *= 0x94D049BB133111EB
    h ^= h >> 29
    return h


@njit(cache=True)
def _canonical(hands, n, out) -> None:
    """Hands with the ranks of each suit renumbered 0, 1, … over the live cards
    (relative ranks): positions that differ only in which lower cards are gone
    share one table entry.  Valid while no rule compares ranks across suits."""
    live = 0
    for i in range(n):
        out[i] = hands[i] & ~K.NONJOKER
        live |= hands[i]
    for s in range(4):
        bits = (live >> (13 * s)) & K.SUIT_BITS
        j = 0
        while bits:
            b = K.lsb_index(bits)
            bits &= bits - 1
            card = 1 << (13 * s + b)
            for i in range(n):
                if hands[i] & card:
                    out[i] |= 1 << (13 * s + j)
                    break
            j += 1


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


@njit(cache=True)
def _sure_tricks(hands, n, seat, params) -> int:
    """Tricks ``seat``, on lead at a trick boundary, can cash for sure (−1: no
    bound here): his unbroken top cards of the trump suit, of every suit when
    no other hand holds a trump, plus his jokers when a winning joker lead
    (``top``, or ``high`` in the trump suit or without the trump-wins option)
    is open on every trick.  Only when no other hand holds a joker and trumps
    do not rotate; any lead that wins keeps him on lead."""
    if params[K.P_ROTATING] != 0:
        return -1
    others = 0
    for i in range(n):
        if i != seat:
            others |= hands[i]
    if others >> 52:
        return -1
    mine = hands[seat]
    trump = params[K.P_TRUMP]
    live = others | mine
    q = 0
    ruff = trump >= 0 and ((others >> (13 * trump)) & K.SUIT_BITS) != 0
    for s in range(4):
        if ruff and s != trump:
            continue
        bits = (live >> (13 * s)) & K.SUIT_BITS
        ph = (mine >> (13 * s)) & K.SUIT_BITS
        r = 12
        while r >= 0:
            b = 1 << r
            if bits & b:
                if ph & b:
                    q += 1
                else:
                    break
            r -= 1
    jk = (mine >> 52) & 3
    if jk and params[K.P_FIRST_ONLY] == 0:
        leads = params[K.P_LEADS]
        if (leads & K.LEAD_TOP) != 0 or ((leads & K.LEAD_HIGH) != 0 and (params[K.P_HCTW] == 0 or trump >= 0)):
            q += K.popcount(jk)
    return q


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
N_FIELDS = 14


@njit(cache=True)
def force(hands, trick, tlen, leader, first, player, kind, k, params, tt_keys, tt_meta, tt_vals, moves, keys, stats,
          trickbuf, frames, canon, generation) -> int:
    """1 when ``player`` can force his future tricks into the target, else 0
    (see the module doc).  Iterative (an explicit stack in ``frames``, one row
    per ply; ``trickbuf`` rows hold the tricks in progress); ``hands`` is
    restored on return.  Table entries of another ``generation`` (< 2**23) are
    ignored, so a new generation empties the table without clearing it."""
    n = params[K.P_N]
    trump = params[K.P_TRUMP]
    rotating = params[K.P_ROTATING]
    hctw = params[K.P_HCTW]
    size_mask = tt_meta.shape[0] - 1
    relative = (params[K.P_LEADS] & K.LEAD_TOP) == 0
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
    while True:
        f = frames[ply]
        if entering:
            stats[ST_NODES] += 1
            tl = f[F_TLEN]
            ld = f[F_LEADER]
            kk = f[F_K]
            f[F_SLOT] = -1
            immediate = -1
            if tl == 0:
                r = K.popcount(hands[ld])
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
                    f[F_K] = kk
                    if kk == 0:
                        immediate = 0
                    elif kk == full:
                        immediate = 1
                if immediate < 0 and kind == KIND_GE:
                    q = _sure_tricks(hands, n, ld, params)
                    if q >= 0:
                        if ld == player:
                            if kk <= q:
                                immediate = 1
                        elif kk > r - q:
                            immediate = 0
                if immediate < 0:
                    meta = ld | (f[F_FIRST] << 4) | (player << 5) | (kind << 9) | (generation << 40)
                    if kind == KIND_SET:
                        meta |= kk << 11
                    ck = canon[ply]
                    if relative:
                        _canonical(hands, n, ck)
                    else:
                        for i in range(n):
                            ck[i] = hands[i]
                    slot = _hash(ck, n, meta) & size_mask
                    found = tt_meta[slot] == meta
                    if found:
                        for i in range(n):
                            if tt_keys[slot, i] != ck[i]:
                                found = False
                                break
                    lo = 0
                    hi = r
                    if found:
                        lo = tt_vals[slot, 0]
                        hi = tt_vals[slot, 1]
                        if kind == KIND_GE:
                            if kk <= lo:
                                immediate = 1
                            elif kk > hi:
                                immediate = 0
                        elif kind == KIND_LE:
                            if kk >= hi:
                                immediate = 1
                            elif kk < lo:
                                immediate = 0
                        else:
                            immediate = lo
                    f[F_SLOT] = slot
                    f[F_META] = meta
                    f[F_LO] = lo
                    f[F_HI] = hi
            if immediate >= 0:
                ret = immediate
                if ply == 0:
                    return ret
                ply -= 1
                entering = False
                continue
            # generate, prune and order the moves
            m = (ld + tl) % n
            f[F_MOVER] = m
            hand = hands[m]
            row = trickbuf[f[F_ROW]]
            mv = moves[ply]
            ky = keys[ply]
            cnt = K.gen_moves(hand, row, tl, f[F_FIRST], params, mv)
            live = 0
            for i in range(n):
                live |= hands[i]
            for i in range(tl):
                if row[i] >> 6 == K.SUB_PLAIN:
                    live |= 1 << (row[i] & 63)
            live &= K.NONJOKER
            cand = 0
            for i in range(cnt):
                if mv[i] >> 6 == K.SUB_PLAIN:
                    cand |= 1 << mv[i]
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
            void_seen = 0
            kept = 0
            for i in range(cnt):
                code = mv[i]
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
                row[tl] = code
                wins_now = K.winner_index(row, tl + 1, trump, rotating, hctw) == tl
                if tl == 0:
                    key = st if want else -st
                    if want and code >> 6 == K.SUB_PLAIN and above == 0:
                        key += 100  # a winner of its suit first
                elif want:
                    if partner_winning or not wins_now:
                        key = -st
                    else:
                        key = 1000 - st
                elif wins_now:
                    key = -1000 - st
                else:
                    key = st
                j = kept
                while j > 0 and ky[j - 1] < key:
                    ky[j] = ky[j - 1]
                    mv[j] = mv[j - 1]
                    j -= 1
                ky[j] = key
                mv[j] = code
                kept += 1
            f[F_CNT] = kept
            f[F_I] = 0
            f[F_SIDE] = side
            f[F_RES] = 0 if side == 1 else 1
        else:
            # back from a child: undo its move, cut off when decided
            code = moves[ply, f[F_I] - 1]
            hands[f[F_MOVER]] |= 1 << (code & 63)
            if (f[F_SIDE] == 1 and ret == 1) or (f[F_SIDE] == 0 and ret == 0):
                f[F_RES] = ret
                f[F_I] = f[F_CNT]
        if f[F_I] < f[F_CNT]:
            code = moves[ply, f[F_I]]
            f[F_I] += 1
            hands[f[F_MOVER]] &= ~(1 << (code & 63))
            tl = f[F_TLEN]
            rowi = f[F_ROW]
            trickbuf[rowi, tl] = code
            c = frames[ply + 1]
            if tl + 1 < n:
                c[F_TLEN] = tl + 1
                c[F_LEADER] = f[F_LEADER]
                c[F_FIRST] = f[F_FIRST]
                c[F_K] = f[F_K]
                c[F_ROW] = rowi
            else:
                w = (f[F_LEADER] + K.winner_index(trickbuf[rowi], n, trump, rotating, hctw)) % n
                k2 = f[F_K]
                if w == player:
                    if kind == KIND_SET:
                        k2 = k2 >> 1
                    else:
                        k2 = k2 - 1
                c[F_TLEN] = 0
                c[F_LEADER] = w
                c[F_FIRST] = 0
                c[F_K] = k2
                c[F_ROW] = ply + 1
            ply += 1
            entering = True
            continue
        # node finished
        result = f[F_RES]
        slot = f[F_SLOT]
        if slot >= 0:
            lo = f[F_LO]
            hi = f[F_HI]
            kk = f[F_K]
            if kind == KIND_GE:
                if result == 1:
                    lo = max(lo, kk)
                else:
                    hi = min(hi, kk - 1)
            elif kind == KIND_LE:
                if result == 1:
                    hi = min(hi, kk)
                else:
                    lo = max(lo, kk + 1)
            else:
                lo = result
                hi = result
            tt_meta[slot] = f[F_META]
            ck = canon[ply]
            for i in range(n):
                tt_keys[slot, i] = ck[i]
            tt_vals[slot, 0] = lo
            tt_vals[slot, 1] = hi
        ret = result
        if ply == 0:
            return ret
        ply -= 1
        entering = False
