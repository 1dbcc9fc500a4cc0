"""Rich renderings shared by the terminal commands: the score sheet and standings."""

from __future__ import annotations

from typing import Sequence

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ..sheet import SheetRow


def sheet_table(rows: Sequence[SheetRow], players: Sequence[str], title: str | None = None) -> Table:
    """The sheet as a Rich table: per deal the cards, dealer (●), trump, then
    for each player ``bid/tricks`` and the score; block rows show the block
    total with ``+premium`` (green) and ``−cut`` (red)."""
    t = Table(title=title, show_lines=False, header_style="bold", pad_edge=False, box=box.SIMPLE_HEAD)
    t.add_column("#", justify="right")
    t.add_column("cards", justify="right")
    t.add_column("trump", justify="center")
    for p in players:
        t.add_column(p, justify="right", no_wrap=True)
    for r in rows:
        if r.kind == "deal":
            cells = []
            for s in range(len(players)):
                bid = r.bids[s] if r.bids is not None else None
                bt = f"{'-' if bid is None else bid}/{r.tricks[s]}" if r.tricks is not None else ""
                mark = "●" if r.dealer == s else " "
                style = "green" if bid is not None and r.tricks is not None and bid == r.tricks[s] else ""
                cells.append(Text(f"{mark}{bt:<4}{r.scores[s]:>6}", style=style))
            t.add_row(r.label, r.cards, r.trump, *cells)
        elif r.kind == "block":
            cells = []
            for s in range(len(players)):
                txt = Text(f"{r.scores[s]:>6}", style="bold")
                if r.premium and r.premium[s]:
                    txt.append(f" +{r.premium[s]}", style="bold green")
                if r.cut and r.cut[s]:
                    txt.append(f" −{r.cut[s]}", style="bold red")
                cells.append(txt)
            t.add_row("", Text(r.label, style="bold"), "", *cells, end_section=True)
        else:
            style = "bold reverse" if r.kind == "total" else "red"
            t.add_row("", Text(r.label, style=style), "", *(Text(f"{v:>6}", style=style) for v in r.scores))
    return t


def standings_table(rows: Sequence[tuple[int, int, int]], players: Sequence[str]) -> Table:
    """Final standings: place, player, total."""
    t = Table(title="Standings", header_style="bold")
    t.add_column("place", justify="right")
    t.add_column("player")
    t.add_column("total", justify="right")
    for place, seat, total in rows:
        t.add_row(str(place), players[seat], str(total))
    return t


def progress_bar(console: Console) -> Progress:
    """The progress bar of long runs (simulate, arena): description, bar, done/total, elapsed, remaining."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
