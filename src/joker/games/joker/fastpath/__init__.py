"""A compiled (numba) simulator of the play phase over bitmask hands, for
search: legal moves in the engine's order, trick winners, playouts.

* :mod:`.kernels`: the compiled functions and the move-code encoding;
* :mod:`.convert`: rule parameters, move codes <-> actions, :class:`Position`;
* :mod:`.policy`: a compiled goal-directed playout policy (for the search bot).

Functions are compiled on first use and cached on disk (``cache=True``).
The fast path agrees with the engine move for move: see
``tests/test_fastpath_diff.py``.
"""

from .convert import Position, action_of, code_of, params_of, position_of

__all__ = ["Position", "action_of", "code_of", "params_of", "position_of"]
