"""The deployment of docs/deploy.md, run for real without containers, and its
files checked against the code (issue 24, item 3).

This machine has no Docker, so the Compose file's topology is run as plain
processes: two ``joker serve`` nodes (the real command line) on one
PostgreSQL database (a fresh schema of ``$JOKER_TEST_PG_URL``) and Redis (a
fresh key prefix), and Caddy with the repository's own
``docs/deploy/Caddyfile`` in front of them — TLS by Caddy's local CA for
``localhost`` (the test checks the certificate against that CA's root), on
free ports.  Skipped, saying why, when ``caddy`` is not installed (``.ci/run``
installs it).  The Compose file, the Dockerfile and ``env.example`` are
checked against the code: the ``joker serve`` options they use, the
environment variables they set, the package extras they install.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import shlex
import shutil
import ssl
import subprocess
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from test_cluster_support import TIMEOUT, Endpoint, Server, WsClient, cluster, free_port, redis_url  # noqa: F401
from test_ledger_support import pg_url  # noqa: F401 - the fixture
from test_server_support import act, settle

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "docs" / "deploy"
RULES = "bus-angeles(schedule='2,1')"  # a 2-card deal, then a 1-card deal


def _caddy() -> str:
    """The ``caddy`` program (skipped when it is not installed; CI installs it)."""
    found = shutil.which("caddy")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("caddy is not installed on CI (.ci/run installs the Debian package)")
        pytest.skip("caddy is not installed (Debian: apt-get install caddy)")
    return found


class Caddy(Endpoint):
    """Caddy running docs/deploy/Caddyfile for ``https://localhost`` on free ports,
    in front of ``upstreams``; its data (the local CA) and its log under ``home``.
    Browsers of the test trust the local CA's root, nothing else."""

    def __init__(self, home: Path, upstreams: list[Server]):
        self.https_port, self.http_port = free_port(), free_port()
        self.log = home / "caddy.log"
        env = {**os.environ, "JOKER_SITE": "localhost",
               "JOKER_UPSTREAMS": "to " + " ".join(f"127.0.0.1:{s.port}" for s in upstreams),
               "JOKER_HTTPS_PORT": str(self.https_port), "JOKER_HTTP_PORT": str(self.http_port),
               "CADDY_ADMIN": f"127.0.0.1:{free_port()}",
               "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config")}
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen([_caddy(), "run", "--config", str(DEPLOY / "Caddyfile"), "--adapter",
                                          "caddyfile"], env=env, stdout=log, stderr=subprocess.STDOUT)
        self.root = home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        super().__init__(f"https://localhost:{self.https_port}", f"wss://localhost:{self.https_port}")

    def wait(self) -> "Caddy":
        """Until the local CA's root is written and ``/healthz`` answers through the proxy."""
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                raise AssertionError(f"caddy exited: {self.log.read_text()[-3000:]}")
            assert time.monotonic() < deadline, f"caddy did not answer: {self.log.read_text()[-3000:]}"
            if self.root.exists():
                self.tls = ssl.create_default_context(cafile=str(self.root))
                try:
                    if self.get("/healthz")[0] == 200:
                        return self
                except (OSError, urllib.error.URLError):
                    pass
            time.sleep(0.2)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@pytest.fixture
def caddy(tmp_path):
    """``start(upstreams)``: Caddy with docs/deploy/Caddyfile in front of the processes ``upstreams``."""
    _caddy()
    started: list[Caddy] = []

    def start(upstreams: list[Server]) -> Caddy:
        c = Caddy(tmp_path, upstreams)
        started.append(c)
        return c.wait()

    try:
        yield start
    finally:
        for c in started:
            c.stop()


