"""``joker ledger``: the scorekeeper for games played with real cards
(docs/scorekeeper.md).  Every command is one transaction on the ledger
database; a rejected command prints why (naming the deal or row) and writes
nothing.  What it prints is in English or Russian (``--lang``, ``$JOKER_LANG``):
every text comes from :mod:`joker.i18n.scorekeeper`.
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

from joker.errors import JokerError
from joker.games.joker.sheet import standings_rows
from joker.i18n import ENV_LANG, LANGS, Tr, message
from joker.ledger.lines import cup_rule_text, cup_text, penalty_text, redeal_reason_text, undone_text
from .render import sheet_table, standings_table

if TYPE_CHECKING:  # the ledger (SQLAlchemy, Alembic) is imported only when a command runs
    from joker.ledger import CurrentDeal, DayInfo, GameView, Ledger, PenaltyInfo

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


def _check_lang(value: Optional[str]) -> str:
    """``--lang`` (or ``$JOKER_LANG``) checked before any command runs, so a bad one writes nothing."""
    lang = (value or "en").strip().lower()
    if lang not in LANGS:
        raise typer.BadParameter(Tr("en", "scorekeeper")("bad_lang_value", value=value, langs=", ".join(LANGS)))
    return lang


@app.callback()
def _main(
    ctx: typer.Context,
    db: Optional[str] = typer.Option(
        None, "--db", help="Ledger database: a file path or a URL (postgresql+psycopg://…). "
        "Default: $JOKER_DB_URL, else joker.db in your data directory."),
    lang: str = typer.Option(
        "en", "--lang", envvar=ENV_LANG, callback=_check_lang, show_default=False,
        help="Language of the output: en or ru. Default: $JOKER_LANG, else en."),
) -> None:
    """Scorekeeper for games played with real cards (RULES.md §8–§12)."""
    ctx.obj = {"db": db, "tr": Tr(lang, "scorekeeper")}


def _tr(ctx: typer.Context) -> Tr:
    return (ctx.obj or {}).get("tr") or Tr("en", "scorekeeper")


def _error_text(tr: Tr, e: Exception) -> str:
    """An error in ``tr``'s language: the ledger's from its code and fields, the
    engine's refusals from their reason (:func:`joker.i18n.message`);
    any other (the rules' parser, a chart's file name) in English, as it is."""
    return message(e, tr.lang)


@contextmanager
def _ledger(ctx: typer.Context) -> Iterator["Ledger"]:
    """Open the ledger; any ledger or rules error becomes ``error: …`` and exit 1."""
    from joker.ledger import Ledger

    led = None
    tr = _tr(ctx)
    try:
        led = Ledger.open((ctx.obj or {}).get("db"))
        yield led
    except JokerError as e:
        typer.echo(tr("error_line", message=_error_text(tr, e)), err=True)
        raise typer.Exit(1)
    finally:
        if led is not None:
            led.close()


def _date(tr: Tr, value: Optional[str]) -> Optional[dt.date]:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        typer.echo(tr("error_line", message=tr("bad_date", value=value)), err=True)
        raise typer.Exit(1)


# -- rendering -------------------------------------------------------------------------------------
def _scores(v: "GameView", values) -> str:
    """``Бутка +100, Печун -10, …``: each player's name and his value (``values`` per seat)."""
    return ", ".join(f"{v.players[s]} {values[s]}" for s in range(len(v.players)))


