"""The ``joker ledger`` commands (docs/scorekeeper.md): the Typer apps, their
options and help.  Every command is one transaction on the ledger database; a
rejected command prints ``error: …`` (naming the deal or row), writes nothing
and exits 1.  What a command shows is laid out by :mod:`.render`; ``play``
hands over to :mod:`.table_mode`.
"""

from __future__ import annotations

import datetime as dt
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, ContextManager, Iterator, Optional, TypeVar

import typer
import typer.core

from joker.errors import JokerError
from joker.i18n import ENV_LANG, LANGS, Tr
from joker.rulestring import rules_label
from .texts import current_text, error_text, scored_text, scores_text, seats_text, state_text

if TYPE_CHECKING:  # the ledger is imported only by a command that uses it
    from joker.games.joker.scoring import DealResult
    from joker.ledger import GameView, Ledger, LedgerReader

R = TypeVar("R", bound="LedgerReader")

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
ORDER = typer.Option(
    "seat", "--order", envvar="JOKER_LEDGER_ORDER", show_default=False,
    help="The order the numbers are given in: seat (seat 1 first; the default) or call (as the players bid: "
    "the first hand first, the dealer last). Default: $JOKER_LEDGER_ORDER, else seat.")
# the options several commands share, each said once (every option's help is checked by tests/test_cli_help.py)
HOUSE_OVERRIDE = typer.Option(False, "--house-override",
                              help="Record the bids as said even if the dealer broke the restriction.")
RULES = typer.Option("bus-angeles", "--rules", help="Rules string (bus-angeles, georgian(khishti=-500), …).")
FIRST_DEALER = typer.Option(None, "--first-dealer", help="Seat 1..n (default: the rules'; seat 4).")
GAME_DAY = typer.Option(None, "--date", help="The game day (default: the open one, or today).")
ADD_PLAYERS = typer.Option(False, "--add-players", help="Add unknown names as guests.")
FINISH = typer.Option(True, "--finish/--no-finish", help="Finish the game when the sheet is complete.")
NOTE = typer.Option("", "--note", help="A remark kept with the fine or dot.")
REDEAL = typer.Option(None, "--redeal/--no-redeal", help="Also void the deal (default: as the regulation says).")
OUT = typer.Option(None, "--out", "-o", help="Write to this file (default: standard output).")