def _node_of_seat(redis_url: tuple[str, str], table: str, seat: int) -> set[str]:  # noqa: F811
    """The cluster nodes (their names) where ``seat`` of ``table`` has a connection,
    from the presence counts every node keeps in Redis (docs/deploy.md)."""
    import redis

    r = redis.Redis.from_url(redis_url[0], decode_responses=True)
    try:
        counts = r.hgetall(f"{redis_url[1]}online:{table}")
    finally:
        r.close()
    return {field.rpartition("|")[0] for field, n in counts.items() if field.endswith(f"|{seat}") and int(n) > 0}


def test_caddy_with_the_repositorys_caddyfile_in_front_of_two_processes(cluster, caddy, redis_url):  # noqa: F811
    a, b = cluster(2)
    proxy = caddy([a, b])
    # plain HTTP is sent to HTTPS (to its standard port 443: Caddy 2.6 names no other in the redirect,
    # which is right for Compose, listening on 80 and 443)
    conn = http.client.HTTPConnection("localhost", proxy.http_port, timeout=TIMEOUT)
    conn.request("GET", "/healthz")
    moved = conn.getresponse()
    assert moved.status == 308 and urlsplit(moved.getheader("Location"))[:3] == ("https", "localhost", "/healthz")
    conn.close()
    # HTTPS, the certificate checked against Caddy's local CA (a wrong name or CA would raise)
    status, headers, body = proxy.get("/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert b'id="tables"' in body  # the lobby
    assert json.loads(proxy.get("/healthz")[2])["status"] == "ok"
    with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):  # not a certificate by any public CA
        urllib.request.urlopen(proxy.base + "/healthz", timeout=TIMEOUT, context=ssl.create_default_context())

    t = proxy.post("/api/tables", {"name": "Ann", "rules": RULES, "seats": ["human", "human", "bot", "bot"],
                                   "seed": "deploy"})
    joined = proxy.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
    ann = WsClient(proxy, t["table"], t["token"], name="Ann")  # wss:// through Caddy
    ann.of("snapshot")
    bob = WsClient(proxy, t["table"], joined["token"], name="Bob")  # least_conn: to the node Ann is not on
    bob.of("snapshot")
    ann.until(lambda m: m["type"] == "presence" and m["online"][:2] == [True, True])
    nodes = {f"-{s.proc.pid}-": s for s in (a, b)}  # a node's name is host-pid-random
    on = [[s for key, s in nodes.items() if any(key in n for n in _node_of_seat(redis_url, t["table"], seat))]
          for seat in (0, 1)]
    assert len(on[0]) == len(on[1]) == 1 and on[0] != on[1], on  # one node each, not the same
    ann.send({"type": "start"})
    for c in (ann, bob):
        c.until(lambda m: m["type"] == "event" and m["kind"] == "start")
    rnd = random.Random(24)
    settle([ann, bob])
    while ann.view["deal"] == 1:  # the first deal, played by both through the proxy (bots between)
        act([ann, bob], rnd)
    events = [[(m["seq"], m.get("action")) for m in c.msgs if m["type"] == "event"] for c in (ann, bob)]
    assert events[0] == events[1]  # the same events, in order (each client checked they came one by one)
    assert len([e for e in events[0] if e[1] is not None]) >= 4 + 8  # the first deal's 4 bids and 8 cards


# -- the Compose file against the code ----------------------------------------------------------------
def _compose() -> dict[str, Any]:
    yaml = pytest.importorskip("yaml")
    compose: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    return compose


def _serve_options_used() -> set[str]:
    """The ``joker serve`` options the Compose file's app command and the Dockerfile's ``CMD`` use."""
    command = _compose()["services"]["app"]["command"]
    shell = command[-1] if command[:2] == ["sh", "-c"] else shlex.join(command)
    cmd = json.loads(re.search(r"^CMD (\[.*\])$", (DEPLOY / "Dockerfile").read_text(), re.M).group(1))
    used = set()
    for words in (shlex.split(shell), cmd):
        assert "serve" in words and words[words.index("serve") - 1] == "joker", words
        used |= {w.split("=")[0] for w in words[words.index("serve") + 1:] if w.startswith("-")}
    return used


