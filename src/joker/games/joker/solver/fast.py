"""The fast double-dummy solver: exact results for a play-phase position with
every hand known (RULES.md §7), compiled with numba (:mod:`.kernels`).

    >>> from joker import new_game
    >>> from joker.games.joker.solver import DoubleDummy
    >>> state = new_game("bus-angeles", seed=3)  # deal 1: one card each
    >>> state = state.apply("b0").apply("b0").apply("b0").apply("b0")
    >>> dd = DoubleDummy()
    >>> pos = dd.position(state)
    >>> dd.max_tricks(pos, 0) in (0, 1)
    True

Results count a seat's tricks over the whole deal (those already taken
included).  "Can force" means: whatever the other seats play, together and
knowing every card, against him.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

import numpy as np

from ..engine.state import GameState
from joker.errors import JokerError
from ..fastpath import kernels as FK
from ..fastpath.convert import Position, position_of
from . import kernels as SK


class DoubleDummy:
    """A double-dummy solver with its own transposition table of ``2**tt_bits``
    entries, at least 16 (kept between calls while the rule parameters stay
    the same; half of them in buckets for the partition search, see
    :mod:`.kernels`).

    Raises :class:`JokerError` for a position with a seat out of range."""

    def __init__(self, tt_bits: int = 20) -> None:
        size = 1 << max(tt_bits, 4)
        self._size = size
        self._tt_keys = np.zeros((size, 4), dtype=np.int64)
        self._tt_meta = np.full(size, -1, dtype=np.int64)
        self._tt_vals = np.zeros((size, SK.N_VALS), dtype=np.int64)
        self._moves = np.zeros((SK.MAX_PLY + 2, FK.MAX_MOVES), dtype=np.int64)
        self._keys = np.zeros((SK.MAX_PLY + 2, FK.MAX_MOVES), dtype=np.int64)
        self._trickbuf = np.zeros((SK.MAX_PLY + 2, 16), dtype=np.int64)
        self._canon = np.zeros((SK.MAX_PLY + 2, 16), dtype=np.int64)
        self._frames = np.zeros((SK.MAX_PLY + 2, SK.N_FIELDS), dtype=np.int64)
        self.stats = np.zeros(SK.N_STATS, dtype=np.int64)
        self._params: tuple[int, ...] | None = None
        self._generation = 0

    def clear(self) -> None:
        """Forget every stored result (a new table generation; nothing is rewritten)."""
        self._generation += 1
        if self._generation >= 1 << 23:
            self._tt_meta.fill(-1)
            self._generation = 1

    @staticmethod
    def position(state: GameState, hands: Sequence[int] | None = None) -> Position:
        """The play-phase :class:`~joker.games.joker.fastpath.Position` of ``state`` (see ``position_of``)."""
        return position_of(state, hands)

    # -- low level ------------------------------------------------------------
    def _prepare(self, pos: Position, player: int) -> tuple[FK.I64s, FK.I64s]:
        n = pos.players
        if not 0 <= player < n:
            raise JokerError(f"seat {player} is not 0..{n - 1}")
        key = tuple(int(x) for x in pos.params)
        if self._tt_keys.shape[1] < n:
            self._tt_keys = np.zeros((self._size, n), dtype=np.int64)
            self._params = None
        if key != self._params:
            self.clear()
            self._params = key
        hands, trick, _ = pos.arrays()
        return hands, trick

    def _force(self, pos: Position, player: int, kind: int, k: int) -> bool:
        hands, trick = self._prepare(pos, player)
        # Python ints reach the kernel as int64, one compiled signature
        return bool(SK.force(hands, trick, len(pos.trick), pos.leader, int(pos.first), player, kind, k, pos.params,
                             self._tt_keys, self._tt_meta, self._tt_vals, self._moves, self._keys, self.stats,
                             self._trickbuf, self._frames, self._canon, self._generation))

    # -- queries ----------------------------------------------------------------
    def max_tricks(self, pos: Position, player: int) -> int:
        """The most tricks of the deal ``player`` can make sure of taking."""
        # upward from 0 with one table: a target below the answer is proved
        # cheaply (and its bounds carry over to the next), so the cost is about
        # one proof at the answer and one refutation above it
        k = 0
        while k < pos.tricks_left and self._force(pos, player, SK.KIND_GE, k + 1):
            k += 1
        return pos.taken[player] + k

    def min_tricks(self, pos: Position, player: int) -> int:
        """The fewest tricks of the deal ``player`` can make sure of not exceeding."""
        lo, hi = 0, pos.tricks_left
        while lo < hi:  # binary search on "can force at most mid more"
            mid = (lo + hi) // 2
            if self._force(pos, player, SK.KIND_LE, mid):
                hi = mid
            else:
                lo = mid + 1
        return pos.taken[player] + lo

    def can_take(self, pos: Position, player: int, totals: Iterable[int]) -> bool:
        """Whether ``player`` can force his tricks for the deal to end in ``totals``
        (e.g. ``[bid]``: he can make his bid exactly)."""
        base = pos.taken[player]
        mask = 0
        for t in totals:
            if t >= base and t - base <= pos.tricks_left:
                mask |= 1 << (t - base)
        if mask == 0:
            return False
        return self._force(pos, player, SK.KIND_SET, mask)

    def achievable(self, pos: Position, player: int) -> list[int]:
        """The trick totals ``player`` can force exactly (the bids he could make sure of)."""
        lo, hi = self.min_tricks(pos, player), self.max_tricks(pos, player)
        return [t for t in range(lo, hi + 1) if self.can_take(pos, player, [t])]

    def best_score(self, pos: Position, player: int, score: Callable[[int], int]) -> int:
        """The best deal score ``player`` can make sure of, ``score(t)`` being his
        score for ``t`` tricks in the deal (e.g. ``deal_score`` with his bid)."""
        base = pos.taken[player]
        totals = range(base, base + pos.tricks_left + 1)
        values = sorted({score(t) for t in totals}, reverse=True)
        for v in values[:-1]:
            if self.can_take(pos, player, [t for t in totals if score(t) >= v]):
                return v
        return values[-1]
