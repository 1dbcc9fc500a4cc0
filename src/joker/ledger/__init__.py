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

:class:`Ledger` (which writes with SQLAlchemy's ORM) is imported the first time
it is named; :class:`LedgerReader` (:mod:`.reading`: SQLAlchemy Core only)
answers the reading commands without the ORM.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .db import DatabaseUnavailable, LedgerError
from .reading import LedgerReader
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

if TYPE_CHECKING:  # imported when first named (__getattr__): the ORM
    from .repository import Ledger


def __getattr__(name: str) -> Any:
    """:class:`Ledger`, from :mod:`.repository` (and with it the ORM)."""
    if name == "Ledger":
        from .repository import Ledger

        return Ledger
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ConflictError", "CurrentDeal", "DatabaseUnavailable", "DayInfo", "GameView", "KeeperDecisionNeeded",
    "Ledger", "LedgerError", "LedgerReader", "PenaltyInfo", "PlayerInfo", "Undone", "VoidDeal",
]