def current_text(tr: Tr, v: "GameView", cur: "CurrentDeal") -> str:
    """Who deals, who bids first, what is entered, which bid the dealer may not say."""
    head = tr("cur_deal", number=cur.number, deals=len(v.rules.deals), cards=tr.cards(cur.cards), block=cur.block)
    if cur.attempt > 1:
        head += tr("cur_attempt", attempt=cur.attempt)
    if cur.kind != "normal":
        head += f", {tr(f'kind_{cur.kind}')}"
    who = tr("cur_dealer", dealer=v.players[cur.dealer], first=v.players[cur.first_hand])
    if cur.trump_chooser is not None:
        who += tr("cur_chooser")
    parts = [head, who]
    if cur.trump is not None:
        parts.append(tr("cur_trump", suit=_trump_text(tr, cur.trump)))
    if cur.needs_bids and any(b is not None for b in cur.bids):
        said = ", ".join(f"{v.players[s]} {cur.bids[s]}" for s in cur.bid_order if cur.bids[s] is not None)
        parts.append(tr("cur_bids", said=said))
    if cur.forbidden is not None and cur.bids[cur.dealer] is None:
        parts.append(tr("cur_forbidden", dealer=v.players[cur.dealer], bid=cur.forbidden))
    return " · ".join(parts)


def _trump_text(tr: Tr, t: Optional[str]) -> str:
    return {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "N": tr("trump_none")}.get(t or "", "?")


def _state(tr: Tr, state: str) -> str:
    return tr(f"state_{state}")


def print_sheet(tr: Tr, console: Console, v: "GameView") -> None:
    title = tr("game_title", id=v.id, date=v.date, number=v.number, rules=v.rules, state=_state(tr, v.state))
    console.print(sheet_table(list(v.sheet), v.players, title=title, tr=tr))
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
    console.print(standings_table(standings_rows(v.totals), v.players, tr=tr))
    if v.cup_points is not None:
        points = " · ".join(f"{v.players[s]} {v.cup_points[s]}" for s in range(len(v.players)))
        console.print(tr("cup_points_line", points=points))
    else:
        guests = [v.players[s] for s in range(len(v.players)) if not v.core[s]]
        label = tr("guest_one" if len(guests) == 1 else "guest_many")
        console.print(tr("not_cup_game", label=label, guests=", ".join(guests) or "-"))


def announce_penalty(tr: Tr, console: Console, v: "GameView", p: "PenaltyInfo") -> None:
    console.print(Text(penalty_text(tr, p), style="red" if p.kind == "fine" else "yellow"))
    if p.slap:
        others = ", ".join(x for x in v.players if x != p.player)
        console.print(Text(tr("slap", player=p.player.upper(), others=others, number=p.slap),
                           style="bold white on red"))


def _scored_text(tr: Tr, v: "GameView", r) -> str:
    return tr("scored", number=r.index + 1, scores=_scores(v, [f"{x:+d}" for x in r.scores]))


# -- players -------------------------------------------------------------------------------------------
@players_app.command("add")
def players_add(ctx: typer.Context, name: str = typer.Argument(..., help="The player's name."),
                core: bool = typer.Option(False, "--core/--guest", help="Core roster (cup games) or guest.")) -> None:
    """Add a player."""
    tr = _tr(ctx)
    with _ledger(ctx) as led:
        p = led.add_player(name, core)
        typer.echo(tr("player_added", name=p.name, roster=tr("roster_core" if p.core else "roster_guest")))


@players_app.command("list")
def players_list(ctx: typer.Context) -> None:
    """List the players."""
    tr = _tr(ctx)
    with _ledger(ctx) as led:
        t = Table(header_style="bold")
        t.add_column(tr("col_id"), justify="right")
        t.add_column(tr("col_name"))
        t.add_column(tr("col_roster"))
        for p in led.players():
            t.add_row(str(p.id), p.name, tr("cell_core" if p.core else "cell_guest"))
        _console().print(t)


@players_app.command("rename")
def players_rename(ctx: typer.Context, old: str, new: str) -> None:
    """Rename a player (past games show the new name)."""
    with _ledger(ctx) as led:
        p = led.rename_player(old, new)
        typer.echo(_tr(ctx)("player_renamed", name=p.name))


