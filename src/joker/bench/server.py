"""Web server latency and throughput: ``python -m joker.bench server``.

``joker serve`` runs in its own process on a loopback port with a fresh
SQLite database (bots without delay).  N WebSocket clients (default 200) sit
at tables of two people and two bots (bus-angeles) and play random legal
actions until ``--actions`` actions were accepted or ``--seconds`` passed.
A client thinks ``--think`` seconds on average (uniform over 0.5–1.5×)
before acting: 1 s by default, a quick person's pace; ``--think 0`` plays
flat out, which measures the server's capacity (actions/s) — latency is
then only queueing (every table always has an action waiting).  Measured, per action played by a client: the time
from sending it to its event reaching the *other* person at the table — an
upper bound on "accepted action → broadcast received", since it also holds
the engine's check and the database write that come before the broadcast.
Actions per second counts every accepted action (the bots' too).

Reference, measured in the same run: the same clients, in pairs, on a bare
uvicorn + Starlette WebSocket relay (each message forwarded to the other of
the pair, nothing checked or stored) — the transport's floor on this machine.
The ratio p99(joker) / p99(relay) says what the game adds.  Clients, server
and relay share the machine's two cores.
"""

from __future__ import annotations

import asyncio
import base64
import gc
import json
import os
import random
import re
import resource
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, TypedDict

if TYPE_CHECKING:
    from starlette.applications import Starlette

GOAL_P99_MS = 50.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_http(url: str, proc: subprocess.Popen[bytes], timeout: float = 300.0) -> None:
    """Wait until ``url`` answers 200 and, if it says ``bots_ready`` (``/healthz``), until
    that is true: loading the bots' compiled code holds a new server a few seconds, which
    would fall into the measured run."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1) as r:
                if r.status == 200 and b'"bots_ready":false' not in r.read():
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"no answer from {url} after {timeout:.0f} s")
        time.sleep(0.1)


def _post(url: str, body: dict[str, object]) -> dict[str, Any]:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        answer: dict[str, Any] = json.loads(r.read())  # the server's JSON object
        return answer


def relay_app() -> Starlette:
    """The reference: a WebSocket relay with no game — each text message goes to the other client of its pair."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.routing import Route, WebSocketRoute
    from starlette.responses import PlainTextResponse
    from starlette.websockets import WebSocket, WebSocketDisconnect

    pairs: dict[str, list[WebSocket]] = {}

    async def endpoint(ws: WebSocket) -> None:
        await ws.accept()
        key = ws.path_params["pair"]
        peers = pairs.setdefault(key, [])
        peers.append(ws)
        try:
            while True:
                text = await ws.receive_text()
                for p in list(peers):
                    if p is not ws:
                        await p.send_text(text)
        except WebSocketDisconnect:
            peers.remove(ws)

    async def health(request: Request) -> PlainTextResponse:
        return PlainTextResponse("ok")

    return Starlette(routes=[WebSocketRoute("/ws/{pair}", endpoint), Route("/healthz", health)])


