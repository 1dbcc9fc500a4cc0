"""``joker ledger``: the scorekeeper for games played with real cards
(docs/scorekeeper.md).  Every command is one transaction on the ledger
database; a rejected command prints why (naming the deal or row) and writes
nothing.
"""

from __future__ import annotations

import datetime as dt
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..errors import JokerError
from ..sheet import standings_rows
from .render import sheet_table, standings_table

if TYPE_CHECKING:  # the ledger (SQLAlchemy, Alembic) is imported only when a command runs
    from ..ledger import CurrentDeal, GameView, Ledger, PenaltyInfo

app = typer.Typer(
    help="Scorekeeper for games played with real cards: the sheet, fines, dots and slaps, the cup, history.",
    no_args_is_help=True,
    add_completion=False,
)
players_app = typer.Typer(help="The players and the core roster.", no_args_is_help=True)
day_app = typer.Typer(help="Game days: start, end (decides the cup), reopen.", no_args_is_help=True)
game_app = typer.Typer(help="Games: new, list, abandon.", no_args_is_help=True)
chart_app = typer.Typer(help="Charts (PNG or SVG by the file's extension).", no_args_is_help=True)
import_app = typer.Typer(help="Import a paper-sheet CSV or a JSON record.", no_args_is_help=True)
export_app = typer.Typer(help="Export a game as a paper-sheet CSV or a JSON record.", no_args_is_help=True)
app.add_typer(players_app, name="players")
app.add_typer(day_app, name="day")
app.add_typer(game_app, name="game")
app.add_typer(chart_app, name="chart")
app.add_typer(import_app, name="import")
app.add_typer(export_app, name="export")

GAME = typer.Option(None, "--game", "-g", help="Game id (default: the current open game).")


def _console() -> Console:
    return Console(width=None if sys.stdout.isatty() else 110, highlight=False)


@app.callback()
def _main(
    ctx: typer.Context,
    db: Optional[str] = typer.Option(
        None, "--db", help="Ledger database: a file path or a URL (postgresql+psycopg://…). "
        "Default: $JOKER_DB_URL, else joker.db in your data directory."),
) -> None:
    """Scorekeeper for games played with real cards (RULES.md §8–§12)."""
    ctx.obj = {"db": db}


@contextmanager
def _ledger(ctx: typer.Context) -> Iterator["Ledger"]:
    """Open the ledger; any ledger or rules error becomes ``error: …`` and exit 1."""
    from ..ledger import Ledger

    led = None
    try:
        led = Ledger.open((ctx.obj or {}).get("db"))
        yield led
    except JokerError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(1)
    finally:
        if led is not None:
            led.close()


def _n(k: int, one: str, many: Optional[str] = None) -> str:
    return f"{k} {one if k == 1 else (many or one + 's')}"


def _date(value: Optional[str]) -> Optional[dt.date]:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        typer.echo(f"error: not a date: {value!r} (use YYYY-MM-DD)", err=True)
        raise typer.Exit(1)


# -- rendering -------------------------------------------------------------------------------------
def seat_label(v: "GameView", seat: int) -> str:
    return f"{v.players[seat]} (seat {seat + 1})"


def current_text(v: "GameView", cur: "CurrentDeal") -> str:
    """Who deals, who bids first, what is entered, which bid the dealer may not say."""
    n = len(v.rules.deals)
    parts = [f"deal {cur.number} of {n}: {cur.cards} card{'s' if cur.cards != 1 else ''}, block {cur.block}"
             + (f", attempt {cur.attempt}" if cur.attempt > 1 else "")
             + (f", {cur.kind}" if cur.kind != "normal" else ""),
             f"dealer {v.players[cur.dealer]}; {v.players[cur.first_hand]} bids first"
             + (" and chooses trump" if cur.trump_chooser is not None else "")]
    if cur.trump is not None:
        parts.append(f"trump {_trump_text(cur.trump)}")
    if cur.needs_bids and any(b is not None for b in cur.bids):
        said = ", ".join(f"{v.players[s]} {cur.bids[s]}" for s in cur.bid_order if cur.bids[s] is not None)
        parts.append(f"bids: {said}")
    if cur.forbidden is not None and cur.bids[cur.dealer] is None:
        parts.append(f"the dealer {v.players[cur.dealer]} may not bid {cur.forbidden}")
    return " · ".join(parts)


def _trump_text(t: Optional[str]) -> str:
    return {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "N": "no-trump"}.get(t or "", "?")


