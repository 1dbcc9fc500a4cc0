"""Joker — or any game of the registry with an RL plug-in — as a PettingZoo
AEC environment (the classic-games conventions).

    >>> from joker.env.pettingzoo import env
    >>> e = env(preset="bus-angeles", episode="deal")
    >>> e.reset(seed=1)
    >>> for agent in e.agent_iter():
    ...     obs, reward, terminated, truncated, info = e.last()
    ...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
    ...     e.step(action)
    >>> sorted(e.unwrapped.state.results[-1].scores) == sorted(e.unwrapped.state.scores())
    True

* Agents ``player_0`` … ``player_{n-1}`` are the seats (0-based; the table's
  seat k is ``player_{k-1}``).  The agent to act follows the game: the first
  hand bids first, a trick's winner leads the next (RULES.md §3, §7).
* ``game``: the registry name of the game (default ``"joker"``); its RL
  plug-in (:mod:`joker.env.plugin`) gives the spaces, episodes and rewards.
* Observation: a dict with ``observation`` — the float32 tensor of the game
  (Joker's: :mod:`joker.games.joker.rl.observation`), built from the agent's
  own view only — and ``action_mask``, an int8 vector over the ``Discrete``
  action space of the game's codec (Joker's: :mod:`joker.games.joker.rl.codec`),
  all zero when it is not the agent's turn.
* Rewards and episodes: the game's (Joker's: :mod:`joker.games.joker.rl.episode`,
  ``episode="game"`` or ``"deal"``, ``reward="game"`` or ``"deal"``).  At the
  end every agent is terminated; nothing is ever truncated.
* :func:`env` adds the standard wrappers: an illegal action ends the game with
  ``illegal_reward`` for the offender (default: the game's; Joker's is minus the
  largest absolute deal score of the schedule × ``reward_scale``), out-of-range actions raise, and
  the call order is enforced.  :class:`raw_env` raises
  :class:`~joker.errors.IllegalActionError` on an illegal action instead.
* ``render_mode="ansi"`` returns the game's text picture of the table (Joker's:
  every seat's visible cards), ``"human"`` prints it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from joker import registry
from joker.errors import IllegalActionError
from .plugin import Episodes, Start, episodes
from .render import render_mode_output

__all__ = ["env", "raw_env"]


def env(
    preset: Any = "bus-angeles",
    *,
    episode: str = "game",
    reward: str | None = None,
    deal: int | None = None,
    reward_scale: float = 1.0,
    illegal_reward: float | None = None,
    render_mode: str | None = None,
    game: str | None = None,
) -> AECEnv:
    """The wrapped environment (see the module docstring for every option).

    ``preset``: a preset name, a rules string (``"georgian(khishti=-500)"``) or a
    rules value of ``game`` (:class:`~joker.games.joker.rules.Rules` for Joker).
    Raises :class:`~joker.errors.JokerError` for a bad option, naming it.
    """
    raw = raw_env(
        preset, episode=episode, reward=reward, deal=deal, reward_scale=reward_scale, render_mode=render_mode,
        game=game,
    )
    penalty = raw.config.illegal_reward if illegal_reward is None else float(illegal_reward)
    wrapped: AECEnv = wrappers.TerminateIllegalWrapper(raw, illegal_reward=penalty)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]
    """The unwrapped AEC environment; prefer :func:`env`."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "joker_v0", "is_parallelizable": False, "render_fps": 1}

    def __init__(
        self,
        preset: Any = "bus-angeles",
        *,
        episode: str = "game",
        reward: str | None = None,
        deal: int | None = None,
        reward_scale: float = 1.0,
        render_mode: str | None = None,
        game: str | None = None,
    ) -> None:
        EzPickle.__init__(
            self, preset, episode=episode, reward=reward, deal=deal, reward_scale=reward_scale,
            render_mode=render_mode, game=game,
        )
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: choose one of {', '.join(self.metadata['render_modes'])}")
        self.render_mode = render_mode
        self.game = game or registry.DEFAULT
        if self.game != registry.DEFAULT:
            self.metadata = {**self.metadata, "name": f"{self.game}_v0"}
        self.config: Episodes = episodes(self.game, preset, episode, reward, deal, reward_scale)
        n = self.config.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        layout, codec = self.config.layout, self.config.codec
        self.action_spaces = {a: spaces.Discrete(codec.size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(layout.low, layout.high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(codec.size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._rng = random.Random()
        self._view_of = registry.game(self.game).view_of
        self.state: Any = None
        self.start: Start | None = None
        """The episode's start (its first state, and what the game's observation needs besides)."""

    # -- spaces ---------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- API --------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode.  ``seed`` makes it (and the following unseeded resets) reproducible."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.start = self.config.start(self._rng)
        self.state = self.start.state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation dict (fresh arrays)."""
        assert self.start is not None, "reset() first"
        seat = self.possible_agents.index(agent)
        view = self._view_of(self.state, seat)
        return {
            "observation": self.config.observe(view, self.start),
            "action_mask": self.config.codec.mask(view),
        }

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an id of the game's codec).

        Raises :class:`~joker.errors.IllegalActionError` (state unchanged) for an
        illegal id; :func:`env`'s wrapper ends the game with a penalty instead."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.start is not None, "reset() first"
        seat = self.possible_agents.index(agent)
        move = self.config.codec.decode(action)  # raises JokerError for None or an id out of range
        if move not in self.state.legal_actions():
            raise IllegalActionError(
                f"{agent} may not play action {self.config.codec.encode(move)} ({move}) now; legal: "
                + " ".join(f"{self.config.codec.encode(a)}={a}" for a in self.state.legal_actions())
            )
        self._cumulative_rewards[agent] = 0.0
        before = self.state
        self.state = before.apply(move)
        rewards = self.config.rewards(before, self.state)
        self.rewards = (
            dict.fromkeys(self.agents, 0.0)
            if rewards is None
            else {a: rewards[i] for i, a in enumerate(self.possible_agents) if a in self.rewards}
        )
        if self.state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[(seat + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``ansi``: the table as text; ``human``: print it.  Without a render mode: a warning."""
        text = None if self.start is None else self.config.render(self.state, self.start)
        return render_mode_output(self.render_mode, text)

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return str(self.metadata["name"])
