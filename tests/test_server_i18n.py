"""``joker serve`` says every refusal in its reader's language.

A WebSocket's refusals (a malformed message, a wrong turn, an illegal card)
come in the socket's language: ``?lang=`` on its URL, else the handshake's
``Accept-Language``, else English; the HTTP API's refusals (a 422 the API
cannot read, a 404, a table's refusal) in the request's: ``?lang=``, else
the cookie, else ``Accept-Language``.  In a cluster a refusal crosses
processes as its code and params (:meth:`joker.server.table.TableError.to_wire`).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from joker.errors import IllegalActionError, RulesError
from joker.i18n import message, say
from joker.server import create_app
from joker.server.table import TableError, refused
from test_cluster_support import cluster, redis_url  # noqa: F401 - fixtures
from test_ledger_support import pg_url  # noqa: F401 - the fixture
from test_server_support import Client, create, join, mover, play_one, serve, start_game


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    monkeypatch.delenv("JOKER_SECRET", raising=False)


class LangClient(Client):
    """A :class:`Client` whose socket names its language (``?lang=``) or sends ``Accept-Language``."""

    def __init__(self, tc: TestClient, table: str, token: str | None = None, *, lang: str | None = None,
                 accept: str | None = None):
        url = f"ws://localhost/ws/{table}" + (f"?lang={lang}" if lang else "")
        headers = {"Accept-Language": accept} if accept else {}
        self._open(tc.websocket_connect(url, headers=headers), table, token, None, "")
        getattr(tc, "clients", []).append(self)


def _app(tmp_path):
    return create_app(str(tmp_path / "w.db"), bot_delay=0)


def _four(tc: TestClient) -> tuple[str, list[str]]:
    t = create(tc, "bus-angeles(schedule='2')", ["human"] * 4, name="Аня", seed="ru1")
    tid = t["table"]
    return tid, [t["token"]] + [join(tc, tid, n)["token"] for n in ("Боря", "Вера", "Гоша")]


def _error(c: Client) -> dict[str, Any]:
    return c.until(lambda m: m["type"] == "error")


def test_a_russian_socket_gets_its_refusals_in_russian(tmp_path):
    with serve(_app(tmp_path)) as tc:
        tid, tokens = _four(tc)
        clients = [LangClient(tc, tid, tok, lang="ru") for tok in tokens]
        start_game(clients)
        rnd = random.Random(3)
        while clients[0].view["phase"] != "play":
            play_one(clients, rnd)
        c = mover(clients)
        assert c is not None
        other = next(x for x in clients if x is not c)

        # a malformed message: the protocol's own refusal, coded and said in Russian
        c.send("not json {")
        e = _error(c)
        assert (e["code"], e["reason"], e["params"]) == ("malformed", "proto_not_json", {"line": 1, "column": 1})
        assert e["message"] == "не JSON (строка 1, столбец 1)"
        c.send({"type": "act", "action": "AH", "extra": 1, "more": 2})
        e = _error(c)
        assert e["reason"] == "proto_unknown_fields" and e["message"] == "неизвестные поля в сообщении 'act': extra, more"
        c.send({"type": "fly"})
        assert _error(c)["message"].startswith("неизвестный тип сообщения 'fly'; типы: hello, act")

        # a wrong turn: the table's refusal names the player to move, in Russian
        other.send({"type": "act", "action": c.view["legal"][0]})
        e = _error(other)
        assert e["code"] == "not_your_turn" and e["reason"] == "table_not_your_turn"
        assert e["message"] == f"не ваш ход: ходит {e['params']['name']} (место {c.seat + 1})"

        # an illegal card: the engine's refusal, said to the player who tried it ("у вас нет карты")
        hand = set(c.view["hand"])
        card = next(x for x in ("AS", "AH", "AC", "AD", "KS") if x not in hand)
        c.send({"type": "act", "action": card})
        e = _error(c)
        assert e["code"] == "illegal" and e["reason"] == "not_held"
        assert e["message"].startswith(f"{card}: у вас нет карты {card}; можно: ")

        # a spectator's chat refusal (one refused() helper), in Russian too
        spec = LangClient(tc, tid, None, lang="ru")
        spec.until(lambda m: m["type"] == "snapshot")
        spec.send({"type": "chat", "text": "привет"})
        e = _error(spec)
        assert e["code"] == "chat_closed" and e["message"].startswith("зрители не могут писать в чат")


def test_the_socket_language_comes_from_the_handshake_and_defaults_to_english(tmp_path):
    with serve(_app(tmp_path)) as tc:
        tid, tokens = _four(tc)
        ru = LangClient(tc, tid, tokens[0], accept="ru-RU,ru;q=0.9,en;q=0.5")  # no ?lang=: Accept-Language
        en = LangClient(tc, tid, tokens[1])
        forced = LangClient(tc, tid, tokens[2], lang="en", accept="ru")  # ?lang= over the header
        for c in (ru, en, forced):
            c.until(lambda m: m["type"] == "snapshot")
            c.send("x" * 3000)
        assert _error(ru)["message"] == "сообщение в 3000 байт; можно не больше 2048"
        assert _error(en)["message"] == "a message of 3000 bytes; the limit is 2048"
        assert _error(forced)["message"] == "a message of 3000 bytes; the limit is 2048"
        # before hello: the hello-first refusal, in the socket's language
        with tc.websocket_connect(f"ws://localhost/ws/{tid}?lang=ru") as ws:
            ws.send_json({"type": "ping"})
            m = ws.receive_json()
            assert (m["code"], m["reason"]) == ("hello_first", "proto_hello_first")
            assert m["message"] == 'сначала поздоровайтесь: {"type": "hello", "token": …, "since": …}'
        with tc.websocket_connect("ws://localhost/ws/nosuch?lang=ru") as ws:
            m = ws.receive_json()
            assert (m["code"], m["message"]) == ("no_table", "нет стола 'nosuch'")


def test_http_refusals_are_json_with_code_and_params_in_the_requests_language(tmp_path):
    with serve(_app(tmp_path)) as tc:
        # 422: a body the API cannot read, the field named, in Russian by Accept-Language
        r = tc.post("/api/tables", json={"seats": ["human"] * 4}, headers={"Accept-Language": "ru"})
        body = r.json()
        assert r.status_code == 422 and body["code"] == "invalid_request" and body["fields"] == ["name"]
        assert body["error"] == "name: " + say("web", "invalid_missing", {}, "ru")
        r = tc.post("/api/tables", json={"name": "x" * 101, "seats": ["human"] * 4}, params={"lang": "ru"})
        assert r.status_code == 422 and r.json()["error"] == "name: не больше 100 символов"
        r = tc.post("/api/tables", json={"name": "x" * 101, "seats": ["human"] * 4})
        assert r.json()["error"] == "name: at most 100 characters"
        # a table's refusal: code, params, said in the language of ?lang=
        r = tc.post("/api/tables", json={"name": "Аня", "seats": ["human"] * 3}, params={"lang": "ru"})
        body = r.json()
        assert r.status_code == 400 and body["code"] == "table_seats_count" and body["kind"] == "seat"
        assert (body["n"], body["given"]) == ("4", "3")
        assert body["error"].startswith("по правилам «") and body["error"].endswith("играют 4 игрока: нужно мест — 4, а не 3")
        # no such path, in Russian; in English by default
        r = tc.get("/api/nothing", headers={"Accept-Language": "ru"})
        assert (r.status_code, r.json()["code"], r.json()["error"]) == (404, "not_found", "по адресу /api/nothing ничего нет")
        assert tc.get("/api/nothing").json()["error"] == "there is nothing at /api/nothing"
        r = tc.delete("/api/tables", params={"lang": "ru"})
        assert (r.status_code, r.json()["code"], r.json()["error"]) == (
            405, "method_not_allowed", "/api/tables не принимает DELETE")


def test_a_refusal_crosses_processes_as_its_code_and_params_not_its_text():
    """The cluster's join refusal (:meth:`TableError.to_wire`): JSON-ready, no rendered Russian in it,
    said again in either language on the asking process, a nested error too."""
    import json

    inner = RulesError("unknown_preset", name="nosuch", presets="bus-angeles")
    e = refused("rules", "rules", error=inner)
    wire = json.loads(json.dumps(e.to_wire()))
    assert wire["kind"] == "rules" and wire["refusal"]["code"] == "table_rules"
    assert wire["refusal"]["params"]["error"]["$error"]["code"] == "unknown_preset"
    back = TableError.from_wire(wire)
    assert back.kind == "rules" and back.refusal is not None
    assert message(back.refusal, "en", "web") == message(e.refusal, "en", "web") == str(e)
    assert message(back.refusal, "ru", "web") == message(e.refusal, "ru", "web") != str(e)
    turn = refused("not_your_turn", "not_your_turn", name="Вера", seat=2)
    assert message(TableError.from_wire(turn.to_wire()).refusal, "ru", "web") == "не ваш ход: ходит Вера (место 2)"


def test_a_deal_summary_refusal_is_coded_with_plurals():
    """The scorekeeper's whole-deal entry (``apply_summary``, RULES.md §6) refuses in both languages."""
    from joker import new_game, parse_rules

    st = new_game(parse_rules("bus-angeles(schedule='2,5')"), seed=None)
    with pytest.raises(IllegalActionError) as ei:
        st.apply_summary(0, [0, 0, 0, 0], [1, 0, 0, 0])
    assert ei.value.code == "summary_tricks_sum"
    assert str(ei.value) == "deal 1 (2 cards): tricks taken sum to 1, the deal has 2 tricks"
    assert message(ei.value, "ru") == "раздача 1 (2 карты): взяток в сумме 1, а в раздаче 2 взятки"
    with pytest.raises(IllegalActionError) as ei:
        st.apply_summary(0, [0, 3, 0, 0], [1, 1, 0, 0])
    assert message(ei.value, "ru") == "раздача 1 (2 карты): заказ места 2 — 3; заказ — от 0 до 2"


