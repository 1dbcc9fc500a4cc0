"""What one seat may see at one moment (RULES.md §5, §6, §9).

Bots, the terminal UI, web clients and RL observations are all built from a
:class:`PlayerView`, so another seat's hidden cards cannot leak: the view is
assembled only from public facts and the seat's own visible cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action, Trick
from joker.cards import Card, CardSet, Suit, cards_in
from ..rules import DealKind, DealSpec, Rules
from ..scoring import DealResult
from .state import GameState, Phase


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The information of seat ``seat`` (0-based) at one moment.

    ``hand``: the seat's own visible cards in card order — only his first three
    while trump is being chosen, none while bidding a dark deal or a forehead
    deal.  ``known``: per seat, other seats' cards this seat sees (forehead
    deals; an empty tuple otherwise; always empty for ``seat`` itself).
    ``hand_sizes``: cards held per seat.  ``trump`` is meaningful once
    ``phase`` is past ``trump``.  ``legal_actions`` is empty unless ``seat`` is
    to move.  ``tricks`` are this deal's finished tricks; ``results`` all
    finished deals (public on the sheet).
    """

    rules: Rules
    seat: int | None
    """0-based; ``None`` in the public (spectator's) view."""
    deal_index: int
    deal: DealSpec
    dealer: int
    phase: Phase
    current_player: int | None
    hand: tuple[Card, ...]
    known: tuple[tuple[Card, ...], ...]
    hand_sizes: tuple[int, ...]
    turned: tuple[Card, ...]
    trump: Suit | None
    bids: tuple[int | None, ...]
    taken: tuple[int, ...]
    leader: int
    trick: tuple[tuple[int, Action], ...]
    tricks: tuple[Trick, ...]
    played: CardSet
    results: tuple[DealResult, ...]
    legal_actions: tuple[Action, ...]
    forbidden_bid: int | None

    @property
    def rotating(self) -> bool:
        """Whether each trick has its own trump in this deal (rotating trumps, but
        not in a no-trump special deal: RULES.md §5 rule 5, §7)."""
        return self.rules.trumps_rotate(self.deal)

    @property
    def hand_mask(self) -> CardSet:
        """The visible own cards as a card set."""
        m = 0
        for c in self.hand:
            m |= 1 << c
        return m


def _view(state: GameState, seat: int | None, own: CardSet, known: tuple[tuple[Card, ...], ...],
          legal: tuple[Action, ...], forbidden_bid: int | None) -> PlayerView:
    """The public facts of ``state`` with the given private part (the one place a view is assembled)."""
    n = state.rules.players
    phase = state.phase
    return PlayerView(
        rules=state.rules,
        seat=seat,
        deal_index=state.deal_index,
        deal=state.spec,
        dealer=state.dealer,
        phase=phase,
        current_player=state.current_player,
        hand=tuple(cards_in(own)),
        known=known,
        hand_sizes=tuple(h.bit_count() for h in state.hands) if phase is not Phase.OVER else (0,) * n,
        turned=state.turned,
        trump=state.trump if phase is not Phase.TRUMP else None,  # the chooser names it from three cards
        bids=state.bids,
        taken=state.taken,
        leader=state.leader,
        trick=state.trick,
        tricks=state.tricks,
        played=state.played,
        results=state.results,
        legal_actions=legal,
        forbidden_bid=forbidden_bid,
    )


def public_view(state: GameState) -> PlayerView:
    """What a spectator may see, built from public facts only: the deal, the
    dealer, the turned cards, the trump once chosen, the bids, the tricks and
    the results; no hand, no forehead card, no legal action (``seat`` is ``None``)."""
    return _view(state, None, 0, ((),) * state.rules.players, (), None)


def view_of(state: GameState, seat: int) -> PlayerView:
    """The :class:`PlayerView` of ``seat`` in ``state``.  Raises ``ValueError`` for a bad seat."""
    n = state.rules.players
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not 0..{n - 1}")
    kind = state.spec.kind
    phase = state.phase
    if phase is Phase.TRUMP:
        own: CardSet = state.first_three[seat]
    elif phase is Phase.OVER or (phase is Phase.BID and kind in (DealKind.DARK, DealKind.FOREHEAD)):
        own = 0
    else:
        own = state.hands[seat]
    if kind is DealKind.FOREHEAD and phase in (Phase.BID, Phase.PLAY):
        known = tuple(() if s == seat else tuple(cards_in(state.hands[s])) for s in range(n))
    else:
        known = ((),) * n
    to_move = state.current_player == seat
    return _view(state, seat, own, known, tuple(state.legal_actions()) if to_move else (),
                 state.forbidden_bid() if to_move else None)
