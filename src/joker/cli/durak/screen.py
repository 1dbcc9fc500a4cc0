"""The Durak table as the human sees it, printed with Rich: built from his
:class:`~joker.games.durak.engine.views.PlayerView` only, so nothing he may
not know reaches the screen (docs/durak.md, Views).

One screen: the game, bout and rules; the trump, the stock with the turned
trump and the hidden trump face down under it (shown once it is), the
discard pile's size; each player's role (attacker, defender, may throw in,
out), hand size, prikup backs and the cards everyone knows he holds; the
table as attack/defence pairs; the human's hand, non-trumps first and trumps
last, the cards he may play now bright and the rest dimmed.
"""

from __future__ import annotations

from typing import Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from joker.cards import Card, suit_symbol
from joker.games.durak.actions import Attack, Beat, Show, Transfer
from joker.games.durak.engine.table import Phase
from joker.games.durak.engine.views import PlayerView
from joker.games.durak.rules import ThrowIn
from joker.i18n import Tr
from joker.i18n.play import HUMAN_NAME
from joker.rulestring import rules_label

from .text import card_style, card_text, group_of, sort_hand

BACK = "▒"
"""A face-down card: the hidden trump before it is shown, a prikup card."""


def _active(view: PlayerView, seat: int) -> bool:
    """Whether ``seat`` is still in (RULES.md §13.6): cards in hand, a prikup, or a stock to draw from."""
    return bool(view.hand_sizes[seat] or view.prikups[seat] or view.stock)


def attacker_of(view: PlayerView) -> int | None:
    """Who attacks the defender now: the player still in on his right (the
    leader, or the last to transfer); ``None`` between bouts."""
    d = view.defender
    if d is None:
        return None
    n = len(view.hand_sizes)
    for k in range(1, n):
        s = (d - k) % n
        if _active(view, s):
            return s
    return None


def roles(view: PlayerView) -> list[str]:
    """Each seat's role now, as a ``durak_play`` key: ``role_defender``,
    ``role_attacker``, ``role_thrower`` (may throw in: RULES.md §13.4 rule 3,
    with ``throw_in=neighbours`` only the defender's neighbours), ``role_out``,
    or ``""`` (none)."""
    n = len(view.hand_sizes)
    d, a = view.defender, attacker_of(view)
    left = None
    if d is not None:
        left = next((s for s in ((d + k) % n for k in range(1, n)) if _active(view, s)), None)
    out = []
    for s in range(n):
        if not _active(view, s):
            out.append("role_out")
        elif s == d:
            out.append("role_defender")
        elif s == a:
            out.append("role_attacker")
        elif (d is not None and not view.passed_on and view.hand_sizes[s]
              and (view.rules.throw_in is ThrowIn.ALL or s == left)):
            out.append("role_thrower")
        else:
            out.append("")
    return out


class Screen:
    """Prints to ``console`` what seat ``human`` may see, in ``tr``'s language;
    ``names[seat]`` are the players' names."""

    def __init__(self, console: Console, tr: Tr, names: Sequence[str], human: int, lang: str = "en") -> None:
        self.console = console
        self.lang = lang
        self.tr = tr
        self.names = tuple(names)
        self.human = human

    def say(self, text: str | Text = "", style: str | None = None) -> None:
        """Print one line (plain text is never read as Rich markup)."""
        self.console.print(text, style=style, markup=False, highlight=False, emoji=False, soft_wrap=True)

    def trump_line(self, view: PlayerView) -> str:
        """``Trump ♥ · stock 12: 7♥ turned, the hidden trump ▒ under it · discard pile 8``."""
        tr = self.tr
        head = tr("no_trump") if view.trump is None else tr("trump", suit=suit_symbol(view.trump))
        hidden = BACK if view.hidden is None else card_text(view.hidden)
        if view.stock >= 2:
            stock = tr("stock", n=view.stock, turned=card_text(view.turned), hidden=hidden)
        elif view.stock == 1:
            stock = tr("stock_hidden_only", hidden=hidden)
        else:
            stock = tr("stock_empty")
        return f"{head} · {stock} · {tr('discard', n=len(view.discard))}"

    def table_text(self, view: PlayerView) -> Text:
        """The table: ``Table: 8♣ beaten by K♣ · 8♦ (unbeaten)``."""
        tr = self.tr
        if not view.attack:
            return Text(tr("table_empty"))
        line = Text(tr("table") + " ")
        for k, (a, d) in enumerate(zip(view.attack, view.defence)):
            if k:
                line.append(" · ")
            if d is None:
                line.append(tr("unbeaten", attack=card_text(a)), style=card_style(a, view.trump) or None)
            else:
                line.append(tr("pair", attack=card_text(a), defence=card_text(d)))
        if view.taking and view.defender is not None:
            line.append("  — " + tr("taking", name=self.names[view.defender]))
        elif view.passed_on:
            line.append("  — " + tr("passed_on"))
        return line

    def hand_text(self, view: PlayerView) -> Text:
        """``Your hand: 7♠ 9♠   10♣   J♥ A♥   X1`` — suits apart, trumps then jokers
        last; cards no legal move uses now are dimmed."""
        playable: set[Card] = {a.card for a in view.legal_actions if isinstance(a, (Attack, Beat, Transfer, Show))}
        line = Text(self.tr("your_hand") + " ")
        cards = sort_hand(view.hand, view.trump)
        if not cards:
            line.append(self.tr("empty_hand"))
        prev: int | None = None
        for c in cards:
            g = group_of(c, view.trump)
            line.append("   " if prev is not None and g != prev else ("" if prev is None else " "))
            prev = g
            style = card_style(c, view.trump)
            if view.legal_actions and c not in playable:
                style = (style + " dim").strip()
            line.append(card_text(c), style=style or None)
        return line

    def print_screen(self, view: PlayerView) -> None:
        """The screen of the human's turn, from his view only."""
        tr = self.tr
        self.say()
        self.console.rule(Text(tr("header", game=view.game + 1, bout=view.bouts + 1,
                                  rules=rules_label(view.rules, self.lang)),
                               style="bold"), align="left")
        self.say(self.trump_line(view))
        table = Table(box=None, show_header=True, header_style="bold", pad_edge=False, padding=(0, 2, 0, 0))
        table.add_column("")
        table.add_column(tr("col_player"))
        table.add_column(tr("col_role"))
        table.add_column(tr("col_cards"), justify="right")
        table.add_column(tr("col_prikup"))
        table.add_column(tr("col_known"))
        for s, role in enumerate(roles(view)):
            who = self.names[s]
            if s == self.human and who != HUMAN_NAME.get(self.lang):
                who += " " + tr("you_mark")
            known = "" if s == self.human else " ".join(card_text(c) for c in sort_hand(view.known[s], view.trump))
            table.add_row("▶" if s == view.current_player else "", who, tr(role) if role else "",
                          str(view.hand_sizes[s]), BACK * view.prikups[s], known,
                          style="bold" if s == self.human else None)
        self.console.print(table)
        self.say(self.table_text(view))
        self.say(self.hand_text(view))
        self.say(self.turn_text(view), style="bold")

    def turn_text(self, view: PlayerView) -> str:
        """What the human does now and against whom."""
        tr = self.tr
        d = view.defender
        target = self.names[d] if d is not None else ""
        if view.phase is Phase.DEFEND:
            a = attacker_of(view)
            return tr("turn_defend", name=self.names[a] if a is not None else "")
        return tr(f"turn_{view.phase.value}", name=target)
