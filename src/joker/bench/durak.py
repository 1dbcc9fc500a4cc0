"""``python -m joker.bench durak``: Durak's speed (docs/durak.md, "Bots").

* random full 4-player games (preset ``durak``) per second through the public
  API (``legal_actions`` + validated ``apply``), and through the fastest path
  (the engine's unvalidated step, as a search playout could use it);
* microseconds (CPU time of this process: steadier on a shared machine) per action: random play (public API), heuristic self-play (the
  seat's view, the bot's choice, ``apply``), one seat's view, and every view a
  web table renders for one event (each seat and the spectators);
* heuristic self-play games per second (the search bot's playout policy);
* with ``--pace S``: the seconds a web table takes from a take to the end of
  its bout with heuristic bots at a base pause of S seconds (:mod:`joker.pace`),
  modelled from heuristic self-play, under the old pacing (a fixed pause, twice
  as long after a bout, then the bot thinks) and the new one (the kinds of
  :mod:`joker.pace`, the bot thinking during the pause);
* the search bot's time per decision with a choice (median, max), seat 0 against
  three heuristic bots;
* arena games per second (heuristic vs random, one process).
"""

from __future__ import annotations

import random
import statistics
from dataclasses import replace
import time
from typing import Callable

from joker import registry
from joker.bots import make_bot
from joker.games.durak.engine.state import DurakState
from joker.match.arena import run_arena
from joker.pace import FACTOR, Pace

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


def us_per_action(seconds: float, bot: str | None) -> float:
    """Microseconds per action over whole 4-player games for about ``seconds``: random
    play through the public API (``bot`` ``None``), or ``bot`` in every seat choosing
    from its view (the view, the choice and ``apply`` all counted)."""
    g = registry.game("durak")
    rules = g.presets()["durak"]
    rng = random.Random(2)
    actions, spent, i = 0, 0.0, 0
    while spent < seconds:
        bots = [make_bot(bot, f"us:{i}:{s}", game="durak") for s in range(4)] if bot else []
        s = g.new_game(rules, f"us:{i}")
        t0 = time.process_time()
        while not s.is_terminal():
            p = s.current_player
            s = s.apply(bots[p].choose(g.view_of(s, p)) if bot else rng.choice(s.legal_actions()))
            actions += 1
        spent += time.process_time() - t0
        i += 1
    return 1e6 * spent / actions


def sample_states(games: int = 8) -> list[DurakState]:
    """Every state of ``games`` random 4-player games (fresh states: no cache filled but the legal list)."""
    g = registry.game("durak")
    rules = g.presets()["durak"]
    rng = random.Random(3)
    out: list[DurakState] = []
    for i in range(games):
        s = g.new_game(rules, f"views:{i}")
        while not s.is_terminal():
            out.append(s)
            s = s.apply(rng.choice(s.legal_actions()))
    return out


def us_per_view(seconds: float, every: bool) -> float:
    """Microseconds for the view of the seat to move (``every`` false), or for every
    view of a state a web table renders after an event — each seat's and the
    spectators' (``every`` true) — on fresh copies of sampled states."""
    from joker.games.durak.engine.views import public_view, view_of

    states = sample_states()
    n, spent = 0, 0.0
    while spent < seconds:
        fresh = [replace(s) for s in states]  # new copies: nothing cached yet
        t0 = time.process_time()
        for s in fresh:
            p = s.current_player
            assert p is not None
            if every:
                for seat in range(s.players):
                    view_of(s, seat)
                public_view(s)
            else:
                view_of(s, p)
        spent += time.process_time() - t0
        n += len(fresh)
    return 1e6 * spent / n


def take_to_bout_end(base: float, games: int = 30) -> tuple[list[float], list[float]]:
    """Seconds from each take to the end of its bout at a web table of four
    heuristic bots with the base pause ``base`` (module doc): the old pacing
    (each move waits ``base``, then the bot thinks) and the new one (each move
    waits the pace of the event before it, the bot thinking meanwhile: the
    longer of the two).  The bots' thinking is measured; the rest is the model."""
    g = registry.game("durak")
    rules = g.presets()["durak"]
    web = registry.plugin("durak", "web")
    old: list[float] = []
    new: list[float] = []
    for i in range(games):
        bots = [make_bot("heuristic", f"pace:{i}:{s}", game="durak") for s in range(4)]
        s = g.new_game(rules, f"pace:{i}")
        pace = Pace.NORMAL
        since: list[float] | None = None  # [old, new] seconds since the take
        while not s.is_terminal():
            p = s.current_player
            t0 = time.perf_counter()
            a = bots[p].choose(g.view_of(s, p))
            think = time.perf_counter() - t0
            after = s.apply(a)
            if since is not None:
                since[0] += base + think
                since[1] += max(base * FACTOR[pace], think)
            pace = web.pace(s, after)
            if since is not None and pace is Pace.ENDED:
                old.append(since[0])
                new.append(since[1])
                since = None
            elif since is None and after.bout is not None and after.bout.taking and pace is not Pace.ENDED:
                since = [0.0, 0.0]
            s = after
    return old, new


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


def run(seconds: float = 3.0, games: int = 3, bot: str = "search", boards: int = 10,
        pace: float | None = None) -> dict[str, float]:
    """Measure and print; returns the numbers by name.  ``pace``: also model a web
    table's take-to-bout-end time at that base pause (module doc)."""
    out: dict[str, float] = {}
    out["random play µs/action, public API"] = us_per_action(seconds, None)
    out["heuristic self-play µs/action (view+choose+apply)"] = us_per_action(seconds, "heuristic")
    out["seat view µs (the seat to move)"] = us_per_view(seconds, False)
    out["every view of an event µs (4 seats + spectators)"] = us_per_view(seconds, True)
    if pace is not None:
        old, new = take_to_bout_end(pace)
        out[f"take → bout end s, median, old pacing ({len(old)} takes)"] = statistics.median(old) if old else 0.0
        out["take → bout end s, median, new pacing"] = statistics.median(new) if new else 0.0
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
        print(f"{name:52} {v:>10.2f}")
    print(f"({len(times)} decisions of {bot} over {games} games; goal: median ≤ 150 ms, max ≤ 1000 ms)")
    return out
