"""Alembic environment of the joker database.

Run by :func:`joker.store.schema.upgrade` / :func:`~joker.store.schema.downgrade`,
which pass an open SQLAlchemy connection in ``config.attributes["connection"]``;
there is no ``alembic.ini`` and no logging setup (the package ships this
directory and configures Alembic in code).  Alembic loads this file on its
own, not as part of the package: its imports are absolute.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from joker.store import Base  # with every table on its metadata: the ledger's and the web server's

config = context.config
connection: Connection | None = config.attributes.get("connection")
if connection is None:  # pragma: no cover - only reached when run by hand with a URL
    url = config.get_main_option("sqlalchemy.url")
    assert url is not None, "set sqlalchemy.url or pass a connection"
    connection = create_engine(url).connect()

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
