"""Rich renderings shared by the terminal commands: the score sheet and standings."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from joker.games.joker.sheet import SheetRow
from joker.i18n import Tr

if TYPE_CHECKING:  # rich.progress (and rich.live) only when a long run shows its progress, not for a sheet
    from rich.progress import Progress, TaskID


def sheet_table(rows: Sequence[SheetRow], players: Sequence[str], title: str | None = None,
                tr: Tr | None = None) -> Table:
    """The sheet as a Rich table: per deal the cards, dealer (●), trump, then
    for each player ``bid/tricks`` and the score; block rows show the block
    total with ``+premium`` (green) and ``−cut`` (red).  With ``tr`` the
    headers, the block/fines/total labels and deal kinds are translated."""
    t = Table(title=title, show_lines=False, header_style="bold", pad_edge=False, box=box.SIMPLE_HEAD)
    t.add_column("#", justify="right")
    t.add_column(tr("sheet_cards") if tr else "cards", justify="right")
    t.add_column(tr("sheet_trump") if tr else "trump", justify="center")
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
            t.add_row(r.label, _cards_label(r.cards, tr), r.trump, *cells)
        elif r.kind == "block":
            cells = []
            for s in range(len(players)):
                txt = Text(f"{r.scores[s]:>6}", style="bold")
                if r.premium and r.premium[s]:
                    txt.append(f" +{r.premium[s]}", style="bold green")
                if r.cut and r.cut[s]:
                    txt.append(f" −{r.cut[s]}", style="bold red")
                cells.append(txt)
            label = tr("sheet_block", block=r.label.split()[-1]) if tr else r.label  # "block 2" → its number
            t.add_row("", Text(label, style="bold"), "", *cells, end_section=True)
        else:
            style = "bold reverse" if r.kind == "total" else "red"
            label = tr(f"sheet_{r.kind}") if tr else r.label
            t.add_row("", Text(label, style=style), "", *(Text(f"{v:>6}", style=style) for v in r.scores))
    return t


def _cards_label(cards: str, tr: Tr | None) -> str:
    """A deal row's size, ``9`` or ``9 dark`` (:func:`joker.games.joker.sheet.build_sheet`), its kind translated."""
    number, _, kind = cards.partition(" ")
    if tr is None or not kind:
        return cards
    return f"{number} {tr(f'kind_{kind}')}"


def standings_table(rows: Sequence[tuple[int, int, int]], players: Sequence[str], tr: Tr | None = None) -> Table:
    """Final standings: place, player, total (translated by ``tr`` when given)."""
    t = Table(title=tr("standings") if tr else "Standings", header_style="bold")
    t.add_column(tr("col_place") if tr else "place", justify="right")
    t.add_column(tr("col_player") if tr else "player")
    t.add_column(tr("col_total") if tr else "total", justify="right")
    for place, seat, total in rows:
        t.add_row(str(place), players[seat], str(total))
    return t


@dataclass
class _Line:
    """One task of a :class:`LineProgress`."""

    description: str
    total: float | None
    start: float
    last: float
    printed: bool = False


class LineProgress:
    """Progress of a long run whose output is not a terminal (a log file, a pipe):
    a plain line ``games: 120/672 (18%), 16:02 elapsed, about 1:14:30 left`` at most
    every ``every`` seconds, and a last one at the end if any was printed.  The
    subset of :class:`rich.progress.Progress` the commands use."""

    def __init__(self, console: Console, every: float = 60.0) -> None:
        self.console, self.every = console, every
        self.tasks: list[_Line] = []

    def __enter__(self) -> "LineProgress":
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def add_task(self, description: str, total: float | None = None) -> "TaskID":
        from rich.progress import TaskID

        now = time.monotonic()
        self.tasks.append(_Line(description, total, now, now))
        return TaskID(len(self.tasks) - 1)

    def update(self, task: "TaskID", completed: float | None = None, total: float | None = None) -> None:
        t = self.tasks[task]
        if total is not None:
            t.total = total
        now = time.monotonic()
        end = completed is not None and t.total is not None and completed >= t.total
        if completed is None or not (now - t.last >= self.every or (end and t.printed)):
            return
        t.last, t.printed = now, True
        elapsed = now - t.start
        line = f"{t.description}: {completed:g}"
        if t.total:
            line += f"/{t.total:g} ({100 * completed / t.total:.0f}%)"
        line += f", {_clock(elapsed)} elapsed"
        if t.total and 0 < completed < t.total:
            line += f", about {_clock(elapsed * (t.total - completed) / completed)} left"
        self.console.print(line, markup=False, highlight=False)


def _clock(seconds: float) -> str:
    """``75`` → ``1:15``; ``4530`` → ``1:15:30``."""
    m, s = divmod(int(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def progress_bar(console: Console) -> "Progress | LineProgress":
    """The progress of long runs (simulate, arena): on a terminal a Rich bar
    (description, bar, done/total, elapsed, remaining); elsewhere a
    :class:`LineProgress` line every minute."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    if not console.is_terminal:
        return LineProgress(console)
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
