"""What users type cannot change the structure of a page (issue 23, item 6).

Player names, seat names, scorekeeper names and request paths full of markup,
template syntax and line separators go in through the API; the lobby, table,
games list, replay, scorekeeper and not-found pages come back with that text
escaped for where it lands: HTML text and attributes (Jinja's autoescape), the
inline ``window.JOKER`` JSON (no ``<``, ``>``, ``&``, ``'``, U+2028/2029 left
raw, and it parses back to the exact strings), and in the browser, as text
with no script run.
"""

from __future__ import annotations

import json
import re
import random
from html.parser import HTMLParser
from typing import Any

import pytest

from joker.server import create_app
from joker.server.safejson import script_json
from test_server_support import Client, create, join, play_one, serve, start_game

# table names are at most 24 characters (server/table.py MAX_NAME)
SEAT_NAMES = ["</script><svg onload=x>", '"><img src=x onerror=x>', "{{7*7}}", "<!--<script>"]
QUOTES = "\"'" * 12  # 24 characters of quotes
LONG = ["</script><script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "{{7*7}}",
        "a\u2028b\u2029c", "<!--<script>", QUOTES]
PREFIX = "window.JOKER = "


class _Page(HTMLParser):
    """The tags a browser would build and each inline script's text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.scripts: list[str] = []
        self.text: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "svg":  # the templates' icons (_icon.html) are the only drawings a page has
            assert ("class", "icon") in attrs, f"a drawing from the data: <svg {attrs}>"
        assert ("src", "x") not in attrs, f"an element from the data: <{tag} {attrs}>"
        for name, _ in attrs:
            assert not name.startswith("on"), f"an event handler attribute {name!r} on <{tag}>"
        self._in_script = tag == "script"
        if self._in_script:
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts[-1] += data
        else:
            self.text.append(data)


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values()), *(_strings(k) for k in value))
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value))
    return set()


def _check(html: str, hostile: list[str]) -> tuple[dict[str, Any], str]:
    """The page's structure is the template's: no tag or handler from the data,
    one inline script (no ``<`` in it) whose JSON parses; the data and the text."""
    for s in hostile:
        if s != "{{7*7}}":  # harmless as text: no template ever evaluates data
            assert s not in html
    page = _Page()
    page.feed(html)
    page.close()
    inline = [s for s in page.scripts if s.strip()]
    assert len(inline) == 1 and inline[0].startswith(PREFIX) and inline[0].endswith(";"), inline
    body = inline[0][len(PREFIX):-1]
    assert not set("<>&'\u2028\u2029") & set(body)
    return json.loads(body), "".join(page.text)


def test_script_json_escapes_what_could_end_a_script_and_reads_back_the_same():
    value = {"n": LONG, "k\u2028<": [1, 2.5, None, True, "ру́сский"]}
    text = str(script_json(value))
    assert not set("<>&'\u2028\u2029") & set(text)
    assert "ру́сский" in text  # not \u-escaped: pages keep their size
    assert json.loads(text) == value


def _app(tmp_path):
    return create_app(str(tmp_path / "w.db"), bot_delay=0)


def test_hostile_names_on_the_lobby_table_games_and_replay_pages(tmp_path, monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    with serve(_app(tmp_path)) as tc:
        t = create(tc, "bus-angeles(schedule='1')", ["human"] * 4, name=SEAT_NAMES[0], seed="x1")
        tid = t["table"]
        tokens = [t["token"]] + [join(tc, tid, n)["token"] for n in SEAT_NAMES[1:]]
        # a name with line separators is cleaned (server/table.py clean_name), a name of quotes kept
        spare = create(tc, "bus-angeles", ["human", "human", "bot", "bot"], name=QUOTES)
        assert join(tc, spare["table"], "a\u2028b")
        names = set(SEAT_NAMES) | {QUOTES, "a b"}
        data, text = _check(tc.get("/").text, SEAT_NAMES + LONG)
        assert names <= _strings(data["tables"])
        data, text = _check(tc.get(f"/t/{tid}").text, SEAT_NAMES + LONG)
        assert [s["name"] for s in data["table"]["seats"]] == SEAT_NAMES

        clients = [Client(tc, tid, tok, name=str(i)) for i, tok in enumerate(tokens)]
        start_game(clients)
        rnd = random.Random(3)
        while clients[0].view["phase"] != "over":
            play_one(clients, rnd)
        for c in clients:
            c.close()

        data, text = _check(tc.get("/games").text, SEAT_NAMES + LONG)
        for n in SEAT_NAMES:
            assert n in text  # shown as text, read back by the parser
        data, text = _check(tc.get(f"/replay/{tid}").text, SEAT_NAMES + LONG)
        assert set(SEAT_NAMES) <= _strings(data["replay"])
        # a path is user text too: the not-found pages say it as text
        for s in ('"><img src=x onerror=alert(1)>', "<!--<script>", "{{7*7}}"):
            for page in ("t", "replay"):
                r = tc.get(f"/{page}/{s}")
                assert r.status_code == 404
                _check(r.text, [s])


def test_hostile_names_on_the_scorekeeper_pages(tmp_path, monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    with serve(_app(tmp_path)) as tc:
        players = ["</script><script>x</script>", '"><img src=x onerror=x>', "a\u2028b", QUOTES]
        r = tc.post("/api/keeper/games", json={"players": players, "first_dealer": 1})
        assert r.status_code == 200, r.text
        gid = r.json()["id"]
        data, _ = _check(tc.get("/keeper").text, players)
        names = {p["name"] for p in data["keeper"]["players"]}
        data, _ = _check(tc.get(f"/keeper/game/{gid}").text, players)
        # kept exactly (a line separator is the ledger's to clean), read back exactly from the JSON
        assert data["game"]["players"][:2] == players[:2] and data["game"]["players"][3] == QUOTES
        assert set(data["game"]["players"]) <= names


RTL = ["\u200fשלום\u200f", "\u202eevil\u202c", "\u2067x\u2069"]
HUGE = "<" * 10_000  # a 10 kB name


def test_bidi_controls_and_10kb_names_are_refused_with_a_reason_and_marks_kept_as_text(tmp_path, monkeypatch):
    """A 10 kB name and the bidi controls that would reorder the page's text
    after a name (overrides, isolates) are refused, naming the problem, and
    nothing is stored; a right-to-left mark is a letter of a name like any."""
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    with serve(_app(tmp_path)) as tc:
        for name in (HUGE, RTL[1], RTL[2]):
            r = tc.post("/api/tables", json={"name": name, "seats": ["human", "bot", "bot", "bot"]})
            assert r.status_code == (422 if name is HUGE else 400) and r.json()["error"], name[:10]  # 422: too long
            assert len(r.text) < 1000  # the refusal does not echo 10 kB back
            r = tc.post("/api/keeper/players", json={"name": name})
            assert r.status_code == (422 if name is HUGE else 400) and "name" in r.json()["error"], name[:10]
            r = tc.post("/api/keeper/games", json={"players": [name, "a", "b", "c"]})  # a guest's name is checked too
            assert r.status_code == 400 and "name" in r.json()["error"], name[:10]
            assert len(r.text) < 1000  # the refusal does not echo 10 kB back
        assert tc.get("/api/tables").json() == [] and tc.get("/api/keeper").json()["players"] == []
        players = [RTL[0], "</script><i>x</i>", "{{7*7}}", QUOTES[:10]]
        gid = tc.post("/api/keeper/games", json={"players": players}).json()["id"]
        for url in ("/keeper", f"/keeper/game/{gid}"):
            data, text = _check(tc.get(url).text, players[1:])  # the marked name is plain text: it may appear
            assert set(players) <= _strings(data)


# -- in the browser ------------------------------------------------------------------------------
from test_web_e2e import _page, browser, server  # noqa: E402,F401  (fixtures: the app on a port, Chromium)


def test_a_hostile_name_renders_as_text_in_chromium(server, browser):  # noqa: F811
    from playwright.sync_api import expect

    ctx, page, errors = _page(browser)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    name = "<svg onload=alert(1)>"
    r = page.request.post(f"{server}/api/tables", data={"name": name, "rules": "bus-angeles",
                                                         "seats": ["human", "human", "bot", "bot"]})
    assert r.ok, r.text()
    table = r.json()["table"]
    r = page.request.post(f"{server}/api/tables/{table}/join", data={"name": "</script><b>x</b>"})
    assert r.ok, r.text()
    for url in (f"{server}/", f"{server}/t/{table}"):
        page.goto(url)
        expect(page.get_by_text(name).first).to_be_visible()
        expect(page.get_by_text("</script><b>x</b>").first).to_be_visible()
        assert page.locator("main svg:not(.icon)").count() == 0 and page.locator("main b", has_text=re.compile("^x$")).count() == 0
        assert page.evaluate("() => typeof window.JOKER.T") == "object"  # the inline data survived
    page.wait_for_timeout(300)
    assert dialogs == [] and errors == []
    ctx.close()
