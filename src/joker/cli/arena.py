"""``joker arena``: two bots over duplicate deals, with a report (see :mod:`joker.match.arena`).

Registered in :mod:`joker.cli.main` with ``app.command("arena")(arena_command)``.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from joker.match.arena import ArenaReport, boards_for, deals_per_game, run_arena, seatings
from joker.match.plugin import match_plugin
from joker.errors import JokerError
from joker import registry
from .executor_options import RAY, RAY_ADDRESS, executor_of
from .render import progress_bar


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def journal_of(out: Path) -> Path:
    """Where a run saving to ``out`` keeps its finished games: ``OUT.games.jsonl``."""
    return out.with_name(out.name + ".games.jsonl")


def report_tables(report: ArenaReport) -> list[Table]:
    """The summary table (the game's own columns between the bot and its wins)
    and the game's tables (Joker: bids made by deal size)."""
    plugin = match_plugin(report.game)
    a, b = report.bots
    ci = (" (no interval from one board: play more deals)" if math.isnan(report.ci)
          else f" ± {report.ci:.1f} (95% CI over boards)")
    boards = f"{report.boards} board{'s' if report.boards != 1 else ''}"
    top = Table(title=f"{a} vs {b} — {report.rules} — {boards}, {report.deals} deals, seed {report.seed}")
    top.add_column("bot (as hero)")
    for header in plugin.arena_columns:
        top.add_column(header, justify="right")
    top.add_column("games won", justify="right")
    top.add_column("ms / decision", justify="right")
    for s in report.stats:
        ms = "—" if s.ms_per_decision is None else f"{s.ms_per_decision:.1f}"
        top.add_row(s.name, *plugin.arena_cells(s.tally), _pct(s.win_rate), ms)
    top.caption = f"score difference per deal, {a} − {b}: {report.diff:+.1f}{ci}"
    tables = [top]
    for title, headers, rows in plugin.arena_tables(report.bots, [s.tally for s in report.stats]):
        table = Table(title=title)
        for header in headers:
            table.add_column(header, justify="right")
        for row in rows:
            table.add_row(*row)
        tables.append(table)
    return tables


def plan_text(rules: Any, deals: int, game: str | None = None) -> str:
    """What ``--deals`` amounts to: boards, games and deals in all (``ValueError`` for ``deals < 1``)."""
    boards = boards_for(rules, deals, game)
    per = deals_per_game(rules, game)
    games = boards * len(seatings(rules.players))
    return (f"{boards} board{'s' if boards != 1 else ''} of {per} deal{'s' if per != 1 else ''} "
            f"(at least {deals} asked), each played {len(seatings(rules.players))} times "
            f"(each bot alone in each seat): {games} games, {games * per} deals in all")


def arena_command(
    bots: str = typer.Option(..., "--bots", "-b", help="Two bots, comma-separated, e.g. search,heuristic; a search bot or ismcts may take a time cap per decision: search@40ms,ismcts@40ms."),
    deals: int = typer.Option(240, "--deals", "-n", min=1, help="Deals per seating, at least: rounded up to whole boards (a board is one game of the preset's deals, played once per bot per seat; e.g. -n 4 on bus-angeles is 1 board of 24 deals = 8 games)."),
    preset_name: Optional[str] = typer.Option(None, "--preset", "-p", help="Rules preset or rules string (default: the game's first preset, bus-angeles or durak)."),
    game: str = typer.Option("joker", "--game", "-g", help="The game: joker or durak (its presets, bots and statistics)."),
    seed: str = typer.Option("0", "--seed", "-s", help="Seed of the boards: the same seed deals the same cards."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1, help="Processes, or a local Ray's CPUs (default: CPU count)."),
    ray: bool = RAY,
    ray_address: Optional[str] = RAY_ADDRESS,
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Save the results as JSON here; while it runs, each finished game is kept in OUT.games.jsonl, and the same command after an interruption plays only the games missing."),
) -> None:
    """Match two bots over duplicate deals, with a report.

    Every board (a seeded game) is played with each bot alone in each seat
    against copies of the other, the same cards, dealers and trumps every
    time.  Prints the mean score difference per deal (95% CI), game win rates
    and the game's own statistics (Joker: bid accuracy by deal size, under and
    khishti rates; Durak: fool and draw rates).  The games run on a process
    pool, or with --ray as Ray tasks (a local Ray or a cluster)."""
    console = Console()
    err = Console(stderr=True)
    journal = None if out is None else journal_of(out)
    try:
        names = tuple(x.strip() for x in bots.split(","))
        if len(names) != 2 or not all(names):
            raise JokerError(f"--bots needs exactly two bots, e.g. search,heuristic (got {bots!r})")
        g = registry.game(game)
        rules = g.parse_rules(preset_name or next(iter(g.presets())))
        executor = executor_of(workers, ray, ray_address)
        console.print(plan_text(rules, deals, game))
        with progress_bar(console) as bar:
            task = bar.add_task("games", total=None)
            if journal is not None and journal.exists():
                console.print(f"resuming from {journal}")
            report = run_arena(
                rules, (names[0], names[1]), deals, seed,
                progress=lambda done, total: bar.update(task, completed=done, total=total), journal=journal,
                game=game, executor=executor,
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
