"""The one Durak action codec shared by every RL adapter (PettingZoo, Gymnasium, OpenSpiel).

Every decision of RULES.md §13.4–§13.5 is one integer of a flat space whose
layout is the same for every rule set (both decks, 2–4 players).  Cards are
numbered by their **slot**: the 36 non-joker cards 6…A of ♠ ♣ ♦ ♥ as
``slot = suit·9 + (rank − 6)`` (♠6 = 0, ♠A = 8, ♣6 = 9, ♥A = 35), then ``X1``
= 36 and ``X2`` = 37 (in ``durak36`` the slots of 6♠ and 6♣ are never used:
those cards are the jokers X1 and X2, :mod:`..deck`).

===============  ======  =====  ==============================================================
segment          offset  size   actions, in id order
===============  ======  =====  ==============================================================
``attack``       0       36     ``Attack(card)``: lead, add or throw in a non-joker card:
                                id = slot
``beat``         36      1368   ``Beat(card, target)``: the attack card ``target`` (a non-joker,
                                36) covered by ``card`` (any of 38): id = 36 + slot(target)·38
                                + slot(card)
``transfer``     1404    36     ``Transfer(card)``: id = 1404 + slot
``show``         1440    36     ``Show(card)`` (a trump shown to transfer): id = 1440 + slot
``word``         1476    3      ``take`` ``done`` ``pass``
===============  ======  =====  ==============================================================

1479 ids in all.  An attack card is never a joker (a joker cannot lead, be
added, thrown in or transferred, RULES.md §13.4–§13.5), so ``attack``,
``transfer``, ``show`` and the targets of ``beat`` hold non-jokers only.
Text is the notation of :mod:`..actions` both ways.  Bad ids and text raise
:class:`~joker.errors.JokerError` naming the problem.
"""

from __future__ import annotations

from typing import Any, NoReturn

from joker.cards import JOKER1, JOKER2, Card, card, is_joker, rank_of, suit_of
from joker.errors import JokerError
from joker.tensors import ActionIds, ActionSegment

from ..actions import DONE, PASS, TAKE, Action, Attack, Beat, Show, Transfer, parse_action
from ..deck import LOW_RANK

PLAIN = 36
"""Slots of the non-joker cards 6…A of the four suits."""
SLOTS = PLAIN + 2
"""Card slots: the non-joker cards, then X1, X2."""
ATTACK_OFFSET = 0
BEAT_OFFSET = ATTACK_OFFSET + PLAIN
TRANSFER_OFFSET = BEAT_OFFSET + PLAIN * SLOTS
SHOW_OFFSET = TRANSFER_OFFSET + PLAIN
WORD_OFFSET = SHOW_OFFSET + PLAIN
SIZE = WORD_OFFSET + 3
WORDS = (TAKE, DONE, PASS)


def slot_of(c: Card) -> int:
    """The slot of a Durak card (see the module doc).  Raises :class:`JokerError` for a card
    outside both Durak decks (ranks 2…5)."""
    if c == JOKER1:
        return PLAIN
    if c == JOKER2:
        return PLAIN + 1
    r, s = rank_of(c), suit_of(c)
    if r is None or s is None or r < LOW_RANK or not 0 <= c < JOKER1:
        raise JokerError(f"card {c!r} is not a Durak card")
    return s * 9 + r - LOW_RANK


def card_of(slot: int) -> Card:
    """The card of ``slot`` (0 … 37)."""
    if slot >= PLAIN:
        return JOKER1 if slot == PLAIN else JOKER2
    return card(slot % 9 + LOW_RANK, slot // 9)


CARDS: tuple[Card, ...] = tuple(card_of(i) for i in range(SLOTS))
"""The card of each slot."""


SEGMENTS = (
    ActionSegment("attack", ATTACK_OFFSET, PLAIN, "Attack(card): id = slot"),
    ActionSegment("beat", BEAT_OFFSET, PLAIN * SLOTS, "Beat(card, target): 36 + slot(target)*38 + slot(card)"),
    ActionSegment("transfer", TRANSFER_OFFSET, PLAIN, "Transfer(card): 1404 + slot"),
    ActionSegment("show", SHOW_OFFSET, PLAIN, "Show(card): 1440 + slot"),
    ActionSegment("word", WORD_OFFSET, 3, "take done pass"),
)


def _all_actions() -> tuple[Action, ...]:
    plain = CARDS[:PLAIN]
    acts: list[Action] = [Attack(c) for c in plain]
    acts += [Beat(b, t) for t in plain for b in CARDS]
    acts += [Transfer(c) for c in plain]
    acts += [Show(c) for c in plain]
    acts += list(WORDS)
    assert len(acts) == SIZE
    return tuple(acts)




class DurakCodec(ActionIds[Action]):
    """Durak's action ids (the module table): ``size`` ids, the same for every rule set."""

    segments = SEGMENTS

    def __init__(self) -> None:
        super().__init__(_all_actions(), parse_action)

    def refuse(self, action: Any) -> NoReturn:
        """A joker as an attack card, a card of rank 2…5, or not a Durak action: :class:`JokerError`."""
        if isinstance(action, (Attack, Transfer, Show, Beat)) and is_joker(getattr(action, "target", action.card)):
            raise JokerError(f"{action}: a joker is never an attack card (RULES.md §13.5)")
        raise JokerError(f"not a Durak action: {action!r}")

    def __repr__(self) -> str:
        return f"<DurakCodec size={SIZE}>"


CODEC = DurakCodec()
"""The codec (one for every rule set)."""
