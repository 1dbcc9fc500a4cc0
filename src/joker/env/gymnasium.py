"""Joker as a Gymnasium environment: one seat (the agent) against bots.

    >>> import gymnasium, joker.env.gymnasium
    >>> e = gymnasium.make("joker/Joker-v0", preset="bus-angeles", episode="deal", opponents="random")
    >>> obs, info = e.reset(seed=1)
    >>> obs.shape == e.observation_space.shape
    True

* Observation: the float32 tensor of :mod:`joker.env.observation`, built from
  the agent's own :class:`~joker.games.joker.engine.views.PlayerView` only.
* Actions: ``Discrete`` ids of :mod:`joker.env.codec`.  :meth:`JokerEnv.action_masks`
  (the method ``sb3_contrib``'s ``MaskablePPO`` calls) and ``info["action_mask"]``
  give the legal ones.  An illegal id ends the episode at once with reward
  ``illegal_reward`` (default: minus the largest absolute deal score of the
  schedule × ``reward_scale``) and ``info["illegal_action"] = True``.
* ``seat``: the agent's seat (0-based), or None for a seat drawn each episode.
  ``opponents``: one bot name of :data:`joker.bots.BOTS` (default
  ``"heuristic"``) for every other seat, or a sequence with one entry per
  other seat (in seat order), each a bot name, a factory ``seed -> Bot`` or a
  :class:`~joker.bots.Bot`.  Bots made here are seeded from the episode's
  random stream, so ``reset(seed=…)`` replays the same episode.
* Episodes and rewards: :mod:`joker.env.episode`.  The reward of a step is the
  agent's reward earned from its action up to its next decision (the bots'
  moves in between included).
* ``render_mode="ansi"`` returns a text picture of the table, ``"human"`` prints it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Union

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from joker.bots import BOTS, Bot, make_bot
from joker.games.joker.engine.state import GameState
from joker.games.joker.engine.views import view_of
from joker.errors import JokerError
from joker.games.joker.rules import Rules
from .episode import EpisodeConfig
from .render import render_mode_output

ENV_ID = "joker/Joker-v0"
"""The id registered with Gymnasium on import."""

Opponent = Union[str, Bot, Callable[[int], Bot]]


class JokerEnv(gym.Env):
    """One seat of Joker against bots (see the module docstring).

    Raises :class:`~joker.errors.JokerError` for a bad option, naming it.
    """

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        preset: Rules | str = "bus-angeles",
        *,
        seat: int | None = 0,
        opponents: Opponent | Sequence[Opponent] = "heuristic",
        episode: str = "game",
        reward: str | None = None,
        deal: int | None = None,
        reward_scale: float = 1.0,
        illegal_reward: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise JokerError(f"render_mode={render_mode!r}: choose one of {', '.join(self.metadata['render_modes'])}")
        self.render_mode = render_mode
        self.config = EpisodeConfig(preset, episode, reward, deal, reward_scale)
        n = self.config.players
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise JokerError(f"seat={seat!r}: a seat 0..{n - 1}, or None for a seat drawn each episode")
        self.seat_option = seat
        if isinstance(opponents, (str, Bot)) or callable(opponents):
            opponents = [opponents] * (n - 1)
        opponents = list(opponents)
        if len(opponents) != n - 1:
            raise JokerError(f"opponents: {len(opponents)} given, {n - 1} needed (one per other seat)")
        for o in opponents:
            if isinstance(o, str) and o not in BOTS:
                raise JokerError(f"unknown bot {o!r}; bots: {', '.join(BOTS)}")
            if not isinstance(o, (str, Bot)) and not callable(o):
                raise JokerError(f"opponent {o!r}: a bot name, a Bot or a factory seed -> Bot")
        self.opponents = opponents
        self.illegal_reward = self.config.illegal_reward if illegal_reward is None else float(illegal_reward)
        layout, codec = self.config.layout, self.config.codec
        self.observation_space = spaces.Box(layout.low, layout.high, dtype=np.float32)
        self.action_space = spaces.Discrete(codec.size)
        self._rng = random.Random()
        self.state: GameState | None = None
        self.deal_number: int | None = None
        self.seat = 0 if seat is None else seat
        self.bots: dict[int, Bot] = {}
        self._done = True

    # -- API --------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        """Start an episode; the bots play until the agent's first decision.
        Returns ``(observation, info)``."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        rng = self._rng
        start = self.config.start(rng)
        self.state, self.deal_number = start.state, start.deal_number
        n = self.config.players
        self.seat = rng.randrange(n) if self.seat_option is None else self.seat_option
        others = [s for s in range(n) if s != self.seat]
        self.bots = {}
        for s, o in zip(others, self.opponents):
            bot_seed = rng.getrandbits(63)
            if isinstance(o, str):
                self.bots[s] = make_bot(o, bot_seed)
            elif isinstance(o, type) or not isinstance(o, Bot):
                self.bots[s] = o(bot_seed)  # a factory (a bot class included)
            else:
                self.bots[s] = o
        self._done = False
        self._play_bots()  # no deal ends before the agent's first decision: nothing to reward
        return self._observation(), self._info()

    def step(self, action: int):
        """Play the agent's action, then the bots' until the agent's next decision.
        Returns ``(observation, reward, terminated, truncated, info)``."""
        if self.state is None or self._done:
            raise JokerError("the episode is over: call reset() first")
        codec = self.config.codec
        try:
            move = codec.decode(action)
        except JokerError:
            move = None
        if move is None or move not in self.state.legal_actions():
            self._done = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, True, False, info
        before = self.state
        self.state = before.apply(move)
        reward = self._reward(before)
        reward += self._play_bots()
        self._done = self.state.is_terminal()
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self._done, False, self._info()

    def action_masks(self) -> np.ndarray:
        """Legal action ids as a bool ``(n_actions,)`` array (all False when the episode is over)."""
        if self.state is None or self._done:
            return np.zeros(self.config.codec.size, dtype=bool)
        return self.config.codec.mask(view_of(self.state, self.seat), dtype=bool)

    def render(self) -> str | None:
        """``ansi``: the table as text; ``human``: print it.  Without a render mode: a warning."""
        return render_mode_output(self.render_mode, self.state, self.deal_number, str(self.config.rules))

    def close(self) -> None:
        """Nothing to release."""

    # -- internals ------------------------------------------------------------------
    def _play_bots(self) -> float:
        """Let the bots move until the agent is to act or the game ends; the agent's reward meanwhile."""
        total = 0.0
        state = self.state
        while not state.is_terminal() and state.current_player != self.seat:
            p = state.current_player
            view = view_of(state, p)
            move = self.bots[p].choose(view)
            before = state
            state = state.apply(move)
            self.state = state
            total += self._reward(before)
        return total

    def _reward(self, before: GameState) -> float:
        r = self.config.rewards(before, self.state)
        return 0.0 if r is None else float(r[self.seat])

    def _observation(self) -> np.ndarray:
        return self.config.layout.encode(view_of(self.state, self.seat), deal_number=self.deal_number)

    def _info(self) -> dict[str, Any]:
        view = view_of(self.state, self.seat)
        return {
            "action_mask": self.config.codec.mask(view),
            "seat": self.seat,
            "deal": self.state.deal_index if self.deal_number is None else self.deal_number,
        }


def _register() -> None:
    if ENV_ID not in gym.registry:
        gym.register(id=ENV_ID, entry_point="joker.env.gymnasium:JokerEnv")


_register()
