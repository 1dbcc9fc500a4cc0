"""Helpers shared by the Joker bots: jokers that play alike, and what a card
played off suit tells about the hand it came from."""

from __future__ import annotations

from typing import Iterator, Sequence

from ..actions import Action, FollowJoker, LeadJoker, Play
from ..engine.play import led_suit, trick_trump
from ..engine.views import PlayerView


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


def followed(view: PlayerView) -> Iterator[tuple[int, int, Action, int | None, int | None]]:
    """Every plain card played after the lead in this deal, as ``(seat, card,
    lead, led, trump)``: the trick's lead action, its led suit and its trump
    (``None`` for none; rotating trumps counted) when the card was played —
    what a card off suit tells about the hand it came from (RULES.md §7)."""
    for plays in [t.plays for t in view.tricks] + [view.trick]:
        for i in range(1, len(plays)):
            seat, a = plays[i]
            if type(a) is not Play:
                continue
            led = led_suit(plays[:i])
            yield seat, a.card, plays[0][1], led, trick_trump(view.trump, view.rotating, led)
