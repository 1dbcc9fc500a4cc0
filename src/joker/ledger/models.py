"""The scorekeeper's tables, as the ledger's modules name them: declared in
:mod:`joker.store.ledger_tables` (beside the web server's, on one metadata
and one Alembic history); this module only re-exports them."""

from joker.store.base import utcnow
from joker.store.ledger_tables import CupResult, Deal, Entry, Game, GameDay, GameSeat, InfringementRow, Player, Slap

__all__ = ["CupResult", "Deal", "Entry", "Game", "GameDay", "GameSeat", "InfringementRow", "Player", "Slap", "utcnow"]
