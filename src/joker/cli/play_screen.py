"""The screen of ``joker play``: what the human sees, printed with Rich.

Each time the human must act, :meth:`Screen.print_screen` shows the deal,
trump and turned card, dealer, bids (and the bid the dealer may not say),
tricks against bids, the current trick and the hand, sorted with trump first;
:meth:`Screen.print_sheet` and :meth:`Screen.print_standings` print the score
sheet and standings with the translated headers.  Built only from
``view_of(state, human)`` (a :class:`~joker.games.joker.engine.views.PlayerView`) and
public results, so no other hand ever reaches the screen.
"""

from __future__ import annotations

from typing import Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from joker.games.joker.actions import FollowJoker, LeadJoker, Play
from joker.cards import JOKER1, sort_hand, suit_symbol
from joker.games.joker.engine.state import GameState, Phase
from joker.games.joker.engine.views import PlayerView
from joker.games.joker.rules import DealKind, TrumpChoice
from joker.games.joker.scoring import game_totals
from joker.games.joker.sheet import build_sheet, standings_rows
from joker.i18n import Tr
from joker.i18n.play import HUMAN_NAME
from joker.rulestring import rules_label
from .play_text import action_text, card_style, card_text
from .render import sheet_table, standings_table


class Screen:
    """Prints to ``console`` what the human in seat ``human`` may see, in
    ``lang`` (translated by ``tr``); ``names[seat]`` are the players' names."""

    def __init__(self, console: Console, tr: Tr, names: Sequence[str], human: int, lang: str) -> None:
        self.console = console
        self.tr = tr
        self.names = tuple(names)
        self.human = human
        self.lang = lang

    def say(self, text: str | Text = "", style: str | None = None) -> None:
        """Print one line (plain text is never read as Rich markup)."""
        self.console.print(text, style=style, markup=False, highlight=False, emoji=False, soft_wrap=True)

    def name(self, seat: int) -> str:
        return self.names[seat]

    # -- the turn screen -----------------------------------------------------------
    def deal_size(self, view: PlayerView) -> str:
        """The deal's size as a phrase: ``3 cards``, ``9 cards (gold)``."""
        text = self.tr.cards(view.deal.cards)
        if view.deal.kind is not DealKind.NORMAL:
            text += f" ({self.tr('kind_' + view.deal.kind.value)})"
        return text

    def trump_text(self, view: PlayerView) -> str:
        """The trump line: the suit and how it came (turned card, chosen by whom), or still to choose."""
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

    def print_screen(self, view: PlayerView) -> None:
        """The screen of the human's turn, from his view only."""
        tr = self.tr
        rules = view.rules
        n = rules.players
        self.say()
        self.console.rule(
            Text(tr("deal_header", deal=view.deal_index + 1, deals=len(rules.deals), cards=self.deal_size(view),
                    block=view.deal.block + 1), style="bold"),
            align="left",
        )
        self.say(f"{self.trump_text(view)} · {tr('dealer', name=self.name(view.dealer))}")
        # the players: bids, tricks, cards in hand, game totals
        totals = game_totals(rules, view.results)
        table = Table(box=None, show_header=True, header_style="bold", pad_edge=False, padding=(0, 2, 0, 0))
        table.add_column("")
        table.add_column(tr("col_player"))
        table.add_column(tr("col_bid"), justify="right")
        table.add_column(tr("col_taken"), justify="right")
        table.add_column(tr("col_cards"), justify="right")
        table.add_column(tr("col_total"), justify="right")
        no_bids = not view.deal.has_bids
        forbidden = rules.forbidden_bid_of(view.deal.cards, view.bids, view.dealer)
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
                    style = card_style(a.card, view.trump) if isinstance(a, (Play, LeadJoker, FollowJoker)) else ""
                    line.append(action_text(tr, a), style=style)
            else:
                p = view.current_player
                assert p is not None  # a deal in play has a player to move
                line.append(tr("trick_empty_you") if p == self.human else tr("trick_empty", name=self.name(p)))
            self.say(line)
        # cards seen on a forehead deal
        seen = [(s, cs) for s, cs in enumerate(view.known) if cs]
        if seen:
            line = Text(tr("you_see") + " ")
            line.append(" · ".join(f"{self.name(s)} {' '.join(card_text(c) for c in cs)}" for s, cs in seen))
            self.say(line)
        self.say(self.hand_line(view))

    def hand_line(self, view: PlayerView) -> Text | str:
        """The hand as the screen ends with it: the first three cards while choosing
        trump, what a dark or forehead deal hides while bidding, else the hand."""
        tr = self.tr
        if view.phase is Phase.TRUMP:
            return self.hand_text(view, tr("first_three"))
        if not view.hand and view.phase is Phase.BID and view.hand_sizes[self.human]:
            return tr("forehead_hand" if view.deal.kind is DealKind.FOREHEAD else "dark_hand")
        return self.hand_text(view, tr("your_hand"))

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
            style = card_style(c, trump)
            if dim and c not in playable:
                style = (style + " dim").strip()
            line.append(card_text(c), style=style or None)
        return line

    # -- sheet and standings ------------------------------------------------------------
    def print_sheet(self, st: GameState) -> None:
        """The score sheet of ``st``'s deals played so far (or a line saying there are none)."""
        if not st.results:
            self.say(self.tr("no_deals_yet"))
            return
        rows = build_sheet(st.rules, st.results)
        title = self.tr("sheet_title", rules=rules_label(st.rules, self.lang))  # the rules in words, as the welcome says
        self.console.print(sheet_table(rows, self.names, title=title, tr=self.tr))

    def print_standings(self, st: GameState) -> None:
        """The standings of ``st``: places and game totals."""
        self.console.print(standings_table(standings_rows(st.scores()), self.names, tr=self.tr))
