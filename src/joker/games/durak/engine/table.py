"""The table of one bout and the card rules that judge it (RULES.md §13.4–§13.5).

Pure values and predicates, shared by the state machine (:mod:`.state`), its
refusals (:mod:`.refusals`) and the views (:mod:`.views`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Any

from joker.cards import Card, CardSet, Suit, is_joker, rank_of, suit_of


class Phase(str, Enum):
    """What the game waits for (RULES.md §13.4)."""

    LEAD = "lead"
    """The bout's leader plays his first card."""
    ADD = "add"
    """The leader adds cards of the lead's rank, one at a time, or says done."""
    DEFEND = "defend"
    """The defender answers an unbeaten attack card: beat, transfer, show, joker or take."""
    THROW = "throw"
    """Every attack card is beaten, or the defender said take: the throwers throw in or pass in turn."""
    OVER = "over"
    """The series is over."""


@dataclass(frozen=True)
class Bout:
    """One bout on the table.

    ``leader``: the player who led (the draw starts from him, RULES.md §13.4
    rule 6); ``defender``: who defends now (transfers and a joker's pass-on
    move it); ``attack`` and ``defence``: the attack cards in the order they
    came and the card covering each (``None`` while unbeaten); ``limit``: the
    most attack cards this bout may hold; ``taking``: the defender said take;
    ``passed_on``: the unbeaten rest of a joker's bout, passed to the player on
    the left (no throw-in, no transfer, RULES.md §13.5); ``thrower``: whose
    turn it is to throw in (``None`` before the first turn); ``passes``: passes
    in a row since the last card thrown; ``shown``: trumps shown this bout;
    ``cleared``: some card of this bout already went to the discard pile.

    Change one with :meth:`evolve` (the engine's hot path; no ``__slots__``, so
    that a copy is one dict update)."""

    leader: int
    defender: int
    limit: int
    attack: tuple[Card, ...] = ()
    defence: tuple[Card | None, ...] = ()
    taking: bool = False
    passed_on: bool = False
    thrower: int | None = None
    passes: int = 0
    shown: CardSet = 0
    cleared: bool = False

    @property
    def unbeaten(self) -> tuple[Card, ...]:
        """The attack cards not yet covered, in table order."""
        return tuple(a for a, d in zip(self.attack, self.defence) if d is None)

    @property
    def cards(self) -> CardSet:
        """Every card on the table as a card set."""
        m = 0
        for a, d in zip(self.attack, self.defence):
            m |= 1 << a
            if d is not None:
                m |= 1 << d
        return m

    @property
    def ranks(self) -> frozenset[int]:
        """The ranks on the table (attack and defence cards; a joker has none)."""
        out = set()
        for c in self.cards_list():
            r = rank_of(c)
            if r is not None:
                out.add(r)
        return frozenset(out)

    def cards_list(self) -> list[Card]:
        """The table's cards: each attack card then its cover, in table order."""
        out: list[Card] = []
        for a, d in zip(self.attack, self.defence):
            out.append(a)
            if d is not None:
                out.append(d)
        return out

    def evolve(self, **changes: Any) -> "Bout":
        """This bout with the fields ``changes`` (name=value) replaced: what
        :func:`dataclasses.replace` does, several times faster (no ``__init__``
        call; a name not a field fails an assertion)."""
        assert changes.keys() <= _BOUT_FIELDS, changes.keys() - _BOUT_FIELDS
        new = object.__new__(Bout)
        d = new.__dict__
        d.update(self.__dict__)
        d.update(changes)
        return new

    def add_attack(self, c: Card) -> "Bout":
        """This bout with the attack card ``c`` added, unbeaten."""
        return self.evolve(attack=self.attack + (c,), defence=self.defence + (None,))

    def cover(self, target: Card, c: Card) -> "Bout":
        """This bout with ``target`` covered by ``c``."""
        i = self.attack.index(target)
        return self.evolve(defence=self.defence[:i] + (c,) + self.defence[i + 1:])


_BOUT_FIELDS = frozenset(f.name for f in fields(Bout))


def beats(c: Card, target: Card, trump: Suit | None) -> bool:
    """Whether ``c`` beats the attack card ``target`` (RULES.md §13.1, §13.5): a
    joker beats anything; else a higher card of the same suit, or a trump over
    a non-trump."""
    if is_joker(c):
        return True
    if is_joker(target):
        return False
    cs, ts = suit_of(c), suit_of(target)
    if cs == ts:
        return (rank_of(c) or 0) > (rank_of(target) or 0)
    return trump is not None and cs == trump


def is_trump(c: Card, trump: Suit | None) -> bool:
    """Whether ``c`` is a card of the trump suit (never a joker; never under no trump)."""
    return trump is not None and not is_joker(c) and suit_of(c) == trump
