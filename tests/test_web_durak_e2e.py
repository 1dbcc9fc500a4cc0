"""Durak at the web table in a real browser (Playwright driving Debian's
Chromium, as :mod:`test_web_e2e` does, with its server and browser).

A three-player ``durak-36`` table against two easy bots is made in the lobby
and played to the end by clicking: leads, beats (the card, then the attack
card it beats), transfers and takes.  The seed is found here by running the
engine with the same clicking policy and the server's own bot choices
(:func:`joker.server.table.bot_choice`), so the game is known to hold a
transfer and a take by the human.  On a desktop in English, then on a phone
in Russian; then the replay viewer and the record.

What a player relies on: at every decision (lead, add, defend, transfer,
take, throw in) his hand and the buttons are on screen without scrolling,
and so are the attack cards a chosen card may beat; the end is said once,
naming the fool, with the rematch and the way back to the lobby next to it;
the replay is titled with the game's name.  Screenshots go to each test's
``tmp_path/screenshots`` and, when ``$DURAK_SHOTS`` names a folder, there.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from functools import lru_cache
from pathlib import Path

import pytest

from test_web_e2e import _page, browser, server  # noqa: F401 - the shared fixtures
from test_web_table import _in_viewport

RULES = "durak-36(players=3)"


def policy(legal: list[str]) -> str:
    """The test's player: transfer when he can, else beat (no joker), else take;
    the leader says done and a thrower passes; a lead is his first card.
    Chosen from the set of legal actions, so the order they are shown in does not matter."""
    acts = set(legal)
    for pick in (sorted(a for a in acts if a.startswith("transfer:")),
                 sorted(a for a in acts if "/" in a and not a.startswith("X"))):
        if pick:
            return pick[0]
    for word in ("take", "done", "pass"):
        if word in acts:
            return word
    return sorted(a for a in acts if ":" not in a)[0]


def simulate(seed: str) -> tuple[list[str], int]:
    """The human's actions (seat 0, by :func:`policy`) in the table's game and the actions in all,
    the bots choosing as the server's do."""
    from joker import registry
    from joker.games.durak.web import PLUGIN
    from joker.server.table import bot_choice

    game = registry.game("durak")
    rules = game.parse_rules(RULES)
    state = game.new_game(rules, seed, PLUGIN.start_seat(rules, seed))
    mine: list[str] = []
    n = 0
    while not state.is_terminal():
        if state.current_player == 0:
            mine.append(policy([str(a) for a in state.legal_actions()]))
            action = game.parse_action(mine[-1])
        else:
            action = bot_choice("durak", "easy", seed, state, n)
        state = state.apply(action)
        n += 1
    return mine, n


@lru_cache(maxsize=None)
def a_seed() -> tuple[str, list[str]]:
    """The first seed whose game has the human lead, beat, transfer and take, in few clicks."""
    for i in range(300):
        mine, total = simulate(str(i))
        kinds = {"transfer" if a.startswith("transfer:") else "beat" if "/" in a else a if a in ("take", "done", "pass")
                 else "lead" for a in mine}
        if {"lead", "beat", "transfer", "take"} <= kinds and len(mine) <= 24 and total <= 90:
            return str(i), mine
    raise AssertionError("no seed in 0..299 gives a short game with a transfer and a take")


def _shot(page, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / name), full_page=True)
    extra = os.environ.get("DURAK_SHOTS")
    if extra:
        Path(extra).mkdir(parents=True, exist_ok=True)
        shutil.copy(shots / name, Path(extra) / name)


LEGAL_JS = """() => {
  const out = [];
  document.querySelectorAll('#d-hand [data-acts]').forEach((b) => { if (b.dataset.acts) out.push(...b.dataset.acts.split(' ')); });
  document.querySelectorAll('#d-actions [data-action]').forEach((b) => out.push(b.dataset.action));
  return out;
}"""


