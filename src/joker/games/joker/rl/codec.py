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

from typing import Any, NoReturn

from joker.cards import JOKER1, JOKER2
from joker.errors import JokerError
from joker.tensors import ActionIds, ActionSegment

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


class ActionCodec(ActionIds[Action]):
    """The action ids of one rule set (see the module table).

    ``size`` is the number of ids (``Discrete(size)``); ``max_bid`` the
    largest bid (the largest deal of ``rules.deals``).  Build one per rule set;
    an environment playing single deals of a schedule uses the codec of the
    whole schedule so the space never changes between episodes.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.max_bid = max(spec.cards for spec in rules.deals)
        super().__init__(_FIXED + tuple(BIDS[: self.max_bid + 1]), parse_action)
        self.segments = (
            ActionSegment("trump", TRUMP_OFFSET, 5, "trump:S trump:C trump:D trump:H trump:N"),
            ActionSegment("card", CARD_OFFSET, 52, "non-joker cards in card order: 5 + suit*13 + rank"),
            ActionSegment("joker_lead", JOKER_LEAD_OFFSET, 20, "X1 then X2: high S C D H, takes S C D H, give, top"),
            ActionSegment("joker_follow", JOKER_FOLLOW_OFFSET, 4, "X1:high X1:low X2:high X2:low"),
            ActionSegment("bid", BID_OFFSET, self.max_bid + 1, f"b0 .. b{self.max_bid}"),
        )
        """The layout as data (the table of the module docstring)."""

    def refuse(self, action: Any) -> NoReturn:
        """A bid above ``max_bid`` or a value that is not an action: :class:`JokerError`."""
        if isinstance(action, Bid):
            raise JokerError(f"bid {action} is above the largest deal of these rules ({self.max_bid} cards)")
        raise JokerError(f"not an action: {action!r}")

    def __repr__(self) -> str:
        return f"<ActionCodec {self.rules} size={self.size}>"

