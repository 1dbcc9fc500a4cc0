"""Get every game's compiled bots ready ahead of play: the ``warm`` plug-in.

A game whose bots run compiled code (Joker's search bots and solver, numba:
:mod:`joker.games.joker.jit`) offers a ``warm`` plug-in (found by
:func:`joker.registry.plugin`): named steps, each making real decisions, so
that every kernel a game's bots use is compiled and written to the disk
cache — a minute or more of CPU on a fresh install — and every later process
only loads it (about a second).  ``joker warmup`` (``make install``) runs
:func:`warm_all` with a progress bar; ``joker serve`` at start loads it, first
running this module in a subprocess (``python -m joker.bots.warm``) unless a
plug-in says its cache is ``warmed``, while its pages say the bots are getting
ready (:mod:`joker.server.botplay`).  A game without compiled bots has no plug-in.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Callable, Protocol, Sequence

from joker import registry
from joker.errors import JokerError


class WarmPlugin(Protocol):
    """A game's warm-up: named steps, each compiling (or loading from the disk cache)
    what its bots need, by making real decisions."""

    bots: frozenset[str]
    """The bots (names of :meth:`joker.game.Game.bots`) whose code the warm-up prepares:
    the others need none (a server lets them play while it warms up)."""

    def steps(self) -> Sequence[tuple[str, Callable[[], None]]]:
        """``(label, run)`` pairs, in order; ``label`` says what is compiled (English)."""
        ...

    def cache_dir(self) -> str:
        """Where the compiled code is cached on disk."""
        ...

    def warmed(self) -> bool:
        """Whether every step has run with this cache (a later run only loads it)."""
        ...


def plugins() -> dict[str, WarmPlugin]:
    """The registered games' warm plug-ins by game name (games without one are left out)."""
    out: dict[str, WarmPlugin] = {}
    for name in registry.names():
        try:
            out[name] = registry.plugin(name, "warm")
        except JokerError:  # no compiled bots: nothing to warm
            continue
    return out


def all_steps() -> list[tuple[str, Callable[[], None]]]:
    """Every game's warm-up steps, labelled ``"game: step"``."""
    return [(f"{name}: {label}", run) for name, p in plugins().items() for label, run in p.steps()]


def warm_all(report: Callable[[int, int, str], None] | None = None,
             finished: Callable[[int, int, str, float], None] | None = None) -> float:
    """Run :func:`all_steps`, calling ``report(done, total, label)`` before each step and
    once at the end (``label`` empty), and ``finished(done, total, label, seconds)``
    after each step (``done`` counting it; ``seconds``: wall-clock time of that step);
    returns the seconds taken in all."""
    t0 = time.perf_counter()
    steps = all_steps()
    for i, (label, run) in enumerate(steps):
        if report:
            report(i, len(steps), label)
        t = time.perf_counter()
        run()
        if finished:
            finished(i + 1, len(steps), label, time.perf_counter() - t)
    if report:
        report(len(steps), len(steps), "")
    return time.perf_counter() - t0


def step_line(done: int, total: int, label: str, seconds: float) -> str:
    """The line said when a warm-up step ends: ``[2/4] joker: search bots, bidding  38.2 s``."""
    return f"[{done}/{total}] {label}  {seconds:.1f} s"


def main(argv: list[str] | None = None) -> int:
    """``python -m joker.bots.warm [--quiet]``: :func:`warm_all`, one line per step with its time."""
    p = argparse.ArgumentParser(prog="python -m joker.bots.warm", description=__doc__.splitlines()[0])
    p.add_argument("--quiet", action="store_true", help="print nothing")
    args = p.parse_args(argv)

    def said(done: int, total: int, label: str, seconds: float) -> None:
        if not args.quiet:
            print(step_line(done, total, label, seconds), file=sys.stderr, flush=True)

    seconds = warm_all(finished=said)
    if not args.quiet:
        print(f"bots ready in {seconds:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