def _create(page, server: str, seed: str) -> str:  # noqa: F811
    """Make the table in the lobby's form: Durak, durak-36, 3 players, two easy bots, the seed."""
    from playwright.sync_api import expect

    page.goto(server + "/")
    page.fill("#c-name", "Ann")
    page.select_option("#c-game", "durak")
    page.select_option("#c-preset", "durak-36")
    page.select_option("#c-players", "3")
    expect(page.locator("#c-canonical")).to_have_text(RULES)
    page.select_option("#c-opt-show_trump", "off")  # an option by name changes the rules string ...
    expect(page.locator("#c-canonical")).to_have_text("durak-36(players=3,show_trump=off)")
    page.select_option("#c-opt-show_trump", "once_per_card")  # ... and back
    expect(page.locator("#c-canonical")).to_have_text(RULES)
    expect(page.locator("#c-seats select")).to_have_count(2)
    for i in (1, 2):
        expect(page.locator(f"#c-seat-{i}")).to_have_value("bot:easy")
    page.locator("#create summary").last.click()
    page.fill("#c-seed", seed)
    return page


def _play(page, shots: Path, tag: str, expected: list[str], words: dict[str, str], stop: bool = False,
          drag: bool = False) -> list[str]:
    """Play seat 0 by clicking until the series is over (``stop``: until the ``expected``
    actions are clicked and it is seat 0's turn again; ``drag``: beat by dragging the card
    onto the attack card instead): the actions clicked, in order.
    After a click of a kind in ``words`` the table's log says that word."""
    from playwright.sync_api import expect

    expect(page.locator("#d-felt")).to_be_visible()
    done: list[str] = []
    seen: set[str] = set()
    notices: set[str] = set()
    deadline = time.monotonic() + 60
    while not page.locator("#d-end").is_visible():
        assert time.monotonic() < deadline, f"the game did not end; clicked {done}"
        log = page.locator("#d-log").text_content() or ""
        for what in ("hidden", "prikup"):
            if what in words and words[what] in log and what not in notices:
                notices.add(what)
                _shot(page, shots, f"{tag}-{what}.png")
        if not page.locator("#d-prompt.mine").is_visible():
            page.wait_for_timeout(40)
            continue
        legal = page.evaluate(LEGAL_JS)
        if not legal:
            page.wait_for_timeout(40)
            continue
        if stop and len(done) == len(expected):
            return done
        a = policy(legal)
        assert len(done) < len(expected) and a == expected[len(done)], (done, a, expected)
        kind = "transfer" if a.startswith("transfer:") else "beat" if "/" in a else a if a in ("take", "done", "pass") else "lead"
        # a decision: the hand and the buttons are on screen, no scrolling needed
        assert _in_viewport(page, "#d-hand .card, #d-actions button") == [], f"off screen at {kind} ({len(done)} clicked)"
        if kind not in seen:
            _shot(page, shots, f"{tag}-{kind}.png")
        # a take's notice is shown while its bout lasts (the defender taking), not in the next bout;
        # at a lead (a new bout) neither is a transfer's
        notice = page.locator("#d-notice")
        text = notice.text_content() or ""
        if words and "old" not in (notice.get_attribute("class") or "").split():
            assert not text.endswith(" " + words["take"]) or page.evaluate("S.view.taking"), f"stale notice: {text}"
            assert not (kind == "lead" and words["transfer"] in text), f"stale notice at a lead: {text}"
        seq = int(page.evaluate("() => document.body.dataset.seq"))
        if kind in ("take", "done", "pass"):
            page.click(f"#d-{kind}")
        else:
            card = a.split(":")[-1].split("/")[0]
            button = page.locator(f'#d-hand button[data-card="{card}"]')
            several = len(button.get_attribute("data-acts").split()) > 1
            if kind == "beat" and drag:  # drag the card onto the attack card it beats
                button.drag_to(page.locator(f'#d-table [data-attack="{a.split("/")[1]}"]'))
            elif not several:  # one tap when there is one choice
                button.click()
            else:
                button.click()  # the card is chosen: the attack cards it beats are marked, or the transfer button shown
                expect(page.locator("#d-hand button.selected")).to_have_count(1)
                assert _in_viewport(page, "#d-hand .card, #d-actions button, #d-table button.target") == [], \
                    f"off screen after choosing {card}"
                if kind == "beat":
                    if kind not in seen:
                        _shot(page, shots, f"{tag}-beat-choose.png")
                    page.click(f'#d-table button.target[data-attack="{a.split("/")[1]}"]')
                else:
                    page.click("#d-transfer")
        seen.add(kind)
        done.append(a)
        page.wait_for_function("(n) => Number(document.body.dataset.seq) > n", arg=seq)  # the server's answer
        if kind in ("transfer", "take", "beat"):
            expect(page.locator("#d-log")).to_contain_text("Ann " + words[kind])
    _shot(page, shots, f"{tag}-end.png")
    # the hidden trump was shown and a prikup picked up, each said in the log
    assert notices == {"hidden", "prikup"}, notices
    return done


