"""``joker play``: the terminal game, driven as a person would (pexpect), plus
in-process checks of input parsing, the catalogues, exact resumption and the
view-only screen."""

from __future__ import annotations

import io
import os
import re
import signal
import string
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from joker import new_game, parse_rules
from joker.games.joker.actions import FollowJoker, LeadJoker, Play
from joker.cards import JOKERS, SUIT_MASKS, cards_in
from joker.i18n import Tr, catalogue

CATALOG = catalogue("play").texts
LEDGER_CATALOG = catalogue("scorekeeper").texts
from joker.cli.play_input import BadInput, parse_bid, parse_call, parse_trump
from joker.cli.play_session import load_session, new_session
from joker.cli.play_text import card_text, refusal_field
from joker.games.joker.record import load_record, replay
from joker.games.joker.rules import JokerCall

import pexpect  # a dev dependency: never skip the pseudo-terminal tests for want of it

JOKER = str(Path(sys.executable).with_name("joker"))
RULES = "bus-angeles(schedule='3,3')"
ENV = {**os.environ, "COLUMNS": "120", "LINES": "40", "TERM": "dumb", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
PROMPT = r"› $"


def seed_with_joker(rules: str, seat: int = 0) -> int:
    """The first seed whose first deal gives ``seat`` a joker."""
    r = parse_rules(rules)
    return next(s for s in range(1000) if new_game(r, seed=s).hands[seat] & JOKERS)


# -- pure parsing ------------------------------------------------------------------------


def test_parse_inputs():
    assert parse_trump("H").suit == 3
    assert parse_trump("♣").suit == 1
    assert parse_trump("ч").suit == 3  # червы
    assert parse_trump("n").suit is None and parse_trump("бк").suit is None
    assert parse_trump("trump:D").suit == 2
    with pytest.raises(BadInput):
        parse_trump("x")
    assert parse_bid("2").tricks == 2 and parse_bid("b3").tricks == 3 and parse_bid("пас").tricks == 0
    with pytest.raises(BadInput):
        parse_bid("AH")
    x1 = 52
    assert parse_call("high H", x1, lead=True) == LeadJoker(x1, JokerCall.HIGH, 3)
    assert parse_call("takes ♣", x1, lead=True) == LeadJoker(x1, JokerCall.TAKES, 1)
    assert parse_call("high♥", x1, lead=True) == LeadJoker(x1, JokerCall.HIGH, 3)
    assert parse_call("по старшим п", x1, lead=True) == LeadJoker(x1, JokerCall.HIGH, 0)
    assert parse_call("give", x1, lead=True) == LeadJoker(x1, JokerCall.GIVE, None)
    assert parse_call("low", x1, lead=False) == FollowJoker(x1, False)
    assert parse_call("беру", x1, lead=False) == FollowJoker(x1, True)
    with pytest.raises(ValueError):
        parse_call("high", x1, lead=True)  # needs a suit
    with pytest.raises(BadInput):
        parse_call("sideways", x1, lead=False)
    # the move reports' wording is read too: "X1 (joker: takes ♥)", "X1 (джокер: ♥ берёт)"
    assert parse_call("joker: takes ♥", x1, lead=True) == LeadJoker(x1, JokerCall.TAKES, 3)
    assert parse_call("X2 (joker: high ♠)", x1, lead=True) == LeadJoker(x1, JokerCall.HIGH, 0)
    assert parse_call("(джокер: ♥ берёт)", x1, lead=True) == LeadJoker(x1, JokerCall.TAKES, 3)
    assert parse_call("джокер: по старшим ♣", x1, lead=True) == LeadJoker(x1, JokerCall.HIGH, 1)
    assert parse_call("joker high", x1, lead=False) == FollowJoker(x1, True)
    assert parse_call("джокер: скидываю", x1, lead=False) == FollowJoker(x1, False)
    with pytest.raises(BadInput):
        parse_call("joker", x1, lead=False)  # the joker word alone is no call


def test_refusal_fields_in_the_screens_notation():
    """The engine's refusal params (its notation) as the terminal game writes them."""
    en, ru = Tr("en", "play"), Tr("ru", "play")
    assert refusal_field(en, "action", "b5") == "5"  # after "illegal bid"
    assert refusal_field(ru, "action", "b5") == "заказ 5"
    assert refusal_field(en, "action", "b99") == "99"  # too large to be an action: still a bid
    assert refusal_field(en, "action", "AS") == "A♠"
    assert refusal_field(en, "action", "X1:high") == "X1 high"
    assert refusal_field(ru, "action", "X2:takes:H") == "X2 берёт ♥"
    assert refusal_field(en, "legal", "8D JD") == "8♦, J♦"
    assert refusal_field(en, "legal", "b0 b1 b3") == "0, 1, 3"
    assert refusal_field(en, "legal", "X1:high X1:low") == "X1 high, X1 low"
    assert refusal_field(en, "legal", "none") == "none"
    assert refusal_field(en, "card", "TS") == "10♠"
    assert refusal_field(en, "cards", "9H KH") == "9♥ K♥"
    assert refusal_field(en, "suit", "♥") == "♥" and refusal_field(en, "seat", "1") == "1"
    assert refusal_field(en, "action", "???") == "???"  # not notation: kept


@pytest.mark.parametrize("catalog", [CATALOG, LEDGER_CATALOG], ids=["play", "ledger"])
def test_catalogues_have_the_same_keys_and_fields(catalog):
    fields = lambda s: sorted(f for _, f, _, _ in string.Formatter().parse(s) if f)  # noqa: E731
    en, ru = catalog["en"], catalog["ru"]
    assert set(en) == set(ru)
    for k in en:
        assert fields(en[k]) == fields(ru[k]), k
    assert Tr("ru", "play").cards(1) == "1 карта" and Tr("ru", "play").cards(3) == "3 карты" and Tr("ru", "play").cards(5) == "5 карт"
    assert Tr("ru", "play").cards(11) == "11 карт" and Tr("en", "play").cards(1) == "1 card" and Tr("en", "play").cards(2) == "2 cards"


# -- in-process sessions -------------------------------------------------------------------


class Script:
    """Input for a session: plays the engine's first legal action in notation
    (``X1:high:S`` …), after ``extra`` lines; raises EOFError after ``stop`` lines."""

    def __init__(self, stop: int | None = None, extra: tuple[str, ...] = ()):
        self.game = None
        self.count = 0
        self.stop = stop
        self.extra = list(extra)

    def __call__(self) -> str:
        if self.stop is not None and self.count >= self.stop:
            raise EOFError
        self.count += 1
        if self.extra:
            return self.extra.pop(0)
        return str(self.game.state.legal_actions()[0])


def run_session(tmp: Path, stop: int | None = None, rules: str = RULES, seed: int = 5, resume: bool = False):
    out = io.StringIO()
    console = Console(file=out, width=120, no_color=True, highlight=False)
    script = Script(stop)
    if resume:
        game = load_session(tmp, console=console, input_fn=script)
        game.welcome(resumed_from=tmp)
    else:
        game = new_session(parse_rules(rules), seed, ["random"] * 3, tmp, console=console, input_fn=script)
    script.game = game
    code = game.run()
    return game, code, out.getvalue()


def test_quit_and_resume_continue_exactly(tmp_path):
    """A game saved (end of input) and resumed twice ends with the same record
    as the same game played straight through: bots are seeded per decision."""
    straight, code, _ = run_session(tmp_path / "a.json", rules="bus-angeles(schedule='2,4,3')", seed=11)
    assert code == 0 and straight.state.is_terminal()
    path = tmp_path / "b.json"
    game, code, out = run_session(path, stop=3, rules="bus-angeles(schedule='2,4,3')", seed=11)
    assert code == 0 and "Game saved" in out and not game.state.is_terminal()
    n = len(load_record(path).deals[-1].actions)
    game, code, out = run_session(path, stop=2, resume=True)
    assert "Resumed" in out and not game.state.is_terminal()
    game, code, out = run_session(path, resume=True)
    assert code == 0 and "Game over." in out and "Standings" in out
    a, b = load_record(tmp_path / "a.json"), load_record(path)
    assert a.to_dict() == b.to_dict() and n > 0
    assert b.meta == {"app": "joker play", "human_seat": 0, "bots": [None, "random", "random", "random"], "lang": "en"}
    assert replay(b).scores() == straight.state.scores()


def test_screen_shows_only_the_humans_cards(tmp_path):
    seed = seed_with_joker(RULES)
    game, _, out = run_session(tmp_path / "g.json", stop=0, seed=seed)
    state = new_game(parse_rules(RULES), seed=seed)
    others = {card_text(c) for s in (1, 2, 3) for c in cards_in(state.hands[s])} - {card_text(c) for c in state.turned}
    assert "Your hand:" in out
    leaked = [c for c in others if re.search(rf"(?<![0-9]){re.escape(c)}", out)]
    assert not leaked, leaked
    for c in cards_in(state.hands[0]):
        assert card_text(c) in out


def test_wrong_suit_names_the_rule(tmp_path):
    """A card that breaks follow-suit gets one line naming the rule; the game goes on."""
    rules = parse_rules("bus-angeles(schedule='4,4,4,4,4,4')")
    tried = []

    class WrongSuit(Script):
        def __call__(self):
            st = self.game.state
            hand, trick = st.hands[0], st.trick
            if not tried and trick and type(trick[0][1]) is Play:
                led = trick[0][1].card // 13
                wrong = [c for c in cards_in(hand & ~JOKERS & ~SUIT_MASKS[led])]
                if hand & SUIT_MASKS[led] and wrong:
                    tried.append(wrong[0])
                    return card_text(wrong[0])
            return super().__call__()

    out = io.StringIO()
    script = WrongSuit()
    game = new_session(rules, 2, ["random"] * 3, tmp_path / "w.json", console=Console(file=out, width=120),
                       input_fn=script)
    script.game = game
    assert game.run() == 0
    assert tried, "no deal offered a wrong-suit try"
    # in the screen's notation (A♠, not AS), the cards he holds of the suit named
    assert re.search(r"✗ illegal play (10|[2-9JQKA])[♠♣♦♥]: must follow ([♠♣♦♥]): you hold ((10|[2-9JQKA])\2 ?)+;"
                     r" legal: (10|[2-9JQKA])\2", out.getvalue()), out.getvalue()


def _lines_of(tmp: Path, lang: str, seed: int, lines: tuple[str, ...]) -> str:
    """The output of a game of RULES in ``lang`` fed ``lines``, quitting (end of input) right after them."""
    out = io.StringIO()
    script = Script(stop=len(lines), extra=lines)
    game = new_session(parse_rules(RULES), seed, ["random"] * 3, tmp, lang=lang,
                       console=Console(file=out, width=200, no_color=True), input_fn=script)
    script.game = game
    assert game.run() == 0
    return out.getvalue()


@pytest.mark.parametrize("lang, said", [
    ("en", ["✗ illegal bid 5: a bid is 0..3 in a 3-card deal; legal: 0, 1, 2, 3",
            "✗ illegal play 7♣: you do not hold 7♣; legal: 10♠, 7♥, A♥",
            "✗ illegal play X2: you do not hold X2; legal: 10♠, 7♥, A♥",
            "✗ illegal play X2 takes ♥: you do not hold X2; legal: 10♠, 7♥, A♥"]),
    ("ru", ["✗ нельзя: заказ 5: заказ — от 0 до 3 (карт на руках: 3); можно: 0, 1, 2, 3",
            "✗ нельзя: 7♣: у вас нет карты 7♣; можно: 10♠, 7♥, A♥",
            "✗ нельзя: X2: у вас нет карты X2; можно: 10♠, 7♥, A♥",
            "✗ нельзя: X2 берёт ♥: у вас нет карты X2; можно: 10♠, 7♥, A♥"]),
])
def test_refusals_use_the_screens_notation(tmp_path, lang, said):
    """Seed 0 deals seat 1 10♠ 7♥ A♥ (seat 2 holds 7♣, seat 4 X2): he bids first
    and leads the first trick, so his legal bids are 0–3 and his legal leads
    those three cards, named as the screen names them (not b0, TS, X2:high:S)."""
    takes = "X2 takes H" if lang == "en" else "X2 берёт ч"
    out = _lines_of(tmp_path / "g.json", lang, 0, ("5", "0", "7C", "X2", takes))
    for line in said:
        assert line in out, (line, out)
    assert "b5" not in out and "7C" not in out and ":high" not in out


@pytest.mark.parametrize("lang, lines, said", [
    # the hint as typed at the prompt, then typed there
    ("en", ("0", "hint", "X1 takes ♥"), ("Hint (Easy): X1 takes ♥\n", "You play X1 (joker: takes ♥)")),
    # the report's own wording, at the joker's prompt
    ("en", ("0", "X1", "joker: takes ♥"), ("You play X1 (joker: takes ♥)",)),
    ("ru", ("0", "hint", "X1 берёт ♥"), ("Подсказка (Лёгкий): X1 берёт ♥\n", "Ваш ход: X1 (джокер: ♥ берёт)")),
    ("ru", ("0", "X1", "джокер: ♥ берёт"), ("Ваш ход: X1 (джокер: ♥ берёт)",)),
])
def test_a_joker_hint_reads_as_it_is_typed(tmp_path, monkeypatch, lang, lines, said):
    """Seed 3 gives seat 1 Q♠ 7♦ X1 and the first lead; the hint bot here always
    leads the joker calling "takes ♥"."""
    from joker.bots import BOTS

    class TakesHearts:
        def __init__(self, seed=None):
            pass

        def choose(self, view):
            wanted = [a for a in view.legal_actions if isinstance(a, LeadJoker) and a.call is JokerCall.TAKES
                      and a.suit == 3]
            return wanted[0] if wanted else view.legal_actions[0]

    monkeypatch.setitem(BOTS, "heuristic", TakesHearts)
    out = _lines_of(tmp_path / "g.json", lang, 3, lines)
    for line in said:
        assert line in out, (line, out)
    assert "not understood" not in out and "непонятно" not in out


def test_resume_in_another_language_renames_the_default_seats(tmp_path):
    """The names the game gave (You, Alice…) follow --lang on resume; a chosen name stays."""
    path = tmp_path / "g.json"
    run_session(path, stop=1)
    assert load_record(path).players == ("You", "Alice", "Boris", "Vera")
    out = io.StringIO()
    game = load_session(path, lang="ru", console=Console(file=out, width=200), input_fn=Script(stop=0))
    assert game.names == ("Вы", "Алиса", "Борис", "Вера")
    game.welcome(resumed_from=path)
    assert "Место 1: Вы;" in out.getvalue()
    assert load_session(path, input_fn=Script(stop=0)).names == ("You", "Alice", "Boris", "Vera")

    chosen = tmp_path / "c.json"
    game = new_session(parse_rules(RULES), 5, ["random"] * 3, chosen, name="Tester", lang="ru",
                       console=Console(file=io.StringIO()), input_fn=Script(stop=1, extra=("0",)))
    game.run()
    assert load_session(chosen, lang="en", input_fn=Script(stop=0)).names == ("Tester", "Alice", "Boris", "Vera")


@pytest.mark.parametrize("args, said", [
    (["--players", "3"], "✗ bus-angeles is played by 4 players, not 3; presets for 3 players: camp, raspisnoy, "
                         "raspisnoy-54, rotating-trumps, oh-hell (--preset NAME)"),
    (["--players", "3", "--lang", "ru"], "✗ Регламент Бус-Анджелес: число игроков — 4, а не 3; для 3 игроков есть правила: "
                                         "camp, raspisnoy, raspisnoy-54, rotating-trumps, oh-hell (--preset ИМЯ)"),
    # camp: 9 cards each from 54 → 2 to 6; oh-hell (52, 9 each) stops at 5, the raspisnoy decks deal fewer
    (["--preset", "camp", "--players", "8"], "✗ camp is played by 2–6 players, not 8; presets for 8 players: "
                                             "raspisnoy, raspisnoy-54, rotating-trumps (--preset NAME)"),
    (["--players", "11"], "✗ bus-angeles is played by 4 players, not 11; no preset is played by 11 players"),
])
def test_players_the_rules_do_not_allow(args, said):
    from typer.testing import CliRunner

    from joker.cli.main import app

    result = CliRunner().invoke(app, ["play", *args])
    assert result.exit_code == 2
    assert " ".join(result.output.split()) == said


# -- the real command under a pseudo-terminal ---------------------------------------------------


def _default_sigint() -> None:
    # a suite started as a background job (`make test &`) inherits SIGINT ignored, and a
    # Python started so never raises KeyboardInterrupt: give the game a terminal's default
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(*args: str, env: dict | None = None) -> "pexpect.spawn":
    return pexpect.spawn(JOKER, ["play", *args], env={**ENV, **(env or {})}, encoding="utf-8", timeout=60,
                         dimensions=(40, 120), preexec_fn=_default_sigint)


def wait_until_reading(child: "pexpect.spawn", timeout: float = 10.0) -> None:
    """Wait until the child sleeps (in the read of its next line, after a prompt).
    A Ctrl-C that lands between the prompt and the read is only noticed by
    CPython's readline after the next line is typed — a race a person cannot
    hit, but a script under load can."""
    stat = Path(f"/proc/{child.pid}/stat")
    deadline = time.monotonic() + timeout
    asleep = 0
    while time.monotonic() < deadline and asleep < 3:
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return  # not Linux: nothing to wait on
        asleep = asleep + 1 if state == "S" else 0
        time.sleep(0.03)


def last_hand(text: str) -> str:
    return re.findall(r"Your hand: +(.*?)\r?\n", text)[-1].strip()


def test_play_quit_resume_finish(tmp_path):
    seed = seed_with_joker(RULES)
    path = tmp_path / "game.json"
    child = spawn("--rules", RULES, "--seed", str(seed), "--bots", "random", "--name", "Tester", "--save", str(path))
    # bid: a wrong one first, then 1
    child.expect(r"Your bid \(0–3\) " + PROMPT)
    screen = child.before
    assert "Deal 1 of 2 · 3 cards" in screen and "Dealer: Vera" in screen and "Trump" in screen
    hand = last_hand(screen)
    joker = re.search(r"X[12]", hand).group(0)
    child.sendline("7")
    child.expect(r"✗ illegal bid 7: a bid is 0\.\.3 in a 3-card deal; legal: 0, 1, 2, 3")
    child.expect(PROMPT)
    child.sendline("1")
    # the lead: a card not held, rubbish, then the joker with a call
    child.expect(r"Your card " + PROMPT)
    assert "Trick 1 of 3: your lead" in child.before
    absent = next(c for c in ("A♠", "A♣", "A♦", "A♥") if c not in hand)
    child.sendline(absent)
    child.expect(r"✗ illegal play (A[♠♣♦♥]): you do not hold \1; legal: ")
    child.expect(PROMPT)
    child.sendline("zz")
    child.expect(r"✗ not understood: 'zz'")
    child.expect(PROMPT)
    child.sendline(joker)
    child.expect(rf"{joker} lead — high ♠/♣/♦/♥ · takes ♠/♣/♦/♥ \(empty: back\) " + PROMPT)
    child.sendline("high H")
    child.expect(rf"You play {joker} \(joker: high ♥\)")
    child.expect(rf"Trick 1: Tester {joker} \(joker: high ♥\)")
    # quit at the next decision; the record holds the game so far
    child.expect(PROMPT)
    before_quit = child.before
    child.sendline("q")
    child.expect(r"Game saved: (\S+)")
    assert Path(child.match.group(1)) == path
    child.expect(r"Resume with: \S*joker\S*( -m joker.cli.main)? play --resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = replay(load_record(path))
    assert not saved.is_terminal()
    assert load_record(path).players == ("Tester", "Alice", "Boris", "Vera")
    actions = len(saved.actions())
    assert f"{joker}:high:H" in load_record(path).deals[0].actions

    # resume: the same point, then play on with the first legal move listed by ?
    child = spawn("--resume", str(path))
    child.expect(rf"Resumed .*: deal {saved.deal_index + 1} of 2, {actions} actions already played")
    child.expect(PROMPT)
    if "Your hand:" in before_quit:
        assert last_hand(child.before) == last_hand(before_quit)
    moves = 0
    while True:  # at a prompt
        child.sendline("?")
        child.expect(r"Legal: ([^,\r\n]+)")
        move = child.match.group(1).strip()
        child.expect(PROMPT)
        child.sendline(move)
        moves += 1
        if child.expect([PROMPT, r"Game over\."]) == 1:
            break
    child.expect(r"Game record: (\S+)")
    tail = child.before
    assert Path(child.match.group(1)) == path
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and moves > 0
    assert "Standings" in tail
    final = replay(load_record(path))
    assert final.is_terminal()
    totals = final.scores()
    for seat, name in enumerate(("Tester", "Alice", "Boris", "Vera")):
        m = re.search(rf"│\s*\d\s*│\s*{name}\s*│\s*(-?\d+)\s*│", tail)
        assert m, (name, tail)
        assert int(m.group(1)) == totals[seat]


def test_russian_trump_choice_and_ctrl_c(tmp_path):
    """--lang ru: Russian screen and prompts; a trump named by a Russian letter;
    Ctrl-C saves the game, by default under $JOKER_HOME/games."""
    rules = "bus-angeles(schedule='9')"
    child = spawn("--rules", rules, "--seed", "4", "--bots", "random", "--lang", "ru", env={"JOKER_HOME": str(tmp_path)})
    child.expect(r"Назначьте козырь .*" + PROMPT)
    screen = child.before
    assert "Раздача 1 из 1 · 9 карт" in screen and "Ваши первые три карты:" in screen
    assert "Козырь: вы назначаете по первым трём картам" in screen
    assert len(re.findall(r"Ваши первые три карты: +(.*?)\r?\n", screen)[-1].split()) == 3
    child.sendline("ч")
    child.expect(r"Вы назначили козырь: ♥")
    child.expect(r"Ваш заказ \(0–9\) " + PROMPT)
    assert "Козырь ♥ (назначили вы)" in child.before and "Ваши карты:" in child.before
    child.sendline("десять")
    child.expect(r"✗ непонятно: 'десять' — закажите число 0–9")
    child.expect(PROMPT)
    wait_until_reading(child)
    child.sendintr()
    child.expect(r"Игра сохранена: (\S+)")
    path = Path(child.match.group(1))
    assert path.parent == tmp_path / "games" and re.fullmatch(r"game-\d{8}-\d{6}\.json", path.name)
    child.expect(r"Продолжить: \S*joker\S*( -m joker.cli.main)? play --resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    record = load_record(path)
    assert record.meta["lang"] == "ru" and record.players[0] == "Вы"
    assert record.deals[0].actions == ("trump:H",)


def test_hint_from_the_heuristic_bot_or_a_polite_no(tmp_path, monkeypatch):
    from joker.bots import BOTS, RandomBot

    def first_lines(name: str) -> str:
        out = io.StringIO()
        script = Script(stop=2, extra=("hint",))
        game = new_session(parse_rules(RULES), 3, ["random"] * 3, tmp_path / name, console=Console(file=out, width=120),
                           input_fn=script)
        script.game = game
        game.run()
        return out.getvalue()

    monkeypatch.setitem(BOTS, "heuristic", RandomBot)  # any bot registered under that name
    assert re.search(r"Hint \(Easy\): [0-3]\n", first_lines("a.json"))
    monkeypatch.delitem(BOTS, "heuristic")
    assert "No hint: the heuristic bot is not available in this version." in first_lines("b.json")


def test_bad_options_get_one_line(tmp_path):
    from typer.testing import CliRunner

    from joker.cli.main import app

    runner = CliRunner()
    existing = tmp_path / "old.json"
    existing.write_text("{}")
    for args, words in (
        (["--players", "5"], "bus-angeles is played by 4 players, not 5; presets for 5 players: camp,"),
        (["--bots", "nobody"], "--bots: unknown bot 'nobody'"),
        (["--bots", "random,random"], "--bots: give one name, or 3 names"),
        (["--lang", "de"], "--lang must be one of: en, ru"),
        (["--save", str(existing)], "exists; continue it with --resume"),
        (["--resume", str(existing)], "cannot resume"),
    ):
        result = runner.invoke(app, ["play", *args])
        assert result.exit_code in (1, 2), (args, result.output)
        assert words in " ".join(result.output.split()), (args, result.output)
        assert "Traceback" not in result.output


def test_a_forced_move_shows_the_hand_once_a_deal(tmp_path):
    """The fresh-user trial: a move with one legal card is played at once; the hand
    it came from is shown with the first such move of a deal (a one-card deal showed
    none at all), not again at each later forced trick of the same deal.  Counted
    from the session's own output over a whole game of 1- to 4-card deals."""
    game, code, out = run_session(tmp_path / "f.json", rules="bus-angeles(schedule='1,2,3,4,4,3,2,1')", seed=11)
    assert code == 0
    deals = re.split(r"\n── Deal \d+ of \d+", out)[1:]
    assert len(deals) == 8
    first_forced = later_forced = 0
    for deal in deals:
        lines = deal.splitlines()
        forced = [i for i, line in enumerate(lines) if line.strip().startswith("You play") and "(only legal move)" in line]
        for k, i in enumerate(forced):
            shown = lines[i - 1].startswith("Your hand:") and lines[i].split("You play ")[1].split()[0] in lines[i - 1]
            if k == 0:
                assert shown, deal
                first_forced += 1
            else:
                assert not lines[i - 1].startswith("Your hand:"), deal
                later_forced += 1
    assert first_forced >= 4 and later_forced >= 1  # the game has both kinds (seed 11)


@pytest.mark.parametrize("lang, title", [("en", "Score sheet — Bus-Angeles regulation (deals: 1,2)"),
                                         ("ru", "Запись — Регламент Бус-Анджелес (раздачи: 1,2)")])
def test_the_sheet_is_titled_with_the_rules_in_words(tmp_path, lang, title):
    """The fresh-user trial: the welcome said "Bus-Angeles regulation (deals: 1,2,9)" but the sheet
    after every deal was titled with the code, "Score sheet — bus-angeles(schedule='1,2,9')"."""
    out = io.StringIO()
    console = Console(file=out, width=120, no_color=True, highlight=False)
    script = Script(None)
    game = new_session(parse_rules("bus-angeles(schedule='1,2')"), 5, ["random"] * 3, tmp_path / "g.json", lang=lang,
                       console=console, input_fn=script)
    script.game = game
    assert game.run() == 0
    assert title in out.getvalue() and "schedule=" not in out.getvalue()
