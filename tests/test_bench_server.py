"""The web server benchmark's load generator (:mod:`joker.bench.server`): its bare
WebSocket clients (:class:`joker.bench.server._Socket`) talk to the real servers —
the reference relay, whose 600-byte messages take the 16-bit length both ways and
must be masked right to be accepted, and ``joker serve`` on SQLite, where the
clients play flat out and nothing they send is refused."""

from __future__ import annotations

import pytest

pytest.importorskip("uvicorn")


def test_the_bare_clients_play_through_the_reference_relay():
    from joker.bench.server import _relay

    r = _relay(clients=4, think=0.0, limit=300, seconds=20.0, seed=1)
    assert r["actions"] >= 300 and r["samples"] >= 300 and r["errors"] == 0
    assert r["p50_ms"] > 0


def test_the_bare_clients_play_joker_serve_flat_out_and_nothing_is_refused(capsys):
    from joker.bench.server import run

    results = run(clients=4, humans=2, think=0.0, actions=60, seconds=60.0, reference=False)
    game = results["joker serve"]
    assert game["actions"] >= 60 and game["samples"] > 0 and game["errors"] == 0
    assert "joker serve" in capsys.readouterr().out
