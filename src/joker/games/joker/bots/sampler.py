"""Worlds consistent with what one seat sees: the hidden cards dealt out to
the other hands (and to the seat itself while it cannot see its own cards:
trump choice, dark and forehead bidding) and to the stock, so that nothing in
the seat's :class:`~joker.games.joker.engine.views.PlayerView` is contradicted.

What the view tells — seen cards, shown voids, what a joker's call forced,
the trump chooser's three cards, hand sizes (RULES.md §5–§7) — is read by
:func:`joker.games.joker.inference.constraints_of`; this module only deals.

A world is the current hands of every seat plus the stock (card sets).
Sampling deals the hidden cards at random to the seats that may hold them
(forced cards first, then the most constrained), falling back on a deal that
checks Hall's condition card by card, so it never dead-ends on a consistent
view; the result never breaks a constraint.  The views are the only input: no hidden card is read.
"""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import numpy.typing as npt
from ..jit import njit

from joker.cards import JOKER1, SUIT_MASKS, CardSet, cards_in
from joker.errors import JokerError

from ..engine.state import DealCards, Phase
from ..engine.views import PlayerView
from ..fastpath import kernels as FK
from ..inference import Constraints, played_by, trump_chooser, turned_from_hand
from ..rules import TrumpChoice


def _feasible(cards: list[int], allow: list[CardSet], cap: list[int]) -> bool:
    """Whether ``cards`` can all be dealt to holders that may hold them within
    their capacities ``cap`` (which add up to the number of cards): Hall's
    condition, every set T of holders having room for the cards only T may hold."""
    holders = len(cap)
    classes: dict[int, int] = {}
    for c in cards:
        sig = 0
        for h in range(holders):
            if allow[h] >> c & 1:
                sig |= 1 << h
        classes[sig] = classes.get(sig, 0) + 1
    if 0 in classes:
        return False
    room = [0] * (1 << holders)
    for t in range(1, 1 << holders):
        low = t & -t
        room[t] = room[t ^ low] + cap[low.bit_length() - 1]
    for t in range(1, 1 << holders):
        need = sum(k for sig, k in classes.items() if sig & ~t == 0)
        if need > room[t]:
            return False
    return True


def _forced(cap: list[int], got: list[CardSet], rest: list[int], allow: list[CardSet]) -> None:
    """Deal, in place, the cards a holder must take: a card only one holder with
    room may hold, or all of a holder's allowed cards when it has exactly that
    many places; until nothing changes."""
    changed = True
    while changed:
        changed = False
        for c in list(rest):
            opts = [h for h in range(len(cap)) if cap[h] > 0 and allow[h] >> c & 1]
            if len(opts) == 1:
                h = opts[0]
                got[h] |= 1 << c
                cap[h] -= 1
                rest.remove(c)
                changed = True
        for h in range(len(cap)):
            mine = [c for c in rest if allow[h] >> c & 1]
            if cap[h] > 0 and len(mine) == cap[h]:
                for c in mine:
                    got[h] |= 1 << c
                    rest.remove(c)
                cap[h] = 0
                changed = True


Ints = npt.NDArray[np.int64]
Plan = tuple[Ints, Ints, Ints, Ints, Ints, int, int]


@lru_cache(maxsize=64)
def _plan(cons: Constraints) -> Plan:
    """The compiled sampler's input for ``cons``: ``got0``/``cap0`` per holder
    after the forced cards, the other cards sorted by how many holders may take
    them (``cards``, their holder masks ``elig``, ``ends`` of the equal-count
    groups), and the chooser's ``must`` holder and suit mask (−1, 0 if none)."""
    n = len(cons.hidden)
    cap = list(cons.hidden) + [cons.stock]
    allow = list(cons.allowed) + [cons.pool]
    got = [0] * (n + 1)
    rest = list(cards_in(cons.pool))
    _forced(cap, got, rest, allow)
    elig = {c: sum(1 << h for h in range(n + 1) if allow[h] >> c & 1) for c in rest}
    rest.sort(key=lambda c: elig[c].bit_count())
    counts = [elig[c].bit_count() for c in rest]
    ends = [i + 1 for i in range(len(rest)) if i + 1 == len(rest) or counts[i + 1] != counts[i]]
    must = [(p, SUIT_MASKS[s]) for p, s in enumerate(cons.must_suit) if s is not None]
    must_holder, must_mask = must[0] if must else (-1, 0)
    def as_array(xs: list[int]) -> Ints:
        return np.array(xs, dtype=np.int64)

    return (as_array(got), as_array(cap), as_array(rest), as_array([elig[c] for c in rest]), as_array(ends),
            must_holder, must_mask)


@njit(cache=True)
def _deal(got0: Ints, cap0: Ints, cards: Ints, elig: Ints, ends: Ints, must_holder: int, must_mask: int, tries: int,
          out: Ints, ok: npt.NDArray[np.bool_]) -> None:
    """Fill each row of ``out`` (holders' hidden cards) by dealing ``cards`` in a
    random order within their groups, each to a holder that may take it chosen in
    proportion to its free places; a dead end or a chooser without his suit
    starts the row again, at most ``tries`` times (``ok[row]`` tells whether it
    succeeded).  Random numbers: numba's generator."""
    holders = cap0.shape[0]
    m = cards.shape[0]
    order = np.arange(m)
    cap = np.empty(holders, dtype=np.int64)
    for w in range(out.shape[0]):
        for _ in range(tries):
            start = 0
            for g in range(ends.shape[0]):
                for i in range(ends[g] - 1, start, -1):
                    j = start + int(np.random.random() * (i - start + 1))
                    order[i], order[j] = order[j], order[i]
                start = ends[g]
            for h in range(holders):
                cap[h] = cap0[h]
                out[w, h] = got0[h]
            dead = False
            for i in range(m):
                k = order[i]
                e = elig[k]
                room = 0
                for h in range(holders):
                    if e >> h & 1:
                        room += cap[h]
                if room == 0:
                    dead = True
                    break
                x = np.random.random() * room
                pick = -1
                for h in range(holders):
                    if e >> h & 1 and cap[h] > 0:
                        pick = h
                        x -= cap[h]
                        if x < 0:
                            break
                out[w, pick] |= np.int64(1) << cards[k]
                cap[pick] -= 1
            if dead or (must_holder >= 0 and out[w, must_holder] & must_mask == 0):
                continue
            ok[w] = True
            break


