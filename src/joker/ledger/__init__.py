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
"""

from .db import DatabaseUnavailable, LedgerError
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

__all__ = [
    "ConflictError", "CurrentDeal", "DatabaseUnavailable", "DayInfo", "GameView", "KeeperDecisionNeeded",
    "Ledger", "LedgerError", "PenaltyInfo", "PlayerInfo", "Undone", "VoidDeal",
]
