"""The table page as a card site, in Debian's Chromium (see test_web_e2e):
a whole short game ``bus-angeles(schedule='1,2,9')`` against three bots,
played by tapping, on a desktop (1280×800, English) and a phone (390×844,
Russian, reduced motion).

What a player relies on: his hand and the bid buttons are on screen at every
decision on the phone (no scrolling to find them); the tab's title says it is
his turn; each deal ends with a summary of bids against tricks and points,
which stays until dismissed or until his first move of the next deal, and
comes back when the page is reloaded meanwhile (rebuilt from the snapshot's
sheet); the last trick can be reopened at any time; a double tap makes one move and no
"not your turn" error.  The summaries and the reopened trick are checked
against the game's record.  Screenshots go to ``$JOKER_SHOTS`` (else the
test's own folder).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from test_web_e2e import _page, browser, server  # noqa: F401  (fixtures: the app on a port, Chromium)

from joker.cards import format_card
from joker.i18n import Tr, catalogue, seat_names

RULES = "bus-angeles(schedule='1,2,9')"
# the deal summary's table is as wide as its box at most (else its last columns scroll out of sight)
SUMMARY_FITS = "(e => e.scrollWidth <= e.clientWidth)(document.querySelector('#summary'))"


def _shots_dir(tmp_path: Path, name: str) -> Path:
    root = os.environ.get("JOKER_SHOTS")
    d = Path(root) / name if root else tmp_path / "screenshots"
    d.mkdir(parents=True, exist_ok=True)
    return d


def _in_viewport(page, selector: str) -> list[str]:
    """The elements of ``selector`` not wholly inside the viewport (as their text), without scrolling."""
    return page.evaluate("""(sel) => [...document.querySelectorAll(sel)].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
      }).map((e) => e.textContent)""", selector)


def _start(page, server: str, locale: str) -> str:
    """A new table with three bots, the page seated as its host: the table's id."""
    r = page.request.post(server + "/api/tables", data={
        "name": "Ann", "rules": RULES, "seats": ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"],
        "seed": "tableux" + locale[:2]})
    assert r.ok, r.text()
    made = r.json()
    page.add_init_script(f"localStorage.setItem('joker.seat.{made['table']}', '{made['token']}')")
    page.goto(server + made["url"])
    page.click("#start")
    return str(made["table"])


