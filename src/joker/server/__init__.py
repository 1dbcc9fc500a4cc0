"""The web app: play Joker in the browser with friends and bots, watch and
replay games, and keep a real-card game's sheet (the scorekeeper) there.

``create_app(db)`` (:mod:`.app`) builds the FastAPI application; ``joker
serve`` runs it with uvicorn.  Modules, one job each:

* :mod:`.store` — persistence (tables of :mod:`joker.store.web_tables`, on the ledger's database):
  every accepted action is written before it is broadcast;
* :mod:`.tokens` — signed seat tokens;
* :mod:`.views` — every message's game content, built only from
  :func:`joker.games.joker.engine.view_of` (or a spectator's view with no hands);
* :mod:`.table` — one table: seats, the game, the numbered event log;
* :mod:`.hub` — the tables of a server, bots, timers, connections and broadcast;
* :mod:`.protocol` — client messages: size limit, parsing, rate limit;
* :mod:`.i18n` — English and Russian;
* :mod:`.replay` — the replay viewer's frames (every hand shown, finished games only);
* :mod:`.analysis_jobs` — double-dummy analyses of finished games, in a worker process;
* :mod:`.keeper` — the scorekeeper's pages on :class:`joker.ledger.Ledger`.

This package imports FastAPI only in :mod:`.app`, :mod:`.keeper` and
:mod:`.ws`; install the ``web`` extra (``pip install -e .[web]``).
"""

from __future__ import annotations

from typing import Any


def create_app(*args: Any, **kwargs: Any):
    """See :func:`joker.server.app.create_app`."""
    from .app import create_app as _create

    return _create(*args, **kwargs)


__all__ = ["create_app"]
