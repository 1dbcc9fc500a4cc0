"""``python -m joker.bench firstmove``: how long a player waits for a bot's
first decisions on a fresh install, before and after the warm-up (goal of
issue 23: the first bot decision within 5 s).

In one run, each in a new Python process (as a server or ``joker play`` is),
with an empty kernel cache directory of its own (``JOKER_CACHE_DIR``, a
temporary directory; the project's cache is not touched):

1. **cold**: no cache — what a fresh install did before the warm-up step: the
   bot's first decisions compile the kernels they need;
2. **warm-up**: ``joker warmup`` into a second empty directory (what
   ``make install`` now runs: every kernel the bots and the analysis use);
3. **warm**: a new process with that cache — the first decisions a player
   meets after ``make install``, and at every later start.

Timed per process: importing the bots and making one (``start``), then the
first bid and the first card play of the ``level`` bot (the first of its
decisions of each kind with a choice) in a Bus-Angeles game whose first deal
has nine cards (``schedule='9,1'``), wall-clock, and the process's CPU time
(on a shared machine the wall-clock of a compile grows with the load).  The
ratio cold/warm is of the first decision.  The cache's size on disk after the warm-up is shown.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

GOAL = 5.0
"""Seconds: the first bot decision on a fresh install (issue 23)."""

CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
from joker.games.joker.bots import BOTS
from joker.games.joker.engine.state import Phase, new_game
from joker.games.joker.engine.views import view_of
from joker.games.joker.rules import parse_rules
bot = BOTS[sys.argv[1]](seed=1)
out = {"start": time.perf_counter() - t0}
state = new_game(parse_rules("bus-angeles(schedule='9,1')"), seed=5)
while not state.is_terminal() and len(out) < 3:
    view = view_of(state, state.current_player)
    t = time.perf_counter()
    action = bot.choose(view)
    kind = {Phase.BID: "bid", Phase.PLAY: "play"}.get(view.phase)
    if kind and kind not in out and len(view.legal_actions) > 1:
        out[kind] = time.perf_counter() - t
    state = state.apply(action)
print(json.dumps(out))
"""


def _env(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["JOKER_CACHE_DIR"] = str(cache)
    return env


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def first_decisions(level: str, cache: Path) -> dict[str, float]:
    """A new process's ``start``, first ``bid`` and first ``play`` seconds (module doc) with
    the kernel cache under ``cache``, and ``cpu``: the process's CPU seconds in all."""
    cpu = _cpu()
    run = subprocess.run([sys.executable, "-c", CHILD, level], env=_env(cache), capture_output=True, text=True,
                         check=True)
    times: dict[str, float] = json.loads(run.stdout.strip().splitlines()[-1])
    times["cpu"] = _cpu() - cpu
    return times


def warm_up(cache: Path) -> tuple[float, float]:
    """Wall-clock and CPU seconds ``joker warmup`` takes into ``cache``."""
    t, cpu = time.perf_counter(), _cpu()
    subprocess.run([sys.executable, "-m", "joker.cli.main", "warmup", "--quiet"], env=_env(cache), check=True)
    return time.perf_counter() - t, _cpu() - cpu


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def run(level: str = "medium", cold: bool = True) -> dict[str, Any]:
    """Measure and print (module doc); ``cold`` ``False`` skips step 1.  Returns the figures:
    ``cold`` and ``warm`` (:func:`first_decisions`; ``cold`` ``None`` when skipped),
    ``warmup`` and ``warmup_cpu`` seconds and ``cache_bytes``."""
    console = Console()
    cold_t: dict[str, float] | None = None
    with tempfile.TemporaryDirectory(prefix="joker-firstmove-") as tmp:
        base = Path(tmp)
        if cold:
            console.print(f"cold: a {level} bot's first decisions with an empty cache (compiles; a minute or more)…")
            cold_t = first_decisions(level, base / "cold")
        console.print("warm-up: joker warmup into an empty cache (what make install runs)…")
        warmup, warmup_cpu = warm_up(base / "warm")
        size = _size(base / "warm")
        warm = first_decisions(level, base / "warm")
    table = Table(title=f"First decisions of a {level} bot in a new process, seconds (goal: first ≤ {GOAL:g} s)")
    table.add_column("cache")
    for col in ("start", "first bid", "first card", "start + first bid", "process CPU"):
        table.add_column(col, justify="right")
    for name, t in (("cold", cold_t), ("warm", warm)):
        if t is not None:
            table.add_row(name, f"{t['start']:.2f}", f"{t['bid']:.2f}", f"{t['play']:.2f}",
                          f"{t['start'] + t['bid']:.2f}", f"{t['cpu']:.1f}")
    console.print(table)
    first = warm["start"] + warm["bid"]
    console.print(f"joker warmup into an empty cache (every kernel): {warmup:.1f} s ({warmup_cpu:.1f} s CPU); "
                  f"cache on disk: {size / 2**20:.1f} MiB")
    if cold_t is not None:
        before = cold_t["start"] + cold_t["bid"]
        console.print(f"first decision: cold {before:.1f} s, warm {first:.2f} s (cold/warm {before / first:.0f}×)")
    console.print(f"goal: first decision ≤ {GOAL:g} s after make install: {'✅' if first <= GOAL else '❌'} "
                  f"({first:.2f} s)")
    return {"cold": cold_t, "warm": warm, "warmup": warmup, "warmup_cpu": warmup_cpu, "cache_bytes": size}
