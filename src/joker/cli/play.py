"""``joker play``: a game in the terminal, you in seat 1 against bots.

Line-based, not full-screen.  Each time you must act the game prints one
screen with Rich — the deal, trump and turned card, dealer, bids (and the bid
the dealer may not say), tricks against bids, the current trick, your hand
sorted with trump first — then a prompt; every bot action is one short line.
Why Rich lines rather than a full-screen (curses/Textual) app:

* it works in any terminal and over ssh, with no alternate screen, no
  terminal size or key-code negotiation, and degrades to plain text under
  ``TERM=dumb`` or ``NO_COLOR``;
* the scroll-back keeps the whole game (what every bot played), which a
  redrawn screen would lose;
* it is plain text in, plain text out, so a test or a script drives it like a
  person with ``pexpect`` (see ``tests/test_terminal_play.py``), and a screen
  reader reads it;
* Rich (already a dependency) gives colour and the score-sheet tables
  (:mod:`joker.cli.render`) without taking over the terminal.

Everything on screen is built from ``view_of(state, human_seat)`` and public
actions, so the human never sees another hand.  Input: a card by its text
(``AH``, ``10h``, ``♥A``); a bid as a number; a joker (``X1``, ``x`` or
``joker``) opens a short prompt for its call (``high H``, ``takes ♣``,
``give``, ``top`` on a lead; ``high``/``low`` when following), and
``X1 high H`` or ``X1:high:H`` does it in one go.  ``?`` lists the legal
moves, ``hint`` shows what the heuristic bot would do, ``s`` prints the score
sheet, ``r`` redraws the screen, ``help`` the commands.  ``q``, Ctrl-C,
Ctrl-D (end of input) and a hang-up save the game record and print where;
``joker play --resume FILE`` continues it exactly.

Saving: the record (:mod:`joker.record`) is written after every deal, on
quitting and at the end, to ``--save FILE`` or a new file under
``$JOKER_HOME/games/``, by default ``games/`` in the user's data directory
(platformdirs; ``~/.local/share/joker/games/`` on Linux).  Its ``meta`` holds
``{"app": "joker play", "human_seat": 0, "bots": [null, "random", ...], "lang": "en"}``.

Bots are deterministic: each decision is made by a fresh bot seeded with
``"{game seed}:{seat}:{actions so far}"``, so a game played with the same
inputs gives the same record whether or not it was saved and resumed on the
way.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from dataclasses import replace as dc_replace
from pathlib import Path
from typing import Callable, NoReturn, Optional, Sequence

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..actions import Action, Bid, ChooseTrump, FollowJoker, LeadJoker, Play, parse_action
from ..bots import BOTS, make_bot
from ..cards import JOKER1, RANKS, Card, Suit, parse_card, sort_hand, suit_symbol
from ..engine.state import GameState, Phase, new_game
from ..engine.views import PlayerView, view_of
from ..errors import IllegalActionError, InvalidNotationError, JokerError
from ..record import load_record, record_from_state, replay, save_record
from ..rules import PRESETS, DealKind, JokerCall, Rules, TrumpChoice, parse_rules, preset as get_preset
from ..scoring import game_totals
from ..sheet import build_sheet, standings_rows
from .i18n import BOT_NAMES, HUMAN_NAME, LANGS, Tr
from .render import sheet_table, standings_table

APP = "joker play"

# -- card and action text ----------------------------------------------------------

_RED = (2, 3)  # ♦ ♥


def card_text(c: Card) -> str:
    """A card as players write it: ``A♥``, ``10♣``, ``X1``."""
    if c >= JOKER1:
        return f"X{c - JOKER1 + 1}"
    r = RANKS[c % 13]
    return ("10" if r == "T" else r) + suit_symbol(c // 13)


def _card_style(c: Card, trump: Suit | None) -> str:
    if c >= JOKER1:
        return "bold magenta"
    style = "red" if c // 13 in _RED else ""
    if c // 13 == trump:
        style = (style + " bold").strip()
    return style


def _call_text(tr: Tr, a: LeadJoker | FollowJoker) -> str:
    if isinstance(a, FollowJoker):
        return tr("joker_follow_high" if a.high else "joker_follow_low")
    return tr(f"joker_{a.call.value}", suit=suit_symbol(a.suit) if a.suit is not None else "")


def action_text(tr: Tr, a: Action) -> str:
    """An action as a short readable phrase: ``A♥``, ``X1 (joker: high ♥)``, ``2``, ``♥``."""
    if isinstance(a, Play):
        return card_text(a.card)
    if isinstance(a, (LeadJoker, FollowJoker)):
        return f"{card_text(a.card)} ({_call_text(tr, a)})"
    if isinstance(a, Bid):
        return str(a.tricks)
    if isinstance(a, ChooseTrump):
        return tr("no_trump_choice") if a.suit is None else suit_symbol(a.suit)
    return str(a)


def _typed_item(tr: Tr, a: Action) -> str:
    """An action as the user may type it at the main prompt (used by ``?``)."""
    if isinstance(a, Play):
        return card_text(a.card)
    if isinstance(a, LeadJoker):
        word = tr(f"call_{a.call.value}")
        return f"{card_text(a.card)} {word}" + (f" {suit_symbol(a.suit)}" if a.suit is not None else "")
    if isinstance(a, FollowJoker):
        return f"{card_text(a.card)} {tr('call_follow_high' if a.high else 'call_follow_low')}"
    if isinstance(a, Bid):
        return str(a.tricks)
    if isinstance(a, ChooseTrump):
        return "N" if a.suit is None else suit_symbol(a.suit)
    return str(a)


# -- input parsing (pure) ---------------------------------------------------------------


class BadInput(Exception):
    """Input that names no action; the message is one line for the user."""


_SUIT_WORDS: dict[str, Suit] = {}
for _s, _words in enumerate((
    ("s", "♠", "spades", "spade", "п", "пики", "пика"),
    ("c", "♣", "clubs", "club", "т", "к", "трефы", "треф", "крести", "трефа"),
    ("d", "♦", "diamonds", "diamond", "б", "бубны", "бубна", "буби"),
    ("h", "♥", "hearts", "heart", "ч", "червы", "черви", "черва"),
)):
    for _w in _words:
        _SUIT_WORDS[_w] = _s
_SUIT_WORDS.update({"♤": 0, "♧": 1, "♢": 2, "♡": 3})
_NO_TRUMP_WORDS = {"n", "nt", "no", "none", "notrump", "no-trump", "бк", "бескозырка", "без", "нет"}

_LEAD_WORDS: dict[str, JokerCall] = {}
for _call, _words in (
    (JokerCall.HIGH, ("high", "h", "старшие", "старш", "по старшим", "ст", "хочу")),
    (JokerCall.TAKES, ("takes", "take", "t", "берёт", "берет", "бер")),
    (JokerCall.GIVE, ("give", "g", "отдаю", "отд")),
    (JokerCall.TOP, ("top", "все", "все старшие", "сдайте", "сдайте старшие")),
):
    for _w in _words:
        _LEAD_WORDS[_w] = _call
_FOLLOW_WORDS: dict[str, bool] = {}
for _high, _words in (
    (True, ("high", "h", "беру", "старшая", "старший", "старшие", "ст")),
    (False, ("low", "l", "скидываю", "скид", "младшая", "младший", "мл")),
):
    for _w in _words:
        _FOLLOW_WORDS[_w] = _high
_JOKER_WORDS = {"x", "joker", "джокер", "дж", "🃏"}
_QUIT = {"q", "quit", "exit", "выход", "й"}
_HELP = {"help", "помощь", "/?"}
_LEGAL = {"?", "legal", "??"}
_HINT = {"hint", "подсказка", "совет"}
_SHEET = {"s", "sheet", "запись", "ы"}
_REDRAW = {"r", "redraw", "screen"}


def parse_suit_word(text: str) -> Suit | None:
    """A suit from a letter, symbol or word (English or Russian), else ``None``."""
    return _SUIT_WORDS.get(text.strip().lower())


def parse_trump(text: str) -> ChooseTrump:
    """A trump choice: ``H``, ``♥``, ``hearts``, ``черви``, ``N``, ``trump:H``.  Raises :class:`BadInput`."""
    t = text.strip().lower()
    if t.startswith("trump:"):
        t = t[6:].strip()
    if t in _NO_TRUMP_WORDS:
        return ChooseTrump(None)
    s = parse_suit_word(t)
    if s is None:
        raise BadInput(text)
    return ChooseTrump(s)


def parse_bid(text: str) -> Bid:
    """A bid: ``2``, ``b2``, ``pass``/``пас`` (0).  Raises :class:`BadInput`."""
    t = text.strip().lower()
    if t in ("pass", "пас"):
        return Bid(0)
    if t.startswith("b"):
        t = t[1:]
    if not t.isdigit():
        raise BadInput(text)
    return Bid(int(t))


def _split_suit(text: str) -> tuple[str, Suit | None]:
    """``"high ♥"`` → ``("high", 3)``; ``"high♥"`` too; no trailing suit → ``(text, None)``."""
    t = " ".join(text.strip().lower().replace(":", " ").split())
    if not t:
        return "", None
    if " " in t:
        head, last = t.rsplit(" ", 1)
        s = parse_suit_word(last)
        if s is not None:
            return head, s
    if len(t) > 1 and t[-1] in "♠♣♦♥♤♧♢♡":
        return t[:-1].strip(), _SUIT_WORDS[t[-1]]
    return t, None


def parse_call(text: str, joker: Card, lead: bool) -> Action:
    """A joker's call: on a lead ``high H``/``takes ♣``/``give``/``top`` (or Russian
    words), when following ``high``/``low``.  Returns the action for ``joker``.
    Raises :class:`BadInput` (not understood) or :class:`ValueError` ``("needs_suit", word)``."""
    word, suit = _split_suit(text)
    if lead:
        call = _LEAD_WORDS.get(word)
        if call is None:
            raise BadInput(text)
        if call in (JokerCall.HIGH, JokerCall.TAKES):
            if suit is None:
                raise ValueError("needs_suit", call)
            return LeadJoker(joker, call, suit)
        if suit is not None:
            raise BadInput(text)
        return LeadJoker(joker, call, None)
    high = _FOLLOW_WORDS.get(word)
    if high is None or suit is not None:
        raise BadInput(text)
    return FollowJoker(joker, high)


def is_call_word(text: str) -> bool:
    """Whether ``text`` is a joker call without the joker (``high H``, ``low``, ``отдаю``; not one letter)."""
    word, _ = _split_suit(text)
    return len(word) > 1 and (word in _LEAD_WORDS or word in _FOLLOW_WORDS)


# -- save locations -------------------------------------------------------------------


def games_dir() -> Path:
    """Where games are saved by default: ``$JOKER_HOME/games``, else ``games/`` in
    the user's data directory (``platformdirs.user_data_dir("joker")``, beside
    the ledger's ``joker.db``; ``~/.local/share/joker`` on Linux)."""
    home = os.environ.get("JOKER_HOME")
    if home:
        return Path(home).expanduser() / "games"
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - platformdirs is a dependency; keep the XDG default without it
        xdg = os.environ.get("XDG_DATA_HOME")
        return (Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share") / "joker" / "games"
    return Path(platformdirs.user_data_dir("joker")) / "games"


def default_save_path() -> Path:
    """A new file name under :func:`games_dir` (``game-YYYYmmdd-HHMMSS.json``)."""
    d = games_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = d / f"game-{stamp}.json"
    k = 2
    while path.exists():
        path = d / f"game-{stamp}-{k}.json"
        k += 1
    return path


# -- the session -------------------------------------------------------------------------


class Quit(Exception):
    """The player leaves: the game is saved and the command exits with ``code``."""

    def __init__(self, code: int = 0) -> None:
        super().__init__(code)
        self.code = code


def default_bot() -> str:
    """``heuristic`` when registered, else ``random``."""
    return "heuristic" if "heuristic" in BOTS else "random"


def bot_seed(state: GameState, seat: int) -> str:
    """The seed of the bot deciding for ``seat`` now: game seed, seat, actions so far."""
    return f"{state.seed if state.seed is not None else 0}:{seat}:{len(state.actions())}"


class TerminalGame:
    """One game in the terminal: the state, who sits where, and the I/O.

    ``bots[seat]`` is a bot name, ``None`` for the human's seat.  ``input_fn``
    reads one line (default :func:`input`); it may raise ``EOFError`` or
    ``KeyboardInterrupt``, which save the game and quit.
    """

    def __init__(
        self,
        state: GameState,
        names: Sequence[str],
        bots: Sequence[str | None],
        human: int,
        save_path: Path,
        lang: str = "en",
        console: Console | None = None,
        input_fn: Callable[[], str] | None = None,
    ) -> None:
        self.state = state
        self.names = tuple(names)
        self.bots = tuple(bots)
        self.human = human
        self.save_path = Path(save_path)
        self.lang = lang
        self.tr = Tr(lang)
        self.console = console or Console(highlight=False)
        self.input_fn = input_fn or input
        self._announced: int | None = None

    # -- output helpers ------------------------------------------------------------
    def say(self, text: str | Text = "", style: str | None = None) -> None:
        """Print one line (plain text is never read as Rich markup)."""
        self.console.print(text, style=style, markup=False, highlight=False, emoji=False, soft_wrap=True)

    def _ask(self, prompt: str) -> str:
        self.console.print(prompt, end="", markup=False, highlight=False, emoji=False)
        try:
            line = self.input_fn()
        except EOFError:
            self.say()
            raise Quit(0) from None
        except KeyboardInterrupt:
            self.say()
            raise Quit(130) from None
        return line

    def name(self, seat: int) -> str:
        return self.names[seat]

    @property
    def meta(self) -> dict:
        return {"app": APP, "human_seat": self.human, "bots": list(self.bots), "lang": self.lang}

    def save(self) -> Path:
        """Write the record of the game so far to :attr:`save_path`; returns the path."""
        record = record_from_state(self.state, players=self.names, meta=self.meta)
        return save_record(record, self.save_path)

    # -- the loop --------------------------------------------------------------------
    def run(self) -> int:
        """Play until the end or until the player quits; returns the exit code."""
        try:
            try:
                self._loop()
            except KeyboardInterrupt:
                self.say()
                raise Quit(130) from None
        except Quit as q:
            self._save_and_report(resume_hint=True)
            return q.code
        except BaseException:
            self._save_and_report(resume_hint=True)
            raise
        self._finish()
        return 0

    def _save_and_report(self, resume_hint: bool) -> bool:
        try:
            path = self.save()
        except OSError as e:
            self.say(self.tr("save_failed", path=self.save_path, error=e), style="bold red")
            return False
        self.say(self.tr("saved", path=path), style="bold")
        if resume_hint and not self.state.is_terminal():
            self.say(self.tr("resume_with", path=path))
        return True

    def welcome(self, resumed_from: Path | None = None) -> None:
        bots = ", ".join(f"{self.name(s)} ({b})" for s, b in enumerate(self.bots) if b is not None)
        self.say(self.tr("welcome", rules=self.state.rules, seat=self.human + 1, name=self.name(self.human),
                         bots=bots), style="bold")
        if resumed_from is not None:
            st = self.state
            self.say(self.tr("resumed", path=resumed_from, deal=min(st.deal_index + 1, len(st.rules.deals)),
                             deals=len(st.rules.deals), actions=len(st.actions())))
        self.say(self.tr("welcome_help"))

    def _loop(self) -> None:
        while not self.state.is_terminal():
            self._announce_deal()
            old = self.state
            seat = old.current_player
            forced = False
            if seat == self.human:
                action, forced = self._human_action()
            else:
                action = self._bot_action(seat)
            self.state = old.apply(action)
            self._report(old, seat, action, forced)

    def _bot_action(self, seat: int) -> Action:
        bot = make_bot(self.bots[seat], seed=bot_seed(self.state, seat))
        return bot.choose(view_of(self.state, seat))

    # -- reporting public events -----------------------------------------------------
    def _announce_deal(self) -> None:
        st = self.state
        if self._announced == st.deal_index:
            return
        self._announced = st.deal_index
        view = view_of(st, self.human)
        self.say()
        self.say(
            self.tr("deal_start", deal=st.deal_index + 1, deals=len(st.rules.deals), cards=self._deal_size(view),
                    dealer=self.name(view.dealer), trump=" · " + self._trump_text(view)),
            style="bold",
        )

    def _report(self, old: GameState, seat: int, action: Action, forced: bool) -> None:
        tr = self.tr
        you = seat == self.human
        n = old.rules.players
        if isinstance(action, Bid):
            if you:
                line = tr("you_bid", bid=action.tricks)
            else:
                forbidden = self._public_forbidden(old.bids, old.spec.cards, old.dealer, old.rules) \
                    if seat == old.dealer else None
                line = (tr("act_bid_dealer", name=self.name(seat), bid=action.tricks, forbidden=forbidden)
                        if forbidden is not None else tr("act_bid", name=self.name(seat), bid=action.tricks))
        elif isinstance(action, ChooseTrump):
            what = action_text(tr, action)
            line = tr("you_trump", suit=what) if you else tr("act_trump", name=self.name(seat), suit=what)
        else:
            what = action_text(tr, action)
            line = tr("you_play", card=what) if you else tr("act_play", name=self.name(seat), card=what)
        if forced:
            line += " " + tr("forced")
        self.say("  " + line, style="dim" if not you else None)
        new = self.state
        if old.phase is Phase.PLAY and len(old.trick) == n - 1:
            finished = new.deal_index != old.deal_index or new.is_terminal()
            taken = new.results[-1].tricks if finished else new.taken
            winner = next(s for s in range(n) if taken[s] != old.taken[s])
            plays = " · ".join(f"{self.name(s)} {action_text(tr, a)}" for s, a in old.trick + ((seat, action),))
            self.say("  " + tr("trick_done", trick=len(old.tricks) + 1, plays=plays, name=self.name(winner)),
                     style="bold" if winner == self.human else None)
            if finished:
                self._deal_over()

    def _deal_over(self) -> None:
        r = self.state.results[-1]
        items = " · ".join(
            self.tr("deal_over_item", name=self.name(s), bid="-" if r.bids is None else r.bids[s],
                    taken=r.tricks[s], score=r.scores[s])
            for s in range(len(r.scores))
        )
        self.say()
        self.say(f"{self.tr('deal_over', deal=r.index + 1)} {items}", style="bold")
        self.print_sheet()
        if not self.state.is_terminal():
            self._save_and_report(resume_hint=False)

    def _finish(self) -> None:
        self.say()
        self.say(self.tr("game_over"), style="bold")
        self.print_standings()
        try:
            path = self.save()
            self.say(self.tr("record_at", path=path), style="bold")
        except OSError as e:
            self.say(self.tr("save_failed", path=self.save_path, error=e), style="bold red")

    # -- sheet and standings ------------------------------------------------------------
    def print_sheet(self) -> None:
        st = self.state
        if not st.results:
            self.say(self.tr("no_deals_yet"))
            return
        tr = self.tr
        rows = []
        for row in build_sheet(st.rules, st.results):
            if row.kind == "block":
                row = dc_replace(row, label=tr("sheet_block", block=row.label.split()[-1]))
            elif row.kind in ("fines", "total"):
                row = dc_replace(row, label=tr(f"sheet_{row.kind}"))
            rows.append(row)
        table = sheet_table(rows, self.names, title=tr("sheet_title", rules=st.rules))
        _relabel(table, {1: tr("sheet_cards"), 2: tr("sheet_trump")})
        self.console.print(table)

    def print_standings(self) -> None:
        tr = self.tr
        table = standings_table(standings_rows(self.state.scores()), self.names)
        table.title = tr("standings")
        _relabel(table, {0: tr("col_place"), 1: tr("col_player"), 2: tr("col_total")})
        self.console.print(table)

    # -- the human's turn -----------------------------------------------------------------
    def _human_action(self) -> tuple[Action, bool]:
        view = view_of(self.state, self.human)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0], True
        self.print_screen(view)
        while True:
            text = self._ask(self._prompt(view)).strip()
            if not text:
                continue
            low = text.lower()
            if low in _QUIT:
                raise Quit(0)
            if low in _LEGAL:
                self.say(self.tr("legal", items=", ".join(self._legal_items(view))))
                continue
            if low in _HELP:
                self.say(self.tr("help"))
                continue
            if low in _HINT:
                self._hint(view)
                continue
            if low in _REDRAW:
                self.print_screen(view)
                continue
            if low in _SHEET and not (view.phase is Phase.TRUMP and parse_suit_word(low) is not None):
                self.print_sheet()
                continue
            try:
                action = self._parse(text, view)
            except BadInput:
                self.say(self.tr("not_understood", text=text, expected=self._expected(view)), style="red")
                continue
            if action is None:
                continue
            try:
                self.state.apply(action)
            except IllegalActionError as e:
                self.say(self.tr("illegal", message=e), style="red")
                continue
            return action, False

    def _expected(self, view: PlayerView) -> str:
        if view.phase is Phase.TRUMP:
            return self.tr("expect_trump")
        if view.phase is Phase.BID:
            bids = [a.tricks for a in view.legal_actions if isinstance(a, Bid)]
            return self.tr("expect_bid", lo=min(bids), hi=max(bids))
        return self.tr("expect_card")

    def _prompt(self, view: PlayerView) -> str:
        if view.phase is Phase.TRUMP:
            return self.tr("prompt_trump")
        if view.phase is Phase.BID:
            bids = [a.tricks for a in view.legal_actions if isinstance(a, Bid)]
            lo, hi = 0, view.deal.cards
            if view.forbidden_bid is not None:
                return self.tr("prompt_bid_dealer", lo=lo, hi=hi, forbidden=view.forbidden_bid)
            return self.tr("prompt_bid", lo=min(bids), hi=max(bids))
        return self.tr("prompt_card")

    def _legal_items(self, view: PlayerView) -> list[str]:
        legal = view.legal_actions
        if view.phase is Phase.PLAY:
            order = {c: i for i, c in enumerate(sort_hand(view.hand, view.trump))}
            legal = sorted(legal, key=lambda a: order.get(a.card, 99))  # stable: joker calls keep their order
        return [_typed_item(self.tr, a) for a in legal]

    def _hint(self, view: PlayerView) -> None:
        if "heuristic" not in BOTS:
            self.say(self.tr("hint_unavailable"))
            return
        try:
            bot = make_bot("heuristic", seed=f"hint:{bot_seed(self.state, self.human)}")
            a = bot.choose(view)
        except Exception as e:  # a bot's bug must not end the game
            self.say(self.tr("error", message=f"hint failed: {type(e).__name__}: {e}"), style="red")
            return
        self.say(self.tr("hint", bot="heuristic", move=action_text(self.tr, a)))

    def _parse(self, text: str, view: PlayerView) -> Action | None:
        """The action typed at the main prompt (``None``: the joker prompt was left empty)."""
        if view.phase is Phase.TRUMP:
            return parse_trump(text)
        if view.phase is Phase.BID:
            return parse_bid(text)
        if ":" in text:
            try:
                return parse_action(text)
            except InvalidNotationError:
                pass  # e.g. Russian call words: read below
        tokens = text.replace(":", " ").split()
        first, rest = tokens[0], " ".join(tokens[1:])
        try:
            card = parse_card(first)
        except InvalidNotationError:
            card = None
        if card is None:
            if first.lower() in _JOKER_WORDS:
                card = self._held_joker(view)
            elif is_call_word(text):
                card, rest = self._held_joker(view), text
            else:
                raise BadInput(text)
            if card is None:
                self.say(self.tr("error", message=self.tr("no_joker")), style="red")
                return None
        if card < JOKER1:
            if rest:
                self.say(self.tr("error", message=self.tr("not_a_joker", text=text)), style="red")
                return None
            return Play(card)
        lead = not view.trick
        if card not in view.hand:
            # let the engine name the problem ("does not hold X2")
            return LeadJoker(card, JokerCall.HIGH, 0) if lead else FollowJoker(card, True)
        if rest:
            return self._call_or_none(rest, card, lead, view)
        return self._joker_prompt(card, lead, view)

    def _held_joker(self, view: PlayerView) -> Card | None:
        return next((c for c in view.hand if c >= JOKER1), None)

    def _call_options(self, card: Card, lead: bool, view: PlayerView) -> str:
        tr = self.tr
        acts = [a for a in view.legal_actions if isinstance(a, (LeadJoker, FollowJoker)) and a.card == card]
        if not lead:
            return " / ".join(tr("call_follow_high" if a.high else "call_follow_low") for a in acts)
        parts = []
        for call in JokerCall:
            suits = [a.suit for a in acts if isinstance(a, LeadJoker) and a.call is call]
            if not suits:
                continue
            word = tr(f"call_{call.value}")
            if suits[0] is None:
                parts.append(word)
            else:
                parts.append(f"{word} " + "/".join(suit_symbol(s) for s in suits))
        return " · ".join(parts)

    def _call_or_none(self, text: str, card: Card, lead: bool, view: PlayerView) -> Action | None:
        try:
            return parse_call(text, card, lead)
        except BadInput:
            self.say(self.tr("not_understood", text=text,
                             expected=self.tr("expect_call", calls=self._call_options(card, lead, view))),
                     style="red")
        except ValueError as e:
            call = e.args[1]
            word = self.tr(f"call_{call.value}")
            self.say(self.tr("error", message=self.tr("needs_suit", call=word, example=f"{word} ♥")), style="red")
        return None

    def _joker_prompt(self, card: Card, lead: bool, view: PlayerView) -> Action | None:
        calls = self._call_options(card, lead, view)
        key = "prompt_lead_joker" if lead else "prompt_follow_joker"
        while True:
            text = self._ask(self.tr(key, joker=card_text(card), calls=calls)).strip()
            if not text:
                return None
            low = text.lower()
            if low in _QUIT:
                raise Quit(0)
            if low in _LEGAL or low in _HELP:
                self.say(self.tr("expect_call", calls=calls))
                continue
            action = self._call_or_none(text, card, lead, view)
            if action is None:
                continue
            if action not in view.legal_actions:
                try:
                    self.state.apply(action)
                except IllegalActionError as e:
                    self.say(self.tr("illegal", message=e), style="red")
                continue
            return action

    # -- the screen ------------------------------------------------------------------------
    def _deal_size(self, view: PlayerView) -> str:
        text = self.tr.cards(view.deal.cards)
        if view.deal.kind is not DealKind.NORMAL:
            text += f" ({self.tr('kind_' + view.deal.kind.value)})"
        return text

    def _trump_text(self, view: PlayerView) -> str:
        tr = self.tr
        rules = view.rules
        if rules.rotating_trumps:
            return tr("trump_rotating")
        chooser = (view.dealer + 1) % rules.players
        if view.phase is Phase.TRUMP:
            return tr("trump_pending_you") if chooser == self.human else tr("trump_pending", name=self.name(chooser))
        chosen = (rules.trump_choice is not TrumpChoice.NONE and view.deal.cards == rules.trump_choice_at
                  and view.deal.kind is DealKind.NORMAL)
        head = tr("no_trump") if view.trump is None else tr("trump", suit=suit_symbol(view.trump))
        if view.turned:
            detail = tr("trump_turned", card=" ".join(card_text(c) for c in view.turned))
        elif chosen:
            detail = tr("chosen_by_you") if chooser == self.human else tr("chosen_by", name=self.name(chooser))
        elif view.deal.kind is DealKind.NOTRUMP:
            detail = ""
        else:
            detail = tr("no_stock")
        return f"{head} ({detail})" if detail else head

    @staticmethod
    def _public_forbidden(bids: Sequence[int | None], cards: int, dealer: int, rules: Rules) -> int | None:
        """The bid the dealer may not say, from the public bids (once every other seat has bid)."""
        if rules.dealer_restriction.value != "sum_not_equal":
            return None
        others = [b for s, b in enumerate(bids) if s != dealer]
        if any(b is None for b in others):
            return None
        f = cards - sum(others)
        return f if 0 <= f <= cards else None

    def print_screen(self, view: PlayerView) -> None:
        """The screen of the human's turn, from his view only."""
        tr = self.tr
        rules = view.rules
        n = rules.players
        self.say()
        self.console.rule(
            Text(tr("deal_header", deal=view.deal_index + 1, deals=len(rules.deals), cards=self._deal_size(view),
                    block=view.deal.block + 1), style="bold"),
            align="left",
        )
        self.say(f"{self._trump_text(view)} · {tr('dealer', name=self.name(view.dealer))}")
        # the players: bids, tricks, cards in hand, game totals
        totals = game_totals(rules, view.results)
        table = Table(box=None, show_header=True, header_style="bold", pad_edge=False, padding=(0, 2, 0, 0))
        table.add_column("")
        table.add_column(tr("col_player"))
        table.add_column(tr("col_bid"), justify="right")
        table.add_column(tr("col_taken"), justify="right")
        table.add_column(tr("col_cards"), justify="right")
        table.add_column(tr("col_total"), justify="right")
        no_bids = view.deal.kind in (DealKind.GOLD, DealKind.MISERE)
        forbidden = self._public_forbidden(view.bids, view.deal.cards, view.dealer, rules)
        if view.forbidden_bid is not None:
            forbidden = view.forbidden_bid
        for s in range(n):
            who = self.name(s)
            if s == self.human and who != HUMAN_NAME.get(self.lang):
                who += " " + tr("you_mark")
            if s == view.dealer:
                who += " ●"
            bid = view.bids[s]
            bid_text = "" if no_bids else ("—" if bid is None else str(bid))
            if s == view.dealer and forbidden is not None and not no_bids:
                bid_text += f" ({tr('not_bid', bid=forbidden)})"
            style = "bold" if s == self.human else None
            table.add_row("▶" if s == view.current_player else "", who, bid_text, str(view.taken[s]),
                          str(view.hand_sizes[s]), str(totals[s]), style=style)
        self.console.print(table)
        # the trick on the table
        if view.phase is Phase.PLAY:
            line = Text(tr("trick_now", trick=len(view.tricks) + 1, tricks=view.deal.cards) + " ")
            if view.trick:
                for k, (s, a) in enumerate(view.trick):
                    if k:
                        line.append(" · ")
                    line.append(f"{self.name(s)} ")
                    line.append(action_text(tr, a), style=_card_style(a.card, view.trump))
            else:
                line.append(tr("trick_empty_you") if view.current_player == self.human
                            else tr("trick_empty", name=self.name(view.current_player)))
            self.say(line)
        # cards seen on a forehead deal
        seen = [(s, cs) for s, cs in enumerate(view.known) if cs]
        if seen:
            line = Text(tr("you_see") + " ")
            line.append(" · ".join(f"{self.name(s)} {' '.join(card_text(c) for c in cs)}" for s, cs in seen))
            self.say(line)
        # the hand
        if view.phase is Phase.TRUMP:
            label = tr("first_three")
        elif not view.hand and view.phase is Phase.BID and view.hand_sizes[self.human]:
            self.say(tr("forehead_hand" if view.deal.kind is DealKind.FOREHEAD else "dark_hand"))
            return
        else:
            label = tr("your_hand")
        self.say(self.hand_text(view, label))

    def hand_text(self, view: PlayerView, label: str) -> Text:
        """``Your hand:  X1   A♥ K♥   Q♠ 7♠`` — trump first, suits apart; cards
        you may not play now are dimmed."""
        trump = view.trump
        playable = {a.card for a in view.legal_actions if isinstance(a, (Play, LeadJoker, FollowJoker))}
        dim = view.phase is Phase.PLAY and bool(playable)
        line = Text(label + " ")
        prev: object = "start"
        cards = sort_hand(view.hand, trump)
        if not cards:
            line.append(self.tr("empty_hand"))
        for c in cards:
            group = "joker" if c >= JOKER1 else c // 13
            line.append("   " if prev != group and prev != "start" else " ")
            prev = group
            style = _card_style(c, trump)
            if dim and c not in playable:
                style = (style + " dim").strip()
            line.append(card_text(c), style=style or None)
        return line


