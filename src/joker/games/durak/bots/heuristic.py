"""A rule-of-thumb Durak bot (RULES.md §13): it sees only its view.

* **lead**: the lowest non-trump, pairs first (a pair can be added); a trump only
  when nothing else is left;
* **add**: more of the lead's rank while they are non-trumps (or the stock is empty);
* **defend**: transfer with a non-trump of the attack's rank (a card shed, the
  bout gone); else show a trump (a free transfer); else beat every unbeaten card
  with the cheapest covers — jokers only when the rest would be passed on, when
  taking would cost many cards, or in the endgame — unless the covers cost more
  than taking: high trumps spent early on a small table;
* **throw in**: when the defender takes, the junk (non-trumps, low first); while
  he defends, the non-trumps he is unlikely to beat (:func:`~..inference.beat_chance`,
  which counts the cards he is known to hold — those he took — and his share of
  the unseen ones), and any card once the stock is empty.

Cards are weighed by :func:`value`: a non-trump its rank, a trump ten more, a
joker 30.  ``choose`` is a pure function of the view (no randomness).
"""

from __future__ import annotations

from joker.cards import Card, Suit, is_joker, suit_of

from ..actions import DONE, PASS, TAKE, Action, Attack, Beat, Show, Transfer
from ..engine.table import Phase, beats
from ..engine.views import PlayerView
from ..inference import beat_chance, unseen

TRUMP_BONUS = 10
JOKER_VALUE = 30
HIGH_TRUMP = 9
"""A trump of rank J or higher (rank int ≥ 9) is "high": not spent early on small cards."""
EARLY_STOCK = 8
"""With more cards than this in the stock the game is early: keep high trumps and jokers."""


def value(c: Card, trump: Suit | None) -> int:
    """How much a card is worth keeping: a non-trump its rank (4..12 for 6..A),
    a trump its rank + 10, a joker 30."""
    if is_joker(c):
        return JOKER_VALUE
    r = c % 13
    return r + TRUMP_BONUS if trump is not None and c // 13 == trump else r


def _is_trump(c: Card, trump: Suit | None) -> bool:
    return not is_joker(c) and trump is not None and suit_of(c) == trump


def choose(view: PlayerView) -> Action:
    """The heuristic's action for ``view`` (its seat is to move): one of ``view.legal_actions``."""
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    phase = view.phase
    if phase is Phase.LEAD:
        return _lead(view)
    if phase is Phase.ADD:
        return _add(view)
    if phase is Phase.DEFEND:
        return _defend(view)
    return _throw(view)


def _lead(view: PlayerView) -> Action:
    trump = view.trump
    counts: dict[int, int] = {}
    for c in view.hand:
        if not is_joker(c) and not _is_trump(c, trump):
            counts[c % 13] = counts.get(c % 13, 0) + 1

    def key(a: Action) -> tuple[float, int]:
        assert isinstance(a, Attack)
        c = a.card
        pair = counts.get(c % 13, 1) - 1 if not _is_trump(c, trump) else 0
        return value(c, trump) - 1.5 * pair, c

    return min(view.legal_actions, key=key)


def _add(view: PlayerView) -> Action:
    trump = view.trump
    for a in view.legal_actions:
        if isinstance(a, Attack) and (not _is_trump(a.card, trump) or view.stock == 0):
            return a
    return DONE


def _defend(view: PlayerView) -> Action:
    legal = view.legal_actions
    trump = view.trump
    transfers = [a for a in legal if isinstance(a, Transfer)]
    for a in transfers:
        if not _is_trump(a.card, trump):
            return a
    shows = [a for a in legal if isinstance(a, Show)]
    if shows:
        return shows[0]
    if transfers and view.stock == 0:
        return transfers[0]
    plan = _cover_plan(view)
    if plan is not None:
        return plan
    return TAKE


def _cover_plan(view: PlayerView) -> Action | None:
    """The first beat of a plan covering every unbeaten card, or ``None`` to take."""
    trump = view.trump
    beats_of: dict[Card, list[Card]] = {}
    for a in view.legal_actions:
        if isinstance(a, Beat):
            beats_of.setdefault(a.target, []).append(a.card)
    unbeaten = [t for t, d in zip(view.attack, view.defence) if d is None]
    if not unbeaten or any(t not in beats_of for t in unbeaten):
        return None
    early = view.stock > EARLY_STOCK
    table = len(view.attack) + sum(1 for d in view.defence if d is not None)
    # hardest first: the attack card with the fewest plain covers
    order = sorted(unbeaten, key=lambda t: (len([c for c in beats_of[t] if not is_joker(c)]), -value(t, trump)))
    used: set[Card] = set()
    plan: list[tuple[Card, Card]] = []
    for t in order:
        plain = [c for c in beats_of[t] if not is_joker(c) and c not in used]
        if plain:
            c = min(plain, key=lambda x: value(x, trump))
            used.add(c)
            plan.append((c, t))
            continue
        jokers = [c for c in beats_of[t] if is_joker(c) and c not in used]
        if not jokers:
            return None
        # a joker ends the bout at once: worth it when it passes cards on, saves a big take, or late
        if len(unbeaten) >= 2 or table >= 3 or not early:
            return Beat(jokers[0], t)
        return None
    cost = sum(value(c, trump) for c, t in plan if _is_trump(c, trump) and (c % 13) >= HIGH_TRUMP)
    if early and cost and table <= 2 and all(not _is_trump(t, trump) for t in unbeaten):
        return None  # a high trump for one or two small cards early: take them instead
    # beat the card whose cover is cheapest first: a thrown-in card may still be answered later
    c, t = min(plan, key=lambda p: value(p[0], trump))
    return Beat(c, t)


def _throw(view: PlayerView) -> Action:
    trump = view.trump
    legal = view.legal_actions
    cands = [a for a in legal if isinstance(a, Attack)]
    if not cands:
        return PASS
    endgame = view.stock == 0
    if view.taking:
        junk = [a for a in cands if endgame or not _is_trump(a.card, trump)]
        if not junk:
            return PASS
        return min(junk, key=lambda a: value(a.card, trump))
    defender = view.defender
    assert defender is not None
    pool = unseen(view)
    best: tuple[float, Action] | None = None
    for a in cands:
        c = a.card
        if _is_trump(c, trump) and not endgame:
            continue
        p = beat_chance(view, defender, c, pool)
        if endgame or p < 0.6 or value(c, trump) <= 7:
            key = p + value(c, trump) / 100
            if best is None or key < best[0]:
                best = (key, a)
    return PASS if best is None else best[1]


class HeuristicBot:
    """The rule-of-thumb bot (see the module doc).  Deterministic: ``seed`` is accepted and unused."""

    name = "heuristic"

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions`` (see the module doc)."""
        return choose(view)
