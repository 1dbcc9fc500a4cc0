"""Durak's match plug-in (protocol: :mod:`joker.match.plugin`) for ``joker arena`` and ``simulate``.

* ``deals``: the games of a series (``rules.games``), so the arena's score
  difference is per game: the difference of fool rates (a fool scores −1, RULES.md §13.6);
* no referee: every decision is the seat's own;
* ``outcome``: per game of the series the fool's seat (``None``: a draw) and the bouts played;
* ``tally``: a seat's fool rate with a 95% confidence interval (Wilson), and its draw rate.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from .engine.state import DurakState
from .rules import DurakRules

Z95 = 1.959963984540054


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval ``(low, high)`` of a rate of ``k`` in ``n`` (``(nan, nan)`` for n = 0)."""
    if n == 0:
        return math.nan, math.nan
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class FoolTally:
    """One seat (or one bot as hero) over ``games`` Durak games: ``fools`` lost, ``draws`` drawn."""

    games: int
    fools: int
    draws: int

    @property
    def fool_rate(self) -> float | None:
        return self.fools / self.games if self.games else None

    @property
    def ci95(self) -> tuple[float, float]:
        """The fool rate's 95% Wilson interval."""
        return wilson(self.fools, self.games)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.ci95
        return {"durak_games": self.games, "fool_rate": self.fool_rate,
                "fool_rate_ci95": None if self.games == 0 else [lo, hi],
                "draw_rate": self.draws / self.games if self.games else None}


def _rate_cell(t: FoolTally) -> str:
    if not t.games:
        return "—"
    lo, hi = t.ci95
    return f"{t.fools / t.games:.3f} [{lo:.3f}, {hi:.3f}]"


class DurakMatch:
    """The plug-in (see the module doc)."""

    arena_columns = ("fool rate [95% CI]", "draws")
    simulate_columns = ("fool rate [95% CI]", "draws")
    outcome_keys = ("fools", "bouts")

    def deals(self, rules: DurakRules) -> int:
        return rules.games

    def referee(self, game_seed: str) -> None:
        return None

    def outcome(self, state: DurakState) -> dict[str, Any]:
        return {"fools": tuple(state.results), "bouts": state.bouts}

    def tally(self, games: Iterable[tuple[int, Mapping[str, Any]]]) -> FoolTally:
        n = fools = draws = 0
        for seat, o in games:
            for f in o["fools"]:
                n += 1
                fools += f == seat
                draws += f is None
        return FoolTally(n, fools, draws)

    def arena_cells(self, tally: FoolTally) -> tuple[str, ...]:
        return _rate_cell(tally), f"{tally.draws / tally.games:.3f}" if tally.games else "—"

    def arena_tables(self, names: Sequence[str], tallies: Sequence[Any]) -> list[Any]:
        return []

    def simulate_cells(self, tally: FoolTally) -> tuple[str, ...]:
        return self.arena_cells(tally)

    def where(self, state: DurakState) -> str:
        return f"game {state.game + 1}, bout {state.bouts + 1}"


PLUGIN = DurakMatch()
