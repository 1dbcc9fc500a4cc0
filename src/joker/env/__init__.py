"""Environments for people who train their own agents (the ``rl`` extra).

* :mod:`joker.env.codec` — the one action codec: every decision as one id of a
  flat documented integer space, legal-action masks, notation both ways;
* :mod:`joker.env.observation` — the observation tensor of one seat, named
  segments built from its :class:`~joker.games.joker.engine.views.PlayerView` only;
* :mod:`joker.env.episode` — whole-game and one-deal episodes, rewards;
* :mod:`joker.env.pettingzoo` — PettingZoo AEC environment (``env()``);
* :mod:`joker.env.gymnasium` — Gymnasium environment, one seat against bots
  (registered as ``joker/Joker-v0``);
* :mod:`joker.env.openspiel` — OpenSpiel game ``python_joker`` (registered on import).

See docs/environments.md.  numpy, gymnasium, pettingzoo and open_spiel are
needed only here; the engine never imports this package.
"""

from .codec import ActionCodec
from .episode import EpisodeConfig
from .observation import ObservationLayout

__all__ = ["ActionCodec", "EpisodeConfig", "ObservationLayout"]