@pytest.mark.parametrize("size,locale", [((1280, 800), "en-GB"), ((390, 844), "ru-RU")], ids=["desktop-en", "phone-ru"])
def test_a_short_game_at_the_table(server, browser, tmp_path, size, locale):  # noqa: F811
    from playwright.sync_api import expect

    from joker.games.joker.record import GameRecord, replay

    width, height = size
    phone = width < 600
    lang = locale[:2]
    t = Tr(lang, "web")
    shots = _shots_dir(tmp_path, f"{'phone' if phone else 'desktop'}-{lang}")
    ctx, page, errors = _page(browser, locale=locale, width=width, height=height)
    if phone:
        page.emulate_media(reduced_motion="reduce")
    table = _start(page, server, locale)
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#sound-btn")).to_contain_text(t("sound_off"))  # sound is off until switched on

    summaries: dict[int, list[list[str]]] = {}
    reopened: list[tuple[list[str], str]] = []
    decisions = 0
    dismissed = bid_hid = double_tapped = reloaded = False
    deadline = time.monotonic() + 120
    while not page.locator("#standings").is_visible():
        assert time.monotonic() < deadline, "the game did not end"
        summary = page.locator("#summary")
        if page.evaluate("S.summary !== null") and not summary.is_visible():
            page.wait_for_timeout(100)  # the deal's last trick is still on the felt: its summary comes next
            continue
        if summary.is_visible():
            deal = int(summary.get_attribute("data-deal"))
            if deal not in summaries:
                summaries[deal] = [r.locator("td").all_inner_texts() for r in summary.locator("tbody tr").all()]
                page.screenshot(path=str(shots / f"summary-{deal}.png"))
                # every column in view, the total too: no sideways scrolling in the summary («✗ не сыграно»)
                assert page.evaluate(SUMMARY_FITS), f"deal {deal}'s summary is wider than its box"
                # and opaque: the seat boxes under it no longer show through its rows
                assert page.eval_on_selector("#summary", "e => getComputedStyle(e).backgroundColor") == "rgb(255, 253, 248)"
            if deal == 2 and not reloaded:  # a reload during the summary brings it back, the same
                page.reload()
                expect(summary).to_be_visible()
                expect(summary).to_have_attribute("data-deal", "2")
                assert [r.locator("td").all_inner_texts() for r in summary.locator("tbody tr").all()] == summaries[2]
                page.screenshot(path=str(shots / "summary-2-reloaded.png"))
                reloaded = True
                continue
            if deal == 1 and not dismissed:  # the first one is put away by its button
                page.click("#summary-close")
                expect(summary).to_be_hidden()
                dismissed = True
                continue
        bids = page.locator("#panel button.bid:enabled")
        cards = page.locator("#hand button.card.legal")
        if not bids.count() and not cards.count():
            page.wait_for_timeout(50)
            continue
        decisions += 1
        # a decision: the hand and the buttons are on screen, the title says whose turn it is
        assert page.title().startswith("● " + t("your_turn")), page.title()
        if phone:
            assert _in_viewport(page, "#hand .card, #panel button") == [], f"off screen at decision {decisions}"
        deal = page.evaluate("S.view.deal")
        if bids.count():
            if deal == 3 and not (shots / "bid.png").exists():
                page.screenshot(path=str(shots / "bid.png"))
            if summary.is_visible():  # the bots' bids did not put the summary away: this bid does
                assert deal == 3
                bids.first.click()
                expect(summary).to_be_hidden()
                bid_hid = True
            elif not double_tapped:
                bids.first.dblclick()  # one bid, no refusal shown
                double_tapped = True
                expect(page.locator("#panel button.bid")).to_have_count(0)
            else:
                bids.first.click()
        else:
            if deal == 3 and not (shots / "play.png").exists():
                page.screenshot(path=str(shots / "play.png"))
            if deal == 3 and page.evaluate("S.view.last_trick !== null") and not reopened:
                page.click("#last-btn")
                expect(page.locator("#last-dialog")).to_be_visible()
                page.screenshot(path=str(shots / "last-trick.png"))
                reopened.append((page.locator("#last-trick .card").evaluate_all("es => es.map(e => e.dataset.card)"),
                                 page.locator("#last-who").inner_text()))
                page.click("#last-close")
                continue
            cards.first.click()
            if page.locator("#joker-dialog[open]").count():
                page.screenshot(path=str(shots / "joker.png"))
                page.locator("#joker-options button").first.click()
        page.wait_for_function("!S.busy")  # the move went through: the next decision is a new one
        expect(page.locator("#toast.error")).to_have_count(0)
    assert decisions >= 3 + 1 + 2 + 9  # three bids, 1 + 2 + 9 cards (a reopening counts once more)
    assert dismissed and bid_hid and double_tapped and reloaded
    # the last deal's summary comes after its last trick, the standings below
    expect(page.locator("#summary")).to_have_attribute("data-deal", "3")
    summaries[3] = [r.locator("td").all_inner_texts() for r in page.locator("#summary tbody tr").all()]
    assert page.evaluate(SUMMARY_FITS), "the last deal's summary is wider than its box"
    page.screenshot(path=str(shots / "end.png"))
    page.screenshot(path=str(shots / "end-full.png"), full_page=True)
    assert not page.title().startswith("●")
    if phone:  # the sheet fits the phone's width: premiums on their own lines, the deal column frozen
        assert page.evaluate("(e => e.scrollWidth <= e.clientWidth)(document.querySelector('#sheet'))")
    # "game over" is said once (the bar under the standings), not again in the prompt
    assert page.locator("body").inner_text().lower().count(t("game_over").lower()) == 1
    # the page's texts count in the language's noun forms (worked out by hand)
    counted = {"en": ["1 card", "2 cards", "5 cards", "11 cards", "21 cards"],
               "ru": ["1 карта", "2 карты", "5 карт", "11 карт", "21 карта"]}[lang]
    assert page.evaluate("ns => ns.map((n) => T('cards_n', { n: n }))", [1, 2, 5, 11, 21]) == counted
    # after the game the last trick can still be looked at, every player's name under his card uncovered
    page.click("#last-btn")
    expect(page.locator("#last-trick .card")).to_have_count(4)
    page.screenshot(path=str(shots / "last-trick-end.png"))
    covered = page.locator("#last-trick .who").evaluate_all("""es => es.filter((e) => {
        const r = e.getBoundingClientRect();
        return [...document.querySelectorAll("#last-trick .card")].some((c) => {
          const k = c.getBoundingClientRect();
          return k.left < r.right && r.left < k.right && k.top < r.bottom && r.top < k.bottom;
        });
      }).map((e) => e.textContent)""")
    assert page.locator("#last-trick .who").count() == 4 and covered == []
    end_trick = page.locator("#last-trick .card").evaluate_all("es => es.map(e => e.dataset.card)")
    page.click("#last-close")

    record = GameRecord.from_json(page.request.get(f"{server}/api/tables/{table}/record").text())
    results = replay(record).results
    names = seat_names(record.players, [s > 0 for s in range(4)], lang)  # the bots in the page's language
    assert sorted(summaries) == [1, 2, 3]
    for k, rows in summaries.items():
        r = results[k - 1]
        assert r.bids is not None
        # player, bid, tricks, points (signed), made or missed, game total
        assert [row[:4] for row in rows] == [[names[s], str(r.bids[s]), str(r.tricks[s]), f"{r.scores[s]:+d}"]
                                            for s in range(4)]
        assert [row[4] for row in rows] == ["✓ " + t("made_it") if r.bids[s] == r.tricks[s] else "✗ " + t("missed_it")
                                            for s in range(4)]
    # the reopened trick is deal 3's trick before the one being played, its winner named
    (shown, who), = reopened
    tricks = [([format_card(a.card) for _, a in tr.plays], tr.winner) for tr in results[2].played]
    assert any(sorted(shown) == sorted(cards) and who == t("trick_won", name=names[w]) for cards, w in tricks)
    assert sorted(end_trick) == sorted(tricks[-1][0])
    assert not errors
    ctx.close()


