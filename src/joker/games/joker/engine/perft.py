"""Perft: counting legal action sequences, for checking move generation
against a separate reference (the chess engines' practice)."""

from __future__ import annotations

from .state import GameState


def perft(state: GameState, depth: int | None = None) -> int:
    """Number of legal action sequences from ``state`` to the end of its deal
    (``depth`` None) or of exactly ``depth`` actions within the deal."""
    if state.is_terminal() or depth == 0:
        return 1
    deal = state.deal_index
    total = 0
    for a in state.legal_actions():
        s = state.copy()
        s.push_unchecked(a)
        if s.deal_index != deal or s.is_terminal():
            total += 1
        else:
            total += perft(s, None if depth is None else depth - 1)
    return total


def divide(state: GameState, depth: int | None = None) -> dict[str, int]:
    """Perft split by first action (``str(action)`` → count), for finding a disagreement."""
    out = {}
    for a in state.legal_actions():
        s = state.copy()
        s.push_unchecked(a)
        done = s.deal_index != state.deal_index or s.is_terminal()
        out[str(a)] = 1 if done else perft(s, None if depth is None else depth - 1)
    return out
