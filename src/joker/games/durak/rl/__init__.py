"""Durak's RL plug-in (the protocol of :mod:`joker.env.plugin`, met
structurally; found by ``registry.plugin("durak", "rl")``): the action codec
(:mod:`.codec`), the observation tensor (:mod:`.observation`), episodes and
rewards (:mod:`.episode`) and the text picture of a table (:mod:`.render`).
Needs numpy (the ``rl`` extra).  See docs/environments.md, "Durak"."""

from __future__ import annotations

from ..rules import DurakRules
from .codec import CODEC, DurakCodec
from .episode import DurakEpisodes
from .observation import ObservationLayout


class DurakRL:
    """Durak's RL plug-in: :meth:`episodes` is :class:`DurakEpisodes`."""

    def episodes(self, rules: DurakRules | str, *, episode: str = "game", reward: str | None = None,
                 deal: int | None = None, reward_scale: float = 1.0) -> DurakEpisodes:
        """The episodes of ``rules`` (a :class:`DurakRules`, a preset name or a rules string;
        options in :mod:`.episode`).  Raises :class:`~joker.errors.JokerError` for a bad option."""
        return DurakEpisodes(rules, episode, reward, deal, reward_scale)


PLUGIN = DurakRL()

__all__ = ["CODEC", "DurakCodec", "DurakEpisodes", "DurakRL", "ObservationLayout", "PLUGIN"]
