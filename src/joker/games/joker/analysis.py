"""Double-dummy analysis of a recorded game (``joker analyse RECORD.json``).

For every deal played through the engine (a record with cards and actions),
with every hand known (RULES.md §7):

* per seat, once the bids are in: the fewest and most tricks he can make sure
  of, and the **achievable bids** — the trick totals he can force exactly
  whatever the other three play together against him;
* per card played: the **best achievable result** of the player who played
  it — the best deal score (RULES.md §8, with his bid; block premiums are not
  counted) he could make sure of — just before and just after the card, and
  whether he could still force his bid.  A card that lowers it changed the
  best achievable result: a double-dummy mistake (a cautious one; the others
  do not really play together against him).

Deals known only by their results (real cards) are skipped; a record of
nothing else raises :class:`NothingToAnalyse`.  A deal the record stops in
(an unfinished game) is not analysed either — its tricks are not all played —
and :attr:`Analysis.unfinished` names it.  The JSON form
(:meth:`Analysis.to_json`) is what the web replay viewer reads.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Callable

from joker.cards import format_suit
from joker.errors import JokerError
from .actions import Action, DealSummary
from .engine.state import GameState, Phase
from .fastpath.convert import code_of, position_of
from .record import GameRecord, replay_steps, start_state
from .rules import DealSpec
from .scoring import deal_score
from .solver import DoubleDummy


@dataclass(frozen=True)
class CardNote:
    """One card played: ``trick`` (1-based), ``seat`` (0-based), ``action`` (notation);
    ``best_before``/``best_after``: the player's best achievable deal score;
    ``bid_before``/``bid_after``: whether he could force his bid exactly (``None``
    without bids); ``changed``: ``best_after < best_before``."""

    trick: int
    seat: int
    action: str
    best_before: int
    best_after: int
    bid_before: bool | None
    bid_after: bool | None
    changed: bool


@dataclass(frozen=True)
class DealAnalysis:
    """One deal: ``index`` (0-based), ``cards``, ``trump`` (S C D H or N), ``bids``
    (``None`` without bidding), ``tricks`` taken; per seat at the first lead
    ``most``/``fewest`` tricks and ``achievable`` bids; the ``cards_played`` notes."""

    index: int
    cards: int
    trump: str
    bids: tuple[int, ...] | None
    tricks: tuple[int, ...]
    most: tuple[int, ...]
    fewest: tuple[int, ...]
    achievable: tuple[tuple[int, ...], ...]
    cards_played: tuple[CardNote, ...]

    @property
    def mistakes(self) -> tuple[CardNote, ...]:
        """The cards that lowered their player's best achievable result."""
        return tuple(c for c in self.cards_played if c.changed)


@dataclass(frozen=True)
class Analysis:
    """A whole record: ``players`` and the analysed ``deals`` (the finished ones);
    ``unfinished``: the index (0-based) of the deal an unfinished game stops in,
    not analysed, else ``None``."""

    rules: str
    players: tuple[str, ...]
    deals: tuple[DealAnalysis, ...]
    unfinished: int | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data: ``{"format": "joker-analysis", "version": 1, "rules", "players", "deals": [...],
        "unfinished": index or null}``, each deal as :class:`DealAnalysis` fields plus its ``mistakes`` count."""
        return {
            "format": "joker-analysis",
            "version": 1,
            "rules": self.rules,
            "players": list(self.players),
            "deals": [{**asdict(d), "mistakes": len(d.mistakes)} for d in self.deals],
            "unfinished": self.unfinished,
        }


class NothingToAnalyse(JokerError):
    """A valid record with no deal played card by card (a real-card game's
    scores only): there is nothing for the double-dummy solver to look at."""


def analyse(record: GameRecord, progress: Callable[[int, int], None] | None = None,
            solver: DoubleDummy | None = None) -> Analysis:
    """Analyse ``record`` (see the module doc); ``progress(done, total)`` after each
    deal.  Raises :class:`~joker.errors.RecordError` when the record does not
    replay, :class:`NothingToAnalyse` for a record of real-card deals only."""
    steps = list(replay_steps(record))  # the whole record is checked before any analysis
    final = steps[-1].after if steps else start_state(record)
    if all(e.real_cards for e in record.deals):
        raise NothingToAnalyse("nothing to analyse: the record holds only real-card deals (scores without cards)")
    dd = solver or DoubleDummy()
    rules = final.rules
    n = rules.players
    unfinished = None if final.is_terminal() else final.deal_index
    by_deal: dict[int, list[tuple[GameState, Action]]] = {}  # per deal: each card played and the state before it
    for step in steps:
        i, a = step.before.deal_index, step.action
        if i == unfinished:  # its tricks are not all played: no result to weigh the cards against
            continue
        if step.before.phase is Phase.PLAY and not isinstance(a, DealSummary):
            by_deal.setdefault(i, []).append((step.before, a))
    out = []
    total = len(by_deal)
    for done, (i, plays) in enumerate(sorted(by_deal.items())):
        result = final.results[i]
        state = plays[0][0]  # at the first lead: trump known, bids in
        spec = state.spec
        bids = result.bids
        pos = position_of(state)
        most = tuple(dd.max_tricks(pos, p) for p in range(n))
        fewest = tuple(dd.min_tricks(pos, p) for p in range(n))
        achievable = tuple(tuple(dd.achievable(pos, p)) for p in range(n))
        notes = []
        trick_no = 1
        for _, a in plays:
            p = pos.to_move
            bid = None if bids is None else bids[p]

            def score(t: int, bid: int | None = bid, spec: DealSpec = spec) -> int:
                return deal_score(rules, spec, bid, t)

            after = pos.play(code_of(a))
            before_best = dd.best_score(pos, p, score)
            after_best = dd.best_score(after, p, score)
            bid_b = None if bid is None else dd.can_take(pos, p, [bid])
            bid_a = None if bid is None else dd.can_take(after, p, [bid])
            notes.append(CardNote(trick_no, p, str(a), before_best, after_best, bid_b, bid_a, after_best < before_best))
            if not after.trick:
                trick_no += 1
            pos = after
        out.append(DealAnalysis(i, spec.cards, format_suit(result.trump), bids, tuple(result.tricks), most, fewest,
                                achievable, tuple(notes)))
        if progress:
            progress(done + 1, total)
    return Analysis(str(rules), tuple(record.players), tuple(out), unfinished)


__all__ = ["Analysis", "CardNote", "DealAnalysis", "NothingToAnalyse", "analyse"]
