"""``joker simulate``: bots play many seeded games; a table of per-seat results.

Registered in :mod:`joker.cli.main` with ``app.command("simulate")(simulate_command)``.
"""

from __future__ import annotations

from typing import Any, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from joker import registry
from joker.bots import bots_of
from joker.errors import JokerError
from joker.match.plugin import match_plugin
from joker.match.simulate import SimulationResult, simulate
from .executor_options import RAY, RAY_ADDRESS, executor_of
from .render import progress_bar


def _rules_of(preset_name: Optional[str], rules_text: Optional[str], game: str = registry.DEFAULT) -> Any:
    """The rules of ``game`` from ``--preset`` or ``--rules`` (the game's default
    preset when neither).  Raises :class:`JokerError` for both, an unknown game
    or preset, or a bad rules string."""
    if preset_name and rules_text:
        raise JokerError("give --preset or --rules, not both")
    g = registry.game(game)
    return g.parse_rules(rules_text or preset_name or next(iter(g.presets())))


def _bot_names(text: Optional[str], rules: Any, game: str = registry.DEFAULT) -> list[str]:
    """The bots per seat from ``--bots`` (default: heuristic in seat 1, random
    elsewhere).  Raises :class:`JokerError` for a wrong count or an unknown name."""
    known = bots_of(game)
    if text is None:
        return ["heuristic"] + ["random"] * (rules.players - 1)
    names = [t.strip() for t in text.split(",")]
    if len(names) != rules.players:
        raise JokerError(
            f"{len(names)} bots given ({text}); {rules} has {rules.players} players: "
            f"give one bot per seat, e.g. --bots {','.join(['heuristic'] + ['random'] * (rules.players - 1))}"
        )
    unknown = [n for n in names if n not in known]
    if unknown:
        raise JokerError(f"unknown bot {unknown[0]!r}; bots: {', '.join(known)}")
    return names


def result_table(result: SimulationResult) -> Table:
    """Per seat: bot, mean game total ± 95% CI half-width, the game's own
    columns (Joker: share of bids made)."""
    plugin = match_plugin(result.game)
    table = Table(title=f"{result.games} games — {result.rules} — seed {result.seed}")
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("score / game (95% CI)", justify="right")
    for header in plugin.simulate_columns:
        table.add_column(header, justify="right")
    for s in result.seats:
        ci = "" if s.ci != s.ci else f" ± {s.ci:.1f}"  # nan for a single game
        table.add_row(str(s.seat + 1), s.bot, f"{s.mean:.1f}{ci}", *plugin.simulate_cells(s.tally))
    return table


def simulate_command(
    games: int = typer.Option(100, "--games", "-n", min=1, help="Number of games to play."),
    preset_name: Optional[str] = typer.Option(
        None, "--preset", "-p", help="Rules preset (bus-angeles, camp, raspisnoy, …); default bus-angeles."
    ),
    rules_text: Optional[str] = typer.Option(
        None, "--rules", help="A rules string instead of a preset, e.g. \"bus-angeles(schedule='1,2,3')\"."
    ),
    bots: Optional[str] = typer.Option(
        None, "--bots", "-b", help="Bots per seat, comma-separated, e.g. heuristic,random,random,random."
    ),
    seed: str = typer.Option("0", "--seed", "-s", help="Seed of the run: the same seed plays the same games."),
    game: str = typer.Option("joker", "--game", "-g", help="The game: joker or durak (its presets and bots)."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1, help="Processes, or a local Ray's CPUs (default: this process alone; with --ray every core)."),
    ray: bool = RAY,
    ray_address: Optional[str] = RAY_ADDRESS,
) -> None:
    """Let bots play many seeded games and print each seat's mean score per
    game (± 95% confidence interval), share of bids made, and games per second.
    The games run in this process, on --workers processes, or with --ray as
    Ray tasks; the same seed gives the same table on each."""
    console = Console()
    err = Console(stderr=True)
    try:
        rules = _rules_of(preset_name, rules_text, game)
        names = _bot_names(bots, rules, game)
        executor = executor_of(workers, ray, ray_address, pool_default=1)
        with progress_bar(console) as bar:
            task = bar.add_task("simulating", total=games)
            result = simulate(rules, names, games, seed, progress=lambda done, total: bar.update(task, completed=done),
                              game=game, executor=executor)
    except JokerError as e:
        err.print(f"[bold red]error:[/] {escape(str(e))}", markup=True, highlight=False)
        raise typer.Exit(1)
    console.print(result_table(result))
    console.print(f"{result.games} games in {result.seconds:.1f} s: {result.games_per_second:.1f} games/s")
