"""The ledger's two write paths (joker.ledger.unit): the same commands written with sqlite3 alone (SqliteTx, the
rendering of joker.ledger.queries) and with SQLAlchemy's ORM (OrmTx) leave the same rows — on SQLite byte for
byte (JSON text, SQL NULL against JSON null, 0/1, dates), times aside — give the same answers and refuse alike
(a refused command writing nothing); on PostgreSQL (the ORM) the same values.  The relationships SqliteTx loads
are the ORM's."""

from __future__ import annotations

import dataclasses
import datetime as dt
import sqlite3
from pathlib import Path
from typing import Any, Callable

from joker.ledger import Ledger, LedgerError
from joker.ledger.paper import import_csv, sheet_csv
from joker.ledger.queries import WRITTEN
from joker.ledger.source import CoreSource, SqliteSource
from joker.ledger.stats import cup_season, history, player_stats
from joker.ledger.unit import MANY, ONE
from test_ledger_source import DAY1, DAY2, GUEST, build
from test_ledger_support import PLAYERS, pg_url  # noqa: F401  (fixture)

A, B, C, D = PLAYERS
TIMES = {"created_at", "updated_at", "started_at", "ended_at", "finished_at"}
"""Columns holding the instant a row was written: compared only as set or not."""


def timeless(value: Any, ids: bool = True) -> Any:
    """``value`` with every time in it (in dataclasses, tuples, lists, dicts) replaced by None (and unless
    ``ids``, every dataclass field named ``id``)."""
    if isinstance(value, dt.datetime):
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return type(value)(**{f.name: None if f.name == "id" and not ids else timeless(getattr(value, f.name), ids)
                              for f in dataclasses.fields(value) if f.init})
    if isinstance(value, (list, tuple)):
        return type(value)(timeless(v, ids) for v in value) if not hasattr(value, "_fields") else value
    if isinstance(value, dict):
        return {k: timeless(v, ids) for k, v in value.items()}
    return value


def more(led: Ledger, games: list[int], tmp: Path) -> list[Any]:
    """After :func:`test_ledger_source.build`: refusals, corrections, undo of every kind (bids, a fine with its
    redeal, an edit of a finished game, a finish, deals, the dot that made a slap), a day reopened and ended
    again, renames, a new day and a sheet imported; then history, statistics and verify.  Returns each command's
    answer or refusal, in order."""
    g1, g2, g3, g4 = games
    out: list[Any] = []

    def step(f: Callable[..., Any], *args: Any, **kw: Any) -> None:
        try:
            out.append(f(*args, **kw))
        except LedgerError as e:
            out.append(("refused", type(e).__name__, str(e)))

    step(led.set_bids, g4, "9,9,9,9")  # refused: out of range
    step(led.add_player, A.lower())  # refused: the same name
    step(led.undo, g4)
    step(led.undo, g4)  # both of g4's single bids
    step(led.fine, g4, B, "misdeal_after_trump")  # voids the attempt being entered
    step(led.set_trump, g4, "C")
    step(led.undo, g4)
    step(led.undo, g4)  # the fine and its redeal
    step(led.set_bid, g4, C, 1)
    step(led.end_day, DAY1)  # refused: already ended
    step(led.reopen_day, DAY1)
    step(led.edit_deal, g1, 1, tricks=[1, 0, 0, 0])
    step(led.undo, g1)
    for _ in range(4):
        step(led.undo, g2)  # its finish, two deals, B's third dot (the slap goes)
    step(led.end_day, DAY1)  # refused: g2 is open
    for code in ("stalling", "asked_trump_twice", "bid_out_of_turn"):
        step(led.dot, g2, C, code)  # C's third dot of the day: a slap
    step(led.enter_deal, g2, "D", [0, 0, 0, 0], [1, 0, 0, 0], expect_deal=1)
    step(led.enter_deal, g2, "D", [0, 0, 0, 0], [1, 0, 0, 0], expect_deal=1)  # refused: a conflict
    step(led.enter_deal, g2, "C", [0, 1, 0, 0], [0, 1, 1, 0])
    step(led.finish, g2)
    step(led.end_day, DAY1)
    step(led.rename_player, GUEST, "Гостья")
    step(led.set_core, "Гостья", True)
    step(led.start_day, DAY2)  # refused: there is one
    step(led.start_day, dt.date(2026, 5, 9))
    step(led.new_game, [A, "Новенький", C, D], "bus-angeles(schedule='1,2')", add_players=True)
    step(led.enter_deal, None, "S", "0,0,0,0", "0,1,0,0")
    step(led.abandon, None, "rain")
    sheet = tmp / "g1.csv"
    sheet.write_text(sheet_csv(led, g1), encoding="utf-8")
    step(import_csv, led, sheet, "bus-angeles(schedule='1,2')", dt.date(2026, 5, 9), None, False, None, True, False)
    step(import_csv, led, sheet, "bus-angeles(schedule='1,2')", dt.date(2026, 5, 9), None, False, None, True, False)
    out += [led.players(), led.games(), led.current_day(), led.days(), *(led.game(g) for g in led.games())]
    out += [history(led), history(led, 2026, B), player_stats(led, None, dt.date(2026, 6, 1)), cup_season(led)]
    out.append(led.verify())
    return out