def print_sheet(console: Console, v: "GameView") -> None:
    title = f"game {v.id} · {v.date} #{v.number} · {v.rules} · {v.state}"
    console.print(sheet_table(list(v.sheet), v.players, title=title))
    if v.redeals:
        for d in v.redeals:
            said = "" if d.bids is None else " (bids said: " + ", ".join("-" if b is None else str(b) for b in d.bids) + ")"
            console.print(f"  redeal: deal {d.number}, attempt {d.attempt} voided — {d.reason}{said}")
    for p in v.penalties:
        console.print(Text(f"  {p.text}", style="red" if p.kind == "fine" else "yellow"))
    dots = " · ".join(f"{v.players[s]} {v.dots_game[s]}" for s in range(len(v.players)))
    running = " · ".join(f"{v.players[s]} {v.dots_running[s]}/3" for s in range(len(v.players)))
    slaps = " · ".join(f"{v.players[s]} {v.slaps_day[s]}" for s in range(len(v.players)) if v.slaps_day[s])
    console.print(f"  dots this game: {dots}")
    console.print(f"  dots today towards a slap: {running}" + (f"   slaps today: {slaps}" if slaps else ""))
    if v.current is not None:
        console.print(Text(f"  next: {current_text(v, v.current)}", style="bold"))
    if v.state == "finished":
        print_standings(console, v)


def print_standings(console: Console, v: "GameView") -> None:
    console.print(standings_table(standings_rows(v.totals), v.players))
    if v.cup_points is not None:
        console.print("  cup points: " + " · ".join(f"{v.players[s]} {v.cup_points[s]}" for s in range(len(v.players))))
    else:
        guests = [v.players[s] for s in range(len(v.players)) if not v.core[s]]
        console.print(f"  not a cup game (guest{'s' if len(guests) != 1 else ''}: {', '.join(guests) or '-'})")


def announce_penalty(console: Console, v: "GameView", p: "PenaltyInfo") -> None:
    console.print(Text(p.text, style="red" if p.kind == "fine" else "yellow"))
    if p.slap:
        others = ", ".join(x for x in v.players if x != p.player)
        console.print(Text(f"SLAP: {p.player.upper()} — THIRD DOT TODAY! A slap from {others}. "
                           f"(slap #{p.slap} today; the count starts again)", style="bold white on red"))


def _scored_text(v: "GameView", r) -> str:
    return f"deal {r.index + 1} scored: " + ", ".join(f"{v.players[s]} {r.scores[s]:+d}" for s in range(len(v.players)))


# -- players -------------------------------------------------------------------------------------------
@players_app.command("add")
def players_add(ctx: typer.Context, name: str = typer.Argument(..., help="The player's name."),
                core: bool = typer.Option(False, "--core/--guest", help="Core roster (cup games) or guest.")) -> None:
    """Add a player."""
    with _ledger(ctx) as led:
        p = led.add_player(name, core)
        typer.echo(f"added {p.name} ({'core roster' if p.core else 'guest'})")


@players_app.command("list")
def players_list(ctx: typer.Context) -> None:
    """List the players."""
    with _ledger(ctx) as led:
        t = Table(header_style="bold")
        t.add_column("id", justify="right")
        t.add_column("name")
        t.add_column("roster")
        for p in led.players():
            t.add_row(str(p.id), p.name, "core" if p.core else "guest")
        _console().print(t)


@players_app.command("rename")
def players_rename(ctx: typer.Context, old: str, new: str) -> None:
    """Rename a player (past games show the new name)."""
    with _ledger(ctx) as led:
        p = led.rename_player(old, new)
        typer.echo(f"renamed to {p.name}")


@players_app.command("core")
def players_core(ctx: typer.Context, name: str,
                 core: bool = typer.Option(True, "--on/--off", help="Put on (default) or take off the core roster.")) -> None:
    """Set whether a player belongs to the core roster (only core-roster games count for the cup)."""
    with _ledger(ctx) as led:
        p = led.set_core(name, core)
        typer.echo(f"{p.name}: {'core roster' if p.core else 'guest'}")


# -- days -------------------------------------------------------------------------------------------------
@day_app.command("start")
def day_start(ctx: typer.Context, date: Optional[str] = typer.Option(None, help="YYYY-MM-DD (default today).")) -> None:
    """Start a game day (dots carry between its games; the cup is decided at its end)."""
    with _ledger(ctx) as led:
        d = led.start_day(_date(date))
        typer.echo(f"game day {d.date} started")


@day_app.command("end")
def day_end(ctx: typer.Context, date: Optional[str] = typer.Option(None, help="YYYY-MM-DD (default: the open day)."),
            keeper_pick: Optional[str] = typer.Option(None, "--keeper-pick", help="The keeper's choice when the cup "
                                                      "is still tied after every rule.")) -> None:
    """End the game day: the cup holder and which rule of the tie-break chain decided."""
    with _ledger(ctx) as led:
        d = led.end_day(_date(date), keeper_pick)
        _print_day(d)


