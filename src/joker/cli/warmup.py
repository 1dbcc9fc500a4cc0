"""``joker warmup``: compile the bots' code ahead, so no player waits for a compiler."""

from __future__ import annotations

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

    from joker.bots.warm import plugins, step_line, warm_all

    console = Console(stderr=True, highlight=False)
    if quiet:
        warm_all()
        return
    caches = ", ".join(sorted({p.cache_dir() for p in plugins().values()}))
    console.print(f"Getting the bots ready (compiled once, then loaded from {caches})", markup=False)

    def said(done: int, total: int, label: str, seconds: float) -> None:
        # a line per stage with its time (sampler, bidding, card play, solver), kept above the bar
        console.print(step_line(done, total, label, seconds), markup=False)

    if console.is_terminal:
        with Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, transient=True) as bar:
            task = bar.add_task("", total=None)

            def report(done: int, total: int, label: str) -> None:
                bar.update(task, total=total, completed=done, description=label)

            seconds = warm_all(report, said)
    else:  # a log or a pipe: the lines alone
        seconds = warm_all(finished=said)
    console.print(f"Bots ready ({seconds:.1f} s)", markup=False)