def test_a_russian_durak_player_gets_the_durak_engines_refusals_in_russian(tmp_path):
    import re

    from joker.i18n import catalogue

    with serve(_app(tmp_path)) as tc:
        t = create(tc, "durak(players=2)", ["human", "bot:random"], game="durak", seed="dr1", name="Аня")
        ann = LangClient(tc, t["table"], t["token"], lang="ru")
        ann.until(lambda m: m["type"] == "snapshot")
        ann.send({"type": "start"})
        ann.until(lambda m: m["type"] == "event" and m["kind"] == "start")
        if ann.view["current"] != ann.seat:
            ann.until(lambda m: ann.view["current"] == ann.seat)
        ann.send({"type": "act", "action": "take"})  # she attacks: there is nothing to take
        e = _error(ann)
        assert e["code"] == "illegal" and re.search("[а-я]", e["message"]) and "defend" not in e["message"]
        assert e["message"] == catalogue("durak").text(e["reason"], "ru", ("you", "web")).format(**e["params"])


def test_a_cluster_says_the_owners_refusals_in_the_askers_language(request):
    """Two ``joker serve`` processes (PostgreSQL + Redis): a join refused by the owner comes back
    to the other process as code and params and is said there in the request's language; a
    Russian socket on the other process gets the owner's refusal in Russian (its language travels
    with the forwarded message)."""
    import json as _json
    import urllib.error
    import urllib.request

    start = request.getfixturevalue("cluster")
    from test_cluster_support import TIMEOUT, WsClient

    a, b = start(2)
    t = a.post("/api/tables", {"name": "Аня", "rules": "bus-angeles(schedule='1')", "seats": ["human", "human",
                                                                                            "bot", "bot"]})
    req = urllib.request.Request(f"{b.base}/api/tables/{t['table']}/join?lang=ru", _json.dumps({"name": "аня"}).encode(),
                                 {"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as ei:
        urllib.request.urlopen(req, timeout=TIMEOUT)
    body = _json.loads(ei.value.read())
    assert ei.value.code == 400 and body["code"] == "table_name_taken" and body["kind"] == "name"
    assert body["error"] == "Аня уже сидит за этим столом (место 1): выберите другое имя"
    bob_token = b.post(f"/api/tables/{t['table']}/join", {"name": "Боря"})["token"]

    class RuClient(WsClient):
        def __init__(self, at: Any, table: str, token: str) -> None:
            from websockets.sync.client import connect

            self._open(connect(f"{at.ws_base}/ws/{table}?lang=ru", open_timeout=TIMEOUT, max_queue=None),
                       table, token, None, "Боря")

    bob = RuClient(b, t["table"], bob_token)
    try:
        bob.of("snapshot")
        bob.send({"type": "start"})  # not the host: refused by the owner, a
        e = bob.of("error")
        assert (e["code"], e["reason"]) == ("host", "table_host_starts")
        assert e["message"] == "начинает игру только хозяин стола (Аня)"
    finally:
        bob.close()
