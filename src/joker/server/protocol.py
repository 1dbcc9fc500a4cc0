"""The WebSocket protocol's client side: what a browser may send, checked
before anything else looks at it.

Every client message is one JSON object of at most :data:`MAX_MESSAGE`
bytes with a ``type``:

============  ==============================================  ============================================================
type          fields                                          what it asks
============  ==============================================  ============================================================
hello         ``token`` (str or null), ``since`` (int)        sit as the token's seat (else watch); events after ``since``
act           ``action`` (str, the game's notation)           play this action (a card, a bid, a trump)
start                                                         the host starts the game (bots fill empty seats)
leave                                                         give up the seat (a bot plays it once the game runs)
takeover      ``seat`` (int)                                  a bot plays for that seat's absent player
takeback                                                      play your own seat again
vote          ``seat`` (int)                                  vote a stalling dot for that seat (after its time ran out)
sync                                                          send a fresh snapshot
ping                                                          answered by ``pong``
chat          ``text`` (str), ``name`` (str, spectators)      say ``text`` (1..300 characters) at the table's chat
react         ``reaction`` (str, :data:`.social.REACTIONS`)   a quick reaction ("nice", "well played", …) in the chat
chat_setting  ``spectators`` (``hidden``/``read``/``write``)  the host: may spectators read / write the chat
seat_link                                                     your seat's personal link (and its QR code)
renew_link                                                    a new seat link; the old one stops working
rematch                                                       the host, at game over: a new table, the same seats
============  ==============================================  ============================================================

Anything else is answered by ``{"type": "error", "code": …, "message": …,
"reason": …, "params": …}`` naming the problem, and changes nothing: ``code``
the kind of problem, ``reason`` and ``params`` the ``web`` catalogue's text
(``proto_…``, ``table_…``) or the engine's refusal, and ``message`` that text
said in the socket's language (``?lang=`` on the socket's URL, else the
page's language cookie, else ``Accept-Language``, else English).  :class:`RateLimit` bounds how
many messages a connection may send.

What the server sends (JSON objects; cards and actions in the engine's
notation, seats 0-based):

* ``welcome`` ``{table, seat, seq}`` — after hello: the seat (``null`` when
  watching) and the table's last event number;
* ``event`` ``{seq, kind, …}`` — one numbered event, ``seq`` one more than
  the previous: ``seats`` (``table``, ``what``: join, leave, takeover,
  takeback), ``start`` (``table``, ``view``, ``sheet``, ``totals``),
  ``action`` (``deal``, ``seat``, ``action``, ``card``, ``source``,
  ``view``, ``totals``; ``trick_done`` when it finished a trick,
  ``deal_done`` and ``sheet`` when it finished a deal, ``game_over`` with
  the standings at the end), ``penalty`` (a stalling dot), ``options``
  (the host changed a table setting: ``table``), ``rematch`` (``table``,
  ``rematch``: the new table's id);
* ``snapshot`` ``{seq, table, view, sheet, totals, standings?, timer, vote}``
  — the whole picture, when the events after the client's ``since`` are no
  longer in memory (after a restart) or on ``sync``;
* unnumbered notices, not part of the game: ``presence`` (who is connected),
  ``timer``, ``vote``, ``pong``, ``error``; the chat: ``chat`` (one
  message), ``chat_history`` (the recent ones, on connect);
* private answers to one connection: ``seat_link`` ``{seat, url, qr}`` (the
  seat's link and its QR code as an SVG data URI: never sent to anyone else),
  ``rematch_seat`` ``{table, seat, token, live}`` (your seat's token at the
  rematch table; ``live``: the host just made it, go there).

``view`` is always the game's ``view_of`` this connection's seat, or its
``public_view`` for a spectator, rendered by the game's web plug-in
(:mod:`.plugin`).  The game-specific fields above (``deal``, ``card``,
``trick_done``, ``deal_done``, ``sheet``) are Joker's; another game's plug-in
says what its action events carry (``action_data``).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE = 2048
"""Largest client message accepted, in bytes of UTF-8."""

FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "hello": {"token": (str, type(None)), "since": int},
    "act": {"action": str},
    "start": {},
    "leave": {},
    "takeover": {"seat": int},
    "takeback": {},
    "vote": {"seat": int},
    "sync": {},
    "ping": {},
    "chat": {"text": str, "name": str},
    "react": {"reaction": str},
    "chat_setting": {"spectators": str},
    "seat_link": {},
    "renew_link": {},
    "rematch": {},
}
OPTIONAL = {("hello", "token"), ("hello", "since"), ("chat", "name")}


HELLO_EXAMPLE = '{"type": "hello", "token": …, "since": …}'
"""The hello a client must say first (shown in the ``proto_hello_first`` refusal)."""

_WANT = {str: "text", int: "int", (str, type(None)): "text_or_null"}
"""A field's type → the ``proto_field_…`` text saying what it must be."""


