"""The ledger's read queries, written once as SQLAlchemy Core statements on
:data:`joker.store.tables`, and their SQLite rendering.

Every read a view of the ledger needs (``joker ledger show``, ``players
list``, the view a write returns) is one entry of :data:`QUERIES`: a name, a
Core ``SELECT`` whose parameters are named bind parameters (``:game``,
``:day``, ``:state``).  :class:`joker.ledger.source.CoreSource` executes them
as they are (any database SQLAlchemy reaches: PostgreSQL, SQLite, an ORM
session's flushed changes); the fast SQLite source executes their rendering
in :mod:`.queries_sqlite` with the standard library's ``sqlite3``, so a
reading command never imports SQLAlchemy.

The writing commands' statements are here too, for the same reason (one
schema, :mod:`joker.store.tables`; SQL rendered from it, never written by
hand): :data:`ROWS` (whole rows of a table a write works on: the game it
locks, a player by name, the day's slaps …; and what history, statistics and
verify read, in a transaction of their own), :data:`WRITES` (a value, a lock
or a delete by a condition) and, for every table of :data:`WRITTEN`, its
``INSERT``, its ``UPDATE`` and ``DELETE`` by primary key and its columns with
their defaults (:data:`TABLE_SPECS` in the rendering).  :mod:`.unit` runs
their rendering on an SQLite file with ``sqlite3``; on any other database a
write runs the statements themselves through SQLAlchemy's ORM (:mod:`.orm_tx`).

The rendering is generated, not written by hand::

    python -m joker.ledger.queries           # (re)write joker/ledger/queries_sqlite.py
    python -m joker.ledger.queries --check   # exit 1 if it differs from these statements

(``tests/test_ledger_source.py`` runs the check, so the two cannot drift).
For each query it holds the SQL text (named ``:param`` placeholders), the
values of the constants the statement binds itself (``LIMIT 1``'s ``1``) and
each result column's name and how to convert the value SQLite returns into
what SQLAlchemy would (:data:`KINDS`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, Boolean, Date, DateTime, Delete, Insert, Select, Table, Update, bindparam, delete, func, \
    insert, select, update
from sqlalchemy.dialects import sqlite

from joker.store import tables as t
from joker.store.times import utcnow

KINDS = {JSON: "json", Boolean: "bool", Date: "date", DateTime: "datetime"}
"""SQLAlchemy column type → the conversion :mod:`joker.store.sqlite_read` applies to SQLite's value
(JSON text → its value, 0/1 → bool, ISO text → date / naive datetime); other columns are taken as returned."""

_g, _s, _p, _d, _i = t.games, t.game_seats, t.players, t.deals, t.infringements

QUERIES: dict[str, Select[Any]] = {
    # The current game: the latest open one, else the last one (:func:`.view.current_game_id`).
    "latest_game_in_state": select(_g.c.id).where(_g.c.state == bindparam("state")).order_by(_g.c.id.desc()).limit(1),
    "latest_game": select(_g.c.id).order_by(_g.c.id.desc()).limit(1),
    "game_ids": select(_g.c.id).order_by(_g.c.id),
    "game_ids_in_state": select(_g.c.id).where(_g.c.state == bindparam("state")).order_by(_g.c.id),
    # One game's rows (:func:`.view._load`).
    "game": select(_g, t.game_days.c.date).join(t.game_days, t.game_days.c.id == _g.c.day_id)
    .where(_g.c.id == bindparam("game")),
    "seats": select(_s.c.player_id, _p.c.name, _p.c.core).join(_p, _p.c.id == _s.c.player_id)
    .where(_s.c.game_id == bindparam("game")).order_by(_s.c.seat),
    "deals": select(_d).where(_d.c.game_id == bindparam("game")).order_by(_d.c.number, _d.c.attempt),
    "penalties": select(_i).where(_i.c.game_id == bindparam("game")).order_by(_i.c.id),
    # The day's dots and slaps (:func:`.view.day_dots`, the slaps of :func:`.view._view`).
    "day_dots": select(_i).join(_g, _g.c.id == _i.c.game_id)
    .where(_g.c.day_id == bindparam("day"), _i.c.kind == bindparam("kind")).order_by(_i.c.id),
    "day_slaps": select(t.slaps.c.player_id).where(t.slaps.c.day_id == bindparam("day")),
    # ``joker ledger players list``.
    "players": select(_p).order_by(_p.c.name),
}
"""Name → Core statement.  Parameters: ``game`` (a game id), ``day`` (a game day id),
``state`` (a game state, e.g. :data:`.values.OPEN`: states and kinds are parameters, not part of the SQL), ``kind`` (an infringement kind)."""

_day = t.game_days

ROWS: dict[str, tuple[Table, Select[Any]]] = {
    # players (:func:`.rows._player_named`, :func:`.rows._day_info`)
    "player_named": (_p, select(_p).where(_p.c.name == bindparam("name"))),
    "players_by_id": (_p, select(_p).order_by(_p.c.id)),
    # game days (:func:`.rows._open_day`, :func:`.rows._day_on`, :func:`.rows._day`, :meth:`.Ledger.days`)
    "open_day": (_day, select(_day).where(_day.c.ended_at.is_(None)).order_by(_day.c.date.desc()).limit(1)),
    "day_on": (_day, select(_day).where(_day.c.date == bindparam("date"))),
    "last_day": (_day, select(_day).order_by(_day.c.date.desc()).limit(1)),
    "days_by_date": (_day, select(_day).order_by(_day.c.date)),
    # the game a write locks (:func:`.rows._lock`; PostgreSQL: FOR UPDATE, SQLite: the writer's lock already)
    "game_locked": (_g, select(_g).where(_g.c.id == bindparam("game")).with_for_update()),
    # the last entry of a game's journal (:func:`.entry._op_undo`)
    "last_entry": (t.entries, select(t.entries).where(t.entries.c.game_id == bindparam("game"))
                   .order_by(t.entries.c.id.desc()).limit(1)),
    # a day's slaps (:func:`.standings._refresh_slaps`)
    "day_slap_rows": (t.slaps, select(t.slaps).where(t.slaps.c.day_id == bindparam("day"))),
    # history, statistics and verify (:mod:`.stats`, :mod:`.verify`)
    "games_by_id": (_g, select(_g).order_by(_g.c.id)),
    "games_in_state_by_id": (_g, select(_g).where(_g.c.state == bindparam("state")).order_by(_g.c.id)),
    "game_cup_results": (t.cup_results, select(t.cup_results).where(t.cup_results.c.game_id == bindparam("game"))
                         .order_by(t.cup_results.c.seat)),
    "infringements_by_id": (_i, select(_i).order_by(_i.c.id)),
    "slaps_by_id": (t.slaps, select(t.slaps).order_by(t.slaps.c.id)),
    # relationships of :mod:`joker.store.ledger_tables`, as :mod:`.unit` loads them
    "day_games": (_g, select(_g).where(_g.c.day_id == bindparam("day")).order_by(_g.c.number)),
    "game_seat_rows": (_s, select(_s).where(_s.c.game_id == bindparam("game")).order_by(_s.c.seat)),
    "game_deal_rows": (_d, select(_d).where(_d.c.game_id == bindparam("game")).order_by(_d.c.number, _d.c.attempt)),
    "game_infringement_rows": (_i, select(_i).where(_i.c.game_id == bindparam("game")).order_by(_i.c.id)),
}
"""Name → (table, statement of whole rows of it): the rows a write changes, loaded as the ORM's objects
(:mod:`.orm_tx`) or :mod:`.unit`'s (:class:`~.unit.Row`).  Parameters: ``name``, ``date``, ``game``, ``day``,
``state``."""

Statement = Select[Any] | Insert | Update | Delete
"""A statement a write runs."""

WRITES: dict[str, Statement] = {
    "max_game_number": select(func.max(_g.c.number)).where(_g.c.day_id == bindparam("day")),
    "lock_day": select(_day.c.id).where(_day.c.id == bindparam("day")).with_for_update(),
    "slap_number": select(t.slaps.c.number).where(t.slaps.c.infringement_id == bindparam("infringement")),
    "delete_slaps_of_infringement": delete(t.slaps).where(t.slaps.c.infringement_id == bindparam("infringement")),
    "delete_cup_results_of_game": delete(t.cup_results).where(t.cup_results.c.game_id == bindparam("game")),
}
"""Name → a statement run as it is: a value (``max_game_number``, ``slap_number``), a lock (``lock_day``)
or a delete by a condition.  Parameters: ``day``, ``infringement``, ``game``."""

WRITTEN = (t.players, t.game_days, t.games, t.game_seats, t.deals, t.infringements, t.slaps, t.cup_results,
           t.entries)
"""The tables the ledger writes, in the order their rows are inserted (a row after those it refers to)."""


def table_statements(table: Table) -> dict[str, Statement]:
    """``get:``, ``insert:``, ``update:`` and ``delete:`` + the table's name → its ``SELECT`` of a row, its
    ``INSERT`` (every column), its ``UPDATE`` of every other column and its ``DELETE``, all but the insert by
    primary key (parameters ``pk_<column>``)."""
    key = [c for c in table.c if c.primary_key]
    where = [c == bindparam(f"pk_{c.name}") for c in key]
    return {
        f"get:{table.name}": select(table).where(*where),
        f"insert:{table.name}": insert(table),
        f"update:{table.name}": update(table).where(*where).values(
            {c.name: bindparam(c.name) for c in table.c if not c.primary_key}),
        f"delete:{table.name}": delete(table).where(*where),
    }


def statements() -> dict[str, Statement]:
    """Every statement a write runs by name: :data:`WRITES`, :data:`ROWS`' and :func:`table_statements`."""
    out: dict[str, Statement] = {name: stmt for name, (_, stmt) in ROWS.items()}
    out.update(WRITES)
    for table in WRITTEN:
        out.update(table_statements(table))
    return out


