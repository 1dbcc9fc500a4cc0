"""Between the engine's values and the compiled kernels' arrays: rule
parameters, move codes, and play-phase positions (see :mod:`.kernels` for the
encoding)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..actions import JOKER_FOLLOWS, JOKER_LEADS, PLAYS, Action, FollowJoker, LeadJoker, Play
from joker.cards import Suit
from ..engine.state import GameState, Phase
from joker.errors import JokerError
from ..rules import JokerCall, Rules
from . import kernels as K
from .kernels import I64s

_CALL_BIT = {
    JokerCall.HIGH: K.LEAD_HIGH, JokerCall.TAKES: K.LEAD_TAKES, JokerCall.GIVE: K.LEAD_GIVE, JokerCall.TOP: K.LEAD_TOP,
}


def params_of(rules: Rules, trump: Suit | None, rotating: bool) -> I64s:
    """The kernels' ``params`` array for a deal under ``rules`` with deal trump
    ``trump`` (``None``: no trump) and ``rotating`` (the state's ``rotating``:
    rotating trumps, but not in a no-trump special deal, RULES.md §5 rule 5)."""
    leads = 0
    for call in rules.joker_leads:
        leads |= _CALL_BIT[call]
    p = np.zeros(K.N_PARAMS, dtype=np.int64)
    p[K.P_N] = rules.players
    p[K.P_TRUMP] = -1 if trump is None else trump
    p[K.P_ROTATING] = int(rotating)
    p[K.P_MUST_TRUMP] = int(rules.must_trump)
    p[K.P_HCTW] = int(rules.high_call_trump_wins)
    p[K.P_LEADS] = leads
    p[K.P_FIRST_ONLY] = int(rules.high_call_first_trick_only)
    return p


_CODE: dict[Action, int] = {}
_ACTION: dict[int, Action] = {}


def _build_codes() -> None:
    for c in range(52):
        _CODE[PLAYS[c]] = c
    for (j, high), follow in JOKER_FOLLOWS.items():
        _CODE[follow] = j | ((K.SUB_FOLLOW_HIGH if high else K.SUB_FOLLOW_LOW) << 6)
    for (j, call, s), lead in JOKER_LEADS.items():
        if call is JokerCall.GIVE:
            sub = K.SUB_GIVE
        elif call is JokerCall.TOP:
            sub = K.SUB_TOP
        else:
            assert s is not None  # high and takes name a suit
            sub = (K.SUB_HIGH if call is JokerCall.HIGH else K.SUB_TAKES) + s
        _CODE[lead] = j | (sub << 6)
    for a, code in _CODE.items():
        _ACTION[code] = a


_build_codes()


def code_of(action: Action) -> int:
    """The move code of a card action (``Play``, ``LeadJoker``, ``FollowJoker``).
    Raises :class:`JokerError` for a bid or trump choice."""
    try:
        return _CODE[action]
    except KeyError:
        raise JokerError(f"not a card action: {action}") from None


def action_of(code: int) -> Action:
    """The action of a move code.  Raises :class:`JokerError` for a bad code."""
    try:
        return _ACTION[int(code)]
    except KeyError:
        raise JokerError(f"not a move code: {code}") from None


@dataclass(frozen=True)
class Position:
    """A play-phase position with every hand known (a deal in progress).

    ``hands[seat]``: card sets; ``trick``: move codes of the current trick,
    lead first; ``leader``: the seat that led it (or leads next when empty);
    ``first``: no trick finished yet in this deal; ``taken``: tricks taken per
    seat so far; ``params``: :func:`params_of`.
    """

    params: I64s
    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    first: bool
    taken: tuple[int, ...]

    @property
    def players(self) -> int:
        return int(self.params[K.P_N])

    @property
    def to_move(self) -> int:
        """The seat to move."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish (the current one included)."""
        return (self.hands[self.leader].bit_count() if not self.trick else self.hands[self.to_move].bit_count())

    def arrays(self) -> tuple[I64s, I64s, I64s]:
        """``(hands, trick, taken)`` as fresh ``int64`` arrays (the trick padded to the players)."""
        n = self.players
        trick = np.zeros(n, dtype=np.int64)
        trick[: len(self.trick)] = self.trick
        return (np.array(self.hands, dtype=np.int64), trick, np.array(self.taken, dtype=np.int64))

    def legal_codes(self) -> list[int]:
        """The legal move codes of the seat to move, in the engine's order."""
        hands, trick, _ = self.arrays()
        out = np.empty(K.MAX_MOVES, dtype=np.int64)
        k = K.gen_moves(int(hands[self.to_move]), trick, len(self.trick), int(self.first), self.params, out)
        return [int(x) for x in out[:k]]

    def play(self, code: int) -> "Position":
        """The position after the seat to move plays ``code`` (not checked)."""
        n = self.players
        p = self.to_move
        hands = list(self.hands)
        hands[p] &= ~(1 << (code & 63))
        trick = self.trick + (int(code),)
        if len(trick) < n:
            return Position(self.params, tuple(hands), trick, self.leader, self.first, self.taken)
        arr = np.array(trick, dtype=np.int64)
        w = (self.leader + K.winner_index(arr, n, self.params[K.P_TRUMP], self.params[K.P_ROTATING],
                                          self.params[K.P_HCTW])) % n
        taken = list(self.taken)
        taken[w] += 1
        return Position(self.params, tuple(hands), (), w, False, tuple(taken))


def position_of(state: GameState, hands: Sequence[int] | None = None) -> Position:
    """The play-phase position of ``state`` (``hands`` replaces its hands, e.g.
    a sampled world).  Raises :class:`JokerError` outside the play phase."""
    if state.phase is not Phase.PLAY:
        raise JokerError(f"no play-phase position: the game is in phase {state.phase.value}")
    return Position(
        params=params_of(state.rules, state.trump, state.rotating),
        hands=tuple(state.hands if hands is None else hands),
        trick=tuple(code_of(a) for _, a in state.trick),
        leader=state.leader,
        first=not state.tricks,
        taken=tuple(state.taken),
    )


__all__ = ["Position", "action_of", "code_of", "params_of", "position_of", "Play", "LeadJoker", "FollowJoker"]
