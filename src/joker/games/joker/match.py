"""Joker's match plug-in (the protocol of :mod:`joker.match.plugin`, met
structurally): the trump-choice referee of a duplicate board, the per-deal
outcome of a game and the bid statistics of the arena and ``simulate``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from .bots.heuristic import HeuristicBot
from .engine.state import GameState, Phase
from .engine.views import PlayerView
from .rules import Rules


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


class TrumpReferee:
    """Names the trump on trump-choice deals (RULES.md §5 rule 3) for every
    seating of a board, so the seating cannot change it: the heuristic bot
    seeded ``"<game seed>:trump"``, from the chooser's view."""

    def __init__(self, game_seed: str) -> None:
        self._bot = HeuristicBot(f"{game_seed}:trump")

    def decides(self, state: GameState) -> bool:
        return state.phase is Phase.TRUMP

    def choose(self, view: PlayerView) -> Any:
        return self._bot.choose(view)


@dataclass(frozen=True)
class BidTally:
    """One bot's or seat's bids over many games: ``deals`` with a bid (not gold
    or misère, RULES.md §9) and ``by_size`` ``{cards: [made, bids]}``; ``under``:
    deals with fewer tricks than bid; ``khishti``: bid ≥ 1 and no trick (§8)."""

    by_size: dict[int, list[int]]
    deals: int
    under: int
    khishti: int

    @property
    def made(self) -> int:
        """Bids made exactly."""
        return sum(v[0] for v in self.by_size.values())

    @property
    def bid_accuracy(self) -> float | None:
        """Share of bids made exactly (``None`` without bids)."""
        return self.made / self.deals if self.deals else None

    @property
    def under_rate(self) -> float | None:
        return self.under / self.deals if self.deals else None

    @property
    def khishti_rate(self) -> float | None:
        return self.khishti / self.deals if self.deals else None

    def to_json(self) -> dict[str, Any]:
        return {
            "bid_accuracy": self.bid_accuracy,
            "bid_accuracy_by_cards": {str(k): (v[0] / v[1] if v[1] else None) for k, v in sorted(self.by_size.items())},
            "bids_by_cards": {str(k): v[1] for k, v in sorted(self.by_size.items())},
            "under_rate": self.under_rate,
            "khishti_rate": self.khishti_rate,
        }


class JokerMatch:
    """Joker's match plug-in (see :mod:`joker.match.plugin`)."""

    arena_columns = ("bids made", "under", "khishti")
    simulate_columns = ("bids made",)
    outcome_keys = ("cards", "trumps", "bids", "tricks", "scores")

    def deals(self, rules: Rules) -> int:
        return len(rules.deals)

    def referee(self, game_seed: str) -> TrumpReferee:
        return TrumpReferee(game_seed)

    def outcome(self, state: GameState) -> dict[str, Any]:
        """Per deal: ``cards``, ``trumps`` (suit 0..3 or ``None``), ``bids`` (``None``
        without bidding), ``tricks`` and ``scores`` per seat."""
        res = state.results
        return {
            "cards": tuple(r.spec.cards for r in res),
            "trumps": tuple(r.trump for r in res),
            "bids": tuple(r.bids for r in res),
            "tricks": tuple(r.tricks for r in res),
            "scores": tuple(r.scores for r in res),
        }

    def tally(self, games: Iterable[tuple[int, Mapping[str, Any]]]) -> BidTally:
        by_size: dict[int, list[int]] = {}
        deals = under = khishti = 0
        for seat, outcome in games:
            for cards, bids, tricks in zip(outcome["cards"], outcome["bids"], outcome["tricks"]):
                if bids is None:
                    continue
                b, t = bids[seat], tricks[seat]
                deals += 1
                slot = by_size.setdefault(cards, [0, 0])
                slot[0] += b == t
                slot[1] += 1
                under += t < b
                khishti += b >= 1 and t == 0
        return BidTally(by_size, deals, under, khishti)

    def arena_cells(self, tally: BidTally) -> tuple[str, ...]:
        return _pct(tally.bid_accuracy), _pct(tally.under_rate), _pct(tally.khishti_rate)

    def arena_tables(self, names: Sequence[str],
                     tallies: Sequence[BidTally]) -> list[tuple[str, tuple[str, ...], list[tuple[str, ...]]]]:
        """Bids made by deal size, one column per bot."""
        sizes = sorted(set().union(*(t.by_size for t in tallies)))
        rows = []
        for c in sizes:
            row = [str(c)]
            for t in tallies:
                made, bids = t.by_size.get(c, [0, 0])
                row.append(f"{_pct(made / bids if bids else None)} of {bids}")
            rows.append(tuple(row))
        return [("bids made by deal size", ("cards", *names), rows)]

    def simulate_cells(self, tally: BidTally) -> tuple[str, ...]:
        share = tally.bid_accuracy
        return ("—" if share is None else f"{100 * share:.1f}% of {tally.deals}",)

    def where(self, state: GameState) -> str:
        return f"deal {state.deal_index + 1}"


PLUGIN = JokerMatch()
