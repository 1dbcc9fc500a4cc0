"""Joker's RL plug-in (the protocol of :mod:`joker.env.plugin`, met
structurally; found by ``registry.plugin("joker", "rl")``): the action codec
(:mod:`.codec`), the observation tensor (:mod:`.observation`), whole-game and
one-deal episodes with their rewards (:mod:`.episode`) and the text picture of
a table (:mod:`.render`).  Needs numpy (the ``rl`` extra)."""

from __future__ import annotations

from ..rules import Rules
from .codec import ActionCodec
from .episode import EpisodeConfig
from .observation import ObservationLayout


class JokerRL:
    """Joker's RL plug-in: :meth:`episodes` is :class:`EpisodeConfig`."""

    def episodes(self, rules: Rules | str, *, episode: str = "game", reward: str | None = None,
                 deal: int | None = None, reward_scale: float = 1.0) -> EpisodeConfig:
        """The episodes of ``rules`` (a :class:`~joker.games.joker.rules.Rules`, a preset
        name or a rules string; see :mod:`.episode` for the options).  Raises
        :class:`~joker.errors.JokerError` for a bad option, naming it."""
        return EpisodeConfig(rules, episode, reward, deal, reward_scale)


PLUGIN = JokerRL()

__all__ = ["ActionCodec", "EpisodeConfig", "JokerRL", "ObservationLayout", "PLUGIN"]