@pytest.fixture
def shots(tmp_path):
    d = tmp_path / "screenshots"
    d.mkdir()
    return d


def test_a_durak_game_against_two_bots_played_by_clicking_on_a_desktop(server, browser, shots):  # noqa: F811
    from playwright.sync_api import expect

    seed, expected = a_seed()
    ctx, page, errors = _page(browser, width=1280, height=800)
    _create(page, server, seed)
    _shot(page, shots, "desktop-lobby.png")
    page.click("#c-submit")
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+$"))
    table = page.url.rsplit("/", 1)[1]
    expect(page.locator("#start")).to_be_visible()
    page.click("#start")
    done = _play(page, shots, "desktop", expected, {"transfer": "transfers with", "take": "takes", "beat": "beats",
                                                        "hidden": "The hidden trump", "prikup": "picks up the prikup"},
                 drag=True)
    assert done == expected
    # the log said the transfer and the take; the end names the fool once, what next beside it
    record = json.loads(page.request.get(f"{server}/api/tables/{table}/record").text())
    from joker import records

    game, rec = records.parse(json.dumps(record))
    fool = records.final_state(game, rec).results[0]
    _said_once(page, "A draw: nobody is the fool" if fool is None else "You are the fool" if fool == 0
               else f"{rec.players[fool]} is the fool")  # the viewer (seat 0) is "you"
    assert rec.players[0] == "Ann" and rec.rules == RULES
    # every action clicked is in the record, in order, as seat 0's
    assert [a for s, a in _seat_actions(record) if s == 0] == expected
    # the replay viewer: bout by bout, every hand shown; the record downloads
    page.goto(f"{server}/games")
    page.locator(f'a[href="/replay/{table}"]').click()
    expect(page.locator("#r-rules")).to_have_text("Transfer Durak, 36 cards (players: 3)")  # the rules in words, the rules string under it
    expect(page.locator("#r-canonical")).to_have_text(RULES)
    expect(page.locator("#r-hands .d-player")).to_have_count(3)
    hands = page.locator("#r-hands .d-player").first.locator(".hand .card")
    expect(hands).to_have_count(6)  # the deal: six cards in every hand
    expect(page.locator("#r-hands .d-prikup").first.locator(".card")).to_have_count(2)
    page.click("#r-next")
    expect(page.locator("#r-table .d-pair")).to_have_count(1)  # the lead
    page.click("#r-next-bout")
    expect(page.locator("#r-info")).to_contain_text("Bout 2")
    _shot(page, shots, "desktop-replay.png")
    with page.expect_download() as dl:
        page.locator("a[download]").first.click()
    assert json.loads(Path(dl.value.path()).read_text())["rules"] == RULES
    assert not errors
    ctx.close()


def _said_once(page, verdict: str) -> None:
    """The game's end is said once: the end panel's verdict (the fool, or a draw), not again by a
    notice, the prompt or the log; the rematch and the way back to the lobby come right after it."""
    from playwright.sync_api import expect

    expect(page.locator("#d-end .d-verdict")).to_have_text(verdict)
    expect(page.locator("#d-notice")).to_have_text("")
    expect(page.locator("#d-prompt")).to_have_text("")
    assert page.evaluate("() => document.body.innerText").count(verdict) == 1
    assert page.evaluate("() => document.getElementById('d-end').nextElementSibling.id") == "social-over"
    expect(page.locator("#so-rematch")).to_be_visible()
    expect(page.locator("#so-lobby")).to_be_visible()


def _ends_shown(page, server: str, table: str, order_word: str, left_word: str) -> list[dict]:
    """The end panel says each game's finishing order (``order_word``: "Порядок выхода
    из игры: 1. Вера, 2. Аня") and shows the last fool's cards face up, as the record
    replayed by the engine has them (joker.games.durak.web.game_ends): the ends."""
    from playwright.sync_api import expect

    from joker import records
    from joker.games.durak.web import game_ends

    found, rec = records.parse(page.request.get(f"{server}/api/tables/{table}/record").text())
    ends = game_ends(records.final_state(found, rec))
    names = page.evaluate("names()")
    orders = [f"{order_word}: " + ", ".join(f"{k}. {names[s]}" for k, s in enumerate(e["out"], 1)) for e in ends if e["out"]]
    expect(page.locator("#d-end .d-order")).to_have_text(orders)
    last = ends[-1]
    if last["fool"] is None:
        expect(page.locator("#d-end .d-left")).to_have_count(0)
    else:
        expect(page.locator("#d-end .d-left")).to_contain_text(left_word)
        shown = page.eval_on_selector_all("#d-end .d-left .card", "cs => cs.map((c) => c.dataset.card)")
        assert shown == last["left"] and shown
    return ends


