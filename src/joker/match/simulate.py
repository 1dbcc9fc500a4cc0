"""Bot-versus-bot simulation: many seeded games, per-seat statistics, for any
game of the registry.

Pure (no printing, no global RNG): game ``g`` of a run with seed ``S`` is the
game's ``new_game(rules, f"{S}:{g}")`` played by bots made with
``make_bot(name, seed=f"{S}:{g}:{seat}", game=...)``, so any single game of a
run can be replayed with :func:`play_game`; so a run gives the same result on
any executor (:mod:`joker.match.executors`: this process by default, a process
pool, Ray).  Scores are game totals (Joker's
with block premiums and cuts, RULES.md §8–§10).

    >>> from joker import preset
    >>> r = simulate(preset("bus-angeles").replace(schedule="1,2"), ["heuristic", "random", "random", "random"], 3, seed=1)
    >>> len(r.scores), len(r.seats)
    (3, 4)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from joker import registry
from joker.bots import Bot, make_bot
from joker.errors import JokerError
from .executors import Executor, InProcess
from .plugin import match_plugin

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


def play_game(rules: Any, bots: Sequence[Bot], seed: int | str, game: str | None = None) -> Any:
    """Play one whole game of ``game`` (default Joker): ``bots[seat]`` chooses for
    ``seat`` from the game's view of that seat only.  Returns the final state.

    Raises :class:`JokerError` when a bot returns an action that is not legal."""
    g = registry.game(game)
    view_of = g.view_of
    state = g.new_game(rules, seed)
    while not state.is_terminal():
        seat = state.current_player
        view = view_of(state, seat)
        action = bots[seat].choose(view)
        if action not in view.legal_actions:
            raise JokerError(
                f"bot {bots[seat].name!r} at seat {seat + 1} chose {action}, not a legal action "
                f"({_where(game, state)}game seed {seed!r})"
            )
        state = state.apply(action)
    return state


def _where(game: str | None, state: Any) -> str:
    """``"deal 3, "``: where the game stands, by its match plug-in (nothing without one)."""
    try:
        return f"{match_plugin(game).where(state)}, "
    except JokerError:
        return ""


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat over a run: ``mean`` game total with its 95% CI half-width
    ``ci``; ``tally``: the game's own statistics of the seat (Joker's
    ``BidTally``: ``deals`` with a bid (not gold/misère), ``made`` of them made
    exactly, ``bid_accuracy``)."""

    seat: int
    bot: str
    mean: float
    ci: float
    tally: Any


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The outcome of :func:`simulate`.  ``scores[g][seat]``: game totals;
    ``seats``: per-seat statistics; ``seconds``: wall time of the run;
    ``game``: the game's name."""

    rules: Any
    bots: tuple[str, ...]
    seed: int | str
    scores: tuple[tuple[int, ...], ...]
    seats: tuple[SeatStats, ...]
    seconds: float
    game: str = registry.DEFAULT

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


def play_numbered(game: str, module: str, rules_text: str, names: tuple[str, ...], seed: int | str,
                  number: int) -> tuple[int, tuple[int, ...], dict[str, Any]]:
    """Game ``number`` of a :func:`simulate` run of ``game`` (whose ``GAME`` is in
    ``module``, registered here too for a worker process): ``(number, totals per
    seat, the match plug-in's outcome)``.  Raises :class:`JokerError` for an
    illegal bot action."""
    registry.register(game, module)
    rules = registry.game(game).parse_rules(rules_text)
    bots = [make_bot(name, f"{seed}:{number}:{s}", game=game) for s, name in enumerate(names)]
    state = play_game(rules, bots, f"{seed}:{number}", game)
    return number, tuple(state.scores()), match_plugin(game).outcome(state)


def simulate(
    rules: Any,
    bot_names: Sequence[str],
    games: int,
    seed: int | str = 0,
    progress: Callable[[int, int], None] | None = None,
    game: str | None = None,
    executor: Executor | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games of ``game`` (default Joker) with
    ``bot_names[seat]`` in each seat, on ``executor`` (default: one after
    another in this process; any executor gives the same result).

    ``progress(done, total)`` is called after each game (in the order they finish).  Raises
    :class:`JokerError` for a wrong number of bots, an unknown bot name or an
    illegal bot action, and ``ValueError`` for ``games < 1``.
    """
    names = tuple(bot_names)
    if len(names) != rules.players:
        raise JokerError(f"{len(names)} bots given; the rules {rules} need {rules.players}, one per seat")
    for name in set(names):
        make_bot(name, game=game)  # raises JokerError for an unknown name, listing the bots
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    name = game or registry.DEFAULT
    plugin = match_plugin(name)
    n = rules.players
    played: dict[int, tuple[tuple[int, ...], dict[str, Any]]] = {}

    def done(result: tuple[int, tuple[int, ...], dict[str, Any]]) -> None:
        played[result[0]] = result[1:]
        if progress is not None:
            progress(len(played), games)

    start = time.perf_counter()
    jobs = [(name, registry.module(name), str(rules), names, seed, g) for g in range(games)]
    (executor or InProcess()).run(play_numbered, jobs, done)
    seconds = time.perf_counter() - start
    scores = [played[g][0] for g in range(games)]
    outcomes = [played[g][1] for g in range(games)]
    seats = []
    for s in range(n):
        mean, ci = mean_ci([g[s] for g in scores])
        seats.append(SeatStats(s, names[s], mean, ci, plugin.tally((s, o) for o in outcomes)))
    return SimulationResult(rules, names, seed, tuple(scores), tuple(seats), seconds, name)
