"""Bots ready at once, at the table (server/botplay.py, docs/bots.md "Ready at once"):
while the server gets the bots ready after starting, pages say so and bot turns
wait; a bot thinking longer than two seconds is announced to the table; and
``joker serve``'s real warm-up (a subprocess filling the disk cache, then a load
into the server) ends with the bots playing."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import threading
import time

import pytest

from joker.server import botplay, create_app
from test_server_support import Client, create, serve


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    monkeypatch.delenv("JOKER_SECRET", raising=False)


def _page_js(tc, url: str) -> dict:
    text = tc.get(url).text
    return json.loads(re.search(r"window\.JOKER = (\{.*?\});</script>", text, re.S).group(1))


def _bot_to_move(tc, rules: str = "bus-angeles(schedule='1')", level: str = "easy"):
    """A started table whose first mover is a bot (three bots of ``level``, the host at seat 4):
    the host's client, after the start event, and the seat of the bot to move."""
    for seed in ("r1", "r2", "r3", "r4", "r5"):
        t = create(tc, rules, [f"bot:{level}"] * 3 + ["human"], name="Ann", seed=seed, host_seat=3)
        host = Client(tc, t["table"], t["token"], name="Ann")
        host.until(lambda m: m["type"] == "snapshot")
        host.send({"type": "start"})
        host.until(lambda m: m["type"] == "event" and m["kind"] == "start")
        if host.view["current"] != 3:
            return host, host.view["current"]
        host.close()
    raise AssertionError("no seed with a bot moving first")


def test_while_the_bots_get_ready_pages_say_so_and_bot_turns_wait(tmp_path, monkeypatch):
    gate = threading.Event()

    async def prepare(self, warmed: bool) -> None:  # a warm-up that ends when the test says so
        while not gate.is_set():
            await asyncio.sleep(0.01)

    monkeypatch.setattr(botplay.Bots, "_prepare", prepare)
    monkeypatch.setattr(botplay, "THINKING_AFTER", 0.05)
    with serve(create_app(str(tmp_path / "w.db"), bot_delay=0, warm_bots=True)) as tc:
        assert _page_js(tc, "/")["bots_ready"] is False  # the lobby's notice (static/thinking.js)
        easy, easy_seat = _bot_to_move(tc, level="easy")  # a bot with nothing to compile plays meanwhile
        m = easy.until(lambda m: m["type"] == "event")
        assert m["kind"] == "action" and m["seat"] == easy_seat
        host, seat = _bot_to_move(tc, level="medium")
        assert _page_js(tc, f"/t/{host.table}")["bots_ready"] is False
        seq = host.seq
        m = host.until(lambda m: m["type"] in ("thinking", "event"))
        assert m == {"type": "thinking", "seat": seat, "preparing": True}  # the bot waits, the table is told why
        gate.set()
        m = host.until(lambda m: m["type"] in ("thinking", "event"))
        assert m == {"type": "thinking", "seat": seat, "preparing": False}  # ready: now it thinks
        m = host.until(lambda m: m["type"] == "event", timeout=120)
        assert m["seq"] == seq + 1 and m["kind"] == "action" and m["seat"] == seat  # and plays
        assert _page_js(tc, "/")["bots_ready"] is True


def test_a_bot_thinking_longer_than_the_notice_time_is_announced(tmp_path, monkeypatch):
    release = threading.Event()
    real = botplay.bot_choice

    def slow(*args):  # a bot that thinks until the test has seen the notice
        assert release.wait(30)
        return real(*args)

    monkeypatch.setattr(botplay, "bot_choice", slow)
    monkeypatch.setattr(botplay, "THINKING_AFTER", 0.05)
    with serve(create_app(str(tmp_path / "w.db"), bot_delay=0)) as tc:
        assert _page_js(tc, "/")["bots_ready"] is True  # no warm-up asked for: no notice
        host, seat = _bot_to_move(tc)
        m = host.until(lambda m: m["type"] in ("thinking", "event"))
        assert m == {"type": "thinking", "seat": seat, "preparing": False}
        release.set()
        m = host.until(lambda m: m["type"] == "event")
        assert m["kind"] == "action" and m["seat"] == seat


@pytest.mark.parametrize("warmed", [True, False], ids=["cache-warmed", "compile-subprocess"])
def test_the_real_warm_up_ends_with_the_bots_ready_and_playing(tmp_path, monkeypatch, warmed):
    """``joker serve``'s warm-up with the project's cache: after ``joker warmup`` (``make
    install``) it only loads the cache; without its mark it first runs ``python -m
    joker.bots.warm`` in a subprocess.  Either way a medium bot then plays."""
    from joker.games.joker.warm import JokerWarm

    done = subprocess.run([sys.executable, "-m", "joker.cli.main", "warmup", "--quiet"], capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    assert JokerWarm().warmed()
    if not warmed:
        monkeypatch.setattr(JokerWarm, "warmed", lambda self: False)
    with serve(create_app(str(tmp_path / "w.db"), bot_delay=0, warm_bots=True)) as tc:
        hub = tc.app.state.hub
        deadline = time.monotonic() + 600
        while not hub.bots.ready.is_set():
            assert time.monotonic() < deadline, "the warm-up did not end"
            time.sleep(0.1)
        if warmed:
            assert hub.bots._proc is None  # nothing to compile: no subprocess
        else:
            assert hub.bots._proc is not None and hub.bots._proc.returncode == 0  # it ran and succeeded
        host, seat = _bot_to_move(tc, "bus-angeles(schedule='2')", "medium")
        m = host.until(lambda m: m["type"] == "event", timeout=120)
        assert m["kind"] == "action" and m["seat"] == seat