def _seat_actions(record: dict) -> list[tuple[int, str]]:
    from joker import records

    game, rec = records.parse(json.dumps(record))
    return [(step.seat, game.format_action(step.action)) for step in records.steps(game, rec)]


def test_the_same_game_on_a_phone_in_russian(server, browser, shots):  # noqa: F811
    from playwright.sync_api import expect

    seed, expected = a_seed()
    ctx, page, errors = _page(browser, locale="ru-RU", width=390, height=844)
    _create(page, server, seed)
    expect(page.locator("#c-game option:checked")).to_have_text("Переводной дурак")
    # the Durak options in Russian words only (an option's name in the rules string is its tooltip);
    # the preset says no player count (the players' select does); every select within the phone's width
    texts = page.evaluate("() => [...document.querySelectorAll('#c-durak-box label, #c-durak-box option, #c-preset option')]"
                          ".map((e) => e.textContent)")
    assert texts and [t for t in texts if re.search("[A-Za-z]", t)] == [], texts
    expect(page.locator("#c-preset option:checked")).to_have_text("Переводной дурак, 36 карт")
    assert page.evaluate("() => Math.max(...[...document.querySelectorAll('#create select')]"
                         ".map((s) => s.getBoundingClientRect().right))") <= 390
    _shot(page, shots, "phone-lobby-ru.png")
    page.click("#c-submit")
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+$"))
    page.click("#start")
    expect(page.locator("#d-info")).to_contain_text("Бой 1")  # a single game: no "game 1 of 1"
    done = _play(page, shots, "phone", expected, {"transfer": "переводит", "take": "берёт", "beat": "бьёт",
                                                    "hidden": "Скрытый козырь", "prikup": "берёт свой прикуп"})
    assert done == expected
    fool = page.evaluate("S.view.results[0]")
    _said_once(page, "Ничья: дурака нет" if fool is None else "Вы — дурак" if fool == page.evaluate("S.seat")
               else f"Дурак — {page.evaluate('names()')[fool]}")
    _ends_shown(page, server, page.url.rsplit("/", 1)[1], "Порядок выхода из игры", "На руках у дурака осталось")
    expect(page).to_have_title(re.compile(r"^Стол \w+ · Переводной дурак, 36 карт \(игроков: 3\) — Джокер$"))
    # the log: seven whole lines in view
    assert page.evaluate("""() => { const l = document.getElementById('d-log'), r = l.getBoundingClientRect();
        return [...l.children].filter((c) => { const q = c.getBoundingClientRect(); return q.top >= r.top - 1 && q.bottom <= r.bottom + 1; })
          .length; }""") == 7
    # nothing sticks out of the phone's width, at the table or in the replay
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    page.locator("#d-end a", has_text="Просмотр").click()
    expect(page.locator("#r-rules")).to_have_text("Переводной дурак, 36 карт (игроков: 3)")
    expect(page.locator("#r-hands .d-player")).to_have_count(3)
    # its menus and slider named in Russian for screen readers (they were "game", "bout", "step")
    assert [page.get_attribute(s, "aria-label") for s in ("#r-game", "#r-bout", "#r-slider")] == ["Игра", "Бой", "Шаг"]
    page.click("#r-next-bout")
    page.click("#r-next")
    expect(page.locator("#r-info")).to_contain_text("Бой 2 · Шаг 2")
    _shot(page, shots, "phone-replay-ru.png")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert not errors
    ctx.close()


