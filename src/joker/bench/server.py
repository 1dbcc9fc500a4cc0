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
import json
import os
import random
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
from typing import TYPE_CHECKING, Any, Iterator, TypedDict

if TYPE_CHECKING:
    from starlette.applications import Starlette

GOAL_P99_MS = 50.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_http(url: str, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1) as r:
                if r.status == 200:
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
    """One run's figures: latency samples and quantiles (ms), accepted actions, seconds, rate, errors answered."""

    samples: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    actions: int
    seconds: float
    actions_per_s: float
    errors: int


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    start: float = 0.0
    end: float = 0.0

    def summary(self) -> Summary:
        lat = sorted(self.latencies)
        q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) >= 2 else [float("nan")] * 99
        secs = max(self.end - self.start, 1e-9)
        return {"samples": len(lat), "p50_ms": 1000 * q[49], "p99_ms": 1000 * q[98],
                "max_ms": 1000 * (lat[-1] if lat else float("nan")), "actions": self.actions,
                "seconds": secs, "actions_per_s": self.actions / secs, "errors": self.errors}


async def _game_clients(ports: list[int], clients: int, humans: int, think: float, limit: int,
                        seconds: float, seed: int, spread: bool = True) -> Stats:
    """The clients of the game's run; with several server processes (``ports``)
    table ``k`` is made on process ``k mod n`` (its owner) and its ``i``-th
    person plays on process ``(k + i) mod n`` (``spread``: with two processes
    every table has a person on a process that forwards his actions), else on
    the owner's (what a router hashing the table's id would do)."""
    from websockets.asyncio.client import connect

    rnd = random.Random(seed)
    tables = -(-clients // humans)
    seats: list[tuple[str, str, int]] = []
    n = len(ports)
    for k in range(tables):
        spec = ["human"] * humans + ["bot:heuristic"] * (4 - humans)
        t = await asyncio.to_thread(_post, f"http://127.0.0.1:{ports[k % n]}/api/tables",
                                    {"name": "P0", "rules": "bus-angeles", "seats": spec, "public": False,
                                     "seed": f"bench{seed}-{k}"})
        seats.append((t["table"], t["token"], ports[k % n]))
        for i in range(1, humans):
            port = ports[(k + (i if spread else 0)) % n]
            j = await asyncio.to_thread(_post, f"http://127.0.0.1:{port}/api/tables/{t['table']}/join",
                                        {"name": f"P{i}"})
            seats.append((t["table"], j["token"], port))
    seats = seats[:clients]
    stats = Stats()
    sent: dict[tuple[str, int], float] = {}
    done = asyncio.Event()
    ready = asyncio.Barrier(len(seats) + 1)

    async def one(table: str, token: str, port: int, first: bool) -> None:
        async with connect(f"ws://127.0.0.1:{port}/ws/{table}", max_size=2**22, ping_interval=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            seat = None
            seq = 0
            await ready.wait()
            if first:
                await ws.send(json.dumps({"type": "start"}))
            while not done.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=1.0)
                except asyncio.TimeoutError:
                    continue
                now = time.perf_counter()
                m = json.loads(text)
                kind = m["type"]
                if kind == "welcome":
                    seat = m["seat"]
                    continue
                if kind == "error":
                    stats.errors += 1
                    continue
                if kind not in ("event", "snapshot"):
                    continue
                seq = m["seq"]
                if kind == "event" and m["kind"] == "action":
                    if first:
                        stats.actions += 1
                        if stats.actions >= limit:
                            done.set()
                    t0 = sent.get((table, seq))
                    if t0 is not None and m["seat"] != seat:
                        stats.latencies.append(now - t0)
                view = m.get("view")
                if view and view["legal"] and view["current"] == seat:
                    if think:
                        await asyncio.sleep(rnd.uniform(0.5 * think, 1.5 * think))
                    sent[(table, seq + 1)] = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "action": rnd.choice(view["legal"])}))

    firsts = set()
    tasks = []
    for table, token, port in seats:
        tasks.append(asyncio.ensure_future(one(table, token, port, table not in firsts)))
        firsts.add(table)
    return await _measure(stats, ready, done, tasks, seconds)


async def _measure(stats: Stats, ready: asyncio.Barrier, done: asyncio.Event, tasks: list[asyncio.Task[None]], seconds: float) -> Stats:
    """Start the clock when every client is connected, stop it at the action limit
    (``done``) or after ``seconds``, then wind the clients down."""
    await ready.wait()
    stats.start = time.perf_counter()
    try:
        await asyncio.wait_for(done.wait(), timeout=seconds)
    except asyncio.TimeoutError:
        pass
    stats.end = time.perf_counter()
    done.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats


