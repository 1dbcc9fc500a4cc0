"""Shared pieces of the tests that run real ``joker serve`` processes on one
PostgreSQL database and Redis (tests/test_cluster.py, tests/test_deploy.py; no
tests here): the Redis fixture, a server process, a cluster of them, and a
browser's WebSocket to a process or to the proxy in front of them; two
cluster nodes in the test's own process (:func:`two_hubs`).

Runs against the Redis of ``$JOKER_TEST_REDIS_URL`` (default
``redis://127.0.0.1:6379/0``, keys under a fresh prefix); a test module using
:func:`cluster` imports ``pg_url`` (tests/test_ledger_support.py) as well.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
import uuid
from typing import Any, AsyncIterator, Callable

import pytest

from joker.games.joker.record import GameRecord
from test_server_support import Client

TIMEOUT = 20.0


@pytest.fixture
def redis_url():
    """The test Redis (skipped when it does not answer) and a fresh key prefix, whose keys are deleted afterwards."""
    redis = pytest.importorskip("redis")

    url = os.environ.get("JOKER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
    r = redis.Redis.from_url(url)
    try:
        r.ping()
    except redis.exceptions.RedisError as e:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis does not answer at {url} on CI: {e}")
        pytest.skip(f"Redis does not answer at {url}: {e}")
    prefix = f"jt{uuid.uuid4().hex[:10]}:"
    try:
        yield url, prefix
    finally:
        keys = list(r.scan_iter(prefix + "*"))
        if keys:
            r.delete(*keys)
        r.close()


def free_port() -> int:
    """A TCP port nobody listens on now (on 127.0.0.1)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Endpoint:
    """Where a browser reaches the web app: ``base`` its HTTP(S) address,
    ``ws_base`` its WebSocket one, ``tls`` the TLS context to check the
    server's certificate with (``None``: plain HTTP)."""

    def __init__(self, base: str, ws_base: str, tls: ssl.SSLContext | None = None):
        self.base = base
        self.ws_base = ws_base
        self.tls = tls

    def get(self, path: str) -> tuple[int, dict[str, str], bytes]:
        """``GET path``: the status, the headers and the body (no redirect followed)."""
        with urllib.request.urlopen(self.base + path, timeout=TIMEOUT, context=self.tls) as r:
            return r.status, dict(r.headers), r.read()

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        req = urllib.request.Request(self.base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=TIMEOUT, context=self.tls) as r:
            answer: dict[str, Any] = json.loads(r.read())
            return answer

    def record(self, table: str) -> GameRecord:
        return GameRecord.from_json(self.get(f"/api/tables/{table}/record")[2].decode())


class Server(Endpoint):
    """One ``joker serve`` process of the cluster (the real command line), on
    the database ``db`` and the Redis ``(url, prefix)``."""

    def __init__(self, db: str, redis: tuple[str, str]):
        self.port = free_port()
        super().__init__(f"http://127.0.0.1:{self.port}", f"ws://127.0.0.1:{self.port}")
        env = {**os.environ, "JOKER_SECRET": "cluster", "JOKER_REDIS_URL": redis[0], "JOKER_REDIS_PREFIX": redis[1]}
        env.pop("JOKER_DB_URL", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "joker.cli.main", "serve", "--port", str(self.port), "--db", db,
             "--bot-delay", "0", "--no-warm-analysis"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def wait(self) -> "Server":
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1):
                    return self
            except OSError:
                if self.proc.poll() is not None:
                    raise AssertionError(f"joker serve exited: {self.proc.stderr.read().decode()[-2000:]}")
                assert time.monotonic() < deadline, "joker serve did not start"
                time.sleep(0.1)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(3)
            except subprocess.TimeoutExpired:  # still closing its clients' connections: no need to wait
                self.kill()


@pytest.fixture
def cluster(pg_url, redis_url):
    """``start(n)``: n processes of one cluster (a fresh PostgreSQL schema, a fresh Redis prefix)."""
    servers: list[Server] = []

    def start(n: int) -> list[Server]:
        new = [Server(pg_url, redis_url) for _ in range(n)]
        servers.extend(new)
        return [s.wait() for s in new]

    try:
        yield start
    finally:
        for s in servers:
            s.stop()


class WsClient(Client):
    """A browser on one process of the cluster, or on the proxy in front of
    them (a real WebSocket; the bookkeeping of :class:`test_server_support.Client`:
    events must come in order, one by one)."""

    def __init__(self, at: Endpoint, table: str, token: str | None = None, since: int | None = None,
                 name: str = ""):
        from websockets.sync.client import connect

        # every frame queued however many the test leaves unread for a while: with a bounded queue the
        # connection would stop reading, miss the server's keepalive pings and be closed as dead
        self._open(connect(f"{at.ws_base}/ws/{table}", open_timeout=TIMEOUT, max_queue=None, ssl=at.tls),
                   table, token, since, name)

    def send(self, msg: dict[str, Any] | str) -> None:
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        return self.note(json.loads(self.ws.recv(timeout=timeout)))

    def of(self, kind: str) -> dict[str, Any]:
        return self.until(lambda m: m["type"] == kind)

    def my_turn(self) -> bool:
        return bool(self.view and self.view["legal"] and self.view["current"] == self.seat)


def first(view: dict[str, Any]) -> str:
    """The human's policy in these games: the first legal action (so a game can be played again the same)."""
    return str(view["legal"][0])


def play_to_end(c: WsClient, choose: Callable[[dict[str, Any]], str] = first, pace: float = 0.0) -> None:
    """``c`` plays its seat until the game is over, waiting ``pace`` seconds before
    each action (the server takes at most 10 messages a second); a request the
    owner could not answer (``unavailable``: it is being taken over) is sent again."""
    sent_at = -1
    while not (c.view and c.view["phase"] == "over"):
        if c.my_turn() and sent_at != c.seq:
            time.sleep(pace)
            c.send({"type": "act", "action": choose(c.view)})
            sent_at = c.seq
        m = c.recv()
        if m["type"] == "error":
            assert m["code"] == "unavailable", m
            time.sleep(0.3)
            sent_at = -1


@contextlib.asynccontextmanager
async def two_hubs(pg_url: str, redis: tuple[str, str], **hub_kw: Any) -> AsyncIterator[list[Any]]:
    """Two cluster nodes in this test process (two :class:`joker.server.hub.Hub`, each with its
    :class:`joker.server.cluster.Cluster`) on the database ``pg_url`` and the Redis ``(url, prefix)``,
    started; ``hub_kw`` go to both hubs (e.g. ``bot_delay``, ``clock``).  Both stopped afterwards."""
    from joker.ledger import Ledger
    from joker.server.cluster import Cluster
    from joker.server.hub import Hub
    from joker.server.store import Store

    leds = [Ledger.open(pg_url) for _ in range(2)]
    hubs = [Hub(Store(led.engine, led.url), b"k", **{"bot_delay": 60.0, **hub_kw}) for led in leds]
    try:
        for h in hubs:
            h.cluster = Cluster(h, redis[0], redis[1])
            await h.start()
        yield hubs
    finally:
        for h in hubs:
            await h.stop()
        for led in leds:
            led.close()
