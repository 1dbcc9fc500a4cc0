"""Import and export: a CSV typed from a paper sheet, and the engine's JSON
record (docs/scorekeeper.md describes both).

The CSV has a header row naming the players, then one row per deal::

    deal,cards,trump,Бутка bid,Бутка tricks,Печун bid,Печун tricks,…
    1,1,H,0,0,0,1,…

and, anywhere after the header (or in a second file), extra rows for
infringements and redeals, in the order they happened::

    redeal,11,revoke
    fine,11,Бардак,revoke,trumped a club holding clubs
    dot,5,Печун,stalling

A bid written ``2!`` records the deal's bids as actually said (house
override of the dealer restriction).  Blank lines and lines starting with
``#`` are ignored.  An import is one transaction: the first bad row stops it,
named with its row number and the reason, and nothing is written.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from joker.cards import format_suit
from joker.errors import JokerError
from joker.games.joker.record import GameRecord, replay
from joker.games.joker.rules import Rules, parse_rules
from . import regulation as reg
from .db import LedgerError
from .entry import _ensure_attempt, _op_deal, _op_penalty, _op_redeal, _penalty_word
from .inputs import parse_trump
from joker.i18n import LedgerPart as Part
from joker.rulestring import rules_named
from .records import _record, _scored
from .repository import Ledger
from .rows import _game, _new_game
from .standings import _op_finish
from .unit import Tx
from .values import VoidDeal

if TYPE_CHECKING:  # the rows' type (:mod:`.unit`'s rows have the ORM class's attributes)
    from joker.store import Game

HEADER = ("deal", "cards", "trump")
EXTRA = ("fine", "dot", "redeal")
_BID_SUFFIX = re.compile(r"[\s:_\-(]*(bids?|заказы?|tricks?|взятки)\)?\s*$", re.I)


@dataclass(frozen=True)
class SheetDeal:
    row: int
    number: int
    cards: int
    trump: str
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    house_override: bool


@dataclass(frozen=True)
class SheetExtra:
    row: int
    kind: str  # fine | dot | redeal
    deal: int | None
    player: str | None
    code: str
    note: str


@dataclass(frozen=True)
class PaperSheet:
    players: tuple[str, ...]
    items: tuple[SheetDeal | SheetExtra, ...]
    source: str


def _rows(text: str, source: str) -> Iterator[tuple[int, list[str]]]:
    """The CSV's rows that are not blank or comments: (row number, cells stripped, trailing blanks dropped)."""
    reader = csv.reader(io.StringIO(text))
    for cells in reader:
        row = reader.line_num
        cells = [c.strip() for c in cells]
        while cells and cells[-1] == "":
            cells.pop()
        if not cells or cells[0].startswith("#"):
            continue
        yield row, cells


def _int(cell: str, what: Part, where: Part) -> int:
    try:
        return int(cell)
    except ValueError:
        raise LedgerError("cell_not_whole", where=where, what=what, cell=cell) from None


def _extra(row: int, cells: list[str], source: str) -> SheetExtra:
    where = Part("row", source=source, row=row)
    kind = cells[0].lower()
    deal = None
    if len(cells) > 1 and cells[1] != "":
        deal = _int(cells[1], Part("cell_deal"), where)
    if kind == "redeal":
        if deal is None:
            raise LedgerError("redeal_row_deal", where=where)
        return SheetExtra(row, kind, deal, None, "", ",".join(cells[2:]).strip())
    if len(cells) < 4:
        raise LedgerError("penalty_row_form", where=where, kind=kind)
    code = cells[3]
    note = ",".join(cells[4:]).strip()
    if code != reg.OTHER and code not in reg.INFRINGEMENTS:
        raise LedgerError("row_unknown_code", where=where, code=code, codes=", ".join(reg.INFRINGEMENTS))
    return SheetExtra(row, kind, deal, cells[2], code, note)


