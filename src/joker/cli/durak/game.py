"""The Durak game in the terminal: :class:`TerminalDurak` runs one series
with the human in one seat and bots in the others — the loop, the one-line
reports of every public event (:mod:`.events`), saving, and the human's turn
(the screen, the prompt, ``?``/``hint``/``r``/``help``/``q``).

Bots are deterministic: each decision is made by a fresh bot seeded with
``"{seed}:{seat}:{actions so far}"``, so a game played with the same inputs
gives the same record whether or not it was saved and resumed on the way.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from rich.console import Console
from rich.text import Text

from joker import records, registry
from joker.bots import make_bot
from joker.errors import IllegalActionError
from joker.games.durak.actions import Action
from joker.games.durak.engine.state import DurakState
from joker.games.durak.engine.views import PlayerView, view_of
from joker.i18n import Tr, bot_label, rules_label
from joker.i18n.play import HUMAN_NAME

from ..play_game import Quit, joker_command
from .events import bout_start, events, game_start
from .screen import Screen
from .text import (HELP_WORDS, HINT_WORDS, LEGAL_WORDS, QUIT_WORDS, REDRAW_WORDS, Ambiguous, BadInput,
                   legal_items, parse_input, refusal_render, typed_text)

APP = "joker play"  # the record's meta["app"]
GAME = "durak"


def bot_seed(state: DurakState, seat: int) -> str:
    """The seed of the bot deciding for ``seat`` now: the series' seed, the seat, the actions so far."""
    return f"{state.seed}:{seat}:{len(state.log)}"


def hint_bot() -> str:
    """The bot that gives hints: ``heuristic`` when Durak has one, else ``random``."""
    return "heuristic" if "heuristic" in registry.game(GAME).bots() else "random"