def test_the_turn_timer_warns_and_says_when_it_moved(server, browser, tmp_path):  # noqa: F811
    """A 5-second turn timer: the player to move is told to hurry while it runs; when it runs out
    a bot bids for him and the page says so (he was present all along)."""
    from playwright.sync_api import expect

    t = Tr("en", "web")
    shots = _shots_dir(tmp_path, "timer")
    ctx, page, errors = _page(browser, width=390, height=844)
    r = page.request.post(server + "/api/tables", data={
        "name": "Ann", "rules": "bus-angeles(schedule='1')", "turn_seconds": 5, "seed": "timer1",
        "seats": ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"]})
    made = r.json()
    page.add_init_script(f"localStorage.setItem('joker.seat.{made['table']}', '{made['token']}')")
    page.goto(server + made["url"])
    page.screenshot(path=str(shots / "waiting.png"))
    page.click("#start")
    expect(page.locator("#panel button.bid:enabled").first).to_be_visible()
    # the sound switch: off at first, on when pressed, remembered by this browser
    expect(page.locator("#sound-btn")).to_have_attribute("aria-pressed", "false")
    page.click("#sound-btn")
    expect(page.locator("#sound-btn")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#sound-btn")).to_contain_text(t("sound_on"))
    page.reload()
    expect(page.locator("#sound-btn")).to_have_attribute("aria-pressed", "true")
    before, after = catalogue("web").texts["en"]["timer_hurry"].split("{s}")  # "Hurry: {s} s left, then a bot..."
    expect(page.locator("#timer")).to_contain_text(before)  # 5 s: the warning from the start
    expect(page.locator("#timer")).to_contain_text(after)
    page.screenshot(path=str(shots / "hurry.png"))
    notice = page.locator("#notice")
    expect(notice).to_be_visible(timeout=15000)
    bid = page.evaluate("S.view.bids[S.seat]")
    expect(notice).to_have_text(t("timeout_you", what=f"{t('stat_bid')} {bid}"))  # "...a bot moved for you (bid 0)"
    page.screenshot(path=str(shots / "timed-out.png"))
    assert not errors
    ctx.close()


def test_a_friend_joins_by_the_invite_link_and_sees_the_felt_from_his_seat(server, browser, tmp_path):  # noqa: F811
    """The join form seats a second person (his seat token kept by his browser); once the host starts,
    each page puts its own seat at the bottom of the felt and the next to play on its left."""
    from playwright.sync_api import expect

    shots = _shots_dir(tmp_path, "join")
    host_ctx, host, host_errors = _page(browser, width=1280, height=800)
    r = host.request.post(server + "/api/tables", data={
        "name": "Ann", "rules": "bus-angeles(schedule='1')", "seed": "join1",
        "seats": ["human", "human", "bot:heuristic", "bot:heuristic"]})
    made = r.json()
    host.add_init_script(f"localStorage.setItem('joker.seat.{made['table']}', '{made['token']}')")
    host.goto(server + made["url"])
    ctx, page, errors = _page(browser, locale="ru-RU", width=390, height=844)
    page.goto(server + made["url"])
    page.fill("#j-name", "Борис")
    page.click("#join button[type=submit]")
    expect(page.locator("#join-box")).to_be_hidden()
    assert page.evaluate(f"localStorage.getItem('joker.seat.{made['table']}')")
    host.click("#start")
    for p, me, left in ((host, "Ann", "Борис"), (page, "Борис", None)):
        expect(p.locator("#seat-b .player .nm")).to_have_text(me)
        if left:
            expect(p.locator("#seat-l .player .nm")).to_have_text(left)
    expect(page.locator("#seat-r .player .nm")).to_have_text("Ann")  # Ann plays just before him: on his right
    page.screenshot(path=str(shots / "friend.png"))
    assert not errors and not host_errors
    ctx.close()
    host_ctx.close()


def _rows(page, selector: str) -> int:
    """How many lines the visible boxes of ``selector`` take (boxes whose vertical
    extents overlap share a line)."""
    return page.evaluate("""(sel) => {
        const boxes = [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.height > 0).sort((a, b) => a.top - b.top);
        let rows = 0, bottom = -Infinity;
        for (const r of boxes) { if (r.top >= bottom - 2) { rows += 1; bottom = r.bottom; } else bottom = Math.max(bottom, r.bottom); }
        return rows;
      }""", selector)


@pytest.mark.parametrize("locale", ["ru-RU", "en-GB"])
def test_the_phones_header_and_bar_take_two_rows_and_the_choices_read_well(server, browser, tmp_path, locale):  # noqa: F811
    """The fresh-user trial on a 390×844 phone: the page's header (name, languages,
    menu) and the table's bar (deal, trump, tools) each in at most two rows (they
    took three: the languages alone, the tools alone); the longest preset name
    wholly inside its select; «без козыря» among the trump choices at the text's
    size (not the suit symbols' 1.6rem); ♦ and ♥ red in the joker's dialog."""
    from playwright.sync_api import expect

    lang = locale[:2]
    t = Tr(lang, "web")
    shots = _shots_dir(tmp_path, f"phone-rows-{lang}")
    ctx, page, errors = _page(browser, locale=locale, width=390, height=844)
    _start(page, server, locale)
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#info .deal")).to_contain_text(t("block_n", n=1))
    page.screenshot(path=str(shots / "table.png"))
    assert _rows(page, "header.top > *") == 2
    assert _rows(page, ".bar .info > span, .bar .tools > button") == 2
    assert _in_viewport(page, ".bar .tools > button") == []
    # the sound button's words stay for screen readers (and the tests) though a phone shows the icon
    expect(page.locator("#sound-btn")).to_contain_text(t("sound_off"))

    # the joker's dialog and the trump choice, drawn by the page's own functions
    page.evaluate("() => playCard('X1', ['X1:high:D', 'X1:takes:H', 'X1:takes:S', 'X1:give'])")
    reds = page.eval_on_selector_all("#joker-options button .red", "es => es.map((e) => e.textContent)")
    said = "".join(page.eval_on_selector_all("#joker-options button", "bs => bs.map((b) => b.textContent)"))
    assert reds == [c for c in said if c in "♦♥"] and {"♦", "♥"} <= set(reds)  # every red suit, and only they
    assert page.eval_on_selector_all("#joker-options button .red", "es => es.filter((e) => /[♠♣]/.test(e.textContent)).length") == 0
    red = page.eval_on_selector("#joker-options button .red", "e => getComputedStyle(e).color")
    assert red == "rgb(192, 38, 45)"  # --red
    page.screenshot(path=str(shots / "joker-dialog.png"))
    page.evaluate("() => document.getElementById('joker-dialog').close()")
    page.evaluate("""() => renderPanel(Object.assign({}, S.view, { phase: 'trump', current: S.seat,
        legal: ['trump:C', 'trump:D', 'trump:H', 'trump:S', 'trump:N'] }), true)""")
    sizes = page.eval_on_selector_all("button.trump-choice", "bs => bs.map((b) => [b.textContent, getComputedStyle(b).fontSize])")
    body = page.evaluate("() => getComputedStyle(document.body).fontSize")
    assert sizes[-1] == [t("no_trump"), body] and sizes[0][1] != body
    page.locator("#dock").screenshot(path=str(shots / "trump-choice.png"))

    # the lobby: the longest preset's name inside its select, the player count beside it
    page.goto(server + "/")
    names = page.eval_on_selector_all("#c-preset option", "os => os.map((o) => o.textContent)")
    page.select_option("#c-preset", label=max(names, key=len))
    fits = page.evaluate("""() => { const s = document.getElementById('c-preset'); const c = document.createElement('canvas').getContext('2d');
        const st = getComputedStyle(s); c.font = st.fontSize + ' ' + st.fontFamily;
        return c.measureText(s.selectedOptions[0].textContent).width + parseFloat(st.paddingLeft) + 24 <= s.clientWidth
          && s.getBoundingClientRect().right <= innerWidth; }""")
    assert fits, max(names, key=len)
    page.select_option("#c-preset", "georgian-6")  # «Грузинский покер на шестерых»: six players (RULES.md §4)
    expect(page.locator("#c-preset-players")).to_have_text(t("players_n", n=6))
    page.screenshot(path=str(shots / "lobby.png"), full_page=True)
    assert errors == []
    ctx.close()


def test_the_cards_flying_in_and_out_never_widen_the_phones_page(server, browser, tmp_path):  # noqa: F811
    """The fresh-user trial on a 390×844 phone: a card played from the right seat slides in from
    170 px further right, and a trick won by the right seat sweeps 200 px to the right; while they
    moved the page was up to 453 px wide (a sideways scroll, the header's green stopping at 390 px).
    The felt keeps them inside it now: the page's width, watched every frame of a game, stays the phone's."""
    from test_web_e2e import _play_by_clicking

    ctx, page, errors = _page(browser, locale="ru-RU", width=390, height=844)
    page.add_init_script("""window.__widest = 0;
      const watch = () => { window.__widest = Math.max(window.__widest, document.documentElement.scrollWidth);
                            requestAnimationFrame(watch); };
      requestAnimationFrame(watch);""")
    _play_by_clicking(page, server, _shots_dir(tmp_path, "phone-flying"))  # bus-angeles(schedule='1,2'): 3 tricks
    page.wait_for_timeout(800)  # the last trick's sweep
    assert page.evaluate("window.__widest") == 390
    assert not errors
    ctx.close()


@pytest.mark.parametrize("locale", ["ru-RU", "en-GB"])
def test_your_own_box_says_a_bot_plays_for_you(server, browser, tmp_path, locale):  # noqa: F811
    """The fresh-user trial: after "Leave the table" during a game, the player's own box (his
    name in it already) said «за игрока Аня играет бот»; it says «за вас играет бот» now, and the
    others' pages still name him."""
    from playwright.sync_api import expect

    t = Tr(locale[:2], "web")
    ctx, page, errors = _page(browser, locale=locale, width=390, height=844)
    table = _start(page, server, locale)
    expect(page.locator("#game")).to_be_visible()
    page.on("dialog", lambda d: d.accept())  # "leave the table?"
    page.locator("#seat-actions button", has_text=t("leave")).click()
    expect(page.locator("#seat-b .badge.bot")).to_have_text(t("taken_over_you"))
    page.screenshot(path=str(_shots_dir(tmp_path, f"left-{locale[:2]}") / "own-box.png"))
    other_ctx, other, other_errors = _page(browser, locale=locale, width=1280, height=800)
    other.goto(f"{server}/t/{table}")  # a spectator: his box at the bottom, named
    expect(other.locator("#game .badge.bot", has_text=t("taken_over", name="Ann"))).to_have_count(1)
    assert not errors and not other_errors
    ctx.close()
    other_ctx.close()


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_a_joker_is_written_in_words_not_by_its_code(server, browser, locale):  # noqa: F811
    """The turned card beside the trump, a played joker in the log: "★ joker" / «★ джокер», never "★2"."""
    ctx, page, errors = _page(browser, locale=locale)
    page.goto(server + "/")
    words = page.evaluate("[cardText('X1'), cardText('X2'), cardText('TH'), actionText('X2')]")
    joker = "★ " + catalogue("web").texts["ru" if locale == "ru-RU" else "en"]["joker_word"]
    assert words == [joker, joker, "10♥", joker]
    assert not errors, errors
    ctx.close()