@players_app.command("core")
def players_core(ctx: typer.Context, name: str,
                 core: bool = typer.Option(True, "--on/--off", help="Put on (default) or take off the core roster.")) -> None:
    """Set whether a player belongs to the core roster (only core-roster games count for the cup)."""
    tr = _tr(ctx)
    with _ledger(ctx) as led:
        p = led.set_core(name, core)
        typer.echo(tr("player_roster", name=p.name, roster=tr("roster_core" if p.core else "roster_guest")))


# -- days -------------------------------------------------------------------------------------------------
@day_app.command("start")
def day_start(ctx: typer.Context, date: Optional[str] = typer.Option(None, help="YYYY-MM-DD (default today).")) -> None:
    """Start a game day (dots carry between its games; the cup is decided at its end)."""
    tr = _tr(ctx)
    with _ledger(ctx) as led:
        d = led.start_day(_date(tr, date))
        typer.echo(tr("day_started", date=d.date))


@day_app.command("end")
def day_end(ctx: typer.Context, date: Optional[str] = typer.Option(None, help="YYYY-MM-DD (default: the open day)."),
            keeper_pick: Optional[str] = typer.Option(None, "--keeper-pick", help="The keeper's choice when the cup "
                                                      "is still tied after every rule.")) -> None:
    """End the game day: the cup holder and which rule of the tie-break chain decided."""
    tr = _tr(ctx)
    with _ledger(ctx) as led:
        d = led.end_day(_date(tr, date), keeper_pick)
        _print_day(tr, _console(), d)


def _print_day(tr: Tr, c: Console, d: "DayInfo") -> None:
    c.print(tr("day_ended", date=d.date, games=tr.count(len(d.games), "n_game")))
    if d.cup_points:
        points = " · ".join(f"{k} {v}" for k, v in sorted(d.cup_points.items(), key=lambda x: x[1]))
        c.print(tr("cup_points_line", points=points))
    c.print(Text(f"  {cup_text(tr, d)}", style="bold"))


@day_app.command("reopen")
def day_reopen(ctx: typer.Context, date: Optional[str] = typer.Option(None, help="YYYY-MM-DD (default: the last day).")) -> None:
    """Reopen an ended game day (its cup decision is cleared until it ends again)."""
    tr = _tr(ctx)
    with _ledger(ctx) as led:
        d = led.reopen_day(_date(tr, date))
        typer.echo(tr("day_reopened", date=d.date))


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
    tr = _tr(ctx)
    with _ledger(ctx) as led:
        gid = led.new_game(players, rules, first_dealer, _date(tr, date), add_players)
        v = led.game(gid)
        typer.echo(tr("game_started", id=gid, seats=_seats(v), rules=v.rules))
        if v.current is not None:
            typer.echo(tr("next_line", text=current_text(tr, v, v.current)))


def _seats(v: "GameView") -> str:
    """``1. Бутка, 2. Печун, …``"""
    return ", ".join(f"{i + 1}. {p}" for i, p in enumerate(v.players))


@game_app.command("list")
def game_list(ctx: typer.Context, open_only: bool = typer.Option(False, "--open", help="Only open games.")) -> None:
    """List games."""
    from joker.ledger.stats import history

    tr = _tr(ctx)
    with _ledger(ctx) as led:
        t = Table(header_style="bold")
        for col in ("col_game", "col_day", "col_number", "col_state", "col_who"):
            t.add_column(tr(col))
        for d in history(led):
            for g in d.games:
                if open_only and g.state != "open":
                    continue
                who = ", ".join(p if g.totals is None else f"{p} {g.totals[i]} ({g.places[i]})"
                                for i, p in enumerate(g.players))
                t.add_row(str(g.id), str(d.date), str(g.number), _state(tr, g.state), who)
        _console().print(t)