def _print_day(d) -> None:
    c = _console()
    c.print(f"game day {d.date} ended: {len(d.games)} game{'s' if len(d.games) != 1 else ''}")
    if d.cup_points:
        c.print("  cup points: " + " · ".join(f"{k} {v}" for k, v in sorted(d.cup_points.items(), key=lambda x: x[1])))
    c.print(Text(f"  {d.cup_text}", style="bold"))


@day_app.command("reopen")
def day_reopen(ctx: typer.Context, date: Optional[str] = typer.Option(None, help="YYYY-MM-DD (default: the last day).")) -> None:
    """Reopen an ended game day (its cup decision is cleared until it ends again)."""
    with _ledger(ctx) as led:
        d = led.reopen_day(_date(date))
        typer.echo(f"game day {d.date} reopened")


# -- games --------------------------------------------------------------------------------------------------
@game_app.command("new")
def game_new(
    ctx: typer.Context,
    players: str = typer.Option(..., "--players", "-p", help="Names in table order, seat 1 first: A,B,C,D."),
    rules: str = typer.Option("bus-angeles", "--rules", help="Rules string (bus-angeles, georgian(khishti=-500), …)."),
    first_dealer: Optional[int] = typer.Option(None, "--first-dealer", help="Seat 1..n (default: the rules'; seat 4)."),
    date: Optional[str] = typer.Option(None, help="The game day (default: the open one, or today)."),
    add_players: bool = typer.Option(False, "--add-players", help="Add unknown names as guests."),
) -> None:
    """Start a game; it becomes the current game."""
    with _ledger(ctx) as led:
        gid = led.new_game(players, rules, first_dealer, _date(date), add_players)
        v = led.game(gid)
        typer.echo(f"game {gid} started: {', '.join(f'{i + 1}. {p}' for i, p in enumerate(v.players))} — {v.rules}")
        if v.current is not None:
            typer.echo("next: " + current_text(v, v.current))


@game_app.command("list")
def game_list(ctx: typer.Context, open_only: bool = typer.Option(False, "--open", help="Only open games.")) -> None:
    """List games."""
    from ..ledger.stats import history

    with _ledger(ctx) as led:
        t = Table(header_style="bold")
        for col in ("game", "day", "#", "state", "players (total, place)"):
            t.add_column(col)
        for d in history(led):
            for g in d.games:
                if open_only and g.state != "open":
                    continue
                who = ", ".join(p if g.totals is None else f"{p} {g.totals[i]} ({g.places[i]})"
                                for i, p in enumerate(g.players))
                t.add_row(str(g.id), str(d.date), str(g.number), g.state, who)
        _console().print(t)


@game_app.command("abandon")
def game_abandon(ctx: typer.Context, game: Optional[int] = GAME,
                 reason: str = typer.Option("", help="Why the game stops.")) -> None:
    """Give up an unfinished game (no standings, no cup points; its fines and dots stay)."""
    with _ledger(ctx) as led:
        v = led.abandon(game, reason)
        typer.echo(f"game {v.id} abandoned")


# -- entering a deal ------------------------------------------------------------------------------------------
@app.command()
def trump(ctx: typer.Context, suit: str = typer.Argument(..., help="S C D H (or ♠♣♦♥), N for no-trump."),
          game: Optional[int] = GAME) -> None:
    """Enter the current deal's trump."""
    with _ledger(ctx) as led:
        led.set_trump(game, suit)
        v = led.game(game)
        typer.echo(current_text(v, v.current))


@app.command()
def bids(ctx: typer.Context,
         values: str = typer.Argument(..., help="Bids in seat order, e.g. 1,0,2,1 (- for not yet said)."),
         house_override: bool = typer.Option(False, "--house-override",
                                             help="Record the bids as said even if the dealer broke the restriction."),
         game: Optional[int] = GAME) -> None:
    """Enter the current deal's bids (checked: 0..cards, and the dealer restriction)."""
    with _ledger(ctx) as led:
        led.set_bids(game, values, house_override)
        v = led.game(game)
        typer.echo(current_text(v, v.current))