def test_the_compose_files_joker_serve_options_exist():
    from typer.testing import CliRunner

    from joker.cli.main import app

    out = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "400"})
    assert out.exit_code == 0, out.output
    offered = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-[a-z])\b", out.output))
    used = _serve_options_used()
    assert {"--host", "--port", "--workers", "--allowed-hosts"} <= used  # what the file does rely on
    assert used <= offered, used - offered


def test_the_environment_the_compose_file_sets_is_read():
    """Every JOKER_* variable given to the app is one the code reads; every one
    given to Caddy is one the Caddyfile reads; every value the Compose file
    requires is in env.example."""
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "src" / "joker").rglob("*.py"))
    read = set(re.findall(r"""["'](JOKER_[A-Z_]+)["']""", code))
    services = _compose()["services"]
    app_env = set(services["app"]["environment"])
    assert {"JOKER_DB_URL", "JOKER_REDIS_URL", "JOKER_SECRET"} <= app_env  # a cluster needs these
    assert {v for v in app_env if v.startswith("JOKER_")} <= read, app_env - read
    caddyfile = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    assert set(services["caddy"]["environment"]) <= set(re.findall(r"\{\$([A-Z_]+)", caddyfile))
    required = set(re.findall(r"\$\{([A-Z_]+):\?", (DEPLOY / "compose.yaml").read_text(encoding="utf-8")))
    example = {line.split("=")[0] for line in (DEPLOY / "env.example").read_text().splitlines()
               if line and not line.startswith("#")}
    assert required and required <= example, required - example


def test_the_dockerfile_installs_extras_the_package_has():
    from packaging.specifiers import SpecifierSet

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    docker = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    [extras] = re.findall(r"pip install [^\n]*'\.\[([a-z,]+)\]'", docker)
    wanted = extras.split(",")
    assert set(wanted) <= set(pyproject["optional-dependencies"]), wanted
    names = {re.split(r"[\[=<>~ ]", d)[0].lower() for d in pyproject["dependencies"]}
    for extra in wanted:
        names |= {re.split(r"[\[=<>~ ]", d)[0].lower() for d in pyproject["optional-dependencies"][extra]}
    assert {"fastapi", "uvicorn", "websockets", "redis", "psycopg"} <= names  # joker serve in a cluster
    python = re.search(r"^FROM python:(\d+\.\d+)", docker, re.M).group(1)
    assert python in SpecifierSet(pyproject["requires-python"]), (python, pyproject["requires-python"])
    assert "joker" in pyproject["scripts"]  # the CMD


def _handlers(config: Any) -> list[dict[str, Any]]:
    """Every HTTP handler in Caddy's JSON ``config``, however deep in routes."""
    found = []
    if isinstance(config, dict):
        if "handler" in config:
            found.append(config)
        for v in config.values():
            found += _handlers(v)
    elif isinstance(config, list):
        for v in config:
            found += _handlers(v)
    return found


def test_the_caddyfiles_defaults_are_the_compose_apps():
    """Without JOKER_UPSTREAMS the Caddyfile proxies to every container of the
    Compose ``app`` service on the port its command listens on."""
    env = {**os.environ, "JOKER_SITE": "joker.example.org"}
    env.pop("JOKER_UPSTREAMS", None)
    out = subprocess.run([_caddy(), "adapt", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    config = json.loads(out.stdout)
    [proxy] = [h for h in _handlers(config) if h.get("handler") == "reverse_proxy"]
    found = [(proxy["dynamic_upstreams"]["source"], proxy["dynamic_upstreams"]["name"],
              proxy["dynamic_upstreams"]["port"])]
    command = _compose()["services"]["app"]["command"][-1]
    port = shlex.split(command)[shlex.split(command).index("--port") + 1]
    assert found == [("a", "app", port)] and "upstreams" not in proxy, proxy
    assert "app" in _compose()["services"]
    assert config["apps"]["http"]["servers"]["srv0"]["listen"] == [":443"]