@game_app.command("abandon")
def game_abandon(ctx: typer.Context, game: Optional[int] = GAME,
                 reason: str = typer.Option("", help="Why the game stops.")) -> None:
    """Give up an unfinished game (no standings, no cup points; its fines and dots stay)."""
    with _ledger(ctx) as led:
        v = led.abandon(game, reason)
        typer.echo(_tr(ctx)("game_abandoned", id=v.id))


# -- entering a deal ------------------------------------------------------------------------------------------
@app.command()
def trump(ctx: typer.Context, suit: str = typer.Argument(..., help="S C D H (or ♠♣♦♥), N for no-trump."),
          game: Optional[int] = GAME) -> None:
    """Enter the current deal's trump."""
    with _ledger(ctx) as led:
        led.set_trump(game, suit)
        v = led.game(game)
        typer.echo(current_text(_tr(ctx), v, v.current))


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
        typer.echo(current_text(_tr(ctx), v, v.current))


@app.command()
def bid(ctx: typer.Context, player: str = typer.Argument(..., help="Name or seat number."),
        value: int = typer.Argument(...),
        house_override: bool = typer.Option(False, "--house-override"), game: Optional[int] = GAME) -> None:
    """Enter one player's bid."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        led.set_bid(g, player, value, house_override)
        v = led.game(g)
        typer.echo(current_text(_tr(ctx), v, v.current))


@app.command()
def tricks(ctx: typer.Context, values: str = typer.Argument(..., help="Tricks taken in seat order, e.g. 1,1,0,2."),
           game: Optional[int] = GAME) -> None:
    """Enter the tricks taken: scores the deal (they must sum to the cards dealt)."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        r = led.set_tricks(g, values)
        _print_scored(_tr(ctx), led.game(g), r, all_entered=True)


def _print_scored(tr: Tr, v: "GameView", r, all_entered: bool = False) -> None:
    """What a scored deal gives, and what comes next (or that every deal is entered)."""
    typer.echo(_scored_text(tr, v, r))
    if v.current is not None:
        typer.echo(tr("next_line", text=current_text(tr, v, v.current)))
    elif all_entered:
        typer.echo(tr("all_entered"))


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
        _print_scored(_tr(ctx), led.game(g), r)


def _penalty(ctx, kind: str, player: str, code: Optional[str], other: Optional[str], note: str,
             deal_: Optional[int], redeal: Optional[bool], game: Optional[int]) -> None:
    from joker.ledger import regulation as reg

    tr = _tr(ctx)
    if other is not None:
        code, note = reg.OTHER, other + (f" — {note}" if note else "")
    if code is None:
        codes = [c for c, i in reg.INFRINGEMENTS.items() if i.penalty == kind]
        typer.echo(tr("error_line", message=tr("need_code", codes=", ".join(codes))), err=True)
        raise typer.Exit(1)
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        p = led.penalty(g, player, code, kind, note, deal_, redeal)
        v = led.game(g)
        announce_penalty(tr, _console(), v, p)
        inf = reg.INFRINGEMENTS.get(code)
        if inf is not None and inf.redeal and redeal is False:
            typer.echo(tr("redeal_hint", code=code))
        elif inf is not None and inf.redeal:
            typer.echo(tr("dealt_again", deal=p.deal))


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
        tr = _tr(ctx)
        typer.echo(tr("voided_again", number=d.number, attempt=d.attempt, reason=redeal_reason_text(tr, d.reason)))


