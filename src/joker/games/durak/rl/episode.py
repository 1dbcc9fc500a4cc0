"""Durak's episodes for the PettingZoo and Gymnasium adapters (the ``Episodes``
of :mod:`joker.env.plugin`, met structurally).

* ``episode="game"`` (the only kind): one episode plays the rules' series —
  ``rules.games`` games, one in both presets — from the deal to the last
  game's end (RULES.md §13.6).
* Rewards come at the end of each game of the series (0 on every other step):

  - ``reward="zero_sum"`` (default): the fool −1, every other seat
    +1/(n − 1), so a game's rewards add up to 0;
  - ``reward="fool"``: the fool −1, the others 0 (the engine's
    :meth:`~..engine.state.DurakState.scores`: an episode's rewards add up to them);
  - a draw (the house's stall rule, or nobody able to lead; docs/durak.md): 0 for everyone.

  Rewards are multiplied by ``reward_scale``.
* An illegal action's default reward: −``rules.games`` × ``reward_scale`` (the
  worst a seat can get in the episode).

All randomness comes from the ``random.Random`` the adapter passes: each
episode's seed is drawn from it and the series is dealt from that seed
(:func:`~..engine.deal.deal_from_seed`); who attacks first follows RULES.md §13.3.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from joker.errors import JokerError

from ..engine.state import DurakState, new_game
from ..engine.views import PlayerView
from ..rules import DurakRules, parse_rules
from .codec import CODEC, DurakCodec
from .observation import ObservationLayout
from .render import render_text

EPISODES = ("game",)
REWARDS = ("zero_sum", "fool")


def rules_from(value: DurakRules | str) -> DurakRules:
    """A :class:`DurakRules` from a rules value, a preset name or a rules string
    (``"durak(players=2)"``).  Raises :class:`JokerError` (its subclasses
    :class:`~joker.errors.RulesError`, :class:`~joker.errors.InvalidNotationError`)."""
    if isinstance(value, DurakRules):
        return value
    if not isinstance(value, str):
        raise JokerError(f"rules must be a preset name, a rules string or a DurakRules value, not {value!r}")
    return parse_rules(value)


def game_rewards(rules: DurakRules, fool: int | None, kind: str = "zero_sum") -> tuple[float, ...]:
    """Per seat, the reward of a finished game whose fool is ``fool`` (``None``: a draw),
    unscaled (see the module doc)."""
    n = rules.players
    if fool is None:
        return (0.0,) * n
    win = 1.0 / (n - 1) if kind == "zero_sum" else 0.0
    return tuple(-1.0 if s == fool else win for s in range(n))


@dataclass(frozen=True, slots=True)
class Start:
    """The first state of an episode."""

    state: DurakState


class DurakEpisodes:
    """How Durak episodes run and are rewarded (the module doc).  Raises
    :class:`JokerError` for a bad option, naming it and the choices."""

    def __init__(self, rules: DurakRules | str = "durak", episode: str = "game", reward: str | None = None,
                 deal: int | None = None, reward_scale: float = 1.0) -> None:
        self.rules = rules_from(rules)
        if episode not in EPISODES:
            raise JokerError(f"episode={episode!r}: Durak episodes are whole series (episode='game')")
        reward = "zero_sum" if reward is None else reward
        if reward not in REWARDS:
            raise JokerError(f"reward={reward!r}: choose one of {', '.join(REWARDS)}")
        if deal is not None:
            raise JokerError("deal=: Durak has no schedule of deals; leave it out")
        if isinstance(reward_scale, bool) or not isinstance(reward_scale, (int, float)) or not reward_scale > 0:
            raise JokerError(f"reward_scale={reward_scale!r}: a positive number")
        self.episode = episode
        self.reward = reward
        self.reward_scale = float(reward_scale)
        self.codec: DurakCodec = CODEC
        self.layout = ObservationLayout(self.rules)
        self.illegal_reward = -float(self.rules.games) * self.reward_scale
        """Default reward of an illegal action: the worst the episode can give a seat."""

    @property
    def players(self) -> int:
        return self.rules.players

    def start(self, rng: random.Random) -> Start:
        """A new series dealt from a seed drawn from ``rng``."""
        return Start(new_game(self.rules, rng.getrandbits(63)))

    def observe(self, view: PlayerView, start: Start) -> npt.NDArray[np.float32]:
        """The observation tensor of a seat's ``view`` (:mod:`.observation`)."""
        return self.layout.encode(view)

    def rewards(self, before: DurakState, after: DurakState) -> tuple[float, ...] | None:
        """Per seat, the reward of the step ``before`` → ``after``: ``None`` unless a game ended."""
        if len(after.results) == len(before.results):
            return None
        out = [0.0] * self.players
        for fool in after.results[len(before.results):]:
            for s, r in enumerate(game_rewards(self.rules, fool, self.reward)):
                out[s] += r * self.reward_scale
        return tuple(out)

    def info(self, state: DurakState, start: Start) -> dict[str, Any]:
        """``game``: the 0-based game of the series in play (the last when over)."""
        return {"game": state.game}

    def render(self, state: DurakState, start: Start) -> str:
        """The table as text (:func:`.render.render_text`)."""
        return render_text(state)

    def describe(self) -> str:
        what = "one game" if self.rules.games == 1 else f"a series of {self.rules.games} games"
        return f"{self.rules}: {what} per episode, reward = {self.reward} x {self.reward_scale:g}"
