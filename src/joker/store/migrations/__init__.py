"""Alembic migrations of the joker database (applied by :func:`joker.store.schema.upgrade`)."""