@app.command()
def undo(ctx: typer.Context, game: Optional[int] = GAME) -> None:
    """Take back the last entry of the game."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        tr = _tr(ctx)
        typer.echo(tr("undone", what=undone_text(tr, led.undo(g))))


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
        tr = _tr(ctx)
        typer.echo(tr("corrected", number=number, scores=_scores(v, [f"{x:+d}" for x in r.scores])))
        typer.echo(tr("totals_now", totals=_scores(v, v.totals)))


@app.command()
def show(ctx: typer.Context, game: Optional[int] = GAME) -> None:
    """The sheet as kept on paper.

    A row per deal with each player's bid/tricks and score (the dealer marked ●), block subtotals with
    premium (+) and cut (−), a fines row, totals, the redeals, fines and dots, and slaps."""
    with _ledger(ctx) as led:
        print_sheet(_tr(ctx), _console(), led.game(game))


@app.command()
def finish(ctx: typer.Context, game: Optional[int] = GAME) -> None:
    """Finish a complete game: standings, and cup points when all four players are core roster."""
    with _ledger(ctx) as led:
        v = led.finish(game)
        print_standings(_tr(ctx), _console(), v)


# -- history ----------------------------------------------------------------------------------------------
@app.command()
def history(ctx: typer.Context, season: Optional[int] = typer.Option(None, help="A year."),
            player: Optional[str] = typer.Option(None, help="Only games with this player.")) -> None:
    """Game days and games: totals, places, cup points, the cup holders."""
    from joker.ledger.stats import history as hist

    tr = _tr(ctx)
    with _ledger(ctx) as led:
        c = _console()
        for d in hist(led, season, player):
            head = f"{d.date}"
            if d.ended:
                head += (tr("hist_cup", holder=d.cup_holder, rule=cup_rule_text(tr, d.cup_rule)) if d.cup_rule
                         else tr("hist_no_cup"))
            else:
                head += tr("hist_in_progress")
            c.print(Text(head, style="bold"))
            for g in d.games:
                if g.totals is None:
                    c.print(tr("hist_game_open", id=g.id, number=g.number, state=_state(tr, g.state),
                               players=", ".join(g.players)))
                    continue
                order = sorted(range(len(g.players)), key=lambda s: (g.places[s], s))
                cells = []
                for s in order:
                    pts = "" if g.points is None or g.points[s] is None else tr("hist_cup_pt", points=g.points[s])
                    cells.append(f"{g.places[s]}. {g.players[s]} {g.totals[s]}{pts}")
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


@app.command()
def stats(ctx: typer.Context, season: Optional[int] = typer.Option(None, help="A year (default: all time).")) -> None:
    """Statistics per player, and head-to-head.

    Games, wins, mean place, cup points, cups won and days holding the cup, premiums, share of bids made,
    fines, dots, slaps; then for each pair of players who placed ahead of whom."""
    from joker.ledger.stats import player_stats

    tr = _tr(ctx)
    with _ledger(ctx) as led:
        rows, h2h = player_stats(led, season)
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
        c = _console()
        c.print(t)
        if h2h:
            h = _wide_table(tr("h2h_title"))
            for col in ("h2h_players", "h2h_games", "h2h_first", "h2h_second", "h2h_level"):
                h.add_column(tr(col), justify="left" if col == "h2h_players" else "right", no_wrap=True)
            for x in h2h:
                h.add_row(f"{x.a} – {x.b}", str(x.games), str(x.a_ahead), str(x.b_ahead), str(x.level))
            c.print(h)


@app.command()
def verify(ctx: typer.Context) -> None:
    """Re-score every stored game with the engine and re-derive slaps and cups; report any difference (exit 1)."""
    tr = _tr(ctx)
    with _ledger(ctx) as led:
        problems = led.verify()
        n = len(led.games())
        if problems:
            for p in problems:  # the library's English
                typer.echo(p)
            differences = tr.count(len(problems), "n_difference")
            typer.echo(tr("verify_diffs", differences=differences, where=led.where), err=True)
            raise typer.Exit(1)
        typer.echo(tr("verify_ok", games=tr.count(n, "n_game"), where=led.where))


# -- charts -------------------------------------------------------------------------------------------------
@chart_app.command("game")
def chart_game(ctx: typer.Context, out: Path = typer.Option(..., "--out", "-o", help="FILE.png or FILE.svg"),
               game: Optional[int] = GAME) -> None:
    """Cumulative score per player over a game's deals, blocks and premiums marked."""
    from joker.ledger.charts import game_chart

    with _ledger(ctx) as led:
        v = led.game(game)
        try:
            path = game_chart(v, out, lang=_tr(ctx).lang)
        except ValueError as e:
            raise JokerError(str(e)) from None
        typer.echo(_tr(ctx)("wrote", path=path))