@app.command()
def bid(ctx: typer.Context, player: str = typer.Argument(..., help="Name or seat number."),
        value: int = typer.Argument(...),
        house_override: bool = typer.Option(False, "--house-override"), game: Optional[int] = GAME) -> None:
    """Enter one player's bid."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        led.set_bid(g, player, value, house_override)
        v = led.game(g)
        typer.echo(current_text(v, v.current))


@app.command()
def tricks(ctx: typer.Context, values: str = typer.Argument(..., help="Tricks taken in seat order, e.g. 1,1,0,2."),
           game: Optional[int] = GAME) -> None:
    """Enter the tricks taken: scores the deal (they must sum to the cards dealt)."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        r = led.set_tricks(g, values)
        v = led.game(g)
        typer.echo(_scored_text(v, r))
        if v.current is not None:
            typer.echo("next: " + current_text(v, v.current))
        else:
            typer.echo("all deals entered: `joker ledger finish` for the standings")


@app.command()
def deal(ctx: typer.Context,
         trump_: str = typer.Option(..., "--trump", "-t", help="S C D H or N."),
         bids_: str = typer.Option(..., "--bids", "-b", help="Bids in seat order."),
         tricks_: str = typer.Option(..., "--tricks", "-k", help="Tricks taken in seat order."),
         house_override: bool = typer.Option(False, "--house-override"),
         expect: Optional[int] = typer.Option(None, "--expect", help="Refuse unless this is the current deal number."),
         game: Optional[int] = GAME) -> None:
    """Enter a whole deal at once: trump, bids and tricks."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        r = led.enter_deal(g, trump_, bids_, tricks_, house_override, expect)
        v = led.game(g)
        typer.echo(_scored_text(v, r))
        if v.current is not None:
            typer.echo("next: " + current_text(v, v.current))


def _penalty(ctx, kind: str, player: str, code: Optional[str], other: Optional[str], note: str,
             deal_: Optional[int], redeal: Optional[bool], game: Optional[int]) -> None:
    from ..ledger import regulation as reg

    if other is not None:
        code, note = reg.OTHER, other + (f" — {note}" if note else "")
    if code is None:
        codes = [c for c, i in reg.INFRINGEMENTS.items() if i.penalty == kind]
        typer.echo(f"error: give an infringement code ({', '.join(codes)}) or --other \"what happened\"", err=True)
        raise typer.Exit(1)
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        p = led.penalty(g, player, code, kind, note, deal_, redeal)
        v = led.game(g)
        announce_penalty(_console(), v, p)
        inf = reg.INFRINGEMENTS.get(code)
        if inf is not None and inf.redeal and redeal is False:
            typer.echo(f"(the regulation redeals after {code}: `joker ledger redeal --reason {code}` if it was)")
        elif inf is not None and inf.redeal:
            typer.echo(f"deal {p.deal} is dealt again")


@app.command()
def fine(ctx: typer.Context, player: str = typer.Argument(..., help="Name or seat number."),
         code: Optional[str] = typer.Argument(None, help="no_cut, revoke, misdeal_after_trump (RULES.md §11)."),
         other: Optional[str] = typer.Option(None, "--other", help="An infringement outside the table: what happened."),
         note: str = typer.Option("", "--note"),
         deal_: Optional[int] = typer.Option(None, "--deal", help="Deal number (default: the deal being played)."),
         redeal: Optional[bool] = typer.Option(None, "--redeal/--no-redeal",
                                               help="Also void the deal (default: as the regulation says)."),
         game: Optional[int] = GAME) -> None:
    """Give a fine (−250 from the game total)."""
    _penalty(ctx, "fine", player, code, other, note, deal_, redeal, game)


@app.command()
def dot(ctx: typer.Context, player: str = typer.Argument(..., help="Name or seat number."),
        code: Optional[str] = typer.Argument(None, help="suit_error_corrected, misdeal_before_trump, dealt_out_of_turn, "
                                             "played_out_of_turn, asked_trump_twice, bid_out_of_turn, stalling."),
        other: Optional[str] = typer.Option(None, "--other", help="An infringement outside the table: what happened."),
        note: str = typer.Option("", "--note"),
        deal_: Optional[int] = typer.Option(None, "--deal", help="Deal number (default: the deal being played)."),
        redeal: Optional[bool] = typer.Option(None, "--redeal/--no-redeal"),
        game: Optional[int] = GAME) -> None:
    """Give a dot (a warning; the third of a game day earns a slap)."""
    _penalty(ctx, "dot", player, code, other, note, deal_, redeal, game)


@app.command()
def redeal(ctx: typer.Context, reason: str = typer.Option("", "--reason", help="Why the deal is dealt again."),
           code: Optional[str] = typer.Option(None, "--code", help="The infringement (RULES.md §11)."),
           player: Optional[str] = typer.Option(None, "--player", help="Also give this player the code's fine or dot."),
           game: Optional[int] = GAME) -> None:
    """Void the current deal (whatever was entered of it stays in history, unscored) and record why."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        d = led.redeal(g, reason, code, player)
        typer.echo(f"deal {d.number} (attempt {d.attempt}) voided: {d.reason}; it is dealt again")


