"""Transfer Durak with jokers and prikup ("Переводной дурак с жопой", RULES.md §13).

Modules: :mod:`.deck` (the two decks, colours), :mod:`.rules` (rules as data),
:mod:`.actions` (typed actions and their notation), :mod:`.engine` (the state
machine, the deal, the views), :mod:`.record` (records), :mod:`.game` (``GAME``,
the object :mod:`joker.registry` hands out as ``"durak"``).
"""

from .game import GAME

__all__ = ["GAME"]
