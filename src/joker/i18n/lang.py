"""Which language to speak: en or ru (:data:`~joker.i18n.core.LANGS`).

The terminal commands take ``--lang``, defaulting to ``$JOKER_LANG``
(:data:`ENV_LANG`), else English.  The web app speaks the ``joker_lang``
cookie's language when set (the EN/RU switch sets it), else the best match of
the browser's ``Accept-Language``, else English (:func:`negotiate`); an API
call or a WebSocket may name its language with ``?lang=`` (:func:`lang_of`).
"""

from __future__ import annotations

from typing import Any

from .core import LANGS

DEFAULT = "en"
"""The language when nothing says otherwise."""

ENV_LANG = "JOKER_LANG"
"""The environment variable giving ``--lang``'s default."""

COOKIE = "joker_lang"
"""The web app's language cookie."""


def negotiate(accept_language: str | None, cookie: str | None = None) -> str:
    """The page language: the cookie when it names a language we have, else
    the first of ``Accept-Language`` (by q-value, then order) that we have,
    else English.  A malformed q-value counts as 0 (not acceptable)."""
    if cookie is not None and cookie in LANGS:
        return cookie
    best: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "").split(",")):
        bits = part.strip().split(";")
        tag = bits[0].strip().lower()
        if not tag:
            continue
        q = 1.0
        for b in bits[1:]:
            b = b.strip()
            if b.startswith("q="):
                try:
                    q = float(b[2:])
                except ValueError:
                    q = 0.0
        primary = tag.split("-")[0]
        if primary in LANGS and q > 0:
            best.append((-q, i, primary))
    return sorted(best)[0][2] if best else DEFAULT


QUERY = "lang"
"""The query parameter naming a web request's language (``/api/tables?lang=ru``, ``/ws/{id}?lang=ru``)."""


def lang_of(request: Any) -> str:
    """The language of a web request (a page, an API call or a WebSocket, which
    the browser sends with the same cookie and ``Accept-Language``): ``?lang=``
    when it names a language we have (an API client's or a socket's choice),
    else see :func:`negotiate`.  ``request``: anything with ``headers`` and
    ``cookies`` mappings, and optionally ``query_params`` (Starlette's)."""
    query = getattr(request, "query_params", None)
    asked = query.get(QUERY) if query is not None else None
    if asked in LANGS:
        return str(asked)
    return negotiate(request.headers.get("accept-language"), request.cookies.get(COOKIE))