@app.command()
def undo(ctx: typer.Context, game: Optional[int] = GAME) -> None:
    """Take back the last entry of the game."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        typer.echo(f"undone: {led.undo(g)}")


@app.command()
def edit(ctx: typer.Context, number: int = typer.Argument(..., help="The deal number."),
         trump_: Optional[str] = typer.Option(None, "--trump"), bids_: Optional[str] = typer.Option(None, "--bids"),
         tricks_: Optional[str] = typer.Option(None, "--tricks"),
         house_override: Optional[bool] = typer.Option(None, "--house-override/--no-house-override"),
         game: Optional[int] = GAME) -> None:
    """Correct a past deal; everything after it is recomputed."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        v = led.edit_deal(g, number, trump_, bids_, tricks_, house_override)
        r = v.results[number - 1]
        typer.echo(f"deal {number} corrected: " + ", ".join(f"{v.players[s]} {r.scores[s]:+d}" for s in range(len(v.players))))
        typer.echo("totals now: " + ", ".join(f"{v.players[s]} {v.totals[s]}" for s in range(len(v.players))))


@app.command()
def show(ctx: typer.Context, game: Optional[int] = GAME) -> None:
    """The sheet as kept on paper.

    A row per deal with each player's bid/tricks and score (the dealer marked ●), block subtotals with
    premium (+) and cut (−), a fines row, totals, the redeals, fines and dots, and slaps."""
    with _ledger(ctx) as led:
        print_sheet(_console(), led.game(game))


@app.command()
def finish(ctx: typer.Context, game: Optional[int] = GAME) -> None:
    """Finish a complete game: standings, and cup points when all four players are core roster."""
    with _ledger(ctx) as led:
        v = led.finish(game)
        print_standings(_console(), v)


# -- history ----------------------------------------------------------------------------------------------
@app.command()
def history(ctx: typer.Context, season: Optional[int] = typer.Option(None, help="A year."),
            player: Optional[str] = typer.Option(None, help="Only games with this player.")) -> None:
    """Game days and games: totals, places, cup points, the cup holders."""
    from ..ledger.regulation import CupRule
    from ..ledger.stats import history as hist

    with _ledger(ctx) as led:
        c = _console()
        for d in hist(led, season, player):
            head = f"{d.date}"
            if d.ended:
                head += (f" — cup: {d.cup_holder} ({CupRule(d.cup_rule).text})" if d.cup_rule else " — no cup game")
            else:
                head += " — in progress"
            c.print(Text(head, style="bold"))
            for g in d.games:
                if g.totals is None:
                    c.print(f"  game {g.id} #{g.number} {g.state}: {', '.join(g.players)}")
                    continue
                order = sorted(range(len(g.players)), key=lambda s: (g.places[s], s))
                cells = []
                for s in order:
                    pts = "" if g.points is None or g.points[s] is None else f", {g.points[s]} cup pt"
                    cells.append(f"{g.places[s]}. {g.players[s]} {g.totals[s]}{pts}")
                tag = "" if g.contested else " (not a cup game)"
                c.print(f"  game {g.id} #{g.number}{tag}: " + " · ".join(cells))


@app.command()
def stats(ctx: typer.Context, season: Optional[int] = typer.Option(None, help="A year (default: all time).")) -> None:
    """Statistics per player, and head-to-head.

    Games, wins, mean place, cup points, cups won and days holding the cup, premiums, share of bids made,
    fines, dots, slaps; then for each pair of players who placed ahead of whom."""
    from ..ledger.stats import player_stats

    with _ledger(ctx) as led:
        rows, h2h = player_stats(led, season)
        t = Table(title="Players" + (f" — {season}" if season else ""), header_style="bold")
        for col in ("player", "games", "wins", "mean place", "cup pts", "cups", "days held", "premiums",
                    "bids made", "fines", "dots", "slaps"):
            t.add_column(col, justify="left" if col == "player" else "right")
        for r in rows:
            t.add_row(r.name + ("" if r.core else " (guest)"), str(r.games), str(r.wins),
                      "-" if r.mean_place is None else f"{r.mean_place:.2f}", str(r.cup_points), str(r.cups),
                      str(r.days_held), str(r.premiums),
                      "-" if r.made_share is None else f"{100 * r.made_share:.0f}% of {r.bids}",
                      str(r.fines), str(r.dots), str(r.slaps))
        c = _console()
        c.print(t)
        if h2h:
            h = Table(title="Head to head (placed ahead)", header_style="bold")
            for col in ("players", "games", "first ahead", "second ahead", "level"):
                h.add_column(col, justify="left" if col == "players" else "right")
            for x in h2h:
                h.add_row(f"{x.a} – {x.b}", str(x.games), str(x.a_ahead), str(x.b_ahead), str(x.level))
            c.print(h)