def sample_hands(cons: Constraints, rng: random.Random, count: int, tries: int = 20) -> np.ndarray:
    """``count`` worlds as an int64 array of shape ``(count, n + 1)``: every
    seat's current hand (known plus dealt hidden cards), then the stock's hidden
    cards.

    Cards a holder must take are dealt first; the rest at random, most
    constrained cards first, each to a holder chosen in proportion to its free
    places (compiled); a world that dead-ends ``tries`` times is dealt card by
    card where the rest can still go (Hall's condition), which never fails on a
    consistent view.  All randomness comes from ``rng``.  Raises
    :class:`JokerError` when no world fits (an inconsistent view)."""
    n = len(cons.hidden)
    got0, cap0, cards, elig, ends, must_holder, must_mask = _plan(cons)
    out = np.zeros((count, n + 1), dtype=np.int64)
    ok = np.zeros(count, dtype=np.bool_)
    FK.seed(rng.randrange(2**31))
    _deal(got0, cap0, cards, elig, ends, must_holder, must_mask, tries, out, ok)
    for w in np.flatnonzero(~ok):
        out[w] = _hall_world(cons, rng)
    out[:, :n] |= np.array(cons.known, dtype=np.int64)
    return out


def _hall_world(cons: Constraints, rng: random.Random) -> list[CardSet]:
    """One world's hidden cards per holder, dealt card by card only where the
    rest can still be dealt (Hall's condition).  Raises :class:`JokerError` when
    no world fits."""
    n = len(cons.hidden)
    cap = list(cons.hidden) + [cons.stock]
    allow = list(cons.allowed) + [cons.pool]
    got = [0] * (n + 1)
    rest = list(cards_in(cons.pool))
    # the chooser restricted to the suits he saw: one card of the trump first (random)
    for p, suit in enumerate(cons.must_suit):
        if suit is None:
            continue
        opts = [c for c in rest if c // 13 == suit and allow[p] >> c & 1]
        if not opts or cap[p] == 0:
            raise JokerError("no deal of the hidden cards fits what this seat has seen")
        c = rng.choice(opts)
        got[p] |= 1 << c
        cap[p] -= 1
        rest.remove(c)
    _forced(cap, got, rest, allow)
    if not _feasible(rest, allow, cap):
        raise JokerError("no deal of the hidden cards fits what this seat has seen")
    rng.shuffle(rest)
    while rest:
        c = rest.pop()
        opts = [h for h in range(n + 1) if cap[h] > 0 and allow[h] >> c & 1]
        while True:
            x = rng.random() * sum(cap[h] for h in opts)
            h = next((h for h in opts if (x := x - cap[h]) < 0), opts[-1])
            cap[h] -= 1
            if _feasible(rest, allow, cap):
                break
            cap[h] += 1
            opts.remove(h)
        got[h] |= 1 << c
    return got


def sample_world(cons: Constraints, rng: random.Random, tries: int = 20) -> tuple[tuple[CardSet, ...], CardSet]:
    """One world: ``(hands, stock)`` — every seat's current hand and the stock's
    hidden cards, as Python card sets (see :func:`sample_hands`)."""
    row = sample_hands(cons, rng, 1, tries)[0]
    return tuple(int(h) for h in row[:-1]), int(row[-1])


def world_deal(view: PlayerView, world: tuple[tuple[CardSet, ...], CardSet]) -> DealCards:
    """The cards of this deal as dealt in ``world``: each seat's played and
    current cards, in an order whose first three cards agree with the view
    (the seat's own first three while it chooses trump; a card of the chosen
    trump first for a chooser restricted to the suits he saw), the turned
    cards, then the stock.  For checking samples against the engine."""
    rules = view.rules
    n = rules.players
    hands, stock = world
    played = played_by(view)
    out = []
    chooser = trump_chooser(view)
    shown = view.turned[0] if turned_from_hand(view) else None
    for p in range(n):
        cards = sorted(cards_in(hands[p] | played[p]))
        if p == view.dealer and shown is not None:
            cards = [c for c in cards if c != shown] + [shown]  # dealt last: the engine turns it
        if p == view.seat and view.phase is Phase.TRUMP:
            first = list(view.hand)
            cards = first + [c for c in cards if c not in first]
        elif p == chooser and rules.trump_choice is TrumpChoice.SUIT_OF_SEEN_CARDS and view.trump is not None:
            trumps = [c for c in cards if c < JOKER1 and c // 13 == view.trump]
            if trumps:
                cards = [trumps[0]] + [c for c in cards if c != trumps[0]]
        out.append(tuple(cards))
    turned = view.turned[0] if view.turned and not turned_from_hand(view) else None
    rest = tuple(view.turned[1:]) + tuple(cards_in(stock))
    return DealCards(tuple(out), turned, rest)
