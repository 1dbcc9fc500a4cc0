"""The web app: play Joker (or any game registered with a web plug-in) in the
browser with friends and bots, watch and replay games, and keep a real-card
game's sheet (the scorekeeper) there.

``create_app(db)`` (:mod:`.app`) builds the FastAPI application; ``joker
serve`` runs it with uvicorn.  The server knows games only through the game
protocol (:mod:`joker.game`, found by name in :mod:`joker.registry`) and each
game's web plug-in (:mod:`.plugin`; Joker's is :mod:`joker.games.joker.web`).
Modules, one job each:

* :mod:`.store` — persistence (tables of :mod:`joker.store.web_tables`, on the ledger's database):
  every accepted action is written before it is broadcast;
* :mod:`.writer` — the storage thread (group commit);
* :mod:`.tokens` — signed seat tokens;
* :mod:`.plugin` — the web plug-in protocol, and a table's game with its plug-in;
* :mod:`.table` — one table: its game, seats, the numbered event log;
* :mod:`.hub` — the tables of a server: every change, and its broadcast;
* :mod:`.conns` — connections, catching up, presence;
* :mod:`.botplay` — bot turns; :mod:`.timers` — turn timers; :mod:`.votes` — the stalling-dot vote;
* :mod:`.social` — the table chat and quick reactions, personal seat links (QR code), rematches;
* :mod:`.protocol` — client messages: size limit, parsing, rate limit;
* :mod:`.i18n` — English and Russian;
* :mod:`.analysis_jobs` — double-dummy analyses of finished games, in a worker process;
* :mod:`.keeper` — the scorekeeper's pages on :class:`joker.ledger.Ledger`.

This package imports FastAPI only in :mod:`.app`, :mod:`.keeper` and
:mod:`.ws`, and ``segno`` (QR codes) only in :mod:`.social`; install the ``web``
extra (``pip install -e .[web]``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI


def create_app(*args: Any, **kwargs: Any) -> "FastAPI":
    """See :func:`joker.server.app.create_app`."""
    from .app import create_app as _create

    return _create(*args, **kwargs)


__all__ = ["create_app"]