async def _relay_clients(ws_base: str, clients: int, think: float, limit: int, seconds: float, seed: int) -> Stats:
    from websockets.asyncio.client import connect

    rnd = random.Random(seed)
    stats = Stats()
    done = asyncio.Event()
    pairs = -(-clients // 2)
    ready = asyncio.Barrier(2 * pairs + 1)

    async def one(pair: int, first: bool) -> None:
        async with connect(f"{ws_base}/ws/{pair}", ping_interval=None) as ws:
            await ready.wait()
            if first:
                await ws.send(json.dumps({"t": time.perf_counter(), "pad": "x" * 600}))
            while not done.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=1.0)
                except asyncio.TimeoutError:
                    continue
                now = time.perf_counter()
                m = json.loads(text)
                stats.latencies.append(now - m["t"])
                stats.actions += 1
                if stats.actions >= limit:
                    done.set()
                if think:
                    await asyncio.sleep(rnd.uniform(0.5 * think, 1.5 * think))
                await ws.send(json.dumps({"t": time.perf_counter(), "pad": m["pad"]}))

    tasks = [asyncio.ensure_future(one(p, k == 0)) for p in range(pairs) for k in range(2)]
    return await _measure(stats, ready, done, tasks, seconds)


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
import pyinstrument
from joker.cli.main import app
profiler = pyinstrument.Profiler(interval=0.0005)
profiler.start()
try:
    app({argv!r})
finally:
    profiler.stop()
    with open({out!r}, "w") as f:
        f.write(profiler.output_text(unicode=True, show_all=False))
    with open({out!r} + ".flat", "w") as f:
        f.write(profiler.output_text(unicode=True, flat=True))