@app.command()
def verify(ctx: typer.Context) -> None:
    """Re-score every stored game with the engine and re-derive slaps and cups; report any difference (exit 1)."""
    with _ledger(ctx) as led:
        problems = led.verify()
        n = len(led.games())
        if problems:
            for p in problems:
                typer.echo(p)
            typer.echo(f"{len(problems)} difference{'s' if len(problems) != 1 else ''} in {led.where}", err=True)
            raise typer.Exit(1)
        typer.echo(f"ok: {n} game{'s' if n != 1 else ''} re-scored by the engine, no difference ({led.where})")


# -- charts -------------------------------------------------------------------------------------------------
@chart_app.command("game")
def chart_game(ctx: typer.Context, out: Path = typer.Option(..., "--out", "-o", help="FILE.png or FILE.svg"),
               game: Optional[int] = GAME) -> None:
    """Cumulative score per player over a game's deals, blocks and premiums marked."""
    from ..ledger.charts import game_chart

    with _ledger(ctx) as led:
        v = led.game(game)
        try:
            path = game_chart(v, out)
        except ValueError as e:
            raise JokerError(str(e)) from None
        typer.echo(f"wrote {path}")


@chart_app.command("cup")
def chart_cup(ctx: typer.Context, out: Path = typer.Option(..., "--out", "-o", help="FILE.png or FILE.svg"),
              season: Optional[int] = typer.Option(None, help="A year (default: all time).")) -> None:
    """Cup points over a season, day by day."""
    from ..ledger.charts import cup_chart
    from ..ledger.stats import cup_season

    with _ledger(ctx) as led:
        try:
            path = cup_chart(cup_season(led, season), out, title=f"Cup points {season or ''}".strip())
        except ValueError as e:
            raise JokerError(str(e)) from None
        typer.echo(f"wrote {path}")


# -- import / export -------------------------------------------------------------------------------------------
@import_app.command("csv")
def import_csv_cmd(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="A paper sheet typed as CSV (docs/scorekeeper.md)."),
    rules: str = typer.Option("bus-angeles", "--rules"),
    date: Optional[str] = typer.Option(None, help="The game day (default: the open one, or today)."),
    first_dealer: Optional[int] = typer.Option(None, "--first-dealer"),
    infringements: Optional[Path] = typer.Option(None, "--infringements", help="A second file of fine/dot/redeal rows."),
    add_players: bool = typer.Option(False, "--add-players", help="Add unknown names as guests."),
    finish_: bool = typer.Option(True, "--finish/--no-finish", help="Finish the game when the sheet is complete."),
) -> None:
    """Import a paper sheet: one transaction; a bad row is named and nothing is written."""
    from ..ledger.paper import import_csv

    with _ledger(ctx) as led:
        gid = import_csv(led, file, rules, _date(date), first_dealer, add_players, infringements, finish_)
        v = led.game(gid)
        typer.echo(f"imported {file.name} as game {gid}: {_n(len(v.results), 'deal')}, "
                   f"{_n(len(v.penalties), 'penalty', 'penalties')}, {_n(len(v.redeals), 'redeal')}; {v.state}")
        typer.echo("totals: " + ", ".join(f"{v.players[s]} {v.totals[s]}" for s in range(len(v.players))))


@import_app.command("json")
def import_json_cmd(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="A game record (docs/records.md)."),
    date: Optional[str] = typer.Option(None),
    add_players: bool = typer.Option(False, "--add-players"),
    finish_: bool = typer.Option(True, "--finish/--no-finish"),
) -> None:
    """Import the engine's JSON record of a game."""
    from ..ledger.paper import import_record

    with _ledger(ctx) as led:
        try:
            text = file.read_text(encoding="utf-8")
        except OSError as e:
            raise JokerError(f"cannot read {file}: {e.strerror}") from None
        gid = import_record(led, text, file.name, _date(date), add_players, finish_)
        v = led.game(gid)
        typer.echo(f"imported {file.name} as game {gid}; totals: "
                   + ", ".join(f"{v.players[s]} {v.totals[s]}" for s in range(len(v.players))))


def _write_out(text: str, out: Optional[Path]) -> None:
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
        typer.echo(f"wrote {out}", err=True)