def _relabel(table: Table, headers: dict[int, str]) -> None:
    """Translate column headers of a table built by :mod:`joker.cli.render`."""
    for i, h in headers.items():
        if i < len(table.columns):
            table.columns[i].header = h


# -- building sessions ---------------------------------------------------------------------


def resolve_bots(spec: str | None, count: int) -> list[str]:
    """Bot names for ``count`` seats from ``--bots`` (one name means all).  Raises ``ValueError``."""
    names = [b.strip() for b in (spec or default_bot()).split(",") if b.strip()]
    if len(names) == 1:
        names = names * count
    if len(names) != count:
        raise ValueError(("bots_count", len(names)))
    for b in names:
        if b not in BOTS:
            raise ValueError(("bad_bots", f"unknown bot {b!r}; bots: {', '.join(BOTS)}"))
    return names


def new_session(
    rules: Rules | str,
    seed: int | str | None,
    bots: Sequence[str],
    save_path: Path,
    name: str | None = None,
    lang: str = "en",
    human: int = 0,
    console: Console | None = None,
    input_fn: Callable[[], str] | None = None,
) -> TerminalGame:
    """A new game: ``bots`` names the bot of every other seat, in seat order."""
    state = new_game(rules, seed=seed)
    n = state.rules.players
    bot_iter = iter(bots)
    seat_bots: list[str | None] = [None if s == human else next(bot_iter) for s in range(n)]
    pool = iter(BOT_NAMES[lang])
    names = [(name or HUMAN_NAME[lang]) if s == human else next(pool) for s in range(n)]
    return TerminalGame(state, names, seat_bots, human, save_path, lang, console, input_fn)


