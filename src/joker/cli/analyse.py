"""``joker analyse RECORD.json``: double-dummy analysis of a recorded game (see :mod:`joker.games.joker.analysis`).

Registered in :mod:`joker.cli.main` with ``app.command("analyse")(analyse_command)``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from joker.cards import parse_trump_letter, suit_symbol
from joker.errors import JokerError
from joker.games.joker.record import load_record
from joker.games.joker.rules import parse_rules


def analyse_command(
    file: Path = typer.Argument(..., help="A game record (JSON, see docs/records.md)."),
    as_json: bool = typer.Option(False, "--json", help="Print the analysis as JSON instead of tables."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Also save the analysis as JSON here."),
) -> None:
    """Double-dummy analysis of a recorded game.

    For every deal, the bids each player could have made sure of with all hands
    known; for every card, whether it lowered the best deal score its player
    could still make sure of (block premiums not counted).  A deal an
    unfinished game stops in is not analysed."""
    from joker.games.joker.analysis import NothingToAnalyse, analyse  # imports the compiled solver

    console = Console()
    err = Console(stderr=True)
    try:
        record = load_record(file)
        with Progress(TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=err, transient=True, disable=as_json) as bar:
            task = bar.add_task("analysing deals", total=None)
            result = analyse(record, progress=lambda d, t: bar.update(task, completed=d, total=t))
    except NothingToAnalyse as e:  # a valid record: not "invalid record"
        err.print(f"[bold red]error:[/] {escape(str(file))}: {escape(str(e))}", highlight=False, soft_wrap=True)
        raise typer.Exit(1)
    except JokerError as e:
        err.print(f"[bold red]error:[/] invalid record {escape(str(file))}: {escape(str(e))}", markup=True,
                  highlight=False, soft_wrap=True)
        raise typer.Exit(1)
    data = result.to_json()
    if out is not None:
        out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    stopped = None
    if result.unfinished is not None:
        deals = len(parse_rules(result.rules).deals)
        stopped = (f"The game is unfinished: it stops in deal {result.unfinished + 1} of {deals}, "
                   "which is not analysed (its tricks are not all played).")
    if not result.deals:
        if stopped:
            console.print(stopped, highlight=False)
        console.print("No deal is finished yet: nothing to analyse.", highlight=False)
        return
    names = result.players
    table = Table(title=f"{file.name} — {result.rules}: achievable bids (double dummy)",
                  caption="achievable: the trick totals a player could make sure of with every hand known, "
                          "whatever the other three played together against him; ✗: his bid was not one of them "
                          "(a cautious measure: a bid made anyway was helped by the others)")
    table.add_column("deal", justify="right")
    table.add_column("cards", justify="right")
    table.add_column("trump")
    for name in names:
        table.add_column(name)
    table.add_column("mistakes", justify="right")
    for d in result.deals:
        cells = []
        for p in range(len(names)):
            bid = "—" if d.bids is None else str(d.bids[p])
            ach = ", ".join(map(str, d.achievable[p])) or "none"
            mark = "" if d.bids is None or d.bids[p] in d.achievable[p] else " ✗"
            cells.append(f"bid {bid} took {d.tricks[p]} · {ach}{mark}")
        trump = suit_symbol(parse_trump_letter(d.trump))
        table.add_row(str(d.index + 1), str(d.cards), trump, *cells, str(len(d.mistakes)))
    console.print(table)
    if stopped:
        console.print(stopped, highlight=False)
    if not any(d.mistakes for d in result.deals):
        console.print("No card lowered its player's best achievable score.", highlight=False)
        return
    mistakes = Table(title="cards that lowered their player's best achievable score",
                     caption="best before/after: the best deal score he could make sure of just before and just "
                             "after the card; bid still forced: whether he could still make sure of his bid")
    for col in ("deal", "trick", "player", "card", "best before", "best after", "bid still forced"):
        mistakes.add_column(col)
    for d in result.deals:
        for c in d.mistakes:
            kept = "—" if c.bid_after is None else ("yes" if c.bid_after else "no")
            mistakes.add_row(str(d.index + 1), str(c.trick), names[c.seat], c.action, str(c.best_before),
                             str(c.best_after), kept)
    console.print(mistakes)
