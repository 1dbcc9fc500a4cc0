"""Joker — or any game of the registry with an RL plug-in — as a Gymnasium
environment: one seat (the agent) against bots.

    >>> import gymnasium, joker.env.gymnasium
    >>> e = gymnasium.make("joker/Joker-v0", preset="bus-angeles", episode="deal", opponents="random")
    >>> obs, info = e.reset(seed=1)
    >>> obs.shape == e.observation_space.shape
    True

* ``game``: the registry name of the game (default ``"joker"``); its RL
  plug-in (:mod:`joker.env.plugin`) gives the spaces, episodes and rewards.
* Observation: the game's float32 tensor (Joker's: :mod:`joker.games.joker.rl.observation`),
  built from the agent's own view only.
* Actions: ``Discrete`` ids of the game's codec (Joker's: :mod:`joker.games.joker.rl.codec`).
  :meth:`JokerEnv.action_masks`
  (the method ``sb3_contrib``'s ``MaskablePPO`` calls) and ``info["action_mask"]``
  give the legal ones.  An illegal id ends the episode at once with reward
  ``illegal_reward`` (default: the game's; Joker's is minus the largest
  absolute deal score of the schedule × ``reward_scale``) and ``info["illegal_action"] = True``.
* ``seat``: the agent's seat (0-based), or None for a seat drawn each episode.
  ``opponents``: one bot name of the game (:func:`joker.bots.bots_of`; default
  ``"heuristic"``) for every other seat, or a sequence with one entry per
  other seat (in seat order), each a bot name, a factory ``seed -> Bot`` or a
  :class:`~joker.bots.Bot`.  Bots made here are seeded from the episode's
  random stream, so ``reset(seed=…)`` replays the same episode.
* Episodes and rewards: the game's (Joker's: :mod:`joker.games.joker.rl.episode`).  The reward of a step is the
  agent's reward earned from its action up to its next decision (the bots'
  moves in between included).
* ``render_mode="ansi"`` returns the game's text picture of the table, ``"human"`` prints it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Union

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from joker import registry
from joker.bots import Bot, bots_of, make_bot
from joker.errors import JokerError
from .plugin import Episodes, Start, episodes
from .render import render_mode_output

ENV_ID = "joker/Joker-v0"
"""The id registered with Gymnasium on import."""

Opponent = Union[str, Bot, Callable[[int], Bot]]


class JokerEnv(gym.Env):
    """One seat of Joker (or of ``game``) against bots (see the module docstring).

    Raises :class:`~joker.errors.JokerError` for a bad option, naming it.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        preset: Any = "bus-angeles",
        *,
        seat: int | None = 0,
        opponents: Opponent | Sequence[Opponent] = "heuristic",
        episode: str = "game",
        reward: str | None = None,
        deal: int | None = None,
        reward_scale: float = 1.0,
        illegal_reward: float | None = None,
        render_mode: str | None = None,
        game: str | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise JokerError(f"render_mode={render_mode!r}: choose one of {', '.join(self.metadata['render_modes'])}")
        self.render_mode = render_mode
        self.game = game or registry.DEFAULT
        self.config: Episodes = episodes(self.game, preset, episode, reward, deal, reward_scale)
        self._view_of = registry.game(self.game).view_of
        n = self.config.players
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise JokerError(f"seat={seat!r}: a seat 0..{n - 1}, or None for a seat drawn each episode")
        self.seat_option = seat
        if isinstance(opponents, (str, Bot)) or callable(opponents):
            opponents = [opponents] * (n - 1)
        others = list(opponents)
        if len(others) != n - 1:
            raise JokerError(f"opponents: {len(others)} given, {n - 1} needed (one per other seat)")
        bots = bots_of(self.game)
        for o in others:
            if isinstance(o, str) and o not in bots:
                raise JokerError(f"unknown bot {o!r}; bots: {', '.join(bots)}")
            if not isinstance(o, (str, Bot)) and not callable(o):
                raise JokerError(f"opponent {o!r}: a bot name, a Bot or a factory seed -> Bot")
        self.opponents: list[Opponent] = others
        self.illegal_reward = self.config.illegal_reward if illegal_reward is None else float(illegal_reward)
        layout, codec = self.config.layout, self.config.codec
        self.observation_space = spaces.Box(layout.low, layout.high, dtype=np.float32)
        self.action_space = spaces.Discrete(codec.size)
        self._rng = random.Random()
        self.state: Any = None
        self.start: Start | None = None
        """The episode's start (its first state, and what the game's observation needs besides)."""
        self.seat = 0 if seat is None else seat
        self.bots: dict[int, Bot] = {}
        self._done = True

    # -- API --------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start an episode; the bots play until the agent's first decision.
        Returns ``(observation, info)``."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        rng = self._rng
        self.start = self.config.start(rng)
        self.state = self.start.state
        n = self.config.players
        self.seat = rng.randrange(n) if self.seat_option is None else self.seat_option
        others = [s for s in range(n) if s != self.seat]
        self.bots = {}
        for s, o in zip(others, self.opponents):
            bot_seed = rng.getrandbits(63)
            if isinstance(o, str):
                self.bots[s] = make_bot(o, bot_seed, game=self.game)
            elif isinstance(o, type) or not isinstance(o, Bot):
                self.bots[s] = o(bot_seed)  # a factory (a bot class included)
            else:
                self.bots[s] = o
        self._done = False
        self._play_bots()  # no deal ends before the agent's first decision: nothing to reward
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
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

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Legal action ids as a bool ``(n_actions,)`` array (all False when the episode is over)."""
        if self.state is None or self._done:
            return np.zeros(self.config.codec.size, dtype=bool)
        return self.config.codec.mask(self._view_of(self.state, self.seat), dtype=bool)

    def render(self) -> str | None:
        """``ansi``: the table as text; ``human``: print it.  Without a render mode: a warning."""
        text = None if self.start is None else self.config.render(self.state, self.start)
        return render_mode_output(self.render_mode, text)

    def close(self) -> None:
        """Nothing to release."""

    # -- internals ------------------------------------------------------------------
    def _play_bots(self) -> float:
        """Let the bots move until the agent is to act or the game ends; the agent's reward meanwhile."""
        total = 0.0
        state = self.state
        while not state.is_terminal() and state.current_player != self.seat:
            p = state.current_player
            view = self._view_of(state, p)
            move = self.bots[p].choose(view)
            before = state
            state = state.apply(move)
            self.state = state
            total += self._reward(before)
        return total

    def _reward(self, before: Any) -> float:
        r = self.config.rewards(before, self.state)
        return 0.0 if r is None else float(r[self.seat])

    def _observation(self) -> npt.NDArray[np.float32]:
        assert self.start is not None
        return self.config.observe(self._view_of(self.state, self.seat), self.start)

    def _info(self) -> dict[str, Any]:
        assert self.start is not None
        view = self._view_of(self.state, self.seat)
        return {"action_mask": self.config.codec.mask(view), "seat": self.seat,
                **self.config.info(self.state, self.start)}


def _register() -> None:
    if ENV_ID not in gym.registry:
        gym.register(id=ENV_ID, entry_point="joker.env.gymnasium:JokerEnv")


_register()
