"""Perft: the engine's game tree from tiny positions, checked node by node
against a slow reference written separately, straight from RULES.md §13 and
the decisions of docs/durak.md.

The reference keeps cards as text (``8C``, ``X1``) in sets and lists, judges
every conceivable action (each card × each kind, and the words) by the rule
that allows it instead of generating moves, and copies its whole state on
every step.  At every node the two must agree on the set of legal actions;
the leaf counts at the given depth must match too."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from joker.cards import cards_in, format_card
from joker.games.durak.engine.state import DurakState, new_game
from joker.games.durak.rules import preset

from durak_positions import position

RANKS = "6789TJQKA"


def rank(c: str) -> int | None:
    return None if c[0] == "X" else RANKS.index(c[0])


def suit(c: str) -> str | None:
    return None if c[0] == "X" else c[1]


class Ref:
    """A position: plain attributes, copied whole on every step."""

    def __init__(self, **kw: Any) -> None:
        self.__dict__.update(kw)


def from_engine(s: DurakState) -> Ref:
    """The reference's copy of an engine position (at the start of a bout or anywhere)."""
    b = s.bout
    assert b is not None
    text = lambda m: {format_card(c) for c in cards_in(m)}  # noqa: E731
    return Ref(
        n=s.players, show=s.rules.show_trump.value, throw=s.rules.throw_in.value, stall=s.rules.stall_limit,
        hands=[text(h) for h in s.hands], prikups=[text(p) for p in s.prikups], known=[text(k) for k in s.known],
        stock=[format_card(c) for c in s.stock], turned=format_card(s.turned), hidden=format_card(s.hidden),
        hidden_shown=s.hidden_shown,
        trump=None if s.trump is None else "SCDH"[s.trump], discard=text(s.discard), shown=text(s.shown),
        idle=s.idle, bouts=s.bouts, over=None, phase=s.phase.value, leader=b.leader, defender=b.defender,
        limit=b.limit,
        table=[[format_card(a), None if d is None else format_card(d)] for a, d in zip(b.attack, b.defence)],
        taking=b.taking, passed_on=b.passed_on, thrower=b.thrower, passes=b.passes, bshown=text(b.shown),
        cleared=b.cleared,
    )


def active(r: Ref, s: int) -> bool:
    return bool(r.hands[s] or r.prikups[s] or r.stock)


def left(r: Ref, s: int) -> int:
    for k in range(1, r.n + 1):
        if active(r, (s + k) % r.n):
            return (s + k) % r.n
    return s


def unbeaten(r: Ref) -> list[str]:
    return [a for a, d in r.table if d is None]


def room(r: Ref) -> int:
    return max(0, min(r.limit - len(r.table), len(r.hands[r.defender]) - len(unbeaten(r))))


def throwers(r: Ref) -> list[int]:
    d = r.defender
    first = next((d - k) % r.n for k in range(1, r.n + 1) if active(r, (d - k) % r.n))
    out = [(first + k) % r.n for k in range(r.n)]
    out = [s for s in out if s != d and r.hands[s]]
    if r.throw == "neighbours":
        out = [s for s in out if s in (first, left(r, d))]
    return out


def current(r: Ref) -> int | None:
    if r.over is not None:
        return None
    return {"lead": r.leader, "add": r.leader, "defend": r.defender, "throw": r.thrower}[r.phase]


def beats(c: str, t: str, trump: str | None) -> bool:
    if c[0] == "X":
        return True
    if suit(c) == suit(t):
        return rank(c) > rank(t)  # type: ignore[operator]
    return suit(c) == trump