@chart_app.command("cup")
def chart_cup(ctx: typer.Context, out: Path = typer.Option(..., "--out", "-o", help="FILE.png or FILE.svg"),
              season: Optional[int] = typer.Option(None, help="A year (default: all time).")) -> None:
    """Cup points over a season, day by day."""
    from joker.ledger.charts import cup_chart
    from joker.ledger.stats import cup_season

    tr = _tr(ctx)
    title = tr("cup_chart_season", season=season) if season else tr("cup_chart_title")
    with _ledger(ctx) as led:
        s = cup_season(led, season)  # outside the try: a ledger error is said by _ledger, in the user's language
        try:
            path = cup_chart(s, out, title=title, lang=tr.lang)
        except ValueError as e:
            raise JokerError(str(e)) from None
        typer.echo(tr("wrote", path=path))


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
    from joker.ledger.paper import import_csv

    tr = _tr(ctx)
    with _ledger(ctx) as led:
        gid = import_csv(led, file, rules, _date(tr, date), first_dealer, add_players, infringements, finish_)
        v = led.game(gid)
        typer.echo(tr("imported_csv", file=file.name, id=gid, deals=tr.count(len(v.results), "n_deal"),
                      penalties=tr.count(len(v.penalties), "n_penalty"), redeals=tr.count(len(v.redeals), "n_redeal"),
                      state=_state(tr, v.state)))
        typer.echo(tr("imported_totals", totals=_scores(v, v.totals)))


@import_app.command("json")
def import_json_cmd(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="A game record (docs/records.md)."),
    date: Optional[str] = typer.Option(None),
    add_players: bool = typer.Option(False, "--add-players"),
    finish_: bool = typer.Option(True, "--finish/--no-finish"),
) -> None:
    """Import the engine's JSON record of a game."""
    from joker.ledger.paper import import_record

    tr = _tr(ctx)
    with _ledger(ctx) as led:
        try:
            text = file.read_text(encoding="utf-8")
        except OSError as e:
            raise JokerError(tr("cannot_read", file=file, error=e.strerror)) from None
        gid = import_record(led, text, file.name, _date(tr, date), add_players, finish_)
        v = led.game(gid)
        typer.echo(tr("imported_json", file=file.name, id=gid, totals=_scores(v, v.totals)))


def _write_out(tr: Tr, text: str, out: Optional[Path]) -> None:
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
        typer.echo(tr("wrote", path=out), err=True)


@export_app.command("csv")
def export_csv_cmd(ctx: typer.Context, out: Optional[Path] = typer.Option(None, "--out", "-o"),
                   game: Optional[int] = GAME) -> None:
    """The game as a paper-sheet CSV (importable again)."""
    from joker.ledger.paper import sheet_csv

    with _ledger(ctx) as led:
        _write_out(_tr(ctx), sheet_csv(led, game), out)


@export_app.command("json")
def export_json_cmd(ctx: typer.Context, out: Optional[Path] = typer.Option(None, "--out", "-o"),
                    game: Optional[int] = GAME) -> None:
    """The game as the engine's JSON record (`joker replay` reads it)."""
    from joker.ledger.paper import record_json

    with _ledger(ctx) as led:
        _write_out(_tr(ctx), record_json(led, game), out)


