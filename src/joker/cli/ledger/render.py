"""What ``joker ledger`` shows: the sheet, the standings, a penalty's
announcement, the day's cup, the deal being entered, and the tables of
players, games, history and statistics — laid out with Rich, every text from
:mod:`joker.i18n.scorekeeper` in the keeper's language (``tr``).  Nothing here
reads or writes the ledger: the commands (:mod:`.commands`) and the table mode
(:mod:`.table_mode`) pass in what the ledger returned.  The one-line texts
(the deal being entered, a scored deal, an error) are :mod:`.texts`'s, which
needs no Rich: a command that prints only them does not import this module.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Optional, Sequence

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from joker.games.joker.sheet import standings_rows
from joker.i18n import Tr
from joker.rulestring import rules_label
from joker.ledger.lines import cup_rule_text, cup_text, penalty_text, redeal_reason_text
from ..render import sheet_table, standings_table
from .texts import current_text, state_text

if TYPE_CHECKING:  # the ledger's values are only read here; the commands import the ledger when they run
    from joker.ledger import DayInfo, GameView, PenaltyInfo, PlayerInfo
    from joker.ledger.stats import DayHistory, HeadToHead, PlayerStats


UNWRAPPED = 1000
"""The console width into a pipe or a file: wider than any line the ledger prints."""

RULE_WIDTH = 80
"""Columns of table mode's rules (``── deal 3 ──``) where the console has no width of its own."""


def console() -> Console:
    """The terminal's console: its own width on a terminal; into a pipe or a
    file no wrapping at all (``soft_wrap``, :data:`UNWRAPPED` columns), so a
    line is never broken, a table takes the width its cells need and a cell is
    never split, whatever the terminal the script runs in; no highlighting of
    numbers and names, and no Rich markup or emoji codes: a name or a note is
    printed as typed (``[b]Бутка``, ``:smile:``)."""
    if sys.stdout.isatty():
        return Console(highlight=False, markup=False, emoji=False)
    return Console(width=UNWRAPPED, soft_wrap=True, highlight=False, markup=False, emoji=False)


def rule(console: Console, title: str) -> None:
    """A rule with ``title`` across the terminal (:data:`RULE_WIDTH` columns into a pipe)."""
    console.print(Rule(title), width=None if console.is_terminal else min(console.width, RULE_WIDTH))


def print_sheet(tr: Tr, console: Console, v: "GameView") -> None:
    """The sheet as kept on paper, then the redeals, fines and dots, the dots of
    the game and the running ones, today's slaps, the deal to enter next, and
    the standings once the game is finished."""
    title = tr("game_title", id=v.id, date=v.date, number=v.number, rules=rules_label(v.rules, tr.lang), state=state_text(tr, v.state))
    console.print(Text(title, style="italic"))  # a line of its own: a table's title would wrap at the table's width
    console.print(sheet_table(list(v.sheet), v.players, tr=tr))
    for d in v.redeals:
        said = "" if d.bids is None else tr("redeal_said", bids=", ".join("-" if b is None else str(b) for b in d.bids))
        console.print(tr("redeal_line", number=d.number, attempt=d.attempt, reason=redeal_reason_text(tr, d.reason),
                         said=said))
    for p in v.penalties:
        console.print(Text(f"  {penalty_text(tr, p)}", style="red" if p.kind == "fine" else "yellow"))
    players = range(len(v.players))
    dots = " · ".join(f"{v.players[s]} {v.dots_game[s]}" for s in players)
    running = " · ".join(f"{v.players[s]} {v.dots_running[s]}/3" for s in players)
    slaps = " · ".join(f"{v.players[s]} {v.slaps_day[s]}" for s in players if v.slaps_day[s])
    console.print(tr("dots_game", dots=dots))
    console.print(tr("dots_running", running=running) + (tr("slaps_today", slaps=slaps) if slaps else ""))
    if v.current is not None:
        console.print(Text("  " + tr("next_line", text=current_text(tr, v, v.current)), style="bold"))
    if v.state == "finished":
        print_standings(tr, console, v)


def print_standings(tr: Tr, console: Console, v: "GameView") -> None:
    """Places and totals; the cup points (RULES.md §12), or why the game does not count for the cup."""
    console.print(standings_table(standings_rows(v.totals), v.players, tr=tr))
    if v.cup_points is not None:
        points = " · ".join(f"{v.players[s]} {v.cup_points[s]}" for s in range(len(v.players)))
        console.print(tr("cup_points_line", points=points))
    else:
        guests = [v.players[s] for s in range(len(v.players)) if not v.core[s]]
        label = tr("guest_one" if len(guests) == 1 else "guest_many")
        console.print(tr("not_cup_game", label=label, guests=", ".join(guests) or "-"))


def announce_penalty(tr: Tr, console: Console, v: "GameView", p: "PenaltyInfo") -> None:
    """A fine (red) or a dot (yellow) just given; a third dot's slap (RULES.md §11) shouted."""
    console.print(Text(penalty_text(tr, p), style="red" if p.kind == "fine" else "yellow"))
    if p.slap:
        others = ", ".join(x for x in v.players if x != p.player)
        console.print(Text(tr("slap", player=p.player.upper(), others=others, number=p.slap),
                           style="bold white on red"))