def parse_extras(text: str, source: str = "infringements") -> list[SheetExtra]:
    """The rows of an infringements file (``fine``/``dot``/``redeal`` rows; a header row is skipped)."""
    out = []
    for row, cells in _rows(text, source):
        if cells[0].lower() in EXTRA:
            out.append(_extra(row, cells, source))
        elif cells[0].lower() in ("kind", "type"):
            continue
        else:
            raise LedgerError("row_not_extra", where=Part("row", source=source, row=row), cell=cells[0])
    return out


def parse_sheet(text: str, players: int, source: str = "sheet") -> PaperSheet:
    """Read a paper-sheet CSV (see the module doc).  Raises :class:`LedgerError` naming the row."""
    rows = list(_rows(text, source))
    if not rows:
        raise LedgerError("sheet_empty", source=source)
    hrow, header = rows[0]
    head = Part("row", source=source, row=hrow)
    if [h.lower() for h in header[:3]] != list(HEADER):
        raise LedgerError("sheet_header", where=head)
    names = []
    for k in range(3, len(header), 2):
        name = _BID_SUFFIX.sub("", header[k]).strip()
        if not name:
            raise LedgerError("sheet_column_player", where=head, column=k + 1)
        names.append(name)
    if len(names) != players:
        raise LedgerError("sheet_players", where=head, n=len(names), names=", ".join(names), players=players)
    width = 3 + 2 * players
    items: list[SheetDeal | SheetExtra] = []
    for row, cells in rows[1:]:
        where = Part("row", source=source, row=row)
        if cells[0].lower() in EXTRA:
            items.append(_extra(row, cells, source))
            continue
        if len(cells) != width:
            raise LedgerError("sheet_row_width", where=where, n=len(cells), width=width, players=players)
        number = _int(cells[0], Part("cell_deal"), where)
        cards = _int(cells[1], Part("cell_cards"), where)
        where = Part("row_deal", source=source, row=row, deal=number)
        override = False
        bids, tricks = [], []
        for k in range(players):
            b = cells[3 + 2 * k]
            if b.endswith("!"):
                override = True
                b = b[:-1]
            bids.append(_int(b, Part("cell_bid", name=names[k]), where))
            tricks.append(_int(cells[4 + 2 * k], Part("cell_tricks", name=names[k]), where))
        try:
            trump = parse_trump(cells[2])
        except LedgerError as e:
            raise LedgerError("at", where=where, error=e) from None
        items.append(SheetDeal(row, number, cards, trump, tuple(bids), tuple(tricks), override))
    return PaperSheet(tuple(names), tuple(items), source)


def _deals_of(g: Game) -> list[tuple[int, str | None, tuple[int, ...] | None, tuple[int, ...] | None]]:
    """A game's scored deals as :func:`_refuse_duplicate` compares them: number, trump, bids, tricks."""
    return [(d.number, d.trump, None if d.bids is None else tuple(d.bids),
             None if d.tricks is None else tuple(d.tricks)) for d in _scored(g)]


def _refuse_duplicate(s: Tx, g: Game, source: str, force: bool) -> None:
    """Refuse the game ``g`` just imported from ``source`` when it is a game already
    in the ledger: **the same** means on the same game day, the same players in the
    same seats, and the same scored deals (each deal's number, trump, bids and
    tricks).  Fines, dots, redeals and the rules are not compared: the same deals
    of the same players on the same day are the same evening, however they were
    typed.  ``force``: import anyway (a game really played twice).  Raises
    :class:`LedgerError` ``duplicate_import`` naming the game already there."""
    if force:
        return
    seats = [st.player_id for st in g.seats]
    deals = _deals_of(g)
    for other in sorted((x for x in s.all("day_games", day=g.day_id) if x.id != g.id), key=lambda x: x.id):
        if [st.player_id for st in other.seats] == seats and _deals_of(other) == deals:
            raise LedgerError("duplicate_import", source=source, game=other.id, date=g.day.date)


