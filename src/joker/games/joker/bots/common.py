"""Helpers shared by the Joker bots: jokers that play alike.  (What the cards
played tell about the hands: :mod:`joker.games.joker.inference`.)"""

from __future__ import annotations

from typing import Sequence

from ..actions import Action, FollowJoker, LeadJoker


def distinct(actions: Sequence[Action]) -> list[Action]:
    """``actions`` without a second joker's duplicates (X1 and X2 play alike), in order."""
    out, seen = [], set()
    for a in actions:
        if type(a) is LeadJoker:
            sig: object = ("lead", a.call, a.suit)
        elif type(a) is FollowJoker:
            sig = ("follow", a.high)
        else:
            sig = a
        if sig not in seen:
            seen.add(sig)
            out.append(a)
    return out
