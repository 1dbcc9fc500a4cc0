"""Environments for people who train their own agents (the ``rl`` extra), for
any game of the registry with an RL plug-in.

* :mod:`joker.env.plugin` — the RL plug-in protocol a game offers (action
  codec, observation layout, episodes and rewards); Joker's is
  :mod:`joker.games.joker.rl` (its codec, observation tensor, episodes and
  table picture);
* :mod:`joker.env.pettingzoo` — PettingZoo AEC environment (``env()``);
* :mod:`joker.env.gymnasium` — Gymnasium environment, one seat against bots
  (registered as ``joker/Joker-v0``);
* :mod:`joker.env.openspiel` — OpenSpiel game ``python_joker`` (registered on import; Joker's only).
* :mod:`joker.env.openspiel_durak` — OpenSpiel game ``python_durak`` (registered on import; Durak's,
  over :mod:`joker.games.durak.rl`).

See docs/environments.md.  numpy, gymnasium, pettingzoo and open_spiel are
needed only here; the engine never imports this package.
"""

from .plugin import ActionCodec, Episodes, ObservationLayout, RLPlugin

__all__ = ["ActionCodec", "Episodes", "ObservationLayout", "RLPlugin"]