"""
"""The server under pyinstrument (main thread: the event loop); stopped by SIGINT, it writes the profile."""


def _stop(proc: subprocess.Popen[bytes], interrupt: bool = False) -> None:
    if interrupt:
        proc.send_signal(signal.SIGINT)
    else:
        proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:  # pragma: no cover
        proc.kill()


def run(clients: int = 200, humans: int = 2, think: float = 1.0, actions: int = 8000, seconds: float = 30.0,
        reference: bool = True, seed: int = 1, profile: str | None = None) -> dict[str, Summary]:
    """Run the benchmark; print and return the numbers.  ``profile``: a file for
    pyinstrument's text profile of the server's event loop (the server runs
    under ``python -m pyinstrument``; the dev tool must be installed)."""
    if not 1 <= humans <= 4:
        raise SystemExit("--humans is 1..4 (people per table; bots fill the rest)")
    if humans < 2:
        print("note: with one person per table no other person receives his actions: latency needs --humans >= 2")
    results: dict[str, Summary] = {}
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        db = str(Path(tmp) / "bench.db")
        env = {**os.environ, "JOKER_SECRET": "bench"}
        env.pop("JOKER_DB_URL", None)
        serve = ["serve", "--port", str(port), "--db", db, "--bot-delay", "0", "--log-level", "error"]
        proc = _start([sys.executable, "-c", _PROFILED.format(out=profile, argv=serve)] if profile else
                      [sys.executable, "-m", "joker.cli.main", *serve], port, env)
        try:
            print(f"joker serve on 127.0.0.1:{port}: {clients} clients at {-(-clients // humans)} tables "
                  f"({humans} people + {4 - humans} bots each), think {think:g} s, up to {actions} actions or "
                  f"{seconds:g} s …", flush=True)
            game = asyncio.run(_game_clients([port], clients, humans, think, actions, seconds, seed))
        finally:
            _stop(proc, profile is not None)
        results["joker"] = game.summary()
    if reference:
        port = _free_port()
        proc = _start([sys.executable, "-c",
                       "import uvicorn; from joker.bench.server import relay_app; "
                       f"uvicorn.run(relay_app(), host='127.0.0.1', port={port}, log_level='error')"], port)
        try:
            print(f"reference: bare uvicorn WebSocket relay, {clients} clients in pairs …", flush=True)
            relay = asyncio.run(_relay_clients(f"ws://127.0.0.1:{port}", clients, think,
                                               results["joker"]["samples"] or actions, seconds, seed))
        finally:
            _stop(proc)
        results["relay"] = relay.summary()
    _print(results)
    return results


def _print(results: dict[str, Summary]) -> None:
    j = results["joker"]
    print()
    print(f"{'':24}{'samples':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'actions/s':>11}")
    rows = [("joker serve", j)] + ([("relay (reference)", results["relay"])] if "relay" in results else [])
    for name, r in rows:
        print(f"{name:24}{r['samples']:>9}{r['p50_ms']:>9.1f}{r['p99_ms']:>9.1f}{r['max_ms']:>9.1f}"
              f"{r['actions_per_s']:>11.0f}")
    if "relay" in results:
        r = results["relay"]
        print(f"ratio joker / relay: p50 {j['p50_ms'] / r['p50_ms']:.1f}×, p99 {j['p99_ms'] / r['p99_ms']:.1f}×")
    print(f"accepted actions: {j['actions']} in {j['seconds']:.1f} s; errors answered: {j['errors']}")
    ok = j["p99_ms"] <= GOAL_P99_MS
    print(f"goal p99 ≤ {GOAL_P99_MS:g} ms: {'met' if ok else 'NOT met'} ({j['p99_ms']:.1f} ms)")


def run_cluster(processes: list[int], pg: str, redis: str, clients: int = 200, humans: int = 2,
                thinks: tuple[float, ...] = (1.0, 0.0), actions: int = 8000, seconds: float = 20.0,
                seed: int = 1, spread: bool = True) -> dict[str, Summary]:
    """The same clients on clusters of each size in ``processes`` (``joker serve``
    processes on one PostgreSQL at ``pg``, a fresh schema each run, and the Redis
    at ``redis``, a fresh key prefix; docs/deploy.md), at each pace in ``thinks``
    (seconds; 0: flat out, the capacity); then the bare relay at the first pace.
    ``spread``: a table's people on different processes (else on its owner's).
    Prints and returns the numbers, keyed ``"N proc, think T s"``."""
    results: dict[str, Summary] = {}
    for n in processes:
        for think in thinks:
            prefix = f"bench{secrets.token_hex(4)}:"
            with _pg_schema(pg) as db, _redis_prefix(redis, prefix):
                env = {**os.environ, "JOKER_SECRET": "bench", "JOKER_REDIS_URL": redis, "JOKER_REDIS_PREFIX": prefix}
                env.pop("JOKER_DB_URL", None)
                ports = [_free_port() for _ in range(n)]
                procs = []
                try:
                    for port in ports:
                        procs.append(_start([sys.executable, "-m", "joker.cli.main", "serve", "--port", str(port),
                                             "--db", db, "--bot-delay", "0", "--log-level", "error",
                                             "--no-warm-analysis"], port, env))
                    print(f"{n} joker serve process(es) on PostgreSQL + Redis: {clients} clients "
                          f"({'spread over the processes' if spread else 'on their table owner'}), "
                          f"think {think:g} s, up to {actions} actions or {seconds:g} s …", flush=True)
                    stats = asyncio.run(_game_clients(ports, clients, humans, think, actions, seconds, seed,
                                                      spread))
                finally:
                    for proc in procs:
                        _stop(proc)
                results[f"{n} proc, think {think:g} s"] = stats.summary()
    port = _free_port()
    proc = _start([sys.executable, "-c", "import uvicorn; from joker.bench.server import relay_app; "
                   f"uvicorn.run(relay_app(), host='127.0.0.1', port={port}, log_level='error')"], port)
    try:
        print(f"reference: bare uvicorn WebSocket relay, {clients} clients in pairs, think {thinks[0]:g} s …",
              flush=True)
        relay = asyncio.run(_relay_clients(f"ws://127.0.0.1:{port}", clients, thinks[0], actions, seconds, seed))
    finally:
        _stop(proc)
    results["relay (reference)"] = relay.summary()
    print()
    print(f"{'':24}{'samples':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'actions/s':>11}{'errors':>8}")
    for name, r in results.items():
        print(f"{name:24}{r['samples']:>9}{r['p50_ms']:>9.1f}{r['p99_ms']:>9.1f}{r['max_ms']:>9.1f}"
              f"{r['actions_per_s']:>11.0f}{r['errors']:>8}")
    flat = [(n, results[f"{n} proc, think 0 s"]["actions_per_s"]) for n in processes
            if f"{n} proc, think 0 s" in results]
    if len(flat) > 1:
        (n0, c0), (n1, c1) = flat[0], flat[-1]
        print(f"capacity {n1} processes / {n0}: {c1 / c0:.2f}× ({c1:.0f} vs {c0:.0f} actions/s)")
    return results


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
