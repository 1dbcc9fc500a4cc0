"""A compiled, goal-directed playout policy and the batched evaluations the
search bot runs on sampled worlds (every hand known in a world).

Each seat plays for a target: ``target[q] ≥ 0`` is his bid (he wants tricks
while he has fewer than his bid — or more, being over already —, and ducks
when he has exactly his bid), ``−1`` wants every trick (a gold deal), ``−2``
none (misère).  A seat that wants the trick plays its cheapest card that wins
it safely — no later seat that wants tricks can beat it and none is forced
to —, else its cheapest card; a seat that ducks sheds its most valuable card
that loses (a card that does not win now, or one a later seat will beat),
else its cheapest; jokers are kept while ducking.  With chance ``eps`` a seat
plays a uniformly random legal move instead.  The rules come from
:mod:`.kernels`.

Who "can beat" a card is read from the world's hands (every seat
clairvoyant), or, with ``params[K.P_BLIND]`` set, judged as the seat playing
can judge it at a table: from the cards it does not hold, dealt at random
among the other seats by hand sizes (:func:`_threat_blind`).  A seat that
cannot see where the cards lie leaves the tricks nobody bid to chance more
often; with it the search bot made 70.8% and 70.1% of its 9-card bids
against three heuristic bots, 69.0% and 66.4% without (4,000 paired deals);
in whole games the gain did not show (docs/bots.md, session 9).

Style bits of ``params[K.P_STYLE]`` make the seats play more like the
heuristic bot (and like players): ``STYLE_KEEP_JOKERS`` — a seat short of its
bid that holds more cards than tricks it needs spends no joker while another
card will do, and while its jokers cover the tricks it needs it plays its
other cards as a ducker, the jokers being sure tricks for later;
``STYLE_LOW_DUCK_LEAD`` — a ducking seat on lead plays its lowest card, the
least likely to win, not its most valuable one it expects beaten.  Without
them the policy picked the heuristic bot's card in 53% of its decisions
with a choice (a joker spent at the first chance in 23% of the decisions
where the bot wanted a trick), with both in 61%; the search bot using them made
+3.8 ± 2.7 points more of its 9-card bids against three heuristic bots
(docs/bots.md, session 11).  ``STYLE_COVERED_WANTS`` (off in the levels,
measured +1.8 ± 1.9 points on top of both, inside the noise): a seat whose
jokers cover its need still plays its other cards for tricks.

The searching seat can play its own later moves better than that:
:func:`lookahead` tries each legal move and finishes the deal with the policy
(no random moves), keeping the best for its score table.  On 9-card
bus-angeles deals this raised the search bot's share of bids made against
three heuristic bots from 62.3% to 66.6% at 128 worlds (1,600 paired deals,
docs/bots.md).
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from . import kernels as K
from .kernels import F64s, I64s
from .kernels import borrowed as B

# Typing: as in :mod:`.kernels` (numba ignores annotations; locals read from arrays are annotated ``int``,
# array elements returned are wrapped in ``int()``, a no-op in compiled code).


@njit(cache=True, inline="always")
def wants(q: int, taken: I64s, target: I64s) -> bool:
    """Whether seat ``q`` wants to take tricks now (see the module doc)."""
    tg: int = target[q]
    if tg == -1:
        return True
    if tg == -2:
        return False
    tk: int = taken[q]
    return tk != tg


@njit(cache=True, inline="always")
def _cost(code: int, t: int) -> int:
    """How valuable a move is to keep: rank, +13 for a trump, jokers the most."""
    sub = code >> 6
    if sub == K.SUB_PLAIN:
        c = code & 63
        return c % 13 + (13 if c // 13 == t else 0)
    if sub == K.SUB_FOLLOW_LOW or sub == K.SUB_GIVE:
        return 45
    return 40


@njit(cache=True, inline="always")
def _threat(hands: I64s, pos: int, leader: int, n: int, taken: I64s, target: I64s, lead: int, led: int, t: int, closed: int, best: int,
            high: int, must: int) -> bool:
    """Whether a seat after position ``pos`` of the trick prefix (``pos`` + 1
    cards, led by ``lead``, of summary ``(led, t, closed, best, high)``: see
    :func:`.kernels.trick_open`) will take it from the card at ``pos``: it
    wants tricks and can, or every move it has takes it."""
    for j in range(pos + 1, n):
        seat = (leader + j) % n
        can, forced = K.can_beat(hands[seat], lead, led, t, closed, best, high, must)
        if forced or (can and wants(seat, taken, target)):
            return True
    return False


@njit(cache=True, inline="always")
def _p_none(u: int, m: int, h: int) -> float:
    """Chance that ``h`` cards drawn at random from ``u`` include none of ``m`` marked ones."""
    if m <= 0 or h <= 0:
        return 1.0
    if u - m < h:
        return 0.0
    p = 1.0
    for i in range(h):
        p *= (u - m - i) / (u - i)
    return p


@njit(cache=True, inline="always")
def _threat_blind(hands: I64s, pos: int, leader: int, n: int, taken: I64s, target: I64s, pool: int, led: int, t: int, closed: int,
                  best: int, high: int) -> bool:
    """:func:`_threat` as the seat at ``pos`` can judge it from its own view:
    the later seats' cards are a random share (their hand sizes) of the cards
    it does not hold, and one of them takes the trick if it wants tricks and
    holds a card that wins it (following suit, else a trump, or a joker).
    True when that is more likely than not.  Voids shown earlier are not
    tracked (a playout's seats know only the cards).  ``pool``: the cards of
    every seat but the one at ``pos``."""
    u = K.popcount(pool)
    jok = K.popcount(pool >> 52)
    f = 0  # cards of the led suit that win (a follower of the suit plays them)
    tr = 0  # trumps that win (a follower void in the led suit plays them)
    n_led = 0
    if closed == 0 and led >= 0:
        n_led = K.popcount(pool & (K.SUIT_BITS << (13 * led)))
        if t == led:
            f = K.popcount(pool & (K._above(best - 100) << (13 * t)))
        else:
            if high == 0:
                f = K.popcount(pool & (K._above(best) << (13 * led)))
            if t >= 0:
                tr = K.popcount(pool & (K._above(best - 100) << (13 * t)))
    keep = 1.0  # chance that no later seat takes the trick
    for j in range(pos + 1, n):
        seat = (leader + j) % n
        if not wants(seat, taken, target):
            continue
        h = K.popcount(hands[seat])
        if closed == 0 and led < 0:
            return True  # a give lead with no plain card yet: any card takes it
        p_void = _p_none(u, n_led, h)
        p_card = (1.0 - _p_none(u, f, h)) + p_void * (1.0 - _p_none(u - n_led, tr, min(h, u - n_led)))
        p_take = 1.0 - (1.0 - min(1.0, p_card)) * _p_none(u, jok, h)
        keep *= 1.0 - p_take
    return keep < 0.5


@njit(cache=True, inline="always")
def choose(hands: I64s, trick: I64s, tlen: int, leader: int, first: int, taken: I64s, target: I64s, params: I64s,
           eps: float, moves: I64s, buf: I64s) -> int:
    """The policy's move code for the seat to move (``buf`` is no longer used;
    ``trick`` is only read)."""
    n = params[K.P_N]
    q = (leader + tlen) % n
    k = K.gen_moves(hands[q], trick, tlen, first, params, moves)
    if k == 1:
        return int(moves[0])
    if eps > 0.0 and np.random.random() < eps:
        return int(moves[int(np.random.random() * k)])
    want = wants(q, taken, target)
    trump = params[K.P_TRUMP]
    rotating = params[K.P_ROTATING]
    hctw = params[K.P_HCTW]
    must = params[K.P_MUST_TRUMP]
    blind = params[K.P_BLIND] != 0
    pool = 0  # blind: the cards seat q cannot see
    if blind:
        for s in range(n):
            if s != q:
                pool |= hands[s]
    # K.STYLE_KEEP_JOKERS: a seat still short of its bid, holding more cards than tricks it
    # needs, spends no joker while another card will do; when its jokers cover the need it plays its other
    # cards as a ducker (unless K.STYLE_COVERED_WANTS), the jokers being its sure tricks for later
    covered = False
    save = False
    style = params[K.P_STYLE]
    if want and style & K.STYLE_KEEP_JOKERS and target[q] > taken[q]:
        need = target[q] - taken[q]
        nj = K.popcount(hands[q] >> 52)
        if nj > 0 and K.popcount(hands[q]) > need:
            save = True
            covered = need <= nj and not style & K.STYLE_COVERED_WANTS
    lead = 0
    led, t, closed, top, high = -1, -1, 0, -1, 0
    if tlen > 0:
        lead = trick[0]
        led, t, closed, top, high = K.trick_summary(trick, tlen, trump, rotating, hctw)
    best_key = -1 << 40
    best: int = moves[0]
    for i in range(k):
        code = moves[i]
        # the trick with ``code`` added: its summary, and whether ``code`` wins it so far
        if tlen == 0:
            lead = code
            led2, t2, closed2, top2, high2 = K.trick_open(code, trump, rotating, hctw)
            winning = True
        else:
            winning = K.beats(led, t, closed, top, high, code)
            led2, t2, closed2, top2, high2 = K.trick_add(led, t, closed, top, high, code, lead, trump, rotating)
        cost = _cost(code, t2)
        beaten = False
        if winning and tlen + 1 < n:
            if blind:
                beaten = _threat_blind(hands, tlen, leader, n, taken, target, pool, led2, t2, closed2, top2, high2)
            else:
                beaten = _threat(hands, tlen, leader, n, taken, target, lead, led2, t2, closed2, top2, high2, must)
        if save and (code & 63) >= 52:
            key = -2000 - cost  # a kept joker: only when nothing else is legal
        elif want and not covered:
            if winning and not beaten:
                key = 1000 - cost
            else:
                key = -cost
        elif tlen == 0 and style & K.STYLE_LOW_DUCK_LEAD and (code & 63) < 52:
            key = 500 - cost  # ducking on lead: the lowest card, the least likely to win
        else:
            joker = (code & 63) >= 52
            if not winning:
                key = 1000 + (0 if joker else cost)
            elif beaten:
                key = 500 + (0 if joker else cost)
            else:
                key = -cost
        if key > best_key:
            best_key = key
            best = code
    return best


@njit(cache=True, inline="always")
def play_code(hands: I64s, trick: I64s, tlen: int, leader: int, first: int, taken: I64s, params: I64s,
              code: int) -> tuple[int, int, int]:
    """Play ``code`` for the seat to move; returns the new ``(tlen, leader, first)``."""
    n = params[K.P_N]
    q = (leader + tlen) % n
    hands[q] &= ~(1 << (code & 63))
    trick[tlen] = code
    tlen += 1
    if tlen < n:
        return tlen, leader, first
    w = (leader + K.winner_index(trick, n, params[K.P_TRUMP], params[K.P_ROTATING], params[K.P_HCTW])) % n
    taken[w] += 1
    return 0, w, 0


@njit(cache=True)
def rollout(hands: I64s, trick: I64s, tlen: int, leader: int, first: int, taken: I64s, target: I64s, params: I64s,
            eps: float, moves: I64s, buf: I64s) -> None:
    """Finish the deal with the policy; ``hands``, ``trick`` and ``taken`` change in place."""
    n = params[K.P_N]
    while True:
        q = (leader + tlen) % n
        if hands[q] == 0:
            return
        code = choose(hands, trick, tlen, leader, first, taken, target, params, eps, moves, buf)
        tlen, leader, first = play_code(hands, trick, tlen, leader, first, taken, params, code)


@njit(cache=True)
def _scratch(n: int) -> tuple[I64s, I64s, I64s, I64s, I64s]:
    """Work arrays of a playout: ``hands``, ``trick``, ``taken`` (n each), ``moves`` and ``buf``."""
    return (np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64),
            np.empty(K.MAX_MOVES, dtype=np.int64), np.empty(K.MAX_MOVES, dtype=np.int64))


@njit(cache=True)
def lookahead(hands: I64s, trick: I64s, tlen: int, leader: int, first: int, taken: I64s, target: I64s, params: I64s,
              me: int, table: F64s, moves: I64s, buf: I64s, work: I64s, cands: I64s) -> int:
    """Seat ``me``'s move by one ply of lookahead: each legal move, then the
    rest of the deal by the policy without random moves; the move of best
    ``table[tricks of me]`` wins, ties going to the policy's own move (tried
    first; the first move reaching the table's maximum ends the search, since
    none can beat it: the same move, in about half the time for card play).
    ``work`` is a (3, n) scratch array (hands, trick, taken), ``cands`` one of
    ``MAX_MOVES``."""
    n = params[K.P_N]
    k = K.gen_moves(hands[me], trick, tlen, first, params, cands)
    if k == 1:
        return int(cands[0])
    own = choose(hands, trick, tlen, leader, first, taken, target, params, 0.0, moves, buf)
    top = table[0]  # a move reaching the table's best value cannot be beaten: stop there
    for j in range(1, table.shape[0]):
        top = max(top, table[j])
    best = -1e300
    best_code = own
    h, t, tk = work[0], work[1], work[2]
    both_jokers = (hands[me] >> 52) & 3 == 3
    for rank in range(2):  # the policy's own move first, so that only a strictly better one replaces it
        for i in range(k):
            code: int = cands[i]
            if (rank == 0) != (code == own):
                continue
            if both_jokers and (code & 63) == 53 and code != own:
                continue  # X2 plays like X1: its moves are X1's
            for j in range(n):
                h[j] = hands[j]
                tk[j] = taken[j]
            for j in range(tlen):
                t[j] = trick[j]
            tl, ld, fs = play_code(h, t, tlen, leader, first, tk, params, code)
            rollout(h, t, tl, ld, fs, tk, target, params, 0.0, moves, buf)
            v = table[tk[me]]
            if v > best:
                best = v
                best_code = code
                if best >= top:
                    return best_code
    return best_code


@njit(cache=True, inline="always")
def finish(hands: I64s, trick: I64s, tlen: int, leader: int, first: int, taken: I64s, target: I64s, params: I64s,
           me: int, table: F64s, look: int, eps: float, moves: I64s, buf: I64s, work: I64s, mine: I64s) -> None:
    """Finish the deal in place: seat ``me`` by :func:`lookahead` for ``table``
    while he holds at most ``look`` cards, every other move by the policy
    (``work``, ``mine``: :func:`lookahead`'s scratch arrays)."""
    n = params[K.P_N]
    while True:
        q = (leader + tlen) % n
        if hands[q] == 0:
            return
        if q == me and K.popcount(hands[me]) <= look:
            code = lookahead(hands, trick, tlen, leader, first, taken, target, params, me, table, moves, buf, work,
                             mine)
        else:
            code = choose(hands, trick, tlen, leader, first, taken, target, params, eps, moves, buf)
        tlen, leader, first = play_code(hands, trick, tlen, leader, first, taken, params, code)


@njit(cache=True)
def evaluate_moves(worlds: I64s, weights: F64s, trick0: I64s, tlen0: int, leader0: int, first0: int, taken0: I64s,
                   target: I64s, params: I64s, cands: I64s, table: F64s, me: int, reps: int, eps: float, look: int,
                   sums: F64s) -> None:
    """For each world (row of ``worlds``: every hand) and candidate move code,
    play the candidate, finish the deal ``reps`` times — the other seats by the
    policy, seat ``me`` by :func:`lookahead` while he holds at most ``look``
    cards (it sees the world's cards: the continuation of a perfect-information
    sample), else by the policy —, and add ``weights[world] * table[tricks of me]`` to
    ``sums[candidate]``."""
    n = params[K.P_N]
    hands, trick, taken, moves, buf = _scratch(n)
    work = np.empty((3, n), dtype=np.int64)
    mine = np.empty(K.MAX_MOVES, dtype=np.int64)
    _evaluate_moves(B(worlds), B(weights), B(trick0), tlen0, leader0, first0, B(taken0), B(target), B(params),
                    B(cands), B(table), me, reps, eps, look, B(sums), B(hands), B(trick), B(taken), B(moves), B(buf),
                    B(work), B(mine))


@njit(cache=True)
def _evaluate_moves(worlds: I64s, weights: F64s, trick0: I64s, tlen0: int, leader0: int, first0: int, taken0: I64s,
                    target: I64s, params: I64s, cands: I64s, table: F64s, me: int, reps: int, eps: float, look: int,
                    sums: F64s, hands: I64s, trick: I64s, taken: I64s, moves: I64s, buf: I64s, work: I64s,
                    mine: I64s) -> None:
    """:func:`evaluate_moves` on its work arrays, every array :func:`.kernels.borrowed`."""
    n = params[K.P_N]
    for w in range(worlds.shape[0]):
        for c in range(cands.shape[0]):
            for _ in range(reps):
                for i in range(n):
                    hands[i] = worlds[w, i]
                    taken[i] = taken0[i]
                for i in range(tlen0):
                    trick[i] = trick0[i]
                tlen, leader, first = play_code(hands, trick, tlen0, leader0, first0, taken, params, cands[c])
                finish(hands, trick, tlen, leader, first, taken, target, params, me, table, look, eps, moves, buf,
                       work, mine)
                sums[c] += weights[w] * table[taken[me]]


@njit(cache=True)
def mean_tricks(worlds: I64s, leader: int, targets: I64s, params: I64s, reps: int, eps: float, sums: F64s) -> None:
    """Whole deals from the first lead: ``sums[w, q]`` += tricks of seat ``q``
    over ``reps`` policy playouts of world ``w`` with ``targets[w]``."""
    n = params[K.P_N]
    hands, trick, taken, moves, buf = _scratch(n)
    for w in range(worlds.shape[0]):
        for _ in range(reps):
            for i in range(n):
                hands[i] = worlds[w, i]
                taken[i] = 0
            rollout(B(hands), B(trick), 0, leader, 1, B(taken), B(targets[w]), B(params), eps, B(moves), B(buf))
            for i in range(n):
                sums[w, i] += taken[i]


@njit(cache=True)
def evaluate_bids(worlds: I64s, weights: F64s, leader: int, targets: I64s, params: I64s, me: int, bids: I64s,
                  tables: F64s, reps: int, eps: float, sums: F64s, look: int = 0) -> None:
    """For each world and candidate bid ``bids[c]`` of seat ``me`` (others'
    targets from ``targets[w]``), play the deal ``reps`` times — seat ``me`` by
    :func:`lookahead` for ``tables[c]`` while he holds at most ``look`` cards,
    else everybody by the policy — and add ``weights[w] * tables[c, tricks of
    me]`` to ``sums[c]``."""
    n = params[K.P_N]
    hands, trick, taken, moves, buf = _scratch(n)
    work = np.empty((3, n), dtype=np.int64)
    mine = np.empty(K.MAX_MOVES, dtype=np.int64)
    tg = np.empty(n, dtype=np.int64)
    for w in range(worlds.shape[0]):
        for i in range(n):
            tg[i] = targets[w, i]
        for c in range(bids.shape[0]):
            tg[me] = bids[c]
            for _ in range(reps):
                for i in range(n):
                    hands[i] = worlds[w, i]
                    taken[i] = 0
                finish(B(hands), B(trick), 0, leader, 1, B(taken), B(tg), B(params), me, tables[c], look, eps,
                       B(moves), B(buf), work, B(mine))
                sums[c] += weights[w] * tables[c, taken[me]]
