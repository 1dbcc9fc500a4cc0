"""Bot-versus-bot simulation: many seeded games, per-seat statistics.

Pure (no printing, no global RNG): game ``g`` of a run with seed ``S`` is
``new_game(rules, seed=f"{S}:{g}")`` played by bots made with
``make_bot(name, seed=f"{S}:{g}:{seat}")``, so any single game of a run can be
replayed with :func:`play_game`.  Scores are game totals with block premiums
and cuts (RULES.md §8–§10).

    >>> from joker import preset
    >>> r = simulate(preset("bus-angeles").replace(schedule="1,2"), ["heuristic", "random", "random", "random"], 3, seed=1)
    >>> len(r.scores), len(r.seats)
    (3, 4)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from joker.bots import Bot, make_bot
from joker.games.joker.engine.state import GameState, new_game
from joker.games.joker.engine.views import view_of
from joker.errors import JokerError
from joker.games.joker.rules import Rules

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% confidence interval."""


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """``(mean, half-width)`` of a 95% confidence interval for the mean of
    ``values`` (normal approximation: 1.96 × sample standard deviation / √n).
    The half-width is ``nan`` for fewer than two values.  Raises ``ValueError``
    for no values."""
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)


def play_game(rules: Rules, bots: Sequence[Bot], seed: int | str) -> GameState:
    """Play one whole game: ``bots[seat]`` chooses for ``seat`` from its
    :class:`~joker.games.joker.engine.views.PlayerView` only.  Returns the final state.

    Raises :class:`JokerError` when a bot returns an action that is not legal."""
    state = new_game(rules, seed=seed)
    while not state.is_terminal():
        seat = state.current_player
        view = view_of(state, seat)
        action = bots[seat].choose(view)
        if action not in view.legal_actions:
            raise JokerError(
                f"bot {bots[seat].name!r} at seat {seat + 1} chose {action}, not a legal action "
                f"(deal {state.deal_index + 1}, game seed {seed!r})"
            )
        state = state.apply(action)
    return state


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat over a run: ``mean`` game total with its 95% CI half-width
    ``ci``; ``bids`` deals with a bid (not gold/misère) and ``made`` of them
    made exactly."""

    seat: int
    bot: str
    mean: float
    ci: float
    bids: int
    made: int

    @property
    def made_share(self) -> float | None:
        """Share of bids made, or ``None`` when the schedule has no bids."""
        return self.made / self.bids if self.bids else None


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The outcome of :func:`simulate`.  ``scores[g][seat]``: game totals;
    ``seats``: per-seat statistics; ``seconds``: wall time of the run."""

    rules: Rules
    bots: tuple[str, ...]
    seed: int | str
    scores: tuple[tuple[int, ...], ...]
    seats: tuple[SeatStats, ...]
    seconds: float

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def difference(self, seat: int, others: Sequence[int] | None = None) -> tuple[float, float]:
        """``(mean, half-width)`` of the per-game difference between ``seat``'s
        total and the mean total of ``others`` (default: every other seat)."""
        if others is None:
            others = [s for s in range(len(self.bots)) if s != seat]
        diffs = [g[seat] - sum(g[o] for o in others) / len(others) for g in self.scores]
        return mean_ci(diffs)


def simulate(
    rules: Rules,
    bot_names: Sequence[str],
    games: int,
    seed: int | str = 0,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games with ``bot_names[seat]`` in each seat.

    ``progress(done, total)`` is called after each game.  Raises
    :class:`JokerError` for a wrong number of bots, an unknown bot name or an
    illegal bot action, and ``ValueError`` for ``games < 1``.
    """
    names = tuple(bot_names)
    if len(names) != rules.players:
        raise JokerError(f"{len(names)} bots given; the rules {rules} need {rules.players}, one per seat")
    for name in set(names):
        make_bot(name)  # raises JokerError for an unknown name, listing the bots
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    n = rules.players
    scores: list[tuple[int, ...]] = []
    bids = [0] * n
    made = [0] * n
    start = time.perf_counter()
    for g in range(games):
        bots = [make_bot(name, f"{seed}:{g}:{s}") for s, name in enumerate(names)]
        state = play_game(rules, bots, f"{seed}:{g}")
        scores.append(state.scores())
        for r in state.results:
            if r.bids is None:
                continue
            for s in range(n):
                bids[s] += 1
                made[s] += r.bids[s] == r.tricks[s]
        if progress is not None:
            progress(g + 1, games)
    seconds = time.perf_counter() - start
    seats = []
    for s in range(n):
        mean, ci = mean_ci([g[s] for g in scores])
        seats.append(SeatStats(s, names[s], mean, ci, bids[s], made[s]))
    return SimulationResult(rules, names, seed, tuple(scores), tuple(seats), seconds)
