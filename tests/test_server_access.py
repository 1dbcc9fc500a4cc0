"""Who may change the scorekeeper and which hosts are served (issue 23, item 6).

A foreign page cannot change the ledger: a cross-site form post (no JSON
body, a foreign ``Origin`` or ``Sec-Fetch-Site``) is refused with a JSON
error naming the reason, and nothing is written.  A keeper key set at
``joker serve`` is required on every write; it is off on the loopback and
made up when the server listens on another address.  The keeper pages show no
filesystem path.  A ``Host`` the server is not configured for is refused, for
pages and for the WebSocket.
"""

from __future__ import annotations

import pytest
from starlette.testclient import WebSocketDenialResponse
from typer.testing import CliRunner

from joker.server import create_app
from joker.server.access import LOOPBACK_HOSTS, hosts_for, is_loopback, keeper_key_for
from test_server_support import serve

FORM = {"Content-Type": "application/x-www-form-urlencoded"}
JSON = {"Content-Type": "application/json"}


def _day(tc) -> object:
    return tc.get("/api/keeper").json()["day"]


def test_a_cross_site_form_post_changes_nothing(tmp_path):
    with serve(create_app(str(tmp_path / "a.db"), bot_delay=0)) as tc:
        # what a foreign page's <form method=post> sends: a form body, its own Origin
        r = tc.post("/api/keeper/days/start", content=b"", headers={**FORM, "Origin": "http://evil.example"})
        assert r.status_code == 403 and r.json()["code"] == "keeper_cross_site"
        assert "http://evil.example" in r.json()["error"]
        # the same without an Origin (an old browser, or a form from a file): no JSON body, refused
        r = tc.post("/api/keeper/days/start", content=b"", headers=FORM)
        assert r.status_code == 403 and r.json()["code"] == "keeper_json"
        assert "application/json" in r.json()["error"]
        # JSON from a cross-site fetch, as the browser labels it
        r = tc.post("/api/keeper/days/start", json={}, headers={"Sec-Fetch-Site": "cross-site"})
        assert r.status_code == 403 and r.json()["code"] == "keeper_cross_site"
        r = tc.post("/api/keeper/players", json={"name": "Eve"}, headers={"Origin": "http://localhost:8001"})
        assert r.status_code == 403
        r = tc.post("/api/keeper/players", json={"name": "Eve"}, headers={"Origin": "null"})
        assert r.status_code == 403
        assert _day(tc) is None and tc.get("/api/keeper").json()["players"] == []
        # the page's own call: same origin, JSON
        r = tc.post("/api/keeper/days/start", json={},
                    headers={"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"})
        assert r.status_code == 200 and _day(tc) is not None
        # reads stay open to anyone
        assert tc.get("/api/keeper", headers={"Origin": "http://evil.example"}).status_code == 200


def test_the_refusal_is_said_in_the_pages_language(tmp_path):
    with serve(create_app(str(tmp_path / "a.db"), bot_delay=0)) as tc:
        tc.cookies.set("joker_lang", "ru")
        r = tc.post("/api/keeper/days/start", content=b"x=1", headers=FORM)
        assert r.status_code == 403 and r.json()["error"].startswith("отказано: изменение записи")


def test_a_keeper_key_is_required_on_every_write(tmp_path):
    with serve(create_app(str(tmp_path / "a.db"), bot_delay=0, keeper_key="s3cret-key")) as tc:
        r = tc.post("/api/keeper/players", json={"name": "Ann"})
        assert r.status_code == 401 and r.json()["code"] == "keeper_key" and "joker serve" in r.json()["error"]
        r = tc.post("/api/keeper/players", json={"name": "Ann"}, headers={"X-Keeper-Key": "s3cret-kez"})
        assert r.status_code == 401 and r.json()["code"] == "keeper_key_wrong"
        assert tc.get("/api/keeper").json()["players"] == []
        r = tc.post("/api/keeper/players", json={"name": "Ann"}, headers={"X-Keeper-Key": "s3cret-key"})
        assert r.status_code == 200 and r.json() == {"name": "Ann", "core": False}
        # the key is a token: with it a write needs no JSON body (none is read for this one)
        r = tc.post("/api/keeper/days/start", content=b"", headers={**FORM, "X-Keeper-Key": "s3cret-key"})
        assert r.status_code == 200
        # ... but never from a foreign origin
        r = tc.post("/api/keeper/days/end", json={}, headers={"X-Keeper-Key": "s3cret-key",
                                                            "Origin": "https://evil.example"})
        assert r.status_code == 403
        # the pages tell the script a key is needed, never the key itself
        page = tc.get("/keeper").text
        assert '"keeper_key": true' in page and "s3cret-key" not in page


