"""Compiled (numba) play-phase kernels over bitmask hands (RULES.md §7).

This is the one place where the play rules exist a second time, in compiled
form, for search inner loops.  It is held to the engine
(:mod:`joker.games.joker.engine.play`, :meth:`joker.games.joker.engine.state.GameState.legal_actions`)
by a differential test over more than ten thousand random deals of every
preset (``tests/test_fastpath_diff.py``): same legal moves in the same order,
same trick winners.  The trick summaries (:func:`trick_open`,
:func:`trick_add`, :func:`beats`, :func:`can_beat`) restate
:func:`winner_index` and :func:`gen_moves` incrementally, for the playout
policy: whether a card wins the trick so far, and whether a follower can or
must take it, without rescanning the trick per candidate.

Encoding (all ``int64``):

* a hand is a card-set bitmask (bit ``card``; cards as in :mod:`joker.cards`);
* a **move code** is ``card | sub << 6`` with ``sub``: 0 a non-joker card,
  1 a joker followed ``high``, 2 followed ``low``, 3+s ``high(s)`` led,
  7+s ``takes(s)`` led, 11 ``give`` led, 12 camp's ``top`` led;
* a trick is an array of move codes, lead first, with its leader seat and
  length; seats after the leader follow in order ``(leader + i) % n``;
* ``params`` (see :func:`joker.games.joker.fastpath.convert.params_of`): players, deal
  trump (−1: none), rotating, must_trump, high_call_trump_wins, allowed lead
  calls (bits 1 high, 2 takes, 4 give, 8 top), high_call_first_trick_only,
  and a policy option, ``blind`` (see :mod:`.policy`; the rules ignore it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import numpy.typing as npt
from ..jit import njit
from numba.core import cgutils, types
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array

# Typing: numba ignores annotations, so the kernels carry ordinary ones for mypy.  Arrays are
# ``I64s`` (reading an element gives ``Any`` under numpy's stubs, so locals read from arrays are
# annotated ``int``, which is what they are in compiled code); :func:`borrowed` is a numba
# intrinsic, whose decorator mypy cannot see through, so mypy reads a typed declaration of it.
I64s = npt.NDArray[np.int64]
"""An ``int64`` array: hands, tricks, params, move buffers."""
F64s = npt.NDArray[np.float64]
"""A ``float64`` array: weights, score tables, sums."""
_A = TypeVar("_A", bound=npt.NDArray[Any])

NONJOKER = (1 << 52) - 1
SUIT_BITS = 8191

SUB_PLAIN = 0
SUB_FOLLOW_HIGH = 1
SUB_FOLLOW_LOW = 2
SUB_HIGH = 3
SUB_TAKES = 7
SUB_GIVE = 11
SUB_TOP = 12

P_N = 0
P_TRUMP = 1
P_ROTATING = 2
P_MUST_TRUMP = 3
P_HCTW = 4
P_LEADS = 5
P_FIRST_ONLY = 6
P_BLIND = 7
P_STYLE = 8
N_PARAMS = 9

# bits of params[P_STYLE]: how the playout policy's seats play (joker.games.joker.fastpath.policy.choose)
STYLE_KEEP_JOKERS = 1
STYLE_LOW_DUCK_LEAD = 2
STYLE_COVERED_WANTS = 4

LEAD_HIGH = 1
LEAD_TAKES = 2
LEAD_GIVE = 4
LEAD_TOP = 8

MAX_MOVES = 64


if TYPE_CHECKING:
    def borrowed(arr: _A) -> _A:
        """See the compiled definition below."""
else:
    @intrinsic
    def borrowed(typingctx, arr):
        """``arr`` without its reference count (a null NRT meminfo): compiled calls
        that take it skip the atomic increments and decrements numba makes for
        every array argument and local.  Valid only while ``arr`` itself is alive
        — pass it straight to a call (``f(borrowed(a))``: ``a`` lives until that
        call returns), never keep or return it."""
        if not isinstance(arr, types.Array):
            return None

        def codegen(context, builder, sig, args):
            src = make_array(arr)(context, builder, value=args[0])
            out = make_array(arr)(context, builder)
            populate_array(out, data=src.data, shape=src.shape, strides=src.strides, itemsize=src.itemsize,
                           meminfo=cgutils.get_null_value(src.meminfo.type))
            return out._getvalue()

        return arr(arr), codegen


def _msb_table() -> I64s:
    t = np.zeros(1 << 13, dtype=np.int64)
    for x in range(1, 1 << 13):
        t[x] = x.bit_length() - 1
    return t


MSB13 = _msb_table()
"""``MSB13[bits]``: index of the highest set bit of a 13-bit rank mask."""


@njit(cache=True, inline="always")
def lsb_index(x: int) -> int:
    """Index of the lowest set bit of a non-zero 64-bit mask."""
    i = 0
    low = x & -x
    if low >> 32:
        i += 32
        low >>= 32
    if low >> 16:
        i += 16
        low >>= 16
    if low >> 8:
        i += 8
        low >>= 8
    if low >> 4:
        i += 4
        low >>= 4
    if low >> 2:
        i += 2
        low >>= 2
    if low >> 1:
        i += 1
    return i


@njit(cache=True, inline="always")
def popcount(x: int) -> int:
    """Number of set bits of a non-negative mask."""
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit(cache=True, inline="always")
def highest_of_suit(mask: int, s: int) -> int:
    """The highest card of suit ``s`` in ``mask`` as a card set (0 when none)."""
    bits = (mask >> (13 * s)) & SUIT_BITS
    if bits == 0:
        return 0
    r: int = MSB13[bits]
    return 1 << (13 * s + r)


@njit(cache=True, inline="always")
def highest_rank_cards(mask: int) -> int:
    """The cards of the highest rank among ``mask`` (any suit), as a set."""
    best = -1
    out = 0
    for s in range(4):
        bits = (mask >> (13 * s)) & SUIT_BITS
        if bits:
            r = MSB13[bits]
            if r > best:
                best = r
                out = 1 << (13 * s + r)
            elif r == best:
                out |= 1 << (13 * s + r)
    return out


@njit(cache=True)
def led_of(trick: I64s, tlen: int) -> int:
    """The led suit of a trick prefix of length ``tlen`` ≥ 1; −1 while unknown."""
    lead: int = trick[0]
    sub = lead >> 6
    if sub == SUB_PLAIN:
        return (lead & 63) // 13
    if SUB_HIGH <= sub < SUB_GIVE:
        return (sub - SUB_HIGH) & 3
    if sub == SUB_GIVE:
        for i in range(1, tlen):
            code: int = trick[i]
            if code >> 6 == SUB_PLAIN:
                return (code & 63) // 13
    return -1


@njit(cache=True, inline="always")
def trick_trump(trump: int, rotating: int, led: int) -> int:
    """The trump of a trick (−1: none); rotating: the suit after the led suit."""
    if rotating != 0:
        if led < 0:
            return -1
        return (led + 1) & 3
    return trump


@njit(cache=True)
def follow_mask(hand: int, lead: int, led: int, t: int, must: int) -> int:
    """Non-joker cards of ``hand`` a follower may play (see engine.play.follow_mask)."""
    cards = hand & NONJOKER
    sub = lead >> 6
    if sub == SUB_TOP:
        trumps = 0
        if t >= 0:
            trumps = cards & (SUIT_BITS << (13 * t))
        if trumps:
            return highest_of_suit(trumps, t)
        return highest_rank_cards(cards)
    if led < 0:
        return cards
    same = cards & (SUIT_BITS << (13 * led))
    if same:
        if SUB_HIGH <= sub < SUB_TAKES:
            return highest_of_suit(same, led)
        return same
    if must != 0 and t >= 0:
        trumps = cards & (SUIT_BITS << (13 * t))
        if trumps:
            return trumps
    return cards


@njit(cache=True)
def winner_index(trick: I64s, tlen: int, trump: int, rotating: int, hctw: int) -> int:
    """Index (0 = the lead) of the card that wins (or is winning) the trick
    prefix of length ``tlen`` (see engine.play.trick_winner)."""
    last_high = -1
    for i in range(tlen):
        if trick[i] >> 6 == SUB_FOLLOW_HIGH:
            last_high = i
    if last_high >= 0:
        return last_high
    lead = trick[0]
    sub0 = lead >> 6
    led = led_of(trick, tlen)
    t = trick_trump(trump, rotating, led)
    high_lead = (SUB_HIGH <= sub0 < SUB_TAKES) or sub0 == SUB_TOP
    if high_lead:
        is_high = SUB_HIGH <= sub0 < SUB_TAKES
        if not (hctw != 0 and is_high and t >= 0 and (sub0 - SUB_HIGH) != t):
            return 0
    best_key = -1
    best = 0
    for i in range(tlen):
        code = trick[i]
        if code >> 6 != SUB_PLAIN:
            continue
        c = code & 63
        s = c // 13
        r = c - 13 * s
        if s == t:
            key = 100 + r
        elif s == led and not high_lead:
            key = r
        else:
            continue
        if key > best_key:
            best_key = key
            best = i
    return best


@njit(cache=True, inline="always")
def _play_key(code: int, led: int, t: int, high: int) -> int:
    """Order key of a plain card in a trick (see :func:`winner_index`); −1: it cannot win."""
    c = code & 63
    s = c // 13
    r = c - 13 * s
    if s == t:
        return 100 + r
    if s == led and high == 0:
        return r
    return -1


@njit(cache=True, inline="always")
def trick_open(lead: int, trump: int, rotating: int, hctw: int) -> tuple[int, int, int, int, int]:
    """The summary ``(led, t, closed, best, high)`` of a trick of one card,
    ``lead``: its led suit and trump (as :func:`led_of`, :func:`trick_trump`),
    whether no later card but a joker played high can win it (``closed``), the
    best order key of its plain cards (−1: none) and whether it was led high
    (or top).  With :func:`trick_add` and :func:`beats` it answers
    ``winner_index(...) == last`` for each candidate card without rescanning
    the trick."""
    sub0 = lead >> 6
    if sub0 == SUB_PLAIN:
        led = (lead & 63) // 13
        t = trick_trump(trump, rotating, led)
        return led, t, 0, _play_key(lead, led, t, 0), 0
    if SUB_HIGH <= sub0 < SUB_TAKES:
        led = sub0 - SUB_HIGH
        t = trick_trump(trump, rotating, led)
        closed = 0 if (hctw != 0 and t >= 0 and led != t) else 1
        return led, t, closed, -1, 1
    if SUB_TAKES <= sub0 < SUB_GIVE:
        led = sub0 - SUB_TAKES
        return led, trick_trump(trump, rotating, led), 0, -1, 0
    t = trick_trump(trump, rotating, -1)
    if sub0 == SUB_GIVE:
        return -1, t, 0, -1, 0
    return -1, t, 1, -1, 1  # top


@njit(cache=True, inline="always")
def trick_add(led: int, t: int, closed: int, best: int, high: int, code: int, lead: int, trump: int,
              rotating: int) -> tuple[int, int, int, int, int]:
    """The summary (see :func:`trick_open`) after ``code`` is added to a trick led by ``lead``."""
    sub = code >> 6
    if sub == SUB_FOLLOW_HIGH:
        return led, t, 1, best, high
    if sub != SUB_PLAIN:
        return led, t, closed, best, high
    if led < 0:
        if (lead >> 6) != SUB_GIVE:
            return led, t, closed, best, high
        led = (code & 63) // 13  # the first plain card after a give: its suit is led
        t = trick_trump(trump, rotating, led)
        return led, t, closed, _play_key(code, led, t, high), high
    key = _play_key(code, led, t, high)
    if key > best:
        best = key
    return led, t, closed, best, high


@njit(cache=True, inline="always")
def beats(led: int, t: int, closed: int, best: int, high: int, code: int) -> bool:
    """Whether ``code``, added to a trick of summary (see :func:`trick_open`)
    ``(led, t, closed, best, high)`` of at least one card, wins it so far."""
    sub = code >> 6
    if sub == SUB_FOLLOW_HIGH:
        return True
    if closed != 0 or sub != SUB_PLAIN:
        return False
    if led < 0:
        return True  # a give lead: the first plain card sets the led suit and wins
    return _play_key(code, led, t, high) > best


@njit(cache=True)
def trick_summary(trick: I64s, tlen: int, trump: int, rotating: int, hctw: int) -> tuple[int, int, int, int, int]:
    """The summary (see :func:`trick_open`) of a trick prefix of length ``tlen`` ≥ 1."""
    lead = trick[0]
    led, t, closed, best, high = trick_open(lead, trump, rotating, hctw)
    for i in range(1, tlen):
        led, t, closed, best, high = trick_add(led, t, closed, best, high, trick[i], lead, trump, rotating)
    return led, t, closed, best, high


@njit(cache=True, inline="always")
def _above(x: int) -> int:
    """The 13-bit rank mask of ranks above ``x``."""
    if x < 0:
        return SUIT_BITS
    if x >= 12:
        return 0
    return SUIT_BITS & ~((1 << (x + 1)) - 1)


@njit(cache=True)
def can_beat(hand: int, lead: int, led: int, t: int, closed: int, best: int, high: int,
             must: int) -> tuple[bool, bool]:
    """``(can, forced)`` for a follower holding ``hand`` after a trick of
    summary (see :func:`trick_open`) ``(led, t, closed, best, high)`` led by
    ``lead``: whether one of his legal moves (:func:`gen_moves`) wins it so far,
    and whether every one does (true for no moves)."""
    if hand == 0:
        return False, True
    jokers = hand >> 52
    m = follow_mask(hand, lead, led, t, must)
    if closed != 0:
        win = 0
    elif led < 0:
        win = m
    else:
        win = 0
        if t >= 0:
            win = m & (_above(best - 100) << (13 * t))
        if high == 0 and led != t:
            win |= m & (_above(best) << (13 * led))
    return win != 0 or jokers != 0, jokers == 0 and win == m


@njit(cache=True)
def gen_moves(hand: int, trick: I64s, tlen: int, first: int, params: I64s, out: I64s) -> int:
    """Write the legal move codes of the player to move into ``out`` in the
    engine's documented order; return how many."""
    k = 0
    if tlen == 0:
        m = hand & NONJOKER
        while m:
            out[k] = lsb_index(m)
            k += 1
            m &= m - 1
        leads = params[P_LEADS]
        allow_high = first != 0 or params[P_FIRST_ONLY] == 0
        for j in range(52, 54):
            if not (hand >> j) & 1:
                continue
            if (leads & LEAD_HIGH) != 0 and allow_high:
                for s in range(4):
                    out[k] = j | ((SUB_HIGH + s) << 6)
                    k += 1
            if (leads & LEAD_TAKES) != 0:
                for s in range(4):
                    out[k] = j | ((SUB_TAKES + s) << 6)
                    k += 1
            if (leads & LEAD_GIVE) != 0:
                out[k] = j | (SUB_GIVE << 6)
                k += 1
            if (leads & LEAD_TOP) != 0 and allow_high:
                out[k] = j | (SUB_TOP << 6)
                k += 1
        return k
    led = led_of(trick, tlen)
    t = trick_trump(params[P_TRUMP], params[P_ROTATING], led)
    m = follow_mask(hand, trick[0], led, t, params[P_MUST_TRUMP])
    while m:
        out[k] = lsb_index(m)
        k += 1
        m &= m - 1
    for j in range(52, 54):
        if (hand >> j) & 1:
            out[k] = j | (SUB_FOLLOW_HIGH << 6)
            out[k + 1] = j | (SUB_FOLLOW_LOW << 6)
            k += 2
    return k


