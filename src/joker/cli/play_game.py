"""The Joker game of ``joker play``: :class:`TerminalGame` fills in
:class:`~joker.cli.terminal.TerminalSession` (the loop, bots, saving, the
common prompt words) with what is Joker's own — the deal's header, the one-line
reports of every public action, the sheet (``s``) and the joker's call.  What
it prints on the human's turn is drawn by :class:`~joker.cli.play_screen.Screen`;
what the human types is read by :mod:`joker.cli.play_input`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from rich.console import Console
from rich.text import Text

from joker.cards import JOKER1, Card, parse_card
from joker.errors import InvalidNotationError
from joker.games.joker.actions import Action, Bid, ChooseTrump, Play, parse_action
from joker.games.joker.engine.state import GameState, Phase
from joker.games.joker.engine.views import PlayerView, view_of

from .play_input import (
    JOKER_WORDS,
    SHEET_WORDS,
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
from .prompt_words import HELP_WORDS, LEGAL_WORDS, QUIT_WORDS, BadInput
from .terminal import APP, Quit, TerminalSession, joker_command


def bot_seed(state: GameState, seat: int) -> str:
    """The seed of the bot deciding for ``seat`` now: game seed, seat, actions so far."""
    return f"{state.seed if state.seed is not None else 0}:{seat}:{len(state.actions())}"


class TerminalGame(TerminalSession[GameState, PlayerView, Action]):
    """One Joker game in the terminal (:class:`~joker.cli.terminal.TerminalSession`):
    :attr:`screen` (a :class:`~joker.cli.play_screen.Screen`) prints what the
    human sees; the deal's header, the reports of every public action, the
    sheet after every deal (the game is saved then too) and the standings."""

    GAME = "joker"
    CATALOGUE = "play"

    def __init__(self, state: GameState, names: Sequence[str], bots: Sequence[str | None], human: int,
                 save_path: Path, lang: str = "en", console: Console | None = None,
                 input_fn: Callable[[], str] | None = None) -> None:
        super().__init__(state, names, bots, human, save_path, lang, console, input_fn)
        self.screen = Screen(self.console, self.tr, self.names, human, lang)
        self._announced: int | None = None

    def _error(self, message: str) -> None:
        self.say(self.tr("error", message=message), style="red")

    def name(self, seat: int) -> str:
        return self.names[seat]

    # -- the hooks of TerminalSession --------------------------------------------------
    def bot_seed(self, seat: int) -> str:
        return bot_seed(self.state, seat)

    def view(self, seat: int) -> PlayerView:
        return view_of(self.state, seat)

    def prompt(self, view: PlayerView) -> str:
        return prompt_text(self.tr, view)

    def expected(self, view: PlayerView) -> str:
        return expected_text(self.tr, view)

    def legal_items(self, view: PlayerView) -> list[str]:
        return legal_items(self.tr, view)

    def typed(self, action: Action) -> str:
        # as it may be typed at the prompt ("X2 takes ♥"), not as reported ("X2 (joker: takes ♥)")
        return typed_text(self.tr, action)

    def refusal_render(self) -> Callable[[str, Any], str]:
        # the engine's params are in its notation (b5, 8D, X1:high): say them as the screen does
        return lambda name, value: refusal_field(self.tr, name, value)

    def deal_of(self, view: PlayerView) -> object:
        return view.deal_index

    def hand_line(self, view: PlayerView) -> Text | str:
        line: Text | str = self.screen.hand_line(view)
        return line

    def other_command(self, low: str, view: PlayerView) -> bool:
        if low in SHEET_WORDS and not (view.phase is Phase.TRUMP and parse_suit_word(low) is not None):
            self.print_sheet()
            return True
        return False

    def before_turn(self) -> None:
        self._announce_deal()

    def welcome(self, resumed_from: Path | None = None) -> None:
        self.say(self.welcome_line(), style="bold")
        if resumed_from is not None:
            st = self.state
            self.say(self.tr("resumed", path=resumed_from, deal=min(st.deal_index + 1, len(st.rules.deals)),
                             deals=len(st.rules.deals), actions=len(st.actions())))
        self.say(self.tr("welcome_help"))

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

    def report(self, old: GameState, seat: int, action: Action, forced: bool) -> None:
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

    def finish(self) -> None:
        self.say(self.tr("game_over"), style="bold")
        self.print_standings()

    # -- sheet and standings ------------------------------------------------------------
    def print_sheet(self) -> None:
        """The score sheet so far (:meth:`Screen.print_sheet`)."""
        self.screen.print_sheet(self.state)

    def print_standings(self) -> None:
        """The standings (:meth:`Screen.print_standings`)."""
        self.screen.print_standings(self.state)

    # -- what the human types ----------------------------------------------------------------
    def parse(self, text: str, view: PlayerView) -> Action | None:
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


__all__ = ["APP", "Quit", "TerminalGame", "bot_seed", "joker_command"]
