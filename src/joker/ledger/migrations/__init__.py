"""Alembic migrations of the ledger schema (applied by :func:`joker.ledger.db.upgrade`)."""
