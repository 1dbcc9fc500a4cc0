"""The Durak game of ``joker play --game durak``: :class:`TerminalDurak` fills in
:class:`~joker.cli.terminal.TerminalSession` (the loop, bots, saving, the
common prompt words) with what is Durak's own — the one-line reports of every
public event (:mod:`.events`), the screen, what the human types (:mod:`.text`)
and the fools of a series.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from rich.console import Console
from rich.text import Text

from joker.games.durak.actions import Action
from joker.games.durak.engine.state import DurakState
from joker.games.durak.engine.views import PlayerView, view_of
from joker.i18n.play import HUMAN_NAME

from ..prompt_words import HINT_WORDS, REDRAW_WORDS
from ..terminal import APP, TerminalSession
from .events import bout_start, events, game_start
from .screen import Screen
from .text import Ambiguous, legal_items, parse_input, refusal_render, typed_text

GAME = "durak"


def bot_seed(state: DurakState, seat: int) -> str:
    """The seed of the bot deciding for ``seat`` now: the series' seed, the seat, the actions so far."""
    return f"{state.seed}:{seat}:{len(state.log)}"


class TerminalDurak(TerminalSession[DurakState, PlayerView, Action]):
    """One Durak series in the terminal (:class:`~joker.cli.terminal.TerminalSession`);
    ``h`` asks for a hint and ``к`` (``r`` on a Russian layout) redraws, besides the common words."""

    GAME = GAME
    CATALOGUE = "durak_play"
    HINT_WORDS = HINT_WORDS | {"h"}
    REDRAW_WORDS = REDRAW_WORDS | {"к"}

    def __init__(self, state: DurakState, names: Sequence[str], bots: Sequence[str | None], human: int,
                 save_path: Path, lang: str = "en", console: Console | None = None,
                 input_fn: Callable[[], str] | None = None) -> None:
        super().__init__(state, names, bots, human, save_path, lang, console, input_fn)
        self.screen = Screen(self.console, self.tr, self.names, human, lang)
        default = self.names[human] == HUMAN_NAME.get(lang)
        self.objects = tuple(self.tr("you_object") if s == human and default else self.tr("object_name", name=n)
                             for s, n in enumerate(self.names))
        """The seats' names as objects of a report: "attacks you" for the human under his default name."""

    # -- the hooks of TerminalSession --------------------------------------------------
    def bot_seed(self, seat: int) -> str:
        return bot_seed(self.state, seat)

    def view(self, seat: int) -> PlayerView:
        return view_of(self.state, seat)

    def prompt(self, view: PlayerView) -> str:
        return self.tr(f"prompt_{view.phase.value}") + " "

    def expected(self, view: PlayerView) -> str:
        return self.tr(f"expect_{view.phase.value}")

    def legal_items(self, view: PlayerView) -> list[str]:
        return legal_items(self.tr, view)

    def typed(self, action: Action) -> str:
        return typed_text(self.tr, action)

    def refusal_render(self) -> Callable[[str, Any], str]:
        return refusal_render(self.tr, self.names)

    def deal_of(self, view: PlayerView) -> object:
        return view.game

    def hand_line(self, view: PlayerView) -> Text:
        line: Text = self.screen.hand_text(view)
        return line

    def parse(self, text: str, view: PlayerView) -> Action | None:
        try:
            return parse_input(text, view)
        except Ambiguous as e:
            options = " / ".join(typed_text(self.tr, a) for a in e.args[0])
            self.say(self.tr("ambiguous", text=text, options=options), style="red")
            return None

    # -- the loop ------------------------------------------------------------------------
    def welcome(self, resumed_from: Path | None = None) -> None:
        """The first lines: rules, seats and bots, how to type (and where a resumed game stands)."""
        self.say(self.welcome_line(), style="bold")
        if resumed_from is not None:
            self.say(self.tr("resumed", path=resumed_from, game=self.state.game + 1, actions=len(self.state.log)))
        self.say(self.tr("welcome_help"))
        if self.state.rules.deck.value == "durak36":
            self.say(self.tr("jokers_36"))

    def finish(self) -> None:
        fools = self.state.fools()
        if len(self.state.results) > 1:
            items = ", ".join(f"{self.names[s]} {fools[s]}" for s in range(len(fools)))
            self.say(self.tr("series_over", fools=items), style="bold")

    def _loop(self) -> None:
        self._opening()
        super()._loop()

    def _opening(self) -> None:
        """The game's first lines (a new series: who deals, the trump, the first bout)."""
        if not self.state.log and not self.state.is_terminal():
            self.say()
            self.say(game_start(self.state, self.names).say(self.tr, self.human), style="bold")
            first = bout_start(self.state, self.names, self.objects)
            if first is not None:
                self.say(first.say(self.tr, self.human), style="bold")

    def report(self, old: DurakState, seat: int, action: Action, forced: bool) -> None:
        for k, ev in enumerate(events(old, seat, action, self.state, self.names, self.objects)):
            line = ev.say(self.tr, self.human)
            if k == 0 and forced:
                line += " " + self.tr("forced")
            head = ev.kind in ("bout", "game", "game_joker", "fool", "draw_game")
            self.say(line if head else "  " + line,
                     style="bold" if head else (None if seat == self.human and k == 0 else "dim"))


__all__ = ["APP", "GAME", "TerminalDurak", "bot_seed"]
