"""The terminal game of ``joker play``: :class:`TerminalGame` runs one game
with the human in one seat and bots in the others — the loop, the one-line
reports of every public action, saving, and the human's turn (prompts, the
``?``/``hint``/``s``/``r``/``help`` commands, the joker's call).  What it
prints on the human's turn is drawn by :class:`~joker.cli.play_screen.Screen`;
what the human types is read by :mod:`joker.cli.play_input`.

Bots are deterministic: each decision is made by a fresh bot seeded by
:func:`bot_seed`, so the same inputs give the same game, saved and resumed or
not.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Callable, Sequence

from rich.console import Console
from rich.text import Text

from joker.games.joker.actions import Action, Bid, ChooseTrump, Play, parse_action
from joker.bots import BOTS, make_bot
from joker.cards import JOKER1, Card, parse_card
from joker.games.joker.engine.state import GameState, Phase
from joker.games.joker.engine.views import PlayerView, view_of
from joker.errors import IllegalActionError, InvalidNotationError
from joker.games.joker.record import record_from_state, save_record
from joker.i18n import Tr, bot_label, rules_label
from .play_input import (
    HELP_WORDS,
    HINT_WORDS,
    JOKER_WORDS,
    LEGAL_WORDS,
    QUIT_WORDS,
    REDRAW_WORDS,
    SHEET_WORDS,
    BadInput,
    is_call_word,
    parse_bid,
    parse_call,
    parse_suit_word,
    parse_trump,
)
from .play_screen import Screen
from .play_text import (
    action_text,
    call_options,
    card_text,
    expected_text,
    legal_items,
    prompt_text,
    refusal_field,
    typed_text,
)

APP = "joker play"  # the record's meta["app"]


class Quit(Exception):
    """The player leaves: the game is saved and the command exits with ``code``."""

    def __init__(self, code: int = 0) -> None:
        super().__init__(code)
        self.code = code


def bot_seed(state: GameState, seat: int) -> str:
    """The seed of the bot deciding for ``seat`` now: game seed, seat, actions so far."""
    return f"{state.seed if state.seed is not None else 0}:{seat}:{len(state.actions())}"


def joker_command() -> str:
    """How to run ``joker`` again from here: ``joker`` when it is on the PATH,
    else the path of the program running now (e.g. ``.venv/bin/joker``)."""
    if shutil.which("joker"):
        return "joker"
    here = Path(sys.argv[0])
    return str(here) if here.name == "joker" else f"{sys.executable} -m joker.cli.main"


class TerminalGame:
    """One game in the terminal: the state, who sits where, and the I/O.

    ``bots[seat]`` is a bot name, ``None`` for the human's seat.  ``input_fn``
    reads one line after the prompt is printed (default: :func:`input`, given
    the prompt); it may raise ``EOFError`` or ``KeyboardInterrupt``, which save
    the game and quit.  :attr:`screen` (a :class:`~joker.cli.play_screen.Screen`)
    prints what the human sees.
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
        self.tr = Tr(lang, "play")
        self.console = console or Console(highlight=False)
        self.input_fn = input_fn
        self.screen = Screen(self.console, self.tr, self.names, human, lang)
        self._announced: int | None = None

    # -- output helpers ------------------------------------------------------------
    def say(self, text: str | Text = "", style: str | None = None) -> None:
        """Print one line (plain text is never read as Rich markup)."""
        self.screen.say(text, style)

    def _error(self, message: str) -> None:
        self.say(self.tr("error", message=message), style="red")

    def _ask(self, prompt: str) -> str:
        try:
            if self.input_fn is None and "readline" in sys.modules:
                # readline must be given the prompt: told none, it echoes no newline for an empty
                # line and the next prompt lands on the same one ("Your card › Your card ›").
                # Without readline, input() would write its prompt to stderr: printed below instead.
                line = input(prompt)
            else:
                self.console.print(prompt, end="", markup=False, highlight=False, emoji=False)
                line = (self.input_fn or input)()
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
    def meta(self) -> dict[str, object]:
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

    def _try_save(self) -> Path | None:
        """:meth:`save`; on an ``OSError`` say why and return ``None`` (the game still ends cleanly)."""
        try:
            return self.save()
        except OSError as e:
            self.say(self.tr("save_failed", path=self.save_path, error=e), style="bold red")
            return None

    def _save_and_report(self, resume_hint: bool) -> bool:
        path = self._try_save()
        if path is None:
            return False
        self.say(self.tr("saved", path=path), style="bold")
        if resume_hint and not self.state.is_terminal():
            self.say(self.tr("resume_with", joker=joker_command(), path=path))
        return True

    def welcome(self, resumed_from: Path | None = None) -> None:
        bots = ", ".join(f"{self.name(s)} ({bot_label(b, self.lang)})"
                         for s, b in enumerate(self.bots) if b is not None)
        self.say(self.tr("welcome", rules=rules_label(self.state.rules, self.lang), seat=self.human + 1,
                         name=self.name(self.human),
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
            assert seat is not None  # the game is not over
            forced = False
            if seat == self.human:
                action, forced = self._human_action()
            else:
                action = self._bot_action(seat)
            self.state = old.apply(action)
            self._report(old, seat, action, forced)

    def _bot_action(self, seat: int) -> Action:
        name = self.bots[seat]
        assert name is not None  # every seat but the human's has a bot
        action: Action = make_bot(name, seed=bot_seed(self.state, seat)).choose(view_of(self.state, seat))
        return action

    # -- reporting public events -----------------------------------------------------
    def _announce_deal(self) -> None:
        st = self.state
        if self._announced == st.deal_index:
            return
        self._announced = st.deal_index
        view = view_of(st, self.human)
        self.say()
        self.say(
            self.tr("deal_start", deal=st.deal_index + 1, deals=len(st.rules.deals), cards=self.screen.deal_size(view),
                    dealer=self.name(view.dealer), trump=" · " + self.screen.trump_text(view)),
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
                forbidden = old.rules.forbidden_bid_of(old.spec.cards, old.bids, old.dealer) \
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
            winner = (new.results[-1].played if finished else new.tricks)[-1].winner  # the trick just finished
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
        path = self._try_save()
        if path is not None:
            self.say(self.tr("record_at", path=path), style="bold")

    # -- sheet and standings ------------------------------------------------------------
    def print_sheet(self) -> None:
        """The score sheet so far (:meth:`Screen.print_sheet`)."""
        self.screen.print_sheet(self.state)

    def print_standings(self) -> None:
        """The standings (:meth:`Screen.print_standings`)."""
        self.screen.print_standings(self.state)

    # -- the human's turn -----------------------------------------------------------------
    def _human_action(self) -> tuple[Action, bool]:
        view = view_of(self.state, self.human)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0], True
        self.screen.print_screen(view)
        while True:
            text = self._ask(prompt_text(self.tr, view)).strip()
            if not text:
                continue
            low = text.lower()
            if low in QUIT_WORDS:
                raise Quit(0)
            if low in LEGAL_WORDS:
                self.say(self.tr("legal", items=", ".join(legal_items(self.tr, view))))
                continue
            if low in HELP_WORDS:
                self.say(self.tr("help"))
                continue
            if low in HINT_WORDS:
                self._hint(view)
                continue
            if low in REDRAW_WORDS:
                self.screen.print_screen(view)
                continue
            if low in SHEET_WORDS and not (view.phase is Phase.TRUMP and parse_suit_word(low) is not None):
                self.print_sheet()
                continue
            try:
                action = self._parse(text, view)
            except BadInput:
                self.say(self.tr("not_understood", text=text, expected=expected_text(self.tr, view)), style="red")
                continue
            if action is None or self._refused(action):
                continue
            return action, False

    def _refused(self, action: Action) -> bool:
        """Whether the engine refuses ``action`` now; if so, says why."""
        try:
            self.state.apply(action)
        except IllegalActionError as e:
            # the engine's params are in its notation (b5, 8D, X1:high): say them as the screen does
            message = self.tr.error(e, you=True, render=lambda name, value: refusal_field(self.tr, name, value))
            self.say(self.tr("illegal", message=message), style="red")
            return True
        return False

    def _hint(self, view: PlayerView) -> None:
        if "heuristic" not in BOTS:
            self.say(self.tr("hint_unavailable"))
            return
        try:
            bot = make_bot("heuristic", seed=f"hint:{bot_seed(self.state, self.human)}")
            a = bot.choose(view)
        except Exception as e:  # a bot's bug must not end the game
            self._error(f"hint failed: {type(e).__name__}: {e}")
            return
        # as it may be typed at the prompt ("X2 takes ♥"), not as reported ("X2 (joker: takes ♥)")
        self.say(self.tr("hint", bot=bot_label("heuristic", self.lang), move=typed_text(self.tr, a)))

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
            if first.lower() in JOKER_WORDS:
                card = self._held_joker(view)
            elif is_call_word(text):
                card, rest = self._held_joker(view), text
            else:
                raise BadInput(text)
            if card is None:
                self._error(self.tr("no_joker"))
                return None
        if card < JOKER1:
            if rest:
                self._error(self.tr("not_a_joker", text=text))
                return None
            return Play(card)
        lead = not view.trick
        if card not in view.hand:
            # let the engine name the problem ("you do not hold X2"), with the call if one was typed
            return self._call_or_none(rest, card, lead, view) if rest else Play(card)
        if rest:
            return self._call_or_none(rest, card, lead, view)
        return self._joker_prompt(card, lead, view)

    def _held_joker(self, view: PlayerView) -> Card | None:
        return next((c for c in view.hand if c >= JOKER1), None)

    def _call_or_none(self, text: str, card: Card, lead: bool, view: PlayerView) -> Action | None:
        try:
            return parse_call(text, card, lead)
        except BadInput:
            self.say(self.tr("not_understood", text=text,
                             expected=self.tr("expect_call", calls=call_options(self.tr, card, lead, view))),
                     style="red")
        except ValueError as e:
            call = e.args[1]
            word = self.tr(f"call_{call.value}")
            self._error(self.tr("needs_suit", call=word, example=f"{word} ♥"))
        return None

    def _joker_prompt(self, card: Card, lead: bool, view: PlayerView) -> Action | None:
        calls = call_options(self.tr, card, lead, view)
        key = "prompt_lead_joker" if lead else "prompt_follow_joker"
        while True:
            text = self._ask(self.tr(key, joker=card_text(card), calls=calls)).strip()
            if not text:
                return None
            low = text.lower()
            if low in QUIT_WORDS:
                raise Quit(0)
            if low in LEGAL_WORDS or low in HELP_WORDS:
                self.say(self.tr("expect_call", calls=calls))
                continue
            action = self._call_or_none(text, card, lead, view)
            if action is None:
                continue
            if action not in view.legal_actions:
                self._refused(action)  # not on offer: the engine says why, and we ask again
                continue
            return action
