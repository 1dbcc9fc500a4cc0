"""The Durak observation tensor: a float32 vector of named segments built from
one seat's :class:`~..engine.views.PlayerView` only (RULES.md §13; what a view
holds is documented in :mod:`..engine.views`).

Seats are **relative**: row 0 is the observing seat, row 1 the next seat
clockwise (on its left), and so on, so one policy serves every seat.  Cards
use the 38 slots of :mod:`.codec` (♠6 … ♥A, X1, X2).  n = players, K = 38,
T = 6 (the most attack cards a bout holds, RULES.md §13.4 rule 4).  All values
lie in 0 … 1.

================  ==========  ============================================================
segment           shape       meaning
================  ==========  ============================================================
``phase``         5           lead, add, defend, throw, over
``seat``          n           the observer's absolute seat
``role``          4           the observer now: the bout's leader, its defender, another
                              player still in, out of the game
``to_move``       n           relative seat to act (none when over)
``leader``        n           relative seat that led the bout
``defender``      n           relative seat defending now
``hand``          K           own cards
``known``         n × K       per relative seat, cards everyone saw enter that hand and still
                              there (taken from the table, a shown trump, a drawn turned or
                              shown hidden trump)
``hand_sizes``    n           per relative seat, cards in hand ÷ K
``prikups``       n           per relative seat, face-down prikup cards left ÷ 2
``table``         T × 2 × K   per attack slot in table order: the attack card, the card
                              covering it (none while unbeaten)
``bout``          4           the defender said take; the rest of a joker's bout passed on;
                              the bout's limit ÷ 6; throw-in passes in a row ÷ n
``discard``       K           the discard pile (its faces are public, docs/durak.md)
``stock``         1           cards in the stock ÷ K (the two trumps included while there)
``turned``        K           the turned trump card
``hidden``        K           the hidden trump once shown
``trump``         5           ♠ ♣ ♦ ♥, no trump (a joker turned)
``shown``         K           trumps shown this game
``shown_in_bout`` K           trumps shown this bout
``series``        3 + n       game number ÷ games; bouts of this game ÷ 1000 (clipped); idle
                              bouts ÷ stall_limit; per relative seat, games lost as the fool ÷
                              games
================  ==========  ============================================================

:class:`ObservationLayout` computes the sizes from this same table
(:attr:`ObservationLayout.segments`), so code and docs/environments.md agree
(a test compares them).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from joker.tensors import SegmentTable

from ..engine.table import Phase
from ..engine.views import PlayerView
from ..rules import BOUT_LIMIT, PRIKUP_SIZE, DurakRules
from .codec import SLOTS, slot_of

PHASES = (Phase.LEAD, Phase.ADD, Phase.DEFEND, Phase.THROW, Phase.OVER)
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
BOUT_SCALE = 1000.0
"""Bouts of a game are divided by this (and clipped to 1)."""


class ObservationLayout(SegmentTable):
    """The segments of one rule set's observation (the module table): ``size``,
    ``low``/``high`` (0 and 1 everywhere), :meth:`encode` fills a tensor from a view."""

    def __init__(self, rules: DurakRules) -> None:
        self.rules = rules
        n = self.players = rules.players
        k = SLOTS
        table: list[tuple[str, tuple[int, ...], str]] = [
            ("phase", (5,), "lead, add, defend, throw, over"),
            ("seat", (n,), "own absolute seat"),
            ("role", (4,), "leader, defender, other player in, out"),
            ("to_move", (n,), "relative seat to act"),
            ("leader", (n,), "relative seat that led the bout"),
            ("defender", (n,), "relative seat defending now"),
            ("hand", (k,), "own cards"),
            ("known", (n, k), "per seat: cards known to be in that hand"),
            ("hand_sizes", (n,), "per seat: cards in hand / 38"),
            ("prikups", (n,), "per seat: face-down prikup cards / 2"),
            ("table", (BOUT_LIMIT, 2, k), "per attack slot: attack card, covering card"),
            ("bout", (4,), "taking, passed on, limit / 6, passes / n"),
            ("discard", (k,), "the discard pile"),
            ("stock", (1,), "cards in the stock / 38"),
            ("turned", (k,), "the turned trump"),
            ("hidden", (k,), "the hidden trump once shown"),
            ("trump", (5,), "S C D H, no trump"),
            ("shown", (k,), "trumps shown this game"),
            ("shown_in_bout", (k,), "trumps shown this bout"),
            ("series", (3 + n,), "game / games, bouts / 1000, idle / stall_limit, fools per seat / games"),
        ]
        super().__init__(table)
        self._seg = self.offsets()

    def encode(self, view: PlayerView, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """The tensor of a seat's ``view`` (a fresh float32 array, or ``out`` filled in place).
        Raises ``ValueError`` for a spectator's view (it has no seat)."""
        me = view.seat
        if me is None:
            raise ValueError("encode needs a seat's view, not a spectator's")
        t: npt.NDArray[np.float32] = np.zeros(self.size, dtype=np.float32) if out is None else out
        if out is not None:
            t.fill(0.0)
        n, k, g = self.players, SLOTS, self._seg

        def rel(s: int) -> int:
            return (s - me) % n

        def cards(base: int, cs: Any) -> None:
            for c in cs:
                t[base + slot_of(c)] = 1.0

        t[g["phase"] + _PHASE_INDEX[view.phase]] = 1.0
        t[g["seat"] + me] = 1.0
        out_of_game = not (view.hand_sizes[me] or view.prikups[me] or view.stock)
        if out_of_game:
            role = 3
        elif view.leader == me:
            role = 0
        elif view.defender == me:
            role = 1
        else:
            role = 2
        if view.phase is not Phase.OVER or out_of_game:
            t[g["role"] + role] = 1.0
        if view.current_player is not None:
            t[g["to_move"] + rel(view.current_player)] = 1.0
        if view.leader is not None:
            t[g["leader"] + rel(view.leader)] = 1.0
        if view.defender is not None:
            t[g["defender"] + rel(view.defender)] = 1.0
        cards(g["hand"], view.hand)
        for s in range(n):
            cards(g["known"] + rel(s) * k, view.known[s])
            t[g["hand_sizes"] + rel(s)] = min(1.0, view.hand_sizes[s] / k)
            t[g["prikups"] + rel(s)] = view.prikups[s] / PRIKUP_SIZE
        for i, (a, d) in enumerate(zip(view.attack, view.defence)):
            row = g["table"] + i * 2 * k
            t[row + slot_of(a)] = 1.0
            if d is not None:
                t[row + k + slot_of(d)] = 1.0
        b = g["bout"]
        t[b] = float(view.taking)
        t[b + 1] = float(view.passed_on)
        t[b + 2] = view.limit / BOUT_LIMIT
        t[b + 3] = min(1.0, view.passes / n)
        cards(g["discard"], view.discard)
        t[g["stock"]] = view.stock / k
        cards(g["turned"], (view.turned,))
        if view.hidden is not None:
            cards(g["hidden"], (view.hidden,))
        t[g["trump"] + (4 if view.trump is None else view.trump)] = 1.0
        cards(g["shown"], view.shown)
        cards(g["shown_in_bout"], view.shown_in_bout)
        rules = self.rules
        sr = g["series"]
        t[sr] = min(1.0, view.game / rules.games)
        t[sr + 1] = min(1.0, view.bouts / BOUT_SCALE)
        t[sr + 2] = min(1.0, view.idle / rules.stall_limit)
        for s in range(n):
            t[sr + 3 + rel(s)] = sum(1 for f in view.results if f == s) / rules.games
        return t

    def __repr__(self) -> str:
        return f"<ObservationLayout {self.rules} size={self.size}>"