def import_sheet(ledger: Ledger, sheet: PaperSheet, rules: str = "bus-angeles", date: dt.date | None = None,
                 first_dealer: int | None = None, add_players: bool = False,
                 extras: Sequence[SheetExtra] = (), finish: bool = True, extras_source: str = "infringements",
                 force: bool = False) -> int:
    """Enter a parsed sheet as a new game (one transaction); returns the game id.

    ``extras``: the rows of a second file (:func:`parse_extras`), its redeals
    placed before the deal they redeal, its fines and dots after the sheet's rows.
    A sheet already imported (:func:`_refuse_duplicate`: same day, players and
    deals) is refused unless ``force``; nothing is written then."""
    try:
        r = parse_rules(rules)
    except JokerError as e:
        raise LedgerError("bad_rules", error=e) from None
    fd = r.first_dealer if first_dealer is None else first_dealer
    if fd is None:
        raise LedgerError("first_dealer_needed", rules=rules_named(r))
    with ledger.transaction() as s:
        g = _new_game(s, sheet.players, r, fd - 1, date, add_players, note=f"imported from {sheet.source}")
        expected = 1
        # a second file's redeal rows go just before the deal they redeal; its fines and dots after the sheet
        redeals: dict[int | None, list[SheetExtra]] = {}
        for x in extras:
            if x.kind == "redeal":
                redeals.setdefault(x.deal, []).append(x)
        items: list[tuple[str, SheetDeal | SheetExtra]] = []
        for sheet_item in sheet.items:
            if isinstance(sheet_item, SheetDeal):
                items.extend((extras_source, y) for y in redeals.pop(sheet_item.number, []))
            items.append((sheet.source, sheet_item))
        items.extend((extras_source, y) for y in extras if y.kind != "redeal")
        items.extend((extras_source, y) for ys in redeals.values() for y in ys)
        for source, item in items:
            where = Part("row", source=source, row=item.row)
            try:
                if isinstance(item, SheetDeal):
                    where = Part("row_deal", source=source, row=item.row, deal=item.number)
                    if item.number != expected:
                        raise LedgerError("sheet_deal_order", expected=expected, deal=item.number)
                    if item.number > len(r.deals):
                        raise LedgerError("sheet_deals_count", rules=rules_named(r), deals=len(r.deals))
                    want = r.deals[item.number - 1].cards
                    if item.cards != want:
                        raise LedgerError("sheet_cards", cards=item.cards, deal=item.number, rules=rules_named(r),
                                          want=want)
                    _op_deal(s, g, item.trump, item.bids, item.tricks, item.house_override, None)
                    expected += 1
                elif item.kind == "redeal":
                    if item.deal != expected:
                        raise LedgerError("sheet_redeal_order", expected=expected, deal=item.deal)
                    _op_redeal(s, g, item.note or "redeal")
                else:
                    assert item.player is not None  # a fine or dot row names its player (_extra)
                    _op_penalty(s, g, item.player, item.code, item.kind, item.note, item.deal, False)
            except LedgerError as e:
                raise LedgerError("at", where=where, error=e) from None
        _refuse_duplicate(s, g, sheet.source, force)
        if finish and expected > len(r.deals):
            _op_finish(s, g)
        return g.id


def import_csv(ledger: Ledger, path: str | Path, rules: str = "bus-angeles", date: dt.date | None = None,
               first_dealer: int | None = None, add_players: bool = False,
               infringements: str | Path | None = None, finish: bool = True, force: bool = False) -> int:
    """Import a paper-sheet CSV file (and optionally a second file of infringement rows)
    as :func:`import_sheet` does (``force``: even when already imported)."""
    path = Path(path)
    try:
        players = parse_rules(rules).players
    except JokerError as e:
        raise LedgerError("bad_rules", error=e) from None
    sheet = parse_sheet(_read(path), players, path.name)
    extras = parse_extras(_read(Path(infringements)), Path(infringements).name) if infringements else []
    return import_sheet(ledger, sheet, rules, date, first_dealer, add_players, extras, finish,
                        Path(infringements).name if infringements else "infringements", force)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as e:
        raise LedgerError("cannot_read", path=path, error=str(e)) from None


