"""What one seat, or a spectator, may know at one moment (RULES.md §13).

A :class:`PlayerView` is assembled in one place (:func:`_view`) from the
public facts of the state plus the seat's own hand, so nothing hidden can
leak: never another hand's unknown cards, never a prikup's face (not even its
owner's) before it is picked up, never the stock's order, never the hidden
trump before it is shown.

Public facts (computed once per state and shared by every seat's view): every hand's size; the cards everyone saw enter a hand and
still there (``known``: taken from the table, a shown trump, the turned and
the shown hidden trump when drawn); the table; the discard pile **with its
faces** (each card lay face up on the table before it went there, so every
player saw it; a player who remembers knows them all, and a view that hid
them would only punish forgetting); the stock's size; the turned trump; the
hidden trump once shown; how many prikup cards each seat still has face down;
the trumps shown; the results of finished games.
"""

from __future__ import annotations

from dataclasses import dataclass

from joker.cards import Card, CardSet, Suit, cards_tuple

from ..actions import Action
from ..rules import DurakRules
from .table import Phase
from .state import DurakState


@dataclass(frozen=True)
class PlayerView:
    """The information of seat ``seat`` (0-based; ``None``: a spectator).

    ``hand``: the seat's own cards in card order (empty for a spectator);
    ``hand_sizes``, ``prikups`` (face-down cards left, 2 or 0) and ``known``
    (cards everyone knows are in that hand, card order) per seat; ``stock``:
    cards left in the stock (the turned and the hidden trump included while
    they lie there); ``turned``: the turned trump; ``hidden``: the hidden trump
    once shown, else ``None``; ``trump``: the suit now (``None``: no trump);
    ``leader``/``defender``: of the bout (``None`` when over); ``attack`` and
    ``defence``: the table (``None`` for an unbeaten card); ``taking``;
    ``passed_on``; ``limit``; ``passes``: throw-in passes in a row; ``discard``: the discard pile's cards (card
    order); ``shown``: trumps shown this game, ``shown_in_bout`` this bout; ``results``: per finished game
    the fool's seat or ``None``; ``legal_actions``: empty unless ``seat`` is to move.
    """

    rules: DurakRules
    seat: int | None
    game: int
    phase: Phase
    current_player: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    prikups: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    stock: int
    turned: Card
    hidden: Card | None
    trump: Suit | None
    leader: int | None
    defender: int | None
    attack: tuple[Card, ...]
    defence: tuple[Card | None, ...]
    taking: bool
    passed_on: bool
    limit: int
    passes: int
    discard: tuple[Card, ...]
    shown: tuple[Card, ...]
    shown_in_bout: tuple[Card, ...]
    bouts: int
    idle: int
    results: tuple[int | None, ...]
    legal_actions: tuple[Action, ...]

    @property
    def hand_mask(self) -> CardSet:
        """The own hand as a card set."""
        return sum(1 << c for c in self.hand)


def _public(state: DurakState) -> PlayerView:
    """The spectator's view of ``state``: its public facts, computed once per state
    and kept on it (a web table renders every seat's view and the spectators' of
    each state; the server's bots view it again), shared by every seat's view."""
    pv: PlayerView | None = state._public
    if pv is None:
        b = state.bout
        pv = PlayerView(
            rules=state.rules,
            seat=None,
            game=state.game,
            phase=state.phase,
            current_player=state.current_player,
            hand=(),
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            prikups=tuple(p.bit_count() for p in state.prikups),
            known=tuple(cards_tuple(k) for k in state.known),
            stock=len(state.stock),
            turned=state.turned,
            hidden=state.hidden if state.hidden_shown else None,
            trump=state.trump,
            leader=None if b is None else b.leader,
            defender=None if b is None else b.defender,
            attack=() if b is None else b.attack,
            defence=() if b is None else b.defence,
            taking=b is not None and b.taking,
            passed_on=b is not None and b.passed_on,
            limit=0 if b is None else b.limit,
            passes=0 if b is None else b.passes,
            discard=cards_tuple(state.discard),
            shown=cards_tuple(state.shown),
            shown_in_bout=() if b is None else cards_tuple(b.shown),
            bouts=state.bouts,
            idle=state.idle,
            results=state.results,
            legal_actions=(),
        )
        object.__setattr__(state, "_public", pv)
    return pv


def _view(state: DurakState, seat: int | None, own: CardSet, legal: tuple[Action, ...]) -> PlayerView:
    """The public facts of ``state`` (:func:`_public`) with the given private part
    (the one place a view is assembled)."""
    pv = _public(state)
    if seat is None:
        return pv
    view = object.__new__(PlayerView)  # a copy of the public view (no __slots__: one dict update)
    d = view.__dict__
    d.update(pv.__dict__)
    d["seat"], d["hand"], d["legal_actions"] = seat, cards_tuple(own), legal
    return view


def public_view(state: DurakState) -> PlayerView:
    """What a spectator may know: the public facts only (``seat`` is ``None``, no hand, no legal action)."""
    return _view(state, None, 0, ())


def view_of(state: DurakState, seat: int) -> PlayerView:
    """The :class:`PlayerView` of ``seat``.  Raises ``ValueError`` for a bad seat."""
    n = state.players
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not 0..{n - 1}")
    legal = tuple(state.legal_actions()) if state.current_player == seat else ()
    return _view(state, seat, state.hands[seat], legal)
