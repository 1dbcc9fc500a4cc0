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

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from joker.cards import JOKER1, JOKER2, Card, card, is_joker, rank_of, suit_of
from joker.errors import JokerError

from ..actions import DONE, PASS, TAKE, Action, Attack, Beat, Show, Transfer, parse_action
from ..deck import LOW_RANK
from ..engine.views import PlayerView

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


@dataclass(frozen=True, slots=True)
class ActionSegment:
    """One kind of decision in the flat action space: ids ``offset`` … ``offset + size − 1``."""

    name: str
    offset: int
    size: int
    doc: str


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


_ACTIONS = _all_actions()
_INDEX: dict[Action, int] = {a: i for i, a in enumerate(_ACTIONS)}


class DurakCodec:
    """Durak's action ids (the module table): ``size`` ids, the same for every rule set."""

    size = SIZE
    segments = SEGMENTS

    def encode(self, action: Action) -> int:
        """The id of ``action``.  Raises :class:`JokerError` for a value that is not a
        Durak action of these decks (a joker attacking, a card of rank 2…5)."""
        try:
            return _INDEX[action]
        except (KeyError, TypeError):
            pass
        if isinstance(action, (Attack, Transfer, Show, Beat)) and is_joker(getattr(action, "target", action.card)):
            raise JokerError(f"{action}: a joker is never an attack card (RULES.md §13.5)")
        raise JokerError(f"not a Durak action: {action!r}")

    def decode(self, action_id: Any) -> Action:
        """The action of id ``action_id`` (an int, numpy ints included).
        Raises :class:`JokerError` for anything else or an id outside ``0 … size − 1``."""
        if isinstance(action_id, (bool, np.bool_)) or not isinstance(action_id, (int, np.integer)):
            raise JokerError(f"action id must be an integer, not {action_id!r}")
        i = int(action_id)
        if not 0 <= i < SIZE:
            raise JokerError(f"action id {action_id!r} is outside 0..{SIZE - 1}")
        return _ACTIONS[i]

    def action_to_string(self, action_id: Any) -> str:
        """The notation of the action with id ``action_id`` (``8C``, ``KC/8C``, ``transfer:8D``, ``take``)."""
        return str(self.decode(action_id))

    def string_to_action(self, text: str) -> int:
        """The id of the action written ``text`` (the lenient reading of :func:`..actions.parse_action`).
        Raises :class:`~joker.errors.InvalidNotationError` or :class:`JokerError`."""
        return self.encode(parse_action(text))

    def legal_ids(self, legal: PlayerView | Iterable[Action]) -> list[int]:
        """The sorted ids of the legal actions of a view (or of an action list)."""
        acts = legal.legal_actions if isinstance(legal, PlayerView) else legal
        return sorted(_INDEX[a] for a in acts)

    def mask(self, legal: PlayerView | Iterable[Action], dtype: type = np.int8) -> npt.NDArray[Any]:
        """A fresh ``(size,)`` array with 1 at the legal ids, 0 elsewhere (int8 by default)."""
        m: npt.NDArray[Any] = np.zeros(SIZE, dtype=dtype)
        acts = legal.legal_actions if isinstance(legal, PlayerView) else legal
        for a in acts:
            m[_INDEX[a]] = 1
        return m

    def describe(self) -> str:
        """A plain-text table of the layout."""
        lines = [f"{'segment':<10}{'offset':>7}{'size':>6}  actions"]
        for s in SEGMENTS:
            lines.append(f"{s.name:<10}{s.offset:>7}{s.size:>6}  {s.doc}")
        lines.append(f"{'total':<10}{'':>7}{SIZE:>6}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<DurakCodec size={SIZE}>"


CODEC = DurakCodec()
"""The codec (one for every rule set)."""