def load_session(
    path: Path,
    lang: str | None = None,
    bots: str | None = None,
    save_path: Path | None = None,
    console: Console | None = None,
    input_fn: Callable[[], str] | None = None,
) -> TerminalGame:
    """A saved game, restored from its record: state by replay; seats, bots and
    language from ``players`` and ``meta`` (``lang``/``bots`` override them).
    Raises :class:`JokerError` for a bad record, ``ValueError`` for bad bots."""
    record = load_record(path)
    state = replay(record)
    meta = record.meta or {}
    n = state.rules.players
    human = meta.get("human_seat", 0)
    if not isinstance(human, int) or not 0 <= human < n:
        human = 0
    lang = lang or meta.get("lang") or "en"
    if lang not in LANGS:
        lang = "en"
    saved = meta.get("bots")
    if bots is not None:
        others = iter(resolve_bots(bots, n - 1))
        seat_bots = [None if s == human else next(others) for s in range(n)]
    elif isinstance(saved, list) and len(saved) == n:
        fallback = default_bot()
        seat_bots = [None if s == human else (b if b in BOTS else fallback) for s, b in enumerate(saved)]
    else:
        seat_bots = [None if s == human else default_bot() for s in range(n)]
    return TerminalGame(state, record.players, seat_bots, human, save_path or Path(path), lang, console, input_fn)