def test_the_keeper_pages_show_no_filesystem_path(tmp_path):
    db = tmp_path / "deep" / "ledger-file.db"
    db.parent.mkdir()
    with serve(create_app(str(db), bot_delay=0)) as tc:
        gid = tc.post("/api/keeper/games", json={"players": ["A", "B", "C", "D"]}).json()["id"]
        for url in ("/keeper", f"/keeper/game/{gid}", "/api/keeper", f"/api/keeper/games/{gid}"):
            text = tc.get(url).text
            assert "ledger-file" not in text and str(tmp_path) not in text, url
        assert '"keeper_key": false' in tc.get("/keeper").text


def test_only_the_configured_hosts_are_served(tmp_path):
    app = create_app(str(tmp_path / "a.db"), bot_delay=0)
    with serve(app) as tc:
        for host in LOOPBACK_HOSTS:
            assert tc.get("/healthz", headers={"Host": f"{host}:8000"}).status_code == 200, host
        r = tc.get("/", headers={"Host": "rebound.evil.example"})
        assert r.status_code == 400 and r.text == "Invalid host header"
        t = tc.post("/api/tables", json={"name": "Ann", "seats": ["human", "bot:random", "bot:random",
                                                                  "bot:random"]}).json()
        with pytest.raises(WebSocketDenialResponse):
            with tc.websocket_connect(f"ws://rebound.evil.example/ws/{t['table']}"):
                pass
    with serve(create_app(str(tmp_path / "b.db"), bot_delay=0, allowed_hosts=["*.example.org"])) as tc:
        assert tc.get("/healthz", headers={"Host": "joker.example.org"}).status_code == 200
        assert tc.get("/healthz").status_code == 400  # localhost is no longer named


def test_hosts_and_key_follow_the_bind_address():
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost") and is_loopback("127.0.1.1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5") and not is_loopback("joker.lan")
    assert hosts_for("127.0.0.1") == ["localhost", "127.0.0.1", "[::1]"]
    assert hosts_for("::1") == ["localhost", "127.0.0.1", "[::1]"]
    assert hosts_for("192.168.1.5") == ["localhost", "127.0.0.1", "[::1]", "192.168.1.5"]
    assert hosts_for("fe80::2") == ["localhost", "127.0.0.1", "[::1]", "[fe80::2]"]
    assert hosts_for("192.168.1.5", ["Joker.LAN", " 10.0.0.2 ", "::1"]) == ["joker.lan", "10.0.0.2", "[::1]"]
    wild = hosts_for("0.0.0.0")
    assert wild[:3] == ["localhost", "127.0.0.1", "[::1]"] and "0.0.0.0" not in wild and len(wild) > 3
    assert keeper_key_for("127.0.0.1", None) == (None, False)
    assert keeper_key_for("127.0.0.1", "k") == ("k", False)
    assert keeper_key_for("0.0.0.0", "given") == ("given", False)
    with pytest.raises(ValueError, match="printable ASCII"):
        keeper_key_for("0.0.0.0", "ключ")
    with pytest.raises(ValueError, match="printable ASCII"):
        keeper_key_for("0.0.0.0", "two words")
    key, made = keeper_key_for("0.0.0.0", None)
    assert made and key and len(key) == 16 and keeper_key_for("0.0.0.0", None)[0] != key


@pytest.mark.parametrize("args, env, key_line, key", [
    (["--host", "0.0.0.0"], {}, True, None),
    (["--host", "192.168.1.5", "--keeper-key", "mine"], {}, False, "mine"),
    (["--host", "192.168.1.5"], {"JOKER_KEEPER_KEY": "from-env"}, False, "from-env"),
    ([], {}, False, None),
])
def test_joker_serve_sets_the_key_and_hosts(monkeypatch, tmp_path, args, env, key_line, key):
    import uvicorn

    from joker.cli.main import app as cli

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    monkeypatch.delenv("JOKER_KEEPER_KEY", raising=False)
    out = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "s.db"), *args], env=env)
    assert out.exit_code == 0, out.output
    made = seen["app"].state.keeper_key
    assert ("Scorekeeper key: " in out.output) == key_line
    if key_line:
        assert f"Scorekeeper key: {made}" in out.output and len(made) == 16
    else:
        assert made == key
    assert "Answering to the hosts: localhost, 127.0.0.1, [::1]" in out.output


def test_joker_serve_refuses_a_key_that_cannot_travel_in_a_header(tmp_path):
    from joker.cli.main import app as cli

    out = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "s.db"), "--keeper-key", "ключ"])
    assert out.exit_code == 2 and "--keeper-key: the keeper key is printable ASCII" in out.output