class NumbersCommand(typer.core.TyperCommand):
    """A command taking numbers as arguments (``bids``, ``bid``, ``tricks``): an
    argument that starts with ``-`` but is no option name (``-1,0,0,0``, ``-1``,
    ``-,1,0,0``) is an argument, so the ledger refuses a negative bid in its own
    words instead of Typer's "No such option"; a mistyped option (``--hose``)
    is still Typer's error."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]
        if "--" not in args:
            numbers = [a for a in args if a.startswith("-") and a != "-" and not re.match(r"--?[A-Za-z]", a)]
            if numbers:
                args = [a for a in args if a not in numbers] + ["--", *numbers]
        return super().parse_args(ctx, args)



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


@contextmanager
def _opened(ctx: typer.Context, kind: type[R]) -> Iterator[R]:
    """Open the ledger as ``kind`` (``fast``: an SQLite file at the head revision with ``sqlite3`` alone);
    any ledger or rules error becomes ``error: …`` and exit 1."""
    led = None
    tr = _tr(ctx)
    try:
        led = kind.open((ctx.obj or {}).get("db"), fast=True)
        yield led
    except JokerError as e:
        typer.echo(tr("error_line", message=error_text(tr, e)), err=True)
        raise typer.Exit(1)
    finally:
        if led is not None:
            led.close()


def _ledger(ctx: typer.Context) -> ContextManager["Ledger"]:
    """The ledger, to read and write (:class:`joker.ledger.Ledger`: on an SQLite file at the head revision
    with ``sqlite3`` alone, else SQLAlchemy's ORM), as :func:`_opened`."""
    from joker.ledger import Ledger

    return _opened(ctx, Ledger)


def _reader(ctx: typer.Context) -> ContextManager["LedgerReader"]:
    """The ledger, to read only (:class:`joker.ledger.LedgerReader`: ``sqlite3`` or SQLAlchemy Core, no ORM), as
    :func:`_opened`.  What a reading command prints is the same whichever it opens: a :class:`~joker.ledger.Ledger` is a reader."""
    from joker.ledger import LedgerReader

    return _opened(ctx, LedgerReader)


def _date(tr: Tr, value: Optional[str]) -> Optional[dt.date]:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        typer.echo(tr("error_line", message=tr("bad_date", value=value)), err=True)
        raise typer.Exit(1)


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
    from .render import console, print_players

    tr = _tr(ctx)
    with _reader(ctx) as led:
        print_players(tr, console(), led.players())


@players_app.command("rename")
def players_rename(ctx: typer.Context, old: str = typer.Argument(..., help="The player's name now."),
                   new: str = typer.Argument(..., help="The new name.")) -> None:
    """Rename a player (past games show the new name)."""
    with _ledger(ctx) as led:
        p = led.rename_player(old, new)
        typer.echo(_tr(ctx)("player_renamed", name=p.name))


@players_app.command("core")
def players_core(ctx: typer.Context, name: str = typer.Argument(..., help="The player's name."),
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
    from .render import console, print_day

    tr = _tr(ctx)
    with _ledger(ctx) as led:
        d = led.end_day(_date(tr, date), keeper_pick)
        print_day(tr, console(), d)


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
    rules: str = RULES,
    first_dealer: Optional[int] = FIRST_DEALER,
    date: Optional[str] = GAME_DAY,
    add_players: bool = ADD_PLAYERS,
) -> None:
    """Start a game; it becomes the current game."""
    tr = _tr(ctx)
    with _ledger(ctx) as led:
        gid = led.new_game(players, rules, first_dealer, _date(tr, date), add_players)
        v = led.game(gid)
        typer.echo(tr("game_started", id=gid, seats=seats_text(v), rules=rules_label(v.rules, tr.lang)))
        if v.current is not None:
            typer.echo(tr("next_line", text=current_text(tr, v, v.current)))


@game_app.command("list")
def game_list(ctx: typer.Context, open_only: bool = typer.Option(False, "--open", help="Only open games.")) -> None:
    """List games."""
    from joker.ledger.stats import history
    from .render import console, print_games

    tr = _tr(ctx)
    with _ledger(ctx) as led:
        print_games(tr, console(), history(led), open_only)


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
        _echo_current(_tr(ctx), led.game(game))


@app.command(cls=NumbersCommand)
def bids(ctx: typer.Context,
         values: str = typer.Argument(..., help="Bids, one per player, e.g. 1,0,2,1 (- for not yet said)."),
         house_override: bool = HOUSE_OVERRIDE,
         order: str = ORDER, game: Optional[int] = GAME) -> None:
    """Enter the current deal's bids (checked: 0..cards, and the dealer restriction).

    In seat order, or with `--order call` as they were called round the table (the first hand first,
    the dealer last)."""
    with _ledger(ctx) as led:
        led.set_bids(game, values, house_override, order)
        _echo_current(_tr(ctx), led.game(game))


@app.command(cls=NumbersCommand)
def bid(ctx: typer.Context, player: str = typer.Argument(..., help="Name or seat number."),
        value: str = typer.Argument(..., help="The bid, 0..cards."),
        house_override: bool = HOUSE_OVERRIDE, game: Optional[int] = GAME) -> None:
    """Enter one player's bid."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        led.set_bid(g, player, value, house_override)
        _echo_current(_tr(ctx), led.game(g))


def _echo_current(tr: Tr, v: "GameView") -> None:
    """The deal being entered, after its trump or bids: it still awaits its tricks, so it is current."""
    assert v.current is not None
    typer.echo(current_text(tr, v, v.current))


@app.command(cls=NumbersCommand)
def tricks(ctx: typer.Context,
           values: str = typer.Argument(..., help="Tricks taken, one per player, e.g. 1,1,0,2."),
           order: str = ORDER, game: Optional[int] = GAME) -> None:
    """Enter the tricks taken: scores the deal (they must sum to the cards dealt).

    In seat order, or with `--order call` in bidding order (the first hand first, the dealer last)."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        r = led.set_tricks(g, values, order)
        _print_scored(_tr(ctx), led.game(g), r, all_entered=True)


def _print_scored(tr: Tr, v: "GameView", r: "DealResult", all_entered: bool = False) -> None:
    """What a scored deal gives, and what comes next (or that every deal is entered)."""
    typer.echo(scored_text(tr, v, r))
    if v.current is not None:
        typer.echo(tr("next_line", text=current_text(tr, v, v.current)))
    elif all_entered:
        typer.echo(tr("all_entered"))


@app.command()
def deal(ctx: typer.Context,
         trump_: str = typer.Option(..., "--trump", "-t", help="S C D H or N."),
         bids_: str = typer.Option(..., "--bids", "-b", help="Bids, one per player (in --order)."),
         tricks_: str = typer.Option(..., "--tricks", "-k", help="Tricks taken, one per player (in --order)."),
         house_override: bool = HOUSE_OVERRIDE,
         expect: Optional[int] = typer.Option(None, "--expect", help="Refuse unless this is the current deal number."),
         order: str = ORDER, game: Optional[int] = GAME) -> None:
    """Enter a whole deal at once: trump, bids and tricks."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        r = led.enter_deal(g, trump_, bids_, tricks_, house_override, expect, order)
        _print_scored(_tr(ctx), led.game(g), r)


def _penalty(ctx: typer.Context, kind: str, player: str, code: Optional[str], other: Optional[str], note: str,
             deal_: Optional[int], redeal: Optional[bool], game: Optional[int]) -> None:
    from joker.ledger import regulation as reg
    from .render import announce_penalty, console

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
        announce_penalty(tr, console(), v, p)
        inf = reg.INFRINGEMENTS.get(code)
        if inf is not None and inf.redeal and redeal is False:
            typer.echo(tr("redeal_hint", code=code))
        elif inf is not None and inf.redeal:
            typer.echo(tr("dealt_again", deal=p.deal))


@app.command()
def fine(ctx: typer.Context, player: str = typer.Argument(..., help="Name or seat number."),
         code: Optional[str] = typer.Argument(None, help="no_cut, revoke, misdeal_after_trump (RULES.md §11)."),
         other: Optional[str] = typer.Option(None, "--other", help="An infringement outside the table: what happened."),
         note: str = NOTE,
         deal_: Optional[int] = typer.Option(None, "--deal", help="Deal number (default: the deal being played)."),
         redeal: Optional[bool] = REDEAL,
         game: Optional[int] = GAME) -> None:
    """Give a fine (−250 from the game total)."""
    _penalty(ctx, "fine", player, code, other, note, deal_, redeal, game)


@app.command()
def dot(ctx: typer.Context, player: str = typer.Argument(..., help="Name or seat number."),
        code: Optional[str] = typer.Argument(None, help="suit_error_corrected, misdeal_before_trump, dealt_out_of_turn, "
                                             "played_out_of_turn, asked_trump_twice, bid_out_of_turn, stalling."),
        other: Optional[str] = typer.Option(None, "--other", help="An infringement outside the table: what happened."),
        note: str = NOTE,
        deal_: Optional[int] = typer.Option(None, "--deal", help="Deal number (default: the deal being played)."),
        redeal: Optional[bool] = REDEAL,
        game: Optional[int] = GAME) -> None:
    """Give a dot (a warning; the third of a game day earns a slap)."""
    _penalty(ctx, "dot", player, code, other, note, deal_, redeal, game)


@app.command()
def redeal(ctx: typer.Context, reason: str = typer.Option("", "--reason", help="Why the deal is dealt again."),
           code: Optional[str] = typer.Option(None, "--code", help="The infringement (RULES.md §11)."),
           player: Optional[str] = typer.Option(None, "--player", help="Also give this player the code's fine or dot."),
           game: Optional[int] = GAME) -> None:
    """Void the current deal (whatever was entered of it stays in history, unscored) and record why."""
    from joker.ledger.lines import redeal_reason_text

    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        d = led.redeal(g, reason, code, player)
        tr = _tr(ctx)
        typer.echo(tr("voided_again", number=d.number, attempt=d.attempt, reason=redeal_reason_text(tr, d.reason)))


@app.command()
def undo(ctx: typer.Context, game: Optional[int] = GAME) -> None:
    """Take back the last entry of the game."""
    from joker.ledger.lines import undone_text

    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        tr = _tr(ctx)
        typer.echo(tr("undone", what=undone_text(tr, led.undo(g))))


@app.command()
def edit(ctx: typer.Context, number: int = typer.Argument(..., help="The deal number."),
         trump_: Optional[str] = typer.Option(None, "--trump", help="The trump: S C D H or N (default: unchanged)."),
         bids_: Optional[str] = typer.Option(None, "--bids",
                                             help="Bids, one per player (in --order; default: unchanged)."),
         tricks_: Optional[str] = typer.Option(None, "--tricks",
                                               help="Tricks taken, one per player (in --order; default: unchanged)."),
         house_override: Optional[bool] = typer.Option(
             None, "--house-override/--no-house-override",
             help="Whether the bids stand though the dealer broke the restriction (default: unchanged)."),
         order: str = ORDER, game: Optional[int] = GAME) -> None:
    """Correct a past deal; everything after it is recomputed (`undo` takes the correction back)."""
    with _ledger(ctx) as led:
        g = game if game is not None else led.current_game()
        v = led.edit_deal(g, number, trump_, bids_, tricks_, house_override, order)
        r = v.results[number - 1]
        tr = _tr(ctx)
        typer.echo(tr("corrected", number=number, scores=scores_text(v, [f"{x:+d}" for x in r.scores])))
        typer.echo(tr("totals_now", totals=scores_text(v, v.totals)))


@app.command()
def show(ctx: typer.Context, game: Optional[int] = GAME) -> None:
    """The sheet as kept on paper.

    A row per deal with each player's bid/tricks and score (the dealer marked ●), block subtotals with
    premium (+) and cut (−), a fines row, totals, the redeals, fines and dots, and slaps."""
    from .render import console, print_sheet

    with _reader(ctx) as led:
        print_sheet(_tr(ctx), console(), led.game(game))


@app.command()
def finish(ctx: typer.Context, game: Optional[int] = GAME) -> None:
    """Finish a complete game: standings, and cup points when all four players are core roster."""
    from .render import console, print_standings

    with _ledger(ctx) as led:
        v = led.finish(game)
        print_standings(_tr(ctx), console(), v)


# -- history ----------------------------------------------------------------------------------------------
@app.command()
def history(ctx: typer.Context, season: Optional[int] = typer.Option(None, help="A year."),
            player: Optional[str] = typer.Option(None, help="Only games with this player.")) -> None:
    """Game days and games: totals, places, cup points, the cup holders."""
    from joker.ledger.stats import history as hist
    from .render import console, print_history

    tr = _tr(ctx)
    with _ledger(ctx) as led:
        print_history(tr, console(), hist(led, season, player))


@app.command()
def stats(ctx: typer.Context, season: Optional[int] = typer.Option(None, help="A year (default: all time).")) -> None:
    """Statistics per player, and head-to-head.

    Games, wins, mean place, cup points, cups won and days holding the cup, premiums, share of bids made,
    fines, dots, slaps; then for each pair of players who placed ahead of whom."""
    from joker.ledger.stats import player_stats
    from .render import console, print_stats

    tr = _tr(ctx)
    with _ledger(ctx) as led:
        rows, h2h = player_stats(led, season)
        print_stats(tr, console(), rows, h2h, season)


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

    with _reader(ctx) as led:
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
    rules: str = RULES,
    date: Optional[str] = GAME_DAY,
    first_dealer: Optional[int] = FIRST_DEALER,
    infringements: Optional[Path] = typer.Option(None, "--infringements", help="A second file of fine/dot/redeal rows."),
    add_players: bool = ADD_PLAYERS,
    finish_: bool = FINISH,
    force: bool = typer.Option(False, "--force", help="Import even a sheet already imported (same day, players "
                               "and deals): a game really played twice."),
) -> None:
    """Import a paper sheet: one transaction; a bad row is named and nothing is written.

    A sheet already in the ledger — the same game day, the same players in the same seats and the same deals —
    is refused (nothing written) unless `--force`."""
    from joker.ledger.paper import import_csv

    tr = _tr(ctx)
    with _ledger(ctx) as led:
        gid = import_csv(led, file, rules, _date(tr, date), first_dealer, add_players, infringements, finish_, force)
        v = led.game(gid)
        typer.echo(tr("imported_csv", file=file.name, id=gid, deals=tr.count(len(v.results), "n_deal"),
                      penalties=tr.count(len(v.penalties), "n_penalty"), redeals=tr.count(len(v.redeals), "n_redeal"),
                      state=state_text(tr, v.state)))
        typer.echo(tr("imported_totals", totals=scores_text(v, v.totals)))


@import_app.command("json")
def import_json_cmd(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="A game record (docs/records.md)."),
    date: Optional[str] = GAME_DAY,
    add_players: bool = ADD_PLAYERS,
    finish_: bool = FINISH,
    force: bool = typer.Option(False, "--force", help="Import even a record already imported (same day, players "
                               "and deals)."),
) -> None:
    """Import the engine's JSON record of a game (refused if already imported, unless `--force`)."""
    from joker.ledger.paper import import_record

    tr = _tr(ctx)
    with _ledger(ctx) as led:
        try:
            text = file.read_text(encoding="utf-8")
        except OSError as e:
            raise JokerError(tr("cannot_read", file=file, error=e.strerror)) from None
        gid = import_record(led, text, file.name, _date(tr, date), add_players, finish_, force)
        v = led.game(gid)
        typer.echo(tr("imported_json", file=file.name, id=gid, totals=scores_text(v, v.totals)))


def _write_out(tr: Tr, text: str, out: Optional[Path]) -> None:
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
        typer.echo(tr("wrote", path=out), err=True)


@export_app.command("csv")
def export_csv_cmd(ctx: typer.Context, out: Optional[Path] = OUT,
                   game: Optional[int] = GAME) -> None:
    """The game as a paper-sheet CSV (importable again)."""
    from joker.ledger.paper import sheet_csv

    with _ledger(ctx) as led:
        _write_out(_tr(ctx), sheet_csv(led, game), out)


@export_app.command("json")
def export_json_cmd(ctx: typer.Context, out: Optional[Path] = OUT,
                    game: Optional[int] = GAME) -> None:
    """The game as the engine's JSON record (`joker replay` reads it)."""
    from joker.ledger.paper import record_json

    with _ledger(ctx) as led:
        _write_out(_tr(ctx), record_json(led, game), out)


# -- table mode ---------------------------------------------------------------------------------------------
@app.command()
def play(ctx: typer.Context, game: Optional[int] = GAME,
         players: Optional[str] = typer.Option(None, "--players", "-p", help="Start a new game with these players."),
         rules: str = typer.Option("bus-angeles", "--rules", help="The rules of a new game (with --players).")) -> None:
    """Table mode: prompts deal by deal, shows the sheet after each; leave (q) and resume any time.

    Says who deals, who bids first and which bid the dealer may not say; announces a third dot (SLAP).
    Every answer is saved at once, so nothing is lost by leaving."""
    from .render import console
    from .table_mode import run_table

    with _ledger(ctx) as led:
        run_table(led, console(), game, players, rules, _tr(ctx))