# -- the command -----------------------------------------------------------------------------


def _install_hangup_handlers() -> dict:
    """SIGHUP/SIGTERM (a closed terminal, a dropped ssh link) quit through the save path."""

    def handler(signum, frame):  # noqa: ARG001
        raise Quit(128 + signum)

    old = {}
    for sig in (getattr(signal, "SIGHUP", None), signal.SIGTERM):
        if sig is not None:
            try:
                old[sig] = signal.signal(sig, handler)
            except (ValueError, OSError):  # not the main thread
                pass
    return old


def play_command(
    preset: str = typer.Option("bus-angeles", "--preset", help=f"Rule set: {', '.join(PRESETS)}."),
    rules: Optional[str] = typer.Option(
        None, "--rules", help="A full rules string, e.g. \"bus-angeles(schedule='1,2,3')\"; overrides --preset."
    ),
    players: Optional[int] = typer.Option(None, "--players", help="Number of players, where the rules allow it."),
    seed: Optional[str] = typer.Option(None, "--seed", help="Seed of the shuffles and bots (same seed, same game)."),
    bots: Optional[str] = typer.Option(
        None, "--bots", help="Bots for the other seats, comma-separated; one name means all. "
        "Default: heuristic (random until it is available)."
    ),
    lang: Optional[str] = typer.Option(None, "--lang", help="Language of the game: en (default) or ru."),
    name: Optional[str] = typer.Option(None, "--name", help="Your name on the score sheet."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Continue a saved game from its record."),
    save: Optional[Path] = typer.Option(
        None, "--save", help="Where to save the record (default: a new file under $JOKER_HOME/games, else "
        "the user data dir, ~/.local/share/joker/games on Linux)."
    ),
) -> None:
    """Play a game in the terminal: you in seat 1 against bots (Bus-Angeles rules by default).

    Type a card (AH, 10h, ♥A), a bid as a number, X1 for a joker; ? lists the
    legal moves, hint asks the heuristic bot, s prints the sheet, q saves and
    quits.  The game is saved after every deal and on quitting; --resume FILE
    continues it exactly.
    """
    console = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    tr = Tr(lang if lang in LANGS else "en")

    def fail(message: str, code: int = 2) -> NoReturn:
        err.print(f"✗ {message}", markup=False, highlight=False)
        raise typer.Exit(code)

    if lang is not None and lang not in LANGS:
        fail(tr("bad_lang", langs=", ".join(LANGS)))
    if sys.stdin.isatty() and os.environ.get("TERM", "") != "dumb":
        try:
            import readline  # noqa: F401  -- line editing and history for input()
        except ImportError:  # pragma: no cover
            pass
    if resume is not None:
        ignored = [opt for opt, v in (("--preset", preset != "bus-angeles"), ("--rules", rules), ("--players", players),
                                      ("--seed", seed), ("--name", name)) if v]
        try:
            game = load_session(resume, lang=lang, bots=bots, save_path=save, console=console)
        except ValueError as e:
            if isinstance(e, JokerError):
                fail(tr("bad_record", path=resume, error=e), 1)
            key, val = e.args[0]
            fail(tr(key, count=0, given=val, error=val))
        game.welcome(resumed_from=resume)
        if ignored:
            game.say(game.tr("resume_ignored", options=", ".join(ignored)))
        if game.state.is_terminal():
            game.say(game.tr("already_over"))
            game.print_standings()
            game.say(game.tr("record_at", path=resume))
            return
    else:
        lang = lang or "en"
        try:
            r = parse_rules(rules) if rules else get_preset(preset)
            if players is not None and players != r.players:
                r = r.replace(players=players)
        except JokerError as e:
            fail(tr("bad_rules", error=e))
        try:
            bot_names = resolve_bots(bots, r.players - 1)
        except ValueError as e:
            key, val = e.args[0]
            fail(tr(key, count=r.players - 1, given=val, error=val))
        path = save if save is not None else default_save_path()
        if save is not None and save.exists():
            fail(tr("save_exists", path=save))
        seed_value: int | str | None = int(seed) if seed is not None and seed.lstrip("-").isdigit() else seed
        game = new_session(r, seed_value, bot_names, path, name=name, lang=lang, console=console)
        game.welcome()
    old = _install_hangup_handlers()
    try:
        code = game.run()
    finally:
        for sig, h in old.items():
            signal.signal(sig, h)
    if code:
        raise typer.Exit(code)
