"""Alembic environment of the ledger.

Run by :func:`joker.ledger.db.upgrade` / :func:`~joker.ledger.db.downgrade`,
which pass an open SQLAlchemy connection in ``config.attributes["connection"]``;
there is no ``alembic.ini`` and no logging setup (the package ships this
directory and configures Alembic in code).
"""

from __future__ import annotations

from alembic import context

from joker.ledger.models import Base
import joker.server.models  # noqa: F401,E402  (the web app's tables, revisions 0002–0003, on the same metadata)

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - only reached when run by hand with a URL
    from sqlalchemy import create_engine

    connection = create_engine(config.get_main_option("sqlalchemy.url")).connect()

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
