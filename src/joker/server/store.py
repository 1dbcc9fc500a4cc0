"""Persistence of web tables on the ledger's database (SQLite by default,
PostgreSQL through ``JOKER_DB_URL``), in the tables of
:mod:`joker.store.web_tables`.  Database errors are raised as the ledger's
(:func:`joker.ledger.db.translated`): the app says every
:class:`~joker.ledger.db.LedgerError` in the client's language.

Every write is one short transaction — or, under load, part of one: the
hub's single writer thread takes every write waiting for it and commits them
together (:meth:`Store.batch`, group commit).  Only after the commit does the
hub install the event in memory and broadcast it — so what a client has seen
is always on disk, and a restarted server resumes every table exactly
(:meth:`Store.load`).  A finished game's double-dummy analysis is kept
beside it (:meth:`Store.save_analysis`), made once; a table's chat beside
its game (:meth:`Store.add_chat`, never in the game's record).
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterator

from sqlalchemy import Connection, Engine, delete, exists, insert, select, update

from joker.version import __version__
from joker import registry
from joker.ledger.db import LedgerError, translated
from joker.store import WRITE, WebAction, WebAnalysis, WebChat, WebSetting, WebTable, utcnow
from .plugin import Kit, kit
from .social import chat_message
from .table import BOT, CHAT_KEPT, FINISHED, PLAYING, WAITING, Options, Seat, Table, rebuild
from .tokens import new_secret

log = logging.getLogger("joker.server")


@lru_cache(maxsize=1024)
def _rules(game: str, text: str) -> Any:
    """A stored rules string parsed by its game (cached: the same few strings come again and again)."""
    return registry.game(game).parse_rules(text)


def _analysis_rules_version() -> int:
    """The rules version an analysis is made for: the double-dummy analysis is the default game's (Joker's)."""
    return kit(registry.DEFAULT).web.rules_version


@dataclass(frozen=True)
class FinishedGame:
    """A finished table, for the list of games: id, rules, players (their stored
    names), totals, when, per seat whether a bot sat there, and its game (its
    :mod:`joker.registry` name: its plug-in says the totals, ``total_label``)."""

    id: str
    rules: str
    players: tuple[str, ...]
    totals: tuple[int, ...]
    finished_at: dt.datetime | None
    bots: tuple[bool, ...] = ()
    game: str = registry.DEFAULT


@dataclass(frozen=True)
class StoredTable:
    """A waiting or playing table as its row says (for a lobby of every process's tables): no game state."""

    id: str
    game: str
    rules: Any
    status: str
    seats: tuple[Seat, ...]
    kit: Kit


class Store:
    """The web tables' storage on ``engine`` (already migrated by the ledger's
    :func:`joker.ledger.db.open_engine`); ``url`` is used in error messages."""

    def __init__(self, engine: Engine, url: str):
        self.engine = engine
        self.url = url
        self.writer = engine.execution_options(**{WRITE: True})
        self._local = threading.local()

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """The transaction of the batch being written (:meth:`batch`), else a new one."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            yield conn
            return
        with translated(self.url), self.writer.begin() as c:
            yield c

    def batch(self, ops: list[Callable[["Store"], None]]) -> list[BaseException | None]:
        """Run several writes in one transaction (group commit: under load one
        commit serves many tables).  If the batch fails, each write is retried
        in its own transaction, so one bad write fails alone.  Returns, per
        write, ``None`` or the exception it raised."""
        if len(ops) > 1:
            try:
                with translated(self.url), self.writer.begin() as c:
                    self._local.conn = c
                    self._local.actions = []
                    try:
                        for op in ops:
                            op(self)
                        if self._local.actions:  # every action of the batch in one statement
                            c.execute(insert(WebAction), self._local.actions)
                    finally:
                        self._local.conn = self._local.actions = None
                return [None] * len(ops)
            except Exception:
                pass  # find the culprit: one transaction each
        out: list[BaseException | None] = []
        for op in ops:
            try:
                op(self)
                out.append(None)
            except Exception as e:  # noqa: BLE001 - handed to the waiting request
                out.append(e)
        return out

    # -- settings ------------------------------------------------------------------------------
    def secret(self) -> bytes:
        """The key that signs seat tokens: made once and kept in the database,
        so tokens stay valid across restarts."""
        with self._write() as c:
            value = c.execute(select(WebSetting.value).where(WebSetting.key == "secret")).scalar()
            if value is None:
                value = new_secret()
                c.execute(insert(WebSetting).values(key="secret", value=value))
        return value.encode()

    # -- writing ------------------------------------------------------------------------------
    def create(self, t: Table) -> None:
        """A new table ``t`` (waiting), as it is now."""
        with self._write() as c:
            _insert_table(c, t)

    def exists(self, table_id: str) -> bool:
        with translated(self.url), self.engine.connect() as c:
            return c.execute(select(WebTable.id).where(WebTable.id == table_id)).first() is not None

    @staticmethod
    def _advance(c: Connection, table_id: str, seq: int, again: bool = False, **values: Any) -> None:
        """Set the table's event number to ``seq`` (and ``values``) if no event
        ``seq`` or later is written (the row's number, or a stored action's): the
        fence that keeps two server processes from both writing event ``seq``
        (docs/deploy.md); ``again``: a change that is no event (a renewed seat
        link) at the table's last event ``seq``, so nothing later may be written.
        Raises :class:`LedgerError` when it is."""
        later = exists().where(WebAction.table_id == table_id, WebAction.seq > seq if again else WebAction.seq >= seq)
        done = c.execute(update(WebTable).where(WebTable.id == table_id,
                                                WebTable.seq <= seq if again else WebTable.seq < seq, ~later)
                         .values(seq=seq, **values))
        if done.rowcount != 1:
            raise LedgerError("web_event_written", table=table_id, seq=seq)

    def save_seats(self, table_id: str, seats: list[dict[str, Any]], host_seat: int, seq: int) -> None:
        """The seats after event ``seq`` (a seats event, or a renewed seat link at the last event)."""
        with self._write() as c:
            self._advance(c, table_id, seq, again=True, seats=seats, host_seat=host_seat)

    def start(self, table_id: str, seats: list[dict[str, Any]], seq: int) -> None:
        with self._write() as c:
            self._advance(c, table_id, seq, seats=seats, status=PLAYING, started_at=utcnow())

    def append_action(self, table_id: str, number: int, seq: int, deal: int, seat: int, action: str, source: str,
                      finish: dict[str, Any] | None = None) -> None:
        """The ``number``-th action (and, with ``finish``, the game's end: totals and
        record) in one transaction.  The action's row alone carries its event
        number (the table's row keeps the last other event's: :meth:`load` takes
        the later); within a batch every action row is written by one statement,
        and the primary key ``(table, number)`` lets no two processes write one."""
        row = {"table_id": table_id, "number": number, "seq": seq, "deal": deal, "seat": seat, "action": action,
               "source": source, "created_at": utcnow()}
        batched = getattr(self._local, "actions", None)
        if finish is None and batched is not None:
            batched.append(row)
            return
        with self._write() as c:
            if finish is not None:
                self._advance(c, table_id, seq, status=FINISHED, totals=finish["totals"], record=finish["record"],
                              finished_at=utcnow())
            c.execute(insert(WebAction).values(**row))

    def save_options(self, table_id: str, options: dict[str, Any], seq: int) -> None:
        """The table's options (:meth:`joker.server.table.Options.to_db`) after event ``seq``."""
        with self._write() as c:
            c.execute(update(WebTable).where(WebTable.id == table_id).values(options=options, seq=seq))

    def create_rematch(self, table_id: str, seq: int, new: Table) -> None:
        """The rematch table ``new`` of the finished table ``table_id`` (event
        ``seq`` tells of it), both in one transaction."""
        with self._write() as c:
            _insert_table(c, new)
            c.execute(update(WebTable).where(WebTable.id == table_id).values(rematch=new.id, seq=seq))

    def add_chat(self, table_id: str, number: int, msg: dict[str, Any]) -> None:
        """The ``number``-th chat message of a table: ``msg`` as sent to clients
        (:func:`joker.server.social.chat_message`: ``seat``, ``name``, ``text`` or ``reaction``)."""
        with self._write() as c:
            c.execute(insert(WebChat).values(table_id=table_id, number=number, seat=msg["seat"], name=msg["name"],
                                             text=msg.get("text"), reaction=msg.get("reaction"),
                                             created_at=dt.datetime.fromisoformat(msg["at"])))

    def save_penalties(self, table_id: str, penalties: list[dict[str, Any]], seq: int) -> None:
        with self._write() as c:
            self._advance(c, table_id, seq, penalties=penalties)

    def abandon(self, table_id: str, at: dt.datetime) -> bool:
        """Mark the waiting or playing table ``table_id`` abandoned at ``at`` (UTC; :mod:`.idle`):
        out of the lobby and not resumed at start.  ``False`` when it is finished, gone or
        abandoned already (two processes may try: the first one marks it)."""
        with self._write() as c:
            done = c.execute(update(WebTable).where(WebTable.id == table_id,
                                                    WebTable.status.in_([WAITING, PLAYING]),
                                                    WebTable.abandoned_at.is_(None)).values(abandoned_at=at))
            return bool(done.rowcount == 1)

    def revive(self, table_id: str) -> bool:
        """``table_id`` is no longer abandoned (a seat token or a join came: :mod:`.idle`);
        ``False`` when it was not abandoned."""
        with self._write() as c:
            done = c.execute(update(WebTable).where(WebTable.id == table_id, WebTable.abandoned_at.is_not(None))
                             .values(abandoned_at=None))
            return bool(done.rowcount == 1)

    # -- reading ------------------------------------------------------------------------------
    def load(self, table_id: str | None = None) -> list[Table]:
        """The tables still waiting or playing and not abandoned (or the one ``table_id``,
        whatever its state), each rebuilt by replaying its stored actions through the engine."""
        with translated(self.url), self.engine.connect() as c:
            q = select(WebTable)
            q = q.where(WebTable.id == table_id) if table_id else q.where(WebTable.status.in_([WAITING, PLAYING]),
                                                                          WebTable.abandoned_at.is_(None))
            rows = c.execute(q.order_by(WebTable.created_at)).mappings().all()
            out = []
            for r in rows:
                if r["game"] not in registry.names():  # a game this server does not have: left as it is
                    log.warning("table %s: unknown game %r; not loaded", r["id"], r["game"])
                    continue
                acts = c.execute(select(WebAction.seq, WebAction.action).where(WebAction.table_id == r["id"])
                                 .order_by(WebAction.number)).all()
                chat = c.execute(select(WebChat.number, WebChat.seat, WebChat.name, WebChat.text, WebChat.reaction,
                                        WebChat.created_at).where(WebChat.table_id == r["id"])
                                 .order_by(WebChat.number.desc()).limit(CHAT_KEPT)).all()
                out.append(rebuild(
                    r["id"], r["game"], registry.game(r["game"]).parse_rules(r["rules"]), r["seed"],
                    r["first_dealer"], [Seat.from_db(x) for x in r["seats"]], r["host_seat"],
                    Options.from_db(r["options"] or {}), r["status"], max([r["seq"], *(a.seq for a in acts)]),
                    r["penalties"] or [], [(a.seq, a.action) for a in acts], r["record"], r["rematch"],
                    [chat_message(*m) for m in reversed(chat)], chat[0].number + 1 if chat else 0,
                    r["abandoned_at"]))
            return out

    def open_tables(self) -> list[StoredTable]:
        """The public tables waiting or playing, newest first (a game this server does not have
        is left out, as is an abandoned table)."""
        with translated(self.url), self.engine.connect() as c:
            rows = c.execute(select(WebTable.id, WebTable.game, WebTable.rules, WebTable.status, WebTable.seats,
                                    WebTable.options).where(WebTable.status.in_([WAITING, PLAYING]),
                                                            WebTable.abandoned_at.is_(None))
                             .order_by(WebTable.created_at.desc())).all()
        out = []
        for r in rows:
            if r.game not in registry.names() or not (r.options or {}).get("public", True):
                continue
            k = kit(r.game)
            out.append(StoredTable(r.id, r.game, _rules(r.game, r.rules), r.status,
                                   tuple(Seat.from_db(x) for x in r.seats), k))
        return out

    def playing(self) -> list[str]:
        """The ids of the tables whose game runs and that are not abandoned (they need an
        owning process: bots, timers)."""
        with translated(self.url), self.engine.connect() as c:
            return list(c.execute(select(WebTable.id).where(WebTable.status == PLAYING,
                                                            WebTable.abandoned_at.is_(None))).scalars())

    def unfinished(self) -> list[str]:
        """The ids of the tables waiting or playing and not abandoned (what may be abandoned: :mod:`.idle`)."""
        with translated(self.url), self.engine.connect() as c:
            return list(c.execute(select(WebTable.id).where(WebTable.status.in_([WAITING, PLAYING]),
                                                            WebTable.abandoned_at.is_(None))).scalars())

    def actions_after(self, table_id: str, seq: int) -> list[tuple[int, int, str, str]]:
        """The stored actions of ``table_id`` after event ``seq``, in order: ``(seq, seat, action, source)``."""
        with translated(self.url), self.engine.connect() as c:
            rows = c.execute(select(WebAction.seq, WebAction.seat, WebAction.action, WebAction.source)
                             .where(WebAction.table_id == table_id, WebAction.seq > seq)
                             .order_by(WebAction.number)).all()
        return [(r.seq, r.seat, r.action, r.source) for r in rows]

    def finished(self, limit: int = 100) -> list[FinishedGame]:
        """The most recently finished games, newest first."""
        with translated(self.url), self.engine.connect() as c:
            rows = c.execute(select(WebTable.id, WebTable.rules, WebTable.seats, WebTable.totals,
                                    WebTable.finished_at, WebTable.game).where(WebTable.status == FINISHED)
                             .order_by(WebTable.finished_at.desc()).limit(limit)).all()
        return [FinishedGame(r.id, r.rules, tuple(s.get("name", "") for s in r.seats), tuple(r.totals or ()),
                             r.finished_at, tuple(s.get("kind") == BOT for s in r.seats), r.game) for r in rows]

    def record_text(self, table_id: str) -> str | None:
        """The finished game's record (JSON text), or ``None`` when there is no finished game ``table_id``."""
        with translated(self.url), self.engine.connect() as c:
            return c.execute(select(WebTable.record).where(WebTable.id == table_id,
                                                           WebTable.status == FINISHED)).scalar()

    # -- double-dummy analyses ------------------------------------------------------------------
    def save_analysis(self, table_id: str, text: str) -> None:
        """Keep ``text`` (:meth:`joker.games.joker.analysis.Analysis.to_json` as JSON text) as the
        analysis of the game ``table_id``, made by this code and rules version (an
        older one is replaced).  Raises :class:`joker.ledger.db.LedgerError` when
        there is no table ``table_id``."""
        with self._write() as c:
            c.execute(delete(WebAnalysis).where(WebAnalysis.table_id == table_id))
            c.execute(insert(WebAnalysis).values(table_id=table_id, analysis=text,
                                                 rules_version=_analysis_rules_version(),
                                                 code_version=__version__, created_at=utcnow()))

    def analysis_text(self, table_id: str) -> str | None:
        """The stored analysis of ``table_id`` (JSON text), or ``None`` when there is
        none made by this code and rules version (an analysis is made again when
        either changes)."""
        with translated(self.url), self.engine.connect() as c:
            return c.execute(select(WebAnalysis.analysis).where(
                WebAnalysis.table_id == table_id, WebAnalysis.rules_version == _analysis_rules_version(),
                WebAnalysis.code_version == __version__)).scalar()


def _insert_table(c: Connection, t: Table) -> None:
    c.execute(insert(WebTable).values(
        id=t.id, game=t.game, rules=str(t.rules), rules_version=t.kit.web.rules_version, seed=t.seed,
        first_dealer=t.start,
        status=t.status, seats=[s.to_db() for s in t.seats], host_seat=t.host_seat,
        options=t.options.to_db(), penalties=[], seq=t.seq, created_at=utcnow()))