def joker_seed() -> tuple[str, list[str], list[str]]:
    """A ``durak(players=3)`` seed (38 cards, two jokers) where seat 0, clicking by
    :func:`policy`, soon defends two unbeaten cards holding a joker and a card that beats
    both: the actions before, and the joker's beats then."""
    from joker import registry
    from joker.games.durak.web import PLUGIN
    from joker.server.table import bot_choice

    game = registry.game("durak")
    rules = game.parse_rules("durak(players=3)")
    for i in range(300):
        seed = str(i)
        state = game.new_game(rules, seed, PLUGIN.start_seat(rules, seed))
        mine: list[str] = []
        n = 0
        while not state.is_terminal() and len(mine) <= 12:
            if state.current_player == 0:
                legal = [str(a) for a in state.legal_actions()]
                jokers = sorted(a for a in legal if a.startswith("X") and "/" in a)
                cards = [a.split("/")[0] for a in legal if "/" in a and not a.startswith("X")]
                if len(jokers) >= 2 and any(cards.count(c) >= 2 for c in cards):
                    return seed, mine, jokers
                mine.append(policy(legal))
                action = game.parse_action(mine[-1])
            else:
                action = bot_choice("durak", "easy", seed, state, n)
            state = state.apply(action)
            n += 1
    raise AssertionError("no seed in 0..299 gives the joker's choice early")


def test_the_jokers_choice_and_a_card_with_two_targets_on_a_phone(server, browser, shots):  # noqa: F811
    from playwright.sync_api import expect

    seed, before, jokers = joker_seed()
    ctx, page, errors = _page(browser, width=390, height=844)
    created = api_table(page, server, "durak(players=3)", seed)
    page.goto(server + created["url"])
    page.click("#start")
    _play(page, shots, "joker", before, {}, stop=True)
    legal = page.evaluate(LEGAL_JS)
    # a card that beats both unbeaten cards: tap it, then one of the marked attack cards
    card = next(c for c in {a.split("/")[0] for a in legal if "/" in a and a[0] != "X"}
                if sum(a.startswith(c + "/") for a in legal) >= 2)
    page.click(f'#d-hand button[data-card="{card}"]')
    expect(page.locator("#d-hand button.selected")).to_have_count(1)
    targets = sorted(a.split("/")[1] for a in legal if a.startswith(card + "/"))
    expect(page.locator("#d-table button.target")).to_have_count(len(targets))
    _shot(page, shots, "joker-card-two-targets.png")
    page.click("#d-cancel")
    expect(page.locator("#d-table button.target")).to_have_count(0)
    # the joker: one choice per attack card it may beat, saying what passes on to whom
    joker = jokers[0].split("/")[0]
    page.click(f'#d-hand button[data-card="{joker}"]')
    choices = page.locator("#d-actions .d-joker-choice")
    expect(choices).to_have_count(len(jokers))
    names = created["names"]
    expect(choices.first).to_contain_text(f"pass on to {names[1]}")
    _shot(page, shots, "joker-choices.png")
    assert sorted(choices.evaluate_all("(bs) => bs.map((b) => b.dataset.action)")) == jokers
    seq = int(page.evaluate("() => document.body.dataset.seq"))
    target = choices.first.get_attribute("data-action").split("/")[1]
    choices.first.click()
    page.wait_for_function("(n) => Number(document.body.dataset.seq) > n", arg=seq)
    said = {"X1": "★ black joker", "X2": "★ red joker"}[joker]  # durak-38's jokers by their colour
    expect(page.locator("#d-log")).to_contain_text(f"Ann beats {cardwords(target)} with {said}")
    _shot(page, shots, "joker-played.png")
    assert not errors
    ctx.close()


def cardwords(c: str) -> str:
    """A card as the page writes it (``6S`` → ``6♠``)."""
    return ("10" if c[0] == "T" else c[0]) + "♠♣♦♥"["SCDH".index(c[1])]