Spec = tuple[tuple[str, ...], "str | None", tuple[tuple[str, "str | None", Any], ...]]
"""A table as :mod:`.unit` writes it: (primary key columns, the column the database numbers or None,
((column, kind, default), …)); a default is None (none), ``("value", v)`` or ``("now",)`` (:func:`utcnow`)."""


def spec(table: Table) -> Spec:
    """``table``'s :data:`Spec`.  Raises ValueError for a default :mod:`.unit` could not apply."""
    columns = []
    for c in table.c:
        default: Any = None
        if c.default is not None:
            arg = getattr(c.default, "arg", None)
            if getattr(c.default, "is_scalar", False):
                default = ("value", arg)
            elif getattr(arg, "__wrapped__", arg) is utcnow or getattr(arg, "__name__", "") == "utcnow":
                default = ("now",)
            else:
                raise ValueError(f"{table.name}.{c.name}: a default {c.default!r} the SQLite writes cannot apply")
        columns.append((c.name, kind_of(c.type), default))
    key = tuple(c.name for c in table.c if c.primary_key)
    numbered = table.autoincrement_column
    return key, None if numbered is None else numbered.name, tuple(columns)


Rendered = tuple[str, dict[str, Any], tuple[tuple[str, str | None], ...]]
"""One query rendered for SQLite: (SQL with ``:name`` placeholders, the constants' values, (column, kind) …)."""