class ProtocolError(Exception):
    """A message that cannot be handled: ``ProtocolError(code, key, **params)``.

    ``code`` is what the client reads in the error's ``code`` (``malformed``,
    ``too_large``, ``unknown_type``, ``rate_limited``, ``hello_first``);
    ``key`` a ``proto_…`` text of the ``web`` catalogue filled with ``params``
    (:class:`.table.TableRefusal`, kept as :attr:`refusal`), so the refusal is
    said in the socket's language (:func:`.conns.error_text`).  The English
    text is the message (``str(e)``).  Raises ``KeyError`` for a key the
    catalogue lacks or a placeholder without its param."""

    def __init__(self, code: str, key: str, /, **params: Any):
        from .table import TableRefusal  # the web catalogue's coded error (table imports nothing of this module)

        if not key.startswith("proto_"):
            raise KeyError(f"a protocol refusal's key starts with proto_, not {key!r}")
        self.refusal = TableRefusal(key, **params)
        if self.refusal.code != key:
            raise KeyError(f"no web message {key!r}")
        super().__init__(str(self.refusal))
        self.code = code
        self.key = key
        self.params = params

    @property
    def message(self) -> str:
        """The English text."""
        return str(self)


def parse_message(text: str | bytes | None) -> dict[str, Any]:
    """Check and parse one client message.  Raises :class:`ProtocolError`."""
    if text is None:
        raise ProtocolError("malformed", "proto_text_frames")
    try:
        size = len(text.encode() if isinstance(text, str) else text)
    except UnicodeEncodeError:
        raise ProtocolError("malformed", "proto_bad_unicode") from None
    if size > MAX_MESSAGE:
        raise ProtocolError("too_large", "proto_too_large", size=size, limit=MAX_MESSAGE)
    try:
        msg = json.loads(text)
    except json.JSONDecodeError as e:
        raise ProtocolError("malformed", "proto_not_json", line=e.lineno, column=e.colno) from None
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("malformed", "proto_not_utf8") from None
    except RecursionError:  # ~1000 nested arrays fit in the size limit
        raise ProtocolError("malformed", "proto_too_deep") from None
    if not isinstance(msg, dict):
        raise ProtocolError("malformed", "proto_not_object")
    try:  # "\\ud800" escapes decode to lone surrogates, which no page, log or database takes
        json.dumps(msg, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise ProtocolError("malformed", "proto_surrogate") from None
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("malformed", "proto_no_type")
    spec = FIELDS.get(kind)
    if spec is None:
        raise ProtocolError("unknown_type", "proto_unknown_type", type=kind[:40], types=", ".join(FIELDS))
    for name, typ in spec.items():
        if name not in msg:
            if (kind, name) in OPTIONAL:
                continue
            raise ProtocolError("malformed", "proto_missing_field", type=kind, field=name)
        value = msg[name]
        if isinstance(value, bool) or not isinstance(value, typ):
            raise ProtocolError("malformed", f"proto_field_{_WANT[typ]}", type=kind, field=name)
    extra = set(msg) - set(spec) - {"type", "id"}
    if extra:
        raise ProtocolError("malformed", "proto_unknown_fields", type=kind, n=len(extra),
                            fields=", ".join(sorted(str(x)[:40] for x in extra)))
    return msg


@dataclass
class RateLimit:
    """A token bucket: ``burst`` messages at once, refilled at ``rate`` a second.

    :meth:`allow` spends one token; after ``close_after`` refusals in a row
    :attr:`exhausted` is set and the server closes the connection."""

    rate: float = 10.0
    burst: float = 20.0
    close_after: int = 100
    tokens: float = -1.0
    stamp: float = 0.0
    refused: int = 0

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        if self.tokens < 0:
            self.tokens, self.stamp = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False

    @property
    def exhausted(self) -> bool:
        return self.refused >= self.close_after