# -- table mode ---------------------------------------------------------------------------------------------
@app.command()
def play(ctx: typer.Context, game: Optional[int] = GAME,
         players: Optional[str] = typer.Option(None, "--players", "-p", help="Start a new game with these players."),
         rules: str = typer.Option("bus-angeles", "--rules")) -> None:
    """Table mode: prompts deal by deal, shows the sheet after each; leave (q) and resume any time.

    Says who deals, who bids first and which bid the dealer may not say; announces a third dot (SLAP).
    Every answer is saved at once, so nothing is lost by leaving."""
    with _ledger(ctx) as led:
        run_table(led, _console(), game, players, rules, _tr(ctx))


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


def run_table(led: "Ledger", console: Console, game: Optional[int], players: Optional[str], rules: str,
              tr: Optional[Tr] = None) -> None:
    """The table-mode loop (``joker ledger play``), speaking ``tr``'s language (English by default)."""
    from joker.ledger import KeeperDecisionNeeded, LedgerError

    tr = tr or Tr("en", "scorekeeper")

    def error(e: Exception | str) -> None:
        message = e if isinstance(e, str) else _error_text(tr, e)
        console.print(Text("  " + tr("error", message=message), style="bold red"))

    try:
        gid = game
        if gid is None and players is None:
            gid = led.open_game()
            if gid is None:
                players = _ask(tr("ask_players"))
        if gid is None:
            gid = _table_new_game(led, players or "", rules, tr, error)
            if gid is None:
                return
        v = led.game(gid)
        console.print(Text(tr("table_title", id=gid, seats=_seats(v)), style="bold"))
        console.print(tr("table_help"))
        if v.results:
            print_sheet(tr, console, v)
        shown = None
        while True:
            v = led.game(gid)
            if v.state != "open":
                print_sheet(tr, console, v)
                return
            cur = v.current
            if cur is None:
                ans = _ask(tr("ask_finish"))
                if ans and _table_command(led, console, gid, ans, tr, error):
                    continue
                v = led.finish(gid)
                console.rule(tr("rule_game_over"))
                print_standings(tr, console, v)
                if _confirm(tr("ask_end_day"), default=False):
                    pick = None
                    while True:
                        try:
                            _print_day(tr, console, led.end_day(v.date, pick))
                            break
                        except KeeperDecisionNeeded as e:
                            console.print(Text(_error_text(tr, e), style="bold"))
                            pick = _ask(tr("ask_keeper", tied=", ".join(e.tied)))
                        except LedgerError as e:
                            error(e)
                            break
                return
            if shown != (cur.number, cur.attempt):
                console.rule(tr("rule_deal", number=cur.number))
                console.print(Text(current_text(tr, v, cur), style="bold"))
                shown = (cur.number, cur.attempt)
            if cur.trump is None:
                who = (tr("trump_by_chooser", name=v.players[cur.trump_chooser])
                       if cur.trump_chooser is not None else tr("trump_turned_card"))
                ans = _ask(tr("ask_trump", who=who))
                if not ans or _table_command(led, console, gid, ans, tr, error):
                    continue
                try:
                    led.set_trump(gid, ans)
                except LedgerError as e:
                    error(e)
                continue
            if cur.needs_bids and cur.next_bidder is not None:
                seat = cur.next_bidder
                name = v.players[seat]
                if seat != cur.dealer:
                    label = tr("ask_bid", name=name)
                elif cur.forbidden is None:
                    label = tr("ask_bid_dealer", name=name)
                else:
                    label = tr("ask_bid_dealer_not", name=name, bid=cur.forbidden)
                ans = _ask(label)
                if not ans or _table_command(led, console, gid, ans, tr, error):
                    continue
                try:
                    value = int(ans)
                except ValueError:
                    error(tr("bad_bid", cards=cur.cards))
                    continue
                override = False
                if seat == cur.dealer and cur.forbidden is not None and value == cur.forbidden:
                    if not _confirm(tr("ask_override", name=name, bid=value), default=False):
                        continue
                    override = True
                try:
                    led.set_bid(gid, seat, value, override)
                except LedgerError as e:
                    error(e)
                continue
            ans = _ask(tr("ask_tricks", names=", ".join(v.players)))
            if not ans or _table_command(led, console, gid, ans, tr, error):
                continue
            try:
                r = led.set_tricks(gid, ans)
            except LedgerError as e:
                error(e)
                continue
            v = led.game(gid)
            console.print(Text(_scored_text(tr, v, r), style="bold"))
            print_sheet(tr, console, v)
    except _Leave:
        console.print(tr("table_left"))