GENERATED = Path(__file__).with_name("queries_sqlite.py")


def kind_of(column_type: Any) -> str | None:
    """The conversion (:data:`KINDS`) of a result column of SQLAlchemy type ``column_type``, or None."""
    for cls, kind in KINDS.items():
        if isinstance(column_type, cls):
            return kind
    return None


def render(stmt: Select[Any]) -> Rendered:
    """``stmt`` as SQLite runs it: its SQL text, the values of the parameters it binds
    itself (not the named ones of :data:`QUERIES`, whose value is None) and its columns."""
    compiled = stmt.compile(dialect=sqlite.dialect(paramstyle="named"))
    constants = {k: v for k, v in compiled.params.items() if compiled.binds[k].value is not None}
    columns = tuple((c.name, kind_of(c.type)) for c in stmt.selected_columns)
    return str(compiled), constants, columns


WriteRendered = tuple[str, dict[str, Any], tuple[tuple[str, str | None], ...], tuple[tuple[str, str], ...]]
"""A write's statement rendered for SQLite: :data:`Rendered` and ((parameter, kind), …) of its
named parameters whose value SQLite stores converted (JSON as text, a bool as 0/1, a date or time as text)."""


def render_write(stmt: Statement) -> WriteRendered:
    """A statement of :func:`statements` as SQLite runs it (a ``SELECT``'s result columns; none for DML)."""
    compiled = stmt.compile(dialect=sqlite.dialect(paramstyle="named"))
    constants = {k: v for k, v in compiled.params.items() if compiled.binds[k].value is not None}
    columns = tuple((c.name, kind_of(c.type)) for c in stmt.selected_columns) if isinstance(stmt, Select) else ()
    params = tuple((k, kind) for k, b in compiled.binds.items()
                   if k not in constants and (kind := kind_of(b.type)) is not None)
    return str(compiled), constants, columns, params


