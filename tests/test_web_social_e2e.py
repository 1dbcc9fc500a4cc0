"""The table's social side in a real browser (Debian's Chromium through
Playwright, the server of ``test_web_e2e``): chat between two browser
contexts, a seat link that restores the seat in a fresh context and is
revoked by a new one, and a rematch that seats the same people at a new
table — at 1280×800 and 390×844.  Screenshots go to ``$JOKER_SHOTS`` (default
``/tmp/shots-seatchat``)."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from test_web_e2e import _page, browser, server  # noqa: F401  (fixtures)

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def shots() -> Path:
    d = Path(os.environ.get("JOKER_SHOTS", "/tmp/shots-seatchat"))
    d.mkdir(parents=True, exist_ok=True)
    return d


def _ctx(browser, size, locale="en-GB"):  # noqa: F811
    return _page(browser, locale=locale, width=size["width"], height=size["height"])


def _host_table(page, server: str, schedule: str = "1") -> str:  # noqa: F811
    """Ann creates a table from the lobby: seat 2 a person, seats 3 and 4 bots; the table's id."""
    page.goto(server + "/")
    page.fill("#c-name", "Ann")
    page.fill("#c-schedule", schedule)
    page.select_option("#c-seat-1", "human")
    page.click("#c-submit")
    page.wait_for_url(re.compile(r"/t/[a-z0-9]+$"))
    return page.url.rsplit("/", 1)[1]


