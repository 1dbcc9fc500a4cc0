"""Scoring: deal scores (RULES.md §8, §9), block premiums and cuts (§10),
game totals and standings.  Pure functions; the one scoring implementation
used by the engine, the records, the scorekeeper and every sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from joker.cards import Suit
from .actions import Trick
from .rules import DealKind, DealSpec, Premium, Rules, Scoring

_MULTIPLIED = (DealKind.DARK, DealKind.GOLD, DealKind.MISERE, DealKind.NOTRUMP)


def base_score(scoring: Scoring, bid: int, taken: int, cards: int) -> int:
    """Score of one player in a normal deal by the table of RULES.md §8.

    ``bid`` b and ``taken`` t are trick counts, ``cards`` c the deal size.
    Bus-angeles: made 50·(b+1), or 100·c when b = c; under −50·(b+1); over 10·t.
    """
    b, t = bid, taken
    if scoring is Scoring.BUS_ANGELES:
        if t == b:
            return 100 * cards if b == cards else 50 * (b + 1)
        return -50 * (b + 1) if t < b else 10 * t
    if scoring is Scoring.CAMP:
        if t == b:
            return 100 * b if b > 0 else 50
        return -100 * (b - t) if t < b else 10 * t
    if scoring is Scoring.RASPISNOY:
        if t == b:
            return 10 * b if b > 0 else 5
        return -10 * (b - t) if t < b else t
    if scoring is Scoring.GEORGIAN:
        return 50 * b + 50 if t == b else 10 * t
    return t + 10 if t == b else t  # oh-hell, as OpenSpiel's oh_hell


def deal_score(rules: Rules, spec: DealSpec, bid: int | None, taken: int) -> int:
    """Score of one player in one deal: the table of RULES.md §8, the special
    deals of §9 (multiplier, gold, misère, forehead) and the Georgian khishti
    option (bid ≥ 1, no trick → ``rules.khishti``).

    ``bid`` is ``None`` exactly in gold and misère deals, which have no bidding.
    """
    kind = spec.kind
    mult = rules.special_multiplier if kind in _MULTIPLIED else 1
    if kind is DealKind.GOLD:
        return 10 * taken * mult
    if kind is DealKind.MISERE:
        return -10 * taken * mult
    assert bid is not None
    if rules.khishti is not None and bid >= 1 and taken == 0:
        return rules.khishti
    if kind is DealKind.FOREHEAD and bid > 0 and taken <= bid:
        return 50 * bid if taken == bid else -50 * (bid - taken)
    return mult * base_score(rules.scoring, bid, taken, spec.cards)


@dataclass(frozen=True, slots=True)
class DealResult:
    """The outcome of one deal, as kept on the score sheet.

    Tuples are per seat (0-based).  ``bids`` is ``None`` for gold and misère
    deals; ``trump`` is a suit 0..3 or ``None`` for no-trump.  ``played``: the
    deal's tricks as played, the last one included (empty for a deal entered
    from real cards), so nobody needs to recompute the trick that ended it.
    """

    index: int
    spec: DealSpec
    dealer: int
    trump: Suit | None
    bids: tuple[int, ...] | None
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    played: tuple[Trick, ...] = ()

    @property
    def made(self) -> tuple[bool, ...]:
        """Per seat: whether the bid was made exactly (False without bids)."""
        if self.bids is None:
            return tuple(False for _ in self.tricks)
        return tuple(b == t for b, t in zip(self.bids, self.tricks))


@dataclass(frozen=True, slots=True)
class BlockSummary:
    """One block of the sheet (RULES.md §10), all tuples per seat.

    ``raw``: sum of deal scores; ``qualified``: made every bid of the block;
    ``premium``: added premium; ``cut``: score removed by neighbours' premiums
    (a non-negative number); ``total`` = raw + premium − cut.
    ``complete`` is False while the block's deals are still being played; no
    premium is judged then.
    """

    block: int
    deals: tuple[int, ...]
    complete: bool
    raw: tuple[int, ...]
    qualified: tuple[bool, ...]
    premium: tuple[int, ...]
    cut: tuple[int, ...]
    total: tuple[int, ...]


def block_summaries(rules: Rules, results: Sequence[DealResult]) -> list[BlockSummary]:
    """Summaries of every block that has at least one finished deal.

    ``results`` are the finished deals in schedule order.  Premiums follow
    RULES.md §10: a player who made every bid of a complete block gets
    2 × (L + B), L his score in the block's last deal, B the best positive
    deal score of the next player in the block (excluding that player's last
    deal when he qualifies too, 0 when none), and B is cut from that player.
    With ``Premium.ALL_OTHERS`` every other player plays the next player's part.
    """
    n = rules.players
    schedule = rules.deals
    by_block: dict[int, list[DealResult]] = {}
    for r in results:
        by_block.setdefault(r.spec.block, []).append(r)
    out = []
    for block, rs in sorted(by_block.items()):
        size = sum(1 for d in schedule if d.block == block)
        complete = len(rs) == size
        raw = tuple(sum(r.scores[s] for r in rs) for s in range(n))
        qualified = tuple(
            complete and all(r.bids is not None and r.bids[s] == r.tricks[s] for r in rs) for s in range(n)
        )
        premium = [0] * n
        cut = [0] * n
        if rules.premium is not Premium.NONE:
            for s in range(n):
                if not qualified[s]:
                    continue
                victims = [(s + 1) % n] if rules.premium is Premium.BUS_ANGELES else [
                    v for v in range(n) if v != s
                ]
                gained = 0
                for v in victims:
                    pool = rs[:-1] if qualified[v] else rs
                    best = max((r.scores[v] for r in pool if r.scores[v] > 0), default=0)
                    cut[v] += best
                    gained += best
                premium[s] = 2 * (rs[-1].scores[s] + gained)
        total = tuple(raw[s] + premium[s] - cut[s] for s in range(n))
        out.append(
            BlockSummary(block, tuple(r.index for r in rs), complete, raw, qualified, tuple(premium), tuple(cut), total)
        )
    return out


def game_totals(rules: Rules, results: Sequence[DealResult], fines: Sequence[int] | None = None) -> tuple[int, ...]:
    """Per seat: the sum of block totals plus fines (RULES.md §10).

    ``fines`` is a per-seat sum of fines (negative numbers), or None.
    """
    n = rules.players
    totals = [0] * n
    for b in block_summaries(rules, results):
        for s in range(n):
            totals[s] += b.total[s]
    if fines is not None:
        for s in range(n):
            totals[s] += fines[s]
    return tuple(totals)


def places(totals: Sequence[int]) -> tuple[int, ...]:
    """Final place per seat, 1 = best; equal totals share the better place
    (RULES.md §12: totals 300, 200, 200, 100 give places 1, 2, 2, 4)."""
    return tuple(1 + sum(1 for o in totals if o > t) for t in totals)
