"""Double-dummy solving: exact results of a play-phase position with every
hand known (RULES.md §7).

* :class:`DoubleDummy` (:mod:`.fast`): the compiled solver (alpha-beta style
  AND/OR search with a transposition table; joker calls branch);
* :mod:`.reference`: a slow plain-Python reference over the engine's play
  functions; :mod:`.brute`: brute force through the engine's public API, for
  tiny deals.  Tests hold the three to the same answers.
"""

from .fast import DoubleDummy

__all__ = ["DoubleDummy"]