@export_app.command("csv")
def export_csv_cmd(ctx: typer.Context, out: Optional[Path] = typer.Option(None, "--out", "-o"),
                   game: Optional[int] = GAME) -> None:
    """The game as a paper-sheet CSV (importable again)."""
    from ..ledger.paper import sheet_csv

    with _ledger(ctx) as led:
        _write_out(sheet_csv(led, game), out)


@export_app.command("json")
def export_json_cmd(ctx: typer.Context, out: Optional[Path] = typer.Option(None, "--out", "-o"),
                    game: Optional[int] = GAME) -> None:
    """The game as the engine's JSON record (`joker replay` reads it)."""
    from ..ledger.paper import record_json

    with _ledger(ctx) as led:
        _write_out(record_json(led, game), out)


# -- table mode ---------------------------------------------------------------------------------------------
@app.command()
def play(ctx: typer.Context, game: Optional[int] = GAME,
         players: Optional[str] = typer.Option(None, "--players", "-p", help="Start a new game with these players."),
         rules: str = typer.Option("bus-angeles", "--rules")) -> None:
    """Table mode: prompts deal by deal, shows the sheet after each; leave (q) and resume any time.

    Says who deals, who bids first and which bid the dealer may not say; announces a third dot (SLAP).
    Every answer is saved at once, so nothing is lost by leaving."""
    with _ledger(ctx) as led:
        run_table(led, _console(), game, players, rules)


TABLE_HELP = ("commands at any prompt: sheet · undo (u) · fine (f) · dot · redeal (r) · edit (e) · "
              "quit (q: everything is saved) · help (?)")


class _Leave(Exception):
    """The keeper leaves the table (q, end of input or Ctrl-C)."""


def _ask(text: str) -> str:
    try:
        return typer.prompt(text, default="", show_default=False).strip()
    except (typer.Abort, EOFError, KeyboardInterrupt):
        raise _Leave from None


def _confirm(text: str, default: bool) -> bool:
    try:
        return typer.confirm(text, default=default)
    except (typer.Abort, EOFError, KeyboardInterrupt):
        raise _Leave from None


_COMMANDS = {"q": "quit", "quit": "quit", "exit": "quit", "u": "undo", "undo": "undo", "sheet": "sheet",
             "show": "sheet", "f": "fine", "fine": "fine", "dot": "dot", "r": "redeal", "redeal": "redeal",
             "e": "edit", "edit": "edit", "?": "help", "help": "help"}


def run_table(led: "Ledger", console: Console, game: Optional[int], players: Optional[str], rules: str) -> None:
    """The table-mode loop (``joker ledger play``)."""
    from ..ledger import KeeperDecisionNeeded, LedgerError

    def error(e: Exception) -> None:
        console.print(Text(f"  ✗ {e}", style="bold red"))

    try:
        gid = game
        if gid is None and players is None:
            gid = led.open_game()
            if gid is None:
                players = _ask("new game — players in table order, seat 1 first (A,B,C,D)")
        if gid is None:
            gid = _table_new_game(led, console, players or "", rules)
            if gid is None:
                return
        v = led.game(gid)
        console.print(Text(f"table mode — game {gid}: " + ", ".join(f"{i + 1}. {p}" for i, p in enumerate(v.players)),
                           style="bold"))
        console.print(TABLE_HELP)
        if v.results:
            print_sheet(console, v)
        shown = None
        while True:
            v = led.game(gid)
            if v.state != "open":
                print_sheet(console, v)
                return
            cur = v.current
            if cur is None:
                ans = _ask("all deals entered — Enter finishes the game (or a command)")
                if ans and _table_command(led, console, gid, ans, error):
                    continue
                v = led.finish(gid)
                console.rule("game over")
                print_standings(console, v)
                if _confirm("end the game day now (decides the cup)?", default=False):
                    pick = None
                    while True:
                        try:
                            _print_day(led.end_day(v.date, pick))
                            break
                        except KeeperDecisionNeeded as e:
                            console.print(Text(str(e), style="bold"))
                            pick = _ask(f"the keeper decides — who takes the cup ({', '.join(e.tied)})")
                        except LedgerError as e:
                            error(e)
                            break
                return
            if shown != (cur.number, cur.attempt):
                console.rule(f"deal {cur.number}")
                console.print(Text(current_text(v, cur), style="bold"))
                shown = (cur.number, cur.attempt)
            if cur.trump is None:
                who = (f"{v.players[cur.trump_chooser]} chooses from his first three cards"
                       if cur.trump_chooser is not None else "the turned card")
                ans = _ask(f"trump ({who}): S C D H, N for no-trump")
                if not ans or _table_command(led, console, gid, ans, error):
                    continue
                try:
                    led.set_trump(gid, ans)
                except LedgerError as e:
                    error(e)
                continue
            if cur.needs_bids and cur.next_bidder is not None:
                seat = cur.next_bidder
                label = f"bid — {v.players[seat]}"
                if seat == cur.dealer:
                    label += " (dealer" + (f"; may not say {cur.forbidden})" if cur.forbidden is not None else ")")
                ans = _ask(label)
                if not ans or _table_command(led, console, gid, ans, error):
                    continue
                try:
                    value = int(ans)
                except ValueError:
                    error(f"a bid is a number 0..{cur.cards} (or a command: ? for help)")
                    continue
                override = False
                if seat == cur.dealer and cur.forbidden is not None and value == cur.forbidden:
                    if not _confirm(f"the dealer {v.players[seat]} may not bid {value}; record it as said "
                                    "(house override)?", default=False):
                        continue
                    override = True
                try:
                    led.set_bid(gid, seat, value, override)
                except LedgerError as e:
                    error(e)
                continue
            ans = _ask(f"tricks taken, in seat order ({', '.join(v.players)})")
            if not ans or _table_command(led, console, gid, ans, error):
                continue
            try:
                r = led.set_tricks(gid, ans)
            except LedgerError as e:
                error(e)
                continue
            v = led.game(gid)
            console.print(Text(_scored_text(v, r), style="bold"))
            print_sheet(console, v)
    except _Leave:
        console.print("\nleft the table — everything entered is saved; resume with `joker ledger play`")