def _table_new_game(led: "Ledger", players: str, rules: str, tr: Tr, error) -> Optional[int]:
    from joker.ledger import LedgerError

    names = [p.strip() for p in players.split(",") if p.strip()]
    known = {p.name.casefold() for p in led.players()}
    for name in names:
        if name.casefold() not in known:
            core = _confirm(tr("ask_new_player", name=name), default=False)
            led.add_player(name, core)
    try:
        return led.new_game(names, rules)
    except LedgerError as e:
        error(e)
        return None


def _table_command(led: "Ledger", console: Console, gid: int, ans: str, tr: Tr, error) -> bool:
    """Run a table-mode command; False when ``ans`` is not one (then it is an answer)."""
    from joker.ledger import LedgerError
    from joker.ledger import regulation as reg

    cmd = _COMMANDS.get(ans.strip().lower())
    if cmd is None:
        return False
    if cmd == "quit":
        raise _Leave
    if cmd == "help":
        console.print(tr("table_help"))
        return True
    try:
        if cmd == "sheet":
            print_sheet(tr, console, led.game(gid))
        elif cmd == "undo":
            console.print(tr("undone", what=undone_text(tr, led.undo(gid))))
        elif cmd in ("fine", "dot"):
            v = led.game(gid)
            who = _ask(tr(f"ask_{cmd}_to", seats=len(v.players)))
            codes = [c for c, i in reg.INFRINGEMENTS.items() if i.penalty == cmd] + [reg.OTHER]
            for k, c in enumerate(codes, start=1):
                inf = reg.INFRINGEMENTS.get(c)
                # the regulation words each infringement in both languages (Infringement.text, text_ru)
                text = tr("code_other") if inf is None else inf.text_ru if tr.lang == "ru" else inf.text
                console.print(f"  {k}. {c} — {text}")
            pick = _ask(tr("ask_code"))
            code = codes[int(pick) - 1] if pick.isdigit() and 1 <= int(pick) <= len(codes) else pick
            note = _ask(tr("ask_what")) if code == reg.OTHER else ""
            again = None
            inf = reg.INFRINGEMENTS.get(code)
            if inf is not None and inf.redeal and v.current is not None:
                again = _confirm(tr("ask_redeal", number=v.current.number), default=True)
            p = led.penalty(gid, who, code, cmd, note, None, again)
            announce_penalty(tr, console, led.game(gid), p)
        elif cmd == "redeal":
            reason = _ask(tr("ask_redeal_reason"))
            d = led.redeal(gid, reason or "redeal")  # the stored reason when none is given (data, kept English)
            console.print(tr("voided", number=d.number, attempt=d.attempt, reason=redeal_reason_text(tr, d.reason)))
        elif cmd == "edit":
            number = int(_ask(tr("ask_edit")))
            v = led.game(gid)
            e = v.record.deals[number - 1] if 1 <= number <= len(v.record.deals) else None
            if e is None:
                raise LedgerError(tr("not_scored_yet", number=number))
            trump_ = _ask(tr("ask_edit_trump", value=e.trump)) or None
            bids_ = _ask(tr("ask_edit_bids", value=",".join(map(str, e.bids or ())))) or None
            tricks_ = _ask(tr("ask_edit_tricks", value=",".join(map(str, e.tricks)))) or None
            v = led.edit_deal(gid, number, trump_, bids_, tricks_)
            print_sheet(tr, console, v)
    except (LedgerError, JokerError, ValueError) as e:
        error(e)
    return True
