"""The scorekeeper for games played with real cards (RULES.md §8–§12): the
Bus-Angeles sheet with premiums and cuts, fines, dots and slaps, the cup
(«Петушок») and history, stored with SQLAlchemy (SQLite or PostgreSQL).

See docs/scorekeeper.md.  The database — tables, URL, engine, migrations —
is :mod:`joker.store`'s.  Modules:
:mod:`.regulation` (pure rules of fines, dots, slaps and the cup), :mod:`.db`
(:class:`LedgerError`; the store's errors said as the ledger's), :mod:`joker.i18n.ledger` (every error's text in
English and Russian: ``message(e, lang)``), :mod:`.repository` (:class:`Ledger`: every
command as one transaction) with its parts :mod:`.values` (what it returns
and raises), :mod:`.inputs`, :mod:`.rows`, :mod:`.records` (a stored game as
the engine sees it), :mod:`.entry` (entering deals, penalties, redeals,
undo/edit), :mod:`.standings` (finishing, cup, slaps), :mod:`.view`; then
:mod:`.verify`, :mod:`.paper` (CSV and JSON import/export), :mod:`.stats`,
:mod:`.charts`.

:class:`Ledger` is imported the first time it is named; it writes in a
transaction :class:`~.unit.Tx` — SQLAlchemy's ORM (:mod:`.orm_tx`), or on an
SQLite file at the head revision opened ``fast`` ``sqlite3`` alone
(:class:`~.unit.SqliteTx`).  :class:`LedgerReader` (:mod:`.reading`) answers
the reading commands without the ORM, and on an SQLite file without
SQLAlchemy at all (:mod:`.source`: :class:`~.source.SqliteSource` runs the
queries of :mod:`.queries` as rendered in :mod:`.queries_sqlite`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from joker.lazy import attributes

if TYPE_CHECKING:  # imported when first named (lazy.attributes)
    from .db import DatabaseUnavailable, LedgerError
    from .reading import LedgerReader
    from .repository import Ledger
    from .values import (
        ConflictError,
        CurrentDeal,
        DayInfo,
        GameView,
        KeeperDecisionNeeded,
        PenaltyInfo,
        PlayerInfo,
        Undone,
        VoidDeal,
    )

WHERE = {
    **dict.fromkeys(("DatabaseUnavailable", "LedgerError"), ".db"),
    "LedgerReader": ".reading",
    "Ledger": ".repository",
    **dict.fromkeys(("ConflictError", "CurrentDeal", "DayInfo", "GameView", "KeeperDecisionNeeded", "PenaltyInfo",
                     "PlayerInfo", "Undone", "VoidDeal"), ".values"),
}
"""Each name of :data:`__all__` → its module, imported when the name is first used:
``import joker.ledger`` imports nothing heavy (nor does :class:`Ledger`: its ORM is imported when used)."""

__getattr__ = attributes(__name__, WHERE)


__all__ = [
    "ConflictError", "CurrentDeal", "DatabaseUnavailable", "DayInfo", "GameView", "KeeperDecisionNeeded",
    "Ledger", "LedgerError", "LedgerReader", "PenaltyInfo", "PlayerInfo", "Undone", "VoidDeal",
]
