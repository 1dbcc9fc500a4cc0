"""Brute force for tiny deals, to check both solvers: every legal action of
the engine's :meth:`~joker.games.joker.engine.state.GameState.legal_actions`, applied with
:meth:`~joker.games.joker.engine.state.GameState.apply` (validated), to the end of the
deal — no memo, no pruning."""

from __future__ import annotations

from ..engine.state import GameState, Phase
from joker.errors import JokerError


def brute_force(state: GameState, player: int) -> tuple[int, int, frozenset[int]]:
    """``(most, fewest, exact)`` for ``player`` in the play-phase ``state``: the
    most tricks of the deal he can make sure of, the fewest he can make sure
    not to exceed, and the totals he can force exactly.  Exponential: for
    deals of about three cards.  Raises :class:`JokerError` outside the play phase."""
    if state.phase is not Phase.PLAY:
        raise JokerError(f"no play-phase position: the game is in phase {state.phase.value}")
    deal = state.deal_index

    def walk(s: GameState) -> tuple[int, int, frozenset[int]]:
        if s.deal_index != deal or s.phase is Phase.OVER:
            t = s.results[deal].tricks[player]
            return t, t, frozenset((t,))
        kids = [walk(s.apply(a)) for a in s.legal_actions()]
        if s.current_player == player:
            return max(k[0] for k in kids), min(k[1] for k in kids), frozenset().union(*(k[2] for k in kids))
        exact = kids[0][2]
        for k in kids[1:]:
            exact &= k[2]
        return min(k[0] for k in kids), max(k[1] for k in kids), exact

    return walk(state)
