"""The Russian pages carry no English UI text (issue 23, item 5).

Debian's Chromium (Playwright) opens every page in Russian — the lobby, a table
while bidding and playing and at game over, the finished games, the replay,
the scorekeeper's front page and a game on it (a no-trump deal entered), the
not-found page — and reads what a person sees: the visible text, the options
of every menu, tooltips, placeholders, labels and the tab title.  After
taking out what people typed (players' names, the table id) and notation
(rules strings, card ranks, what is set as ``<code>``: a command, the
canonical rules string), no English text of the ``web`` catalogue is
there and no Latin word is left but a few proper names.  The server has a
keeper key: the scorekeeper's page asks for it once (in Russian), keeps it
for the session and asks again when it is wrong.  Screenshots go to
``$JOKER_SHOTS`` (else the test's folder).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from joker.i18n import catalogue
from test_web_e2e import _need_chromium, _page, _play_by_clicking, browser, running  # noqa: F401  (fixture)

KEY = "klyuch-42"
RULES = "bus-angeles(schedule='1,2')"
"""The rules of every table here: shown as «Регламент Бус-Анджелес (раздачи: 1,2)», itself only as a tooltip."""

PROPER = {"ISMCTS", "OpenSpiel", "Oh", "Hell", "EN", "RU", "English", "JSON", "CSV", "QR"}
"""Latin words a Russian page may show: names of things (the other language's
own name, file formats, an outside library)."""

VISIBLE = """() => {
  const out = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll("[title], [placeholder], [aria-label], [alt]")) {
    for (const a of ["title", "placeholder", "aria-label", "alt"]) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  for (const o of document.querySelectorAll("option")) out.push(o.textContent);
  return { text: out.join("\\n"), code: Array.from(document.querySelectorAll("code"), (c) => c.textContent) };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from joker.server import create_app

    _need_chromium()
    db = tmp_path_factory.mktemp("ru") / "ru.db"
    yield from running(create_app(str(db), bot_delay=0.05, secret="ru", keeper_key=KEY))


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    d = Path(os.environ.get("JOKER_SHOTS") or tmp_path / "screenshots")
    d.mkdir(parents=True, exist_ok=True)
    return d


def _english() -> list[str]:
    """Pieces of the English web texts that Russian never shows: each text's
    runs between placeholders, of two words or more, where Russian differs."""
    cat = catalogue("web")
    en, ru = cat.texts["en"], cat.texts["ru"]
    pieces = set()
    for key, text in en.items():
        if ru.get(key) == text:
            continue
        for run in re.split(r"\{[^}]*\}", text):
            run = run.strip(" .,:;()·—-")
            if len(run.split()) >= 2 and re.search(r"[A-Za-z]{3}", run):
                pieces.add(run)
    return sorted(pieces)


UNNAMED = """() => [...document.querySelectorAll("main input, main select, main button")].filter((e) => {
  if (e.type === "hidden" || !e.getClientRects().length) return false;
  const named = e.getAttribute("aria-label") || e.getAttribute("aria-labelledby") || (e.labels && e.labels.length)
    || (e.tagName === "BUTTON" && e.textContent.trim());
  return !named;
}).map((e) => e.outerHTML.slice(0, 120))"""
"""The page's controls a screen reader has no name for (no label, aria-label or text)."""


def _check(page, names: list[str], where: str) -> None:
    seen = page.evaluate(VISIBLE)
    text = seen["text"]
    for n in sorted(names + seen["code"], key=len, reverse=True):  # <code>: notation (a command, a rules string)
        text = text.replace(n, " ")
    found = [p for p in _english() if p in text]
    assert not found, f"{where}: English UI text {found}"
    latin = sorted({w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in PROPER})
    assert not latin, f"{where}: Latin words {latin} in\n{text}"


def test_every_russian_page_is_russian(server, browser, shots):
    from playwright.sync_api import expect

    ctx, page, errors = _page(browser, locale="ru-RU", width=1280, height=800)
    from joker import registry

    # what people typed (the bots' names are said in Russian: Алиса, Борис, Вера); rules notation:
    # the exact rules string, a tooltip of its Russian label, and an example; and a test game other tests may have registered in this
    # process (the toy) by its key
    names = ["Ann", RULES, "bus-angeles(schedule='1,9,1')",  # the rules input's example of the notation
             *(f"game_{g}" for g in registry.names() if g not in ("joker", "durak"))]
    page.goto(server + "/")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    # the seat menu: each bot once, by its level, in Russian
    page.fill("#c-schedule", "1,2")
    options = page.locator("#c-seat-1 option")
    expect(options).to_have_text(["бот: Лёгкий", "бот: Средний", "бот: Сильный", "бот: Случайный",
                                  "бот: ISMCTS (OpenSpiel)", "человек (по приглашению)"])
    expect(page.locator("#c-preset option").first).to_have_text("Регламент Бус-Анджелес")
    expect(page.locator("#c-preset-players")).to_have_text("игроков: 4")  # beside the select, so a long name fits a phone
    # the stalling dot is voted when a turn's time is up: offered once a turn timer is set
    expect(page.locator("#c-stalling-box")).to_be_hidden()
    page.fill("#c-timer", "30")
    expect(page.locator("#c-stalling-box")).to_be_visible()
    page.fill("#c-timer", "0")
    expect(page.locator("#c-stalling-box")).to_be_hidden()
    _check(page, names, "lobby")
    page.screenshot(path=str(shots / "ru-lobby.png"), full_page=True)

    # a table waiting for players, as a visitor sees it: the seat to take
    r = ctx.request.post(server + "/api/tables", data={"name": "Ann", "rules": "bus-angeles(schedule='1,2')",
                                                      "seats": ["human", "human", "bot:hard", "bot:random"]})
    assert r.ok, r.text()
    waiting = r.json()["table"]
    names.append(waiting)
    page.goto(server + f"/t/{waiting}")
    expect(page.locator("#join-box")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Регламент Бус-Анджелес")
    _check(page, names, "table-waiting")
    page.screenshot(path=str(shots / "ru-table-waiting.png"), full_page=True)

    # a whole game, looked at while bidding, while playing and at the end
    seen = {}

    def look(what: str) -> None:
        if what not in seen:
            seen[what] = True
            _check(page, names + [page.url.rsplit("/", 1)[1]], what)
            page.screenshot(path=str(shots / f"ru-{what}.png"), full_page=True)

    table, _ = _play_by_clicking(page, server, look=lambda what: look("table-" + what))
    names.append(table)
    expect(page.locator("#standings")).to_be_visible()
    look("table-over")
    assert {"table-bid", "table-play"} <= set(seen)
    # a table's refusal is said in Russian from its code
    said = page.evaluate("""() => refusal({reason: "table_not_your_turn", params: {name: "Вера", seat: "2"},
                                           message: "not your turn: Вера (seat 2) is to move"})""")
    assert said == "не ваш ход: ходит Вера (место 2)"

    def visit(path: str, what: str) -> None:
        page.goto(server + path)
        _check(page, names, what)
        page.screenshot(path=str(shots / f"ru-{what}.png"), full_page=True)

    visit("/games", "games")
    visit(f"/replay/{table}", "replay")
    expect(page.locator("main")).to_contain_text("Раздача")
    # the replay's buttons capitalised, its deal menu and slider named in Russian (they had no name)
    expect(page.locator(".controls button")).to_have_text(["« Раздача", "◀ Карта", "Карта ▶", "Раздача »"])
    expect(page.locator("#r-deal")).to_have_attribute("aria-label", "Раздача")
    expect(page.locator("#r-slider")).to_have_attribute("aria-label", "Шаг")
    assert page.evaluate(UNNAMED) == []

    # the scorekeeper: a game of two deals, the second without trump
    keeper = ["Бутка", "Печун", "Бардак", "Монай"]
    key = {"X-Keeper-Key": KEY}
    r = ctx.request.post(server + "/api/keeper/games", data={"players": keeper, "rules": "bus-angeles(schedule='1,2')"},
                         headers=key)
    assert r.ok, r.text()
    gid = r.json()["id"]
    r = ctx.request.post(server + f"/api/keeper/games/{gid}/deal",
                         data={"trump": "H", "bids": [0, 0, 0, 0], "tricks": [0, 1, 0, 0]}, headers=key)
    assert r.ok, r.text()
    visit("/keeper", "keeper")
    assert page.evaluate(UNNAMED) == []
    visit(f"/keeper/game/{gid}", "keeper-entry")
    expect(page.locator("#g-sum")).to_have_text("всего 0 из 2")
    assert page.evaluate(UNNAMED) == []
    # the taps say whose and what in Russian: a suit by its name, a bid and a trick count by the player's
    assert page.locator("#g-trump button").evaluate_all("bs => bs.map((b) => b.getAttribute('aria-label'))") == [
        "пики", "трефы", "бубны", "черви", "без козыря"]
    expect(page.locator("#g-tricks .tap-row").first.locator("button").nth(2)).to_have_attribute(
        "aria-label", re.compile(r"^\S+: 2 взятки$"))
    r = ctx.request.post(server + f"/api/keeper/games/{gid}/deal",
                         data={"trump": "N", "bids": [0, 1, 0, 0], "tricks": [0, 1, 1, 0]}, headers=key)
    assert r.ok, r.text()
    page.reload()
    expect(page.locator("table.sheet tr.deal .trump").nth(1)).to_have_text("БК")
    expect(page.locator("table.sheet tr.block td b").first).to_have_text("блок 1")
    _check(page, names, "keeper game, sheet")
    page.screenshot(path=str(shots / "ru-keeper-sheet.png"), full_page=True)

    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the same pages, the same words
    for path, what in (("/", "lobby-phone"), (f"/replay/{table}", "replay-phone"), (f"/keeper/game/{gid}", "keeper-phone")):
        visit(path, what)

    page.goto(server + "/t/nosuchtable")
    _check(page, names + ["nosuchtable"], "not found")
    assert not errors
    ctx.close()


def test_the_keeper_page_asks_for_the_key_once(server, browser, shots):
    from playwright.sync_api import expect

    ctx, page, errors = _page(browser, locale="ru-RU", width=390, height=844)
    asked: list[str] = []
    answers = iter(["ключ", "wrong-key", KEY])  # a key is ASCII: Cyrillic is asked again at once

    def answer(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept(next(answers))

    page.on("dialog", answer)
    page.goto(server + "/keeper")
    page.fill("#k-add-name", "Гость")
    page.click("#k-add button[type=submit]")
    expect(page.locator("#k-roster")).to_contain_text("Гость")
    # asked in Russian; the wrong key refused by the server and asked again
    assert len(asked) == 3 and asked[0].startswith("Ключ ведущего"), asked
    assert asked[1].startswith("неверный ключ") and asked[2].startswith("неверный ключ"), asked
    page.fill("#k-add-name", "Гостья")
    page.click("#k-add button[type=submit]")
    expect(page.locator("#k-roster")).to_contain_text("Гостья")
    assert len(asked) == 3  # kept for the session
    page.screenshot(path=str(shots / "ru-keeper-key-phone.png"), full_page=True)
    assert not errors
    ctx.close()


def test_the_terminal_sheet_says_no_trump_in_russian(tmp_path):
    """The terminal's sheet (``joker ledger show``, ``joker play``) writes a
    no-trump deal as people do in each language: NT, БК."""
    from rich.console import Console

    from joker.cli.render import sheet_table
    from joker.i18n import Tr
    from joker.ledger import Ledger

    led = Ledger.open(str(tmp_path / "t.db"))
    try:
        gid = led.new_game(["А", "Б", "В", "Г"], "bus-angeles(schedule='1')", None, None, True)
        led.enter_deal(gid, "N", [0, 0, 0, 0], [0, 1, 0, 0])
        for lang, mark in (("en", "NT"), ("ru", "БК")):
            console = Console(width=100, record=True)
            console.print(sheet_table(list(led.game(gid).sheet), ["А", "Б", "В", "Г"], tr=Tr(lang, "scorekeeper")))
            row = [line for line in console.export_text().splitlines() if line.strip().startswith("1 ")][0]
            assert mark in row.split(), row
    finally:
        led.close()


def test_the_tables_refusals_are_said_in_the_pages_language(tmp_path):
    """Creating or joining a table: the refusal comes in the page's language,
    the rules parser's words about a rules string too."""
    from joker.server import create_app
    from test_server_support import serve

    with serve(create_app(str(tmp_path / "r.db"), bot_delay=0)) as tc:
        tc.cookies.set("joker_lang", "ru")
        said = {}
        for what, body in (("rules", {"rules": "nope"}), ("count", {"seats": ["human", "bot"]}),
                           ("bot", {"seats": ["human", "bot:genius", "bot", "bot"]}),
                           ("host", {"seats": ["bot", "human", "bot", "bot"]}), ("timer", {"turn_seconds": 3}),
                           ("dot", {"rules": "camp(players=4)", "stalling_dot": True, "turn_seconds": 30})):
            r = tc.post("/api/tables", json={"name": "Аня", "seats": ["human"] * 4, **body})
            assert r.status_code == 400
            said[what] = r.json()["error"]
        assert said["rules"] == ("правила: нет набора правил 'nope'; наборы: bus-angeles, camp, raspisnoy, "
                                 "raspisnoy-54, georgian, georgian-6, rotating-trumps, oh-hell")
        assert said["count"] == "по правилам «Регламент Бус-Анджелес» играют 4 игрока: нужно мест — 4, а не 2"
        assert said["bot"].startswith("место 2: нет бота 'genius'; боты: ") and "easy" in said["bot"]
        assert said["host"] == "хозяин сидит на месте 1, а оно отдано боту"
        assert said["timer"] == "таймер хода — 0 (выключен) или от 5 до 600 секунд"
        assert said["dot"] == ("точка за затягивание — правило Бус-Анджелеса (RULES.md §11): её включают только за "
                               "столом с регламентом Бус-Анджелес")
        t = tc.post("/api/tables", json={"name": "Аня", "seats": ["human", "human", "bot", "bot"]}).json()
        r = tc.post(f"/api/tables/{t['table']}/join", json={"name": "аня"})
        assert r.json()["error"] == "Аня уже сидит за этим столом (место 1): выберите другое имя"
        tc.cookies.set("joker_lang", "en")
        r = tc.post(f"/api/tables/{t['table']}/join", json={"name": "аня"})
        assert r.json()["error"] == "Аня already sits at this table (seat 1): choose another name"