@njit(cache=True)
def seed(s: int) -> None:
    """Seed numba's random generator (used by the compiled playouts)."""
    np.random.seed(s)


@njit(cache=True)
def _finish_random(hands: I64s, trick: I64s, tlen: int, leader: int, first: int, taken: I64s, params: I64s,
                   moves: I64s) -> None:
    """:func:`random_playout` on work arrays: ``trick`` (``n`` long, the
    prefix filled in) and ``moves`` (``MAX_MOVES``) are overwritten."""
    n = params[P_N]
    trump = params[P_TRUMP]
    rotating = params[P_ROTATING]
    hctw = params[P_HCTW]
    p = (leader + tlen) % n
    while hands[p] != 0:
        k = gen_moves(hands[p], trick, tlen, first, params, moves)
        code = moves[int(np.random.random() * k)]
        hands[p] &= ~(1 << (code & 63))
        trick[tlen] = code
        tlen += 1
        if tlen < n:
            p = (p + 1) % n
            continue
        w = (leader + winner_index(trick, n, trump, rotating, hctw)) % n
        taken[w] += 1
        leader = w
        p = w
        tlen = 0
        first = 0


@njit(cache=True)
def random_playout(hands: I64s, trick_in: I64s, tlen: int, leader: int, first: int, taken: I64s,
                   params: I64s) -> None:
    """Finish a deal with uniformly random legal moves; ``hands`` and ``taken``
    are updated in place (copy them first to keep them)."""
    n = params[P_N]
    trick = np.empty(n, dtype=np.int64)
    for i in range(tlen):
        trick[i] = trick_in[i]
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    _finish_random(borrowed(hands), borrowed(trick), tlen, leader, first, borrowed(taken), borrowed(params),
                   borrowed(moves))