def api_table(page, server: str, rules: str, seed: str) -> dict:  # noqa: F811
    """A table made through the API (host Ann at seat 0, easy bots), the host's token stored
    as the lobby stores it: ``url`` and the seats' ``names``."""
    r = page.request.post(f"{server}/api/tables", data={"name": "Ann", "game": "durak", "rules": rules, "seed": seed,
                                                        "seats": ["human", "bot:easy", "bot:easy"]})
    assert r.ok, r.text()
    made = r.json()
    page.goto(server + "/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"joker.seat.{made['table']}", made["token"]])
    info = page.request.get(f"{server}/api/tables/{made['table']}").json()
    return {"url": made["url"], "names": [s["name"] for s in info["seats"]]}


def test_a_series_says_each_games_end_once_and_the_standings_at_its_end(server, browser, shots):  # noqa: F811
    """A series of two games (``games=2``), Ann's seat played by a bot once she leaves: the first
    game's end is said once, with the next game; the series' end lists each game's fool and the
    standings, beside the rematch, on a phone."""
    from playwright.sync_api import expect

    from joker import records

    ctx, page, errors = _page(browser, width=390, height=844)
    page.on("dialog", lambda d: d.accept())  # "leave the table?"
    r = page.request.post(f"{server}/api/tables", data={"name": "Ann", "game": "durak", "seed": "series1",
                                                        "rules": "durak-36(players=2,games=2)", "seats": ["human", "bot:easy"]})
    assert r.ok, r.text()
    made = r.json()
    page.goto(server + "/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"joker.seat.{made['table']}", made["token"]])
    page.goto(server + made["url"])
    page.click("#start")
    expect(page.locator("#d-info")).to_contain_text("Game 1 of 2")
    page.evaluate("""() => { window.notices = [];  // every notice shown, in order
      const el = document.getElementById('d-notice');
      new MutationObserver(() => { if (el.textContent !== notices[notices.length - 1]) notices.push(el.textContent); })
        .observe(el, { childList: true, characterData: true, subtree: true }); }""")
    page.locator("#seat-actions button", has_text="Leave").click()  # a bot plays her seat from now on
    expect(page.locator("#d-end")).to_be_visible(timeout=60000)
    _shot(page, shots, "series-end.png")
    rec = records.parse(page.request.get(f"{server}/api/tables/{made['table']}/record").text())[1]
    fools = records.final_state(records.parse(json.dumps(rec.to_dict()))[0], rec).results
    first = "a draw, nobody is the fool" if fools[0] is None else f"{rec.players[fools[0]]} is the fool"
    notices = page.evaluate("notices")
    assert f"Game 1 of 2 over: {first}. Game 2 begins" in notices, notices
    assert not any("Game 2 of 2" in n for n in notices)  # the series' end is said by the end panel alone
    expect(page.locator("#d-end .d-results li .d-result")).to_have_text(
        [f"Game {k}: a draw" if f is None else f"Fool of game {k}: {rec.players[f]}" for k, f in enumerate(fools, 1)])
    _ends_shown(page, server, made["table"], "Out in this order", "The fool of game 2 was left holding")
    expect(page.locator("#d-end #standings tbody tr")).to_have_count(2)
    expect(page.locator("#d-end .d-verdict")).to_have_count(0)
    assert page.evaluate("() => document.getElementById('d-end').nextElementSibling.id") == "social-over"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert not errors
    ctx.close()


# every visible piece of each small card (a known card in a player's box, the fool's cards at the end)
# inside the card: the texts that stick out of it
MINI_CARDS_SPILL = """() => {
  const jokers = ["X1", "X2"].map((c) => cardEl(c, { cls: "mini" }));
  const box = h("div", { class: "d-player" }, h("div", { class: "known" }, jokers[0], cardEl("QS", { cls: "mini" })));
  const end = h("div", { class: "d-end" }, h("div", { class: "d-left" }, h("span", { class: "known" }, jokers[1])));
  document.body.append(box, end);
  const out = [];
  document.querySelectorAll(".card.mini").forEach((card) => {
    const c = card.getBoundingClientRect();
    card.querySelectorAll("span").forEach((s) => {
      const r = s.getBoundingClientRect();
      if (r.width > 1 && (r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5))
        out.push(s.textContent);
    });
  });
  return out;
}"""


@pytest.mark.parametrize("locale, width", [("en-GB", 1280), ("ru-RU", 390)])
def test_a_small_joker_card_keeps_its_word_inside(server, browser, locale, width):  # noqa: F811
    """A joker among the known cards or the fool's cards is a small card: its word (JOKER, «ДЖОКЕР»)
    spilled out over the next card; the star stays, the word is left to the tooltip and screen readers."""
    ctx, page, errors = _page(browser, locale=locale, width=width, height=844)
    created = api_table(page, server, "durak(players=3)", "minijoker")
    page.goto(server + created["url"])
    assert page.evaluate(MINI_CARDS_SPILL) == []
    assert page.locator(".card.mini.joker .rank").first.is_visible()
    assert not errors
    ctx.close()