class Summary(TypedDict):
    """One run's figures: latency samples and quantiles (ms), accepted actions,
    seconds, rate, errors answered; the CPU the server processes spent per
    accepted action (µs: their sum, and each process's) and the load
    generator's (µs per action, and its share of a core over the run); the
    CPU PostgreSQL's and Redis's processes on this machine spent per accepted
    action (µs; 0 when they run elsewhere): PostgreSQL's backends of the
    servers' connections and its own processes, all of Redis (:func:`_ours`)."""

    samples: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    actions: int
    seconds: float
    actions_per_s: float
    errors: int
    server_us: float
    process_us: list[float]
    client_us: float
    client_cores: float
    pg_us: float
    redis_us: float


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) the process ``pid`` has used so far (Linux ``/proc``; 0.0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


SERVICES = {"postgres": "pg", "redis-server": "redis"}
"""The processes of the services sharing this machine whose CPU a run counts, by command name."""


def _services_cpu() -> dict[int, tuple[str, float]]:
    """Per process of a service on this machine (:data:`SERVICES`; PostgreSQL's
    backends too): its service and the CPU seconds it has used so far (Linux
    ``/proc``; empty elsewhere)."""
    out: dict[int, tuple[str, float]] = {}
    try:
        pids = [int(d) for d in os.listdir("/proc") if d.isdigit()]
    except OSError:
        return out
    for pid in pids:
        try:
            with open(f"/proc/{pid}/comm") as f:
                service = SERVICES.get(f.read().strip())
        except OSError:
            continue
        if service is not None:
            out[pid] = (service, _cpu(pid))
    return out


def _sockets(pid: int) -> set[int]:
    """The inodes of the sockets process ``pid`` has open (empty when not readable)."""
    found = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if link.startswith("socket:["):
                found.add(int(link[8:-1]))
    except OSError:
        pass
    return found


def _tcp() -> dict[int, tuple[int, int]]:
    """This machine's TCP sockets (IPv4 and IPv6): per inode, its local and remote port."""
    out: dict[int, tuple[int, int]] = {}
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(name) as f:
                next(f)
                for line in f:
                    cols = line.split()
                    out[int(cols[9])] = (int(cols[1].rpartition(":")[2], 16), int(cols[2].rpartition(":")[2], 16))
        except OSError:
            continue
    return out


def _ours(services: dict[int, tuple[str, float]], pids: tuple[int, ...]) -> set[int]:
    """Of the service processes ``services``, those whose CPU a run of the servers ``pids`` is
    charged: Redis, PostgreSQL's own processes (the writers, the checkpointer…) and the
    backends of the servers' connections — not the backends of other clients of the same
    database (other work on a shared machine)."""
    tcp = _tcp()
    ports = {tcp[i][0] for p in pids for i in _sockets(p) if i in tcp}
    ours = set()
    for pid, (service, _) in services.items():
        if service != "pg":
            ours.add(pid)
            continue
        peers = [tcp[i][1] for i in _sockets(pid) if i in tcp]
        if not peers:
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    backend = b"(" in f.read()  # "postgres: 15/main: user db 127.0.0.1(port) idle"
            except OSError:
                continue
            if not backend:
                ours.add(pid)
        elif any(port in ports for port in peers):
            ours.add(pid)
    return ours


def _raise_fd_limit() -> None:
    """Raise this process's open-file limit to its hard limit (its clients' sockets; the servers inherit it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    start: float = 0.0
    end: float = 0.0
    cpu: list[float] = field(default_factory=list)
    """CPU seconds each server process spent between ``start`` and ``end``."""
    client_cpu: float = 0.0
    """CPU seconds the clients' process spent between ``start`` and ``end``."""
    services: dict[str, float] = field(default_factory=dict)
    """CPU seconds each service (:data:`SERVICES`) spent for the servers between ``start``
    and ``end`` (:func:`_ours`; a process that ended meanwhile is not counted)."""

    def summary(self) -> Summary:
        lat = sorted(self.latencies)
        q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) >= 2 else [float("nan")] * 99
        secs = max(self.end - self.start, 1e-9)
        per = 1e6 / max(self.actions, 1)
        return {"samples": len(lat), "p50_ms": 1000 * q[49], "p99_ms": 1000 * q[98],
                "max_ms": 1000 * (lat[-1] if lat else float("nan")), "actions": self.actions,
                "seconds": secs, "actions_per_s": self.actions / secs, "errors": self.errors,
                "server_us": sum(self.cpu) * per, "process_us": [c * per for c in self.cpu],
                "client_us": self.client_cpu * per, "client_cores": self.client_cpu / secs,
                "pg_us": self.services.get("pg", 0.0) * per, "redis_us": self.services.get("redis", 0.0) * per}


LAYOUTS = ("spread", "on-owner", "one-owner")
"""Where a table's people connect with several processes: ``spread`` (table ``k``
made on process ``k mod n``, its owner, its ``i``-th person on process ``(k + i)
mod n``: with two processes every table has a person whose actions are
forwarded), ``on-owner`` (all on the owner's, as a router hashing the table's id
would), ``one-owner`` (every table made on the first process, its ``i``-th person
on process ``i mod n``: the first process owns every table, the others only
relay, so each process's CPU per action is the owner's or a relay's)."""

