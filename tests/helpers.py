"""Shared builders for the rule tests.

Nothing here computes an expected value: these helpers only build games from
explicit cards (written as text, e.g. ``"X1 KH 7S"``) and drive them with
explicit actions, so every expectation stays written by hand in the tests.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from joker import DealCards, GameState, Phase, new_game, parse_card, parse_cards, preset
from joker.games.joker.rules import Rules


def rules_of(name: str = "bus-angeles", **changes) -> Rules:
    """A preset with fields replaced (``schedule="2"`` etc.)."""
    r = preset(name)
    return r.replace(**changes) if changes else r


def deal_of(hands: Sequence[str], turned: str | None = None) -> DealCards:
    """Explicit cards of one deal: one text hand per 0-based seat, in dealing order."""
    return DealCards(
        tuple(tuple(parse_cards(h)) for h in hands),
        None if turned is None else parse_card(turned),
    )


def game(
    rules: Rules,
    hands: Sequence[str],
    turned: str | None = None,
    first_dealer: int | None = None,
    seed: int = 0,
) -> GameState:
    """A game whose first deal holds ``hands`` (later deals are seeded).

    ``first_dealer`` is 0-based; by default the LAST seat deals, so seat 0 is
    the first hand (bids first and leads the first trick).
    """
    if first_dealer is None:
        first_dealer = rules.players - 1
    return new_game(rules, seed=seed, deals=[deal_of(hands, turned)], first_dealer=first_dealer)


def apply_all(state: GameState, actions: Iterable[str]) -> GameState:
    for a in actions:
        state = state.apply(a)
    return state


def bid_through(state: GameState) -> GameState:
    """Make every bid of the current deal: each bidder says the lowest legal bid.

    (Bids never influence the play, so the play tests do not care which.)
    """
    while state.phase is Phase.BID:
        state = state.apply(state.legal_actions()[0])
    return state


def legal(state: GameState) -> set[str]:
    """The legal actions as a set of notation strings."""
    return {str(a) for a in state.legal_actions()}


def play_trick(state: GameState, actions: Sequence[str]) -> tuple[GameState, int]:
    """Play one whole trick (``actions`` in seat order from the leader); returns
    the new state and the 0-based winner of that trick."""
    n_before = len(state.tricks)
    deal_before = state.deal_index
    state = apply_all(state, actions)
    assert state.deal_index == deal_before, "the trick under test must not be the last of its deal"
    assert len(state.tricks) == n_before + 1
    return state, state.tricks[-1].winner


def random_play_state(rules: Rules, seed: int, walk, most_plays: int) -> GameState | None:
    """A seeded game walked by random legal actions (``walk``: a ``random.Random``)
    into its first deal's play, then up to ``most_plays - 1`` random actions
    further; ``None`` when that leaves the play phase."""
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.PLAY and not state.is_terminal():
        state = state.apply(walk.choice(state.legal_actions()))
    for _ in range(walk.randrange(0, most_plays)):
        if state.phase is not Phase.PLAY:
            break
        state = state.apply(walk.choice(state.legal_actions()))
    return state if state.phase is Phase.PLAY else None