def _join(page, server: str, table: str, name: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page.goto(f"{server}/t/{table}")
    page.fill("#j-name", name)
    page.click("#join button[type=submit]")
    expect(page.locator("#waiting li.me")).to_contain_text(name)


_PLACEHOLDER_FIT = """(el) => {
  const s = getComputedStyle(el), g = document.createElement("canvas").getContext("2d");
  g.font = s.font;
  return [g.measureText(el.placeholder).width, el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)];
}"""
"""The width of a text field's placeholder and the room for text inside it (CSS pixels)."""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_chat_between_two_browsers_escaped_with_reactions(server, browser, shots, size):  # noqa: F811
    from playwright.sync_api import expect

    tag = "desktop" if size is DESKTOP else "phone"
    actx, ann, aerr = _ctx(browser, size)
    bctx, bob, berr = _ctx(browser, size, locale="ru-RU")
    table = _host_table(ann, server)
    _join(bob, server, table, "Bob")
    expect(ann.locator("#chat-toggle")).to_be_visible()
    ann.click("#chat-toggle")
    expect(ann.locator("#chat-panel")).to_be_visible()
    ann.fill("#chat-text", "Hi <b>Bob</b> & <img src=x onerror=alert(1)>")
    ann.click("#chat-send")
    # Bob is told while his chat is closed: a peek and the unread count; the text arrives as text
    expect(bob.locator("#chat-peek")).to_contain_text("Ann: Hi <b>Bob</b>")
    expect(bob.locator("#chat-unread")).to_have_text("новых: 1")
    bob.screenshot(path=str(shots / f"chat-peek-{tag}.png"))
    bob.click("#chat-toggle")
    for page in (ann, bob):  # the hint in the empty field is read whole, on a phone and in Russian too
        text, room = page.locator("#chat-text").evaluate(_PLACEHOLDER_FIT)
        assert text <= room, (page.locator("#chat-text").get_attribute("placeholder"), text, room)
    msg = bob.locator("#chat-list li.chat-msg").first
    expect(msg.locator(".chat-what")).to_have_text("Hi <b>Bob</b> & <img src=x onerror=alert(1)>")
    assert bob.locator("#chat-list b, #chat-list img").count() == 0  # nothing typed became markup
    bob.locator('#chat-reactions button[data-reaction="well_played"]').click()
    expect(bob.locator("#chat-list li.chat-msg.reaction .chat-what")).to_have_text("Хорошо сыграно")
    expect(ann.locator("#chat-list li.chat-msg.reaction .chat-what")).to_have_text("Well played")
    # each message's time as the page's language writes it: 2:05 PM on Ann's English page, 14:05 (no AM/PM) on Bob's
    assert re.fullmatch(r"\d{1,2}:\d{2}\s?[AP]M", ann.locator("#chat-list .chat-at").first.inner_text().strip())
    assert re.fullmatch(r"\d{1,2}:\d{2}", bob.locator("#chat-list .chat-at").first.inner_text().strip())
    # a message over the limit is refused with a clear word, in the page's language
    bob.fill("#chat-text", "x" * 300)
    bob.evaluate("document.getElementById('chat-text').value += 'y'")  # past the input's own maxlength
    bob.click("#chat-send")
    expect(bob.locator("#chat-error")).to_have_text("В сообщении не больше 300 знаков")
    ann.screenshot(path=str(shots / f"chat-{tag}.png"))
    bob.screenshot(path=str(shots / f"chat-ru-{tag}.png"))
    # the host lets spectators read; a spectator then sees the chat but cannot write
    ann.select_option("#chat-setting", "read")
    sctx, spec, serr = _ctx(browser, size)
    spec.goto(f"{server}/t/{table}")
    spec.click("#chat-toggle")
    expect(spec.locator("#chat-list li.chat-msg")).to_have_count(2)
    expect(spec.locator("#chat-form")).to_be_hidden()
    expect(spec.locator("#chat-note")).to_be_visible()
    # "read and write": the spectator writes under a name of his choice, marked as a spectator's
    ann.select_option("#chat-setting", "write")
    expect(spec.locator("#chat-form")).to_be_visible()
    spec.fill("#chat-name", "Fan")
    spec.fill("#chat-text", "go Bob")
    spec.click("#chat-send")
    expect(ann.locator("#chat-list li.chat-msg").last.locator(".chat-who")).to_have_text("Fan (spectator)")
    spec.screenshot(path=str(shots / f"chat-spectator-{tag}.png"))
    ann.select_option("#chat-setting", "hidden")
    expect(spec.locator("#chat-toggle")).to_be_hidden()
    expect(spec.locator("#chat-panel")).to_be_hidden()
    assert not aerr and not berr and not serr, (aerr, berr, serr)
    for c in (actx, bctx, sctx):
        c.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_seat_link_restores_the_seat_in_a_fresh_browser_and_a_new_link_revokes_it(server, browser, shots, size):  # noqa: F811
    from playwright.sync_api import expect

    tag = "desktop" if size is DESKTOP else "phone"
    actx, ann, aerr = _ctx(browser, size)
    table = _host_table(ann, server)
    ann.click("#seat-link-open")
    expect(ann.locator("#seat-link-dialog")).to_be_visible()
    expect(ann.locator("#seat-link-qr")).to_be_visible()
    assert ann.locator("#seat-link-qr").evaluate("img => img.complete && img.naturalWidth > 0")  # the QR drew
    link = ann.locator("#seat-link-url").input_value()
    assert link.startswith(f"{server}/t/{table}#seat=")
    ann.screenshot(path=str(shots / f"seat-link-{tag}.png"))
    # a fresh browser (no storage) opens the link: it is Ann's seat there, and the token left the address bar
    pctx, phone, perr = _ctx(browser, size)
    phone.goto(link)
    expect(phone.locator("#waiting li.me")).to_contain_text("Ann")
    expect(phone.locator("#start")).to_be_visible()  # the host's button: it is her seat
    assert phone.url == f"{server}/t/{table}"
    phone.screenshot(path=str(shots / f"seat-link-restored-{tag}.png"))
    # a new link: the phone (on the old one) watches; the new link seats it again
    ann.click("#seat-link-renew")
    expect(ann.locator("#seat-link-url")).not_to_have_value(link)
    new_link = ann.locator("#seat-link-url").input_value()
    expect(phone.locator("#waiting li.me")).to_have_count(0)
    expect(phone.locator("#start")).to_be_hidden()
    phone.reload()
    expect(phone.locator("#waiting")).to_contain_text("You are watching.")
    phone.goto(new_link)  # in the same tab: only the fragment changes, and the page loads again with it
    expect(phone.locator("#waiting li.me")).to_contain_text("Ann")
    # and Ann's own browser still has her seat after a reload (it keeps the new token)
    ann.click("#seat-link-close")
    ann.reload()
    expect(ann.locator("#waiting li.me")).to_contain_text("Ann")
    assert not aerr and not perr, (aerr, perr)
    actx.close()
    pctx.close()


def _play_until_over(pages, deadline_s: float = 60) -> None:
    """Click whatever is to be clicked on any of ``pages`` (bids, legal cards, joker calls) until the game ends."""
    deadline = time.monotonic() + deadline_s
    while not pages[0].locator("#standings").is_visible():
        assert time.monotonic() < deadline, "the game did not end"
        for page in pages:
            bid = page.locator("#panel button:enabled")
            card = page.locator("#hand button.card.legal")
            if bid.count():
                bid.first.click()
            elif card.count():
                card.first.click()
                if page.locator("#joker-dialog[open]").count():
                    page.locator("#joker-options button").first.click()
        pages[0].wait_for_timeout(80)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_rematch_seats_the_same_people_at_a_new_table(server, browser, shots, size):  # noqa: F811
    from playwright.sync_api import expect

    tag = "desktop" if size is DESKTOP else "phone"
    actx, ann, aerr = _ctx(browser, size)
    bctx, bob, berr = _ctx(browser, size)
    table = _host_table(ann, server)
    _join(bob, server, table, "Bob")
    ann.click("#start")
    expect(bob.locator("#game")).to_be_visible()
    sctx, spec, serr = _ctx(browser, size)
    spec.goto(f"{server}/t/{table}")
    _play_until_over([ann, bob])
    expect(bob.locator("#social-over")).to_be_visible()
    expect(bob.locator("#so-rematch")).to_be_hidden()  # only the host offers it
    expect(bob.locator("#so-text")).to_have_text("The host may offer a rematch with the same seats.")
    expect(ann.locator("#so-lobby")).to_have_attribute("href", "/")
    ann.locator("#social-over").scroll_into_view_if_needed()
    ann.screenshot(path=str(shots / f"game-over-{tag}.png"))
    seats_before = [s["name"] for s in ann.request.get(f"{server}/api/tables/{table}").json()["seats"]]
    ann.click("#so-rematch")
    # both players are taken to the new table, each in his own seat; the host starts it
    ann.wait_for_url(re.compile(r"/t/[a-z0-9]+$"))
    expect(ann).not_to_have_url(f"{server}/t/{table}")
    new = ann.url.rsplit("/", 1)[1]
    bob.wait_for_url(f"{server}/t/{new}")
    expect(ann.locator("#waiting li.me")).to_contain_text("Ann")
    expect(bob.locator("#waiting li.me")).to_contain_text("Bob")
    info = ann.request.get(f"{server}/api/tables/{new}").json()
    assert [s["name"] for s in info["seats"]] == seats_before and info["status"] == "waiting"
    ann.screenshot(path=str(shots / f"rematch-{tag}.png"), full_page=True)
    # the spectator is offered to watch it, and the lobby link is there
    expect(spec.locator("#so-go")).to_have_text("Watch the rematch")
    expect(spec.locator("#so-go")).to_have_attribute("href", f"/t/{new}")
    spec.locator("#social-over").scroll_into_view_if_needed()
    spec.screenshot(path=str(shots / f"rematch-spectator-{tag}.png"))
    ann.click("#start")
    expect(bob.locator("#game")).to_be_visible()
    assert not aerr and not berr and not serr, (aerr, berr, serr)
    for c in (actx, bctx, sctx):
        c.close()
