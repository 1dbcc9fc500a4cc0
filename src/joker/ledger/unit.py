"""A write transaction of the ledger as its commands see it (:class:`Tx`), and
its implementation on an SQLite file with the standard library's ``sqlite3``
alone (:class:`SqliteTx`): no SQLAlchemy, no Alembic, so a writing command
(``joker ledger bids``) starts as fast as a reading one (docs/scorekeeper.md,
"Start-up").

The commands' work (:mod:`.rows`, :mod:`.entry`, :mod:`.standings`, the
methods of :class:`~.repository.Ledger`) is written once, on :class:`Tx`:
rows are made with :meth:`Tx.new` and found with the named statements of
:mod:`.queries` (:data:`~.queries.ROWS`, :data:`~.queries.WRITES`); the rows
have the attributes of the ORM classes of :mod:`joker.store.ledger_tables`
(their columns and relationships) and are changed by assigning them.  Two
implementations:

* :class:`~.orm_tx.OrmTx` — SQLAlchemy's ORM session, the rows its mapped
  objects (PostgreSQL, and any database that is not an SQLite file at the head
  revision);
* :class:`SqliteTx` — a small unit of work: rows are :class:`Row` objects kept
  once each per primary key (an identity map), loaded by the SQLite rendering
  of the statements (:mod:`.queries_sqlite`), and written at each flush — the
  new ones inserted (the columns' defaults of :data:`~.queries_sqlite.TABLE_SPECS`
  applied), the changed ones updated, the deleted ones deleted — before every
  query, as the ORM's autoflush does.  Values are stored as SQLAlchemy stores
  them (JSON text, 0/1, ISO dates and times), an unchanged column rewritten
  with exactly its stored value, so a ledger written either way holds the
  same rows (``tests/test_ledger_unit.py`` compares them).

Relationships (:data:`MANY`, :data:`ONE`) are those of
:mod:`joker.store.ledger_tables`: a collection (``game.deals``) is loaded on
first use and a row appended to it is inserted at the next flush with its
owner's id; a row is deleted only by :meth:`Tx.delete` (the ledger always
removes it from its collection too).
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol, Sequence

from joker.store.times import utcnow

if TYPE_CHECKING:
    from .source import Reads


class Tx(Protocol):
    """One write transaction: rows to make, find, change and delete (see the module's text)."""

    def new(self, table: str, **values: Any) -> Any:
        """A new row of ``table`` with ``values`` (columns; defaults at its insert), not yet added."""
        ...

    def add(self, row: Any) -> None:
        """Insert ``row`` at the next flush."""
        ...

    def delete(self, row: Any) -> None:
        """Delete ``row`` at the next flush."""
        ...

    def flush(self) -> None:
        """Write every change made so far (still in the transaction)."""
        ...

    def refresh(self, row: Any) -> None:
        """Read ``row`` again from the database (its collections reloaded when next used)."""
        ...

    def get(self, table: str, key: Any) -> Any:
        """The row of ``table`` with primary key ``key`` (a value, or a tuple for a composite key), or None."""
        ...

    def first(self, query: str, **params: Any) -> Any:
        """The first row of ``query`` (a name of :data:`.queries.ROWS`), or None."""
        ...

    def all(self, query: str, **params: Any) -> list[Any]:
        """Every row of ``query`` (a name of :data:`.queries.ROWS`)."""
        ...

    def scalar(self, query: str, **params: Any) -> Any:
        """The first column of the first row of ``query`` (a name of :data:`.queries.WRITES`), or None."""
        ...

    def execute(self, query: str, **params: Any) -> None:
        """Run ``query`` (a name of :data:`.queries.WRITES`: a lock or a delete)."""
        ...

    def reads(self) -> Reads:
        """The read queries of :mod:`.queries` in this transaction, its changes flushed first."""
        ...


MANY: dict[tuple[str, str], tuple[str, str, str]] = {
    ("games", "seats"): ("game_seat_rows", "game", "game_id"),
    ("games", "deals"): ("game_deal_rows", "game", "game_id"),
    ("games", "infringements"): ("game_infringement_rows", "game", "game_id"),
    ("game_days", "games"): ("day_games", "day", "day_id"),
}
"""(table, attribute) → (query of :data:`.queries.ROWS`, its parameter, the member's column naming the owner):
the collections of :mod:`joker.store.ledger_tables` (the owner's primary key ``id`` is the parameter)."""

ONE: dict[tuple[str, str], tuple[str, str]] = {
    ("games", "day"): ("game_days", "day_id"),
    ("game_days", "cup_holder"): ("players", "cup_holder_id"),
    ("game_seats", "player"): ("players", "player_id"),
    ("infringements", "player"): ("players", "player_id"),
    ("slaps", "player"): ("players", "player_id"),
}
"""(table, attribute) → (the table referred to, the column holding its primary key)."""

EVICTS: dict[str, tuple[str, str, str]] = {
    "delete_slaps_of_infringement": ("slaps", "infringement_id", "infringement"),
    "delete_cup_results_of_game": ("cup_results", "game_id", "game"),
}
"""A delete of :data:`.queries.WRITES` → (its table, column, parameter): the rows it deletes leave the identity map."""


def _datetime_text(value: Any) -> str:
    """A time as SQLAlchemy's SQLite ``DATETIME`` stores it (its fields; no time zone)."""
    return str(value.strftime("%Y-%m-%d %H:%M:%S.%f"))


STORE: dict[str, Callable[[Any], Any]] = {
    "json": json.dumps,
    "bool": int,
    "date": lambda v: v.isoformat(),
    "datetime": _datetime_text,
}
"""Kind → how a value is stored (SQLAlchemy's conversions for SQLite; JSON's None is the text ``null``)."""


class Row:
    """A row of one table: its columns as attributes, its relationships (:data:`MANY`, :data:`ONE`) loaded
    through its :class:`SqliteTx` when first used."""

    def __init__(self, tx: SqliteTx, table: str, values: dict[str, Any], state: _State) -> None:
        self.__dict__.update(values)
        self.__dict__["_tx"] = tx
        self.__dict__["_table"] = table
        self.__dict__["_state"] = state

    def __getattr__(self, name: str) -> Any:  # a column is in __dict__: only relationships reach here
        tx: SqliteTx = self.__dict__["_tx"]
        return tx.related(self, name)

    def __repr__(self) -> str:
        table = self.__dict__["_table"]
        return f"<{table} {dict((k, v) for k, v in vars(self).items() if not k.startswith('_'))}>"


class _State:
    """What the unit knows of a row: stored (``loaded``: its values as stored, ``nulls``: its JSON columns
    stored as SQL NULL) or new (``loaded`` None; ``given``: the columns it was made with)."""

    __slots__ = ("loaded", "nulls", "given", "owner")

    def __init__(self, loaded: dict[str, Any] | None, nulls: set[str], given: set[str]) -> None:
        self.loaded = loaded
        self.nulls = nulls
        self.given = given
        self.owner: tuple[Row, str] | None = None


def _state(row: Row) -> _State:
    """What the unit knows of ``row``."""
    state: _State = row.__dict__["_state"]
    return state


class FlushingReads:
    """:class:`~.source.Reads` in a :class:`SqliteTx`: its changes flushed before each query."""

    def __init__(self, tx: SqliteTx) -> None:
        self.tx = tx

    def rows(self, query: str, **params: Any) -> Sequence[Any]:
        from .source import SqliteReads as Plain

        self.tx.flush()
        return Plain(self.tx.conn).rows(query, **params)

    def scalar(self, query: str, **params: Any) -> Any:
        found = self.rows(query, **params)
        return next(iter(vars(found[0]).values())) if found else None


class SqliteTx:
    """:class:`Tx` on an ``sqlite3`` connection inside a transaction the caller began (``BEGIN IMMEDIATE``)
    and ends: :meth:`flush` before committing."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        from . import queries_sqlite

        self.conn = conn
        self.sql = queries_sqlite.WRITES
        self.specs = queries_sqlite.TABLE_SPECS
        self.row_tables = queries_sqlite.ROW_TABLES
        self.order = list(self.specs)
        self.rows: dict[tuple[str, tuple[Any, ...]], Row] = {}
        self.pending: list[Row] = []
        self.deleted: list[Row] = []

    # -- running the rendered statements ------------------------------------------------------------------
    def _run(self, name: str, params: Mapping[str, Any], raw: frozenset[str] = frozenset()) -> sqlite3.Cursor:
        """Statement ``name`` with ``params`` converted for storage (but the names in ``raw``, given as stored)."""
        sql, constants, _, kinds = self.sql[name]
        values = {**constants, **params}
        for param, kind in kinds:
            value = values.get(param)
            if param not in raw and (value is not None or kind == "json"):
                values[param] = STORE[kind](value)
        return self.conn.execute(sql, values)

    def _loaded(self, table: str, name: str, cursor: sqlite3.Cursor) -> list[Row]:
        """The rows of ``cursor`` (a query of whole rows of ``table``), each the one already known if it is."""
        from joker.store.sqlite_read import CONVERT

        columns = self.sql[name][2]
        key, _, _ = self.specs[table]
        out = []
        for found in cursor.fetchall():
            values = {c: (CONVERT[kind](v) if kind else v) for (c, kind), v in zip(columns, found)}
            ident = (table, tuple(values[k] for k in key))
            row = self.rows.get(ident)
            if row is None:
                nulls = {c for (c, kind), v in zip(columns, found) if kind == "json" and v is None}
                row = Row(self, table, values, _State(dict(values), nulls, set()))
                self.rows[ident] = row
            out.append(row)
        return out

    # -- Tx --------------------------------------------------------------------------------------------------
    def new(self, table: str, **values: Any) -> Row:
        columns = [c for c, _, _ in self.specs[table][2]]
        unknown = set(values) - set(columns)
        if unknown:
            raise TypeError(f"{table} has no column {', '.join(sorted(unknown))}")
        return Row(self, table, {c: values.get(c) for c in columns}, _State(None, set(), set(values)))

    def add(self, row: Row) -> None:
        state = _state(row)
        if state.loaded is None and all(r is not row for r in self.pending):
            self.pending.append(row)

    def delete(self, row: Row) -> None:
        state = _state(row)
        if state.loaded is None:
            self.pending = [r for r in self.pending if r is not row]
        elif all(r is not row for r in self.deleted):
            self.deleted.append(row)

    def get(self, table: str, key: Any) -> Row | None:
        pk = key if isinstance(key, tuple) else (key,)
        known = self.rows.get((table, pk))
        if known is not None:
            return known
        self.flush()
        names = self.specs[table][0]
        cursor = self._run(f"get:{table}", {f"pk_{c}": v for c, v in zip(names, pk)})
        found = self._loaded(table, f"get:{table}", cursor)
        return found[0] if found else None

    def first(self, query: str, **params: Any) -> Row | None:
        found = self.all(query, **params)
        return found[0] if found else None

    def all(self, query: str, **params: Any) -> list[Any]:
        self.flush()
        return list(self._loaded(self.row_tables[query], query, self._run(query, params)))

    def scalar(self, query: str, **params: Any) -> Any:
        self.flush()
        found = self._run(query, params).fetchone()
        return None if found is None else found[0]

    def execute(self, query: str, **params: Any) -> None:
        self.flush()
        self._run(query, params)
        evicts = EVICTS.get(query)
        if evicts is not None:
            table, column, param = evicts
            for ident, row in list(self.rows.items()):
                if ident[0] == table and getattr(row, column) == params[param]:
                    del self.rows[ident]

    def refresh(self, row: Row) -> None:
        self.flush()
        table = row.__dict__["_table"]
        key, _, columns = self.specs[table]
        state = _state(row)
        assert state.loaded is not None, "refresh of a row not stored"
        sql_columns = self.sql[f"get:{table}"][2]
        found = self._run(f"get:{table}", {f"pk_{c}": state.loaded[c] for c in key}).fetchone()
        if found is None:
            raise LookupError(f"{table} row {[state.loaded[c] for c in key]} is gone")
        from joker.store.sqlite_read import CONVERT

        values = {c: (CONVERT[kind](v) if kind else v) for (c, kind), v in zip(sql_columns, found)}
        row.__dict__.update(values)
        state.loaded = dict(values)
        state.nulls = {c for (c, kind), v in zip(sql_columns, found) if kind == "json" and v is None}
        for (owner, attribute) in MANY:
            if owner == table:
                row.__dict__.pop(attribute, None)

    def reads(self) -> Reads:
        return FlushingReads(self)

    # -- relationships -----------------------------------------------------------------------------------------
    def related(self, row: Row, name: str) -> Any:
        """Relationship ``name`` of ``row``: a collection (loaded once, kept on the row) or the row referred to."""
        table = row.__dict__["_table"]
        one = ONE.get((table, name))
        if one is not None:
            target, column = one
            value = row.__dict__[column]
            return None if value is None else self.get(target, value)
        many = MANY.get((table, name))
        if many is None:
            raise AttributeError(f"{table} row has no attribute {name!r}")
        query, param, _ = many
        state = _state(row)
        members: list[Row] = [] if state.loaded is None else self.all(query, **{param: row.__dict__["id"]})
        row.__dict__[name] = members
        return members

    # -- flushing ----------------------------------------------------------------------------------------------
    def _collected(self) -> None:
        """Add the new rows appended to a loaded collection (each remembering its owner, whose id it takes)."""
        for row in [*self.rows.values(), *self.pending]:
            table = row.__dict__["_table"]
            for (owner, attribute), (_, _, column) in MANY.items():
                if owner != table or attribute not in row.__dict__:
                    continue
                for member in row.__dict__[attribute]:
                    state = _state(member)
                    if state.loaded is None:
                        state.owner = (row, column)
                        self.add(member)

    def flush(self) -> None:
        self._collected()
        pending, self.pending = self.pending, []
        for table in self.order:
            for row in pending:
                if row.__dict__["_table"] == table:
                    self._insert(row)
        for row in list(self.rows.values()):
            if all(r is not row for r in self.deleted):
                self._update(row)
        deleted, self.deleted = self.deleted, []
        for table in reversed(self.order):
            for row in deleted:
                if row.__dict__["_table"] == table:
                    self._delete(row)

    def _insert(self, row: Row) -> None:
        table = row.__dict__["_table"]
        key, numbered, columns = self.specs[table]
        state = _state(row)
        if state.owner is not None and row.__dict__[state.owner[1]] is None:
            row.__dict__[state.owner[1]] = state.owner[0].__dict__["id"]
        now = utcnow()
        nulls = set()
        for column, kind, default in columns:
            if column in state.given:
                continue
            if default is not None:
                row.__dict__[column] = default[1] if default[0] == "value" else now
            elif kind == "json":
                nulls.add(column)  # not given: stored as SQL NULL, as the ORM leaves it out
        values = {c: row.__dict__[c] for c, _, _ in columns}
        cursor = self._run(f"insert:{table}", values, frozenset(nulls))
        if numbered is not None and row.__dict__[numbered] is None:
            row.__dict__[numbered] = cursor.lastrowid
        state.loaded = {c: row.__dict__[c] for c, _, _ in columns}
        state.nulls = nulls
        self.rows[(table, tuple(row.__dict__[k] for k in key))] = row

    def _update(self, row: Row) -> None:
        table = row.__dict__["_table"]
        key, _, columns = self.specs[table]
        state = _state(row)
        assert state.loaded is not None
        values = {c: row.__dict__[c] for c, _, _ in columns}
        if values == state.loaded:
            return
        still_null = frozenset(c for c in state.nulls if values[c] is None)  # unchanged: stays SQL NULL
        params = {c: v for c, v in values.items() if c not in key}
        params.update({f"pk_{c}": state.loaded[c] for c in key})
        self._run(f"update:{table}", params, still_null)
        state.loaded = values
        state.nulls = set(still_null)

    def _delete(self, row: Row) -> None:
        table = row.__dict__["_table"]
        key = self.specs[table][0]
        state = _state(row)
        assert state.loaded is not None
        self._run(f"delete:{table}", {f"pk_{c}": state.loaded[c] for c in key})
        self.rows.pop((table, tuple(state.loaded[c] for c in key)), None)
