"""The slow double-dummy reference, in plain Python, to check the compiled
solver: plain minimax with a memo at trick boundaries, over the engine's own
play functions (:func:`~joker.games.joker.engine.play.follow_mask`,
:func:`~joker.games.joker.engine.play.trick_winner`, the lead calls of
:class:`~joker.games.joker.engine.state.GameState`), with every legal action searched (no
equivalent-card pruning, no move ordering, no bounds).

A position here is a :class:`RefPosition`; :func:`ref_position` builds one
from a play-phase :class:`~joker.games.joker.engine.state.GameState`.  Results count a
seat's tricks over the whole deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..actions import JOKER_FOLLOWS, JOKER_LEADS, PLAYS, Action, FollowJoker, LeadJoker, Play
from joker.cards import JOKERS, cards_in
from ..engine.play import follow_mask, led_suit, trick_trump, trick_winner
from ..engine.state import GameState, Phase
from joker.errors import JokerError
from ..rules import Rules


@dataclass(frozen=True)
class RefPosition:
    """Hands per seat, the current trick (``(seat, action)`` pairs), its leader,
    first-trick flag and tricks taken; ``template`` is a state of the same deal
    (its rules, trump and lead calls are used)."""

    template: GameState
    hands: tuple[int, ...]
    trick: tuple[tuple[int, Action], ...]
    leader: int
    first: bool
    taken: tuple[int, ...]


def ref_position(state: GameState) -> RefPosition:
    """The reference position of a play-phase state.  Raises :class:`JokerError` otherwise."""
    if state.phase is not Phase.PLAY:
        raise JokerError(f"no play-phase position: the game is in phase {state.phase.value}")
    return RefPosition(state, tuple(state.hands), tuple(state.trick), state.leader, not state.tricks,
                       tuple(state.taken))


_CardAction = Play | LeadJoker | FollowJoker


def _legal(pos: RefPosition, seat: int) -> list[_CardAction]:
    st = pos.template
    rules: Rules = st.rules
    hand = pos.hands[seat]
    jokers = [j for j in cards_in(hand & JOKERS)]
    if not pos.trick:
        acts: list[_CardAction] = [PLAYS[c] for c in cards_in(hand & ~JOKERS)]
        for j in jokers:
            acts += [JOKER_LEADS[(j, call, s)] for call, s in st._lead_calls(pos.first)]
        return acts
    led = led_suit(pos.trick)
    t = trick_trump(st.trump, st.rotating, led)
    acts = [PLAYS[c] for c in cards_in(follow_mask(hand, pos.trick[0][1], led, t, rules.must_trump))]
    for j in jokers:
        acts += [JOKER_FOLLOWS[(j, True)], JOKER_FOLLOWS[(j, False)]]
    return acts


def _after(pos: RefPosition, seat: int, a: _CardAction) -> RefPosition:
    st = pos.template
    n = st.rules.players
    hands = list(pos.hands)
    hands[seat] &= ~(1 << a.card)
    trick = pos.trick + ((seat, a),)
    if len(trick) < n:
        return RefPosition(st, tuple(hands), trick, pos.leader, pos.first, pos.taken)
    w = trick_winner(trick, st.trump, st.rotating, st.rules.high_call_trump_wins)
    taken = list(pos.taken)
    taken[w] += 1
    return RefPosition(st, tuple(hands), (), w, False, tuple(taken))


def _to_move(pos: RefPosition) -> int:
    return (pos.leader + len(pos.trick)) % pos.template.rules.players


def _over(pos: RefPosition) -> bool:
    return not pos.trick and not pos.hands[pos.leader]


def _value(pos: RefPosition, player: int, maximize: bool, memo: dict[tuple[tuple[int, ...], int, bool], int]) -> int:
    """P's total tricks under minimax: P maximises (``maximize``) or minimises, the others do the opposite."""
    if _over(pos):
        return pos.taken[player]
    key = None
    if not pos.trick:
        key = (pos.hands, pos.leader, pos.first)
        if key in memo:
            return pos.taken[player] + memo[key]
    seat = _to_move(pos)
    vals = [_value(_after(pos, seat, a), player, maximize, memo) for a in _legal(pos, seat)]
    best = max(vals) if (seat == player) == maximize else min(vals)
    if key is not None:
        memo[key] = best - pos.taken[player]
    return best


def ref_max_tricks(pos: RefPosition, player: int) -> int:
    """The most tricks of the deal ``player`` can make sure of taking."""
    return _value(pos, player, True, {})


def ref_min_tricks(pos: RefPosition, player: int) -> int:
    """The fewest tricks of the deal ``player`` can make sure of not exceeding."""
    return _value(pos, player, False, {})


def ref_can_take(pos: RefPosition, player: int, totals: Iterable[int]) -> bool:
    """Whether ``player`` can force his trick total into ``totals``."""
    target = frozenset(totals)
    memo: dict[tuple[tuple[int, ...], int, bool, int], bool] = {}

    def win(p: RefPosition) -> bool:
        if _over(p):
            return p.taken[player] in target
        key = None
        if not p.trick:
            key = (p.hands, p.leader, p.first, p.taken[player])
            if key in memo:
                return memo[key]
        seat = _to_move(p)
        results = (win(_after(p, seat, a)) for a in _legal(p, seat))
        res = any(results) if seat == player else all(results)
        if key is not None:
            memo[key] = res
        return res

    return win(pos)
