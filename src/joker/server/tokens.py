"""Signed seat tokens: what a browser keeps to come back to its seat.

A token is ``TABLE.SEAT.NONCE.MAC``: the table id, the 0-based seat, the
seat's current nonce (stored with the table; a new nonce revokes the old
token) and an HMAC-SHA256 (truncated to 128 bits, base64url) of the rest
under the server's secret.  Nothing in it is secret; it cannot be forged
or moved to another seat without the key.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from joker.errors import CodedError

MAX_TOKEN = 200
"""Longest token accepted (bytes); a longer one is refused without parsing."""


class TokenError(CodedError):
    """A seat token that is malformed or forged, said from the ``web``
    catalogue (``table_token_…``) as the connection hears it: it then watches
    (:func:`.conns.attach`)."""

    catalogue = "web"


def new_nonce() -> str:
    """A fresh random nonce (12 characters of base64url)."""
    return secrets.token_urlsafe(9)


def new_secret() -> str:
    """A fresh signing key (hex, 256 bits)."""
    return secrets.token_hex(32)


def _mac(secret: bytes, payload: str) -> str:
    digest = hmac.new(secret, payload.encode(), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def sign(secret: bytes, table_id: str, seat: int, nonce: str) -> str:
    """The token of ``seat`` at table ``table_id`` with the seat's ``nonce``."""
    payload = f"{table_id}.{seat}.{nonce}"
    return f"{payload}.{_mac(secret, payload)}"


def verify(secret: bytes, token: object) -> tuple[str, int, str]:
    """``(table_id, seat, nonce)`` of a genuine token.  Raises :class:`TokenError`
    naming what is wrong (the caller still checks the nonce against the seat)."""
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN:
        raise TokenError("table_token_missing")
    parts = token.split(".")
    if len(parts) != 4 or not parts[1].isdigit():
        raise TokenError("table_token_malformed")
    table_id, seat, nonce, mac = parts
    if not hmac.compare_digest(mac, _mac(secret, f"{table_id}.{seat}.{nonce}")):
        raise TokenError("table_token_signature")
    return table_id, int(seat), nonce