_EVENT = re.compile(r'\{"type":"event","seq":(\d+),"kind":"(\w+)"(?:,"seat":(\d+))?')
"""The head of an event as the server writes it (compact JSON, keys in this order: :class:`.table.Event`)."""
_CURRENT = re.compile(r'"current":(\d+)')
"""The seat to move, in an event's view (the view is the event's last key: searched from its ``legal``)."""


async def _gather_limited(jobs: list[Any], limit: int) -> list[Any]:
    """Await the coroutines ``jobs``, at most ``limit`` at a time; their results in order."""
    sem = asyncio.Semaphore(limit)

    async def one(job: Any) -> Any:
        async with sem:
            return await job

    return await asyncio.gather(*(one(j) for j in jobs))


class _Socket(asyncio.Protocol):
    """A bare WebSocket client (RFC 6455) for the load generator: the opening
    handshake, text frames in and out (each sent masked with a random key), a
    pong to each ping, nothing else — no extension (so no compression), no
    checks beyond the status line.  Every text message received is handed to
    ``on_text`` at once, in the event loop's read callback: no task, future or
    queue per message, so that the clients' CPU per message is a small part of
    what the server spends (:func:`_game_clients`).  ``opened`` is done when
    the server accepted the connection, ``closed`` when it is gone."""

    def __init__(self, request: bytes, on_text: Callable[[str], None]):
        loop = asyncio.get_running_loop()
        self.request = request
        self.on_text = on_text
        self.opened: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()
        self.transport: asyncio.Transport | None = None
        self._buf = bytearray()
        self._parts: list[bytes] = []
        self._mask = random.Random().getrandbits

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        for fut in (self.opened, self.closed):
            if not fut.done():
                fut.set_exception(ConnectionError(f"connection lost: {exc!r}"))

    def send_text(self, text: str) -> None:
        self._send(0x1, text.encode())

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self._send(0x8, (1000).to_bytes(2, "big"))
            self.transport.close()

    def _send(self, opcode: int, data: bytes) -> None:
        n = len(data)
        if n < 126:
            head = bytes((0x80 | opcode, 0x80 | n))
        elif n < 1 << 16:
            head = bytes((0x80 | opcode, 0xFE)) + n.to_bytes(2, "big")
        else:
            head = bytes((0x80 | opcode, 0xFF)) + n.to_bytes(8, "big")
        mask = self._mask(32).to_bytes(4, "big")
        masked = (int.from_bytes(data, "big") ^ int.from_bytes((mask * (n // 4 + 1))[:n], "big")).to_bytes(n, "big")
        assert self.transport is not None
        self.transport.write(head + mask + masked)

    def data_received(self, data: bytes) -> None:
        buf = self._buf
        buf += data
        if not self.opened.done():
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(buf[:buf.find(b"\r\n")])
            del buf[:end + 4]
            if status.split(b" ")[1:2] != [b"101"]:
                self.opened.set_exception(ConnectionError(f"handshake refused: {status.decode(errors='replace')}"))
                assert self.transport is not None
                self.transport.close()
                return
            self.opened.set_result(None)
        i, size = 0, len(buf)
        while size - i >= 2:
            b0, n = buf[i], buf[i + 1] & 0x7F
            at = i + 2
            if n == 126:
                if size - at < 2:
                    break
                n, at = int.from_bytes(buf[at:at + 2], "big"), at + 2
            elif n == 127:
                if size - at < 8:
                    break
                n, at = int.from_bytes(buf[at:at + 8], "big"), at + 8
            if size - at < n:
                break
            payload, i = bytes(buf[at:at + n]), at + n
            opcode = b0 & 0x0F
            if opcode in (0x0, 0x1):  # text, or a continuation of one
                if not b0 & 0x80:
                    self._parts.append(payload)
                    continue
                if self._parts:
                    payload, self._parts = b"".join((*self._parts, payload)), []
                self.on_text(payload.decode())
            elif opcode == 0x9:  # ping
                self._send(0xA, payload)
            elif opcode == 0x8:  # close
                self.close()
                if not self.closed.done():
                    self.closed.set_result(None)
        del buf[:i]


async def _open(port: int, path: str, on_text: Callable[[str], None]) -> _Socket:
    """A :class:`_Socket` to ``ws://127.0.0.1:{port}{path}``, once the server accepted it."""
    key = base64.b64encode(secrets.token_bytes(16)).decode()
    request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()
    loop = asyncio.get_running_loop()
    _, sock = await loop.create_connection(lambda: _Socket(request, on_text), "127.0.0.1", port)
    await asyncio.wait_for(sock.opened, 300)
    return sock


async def _game_clients(ports: list[int], clients: int, humans: int, think: float, limit: int,
                        seconds: float, seed: int, layout: str = "spread", pids: tuple[int, ...] = (),
                        profiled: bool = False) -> Stats:
    """The clients of the game's run on the server processes at ``ports``
    (``pids``: their process ids, whose CPU is measured), placed by ``layout``
    (:data:`LAYOUTS`), each a bare :class:`_Socket`.  A client reads only the
    head of each event (its number, kind and seat) and whether its own view
    offers actions; when it is to act it decodes only the view's list of legal
    actions (a message other than an event whole: the welcome, a snapshot):
    the load generator's own CPU per action stays small next to the server's."""
    rnd = random.Random(seed)
    tables = -(-clients // humans)
    n = len(ports)
    loop = asyncio.get_running_loop()

    def owner(k: int) -> int:
        return ports[0 if layout == "one-owner" else k % n]

    def home(k: int, i: int) -> int:
        return {"spread": ports[(k + i) % n], "on-owner": owner(k), "one-owner": ports[i % n]}[layout]

    async def made(k: int) -> list[tuple[str, str, int]]:
        spec = ["human"] * humans + ["bot:heuristic"] * (4 - humans)
        t = await asyncio.to_thread(_post, f"http://127.0.0.1:{owner(k)}/api/tables",
                                    {"name": "P0", "rules": "bus-angeles", "seats": spec, "public": False,
                                     "seed": f"bench{seed}-{k}"})
        out = [(t["table"], t["token"], home(k, 0))]
        for i in range(1, humans):
            j = await asyncio.to_thread(_post, f"http://127.0.0.1:{home(k, i)}/api/tables/{t['table']}/join",
                                        {"name": f"P{i}"})
            out.append((t["table"], j["token"], home(k, i)))
        return out

    seats = [s for ss in await _gather_limited([made(k) for k in range(tables)], 4) for s in ss][:clients]
    stats = Stats()
    sent: dict[tuple[str, int], float] = {}
    done = asyncio.Event()
    ready = asyncio.Barrier(len(seats) + 1)

    async def one(table: str, token: str, port: int, first: bool) -> None:
        seat: int | None = None
        sock: _Socket | None = None

        def act(seq: int, legal: list[str]) -> None:
            if sock is not None and not done.is_set():
                sent[(table, seq + 1)] = time.perf_counter()
                sock.send_text(json.dumps({"type": "act", "action": rnd.choice(legal)}))

        def on_text(text: str) -> None:
            nonlocal seat
            head = _EVENT.match(text)
            if head is not None:
                seq = int(head[1])
                if head[2] == "action":
                    now = time.perf_counter()
                    if first:
                        stats.actions += 1
                        if stats.actions >= limit:
                            done.set()
                    t0 = sent.get((table, seq))
                    if t0 is not None and int(head[3]) != seat:
                        stats.latencies.append(now - t0)
                at = text.rfind('"legal":[')
                if at < 0 or text[at + 9] == "]":  # no view, or not this client's turn
                    return
                current = _CURRENT.search(text, text.rfind('"view":', 0, at))
                if current is None or int(current[1]) != seat:
                    return
                legal = json.loads(text[at + 8:text.index("]", at) + 1])
            else:
                m = json.loads(text)
                kind = m["type"]
                if kind == "welcome":
                    seat = m["seat"]
                    return
                if kind == "error":
                    stats.errors += 1
                    return
                view = m.get("view")
                if kind not in ("event", "snapshot") or not view or not view["legal"] or view["current"] != seat:
                    return
                seq, legal = m["seq"], view["legal"]
            if think:
                loop.call_later(rnd.uniform(0.5 * think, 1.5 * think), act, seq, legal)
            else:
                act(seq, legal)

        sock = await _open(port, f"/ws/{table}", on_text)
        try:
            sock.send_text(json.dumps({"type": "hello", "token": token}))
            await ready.wait()
            if first:
                sock.send_text(json.dumps({"type": "start"}))
            await sock.closed
        finally:
            sock.close()

    firsts = set()
    tasks = []
    for table, token, port in seats:
        tasks.append(asyncio.ensure_future(one(table, token, port, table not in firsts)))
        firsts.add(table)
    return await _measure(stats, ready, done, tasks, seconds, pids, profiled)


async def _measure(stats: Stats, ready: asyncio.Barrier, done: asyncio.Event, tasks: list[asyncio.Task[None]],
                   seconds: float, pids: tuple[int, ...] = (), profiled: bool = False) -> Stats:
    """Start the clock (and the CPU count of this process and the servers ``pids``)
    when every client is connected, with this process's garbage collector off (its
    pauses would delay every client's messages at once), stop it at the action limit (``done``) or after
    ``seconds``, then wind the clients down.  ``profiled``: the servers' profilers
    run over that time (:data:`_PROFILED`)."""
    waiting = asyncio.ensure_future(ready.wait())
    await asyncio.wait([waiting, *tasks], return_when=asyncio.FIRST_COMPLETED)
    if not waiting.done():  # a client failed before the start: say why
        waiting.cancel()
        for task in tasks:
            if task.done() and task.exception() is not None:
                for other in tasks:
                    other.cancel()
                raise RuntimeError(f"a client failed while connecting: {task.exception()!r}")
    gc.collect()
    gc.freeze()  # the clients' objects, made: no collection scans them
    gc.disable()  # nor pauses every client during the run (the load generator's, not the servers')
    stats.start = time.perf_counter()
    cpu0, client0, services0 = [_cpu(p) for p in pids], time.process_time(), _services_cpu()
    for p in pids if profiled else ():
        os.kill(p, signal.SIGUSR1)
    try:
        await asyncio.wait_for(done.wait(), timeout=seconds)
    except asyncio.TimeoutError:
        pass
    stats.end = time.perf_counter()
    gc.enable()
    gc.unfreeze()
    stats.cpu = [_cpu(p) - c for p, c in zip(pids, cpu0)]
    stats.client_cpu = time.process_time() - client0
    services = _services_cpu()
    for pid in _ours(services, pids):
        service, used = services[pid]
        stats.services[service] = stats.services.get(service, 0.0) + used - services0.get(pid, (service, 0.0))[1]
    for p in pids if profiled else ():
        os.kill(p, signal.SIGUSR2)
    done.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats


async def _relay_clients(port: int, clients: int, think: float, limit: int, seconds: float, seed: int,
                         pids: tuple[int, ...] = ()) -> Stats:
    """The reference's clients, in pairs on the relay at ``port``, each a bare :class:`_Socket`
    as the game's: each message carries its sending time, answered by the other of the pair."""
    rnd = random.Random(seed)
    loop = asyncio.get_running_loop()
    stats = Stats()
    done = asyncio.Event()
    pairs = -(-clients // 2)
    ready = asyncio.Barrier(2 * pairs + 1)

    async def one(pair: int, first: bool) -> None:
        sock: _Socket | None = None

        def answer(pad: str) -> None:
            if sock is not None and not done.is_set():
                sock.send_text(json.dumps({"t": time.perf_counter(), "pad": pad}))

        def on_text(text: str) -> None:
            now = time.perf_counter()
            m = json.loads(text)
            stats.latencies.append(now - m["t"])
            stats.actions += 1
            if stats.actions >= limit:
                done.set()
            if think:
                loop.call_later(rnd.uniform(0.5 * think, 1.5 * think), answer, m["pad"])
            else:
                answer(m["pad"])

        sock = await _open(port, f"/ws/{pair}", on_text)
        try:
            await ready.wait()
            if first:
                answer("x" * 600)
            await sock.closed
        finally:
            sock.close()

    tasks = [asyncio.ensure_future(one(p, k == 0)) for p in range(pairs) for k in range(2)]
    return await _measure(stats, ready, done, tasks, seconds, pids)


def _start(cmd: list[str], port: int, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Start a server; its log goes to ``$JOKER_BENCH_LOG`` (a file, appended) or nowhere."""
    log = os.environ.get("JOKER_BENCH_LOG")
    err = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 - handed to the child
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=env)
    try:
        _wait_http(f"http://127.0.0.1:{port}/healthz", proc)
    except BaseException:
        proc.kill()
        raise
    return proc


_PROFILED = """
import signal
import pyinstrument
from joker.cli.main import app
profiler = pyinstrument.Profiler(interval=0.002, async_mode="disabled")

def measure(signum, frame):
    if signum == signal.SIGUSR1:
        profiler.start()
        return
    profiler.stop()
    with open({out!r}, "w") as f:
        f.write(profiler.output_text(unicode=True, show_all=False))
    with open({out!r} + ".flat", "w") as f:
        f.write(profiler.output_text(unicode=True, flat=True))

signal.signal(signal.SIGUSR1, measure)
signal.signal(signal.SIGUSR2, measure)
app({argv!r})
"""
"""The server under pyinstrument (main thread: the event loop), sampling what the
thread runs (not what a coroutine awaits: ``async_mode`` off, so the loop's idle
time is ``epoll.poll``) from SIGUSR1 to SIGUSR2, the measured run
(:func:`_measure`); then it writes the profile, and ``.flat`` by self time."""


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(60)  # a profiled server may still be writing its profile
    except subprocess.TimeoutExpired:  # pragma: no cover
        proc.kill()


def _serve_cmd(args: list[str], profile: str | None) -> list[str]:
    """The command running ``joker serve ARGS``, under pyinstrument writing to ``profile`` when given."""
    if profile:
        return [sys.executable, "-c", _PROFILED.format(out=profile, argv=["serve", *args])]
    return [sys.executable, "-m", "joker.cli.main", "serve", *args]


def _relay(clients: int, think: float, limit: int, seconds: float, seed: int) -> Summary:
    """The reference run: the bare relay with ``clients`` in pairs at pace ``think``."""
    port = _free_port()
    proc = _start([sys.executable, "-c", "import uvicorn; from joker.bench.server import relay_app; "
                   "from joker.cli.serve import UVICORN; "
                   f"uvicorn.run(relay_app(), host='127.0.0.1', port={port}, log_level='error', **UVICORN)"], port)
    try:
        print(f"reference: bare uvicorn WebSocket relay, {clients} clients in pairs, think {think:g} s …", flush=True)
        relay = asyncio.run(_relay_clients(port, clients, think, limit, seconds, seed,
                                           (proc.pid,)))
    finally:
        _stop(proc)
    return relay.summary()


def run(clients: int = 200, humans: int = 2, think: float = 1.0, actions: int = 8000, seconds: float = 30.0,
        reference: bool = True, seed: int = 1, profile: str | None = None) -> dict[str, Summary]:
    """Run the benchmark; print and return the numbers.  ``profile``: a file for
    pyinstrument's text profile of the server's event loop over the measured run
    (:data:`_PROFILED`; the dev tool must be installed)."""
    if not 1 <= humans <= 4:
        raise SystemExit("--humans is 1..4 (people per table; bots fill the rest)")
    if humans < 2:
        print("note: with one person per table no other person receives his actions: latency needs --humans >= 2")
    _raise_fd_limit()
    results: dict[str, Summary] = {}
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        db = str(Path(tmp) / "bench.db")
        env = {**os.environ, "JOKER_SECRET": "bench"}
        env.pop("JOKER_DB_URL", None)
        proc = _start(_serve_cmd(["--port", str(port), "--db", db, "--bot-delay", "0", "--log-level", "error"],
                                 profile), port, env)
        try:
            print(f"joker serve on 127.0.0.1:{port}: {clients} clients at {-(-clients // humans)} tables "
                  f"({humans} people + {4 - humans} bots each), think {think:g} s, up to {actions} actions or "
                  f"{seconds:g} s …", flush=True)
            game = asyncio.run(_game_clients([port], clients, humans, think, actions, seconds, seed,
                                             pids=(proc.pid,), profiled=profile is not None))
        finally:
            _stop(proc)
        results["joker serve"] = game.summary()
    if reference:
        results["relay (reference)"] = _relay(clients, think, results["joker serve"]["samples"] or actions, seconds,
                                              seed)
    _print(results)
    j = results["joker serve"]
    if "relay (reference)" in results:
        r = results["relay (reference)"]
        print(f"ratio joker / relay: p50 {j['p50_ms'] / r['p50_ms']:.1f}×, p99 {j['p99_ms'] / r['p99_ms']:.1f}×")
    print(f"accepted actions: {j['actions']} in {j['seconds']:.1f} s; errors answered: {j['errors']}")
    ok = j["p99_ms"] <= GOAL_P99_MS
    print(f"goal p99 ≤ {GOAL_P99_MS:g} ms: {'met' if ok else 'NOT met'} ({j['p99_ms']:.1f} ms)")
    return results


def _print(results: dict[str, Summary]) -> None:
    """The table of runs: latency, rate, errors, and CPU per accepted action (µs): the
    server processes' sum (each process's in brackets), the load generator's, with
    the share of a core it used, and PostgreSQL's and Redis's."""
    print()
    print(f"{'':34}{'samples':>8}{'p50 ms':>8}{'p99 ms':>8}{'max ms':>8}{'act/s':>7}{'errors':>7}"
          f"{'server µs/act':>15}  {'per process':<16}{'client µs/act':>14}{'client cores':>13}"
          f"{'pg µs/act':>10}{'redis µs/act':>13}")
    for name, r in results.items():
        each = "/".join(f"{x:.0f}" for x in r["process_us"])
        print(f"{name:34}{r['samples']:>8}{r['p50_ms']:>8.1f}{r['p99_ms']:>8.1f}{r['max_ms']:>8.1f}"
              f"{r['actions_per_s']:>7.0f}{r['errors']:>7}{r['server_us']:>15.0f}  {'(' + each + ')':<16}"
              f"{r['client_us']:>14.0f}{r['client_cores']:>13.2f}{r['pg_us']:>10.0f}{r['redis_us']:>13.0f}")


def run_cluster(processes: list[int], pg: str, redis: str, clients: tuple[int, ...] = (200,), humans: int = 2,
                think: float = 1.0, actions: int = 8000, seconds: float = 20.0, seed: int = 1,
                layout: str = "spread", profile: str | None = None) -> dict[str, Summary]:
    """The same clients on clusters of each size in ``processes`` (``joker serve``
    processes on one PostgreSQL at ``pg``, a fresh schema each run, and the Redis
    at ``redis``, a fresh key prefix; docs/deploy.md): for each number of
    ``clients`` at pace ``think`` (seconds), then the first number flat out (think
    0: the capacity); then the bare relay at pace ``think`` with each number of
    clients.  ``layout``: where a table's people connect (:data:`LAYOUTS`).
    ``profile``: each server process runs under pyinstrument, its profile written
    to ``{profile}.{n}p-{clients}c-t{think}.{i}``.  Prints and returns the
    numbers, keyed ``"N proc, C clients, think T s"``.

    Capacity is given twice: measured (accepted actions/s flat out, on this
    machine, where the clients, every server process, PostgreSQL and Redis share
    the cores), and projected for one core per server process: ``n × 10⁶ / (µs
    of server CPU per action, summed over the n processes)`` — what n processes
    sustain when CPU-bound, PostgreSQL and Redis on cores of their own."""
    if layout not in LAYOUTS:
        raise SystemExit(f"--layout is one of {', '.join(LAYOUTS)}, not {layout!r}")
    _raise_fd_limit()
    results: dict[str, Summary] = {}
    runs = [(c, think) for c in clients] + ([(clients[0], 0.0)] if think else [])
    for n in processes:
        for count, pace in runs:
            prefix = f"bench{secrets.token_hex(4)}:"
            with _pg_schema(pg) as db, _redis_prefix(redis, prefix):
                env = {**os.environ, "JOKER_SECRET": "bench", "JOKER_REDIS_URL": redis, "JOKER_REDIS_PREFIX": prefix}
                env.pop("JOKER_DB_URL", None)
                ports = [_free_port() for _ in range(n)]
                procs = []
                try:
                    for i, port in enumerate(ports):
                        out = f"{profile}.{n}p-{count}c-t{pace:g}.{i}" if profile else None
                        procs.append(_start(_serve_cmd(["--port", str(port), "--db", db, "--bot-delay", "0",
                                                        "--log-level", "error", "--no-warm-analysis"], out),
                                            port, env))
                    print(f"{n} joker serve process(es) on PostgreSQL + Redis: {count} clients ({layout}), "
                          f"think {pace:g} s, up to {actions} actions or {seconds:g} s …", flush=True)
                    stats = asyncio.run(_game_clients(ports, count, humans, pace, actions, seconds, seed, layout,
                                                      tuple(p.pid for p in procs), profile is not None))
                finally:
                    for proc in procs:
                        _stop(proc)
                results[f"{n} proc, {count} clients, think {pace:g} s"] = stats.summary()
    for count in clients:
        results[f"relay, {count} clients, think {think:g} s"] = _relay(count, think, actions, seconds, seed)
    _print(results)
    for count in clients:
        ref = results[f"relay, {count} clients, think {think:g} s"]
        for n in processes:
            r = results[f"{n} proc, {count} clients, think {think:g} s"]
            print(f"{n} proc, {count} clients: p50 {r['p50_ms'] / ref['p50_ms']:.1f}× the relay's, "
                  f"p99 {r['p99_ms'] / ref['p99_ms']:.1f}×; goal p99 ≤ {GOAL_P99_MS:g} ms "
                  f"{'met' if r['p99_ms'] <= GOAL_P99_MS else 'NOT met'}")
    flat = [(n, results[f"{n} proc, {clients[0]} clients, think 0 s"]) for n in processes
            if f"{n} proc, {clients[0]} clients, think 0 s" in results]
    for n, r in flat:
        print(f"capacity, {n} process(es): measured {r['actions_per_s']:.0f} actions/s; projected at one core per "
              f"process {n * 1e6 / r['server_us']:.0f} actions/s ({r['server_us']:.0f} µs of server CPU per action)")
    if len(flat) > 1:
        (n0, r0), (n1, r1) = flat[0], flat[-1]
        cores = os.cpu_count() or 1
        print(f"capacity {n1} processes / {n0}: measured {r1['actions_per_s'] / r0['actions_per_s']:.2f}×, "
              f"projected {(n1 / r1['server_us']) / (n0 / r0['server_us']):.2f}× (goal ≥ 1.6×); at most "
              f"{_ceiling(n1, r1, cores) / _ceiling(n0, r0, cores):.2f}× measurable on this machine's {cores} "
              "cores were they all this run's (the clients, PostgreSQL and Redis sharing them)")
    return results


def _ceiling(n: int, r: Summary, cores: int) -> float:
    """The actions/s ``n`` processes could sustain flat out at the CPU per action of
    the run ``r`` on ``cores`` cores given to this run alone: a process uses one
    core at most, and the clients, PostgreSQL and Redis share the cores with them."""
    total = r["server_us"] + r["client_us"] + r["pg_us"] + r["redis_us"]
    return min(n * 1e6 / r["server_us"], cores * 1e6 / total) if total else 0.0


@contextmanager
def _redis_prefix(url: str, prefix: str) -> Iterator[None]:
    """The Redis keys under ``prefix`` are deleted afterwards."""
    import redis

    try:
        yield
    finally:
        r = redis.Redis.from_url(url)
        keys = list(r.scan_iter(prefix + "*"))
        if keys:
            r.delete(*keys)
        r.close()


@contextmanager
def _pg_schema(base: str) -> Iterator[str]:
    """A URL of the PostgreSQL ``base`` whose ``search_path`` is a fresh schema, dropped afterwards."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    from joker.store import resolve_url

    base = resolve_url(base)
    schema = f"joker_bench_{secrets.token_hex(6)}"
    admin = create_engine(base)
    with admin.begin() as c:
        c.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    try:
        yield make_url(base).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False)
    finally:
        with admin.begin() as c:
            c.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()
