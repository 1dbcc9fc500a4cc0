"""``joker arena``: two bots over duplicate deals, with a report (see :mod:`joker.match.arena`).

Registered in :mod:`joker.cli.main` with ``app.command("arena")(arena_command)``.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from joker.match.arena import ArenaReport, boards_for, run_arena, seatings
from joker.errors import JokerError
from joker.games.joker.rules import Rules, parse_rules
from .render import progress_bar


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def journal_of(out: Path) -> Path:
    """Where a run saving to ``out`` keeps its finished games: ``OUT.games.jsonl``."""
    return out.with_name(out.name + ".games.jsonl")


def report_tables(report: ArenaReport) -> list[Table]:
    """The summary table and the bid-accuracy-by-deal-size table."""
    a, b = report.bots
    ci = (" (no interval from one board: play more deals)" if math.isnan(report.ci)
          else f" ± {report.ci:.1f} (95% CI over boards)")
    boards = f"{report.boards} board{'s' if report.boards != 1 else ''}"
    top = Table(title=f"{a} vs {b} — {report.rules} — {boards}, {report.deals} deals, seed {report.seed}")
    top.add_column("bot (as hero)")
    top.add_column("bids made", justify="right")
    top.add_column("under", justify="right")
    top.add_column("khishti", justify="right")
    top.add_column("games won", justify="right")
    top.add_column("ms / decision", justify="right")
    for s in report.stats:
        ms = "—" if s.ms_per_decision is None else f"{s.ms_per_decision:.1f}"
        top.add_row(s.name, _pct(s.bid_accuracy), _pct(s.under_rate), _pct(s.khishti_rate), _pct(s.win_rate), ms)
    top.caption = f"score difference per deal, {a} − {b}: {report.diff:+.1f}{ci}"
    sizes = sorted(set(report.stats[0].by_size) | set(report.stats[1].by_size))
    by_size = Table(title="bids made by deal size")
    by_size.add_column("cards", justify="right")
    for s in report.stats:
        by_size.add_column(s.name, justify="right")
    for c in sizes:
        row = [str(c)]
        for s in report.stats:
            made, bids = s.by_size.get(c, [0, 0])
            row.append(f"{_pct(made / bids if bids else None)} of {bids}")
        by_size.add_row(*row)
    return [top, by_size]


def plan_text(rules: Rules, deals: int) -> str:
    """What ``--deals`` amounts to: boards, games and deals in all (``ValueError`` for ``deals < 1``)."""
    boards = boards_for(rules, deals)
    per = len(rules.deals)
    games = boards * len(seatings(rules.players))
    return (f"{boards} board{'s' if boards != 1 else ''} of {per} deal{'s' if per != 1 else ''} "
            f"(at least {deals} asked), each played {len(seatings(rules.players))} times "
            f"(each bot alone in each seat): {games} games, {games * per} deals in all")


def arena_command(
    bots: str = typer.Option(..., "--bots", "-b", help="Two bots, comma-separated, e.g. search,heuristic; a search bot or ismcts may take a time cap per decision: search@40ms,ismcts@40ms."),
    deals: int = typer.Option(240, "--deals", "-n", min=1, help="Deals per seating, at least: rounded up to whole boards (a board is one game of the preset's deals, played once per bot per seat; e.g. -n 4 on bus-angeles is 1 board of 24 deals = 8 games)."),
    preset_name: str = typer.Option("bus-angeles", "--preset", "-p", help="Rules preset or rules string."),
    seed: str = typer.Option("0", "--seed", "-s", help="Seed of the boards: the same seed deals the same cards."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1, help="Processes (default: CPU count)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Save the results as JSON here; while it runs, each finished game is kept in OUT.games.jsonl, and the same command after an interruption plays only the games missing."),
) -> None:
    """Match two bots over duplicate deals, with a report.

    Every board (a seeded game) is played with each bot alone in each seat
    against copies of the other, the same cards, dealers and trumps every
    time.  Prints the mean score difference per deal (95% CI), bid accuracy
    by deal size, under and khishti rates and game win rates."""
    console = Console()
    err = Console(stderr=True)
    journal = None if out is None else journal_of(out)
    try:
        names = tuple(x.strip() for x in bots.split(","))
        if len(names) != 2 or not all(names):
            raise JokerError(f"--bots needs exactly two bots, e.g. search,heuristic (got {bots!r})")
        rules = parse_rules(preset_name)
        console.print(plan_text(rules, deals))
        with progress_bar(console) as bar:
            task = bar.add_task("games", total=None)
            if journal is not None and journal.exists():
                console.print(f"resuming from {journal}")
            report = run_arena(
                rules, (names[0], names[1]), deals, seed, workers,
                progress=lambda done, total: bar.update(task, completed=done, total=total), journal=journal,
            )
    except (JokerError, ValueError) as e:
        err.print(f"[bold red]error:[/] {escape(str(e))}", markup=True, highlight=False)
        raise typer.Exit(1)
    except KeyboardInterrupt:
        if journal is not None and journal.exists():
            err.print(f"interrupted: the finished games are kept in {journal}; the same command resumes")
        raise typer.Exit(130)
    for t in report_tables(report):
        console.print(t)
    console.print(f"{len(report.games)} games in {report.seconds:.1f} s")
    if out is not None:
        report.save(out)
        journal_of(out).unlink(missing_ok=True)
        console.print(f"results saved to {out}")