def legal(r: Ref) -> set[str]:
    """Every conceivable action, kept when a rule of §13.4–§13.5 allows it."""
    p = current(r)
    if p is None:
        return set()
    hand = r.hands[p]
    out: set[str] = set()
    table_ranks = {rank(c) for pair in r.table for c in pair if c is not None and c[0] != "X"}
    lead_rank = rank(r.table[0][0]) if r.table else None
    nxt = left(r, r.defender)
    fresh = not r.passed_on and not r.taking and all(d is None for _, d in r.table)
    for c in hand:
        joker = c[0] == "X"
        if r.phase == "lead" and not joker:
            out.add(c)
        if r.phase == "add" and not joker and rank(c) == lead_rank and room(r) > 0:
            out.add(c)
        if r.phase == "throw" and not joker and rank(c) in table_ranks:
            out.add(c)
        if r.phase == "defend":
            for t in unbeaten(r):
                rest = len(unbeaten(r)) - 1
                fits = rest == 0 or (nxt != r.defender and len(r.hands[nxt]) >= rest)
                if beats(c, t, r.trump) and (not joker or fits):
                    out.add(f"{c}/{t}")
            if fresh and not joker and rank(c) == lead_rank and nxt != r.defender:
                if len(r.table) + 1 <= r.limit and len(r.hands[nxt]) >= len(r.table) + 1:
                    out.add(f"transfer:{c}")
                used = r.shown if r.show == "once_per_card" else r.bshown
                if r.show != "off" and suit(c) == r.trump and c not in used and len(r.hands[nxt]) >= len(r.table):
                    out.add(f"show:{c}")
    out |= {"add": {"done"}, "throw": {"pass"}, "defend": {"take"}}.get(r.phase, set())
    return out


def pickup(r: Ref) -> None:
    if not r.stock:
        for s in range(r.n):
            if not r.hands[s] and r.prikups[s]:
                r.hands[s], r.prikups[s] = r.prikups[s], set()


def next_thrower(r: Ref, after: int) -> int | None:
    order = throwers(r)
    return next(((after + k) % r.n for k in range(1, r.n + 1) if (after + k) % r.n in order), None)


def enter_throw(r: Ref) -> None:
    order = throwers(r)
    if not order or room(r) == 0 or r.passes >= len(order):
        end_bout(r)
        return
    r.phase = "throw"
    if r.thrower is None:
        r.thrower = order[0]
    elif r.thrower not in order:
        r.thrower = next_thrower(r, r.thrower)


def begin_bout(r: Ref, a: int) -> None:
    if not active(r, a):
        a = left(r, a)
    for _ in range(r.n):
        if any(c[0] != "X" for c in r.hands[a]):
            r.phase, r.leader, r.defender = "lead", a, left(r, a)
            r.limit, r.table, r.taking, r.passed_on = 6, [], False, False
            r.thrower, r.passes, r.bshown, r.cleared = None, 0, set(), False
            return
        a = left(r, a)
    r.over = "draw"


def end_bout(r: Ref) -> None:
    d = r.defender
    cards = {c for pair in r.table for c in pair if c is not None}
    took = bool(unbeaten(r))
    if took:
        r.hands[d] |= cards
        r.known[d] |= cards
    else:
        r.discard |= cards
    r.idle = 0 if (r.cleared or not took) else r.idle + 1
    r.bouts += 1
    first = r.leader if r.leader != d else (r.leader + 1) % r.n
    for k in range(r.n):  # the draw
        s = (first + k) % r.n
        while r.stock and len(r.hands[s]) < 6:
            c = r.stock.pop(0)
            r.hands[s].add(c)
            if c == r.turned and r.stock:
                r.trump = suit(r.hidden)
                r.known[s].add(c)
                r.hidden_shown = True
            elif c == r.turned or (c == r.hidden and r.hidden_shown):
                r.known[s].add(c)
    pickup(r)
    still = [s for s in range(r.n) if active(r, s)]
    if len(still) <= 1:
        r.over = still[0] if still else "draw"
    elif r.idle >= r.stall:
        r.over = "draw"
    else:
        begin_bout(r, left(r, d) if took else d)


