"""Positions for the Durak tests: a table set by hand (RULES.md §13.7 style).

``position(["8C 9D", "8D KS", ...], trump="H")`` builds a state of the default
rules (seats A B C D = 0 1 2 3) where the given hands are held, the stock and
prikups are as given (default: empty stock, prikups already picked up), every
other card of the deck lies in the discard pile, and ``leader`` leads a new
bout (not the game's first unless ``first_bout=True``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from joker.cards import mask_of, parse_card, parse_cards, parse_suit, suit_of
from joker.games.durak.deck import deck_cards, deck_mask
from joker.games.durak.engine.deal import Deal
from joker.games.durak.engine.state import DurakState, begin_bout, new_game
from joker.games.durak.rules import DurakRules, preset

A, B, C, D = range(4)


def position(hands: Sequence[str], trump: str | None = "H", *, stock: str = "", prikups: Sequence[str] | None = None,
             leader: int = A, rules: DurakRules | None = None, first_bout: bool = False,
             turned: str | None = None, hidden: str | None = None) -> DurakState:
    """A state with these hands, about to have ``leader`` lead (see the module docstring).

    ``stock`` in draw order; when it holds two or more cards its last two are the
    turned and the hidden trump (``hidden_shown`` False); otherwise ``turned`` and
    ``hidden`` name cards already drawn (default: the 6 and 7 of the trump suit)."""
    n = len(hands)
    rules = rules or preset().replace(players=n)
    base = new_game(rules, 0)
    hs = tuple(mask_of(parse_cards(h)) for h in hands)
    pk = tuple(mask_of(parse_cards(p)) for p in prikups) if prikups else (0,) * n
    st = tuple(parse_cards(stock))
    used = 0
    for m in hs + pk + (mask_of(st),):
        assert not used & m, "a card placed twice"
        used |= m
    t = None if trump is None else parse_suit(trump)
    if len(st) >= 2:
        tc, hc, shown = st[-2], st[-1], False
        t = suit_of(tc)
    else:
        tc = parse_card(turned) if turned else parse_card(f"6{trump or 'S'}")
        hc = parse_card(hidden) if hidden else parse_card(f"7{trump or 'S'}")
        shown = True
    s = replace(base, hands=hs, prikups=pk, known=(0,) * n, stock=st, turned=tc, hidden=hc, hidden_shown=shown,
                trump=t, discard=deck_mask(rules.deck) & ~used, shown=0, bouts=0 if first_bout else 1, idle=0,
                log=(), results=(), bout=None)
    return begin_bout(s, leader)


def deal(rules: DurakRules, hands: Sequence[str], turned: str, hidden: str) -> Deal:
    """A full deal with these hands (6 cards each), turned and hidden trump; the other
    cards fill the prikups then the stock in card order."""
    hs = [tuple(parse_cards(h)) for h in hands]
    tc, hc = parse_card(turned), parse_card(hidden)
    taken = {c for h in hs for c in h} | {tc, hc}
    rest = [c for c in deck_cards(rules.deck) if c not in taken]
    n = rules.players
    prikups = tuple(tuple(rest[2 * s:2 * s + 2]) for s in range(n))
    return Deal(tuple(hs), prikups, tuple(rest[2 * n:]) + (tc, hc))


def play(state: DurakState, actions: str) -> DurakState:
    """Apply space-separated actions in order."""
    for a in actions.split():
        state = state.apply(a)
    return state


def where(state: DurakState) -> dict[int, str]:
    """Every card's place (for conservation checks): 'hand0', 'prikup1', 'stock', 'table', 'discard'."""
    out: dict[int, str] = {}

    def put(c: int, place: str) -> None:
        assert c not in out, f"card {c} in {out[c]} and {place}"
        out[c] = place

    for s in range(state.players):
        for c in range(54):
            if state.hands[s] >> c & 1:
                put(c, f"hand{s}")
            if state.prikups[s] >> c & 1:
                put(c, f"prikup{s}")
    for c in state.stock:
        put(c, "stock")
    if state.bout is not None:
        for c in range(54):
            if state.bout.cards >> c & 1:
                put(c, "table")
    for c in range(54):
        if state.discard >> c & 1:
            put(c, "discard")
    return out