def sqlite_dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the ledger's tables in the SQLite file ``path`` as stored (times: whether set)."""
    con = sqlite3.connect(path)
    try:
        out = {}
        for table in WRITTEN:
            cur = con.execute(f"SELECT * FROM {table.name} ORDER BY 1, 2")
            names = [d[0] for d in cur.description]
            out[table.name] = [tuple((v is not None) if n in TIMES else v for n, v in zip(names, row))
                               for row in cur.fetchall()]
        return out
    finally:
        con.close()


def core_dump(led: Ledger) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the ledger's tables as SQLAlchemy reads them (times: whether set)."""
    from sqlalchemy import select

    out = {}
    with led.engine.connect() as c:
        for table in WRITTEN:
            rows = c.execute(select(table).order_by(*list(table.c)[:2]))
            out[table.name] = [tuple((v is not None) if k in TIMES else v for k, v in r._mapping.items())
                               for r in rows]
    return out


def written(path: Path, fast: bool) -> tuple[list[Any], Ledger]:
    """A fresh ledger at ``path`` written by :func:`build` and :func:`more`, ``fast`` (sqlite3) or with the ORM."""
    Ledger.open(str(path)).close()  # created at the head revision
    led = Ledger.open(str(path), fast=fast)
    assert isinstance(led.source, SqliteSource if fast else CoreSource)
    (path.parent / path.stem).mkdir()
    return timeless(more(led, build(led), path.parent / path.stem)), led


def test_sqlite3_writes_the_rows_the_orm_writes(tmp_path):
    fast_answers, fast = written(tmp_path / "fast.db", True)
    fast.close()
    orm_answers, orm = written(tmp_path / "orm.db", False)
    orm.close()
    assert fast_answers == orm_answers
    fast_rows, orm_rows = sqlite_dump(tmp_path / "fast.db"), sqlite_dump(tmp_path / "orm.db")
    assert fast_rows == orm_rows
    # the comparison saw what it had to: refusals, undos, a slap, cup results, the journal, JSON nulls
    refused = [a for a in fast_answers if isinstance(a, tuple) and a and a[0] == "refused"]
    assert [r[1] for r in refused] == ["LedgerError"] * 4 + ["ConflictError"] + ["LedgerError"] * 2
    assert fast_answers[-1] == []  # verify finds nothing
    assert fast_answers[-2].players and fast_answers[-3][0] and len(fast_answers[-5]) == 3  # cups, stats, 3 days
    assert fast_rows["slaps"] and fast_rows["cup_results"] and fast_rows["entries"]
    # scores never given stay SQL NULL, tricks given as None are JSON's null, as the ORM stores them
    assert any(row[14] is None for row in fast_rows["deals"]) and any(row[10] == "null" for row in fast_rows["deals"])
    assert any(row[10] is not None for row in fast_rows["games"])  # totals of finished games


def test_sqlite3_and_postgresql_hold_the_same_ledger(tmp_path, pg_url):  # noqa: F811
    """The same ledger built with sqlite3 and on PostgreSQL (the ORM) holds the same values; then the same commands
    answer alike — ids aside, since PostgreSQL's sequences never give a deleted row's id again and SQLite does."""
    path = tmp_path / "fast.db"
    Ledger.open(str(path)).close()
    with Ledger.open(str(path), fast=True) as fast, Ledger.open(pg_url) as pg:
        assert isinstance(fast.source, SqliteSource)
        games = build(fast)
        assert build(pg) == games
        pg_rows = core_dump(pg)
        assert core_dump(fast) == pg_rows
        assert len(pg_rows["deals"]) == 9 and pg_rows["slaps"] and pg_rows["cup_results"]
        (tmp_path / "pg").mkdir()
        assert timeless(more(fast, games, tmp_path), ids=False) == timeless(more(pg, games, tmp_path / "pg"), ids=False)


def test_sqlite3_loads_the_relationships_of_the_orm():
    """joker.ledger.unit's MANY and ONE are the ORM classes' relationships, each on the same column."""
    from joker.store import Base

    mine = {**{k: v[2] for k, v in MANY.items()}, **{k: v[1] for k, v in ONE.items()}}
    orm = {}
    for mapper in Base.registry.mappers:
        table = mapper.local_table.name
        if table not in {t.name for t in WRITTEN}:
            continue
        for rel in mapper.relationships:
            columns = rel.remote_side if rel.direction.name == "ONETOMANY" else rel.local_columns
            (column,) = columns
            orm[(table, rel.key)] = column.name
    assert mine == orm
