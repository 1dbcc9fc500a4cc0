"""A sampling search bot for Durak (RULES.md §13): determinized playouts.

For a decision with a choice, the bot deals the cards it cannot see into
``worlds`` worlds consistent with its view (:func:`..inference.sample_world`:
hands by size and known cards, the prikups, the hidden trump, the stock), and
in every world plays each candidate action out to the end of the game with a
fast policy for every seat (the heuristic bot, or random moves), scoring −1
when it ends the fool and 0 otherwise (RULES.md §13.6; a draw is 0).  It picks
the candidate with the best mean over the same worlds (common random worlds
make the comparison fair), ties to the heuristic's own choice.

Candidates: every legal action, except that a defender's beats are cut to the
cheapest plain cover and the joker for each attack card; at most
``candidates`` of them, the heuristic's choice always among them.

Levels (:data:`LEVELS`): ``easy`` is the heuristic bot itself; ``medium`` and
``hard`` differ in worlds, candidates and the time cap per decision.  A time
cap (``search@40ms``) stops sampling when spent, after at least one world
(a world cut short is dropped), so a decision takes at most the cap plus one
playout, or one world's playouts when the first world alone outlasts the cap.  Worlds come from
the bot's own ``random.Random(seed)`` and the view only, so the choice does not
depend on how the cards the bot cannot see lie — given enough time to finish
its worlds (a cap that stops early makes the choice depend on the machine's speed).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from joker.cards import is_joker

from ..actions import Action, Beat
from ..engine.state import DurakState
from ..engine.views import PlayerView, view_of
from ..inference import sample_world
from . import heuristic


@dataclass(frozen=True)
class Budget:
    """Search effort per decision: ``worlds`` sampled at most, ``candidates`` actions
    compared at most, ``seconds`` the time cap, ``policy`` of the playouts
    (``"heuristic"`` or ``"random"``), ``max_steps`` per playout before the game is
    judged by the cards held (a safety net: games end long before)."""

    worlds: int = 16
    candidates: int = 5
    seconds: float = 0.12
    policy: str = "heuristic"
    max_steps: int = 600


LEVELS: dict[str, Budget] = {
    "medium": Budget(worlds=16, candidates=5, seconds=0.12),
    "hard": Budget(worlds=64, candidates=8, seconds=0.6),
}


def candidates(view: PlayerView, limit: int) -> list[Action]:
    """The actions compared (see the module doc), the heuristic's choice first."""
    first = heuristic.choose(view)
    trump = view.trump
    out: list[Action] = [first]
    best_cover: dict[int, Beat] = {}
    joker_cover: dict[int, Beat] = {}
    rest: list[Action] = []
    for a in view.legal_actions:
        if isinstance(a, Beat):
            if is_joker(a.card):
                joker_cover.setdefault(a.target, a)
            else:
                b = best_cover.get(a.target)
                if b is None or heuristic.value(a.card, trump) < heuristic.value(b.card, trump):
                    best_cover[a.target] = a
        else:
            rest.append(a)
    for a in [*rest, *best_cover.values(), *joker_cover.values()]:
        if a not in out:
            out.append(a)
    return out[:max(1, limit)]


def _policy_action(state: DurakState, seat: int, policy: str, rng: random.Random) -> Action:
    if policy == "random":
        return rng.choice(state.legal_actions())
    return heuristic.choose(view_of(state, seat))


def playout(state: DurakState, me: int, policy: str, rng: random.Random, max_steps: int, games: int) -> float:
    """Play ``state``'s game (the ``games``-th, 0-based) to its end with ``policy``
    for every seat: −1 if ``me`` ends the fool, else 0; cut after ``max_steps``
    decisions and judged by :func:`judge`."""
    steps = 0
    while not state.is_terminal() and len(state.results) == games:
        if steps >= max_steps:
            return judge(state, me)
        p = state.current_player
        assert p is not None
        state = state.apply(_policy_action(state, p, policy, rng))
        steps += 1
    return -1.0 if state.results[games] == me else 0.0


def judge(state: DurakState, me: int) -> float:
    """A game cut short: −(me's share of the cards still held by the players still in),
    0 once ``me`` is out."""
    if not state.active(me):
        return 0.0
    held = [state.hands[s].bit_count() + state.prikups[s].bit_count() for s in range(state.players) if state.active(s)]
    mine = state.hands[me].bit_count() + state.prikups[me].bit_count()
    return -mine / max(1, sum(held))


class SearchBot:
    """The search bot of one level (see the module doc).  ``budget`` overrides the level's."""

    def __init__(self, seed: int | str | None = None, level: str = "medium", budget: Budget | None = None) -> None:
        self.level = level
        self.name = "search" if level == "medium" else f"search-{level}"
        self.budget = budget if budget is not None else LEVELS[level]
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``: the best candidate's mean over the worlds."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        b = self.budget
        cands = candidates(view, b.candidates)
        if len(cands) == 1:
            return cands[0]
        me = view.seat
        assert me is not None
        deadline = time.perf_counter() + b.seconds
        totals = [0.0] * len(cands)
        games = len(view.results)
        for w in range(b.worlds):
            world = sample_world(view, self.rng)
            seed = self.rng.random()
            scores = []
            for a in cands:
                if w and time.perf_counter() >= deadline:
                    break  # a world half played is dropped: every candidate sees the same worlds
                scores.append(playout(world.apply(a), me, b.policy, random.Random(seed), b.max_steps, games))
            if len(scores) < len(cands):
                break
            totals = [t + x for t, x in zip(totals, scores)]
            if time.perf_counter() >= deadline:
                break
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best]