# -- export -------------------------------------------------------------------------------------
def sheet_csv(ledger: Ledger, game: int | None = None) -> str:
    """The game as a paper-sheet CSV: deals, redeal rows before the deal dealt
    again, then fines and dots in the order given."""
    v = ledger.game(game)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow([*HEADER, *[x for p in v.players for x in (f"{p} bid", f"{p} tricks")]])
    voids: dict[int, list[VoidDeal]] = {}
    for d in v.redeals:
        voids.setdefault(d.number, []).append(d)
    for e, r in zip(v.record.deals, v.results):
        for d in voids.pop(r.index + 1, []):
            w.writerow(["redeal", d.number, d.reason])
        cells = [r.index + 1, r.spec.cards, e.trump]
        for s in range(len(v.players)):
            bid = "" if r.bids is None else str(r.bids[s])
            if e.house_override and s == r.dealer:
                bid += "!"
            cells += [bid, r.tricks[s]]
        w.writerow(cells)
    for num in sorted(voids):  # redeals of the deal still being entered
        for d in voids[num]:
            w.writerow(["redeal", d.number, d.reason])
    for p in v.penalties:
        w.writerow([p.kind, "" if p.deal is None else p.deal, p.player, p.code, p.note])
    return out.getvalue()


def record_json(ledger: Ledger, game: int | None = None) -> str:
    """The game as the engine's JSON record (docs/records.md), with each deal's
    scores, the redeals and the ledger's ids in ``meta``."""
    with ledger.transaction(write=False) as s:
        g = _game(s, game)
        return _record(g, with_scores=True).to_json()


def import_record(ledger: Ledger, text: str, source: str = "record", date: dt.date | None = None,
                  add_players: bool = False, finish: bool = True, force: bool = False) -> int:
    """Enter a JSON record as a new game (one transaction).  A game played through
    the engine (hands and actions) is replayed and kept as its trump, bids and
    tricks; the record's redeals (``meta.redeals``) and penalties come along.
    A record already imported (same day, players and deals) is refused unless
    ``force``, as :func:`import_sheet`."""
    try:
        rec = GameRecord.from_json(text)
        rules = parse_rules(rec.rules)
        state = replay(rec)
    except JokerError as e:
        raise LedgerError("at", where=source, error=e) from None
    deals: list[tuple[str, list[int] | None, list[int], bool]] = []
    for deal, r in zip(rec.deals, state.results):
        trump = format_suit(r.trump)
        deals.append((trump, None if r.bids is None else list(r.bids), list(r.tricks), deal.house_override))
    voids: dict[int, list[dict[str, Any]]] = {}
    for x in (rec.meta.get("redeals") or []):
        voids.setdefault(int(x["deal"]), []).append(x)
    with ledger.transaction() as s:
        g = _new_game(s, rec.players, rules, rec.first_dealer, date, add_players, note=f"imported from {source}")
        _check_values(rules, rec)
        for i, (trump, bids, tricks, override) in enumerate(deals, start=1):
            for x in voids.pop(i, []):
                d, _ = _ensure_attempt(s, g, rules)
                d.trump = x.get("trump")
                d.bids = x.get("bids")
                d.tricks = x.get("tricks")
                _op_redeal(s, g, str(x.get("reason") or "redeal"))
            try:
                _op_deal(s, g, trump, bids, tricks, override, None)
            except LedgerError as err:
                raise LedgerError("at", where=source, error=err) from None
        for p in rec.penalties:
            try:
                _op_penalty(s, g, p.seat, p.code, p.kind, p.note, None if p.deal is None else p.deal + 1, False)
            except LedgerError as err:
                raise LedgerError("record_penalty", source=source, seat=p.seat + 1, error=err) from None
        _refuse_duplicate(s, g, source, force)
        if finish and state.is_terminal():
            _op_finish(s, g)
        return g.id


def _check_values(rules: Rules, rec: GameRecord) -> None:
    for p in rec.penalties:
        want = rules.fine if p.kind == reg.FINE else 0
        if p.value != want:
            raise LedgerError("record_penalty_value", kind=_penalty_word(p.kind), seat=p.seat + 1, value=p.value,
                              rules=rules_named(rules), want=want)


__all__ = [
    "PaperSheet", "SheetDeal", "SheetExtra", "import_csv", "import_record", "import_sheet", "parse_extras",
    "parse_sheet", "record_json", "sheet_csv",
]