def apply(r0: Ref, a: str) -> Ref:
    r = copy.deepcopy(r0)
    p = current(r)
    assert p is not None
    if a == "done":
        r.phase = "defend"
    elif a == "pass":
        order = throwers(r)
        r.passes += 1
        r.thrower = next_thrower(r, p)
        if r.passes >= len(order):
            end_bout(r)
    elif a == "take":
        if r.passed_on:
            end_bout(r)
        else:
            r.taking = True
            enter_throw(r)
    elif a.startswith("show:"):
        c = a[5:]
        r.known[p].add(c)
        r.shown.add(c)
        r.bshown.add(c)
        r.defender = left(r, p)
    elif a.startswith("transfer:"):
        c = a[9:]
        r.hands[p].discard(c)
        r.known[p].discard(c)
        r.table.append([c, None])
        r.defender = left(r, p)
        pickup(r)
    elif "/" in a:
        c, t = a.split("/")
        r.hands[p].discard(c)
        r.known[p].discard(c)
        for pair in r.table:
            if pair[0] == t:
                pair[1] = c
        if c[0] == "X":  # §13.5: the beaten cards and the joker go; the rest passes on
            for pair in r.table:
                if pair[1] is not None:
                    r.discard |= set(pair)
            r.cleared = True
            rest = unbeaten(r)
            if not rest:
                r.table = []
                pickup(r)
                end_bout(r)
            else:
                nxt = left(r, r.defender)
                r.table = [[x, None] for x in rest]
                r.defender, r.passed_on, r.thrower, r.passes, r.phase = nxt, True, None, 0, "defend"
                pickup(r)
        else:
            pickup(r)
            if not unbeaten(r):
                if r.passed_on:
                    end_bout(r)
                else:
                    enter_throw(r)
    else:
        r.hands[p].discard(a)
        r.known[p].discard(a)
        r.table.append([a, None])
        if r.phase == "throw":
            r.passes = 0
            r.thrower = next_thrower(r, p)
            pickup(r)
            if r.taking:
                enter_throw(r)
            else:
                r.phase = "defend"
        else:
            pickup(r)
            r.phase = "add" if room(r) > 0 and r.hands[r.leader] else "defend"
    return r


def perft(s: DurakState, r: Ref, depth: int) -> int:
    """Leaves at ``depth`` (a finished game counts as a leaf where it ends); asserts the
    engine and the reference agree on the legal actions at every node."""
    mine = {str(a) for a in s.legal_actions()}
    assert mine == legal(r), f"after {[str(a) for _, a in s.log]}"
    assert (s.is_terminal()) == (r.over is not None)
    if depth == 0 or s.is_terminal():
        return 1
    return sum(perft(s.apply(a), apply(r, a), depth - 1) for a in sorted(mine))


TINY = [
    # (hands, trump, stock, prikups, rules options, depth, leaves)
    (["8C 9C X1", "8D 9H 7S", "8S TC 6H"], "H", "", ["AS", "AD", "AC"], {}, 12, 502),
    (["8C 8D 9C", "8S 9H X2"], "H", "6C 7C TS", ["AS KS", "AD KD"], {"show_trump": "once_per_bout"}, 10, 1890),
    (["7C 7D 9C 6S", "7S X1 9D", "7H 8H", "TC JC"], "H", "", ["", "", "KS", ""], {"throw_in": "neighbours"}, 12, 997),
    (["6C 6D", "6S 7S", "6H 7H"], None, "", None, {"stall_limit": 2}, 40, 18),
    (["8C 8D", "8S 9S", "8H X1", "9C 9D"], "H", "7C QH", ["6S", "6D", "6H", "7D"], {}, 11, 226),
]


@pytest.mark.parametrize("hands, trump, stock, prikups, opts, depth, leaves", TINY)
def test_perft_matches_the_reference(hands: list[str], trump: str | None, stock: str, prikups: list[str] | None,
                                     opts: dict[str, Any], depth: int, leaves: int) -> None:
    rules = preset().replace(players=len(hands), **opts)
    s = position(hands, trump, stock=stock, prikups=prikups, rules=rules)
    total = perft(s, from_engine(s), depth)
    assert total == leaves


def test_perft_from_a_seeded_deal_with_the_stock() -> None:
    s = new_game(preset("durak-36").replace(players=2), 3)
    total = perft(s, from_engine(s), 7)
    assert total == 2405