def _table_new_game(led: "Ledger", console: Console, players: str, rules: str) -> Optional[int]:
    from ..ledger import LedgerError

    names = [p.strip() for p in players.split(",") if p.strip()]
    known = {p.name.casefold() for p in led.players()}
    for name in names:
        if name.casefold() not in known:
            core = _confirm(f"{name} is new: add to the core roster (no: a guest)?", default=False)
            led.add_player(name, core)
    try:
        return led.new_game(names, rules)
    except LedgerError as e:
        console.print(Text(f"  ✗ {e}", style="bold red"))
        return None


def _table_command(led: "Ledger", console: Console, gid: int, ans: str, error) -> bool:
    """Run a table-mode command; False when ``ans`` is not one (then it is an answer)."""
    from ..ledger import LedgerError
    from ..ledger import regulation as reg

    cmd = _COMMANDS.get(ans.strip().lower())
    if cmd is None:
        return False
    if cmd == "quit":
        raise _Leave
    if cmd == "help":
        console.print(TABLE_HELP)
        return True
    try:
        if cmd == "sheet":
            print_sheet(console, led.game(gid))
        elif cmd == "undo":
            console.print(f"undone: {led.undo(gid)}")
        elif cmd in ("fine", "dot"):
            v = led.game(gid)
            who = _ask(f"{cmd} to (name or seat 1..{len(v.players)})")
            codes = [c for c, i in reg.INFRINGEMENTS.items() if i.penalty == cmd] + [reg.OTHER]
            for k, c in enumerate(codes, start=1):
                text = reg.INFRINGEMENTS[c].text if c in reg.INFRINGEMENTS else "something else (say what)"
                console.print(f"  {k}. {c} — {text}")
            pick = _ask("infringement (number or code)")
            code = codes[int(pick) - 1] if pick.isdigit() and 1 <= int(pick) <= len(codes) else pick
            note = _ask("what happened") if code == reg.OTHER else ""
            again = None
            inf = reg.INFRINGEMENTS.get(code)
            if inf is not None and inf.redeal and v.current is not None:
                again = _confirm(f"deal {v.current.number} is dealt again (redeal)?", default=True)
            p = led.penalty(gid, who, code, cmd, note, None, again)
            announce_penalty(console, led.game(gid), p)
        elif cmd == "redeal":
            reason = _ask("why is the deal dealt again")
            d = led.redeal(gid, reason or "redeal")
            console.print(f"deal {d.number} (attempt {d.attempt}) voided: {d.reason}")
        elif cmd == "edit":
            number = int(_ask("edit which deal (number)"))
            v = led.game(gid)
            e = v.record.deals[number - 1] if 1 <= number <= len(v.record.deals) else None
            if e is None:
                raise LedgerError(f"deal {number} is not scored yet")
            trump_ = _ask(f"trump (Enter keeps {e.trump})") or None
            bids_ = _ask(f"bids in seat order (Enter keeps {','.join(map(str, e.bids or ()))})") or None
            tricks_ = _ask(f"tricks in seat order (Enter keeps {','.join(map(str, e.tricks))})") or None
            v = led.edit_deal(gid, number, trump_, bids_, tricks_)
            print_sheet(console, v)
    except (LedgerError, JokerError, ValueError) as e:
        error(e)
    return True
