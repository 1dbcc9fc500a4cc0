"""Durak in the terminal (``joker play --game durak``) and ``joker replay`` of
Durak records: a whole game through a pseudo-terminal (pexpect) in English,
saved and resumed; a few moves in Russian; an illegal move refused naming the
rule with nothing changed; exact resumption; the replay bout by bout; and the
screen never showing what the human may not know."""

from __future__ import annotations

import io
import json
import os
import random
import re
import sys
from pathlib import Path

import pexpect  # a dev dependency: never skip the pseudo-terminal tests for want of it
import pytest
from rich.console import Console
from typer.testing import CliRunner

from joker import registry
from joker.bots import make_bot
from joker.cards import cards_in
from joker.cli.durak.session import load_session, new_session
from joker.cli.durak.text import card_text, parse_input
from joker.cli.main import app
from joker.games.durak.actions import TAKE, Attack, Beat, Transfer
from joker.games.durak.engine.table import Phase
from joker.games.durak.engine.views import view_of
from joker.i18n import Tr
from joker.records import final_state

GAME = registry.game("durak")
JOKER = str(Path(sys.executable).with_name("joker"))
ENV = {**os.environ, "COLUMNS": "120", "LINES": "40", "TERM": "dumb", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
PROMPT = r"› $"


# -- in-process sessions ---------------------------------------------------------------


class Script:
    """Input for a session: ``extra`` lines first, then the engine's first legal
    action in notation; EOFError (save and quit) after ``stop`` lines; ``check``
    is called before each line is given."""

    def __init__(self, stop: int | None = None, extra: tuple[str, ...] = (), check=None):
        self.game = None
        self.count = 0
        self.stop = stop
        self.extra = list(extra)
        self.check = check

    def __call__(self) -> str:
        if self.check is not None:
            self.check(self.game)
        if self.stop is not None and self.count >= self.stop:
            raise EOFError
        self.count += 1
        if self.extra:
            return self.extra.pop(0)
        return str(self.game.state.legal_actions()[0])


def session(path: Path, script: Script, rules: str = "durak", seed: str = "5", lang: str = "en",
            resume: bool = False):
    out = io.StringIO()
    console = Console(file=out, width=200, no_color=True, highlight=False)
    if resume:
        game = load_session(path, console=console, input_fn=script)
        game.welcome(resumed_from=path)
    else:
        r = GAME.parse_rules(rules)
        game = new_session(r, seed, ["random"] * (r.players - 1), path, lang=lang, console=console,
                           input_fn=script)
    script.game = game
    game.console_out = out
    return game


def test_save_and_resume_continue_exactly(tmp_path):
    """A series saved at end of input and resumed twice ends with the same
    record as the same game played straight through: bots are seeded per decision."""
    rules = "durak(games=2)"
    straight = session(tmp_path / "a.json", Script(), rules=rules, seed="11")
    assert straight.run() == 0 and straight.state.is_terminal()
    path = tmp_path / "b.json"
    game = session(path, Script(stop=4), rules=rules, seed="11")
    assert game.run() == 0 and "Game saved" in game.console_out.getvalue()
    assert not game.state.is_terminal()
    game = session(path, Script(stop=6), resume=True)
    assert game.run() == 0 and "Resumed" in game.console_out.getvalue()
    game = session(path, Script(), resume=True)
    assert game.run() == 0 and game.state.is_terminal()
    a, b = (json.loads((tmp_path / f).read_text()) for f in ("a.json", "b.json"))
    assert a == b
    assert b["meta"] == {"app": "joker play", "human_seat": 0, "bots": [None, "random", "random", "random"],
                         "lang": "en"}
    assert game.state.results == straight.state.results and len(game.state.results) == 2


def _first_prompt(pred, rules: str = "durak"):
    """A seed whose game reaches a human decision satisfying ``pred(view)`` playing first legal actions."""
    r = GAME.parse_rules(rules)
    for seed in range(200):
        st = GAME.new_game(r, str(seed))
        for _ in range(60):
            if st.is_terminal():
                break
            p = st.current_player
            if p == 0:
                v = view_of(st, 0)
                if len(v.legal_actions) > 1 and pred(v):
                    return str(seed)
                st = st.apply(st.legal_actions()[0])
            else:
                st = st.apply(make_bot("random", seed=f"{st.seed}:{p}:{len(st.log)}", game="durak").choose(
                    view_of(st, p)))
    raise AssertionError("no seed reaches such a decision")


@pytest.mark.parametrize("lang, said", [
    ("en", r"✗ cannot add (10|[6-9JQKA])[♠♣♦♥]: the lead's rank is (10|[6-9JQKA]) \(RULES\.md §13\.4 rule 1\); "
           r"legal: .*done\n"),
    ("ru", r"✗ нельзя добавить (10|[6-9JQKA])[♠♣♦♥]: заход в ранге (10|[6-9JQKA]) \(RULES\.md §13\.4, правило 1\); "
           r"можно: .*хватит\n"),
])
def test_an_illegal_move_is_refused_naming_the_rule_and_nothing_changes(tmp_path, lang, said):
    """Adding a card of another rank to the lead: the engine's refusal in the
    chosen language, the cards in the screen's notation, and the same state after."""

    def wrong_rank(v):
        return v.phase is Phase.ADD and any(c % 13 != v.attack[0] % 13 and c < 52 for c in v.hand)

    seed = _first_prompt(wrong_rank)
    seen = {}

    class Wrong(Script):
        def __call__(self):
            st = self.game.state
            if "state" in seen and "after" not in seen:
                seen["after"] = st
                raise EOFError
            v = view_of(st, 0)
            if v.phase is Phase.ADD and not seen and wrong_rank(v):
                seen["state"] = st
                lead = v.attack[0] % 13
                return card_text(next(c for c in v.hand if c % 13 != lead and c < 52))
            return super().__call__()

    game = session(tmp_path / "g.json", Wrong(), seed=seed, lang=lang)
    assert game.run() == 0
    assert seen["after"] is seen["state"]  # refused: the state is the very same value
    out = game.console_out.getvalue()
    assert re.search(said, out), out[-2000:]
    # the saved record holds no trace of the refused move
    saved = json.loads((tmp_path / "g.json").read_text())
    assert len(saved["games"][0]["actions"].split()) == len(seen["state"].log)


def test_input_forms():
    """The engine's notation and the friendly forms read into the same actions."""
    r = GAME.parse_rules("durak")
    for seed in range(100):
        st = GAME.new_game(r, str(seed))
        st = st.apply(st.legal_actions()[0])  # the lead
        if st.phase is Phase.ADD:
            st = st.apply("done")
        d = st.current_player
        v = view_of(st, d)
        beats = [a for a in v.legal_actions if isinstance(a, Beat)]
        transfers = [a for a in v.legal_actions if isinstance(a, Transfer)]
        if beats and transfers:
            break
    b, t = beats[0], transfers[0]
    assert parse_input(str(b), v) == b
    assert parse_input(f"{card_text(b.card)} {card_text(b.target)}", v) == b
    assert parse_input(f"{card_text(b.target)} on {card_text(b.card)}", v) == b  # either order
    assert parse_input(f"transfer {card_text(t.card)}", v) == t
    assert parse_input(f"перевод {str(t)[9:]}", v) == t
    assert parse_input(f"t:{str(t)[9:].lower()}", v) == t
    assert parse_input("беру", v) is TAKE and parse_input("take", v) is TAKE
    lone = [a for a in v.legal_actions if isinstance(a, Beat)
            and sum(1 for x in v.legal_actions if getattr(x, "card", None) == a.card) == 1]
    if lone:
        assert parse_input(card_text(lone[0].card), v) == lone[0]


def test_durak36_jokers_are_typed_as_sixes():
    r = GAME.parse_rules("durak-36")
    for seed in range(200):
        st = GAME.new_game(r, str(seed))
        v = view_of(st, st.current_player)
        if 52 in v.hand:
            break
    assert parse_input("6S", v) == Attack(52) and parse_input("6♠", v) == Attack(52)
    assert parse_input("6C", v) == Attack(53)


# -- what the screen may show ---------------------------------------------------------


def _cards_shown(text: str, cards) -> list[str]:
    return [card_text(c) for c in cards if re.search(rf"(?<![0-9]){re.escape(card_text(c))}", text)]


@pytest.mark.parametrize("rules, seed", [("durak", "3"), ("durak-36", "8"), ("durak(players=2)", "4"),
                                         ("durak(players=3,show_trump=once_per_bout)", "21")])
def test_the_screen_never_shows_what_the_human_may_not_know(tmp_path, rules, seed):
    """At every prompt, nothing printed so far names a card in another hand that
    is not known to be there, a prikup card still face down (even the human's
    own), a card of the stock but the turned trump, or the hidden trump before it is shown."""
    checked = []

    def check(game):
        st = game.state
        out = game.console_out.getvalue()
        secret = set()
        for s in range(st.players):
            secret |= set(cards_in(st.prikups[s]))
            if s != game.human:
                secret |= set(cards_in(st.hands[s] & ~st.known[s]))
        secret |= set(st.stock) - {st.turned} - ({st.hidden} if st.hidden_shown else set())
        if not st.hidden_shown:
            secret.add(st.hidden)
        leaked = _cards_shown(out, secret)
        assert not leaked, (leaked, out[-3000:])
        checked.append(len(st.log))

    game = session(tmp_path / "g.json", Script(extra=("?", "hint", "r"), check=check), rules=rules, seed=seed)
    assert game.run() == 0 and game.state.is_terminal()
    assert len(checked) > 5
    out = game.console_out.getvalue()
    assert "▒" in out  # the hidden trump and the prikups, face down
    for c in view_of(GAME.new_game(GAME.parse_rules(rules), seed), 0).hand:
        assert card_text(c) in out  # the human's own cards are shown


# -- the real command under a pseudo-terminal -------------------------------------------


def spawn(*args: str, env: dict | None = None) -> "pexpect.spawn":
    return pexpect.spawn(JOKER, ["play", *args], env={**ENV, **(env or {})}, encoding="utf-8", timeout=60,
                         dimensions=(40, 160))


def _play_legal_until_over(child) -> int:
    """At a prompt: play the first move ``?`` lists until the series is over; returns the moves made."""
    moves = 0
    while True:
        child.sendline("?")
        child.expect(r"Legal: ([^,\r\n]+)")
        move = child.match.group(1).strip()
        child.expect(PROMPT)
        child.sendline(move)
        moves += 1
        if child.expect([PROMPT, r"Game record: (\S+)"]) == 1:
            return moves


def test_a_whole_game_in_the_terminal_saved_resumed_and_finished(tmp_path):
    path = tmp_path / "durak.json"
    child = spawn("--game", "durak", "--seed", "9", "--bots", "random,random,random", "--save", str(path))
    child.expect(PROMPT)
    screen = child.before
    assert "Durak — Transfer Durak. Seat 1: You; bots: Alice (Random), Boris (Random), Vera (Random)." in screen
    assert "Game 1 · bout" in screen and "· Transfer Durak" in screen and "Trump " in screen and "stock " in screen and "discard pile" in screen
    assert "Your hand:" in screen and "▒▒" in screen
    assert re.search(r"(attacker|defender|may throw in)", screen)
    # rubbish, then a card not held: the engine's refusal; then one move and quit
    child.sendline("zz")
    child.expect(r"✗ not understood: 'zz'")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect(r"Hint \(\w+\): ")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect(r"Legal: ([^,\r\n]+)")
    first = child.match.group(1).strip()
    child.expect(PROMPT)
    child.sendline(first)
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"Game saved: (\S+)")
    assert Path(child.match.group(1)) == path
    child.expect(r"Resume with: \S*joker\S*( -m joker.cli.main)? play --resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = json.loads(path.read_text())
    assert saved["game"] == "durak" and saved["games"][0]["actions"]
    # --resume finds the game in the record, no --game needed
    child = spawn("--resume", str(path))
    child.expect(r"Resumed .*: game 1, \d+ actions already played")
    child.expect(PROMPT)
    moves = _play_legal_until_over(child)
    tail = child.before
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and moves > 0
    final = json.loads(path.read_text())
    st = final_state(GAME, GAME.read_record(final))
    assert st.is_terminal()
    fool = st.results[0]
    names = ("you are the fool", "Alice is the fool", "Boris is the fool", "Vera is the fool")
    assert ("a draw" in tail) if fool is None else (names[fool] in tail), tail[-1500:]


def test_a_few_moves_in_russian(tmp_path):
    child = spawn("--game", "durak", "--preset", "durak-36", "--lang", "ru", "--seed", "3", "--bots", "random",
                  env={"JOKER_HOME": str(tmp_path)})
    child.expect(PROMPT)
    screen = child.before
    assert ("Дурак — Переводной дурак, 36 карт. Место 1: Вы; боты: Алиса (Случайный), Борис (Случайный), "
            "Вера (Случайный).") in screen
    assert "В колоде durak-36 джокеры — 6♠ (X1) и 6♣ (X2)." in screen
    assert "Партия 1 · бой" in screen and "· Переводной дурак" in screen and "Ваши карты:" in screen and "прикуп" in screen
    for _ in range(3):
        child.sendline("?")
        child.expect(r"Можно: ([^,\r\n]+)")
        move = child.match.group(1).strip()
        child.expect(PROMPT)
        child.sendline(move)
        child.expect(PROMPT)
    child.sendline("zz")
    child.expect(r"✗ непонятно: 'zz'")
    child.expect(PROMPT)
    child.sendline("й")  # q on a Russian keyboard
    child.expect(r"Игра сохранена: (\S+)")
    path = Path(child.match.group(1))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and path.parent == tmp_path / "games"
    saved = json.loads(path.read_text())
    assert saved["meta"]["lang"] == "ru" and saved["players"][0] == "Вы" and saved["rules"] == "durak-36"


# -- joker replay -------------------------------------------------------------------------------


def _random_record(tmp_path: Path, rules: str = "durak", seed: str = "7") -> tuple[Path, object]:
    st = GAME.new_game(GAME.parse_rules(rules), seed)
    rng = random.Random(seed)
    while not st.is_terminal():
        st = st.apply(rng.choice(st.legal_actions()))
    path = tmp_path / "d.json"
    path.write_text(json.dumps(GAME.record_of(st, ["Ann", "Bob", "Cid", "Dan"][:st.players]).to_dict()))
    return path, st


def test_replay_prints_a_durak_record_bout_by_bout(tmp_path):
    path, st = _random_record(tmp_path)
    out = CliRunner().invoke(app, ["replay", str(path)])
    assert out.exit_code == 0, out.output
    text = out.output
    bouts = re.findall(r"^Bout (\d+): (\w+) attacks (\w+)$", text, re.M)
    assert [int(b) for b, _, _ in bouts] == list(range(1, st.bouts + 1))
    assert re.search(r"^Game 1: (trump [♠♣♦♥] \(turned|the turned card is the joker)", text, re.M)
    assert re.search(r"^  \w+ beats (10|[6-9JQKA])[♠♣♦♥] with ", text, re.M)
    assert re.search(r"^  \w+ takes \d+ cards?$", text, re.M) and re.search(r"^  Draw: ", text, re.M)
    assert "draws the turned trump" in text
    names = ("Ann", "Bob", "Cid", "Dan")
    fool = st.results[0]
    assert (f"Game 1 over: {names[fool]} is the fool" if fool is not None else "Game 1 over: a draw") in text
    out = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert out.exit_code == 0
    data = json.loads(out.output)
    assert data["game"] == "durak" and data["finished"] is True
    assert data["fools"] == list(st.fools()) and data["scores"] == list(st.scores())
    assert len(data["games"][0]["bouts"]) == st.bouts
    assert sum(len(b["actions"]) for b in data["games"][0]["bouts"]) == len(st.log)
    assert data["games"][0]["fool_seat"] == (None if fool is None else fool + 1)


def test_replay_in_russian(tmp_path):
    """``joker replay --lang ru`` tells the bouts in Russian, with the catalogue's words: as many bouts
    as the game had, and the fool (or the draw) of the game."""
    path, st = _random_record(tmp_path)
    out = CliRunner().invoke(app, ["replay", str(path), "--lang", "ru"])
    assert out.exit_code == 0, out.output
    ru = Tr("ru", "durak_play")
    bout_word = ru("ev_bout", bout=1, name="Ann", target="Bob").split()[0]
    assert len(re.findall(rf"^{bout_word} \d+", out.output, re.M)) == st.bouts
    assert "attacks" not in out.output and "Bout" not in out.output
    out = CliRunner().invoke(app, ["replay", str(path), "--lang", "xx"])
    assert out.exit_code == 2


def test_replay_shows_transfers_and_jokers(tmp_path):
    """Over a few seeds the replay names transfers, jokers and the cards they pass on."""
    said = ""
    for seed in ("1", "2", "3", "4", "5", "6"):
        path, _ = _random_record(tmp_path, seed=seed)
        said += CliRunner().invoke(app, ["replay", str(path)]).output
    assert re.search(r"transfers with (10|[6-9JQKA])[♠♣♦♥] to \w+", said)
    assert re.search(r"with the joker X[12]: the bout ends", said)
    assert re.search(r"cards? go(es)? to the discard pile", said)


def test_replay_of_a_bad_durak_record_names_the_action(tmp_path):
    path, _ = _random_record(tmp_path)
    d = json.loads(path.read_text())
    acts = d["games"][0]["actions"].split()
    acts[1] = "show:AS"
    d["games"][0]["actions"] = " ".join(acts)
    path.write_text(json.dumps(d))
    out = CliRunner().invoke(app, ["replay", str(path)])
    assert out.exit_code == 1
    assert out.output.startswith(f"error: invalid record {path}: game 1, action 2 'show:AS': ")


def test_catalogue_speaks_both_languages():
    en, ru = Tr("en", "durak_play"), Tr("ru", "durak_play")
    assert en("ev_took", name="Ann", n=1) == "Ann takes 1 card"
    assert ru("ev_took", name="Аня", n=5) == "Аня забирает 5 карт"
    assert ru("ev_discard", n=2) == "в бито 2 карты"
