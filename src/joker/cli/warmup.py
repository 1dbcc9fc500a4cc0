"""``joker warmup``: compile the bots' code ahead, so no player waits for a compiler."""

from __future__ import annotations

import time

import typer


def warmup_command(
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print nothing but errors."),
) -> None:
    """Get the bots ready: compile their numba code into the disk cache (a minute or
    more of CPU, once after installing or after the bots' code changed; otherwise it
    only loads the cache, about a second).  `make install` runs it, and `joker serve`
    at start; docs/bots.md, "Ready at once"."""
    from rich.console import Console  # imported when run: `joker` starts fast
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from joker.bots.warm import all_steps, plugins

    console = Console(stderr=True, highlight=False)
    steps = all_steps()
    t0 = time.perf_counter()
    if quiet:
        for _, run in steps:
            run()
        return
    caches = ", ".join(sorted({p.cache_dir() for p in plugins().values()}))
    console.print(f"Getting the bots ready (compiled once, then loaded from {caches})", markup=False)
    if console.is_terminal:
        with Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, transient=True) as bar:
            task = bar.add_task("", total=len(steps))
            for i, (label, run) in enumerate(steps):
                bar.update(task, completed=i, description=label)
                run()
            bar.update(task, completed=len(steps))
    else:  # a log or a pipe: a line per step
        for i, (label, run) in enumerate(steps):
            console.print(f"[{i + 1}/{len(steps)}] {label}", markup=False)
            run()
    console.print(f"Bots ready ({time.perf_counter() - t0:.1f} s)", markup=False)
