"""Table mode (``joker ledger play``): the keeper is prompted deal by deal —
trump, each bid in bidding order, the tricks — and sees the sheet after every
scored deal; table commands (``u`` undo, ``f`` fine, ``dot``, ``r`` redeal,
``e`` edit, ``sheet``, ``?``) can be typed at any prompt.  Every answer is one
ledger transaction, saved at once, so leaving (``q``, end of input, Ctrl-C)
loses nothing and ``play`` resumes where the game stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

import typer
from rich.console import Console
from rich.text import Text

from joker.errors import JokerError
from joker.i18n import Tr
from joker.ledger.inputs import CALL_ORDER
from joker.ledger.lines import redeal_reason_text, undone_text
from .render import announce_penalty, print_day, print_sheet, print_standings, rule
from .texts import current_text, error_text, scored_text, seats_text

if TYPE_CHECKING:  # the ledger (SQLAlchemy, Alembic) is imported only when a command runs
    from joker.ledger import Ledger

Say = Callable[[Exception | str], None]
"""How table mode says a refusal (an error, or a text already in the keeper's language) and carries on."""


class _Leave(Exception):
    """The keeper leaves the table (q, end of input or Ctrl-C)."""


def _ask(text: str) -> str:
    try:
        answer: str = typer.prompt(text, default="", show_default=False)
    except (typer.Abort, EOFError, KeyboardInterrupt):
        raise _Leave from None
    return answer.strip()


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
    """The table-mode loop (``joker ledger play``), speaking ``tr``'s language (English by default).

    ``game`` the game to keep (``None``: the open one, else a new one of
    ``players``, comma-separated in seat order, asked for when not given, under
    ``rules``).  Returns when the game is over (finished, and the day ended if
    the keeper says so) or the keeper leaves; a refused answer is said and asked again."""
    from joker.ledger import KeeperDecisionNeeded, LedgerError

    tr = tr or Tr("en", "scorekeeper")

    def error(e: Exception | str) -> None:
        message = e if isinstance(e, str) else error_text(tr, e)
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
        console.print(Text(tr("table_title", id=gid, seats=seats_text(v)), style="bold"))
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
                rule(console, tr("rule_game_over"))
                print_standings(tr, console, v)
                if _confirm(tr("ask_end_day"), default=False):
                    pick = None
                    while True:
                        try:
                            print_day(tr, console, led.end_day(v.date, pick))
                            break
                        except KeeperDecisionNeeded as e:
                            console.print(Text(error_text(tr, e), style="bold"))
                            pick = _ask(tr("ask_keeper", tied=", ".join(e.tied)))
                        except LedgerError as e:
                            error(e)
                            break
                return
            if shown != (cur.number, cur.attempt):
                rule(console, tr("rule_deal", number=cur.number))
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
            # asked in the order the bids were (the first hand first, the dealer last: RULES.md §6)
            ans = _ask(tr("ask_tricks", names=", ".join(v.players[s] for s in cur.bid_order)))
            if not ans or _table_command(led, console, gid, ans, tr, error):
                continue
            try:
                r = led.set_tricks(gid, ans, order=CALL_ORDER)
            except LedgerError as e:
                error(e)
                continue
            v = led.game(gid)
            console.print(Text(scored_text(tr, v, r), style="bold"))
            print_sheet(tr, console, v)
    except _Leave:
        console.print(tr("table_left"))


def _table_new_game(led: "Ledger", players: str, rules: str, tr: Tr, error: Say) -> Optional[int]:
    """A new game of ``players`` (unknown names added, the keeper asked whether
    each is core roster); ``None`` when the ledger refuses it (said by ``error``)."""
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


def _table_command(led: "Ledger", console: Console, gid: int, ans: str, tr: Tr, error: Say) -> bool:
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
            # a scored deal of the ledger is a real-card one: its tricks are always there
            tricks_ = _ask(tr("ask_edit_tricks", value=",".join(map(str, e.tricks or ())))) or None
            v = led.edit_deal(gid, number, trump_, bids_, tricks_)
            print_sheet(tr, console, v)
    except (LedgerError, JokerError, ValueError) as e:
        error(e)
    return True
