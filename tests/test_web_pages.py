"""The pages around the table as a new player meets them, in Debian's Chromium
(see test_web_e2e), on a phone (390×844) in Russian: the finished games fit
the screen with their buttons (they were a 617 px table), the rules are said
in words and the bots by their Russian names (records keep the stored ones),
the lobby's tables fit too, the seat-link and chat buttons carry drawn icons
(emoji were empty boxes without an emoji font), and the scorekeeper's
statistics say why they are empty.  Screenshots go to ``$JOKER_SHOTS`` (else
the test's folder)."""

from __future__ import annotations

import os
from pathlib import Path

from test_web_e2e import _page, _play_by_clicking, browser, server  # noqa: F401  (fixtures: the app on a port, Chromium)

from joker.i18n import Tr

OUTSIDE = """(sel) => [...document.querySelectorAll(sel)].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width === 0 || r.top < 0 || r.left < 0 || r.right > innerWidth;
  }).map((e) => e.textContent)"""
"""The elements of a selector not wholly inside the viewport's width (or not shown), by their text."""


def _shots(tmp_path: Path) -> Path:
    root = os.environ.get("JOKER_SHOTS")
    d = Path(root) / "pages" if root else tmp_path / "screenshots"
    d.mkdir(parents=True, exist_ok=True)
    return d


def test_a_phone_sees_finished_games_rules_and_bots_in_russian(server, browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    shots = _shots(tmp_path)
    t = Tr("ru", "web")
    ctx, page, errors = _page(browser, locale="ru-RU", width=390, height=844)
    table, _ = _play_by_clicking(page, server)  # bus-angeles(schedule='1,2'), Ann and three bots
    # the seat-link and chat buttons: drawn icons named in Russian, no emoji
    for button, label in (("#seat-link-open", t("icon_phone")), ("#chat-toggle", t("icon_chat"))):
        icon = page.locator(f"{button} svg.icon")
        expect(icon).to_have_attribute("aria-label", label)
        expect(icon.locator("title")).to_have_text(label)
        box = icon.bounding_box()
        assert box and box["width"] > 8 and box["height"] > 8, button
    page.screenshot(path=str(shots / "ru-table-over.png"), full_page=True)

    page.goto(server + "/games")
    row = page.locator(f"#games tbody tr:has(a[href='/t/{table}'])")
    expect(row).to_have_count(1)
    page.screenshot(path=str(shots / "ru-games-390.png"), full_page=True)
    assert page.evaluate(OUTSIDE, f"#games tbody tr:has(a[href='/t/{table}']) .button") == []
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    rules = row.locator("td[title]")
    expect(rules).to_have_text("Регламент Бус-Анджелес (раздачи: 1,2)")
    expect(rules).to_have_attribute("title", "bus-angeles(schedule='1,2')")  # the exact string stays at hand
    expect(row).to_contain_text("Алиса")
    expect(row).to_contain_text("Борис")
    expect(row).not_to_contain_text("Alice")
    # each player's result in words, under the header «итог»: Ann's «N очков» (Joker's total_label)
    from joker.games.joker.record import GameRecord, replay
    from joker.server.plugin import kit

    done = GameRecord.from_json(page.request.get(f"{server}/api/tables/{table}/record").text())
    ann = replay(done).scores()[0]
    expect(row.locator("td").nth(3)).to_contain_text("Ann " + kit("joker").web.total_label(ann, "ru"))
    assert "очк" in kit("joker").web.total_label(ann, "ru")
    expect(page.locator("#games thead")).to_contain_text("итог")
    # the replay: the same words; the record keeps the names it was written with
    row.locator(f"a[href='/replay/{table}']").click()
    expect(page.locator("h1 .rules-label")).to_have_text("Регламент Бус-Анджелес (раздачи: 1,2)")
    expect(page.locator("#r-hands")).to_contain_text("Вера")
    expect(page.locator("#r-hands")).not_to_contain_text("Vera")
    page.screenshot(path=str(shots / "ru-replay-390.png"), full_page=True)
    record = page.request.get(f"{server}/api/tables/{table}/record").json()
    assert record["players"][1:] == ["Alice", "Boris", "Vera"]

    # the lobby's open tables fit the phone too: rules in words, the bots by name, the button on screen
    made = page.request.post(server + "/api/tables", data={"name": "Ann", "rules": "bus-angeles(schedule='1,9,1')",
                                                           "seats": ["human", "bot:easy", "human", "bot:hard"]})
    assert made.ok, made.text()
    waiting = made.json()["table"]
    page.goto(server + "/")
    line = page.locator(f"#tables tr:has(a[href='/t/{waiting}'])")
    expect(line).to_contain_text("Регламент Бус-Анджелес (раздачи: 1,9,1)")
    expect(line).to_contain_text("Алиса")
    expect(line).to_contain_text("1 свободное место")
    full = page.request.post(server + "/api/tables", data={"name": "Ann", "rules": "bus-angeles",
                                                           "seats": ["human", "bot", "bot", "bot"]}).json()["table"]
    page.reload()  # every seat taken: not "0 open seats" but waiting for the start
    expect(page.locator(f"#tables tr:has(a[href='/t/{full}'])")).to_contain_text("все места заняты, ждём начала")
    line = page.locator(f"#tables tr:has(a[href='/t/{waiting}'])")
    assert page.evaluate(OUTSIDE, f"#tables tr:has(a[href='/t/{waiting}']) .button") == []
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=str(shots / "ru-lobby-390.png"), full_page=True)
    # and the table's heading
    page.goto(server + f"/t/{waiting}")
    expect(page.locator("h1 .rules-label")).to_have_text("Регламент Бус-Анджелес (раздачи: 1,9,1)")
    expect(page.locator("#waiting")).to_contain_text("Алиса")
    assert not errors
    ctx.close()


def test_the_scorekeepers_statistics_say_why_they_are_empty(server, browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    shots = _shots(tmp_path)
    api = browser.new_context()
    for name in ("Бутка", "Печун"):  # players on the roster, no game finished: still nothing to count
        r = api.request.post(server + "/api/keeper/players", data={"name": name, "core": True})
        assert r.ok, r.text()
    api.close()
    for lang, locale in (("en", "en-GB"), ("ru", "ru-RU")):
        ctx, page, errors = _page(browser, locale=locale, width=390, height=844)
        page.goto(server + "/keeper")
        expect(page.locator("#k-stats")).to_have_text(Tr(lang, "web")("stats_none"))
        page.screenshot(path=str(shots / f"{lang}-keeper-390.png"), full_page=True)
        assert not errors
        ctx.close()
