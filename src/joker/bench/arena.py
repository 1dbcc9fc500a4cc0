"""``python -m joker.bench arena``: the arena's deals per second on the local process
pool against a local Ray of as many CPUs, in one run (docs/bots.md, "Arena on a
Ray cluster").

The same match (same bots, rules, seed) is played first on a pool of
``workers`` spawned processes (:class:`~joker.match.executors.ProcessPool`, its
start-up included, as ``joker arena`` runs), then on Ray: a local Ray of
``workers`` CPUs is started (its start-up timed apart), the match played once
as ``joker arena --ray`` would after ``ray.init`` (Ray's workers start during
it), once more on the warm Ray, and last on the pool again (the machine's load
drifts: the two pool runs show by how much).  A deal here is one deal of one game: a
board of an n-player game of d deals is 2·n·d deals.  Both reports must be the
same game by game (the bench says so, or fails).
"""

from __future__ import annotations

import time
from typing import Any

from joker import registry
from joker.errors import JokerError
from joker.match.arena import ArenaReport, run_arena
from joker.match.executors import ProcessPool, RayExecutor, import_ray


def _played(report: ArenaReport) -> list[tuple[Any, ...]]:
    """Every game of a report without its times."""
    return [(g.board, g.seat, g.hero, dict(g.outcome), g.totals, g.decisions) for g in report.games]


def run(bots: str = "heuristic,random", preset: str | None = None, deals: int = 96, workers: int = 2,
        game: str = "joker", seed: str = "bench") -> dict[str, float]:
    """Measure and print; returns deals/s by run (and Ray's start-up seconds).
    Raises :class:`JokerError` without Ray installed, for unknown bots or rules,
    or when Ray's games differ from the pool's."""
    ray = import_ray()
    names = tuple(x.strip() for x in bots.split(","))
    if len(names) != 2:
        raise JokerError(f"--bots needs two bots, e.g. heuristic,random (got {bots!r})")
    g = registry.game(game)
    rules = g.parse_rules(preset or next(iter(g.presets())))
    pair = (names[0], names[1])

    pool = run_arena(rules, pair, deals, seed, game=game, executor=ProcessPool(workers))
    played = len(pool.games) * pool.deals // pool.boards
    t0 = time.perf_counter()
    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
    start_up = time.perf_counter() - t0
    try:
        cold = run_arena(rules, pair, deals, seed, game=game, executor=RayExecutor())
        warm = run_arena(rules, pair, deals, seed, game=game, executor=RayExecutor())
    finally:
        ray.shutdown()
    again = run_arena(rules, pair, deals, seed, game=game, executor=ProcessPool(workers))
    for rep in (cold, warm, again):
        if _played(rep) != _played(pool) or rep.per_board != pool.per_board:
            raise JokerError("the arena on Ray differs from the arena on the process pool")
    ref = 2 * played / (pool.seconds + again.seconds)
    out = {
        f"process pool, {workers} workers": played / pool.seconds,
        f"local Ray, {workers} CPUs, with ray.init": played / (start_up + cold.seconds),
        f"local Ray, {workers} CPUs, first run": played / cold.seconds,
        f"local Ray, {workers} CPUs, warm": played / warm.seconds,
        f"process pool, {workers} workers, again": played / again.seconds,
    }
    print(f"{' vs '.join(names)}, {game} {rules}: {pool.boards} boards, {len(pool.games)} games, "
          f"{played} deals per run, seed {seed!r}; Ray's games equal the pool's, game by game")
    print(f"{'executor':44} {'seconds':>8} {'deals/s':>9} {'vs pool':>8}")
    seconds = [pool.seconds, start_up + cold.seconds, cold.seconds, warm.seconds, again.seconds]
    for (name, rate), s in zip(out.items(), seconds):
        print(f"{name:44} {s:>8.1f} {rate:>9.1f} {rate / ref:>7.2f}×")
    print(f"(vs pool: against both pool runs together, {ref:.1f} deals/s; ray.init alone: {start_up:.1f} s)")
    out["ray.init seconds"] = start_up
    return out
