"""The one action codec shared by every RL adapter (PettingZoo, Gymnasium, OpenSpiel).

Every decision of the game — trump choice, bid, card, joker lead with its
call, joker follow with its mode (RULES.md §5–§7) — is one integer of a flat
space whose layout is fixed for every rule set except its length, which
grows with the largest deal of the schedule (bids come last):

==================  ======  =====  ===========================================================
segment             offset  size   actions, in id order
==================  ======  =====  ===========================================================
``trump``           0       5      ``trump:S`` ``trump:C`` ``trump:D`` ``trump:H`` ``trump:N``
``card``            5       52     the non-joker cards in card order (♠2…♠A, ♣, ♦, ♥):
                                   id = 5 + suit·13 + rank
``joker_lead``      57      20     ``X1`` then ``X2``, each with ``high`` ♠♣♦♥, ``takes``
                                   ♠♣♦♥, ``give``, ``top``
``joker_follow``    77      4      ``X1:high`` ``X1:low`` ``X2:high`` ``X2:low``
``bid``             81      B + 1  ``b0`` … ``bB``; B = the largest deal of the schedule
==================  ======  =====  ===========================================================

So bus-angeles, camp, raspisnoy and georgian (B = 9) have 91 actions,
raspisnoy-54 with 4 players (B = 13) 95.  The ids of the legal actions
of any state, taken in the engine's documented order
(:meth:`~joker.games.joker.engine.state.GameState.legal_actions`), are increasing.

Text is the notation of :mod:`joker.games.joker.actions` both ways
(:meth:`ActionCodec.action_to_string`, :meth:`ActionCodec.string_to_action`).
Bad ids and text raise :class:`~joker.errors.JokerError` naming the problem.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from joker.cards import JOKER1, JOKER2
from joker.errors import JokerError

from ..actions import (
    BIDS,
    JOKER_FOLLOWS,
    JOKER_LEADS,
    PLAYS,
    TRUMP_CHOICES,
    Action,
    Bid,
    parse_action,
)
from ..engine.views import PlayerView
from ..rules import JokerCall, Rules

TRUMP_OFFSET = 0
CARD_OFFSET = 5
JOKER_LEAD_OFFSET = 57
JOKER_FOLLOW_OFFSET = 77
BID_OFFSET = 81

LEAD_CALLS: tuple[tuple[JokerCall, int | None], ...] = (
    *((JokerCall.HIGH, s) for s in range(4)),
    *((JokerCall.TAKES, s) for s in range(4)),
    (JokerCall.GIVE, None),
    (JokerCall.TOP, None),
)
"""The calls of a led joker in id order (10 per joker)."""


@dataclass(frozen=True, slots=True)
class ActionSegment:
    """One kind of decision in the flat action space: ids ``offset`` … ``offset + size − 1``."""

    name: str
    offset: int
    size: int
    doc: str


def _fixed_ids() -> tuple[Action, ...]:
    acts: list[Action] = list(TRUMP_CHOICES)
    acts += PLAYS
    for j in (JOKER1, JOKER2):
        acts += [JOKER_LEADS[(j, call, s)] for call, s in LEAD_CALLS]
    for j in (JOKER1, JOKER2):
        acts += [JOKER_FOLLOWS[(j, True)], JOKER_FOLLOWS[(j, False)]]
    assert len(acts) == BID_OFFSET
    return tuple(acts)


_FIXED = _fixed_ids()
_FIXED_INDEX: dict[Action, int] = {a: i for i, a in enumerate(_FIXED)}


class ActionCodec:
    """The action ids of one rule set (see the module table).

    ``size`` is the number of ids (``Discrete(size)``); ``max_bid`` the
    largest bid (the largest deal of ``rules.deals``).  Build one per rule set;
    an environment playing single deals of a schedule uses the codec of the
    whole schedule so the space never changes between episodes.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.max_bid = max(spec.cards for spec in rules.deals)
        self.size = BID_OFFSET + self.max_bid + 1
        self._actions: tuple[Action, ...] = _FIXED + tuple(BIDS[: self.max_bid + 1])
        self._index: dict[Action, int] = dict(_FIXED_INDEX)
        for b in range(self.max_bid + 1):
            self._index[BIDS[b]] = BID_OFFSET + b

    @property
    def segments(self) -> tuple[ActionSegment, ...]:
        """The layout as data (the table of the module docstring)."""
        return (
            ActionSegment("trump", TRUMP_OFFSET, 5, "trump:S trump:C trump:D trump:H trump:N"),
            ActionSegment("card", CARD_OFFSET, 52, "non-joker cards in card order: 5 + suit*13 + rank"),
            ActionSegment("joker_lead", JOKER_LEAD_OFFSET, 20, "X1 then X2: high S C D H, takes S C D H, give, top"),
            ActionSegment("joker_follow", JOKER_FOLLOW_OFFSET, 4, "X1:high X1:low X2:high X2:low"),
            ActionSegment("bid", BID_OFFSET, self.max_bid + 1, f"b0 .. b{self.max_bid}"),
        )

    # -- ids and actions ----------------------------------------------------------
    def encode(self, action: Action) -> int:
        """The id of ``action``.  Raises :class:`JokerError` for a bid above ``max_bid``
        or a value that is not an action."""
        try:
            return self._index[action]
        except (KeyError, TypeError):
            pass
        if isinstance(action, Bid):
            raise JokerError(f"bid {action} is above the largest deal of these rules ({self.max_bid} cards)")
        raise JokerError(f"not an action: {action!r}")

    def decode(self, action_id: int) -> Action:
        """The action of id ``action_id`` (an int, numpy ints included).
        Raises :class:`JokerError` for an id outside ``0 … size − 1``."""
        try:
            i = int(action_id)
        except (TypeError, ValueError):
            raise JokerError(f"action id must be an integer, not {action_id!r}") from None
        if i != action_id or not 0 <= i < self.size:
            raise JokerError(f"action id {action_id!r} is outside 0..{self.size - 1}")
        return self._actions[i]

    def action_to_string(self, action_id: int) -> str:
        """The notation of the action with id ``action_id`` (``b3``, ``AH``, ``X1:high:H``)."""
        return str(self.decode(action_id))

    def string_to_action(self, text: str) -> int:
        """The id of the action written ``text`` (lenient reading of :func:`joker.games.joker.actions.parse_action`).
        Raises :class:`~joker.errors.InvalidNotationError` or :class:`JokerError`."""
        return self.encode(parse_action(text))

    # -- legal actions ------------------------------------------------------------
    def legal_ids(self, legal: PlayerView | Iterable[Action]) -> list[int]:
        """The sorted ids of the legal actions of a view (or of an action list)."""
        acts = legal.legal_actions if isinstance(legal, PlayerView) else legal
        return sorted(self._index[a] for a in acts)

    def mask(self, legal: PlayerView | Iterable[Action], dtype: type = np.int8) -> npt.NDArray[Any]:
        """A fresh ``(size,)`` array with 1 at the legal ids, 0 elsewhere (int8 by default)."""
        m: npt.NDArray[Any] = np.zeros(self.size, dtype=dtype)
        acts = legal.legal_actions if isinstance(legal, PlayerView) else legal
        for a in acts:
            m[self._index[a]] = 1
        return m

    def describe(self) -> str:
        """A plain-text table of the layout (for ``--help`` texts and docs)."""
        lines = [f"{'segment':<14}{'offset':>7}{'size':>6}  actions"]
        for s in self.segments:
            lines.append(f"{s.name:<14}{s.offset:>7}{s.size:>6}  {s.doc}")
        lines.append(f"{'total':<14}{'':>7}{self.size:>6}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<ActionCodec {self.rules} size={self.size}>"

