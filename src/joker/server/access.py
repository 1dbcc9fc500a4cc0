"""Who may reach the web app, decided at ``joker serve`` (issue 23, item 6).

The hosts served (:func:`hosts_for`, Starlette's ``TrustedHostMiddleware``) and
whether the scorekeeper needs a key (:func:`keeper_key_for`) both follow the
address the server listens on: on the loopback only the machine itself can
connect, so the names of the loopback suffice and the key is off by default;
on any other address the key is required (one is made and printed when none
is given).
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
from typing import Sequence

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")
"""The hosts served by default: the loopback's names (an IPv6 address in
brackets, as the ``Host`` header carries it)."""

WILDCARDS = ("0.0.0.0", "::", "")
ENV_KEEPER_KEY = "JOKER_KEEPER_KEY"


def is_loopback(bind: str) -> bool:
    """Whether the address ``bind`` (an IP or a name) is the loopback (``127.0.0.0/8``, ``::1``, ``localhost``)."""
    if bind.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind.strip("[]")).is_loopback
    except ValueError:
        return False


def host_name(text: str) -> str:
    """``text`` as a ``Host`` header names it: lower case, an IPv6 address in brackets."""
    h = text.strip().lower()
    try:
        if ipaddress.ip_address(h.strip("[]")).version == 6:
            return f"[{h.strip('[]')}]"
    except ValueError:
        pass
    return h


def hosts_for(bind: str, given: Sequence[str] | None = None) -> list[str]:
    """The ``Host`` names to serve when listening on ``bind``: ``given`` when
    the operator named them (``--allowed-hosts``; ``*`` serves any), else the
    loopback's names plus the bind address; on a wildcard address
    (``0.0.0.0``, ``::``) the machine's name and its addresses as well."""
    if given:
        return [host_name(h) for h in given if h.strip()]
    hosts = list(LOOPBACK_HOSTS)
    names = [bind]
    if bind in WILDCARDS:
        name = socket.gethostname()
        names = [name, socket.getfqdn()]
        try:
            names += socket.gethostbyname_ex(name)[2]
        except OSError:  # a host name that does not resolve: its name is still served
            pass
    for h in map(host_name, names):
        if h and h not in WILDCARDS and h not in hosts:
            hosts.append(h)
    return hosts


def keeper_key_for(bind: str, given: str | None) -> tuple[str | None, bool]:
    """The scorekeeper's key when listening on ``bind`` and whether it was made
    here: ``given`` if any; none on the loopback; else a new random key
    (16 URL-safe characters), which the caller prints.  Raises ``ValueError``
    for a given key that is not printable ASCII without spaces."""
    if given:
        if not all("!" <= c <= "~" for c in given):
            raise ValueError("the keeper key is printable ASCII without spaces (it travels in an HTTP header)")
        return given, False
    if is_loopback(bind):
        return None, False
    return secrets.token_urlsafe(12), True
