"""An outside reference at our tables: OpenSpiel's C++ ``ISMCTSBot`` (PyPI
``open_spiel``) playing the ``oh-hell`` preset, which is OpenSpiel's
``oh_hell`` game (held to it by ``tests/test_openspiel_diff.py``).

For each decision the adapter builds an OpenSpiel state with the seat's
information: the hidden cards of the other hands are dealt at random
consistently with the seat's :class:`~joker.games.joker.engine.views.PlayerView`
(:mod:`.sampler`) — the ISMCTS bot resamples its own worlds from the seat's
information state, so those cards never guide it — then the turned card,
the bids and the cards played are applied, and the bot's action is mapped
back.  Encodings: ours card = suit·13 + rank with suits S C D H; OpenSpiel's
card action = rank·4 + suit with suits C D S H, a bid b is action 52 + b.
OpenSpiel deals card k of the deal to player k mod n.
"""

from __future__ import annotations

import random
from typing import Any

from ..actions import BIDS, PLAYS, Action, Play
from joker.cards import cards_in
from ..engine.views import PlayerView
from joker.errors import JokerError
from ..rules import Scoring
from ..inference import constraints_of, played_by
from .sampler import sample_world

_OS_SUITS = "CDSH"
_OUR_SUITS = "SCDH"
OS_TO_OURS: tuple[int, ...] = tuple(_OUR_SUITS.index(_OS_SUITS[a % 4]) * 13 + a // 4 for a in range(52))
OURS_TO_OS: dict[int, int] = {c: a for a, c in enumerate(OS_TO_OURS)}

_GAMES: dict[tuple[int, int], Any] = {}


def _game(players: int, tricks: int) -> Any:
    """OpenSpiel's ``oh_hell`` game (cached), a ``pyspiel.Game``."""
    import pyspiel  # imported only when used

    key = (players, tricks)
    if key not in _GAMES:
        _GAMES[key] = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks})
    return _GAMES[key]


def _our_action(a: int) -> Action:
    return PLAYS[OS_TO_OURS[a]] if a < 52 else BIDS[a - 52]


class OpenSpielISMCTSBot:
    """OpenSpiel's ``ISMCTSBot`` with random-rollout evaluation: ``simulations``
    per decision at most, and at most ``seconds`` of wall-clock time.  Only for
    the ``oh-hell`` preset (standard 52-card deck, no jokers, one deal); raises
    :class:`JokerError` elsewhere."""

    name = "ismcts"

    def __init__(self, seed: int | str | None = None, simulations: int = 100_000, seconds: float = 0.02,
                 uct_c: float = 2.0, rollouts: int = 1) -> None:
        self.rng = random.Random(seed)
        self.simulations = simulations
        self.seconds = seconds
        self.uct_c = uct_c
        self.rollouts = rollouts

    def _state(self, view: PlayerView) -> Any:
        rules = view.rules
        if rules.scoring is not Scoring.OH_HELL or rules.has_jokers or len(rules.deals) != 1:
            raise JokerError(f"the OpenSpiel ISMCTS bot plays only the oh-hell preset, not {rules}")
        n, c = rules.players, view.deal.cards
        hands, _ = sample_world(constraints_of(view), self.rng)
        played = played_by(view)
        plays = [a.card for t in view.tricks for _, a in t.plays if isinstance(a, Play)]
        plays += [a.card for _, a in view.trick if isinstance(a, Play)]  # oh-hell: no jokers
        dealt = [sorted(cards_in(hands[p] | played[p])) for p in range(n)]
        state = _game(n, c).new_initial_state()
        state.apply_action(c)
        state.apply_action(view.dealer)
        for k in range(n * c):
            state.apply_action(OURS_TO_OS[dealt[k % n][k // n]])
        state.apply_action(OURS_TO_OS[view.turned[0]])
        for i in range(n):
            b = view.bids[(view.dealer + 1 + i) % n]
            if b is None:
                break
            state.apply_action(52 + b)
        for c in plays:
            state.apply_action(OURS_TO_OS[c])
        if state.current_player() != view.seat:
            raise JokerError("the rebuilt OpenSpiel state is not this seat's turn")  # pragma: no cover
        return state

    def choose(self, view: PlayerView) -> Action:
        """One element of ``view.legal_actions``."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        import pyspiel

        state = self._state(view)
        seed = self.rng.randrange(2**31)
        evaluator = pyspiel.RandomRolloutEvaluator(self.rollouts, seed)
        bot = pyspiel.ISMCTSBot(seed, evaluator, self.uct_c, self.simulations, -1,
                                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False, self.seconds)
        action = _our_action(bot.step(state))
        if action not in legal:
            raise JokerError(f"OpenSpiel's ISMCTS chose {action}, not legal here")  # pragma: no cover
        return action


__all__ = ["OpenSpielISMCTSBot", "OS_TO_OURS", "OURS_TO_OS"]
