"""The RL plug-in: what the PettingZoo and Gymnasium adapters need of a game
beyond :mod:`joker.game`.

A game offers it as ``registry.plugin(name, "rl")`` (Joker's is
``joker.games.joker.rl.PLUGIN``; a single-module game puts it in its
``PLUGINS`` dict).  The protocol is structural: a game never imports this
package (a game does not import an application).

The plug-in's :meth:`RLPlugin.episodes` turns a rule set and the episode
options into an :class:`Episodes`: the **action codec** (every action as one id
of a flat ``Discrete`` space, legal-action masks), the **observation layout**
(a float32 vector of named segments built from one seat's view only, with its
bounds), how an episode starts (all randomness from the ``random.Random`` the
adapter passes) and what each seat is rewarded.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from joker import registry


class ActionCodec(Protocol):
    """Actions ↔ ids ``0 … size − 1`` of one rule set."""

    @property
    def size(self) -> int: ...

    def encode(self, action: Any) -> int:
        """The id of ``action``.  Raises :class:`~joker.errors.JokerError` for a non-action."""
        ...

    def decode(self, action_id: Any) -> Any:
        """The action of ``action_id`` (an int, numpy ints included).  Raises
        :class:`~joker.errors.JokerError` for anything else or an id out of range."""
        ...

    def mask(self, legal: Any, dtype: type = np.int8) -> npt.NDArray[Any]:
        """A fresh ``(size,)`` array, 1 at the ids of a view's (or an action list's) legal actions."""
        ...


class ObservationLayout(Protocol):
    """The observation vector of one rule set: ``size`` values bounded by ``low`` … ``high``."""

    @property
    def size(self) -> int: ...

    @property
    def low(self) -> npt.NDArray[np.float32]: ...

    @property
    def high(self) -> npt.NDArray[np.float32]: ...


class Start(Protocol):
    """The first state of an episode, with whatever the game's observation and
    rendering need besides (Joker: the deal's place in the schedule)."""

    @property
    def state(self) -> Any: ...


class Episodes(Protocol):
    """How episodes are cut from a rule set, observed and rewarded."""

    @property
    def rules(self) -> Any: ...

    @property
    def players(self) -> int: ...

    @property
    def codec(self) -> ActionCodec: ...

    @property
    def layout(self) -> ObservationLayout: ...

    @property
    def illegal_reward(self) -> float:
        """The default reward of an illegal action."""
        ...

    def start(self, rng: random.Random) -> Start:
        """A new episode, drawn with ``rng`` only."""
        ...

    def observe(self, view: Any, start: Start) -> npt.NDArray[np.float32]:
        """A fresh float32 ``(layout.size,)`` vector of one seat's ``view`` in the episode ``start`` began."""
        ...

    def rewards(self, before: Any, after: Any) -> tuple[float, ...] | None:
        """Per seat, the reward of the step from ``before`` to ``after`` (``None``: nothing to reward)."""
        ...

    def info(self, state: Any, start: Start) -> dict[str, Any]:
        """The game's entries of the Gymnasium ``info`` dict (Joker: ``deal``)."""
        ...

    def render(self, state: Any, start: Start) -> str:
        """The table as text (``ansi`` render mode)."""
        ...

    def describe(self) -> str:
        """One line: the rules, the episodes and the reward."""
        ...


class RLPlugin(Protocol):
    """A game's RL plug-in (see the module doc)."""

    def episodes(self, rules: Any, *, episode: str, reward: str | None, deal: int | None,
                 reward_scale: float) -> Episodes:
        """The episodes of ``rules`` (a rules value, a preset name or a rules string).
        Raises :class:`~joker.errors.JokerError` for a bad option, naming it."""
        ...


def episodes(game: str | None, rules: Any, episode: str, reward: str | None, deal: int | None,
             reward_scale: float) -> Episodes:
    """The :class:`Episodes` of ``game`` (``None``: the default game) for these options.
    Raises :class:`~joker.errors.JokerError` for an unknown game, one without an RL
    plug-in, or a bad option."""
    plugin: RLPlugin = registry.plugin(game or registry.DEFAULT, "rl")
    return plugin.episodes(rules, episode=episode, reward=reward, deal=deal, reward_scale=reward_scale)