class TerminalDurak:
    """One Durak series in the terminal: the state, who sits where, and the I/O.

    ``bots[seat]`` is a bot name, ``None`` for the human's seat.  ``input_fn``
    reads one line after the prompt is printed (default: :func:`input`); it may
    raise ``EOFError`` or ``KeyboardInterrupt``, which save the game and quit.
    """

    def __init__(self, state: DurakState, names: Sequence[str], bots: Sequence[str | None], human: int,
                 save_path: Path, lang: str = "en", console: Console | None = None,
                 input_fn: Callable[[], str] | None = None) -> None:
        self.state = state
        self.names = tuple(names)
        self.bots = tuple(bots)
        self.human = human
        self.save_path = Path(save_path)
        self.lang = lang
        self.tr = Tr(lang, "durak_play")
        self.console = console or Console(highlight=False)
        self.input_fn = input_fn
        self.screen = Screen(self.console, self.tr, self.names, human, lang)
        default = self.names[human] == HUMAN_NAME.get(lang)
        self.objects = tuple(self.tr("you_object") if s == human and default else self.tr("object_name", name=n)
                             for s, n in enumerate(self.names))
        """The seats' names as objects of a report: "attacks you" for the human under his default name."""

    # -- output and input ------------------------------------------------------------
    def say(self, text: str | Text = "", style: str | None = None) -> None:
        """Print one line (plain text is never read as Rich markup)."""
        self.screen.say(text, style)

    def _ask(self, prompt: str) -> str:
        try:
            if self.input_fn is None and "readline" in sys.modules:
                return input(prompt + " ")  # readline must be given the prompt (see play_game._ask)
            self.console.print(prompt + " ", end="", markup=False, highlight=False, emoji=False)
            return (self.input_fn or input)()
        except EOFError:
            self.say()
            raise Quit(0) from None
        except KeyboardInterrupt:
            self.say()
            raise Quit(130) from None

    @property
    def meta(self) -> dict[str, object]:
        return {"app": APP, "human_seat": self.human, "bots": list(self.bots), "lang": self.lang}

    def save(self) -> Path:
        """Write the record of the series so far to :attr:`save_path`; returns the path."""
        record = registry.game(GAME).record_of(self.state, players=self.names, meta=self.meta)
        return records.save(record, self.save_path)

    def _try_save(self) -> Path | None:
        try:
            return self.save()
        except OSError as e:
            self.say(self.tr("save_failed", path=self.save_path, error=e), style="bold red")
            return None

    # -- the loop ------------------------------------------------------------------------
    def welcome(self, resumed_from: Path | None = None) -> None:
        """The first lines: rules, seats and bots, how to type (and where a resumed game stands)."""
        bots = ", ".join(f"{self.names[s]} ({bot_label(b, self.lang)})"
                         for s, b in enumerate(self.bots) if b is not None)
        self.say(self.tr("welcome", rules=rules_label(self.state.rules, self.lang), seat=self.human + 1,
                         name=self.names[self.human],
                         bots=bots), style="bold")
        if resumed_from is not None:
            self.say(self.tr("resumed", path=resumed_from, game=self.state.game + 1, actions=len(self.state.log)))
        self.say(self.tr("welcome_help"))
        if self.state.rules.deck.value == "durak36":
            self.say(self.tr("jokers_36"))

    def run(self) -> int:
        """Play until the series ends or the player quits; returns the exit code."""
        try:
            try:
                self._loop()
            except KeyboardInterrupt:
                self.say()
                raise Quit(130) from None
        except Quit as q:
            self._save_and_report()
            return q.code
        except BaseException:
            self._save_and_report()
            raise
        self._finish()
        return 0

    def _save_and_report(self) -> None:
        path = self._try_save()
        if path is None:
            return
        self.say(self.tr("saved", path=path), style="bold")
        if not self.state.is_terminal():
            self.say(self.tr("resume_with", joker=joker_command(), path=path))

    def _finish(self) -> None:
        self.say()
        fools = self.state.fools()
        if len(self.state.results) > 1:
            items = ", ".join(f"{self.names[s]} {fools[s]}" for s in range(len(fools)))
            self.say(self.tr("series_over", fools=items), style="bold")
        path = self._try_save()
        if path is not None:
            self.say(self.tr("record_at", path=path), style="bold")

    def _loop(self) -> None:
        if not self.state.log and not self.state.is_terminal():
            self.say()
            self.say(game_start(self.state, self.names).say(self.tr, self.human), style="bold")
            first = bout_start(self.state, self.names, self.objects)
            if first is not None:
                self.say(first.say(self.tr, self.human), style="bold")
        while not self.state.is_terminal():
            old = self.state
            seat = old.current_player
            assert seat is not None  # the series is not over
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
        action: Action = make_bot(name, seed=bot_seed(self.state, seat), game=GAME).choose(view_of(self.state, seat))
        return action

    def _report(self, old: DurakState, seat: int, action: Action, forced: bool) -> None:
        for k, ev in enumerate(events(old, seat, action, self.state, self.names, self.objects)):
            line = ev.say(self.tr, self.human)
            if k == 0 and forced:
                line += " " + self.tr("forced")
            head = ev.kind in ("bout", "game", "game_joker", "fool", "draw_game")
            self.say(line if head else "  " + line,
                     style="bold" if head else (None if seat == self.human and k == 0 else "dim"))

    # -- the human's turn -------------------------------------------------------------
    def _human_action(self) -> tuple[Action, bool]:
        view = view_of(self.state, self.human)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0], True
        self.screen.print_screen(view)
        prompt = self.tr(f"prompt_{view.phase.value}")
        while True:
            text = self._ask(prompt).strip()
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
            try:
                action = parse_input(text, view)
            except BadInput:
                self.say(self.tr("not_understood", text=text, expected=self.tr(f"expect_{view.phase.value}")),
                         style="red")
                continue
            except Ambiguous as e:
                options = " / ".join(typed_text(self.tr, a) for a in e.args[0])
                self.say(self.tr("ambiguous", text=text, options=options), style="red")
                continue
            if self._refused(action):
                continue
            return action, False

    def _refused(self, action: Action) -> bool:
        """Whether the engine refuses ``action`` now; if so, says why (the state is unchanged)."""
        try:
            self.state.apply(action)
        except IllegalActionError as e:
            message = self.tr.error(e, you=True, render=refusal_render(self.tr, self.names))
            self.say(self.tr("illegal", message=message), style="red")
            return True
        return False

    def _hint(self, view: PlayerView) -> None:
        name = hint_bot()
        try:
            a = make_bot(name, seed=f"hint:{bot_seed(self.state, self.human)}", game=GAME).choose(view)
        except Exception as e:  # a bot's bug must not end the game
            self.say(self.tr("hint_failed", error=f"{type(e).__name__}: {e}"), style="red")
            return
        self.say(self.tr("hint", bot=name, move=typed_text(self.tr, a)))


__all__ = ["APP", "TerminalDurak", "bot_seed", "hint_bot"]