def module_text() -> str:
    """The text of :mod:`.queries_sqlite`: :data:`QUERIES` rendered by :func:`render`."""
    lines = [
        '"""GENERATED by ``python -m joker.ledger.queries`` from :data:`joker.ledger.queries.QUERIES`:',
        "do not edit (``--check`` fails when it differs).  Name → (SQL for SQLite with ``:name``",
        "placeholders, the constants it binds, ((column, kind), …)); kinds: :data:`joker.ledger.queries.KINDS`.",
        "WRITES: the statements of :func:`joker.ledger.queries.statements`, with ((parameter, kind), …);",
        "ROW_TABLES: the table of each query of :data:`joker.ledger.queries.ROWS`;",
        'TABLE_SPECS: :func:`joker.ledger.queries.spec` of each table of :data:`joker.ledger.queries.WRITTEN`."""',
        "",
        "from typing import Any",
        "",
        "QUERIES: dict[str, tuple[str, dict[str, Any], tuple[tuple[str, str | None], ...]]] = {",
    ]
    for name, stmt in QUERIES.items():
        sql, constants, columns = render(stmt)
        lines.append(f"    {name!r}: (")
        lines.append(f"        {' '.join(sql.split())!r},")
        lines.append(f"        {constants!r},")
        lines.append(f"        {columns!r},")
        lines.append("    ),")
    lines.append("}")
    lines.append("")
    lines.append("WRITES: dict[str, tuple[str, dict[str, Any], tuple[tuple[str, str | None], ...], "
                 "tuple[tuple[str, str], ...]]] = {")
    for name, statement in statements().items():
        sql, constants, columns, params = render_write(statement)
        lines.append(f"    {name!r}: (")
        lines.append(f"        {' '.join(sql.split())!r},")
        lines.append(f"        {constants!r},")
        lines.append(f"        {columns!r},")
        lines.append(f"        {params!r},")
        lines.append("    ),")
    lines.append("}")
    lines.append("")
    lines.append("ROW_TABLES: dict[str, str] = {")
    for name, (table, _) in ROWS.items():
        lines.append(f"    {name!r}: {table.name!r},")
    lines.append("}")
    lines.append("")
    lines.append("TABLE_SPECS: dict[str, tuple[tuple[str, ...], str | None, tuple[tuple[str, str | None, Any], ...]]]"
                 " = {")
    for table in WRITTEN:
        lines.append(f"    {table.name!r}: {spec(table)!r},")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write :data:`GENERATED` (``--check``: only compare, exit 1 if it differs)."""
    parser = argparse.ArgumentParser(prog="python -m joker.ledger.queries", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if queries_sqlite.py is not up to date")
    args = parser.parse_args(argv)
    text = module_text()
    current = GENERATED.read_text(encoding="utf-8") if GENERATED.exists() else ""
    if args.check:
        if current != text:
            print(f"{GENERATED} is out of date: run python -m joker.ledger.queries", file=sys.stderr)
            return 1
        return 0
    if current != text:
        GENERATED.write_text(text, encoding="utf-8")
        print(f"wrote {GENERATED}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
