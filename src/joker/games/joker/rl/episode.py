"""Joker's episodes for the PettingZoo and Gymnasium adapters (the
``Episodes`` of :mod:`joker.env.plugin`, met structurally): which game an
episode plays (a whole game, or one deal of the schedule), what each seat
observes and what it is rewarded.

* ``episode="game"``: the whole schedule (24 deals for bus-angeles).
* ``episode="deal"``: one deal per episode — deal ``deal`` of the schedule
  (0-based), or by default a deal drawn uniformly from the schedule for each
  episode; its dealer is drawn uniformly too, so every seat meets every role.
  The deal is played under the same rules, scored alone (no block premium).
* ``reward="deal"``: at the end of each deal every seat gets its deal score
  (RULES.md §8, §9).  ``reward="game"``: every seat gets the change of its game
  total (§10: block premiums and cuts count when a block ends), so an
  episode's rewards add up to the final game total.  ``reward="game"`` needs
  ``episode="game"``; the default reward is the episode's kind.

Rewards are points × ``reward_scale``.  All randomness comes from the
``random.Random`` the caller passes (seeded by the environment's ``reset``):
never from the global ``random`` or ``numpy.random`` states.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from joker.errors import JokerError

from ..engine.state import GameState, new_game
from ..engine.views import PlayerView
from ..rules import DealSpec, Rules, parse_rules
from ..scoring import deal_score, game_totals
from .codec import ActionCodec
from .observation import ObservationLayout
from .render import render_text

EPISODES = ("game", "deal")
REWARDS = ("game", "deal")


def rules_from(value: Rules | str) -> Rules:
    """A :class:`Rules` from a Rules value, a preset name or a rules string
    (``"georgian(khishti=-500)"``).  Raises :class:`~joker.errors.RulesError` or
    :class:`~joker.errors.InvalidNotationError`."""
    if isinstance(value, Rules):
        return value
    if not isinstance(value, str):
        raise JokerError(f"rules must be a preset name, a rules string or a Rules value, not {value!r}")
    return parse_rules(value)


def deal_score_range(rules: Rules, spec: DealSpec) -> tuple[int, int]:
    """The lowest and highest deal score a seat can get in a deal of ``spec``
    (every bid and trick count tried through :func:`~joker.games.joker.scoring.deal_score`)."""
    c = spec.cards
    bids: list[int | None] = list(range(c + 1)) if spec.has_bids else [None]
    scores = [deal_score(rules, spec, b, t) for b in bids for t in range(c + 1)]
    return min(scores), max(scores)


@lru_cache(maxsize=64)
def one_deal_rules(rules: Rules, index: int) -> Rules:
    """``rules`` cut down to deal ``index`` of its schedule alone (same size and
    kind; no specials appended, no block premium)."""
    spec = rules.deals[index]
    return rules.replace(schedule=str(spec), specials=(), premium="none")


@dataclass(frozen=True, slots=True)
class Start:
    """The first state of an episode, and (one-deal episodes) the deal's place in the schedule."""

    state: GameState
    deal_number: int | None


class EpisodeConfig:
    """How episodes are cut from ``rules`` and rewarded (see the module docstring).

    ``codec`` and ``layout`` belong to the whole schedule, so spaces stay the
    same in every episode.  Raises :class:`~joker.errors.JokerError` for a bad
    option, naming it and the choices.
    """

    def __init__(
        self,
        rules: Rules | str = "bus-angeles",
        episode: str = "game",
        reward: str | None = None,
        deal: int | None = None,
        reward_scale: float = 1.0,
    ) -> None:
        self.rules = rules_from(rules)
        if episode not in EPISODES:
            raise JokerError(f"episode={episode!r}: choose one of {', '.join(EPISODES)}")
        reward = episode if reward is None else reward
        if reward not in REWARDS:
            raise JokerError(f"reward={reward!r}: choose one of {', '.join(REWARDS)}")
        if episode == "deal" and reward == "game":
            raise JokerError("reward='game' needs episode='game': a single deal has no game total (use reward='deal')")
        if deal is not None:
            if episode != "deal":
                raise JokerError("deal= picks the deal of a one-deal episode: use it with episode='deal'")
            if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < len(self.rules.deals):
                raise JokerError(f"deal={deal!r}: a deal index 0..{len(self.rules.deals) - 1} of the schedule")
        if not isinstance(reward_scale, (int, float)) or not reward_scale > 0:
            raise JokerError(f"reward_scale={reward_scale!r}: a positive number")
        self.episode = episode
        self.reward = reward
        self.deal = deal
        self.reward_scale = float(reward_scale)
        self.codec = ActionCodec(self.rules)
        self.layout = ObservationLayout(self.rules)
        ranges = [deal_score_range(self.rules, spec) for spec in self.rules.deals]
        worst = max(max(abs(lo), abs(hi)) for lo, hi in ranges)
        self.illegal_reward = -float(worst) * self.reward_scale
        """Default reward of an illegal action: minus the largest absolute deal score of the schedule."""

    @property
    def players(self) -> int:
        return self.rules.players

    def start(self, rng: random.Random) -> Start:
        """A new episode's first state, drawn with ``rng``."""
        seed = rng.getrandbits(63)
        if self.episode == "game":
            return Start(new_game(self.rules, seed=seed), None)
        index = self.deal if self.deal is not None else rng.randrange(len(self.rules.deals))
        dealer = rng.randrange(self.rules.players)
        return Start(new_game(one_deal_rules(self.rules, index), seed=seed, first_dealer=dealer), index)

    def rewards(self, before: GameState, after: GameState) -> tuple[float, ...] | None:
        """Per seat, the reward of the step from ``before`` to ``after``: None
        when no deal ended in it."""
        if len(after.results) == len(before.results):
            return None
        if self.reward == "deal":
            points = after.results[-1].scores
        else:
            now = game_totals(after.rules, after.results)
            was = game_totals(before.rules, before.results)
            points = tuple(a - b for a, b in zip(now, was))
        return tuple(p * self.reward_scale for p in points)

    def observe(self, view: PlayerView, start: Start) -> npt.NDArray[np.float32]:
        """The observation tensor of ``view`` (:mod:`.observation`); a one-deal
        episode shows the deal's place in the whole schedule."""
        return self.layout.encode(view, deal_number=start.deal_number)

    def info(self, state: GameState, start: Start) -> dict[str, Any]:
        """``deal``: the place in the schedule of the deal in play (0-based)."""
        return {"deal": state.deal_index if start.deal_number is None else start.deal_number}

    def render(self, state: GameState, start: Start) -> str:
        """The table as text (:func:`.render.render_text`), titled with the whole rules."""
        return render_text(state, start.deal_number, str(self.rules))

    def describe(self) -> str:
        what = "whole games" if self.episode == "game" else (
            "one deal drawn from the schedule" if self.deal is None else f"deal {self.deal} of the schedule"
        )
        return f"{self.rules}: {what}, reward = {self.reward} points x {self.reward_scale:g}"
