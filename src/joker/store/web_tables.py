"""The web server's tables (SQLAlchemy 2 typed ORM), used by :mod:`joker.server`:
on the same database and metadata (:class:`.base.Base`) as the scorekeeper's,
created by the Alembic migrations ``0002_web_tables``, ``0003_web_analyses``,
``0004_web_table_game``, ``0005_web_chat_rematch`` and ``0006_web_table_abandoned``.

A web table is stored as the engine needs it to rebuild the game exactly:
the rules string, the seed and the first dealer (so every deal's cards
follow), and every accepted action in order (``web_actions``), written
before the action is broadcast.  Replaying the actions through
:meth:`joker.games.joker.engine.GameState.apply` rebuilds the state after a restart.

Seats are 0-based, deal numbers 1-based (as on the paper sheet and in the
ledger).  Times are UTC.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, utcnow


class WebTable(Base):
    """One table of the web app.

    ``game``: the game's name in :mod:`joker.registry` (``joker`` for every
    table made before there were two games; migration ``0004_web_table_game``).
    ``status``: ``waiting`` (seats being taken), ``playing``, ``finished``.
    ``seats``: per seat ``{"name", "kind": "human"|"bot"|"open", "bot", "nonce",
    "takeover"}`` (``nonce``: the current seat token's nonce; a new one revokes
    the old token).  ``options``: ``turn_seconds`` (0: no timer),
    ``stalling_dot``, ``public``, ``fill_bot``, ``spectator_chat`` (``hidden``,
    ``read``, ``write``: what spectators may do in the chat).  ``penalties``: dots given by
    vote, as :class:`joker.games.joker.record.Penalty` dicts.  ``seq``: the number of
    the last event that is not an action (an action's number is on its
    ``web_actions`` row, written alone: the table's last event is the later of
    the two).  ``record``: the finished game's record (JSON text).
    ``rematch``: the id of the table its host made for a rematch with the same
    seats (migration ``0005_web_chat_rematch``), else ``None``.
    ``abandoned_at``: when a waiting or playing table nobody had connected to
    for the server's ``--abandon-minutes`` left the lobby (:mod:`joker.server.idle`;
    ``None`` while it is not abandoned: a seat token or a join clears it;
    migration ``0006_web_table_abandoned``).
    """

    __tablename__ = "web_tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), default="joker", server_default="joker")
    rules: Mapped[str] = mapped_column(String(400))
    rules_version: Mapped[int] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(40))
    first_dealer: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(12), default="waiting", index=True)
    seats: Mapped[list[Any]]
    host_seat: Mapped[int] = mapped_column(Integer, default=0)
    options: Mapped[dict[str, Any]]
    penalties: Mapped[list[Any]]
    seq: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
    started_at: Mapped[dt.datetime | None]
    finished_at: Mapped[dt.datetime | None]
    totals: Mapped[list[Any] | None]
    record: Mapped[str | None] = mapped_column(Text)
    rematch: Mapped[str | None] = mapped_column(String(16))
    abandoned_at: Mapped[dt.datetime | None]


class WebAction(Base):
    """The ``number``-th (0-based) accepted action of a table's game: its event
    number ``seq``, the deal (1-based), the seat that acted, the action in the
    engine's notation and who chose it (``source``: ``human``, ``bot``,
    ``takeover`` — a bot playing for an absent player —, ``timeout``)."""

    __tablename__ = "web_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    deal: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(24))
    source: Mapped[str] = mapped_column(String(10), default="human")
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class WebSetting(Base):
    """Server settings kept in the database: ``secret`` (the key that signs seat tokens)."""

    __tablename__ = "web_settings"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class WebAnalysis(Base):
    """The double-dummy analysis of a finished table's game (:mod:`joker.games.joker.analysis`),
    made once and kept: ``analysis`` is :meth:`joker.games.joker.analysis.Analysis.to_json`
    as JSON text; ``rules_version`` (:data:`joker.games.joker.rules.RULES_VERSION`) and
    ``code_version`` (``joker.__version__``) say what made it — an analysis made
    by other versions is not served (:meth:`joker.server.store.Store.analysis_text`)."""

    __tablename__ = "web_analyses"

    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True)
    analysis: Mapped[str] = mapped_column(Text)
    rules_version: Mapped[int] = mapped_column(Integer)
    code_version: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)


class WebChat(Base):
    """The ``number``-th (0-based) message of a table's chat (not part of the
    game record): the seat that said it (``None``: a spectator), the name shown,
    and either ``text`` (at most 300 characters) or ``reaction`` (a quick
    reaction's code, said in each reader's language).  Migration ``0005_web_chat_rematch``."""

    __tablename__ = "web_chat"

    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str | None] = mapped_column(Text)
    reaction: Mapped[str | None] = mapped_column(String(24))
    created_at: Mapped[dt.datetime] = mapped_column(default=utcnow)
