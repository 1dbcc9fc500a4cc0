"""The observation tensor: what one seat sees, as named segments of one flat
float32 vector, built ONLY from the seat's :class:`~joker.games.joker.engine.views.PlayerView`
(so another seat's hidden cards cannot leak).

Seats in the tensor are *relative*: row 0 is the observing seat, row 1 the
next seat clockwise (the one playing after him), and so on (RULES.md §3), so
one policy serves every seat.  ``n`` is the number of players, ``C`` the
largest deal of the schedule (cards per hand), ``D`` the schedule's number of
deals.  Every value is 0 or 1 except ``scores``.

==================  ==================  ========================================================
segment             size                meaning
==================  ==================  ========================================================
``phase``           5                   one-hot: dealing (chance, OpenSpiel only), trump choice,
                                        bidding, play, game over
``seat``            n                   one-hot: the observing seat's absolute seat (0-based)
``dealer``          n                   one-hot: relative seat of the dealer
``to_move``         n                   one-hot: relative seat to act (all 0 at chance or the end)
``deal_size``       C                   one-hot: cards per hand in this deal (1 … C)
``deal_kind``       6                   one-hot: normal, dark, gold, misère, no-trump, forehead (§9)
``deal_number``     D                   one-hot: this deal's place in the schedule (§4)
``rotating``        1                   1 when each trick's trump follows the led suit (§7)
``trump``           6                   one-hot: ♠ ♣ ♦ ♥, no-trump, not yet known (§5)
``turned``          54                  the turned-up card(s) (§5)
``hand``            54                  the seat's own visible cards (only the first three during
                                        trump choice; none while bidding a dark or forehead deal)
``seen``            n × 54              other seats' cards this seat sees (forehead deals, §9);
                                        present only when the schedule has a forehead deal
``bids``            n × (C + 2)         per relative seat one-hot: not yet bid, 0, 1, …, C (§6)
``taken``           n × (C + 1)         per relative seat one-hot: tricks taken this deal, 0 … C
``leader``          n                   one-hot: relative seat that led (or leads) the current trick
``trick``           n × 64              per relative seat, the card played to the current trick:
                                        54 card one-hot, then a led joker's call (high, takes,
                                        give, top), its suit (♠ ♣ ♦ ♥), a followed joker's mode
                                        (high, low) (§7)
``played``          n × 54              per relative seat, cards played so far in this deal
                                        (the current trick included)
``block_made``      n                   per relative seat: made every bid of the current block so
                                        far (the premium of §10)
``scores``          n                   per relative seat: game total so far ÷ 1000 (§10),
                                        clipped to ±100
==================  ==================  ========================================================

The information-state tensor (``information_state=True``, used by OpenSpiel)
adds one segment, ``history``: C × (n + n × 64), for each finished trick of the
deal in order, the relative seat that led it and the cards as in ``trick`` —
with the seat's own hand, bids and current trick this is a perfect recall of
the deal.  Earlier deals enter through ``scores``, ``block_made`` and
``deal_number``.

The total size is computed from the same segment table (:attr:`ObservationLayout.segments`),
so the documentation (``docs/environments.md``) and the code cannot drift: a
test compares them.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import numpy as np

from joker.cards import JOKER1
from joker.tensors import SegmentTable

from ..actions import FollowJoker, LeadJoker
from ..engine.state import Phase
from ..engine.views import PlayerView
from ..rules import DealKind, JokerCall, Rules
from ..scoring import game_totals

DECK_BITS = 54
"""Card slots of a card set segment: card ids 0…51 and the jokers 52, 53."""
TRICK_SLOT = 64
"""Per seat in ``trick``: 54 card bits, 4 joker calls, 4 called suits, 2 follow modes."""
SCORE_UNIT = 1000.0
"""Scores are divided by this."""
SCORE_CLIP = 100.0
"""… and clipped to ±this (±100,000 points, far outside any real game)."""

PHASES = ("dealing", "trump", "bid", "play", "over")
KINDS: tuple[DealKind, ...] = (
    DealKind.NORMAL, DealKind.DARK, DealKind.GOLD, DealKind.MISERE, DealKind.NOTRUMP, DealKind.FOREHEAD,
)
CALLS: tuple[JokerCall, ...] = (JokerCall.HIGH, JokerCall.TAKES, JokerCall.GIVE, JokerCall.TOP)
_PHASE_INDEX = {Phase.TRUMP: 1, Phase.BID: 2, Phase.PLAY: 3, Phase.OVER: 4}
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
_CALL_INDEX = {c: i for i, c in enumerate(CALLS)}


class ObservationLayout(SegmentTable):
    """The segments of one rule set's observation (see the module table).

    ``size`` is the tensor length, ``low``/``high`` the per-value bounds (for a
    ``Box`` space).  :meth:`encode` fills a tensor from a :class:`PlayerView`.
    """

    def __init__(self, rules: Rules, information_state: bool = False) -> None:
        self.rules = rules
        self.information_state = information_state
        n = self.players = rules.players
        c = self.max_cards = max(spec.cards for spec in rules.deals)
        self.num_deals = len(rules.deals)
        self.has_forehead = any(spec.kind is DealKind.FOREHEAD for spec in rules.deals)
        table: list[tuple[str, tuple[int, ...], str]] = [
            ("phase", (5,), "dealing, trump choice, bidding, play, game over"),
            ("seat", (n,), "own absolute seat"),
            ("dealer", (n,), "relative seat of the dealer"),
            ("to_move", (n,), "relative seat to act"),
            ("deal_size", (c,), "cards per hand, 1..C"),
            ("deal_kind", (6,), "normal, dark, gold, misere, notrump, forehead"),
            ("deal_number", (self.num_deals,), "place of the deal in the schedule"),
            ("rotating", (1,), "rotating trumps in this deal"),
            ("trump", (6,), "S C D H, no-trump, not yet known"),
            ("turned", (DECK_BITS,), "turned-up cards"),
            ("hand", (DECK_BITS,), "own visible cards"),
        ]
        if self.has_forehead:
            table.append(("seen", (n, DECK_BITS), "cards of other seats this seat sees (forehead)"))
        table += [
            ("bids", (n, c + 2), "per seat: not yet bid, 0..C"),
            ("taken", (n, c + 1), "per seat: tricks taken 0..C"),
            ("leader", (n,), "relative seat leading the current trick"),
            ("trick", (n, TRICK_SLOT), "per seat: card, joker call, called suit, follow mode"),
            ("played", (n, DECK_BITS), "per seat: cards played this deal"),
            ("block_made", (n,), "per seat: every bid of the block made so far"),
            ("scores", (n,), "per seat: game total / 1000, clipped to +-100"),
        ]
        if information_state:
            table.append(("history", (c, n + n * TRICK_SLOT), "finished tricks: leader, then cards as in trick"))
        super().__init__(table)
        self._seg = {s.name: s for s in self.segments}
        self.bound("scores", -SCORE_CLIP, SCORE_CLIP)

    # -- encoding -----------------------------------------------------------------
    def encode(
        self,
        view: PlayerView | None,
        *,
        seat: int | None = None,
        dealing: bool = False,
        deal_number: int | None = None,
        out: np.ndarray | None = None,
    ) -> np.ndarray:
        """The tensor of ``view`` (a fresh float32 array, or ``out`` filled in place).

        ``dealing``: the cards of ``view``'s deal are still being dealt (an
        OpenSpiel chance node): only public facts of the view are encoded (no
        hand, trump or turned card).  ``view`` None: before anything is known
        (OpenSpiel's first chance node); ``seat`` is then required.
        ``deal_number`` overrides the view's deal index (a single-deal episode
        drawn from this layout's schedule).
        """
        t = np.zeros(self.size, dtype=np.float32) if out is None else out
        if out is not None:
            t.fill(0.0)
        n = self.players
        g = self._seg
        if view is None:
            if seat is None:
                raise ValueError("encode(None) needs the seat")
            t[g["phase"].offset] = 1.0
            t[g["seat"].offset + seat] = 1.0
            return t
        me = view.seat
        if me is None:
            raise ValueError("encode needs a seat's view, not a spectator's")

        def rel(s: int) -> int:
            return (s - me) % n

        phase = 0 if dealing else _PHASE_INDEX[view.phase]
        t[g["phase"].offset + phase] = 1.0
        t[g["seat"].offset + me] = 1.0
        t[g["dealer"].offset + rel(view.dealer)] = 1.0
        if not dealing and view.current_player is not None:
            t[g["to_move"].offset + rel(view.current_player)] = 1.0
        spec = view.deal
        t[g["deal_size"].offset + spec.cards - 1] = 1.0
        t[g["deal_kind"].offset + _KIND_INDEX[spec.kind]] = 1.0
        number = view.deal_index if deal_number is None else deal_number
        t[g["deal_number"].offset + number] = 1.0
        if view.rotating:  # RULES.md §5 rule 5
            t[g["rotating"].offset] = 1.0
        if dealing or view.phase is Phase.TRUMP:
            t[g["trump"].offset + 5] = 1.0
        else:
            t[g["trump"].offset + (4 if view.trump is None else view.trump)] = 1.0
        if not dealing:
            base = g["turned"].offset
            for c in view.turned:
                t[base + c] = 1.0
            base = g["hand"].offset
            for c in view.hand:
                t[base + c] = 1.0
            if self.has_forehead:
                base = g["seen"].offset
                for s, cards in enumerate(view.known):
                    row = base + rel(s) * DECK_BITS
                    for c in cards:
                        t[row + c] = 1.0
        width = self.max_cards + 2
        base = g["bids"].offset
        for s, b in enumerate(view.bids):
            t[base + rel(s) * width + (0 if b is None else b + 1)] = 1.0
        width = self.max_cards + 1
        base = g["taken"].offset
        for s, k in enumerate(view.taken):
            t[base + rel(s) * width + k] = 1.0
        if not dealing and view.phase is not Phase.OVER:
            t[g["leader"].offset + rel(view.trick[0][0] if view.trick else view.leader)] = 1.0
            self._put_trick(t, g["trick"].offset, view.trick, rel)
            base = g["played"].offset
            a: Any  # a card play: Play, LeadJoker or FollowJoker
            for trick in view.tricks:
                for s, a in trick.plays:
                    t[base + rel(s) * DECK_BITS + a.card] = 1.0
            for s, a in view.trick:
                t[base + rel(s) * DECK_BITS + a.card] = 1.0
            if self.information_state:
                hist = g["history"].offset
                row_size = n + n * TRICK_SLOT
                for i, trick in enumerate(view.tricks):
                    row = hist + i * row_size
                    t[row + rel(trick.leader)] = 1.0
                    self._put_trick(t, row + n, trick.plays, rel)
        block = spec.block if deal_number is None else self.rules.deals[number].block
        base = g["block_made"].offset
        in_block = [r for r in view.results if r.spec.block == block]
        for s in range(n):
            if all(r.bids is not None and r.bids[s] == r.tricks[s] for r in in_block):
                t[base + rel(s)] = 1.0
        base = g["scores"].offset
        if view.results:
            totals = game_totals(view.rules, view.results)
            for s in range(n):
                t[base + rel(s)] = max(-SCORE_CLIP, min(SCORE_CLIP, totals[s] / SCORE_UNIT))
        return t

    @staticmethod
    def _put_trick(t: np.ndarray, base: int, plays: Iterable[tuple[int, Any]], rel: Callable[[int], int]) -> None:
        for s, a in plays:
            row = base + rel(s) * TRICK_SLOT
            t[row + a.card] = 1.0
            kind = type(a)
            if kind is LeadJoker:
                t[row + DECK_BITS + _CALL_INDEX[a.call]] = 1.0
                if a.suit is not None:
                    t[row + DECK_BITS + 4 + a.suit] = 1.0
            elif kind is FollowJoker:
                t[row + DECK_BITS + 8 + (0 if a.high else 1)] = 1.0

    def __repr__(self) -> str:
        kind = "information state" if self.information_state else "observation"
        return f"<ObservationLayout {self.rules} {kind} size={self.size}>"


assert JOKER1 + 2 == DECK_BITS