def print_day(tr: Tr, c: Console, d: "DayInfo") -> None:
    """An ended game day: its games, the cup points (fewest first) and who holds the cup, by which rule."""
    c.print(tr("day_ended", date=d.date, games=tr.count(len(d.games), "n_game")))
    if d.cup_points:
        points = " · ".join(f"{k} {v}" for k, v in sorted(d.cup_points.items(), key=lambda x: x[1]))
        c.print(tr("cup_points_line", points=points))
    c.print(Text(f"  {cup_text(tr, d)}", style="bold"))


def print_players(tr: Tr, c: Console, players: Sequence["PlayerInfo"]) -> None:
    """The players: id, name, core roster or guest."""
    t = Table(header_style="bold")
    t.add_column(tr("col_id"), justify="right")
    t.add_column(tr("col_name"))
    t.add_column(tr("col_roster"))
    for p in players:
        t.add_row(str(p.id), p.name, tr("cell_core" if p.core else "cell_guest"))
    c.print(t)


def print_games(tr: Tr, c: Console, days: Sequence["DayHistory"], open_only: bool) -> None:
    """One row per game (only the open ones with ``open_only``): its day and
    number there, its state, and its players — with total and place once finished."""
    t = Table(header_style="bold")
    for col in ("col_game", "col_day", "col_number", "col_state", "col_who"):
        t.add_column(tr(col))
    for d in days:
        for g in d.games:
            if open_only and g.state != "open":
                continue
            totals, places = g.totals, g.places  # both set once the game is finished, else both None
            who = ", ".join(p if totals is None or places is None else f"{p} {totals[i]} ({places[i]})"
                            for i, p in enumerate(g.players))
            t.add_row(str(g.id), str(d.date), str(g.number), state_text(tr, g.state), who)
    c.print(t)


def print_history(tr: Tr, c: Console, days: Sequence["DayHistory"]) -> None:
    """Day by day: who won the cup and by which rule (or that the day goes on),
    then each game's players by place with totals and cup points."""
    for d in days:
        head = f"{d.date}"
        if d.ended:
            head += (tr("hist_cup", holder=d.cup_holder, rule=cup_rule_text(tr, d.cup_rule)) if d.cup_rule
                     else tr("hist_no_cup"))
        else:
            head += tr("hist_in_progress")
        c.print(Text(head, style="bold"))
        for g in d.games:
            totals, places = g.totals, g.places  # both set once the game is finished, else both None
            if totals is None or places is None:
                c.print(tr("hist_game_open", id=g.id, number=g.number, state=state_text(tr, g.state),
                           players=", ".join(g.players)))
                continue
            order = sorted(range(len(g.players)), key=lambda s: (places[s], s))
            cells = []
            for s in order:
                pts = "" if g.points is None or g.points[s] is None else tr("hist_cup_pt", points=g.points[s])
                cells.append(f"{places[s]}. {g.players[s]} {totals[s]}{pts}")
            tag = "" if g.contested else tr("hist_not_cup")
            c.print(tr("hist_game", id=g.id, number=g.number, tag=tag, cells=" · ".join(cells)))


def _wide_table(title: str) -> Table:
    """A table of many narrow columns (``stats``): a rule under the headers and no
    frame, so twelve columns fit a 100-column terminal; headers break where the
    catalogue says (``"mean\nplace"``) and cells never wrap (columns are added
    with ``no_wrap``)."""
    from rich import box

    return Table(title=title, header_style="bold", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                 collapse_padding=True)


def print_stats(tr: Tr, c: Console, rows: Sequence["PlayerStats"], h2h: Sequence["HeadToHead"],
                season: Optional[int]) -> None:
    """Statistics per player (``rows``), then head-to-head (``h2h``, when any
    pair has met); ``season`` a year named in the title, ``None`` for all time."""
    t = _wide_table(tr("stats_season", season=season) if season else tr("stats_title"))
    for col in ("st_player", "st_games", "st_wins", "st_mean_place", "st_cup_pts", "st_cups", "st_days_held",
                "st_premiums", "st_bids_made", "st_fines", "st_dots", "st_slaps"):
        t.add_column(tr(col), justify="left" if col == "st_player" else "right", no_wrap=True)
    for r in rows:
        t.add_row(r.name + ("" if r.core else tr("st_guest")), str(r.games), str(r.wins),
                  "-" if r.mean_place is None else f"{r.mean_place:.2f}", str(r.cup_points), str(r.cups),
                  str(r.days_held), str(r.premiums),
                  "-" if r.made_share is None else tr("st_made", percent=f"{100 * r.made_share:.0f}", bids=r.bids),
                  str(r.fines), str(r.dots), str(r.slaps))
    c.print(t)
    if h2h:
        h = _wide_table(tr("h2h_title"))
        for col in ("h2h_players", "h2h_games", "h2h_first", "h2h_second", "h2h_level"):
            h.add_column(tr(col), justify="left" if col == "h2h_players" else "right", no_wrap=True)
        for x in h2h:
            h.add_row(f"{x.a} – {x.b}", str(x.games), str(x.a_ahead), str(x.b_ahead), str(x.level))
        c.print(h)