@njit(cache=True)
def random_playouts(hands: I64s, trick: I64s, tlen: int, leader: int, first: int, taken: I64s, params: I64s,
                    count: int) -> int:
    """Run ``count`` random playouts from one position (for benchmarks);
    returns the total tricks taken by seat 0 (a checksum)."""
    n = params[P_N]
    h = np.empty(n, dtype=np.int64)
    tk = np.empty(n, dtype=np.int64)
    t = np.empty(n, dtype=np.int64)
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    total = 0
    for _ in range(count):
        for i in range(n):
            h[i] = hands[i]
            tk[i] = taken[i]
        for i in range(tlen):
            t[i] = trick[i]
        _finish_random(borrowed(h), borrowed(t), tlen, leader, first, borrowed(tk), borrowed(params), borrowed(moves))
        total += tk[0]
    return total


@njit(cache=True)
def check_traces(params_all: I64s, init_hands: I64s, init_info: I64s, steps: I64s, step_start: I64s,
                 legal_codes: I64s, legal_start: I64s) -> int:
    """Replay recorded engine traces on the compiled kernels (differential test).

    For deal ``d``: ``params_all[d]``, starting hands ``init_hands[d]``,
    ``init_info[d] = (leader, first)``; its steps ``step_start[d]:step_start[d+1]``
    each hold ``(chosen code, winner or −1)`` in ``steps`` and the engine's
    legal codes in ``legal_codes[legal_start[i]:legal_start[i+1]]``.
    Returns −1 when every step agrees, else the index of the first step that
    does not (legal moves, their order, or the trick winner)."""
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    trick = np.empty(16, dtype=np.int64)
    hands = np.empty(16, dtype=np.int64)
    for d in range(params_all.shape[0]):
        params = params_all[d]
        n = params[P_N]
        for i in range(n):
            hands[i] = init_hands[d, i]
        leader = init_info[d, 0]
        first = init_info[d, 1]
        tlen = 0
        for st in range(step_start[d], step_start[d + 1]):
            p = (leader + tlen) % n
            k = gen_moves(hands[p], trick, tlen, first, params, moves)
            a = legal_start[st]
            b = legal_start[st + 1]
            if k != b - a:
                return st
            for i in range(k):
                if moves[i] != legal_codes[a + i]:
                    return st
            code = steps[st, 0]
            hands[p] &= ~(1 << (code & 63))
            trick[tlen] = code
            tlen += 1
            if tlen < n:
                if steps[st, 1] != -1:
                    return st
                continue
            w = (leader + winner_index(trick, n, params[P_TRUMP], params[P_ROTATING], params[P_HCTW])) % n
            if w != steps[st, 1]:
                return st
            leader = w
            tlen = 0
            first = 0
    return -1
