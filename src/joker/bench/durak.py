"""``python -m joker.bench durak``: Durak's speed (docs/durak.md, "Bots").

* random full 4-player games (preset ``durak``) per second through the public
  API (``legal_actions`` + validated ``apply``), and through the fastest path
  (the engine's unvalidated step, as a search playout could use it);
* heuristic self-play games per second (the search bot's playout policy);
* the search bot's time per decision with a choice (median, max), seat 0 against
  three heuristic bots;
* arena games per second (heuristic vs random, one process).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Callable

from joker import registry
from joker.bots import make_bot
from joker.match.arena import run_arena

from .timing import rate


def public_game() -> Callable[[int], None]:
    """One random game through the public API per call."""
    g = registry.game("durak")
    rules = g.presets()["durak"]
    rng = random.Random(1)

    def run(i: int) -> None:
        s = g.new_game(rules, i)
        while not s.is_terminal():
            s = s.apply(rng.choice(s.legal_actions()))

    return run


def fast_game() -> Callable[[int], None]:
    """One random game stepping the engine without re-validating the chosen legal action."""
    from joker.games.durak.engine.state import _step  # the engine's own transition, for speed

    g = registry.game("durak")
    rules = g.presets()["durak"]
    rng = random.Random(1)

    def run(i: int) -> None:
        s = g.new_game(rules, i)
        choice = rng.choice
        while not s.is_terminal():
            s = _step(s, choice(s.legal_actions()))

    return run


def bot_game(name: str) -> Callable[[int], None]:
    """One game of four ``name`` bots per call."""
    g = registry.game("durak")
    rules = g.presets()["durak"]

    def run(i: int) -> None:
        bots = [make_bot(name, f"{i}:{s}", game="durak") for s in range(4)]
        s = g.new_game(rules, i)
        while not s.is_terminal():
            s = s.apply(bots[s.current_player].choose(g.view_of(s, s.current_player)))

    return run


def decision_times(bot: str, games: int) -> list[float]:
    """Seconds per decision with a choice of ``bot`` in seat 0 against three heuristic bots."""
    g = registry.game("durak")
    rules = g.presets()["durak"]
    times: list[float] = []
    for i in range(games):
        bots = [make_bot(bot if s == 0 else "heuristic", f"bench:{i}:{s}", game="durak") for s in range(4)]
        s = g.new_game(rules, f"bench:{i}")
        while not s.is_terminal():
            p = s.current_player
            view = g.view_of(s, p)
            t0 = time.perf_counter()
            a = bots[p].choose(view)
            if p == 0 and len(view.legal_actions) > 1:
                times.append(time.perf_counter() - t0)
            s = s.apply(a)
    return times


def run(seconds: float = 3.0, games: int = 3, bot: str = "search", boards: int = 10) -> dict[str, float]:
    """Measure and print; returns the numbers by name."""
    out: dict[str, float] = {}
    out["random games/s, public API"] = rate(public_game(), seconds)
    out["random games/s, fastest path"] = rate(fast_game(), seconds)
    out["heuristic self-play games/s"] = rate(bot_game("heuristic"), seconds)
    times = decision_times(bot, games)
    out[f"{bot} ms/decision, median"] = 1000 * statistics.median(times) if times else 0.0
    out[f"{bot} ms/decision, max"] = 1000 * max(times) if times else 0.0
    rules = registry.game("durak").presets()["durak"]
    rep = run_arena(rules, ("heuristic", "random"), boards, seed="bench", workers=1, game="durak")
    out["arena games/s (heuristic vs random, 1 process)"] = len(rep.games) / rep.seconds
    print(f"{'measurement':52} {'value':>10}")
    for name, v in out.items():
        print(f"{name:52} {v:>10.1f}")
    print(f"({len(times)} decisions of {bot} over {games} games; goal: median ≤ 150 ms, max ≤ 1000 ms)")
    return out
