""":class:`~.unit.Tx` on SQLAlchemy's ORM: a write transaction of the ledger on
any database SQLAlchemy reaches (PostgreSQL; an SQLite file being created or
migrated; ``sqlite://`` in memory).  Rows are the ORM classes of
:mod:`joker.store.ledger_tables`, found with the Core statements of
:mod:`.queries` (:data:`~.queries.ROWS` loaded as ORM objects with
``from_statement``); the session autoflushes before each query.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from joker.store import Base
from .queries import ROWS, WRITES
from .source import CoreReads

if TYPE_CHECKING:
    from .source import Reads

ORM: dict[str, type[Any]] = {m.class_.__table__.name: m.class_ for m in Base.registry.mappers}
"""Table name → its ORM class (every mapped class of :mod:`joker.store`)."""


class OrmTx:
    """:class:`~.unit.Tx` on the ORM session ``s`` (inside its transaction)."""

    def __init__(self, s: Session) -> None:
        self.s = s

    def new(self, table: str, **values: Any) -> Any:
        return ORM[table](**values)

    def add(self, row: Any) -> None:
        self.s.add(row)

    def delete(self, row: Any) -> None:
        self.s.delete(row)

    def flush(self) -> None:
        self.s.flush()

    def refresh(self, row: Any) -> None:
        self.s.refresh(row)

    def get(self, table: str, key: Any) -> Any:
        return self.s.get(ORM[table], key)

    def first(self, query: str, **params: Any) -> Any:
        found = self.all(query, **params)
        return found[0] if found else None

    def all(self, query: str, **params: Any) -> list[Any]:
        table, stmt = ROWS[query]
        return list(self.s.scalars(select(ORM[table.name]).from_statement(stmt), params))

    def scalar(self, query: str, **params: Any) -> Any:
        return self.s.scalar(WRITES[query], params)

    def execute(self, query: str, **params: Any) -> None:
        self.s.execute(WRITES[query], params)

    def reads(self) -> Reads:
        return CoreReads(self.s)
