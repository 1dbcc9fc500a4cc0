"""Transfer Durak as an OpenSpiel game, registered as ``python_durak`` on import.

    >>> import pyspiel, joker.env.openspiel_durak
    >>> game = pyspiel.load_game("python_durak", {"players": 2})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 38)

A Durak-specific adapter (the Joker one, :mod:`joker.env.openspiel`, is
built around Joker's deals and schedule); it plays the engine of
:mod:`joker.games.durak` and takes its codec and tensor from the game's RL
plug-in (:mod:`joker.games.durak.rl`).  OpenSpiel sees:

* **Chance made explicit**: the deck of every game of the series is shuffled
  card by card at the start (outcome = the card's slot of
  :mod:`joker.games.durak.rl.codec`, uniform over the game's undealt cards),
  laid out as :func:`~joker.games.durak.engine.deal.deal_from_seed` lays a
  shuffled deck: hands, prikups, the turned trump, the hidden trump, the
  stock.  Who attacks first follows RULES.md §13.3.
* **Decisions**: the ids of the codec (``num_distinct_actions`` = 1479), legal
  ids ascending.
* **Observation tensor**: :mod:`joker.games.durak.rl.observation`; strings: the
  observation string is the seat's view in words, the information-state
  string every public decision in order plus the cards the seat received
  (perfect recall).  Both from :func:`~joker.games.durak.engine.views.view_of`
  and the public decisions only.  No information-state tensor (a perfect
  recall of a Durak game is its whole history, hundreds of decisions).
* **Returns**: at the end, per game of the series, −1 for the fool and
  +1/(n − 1) for every other seat, 0 for a draw: zero-sum.

Parameters (:mod:`.params`): ``preset``, ``players``, ``options``.
"""

from __future__ import annotations

from .game import DurakGame, DurakSpielState, GameConfig, config_of, deal_of_order, load, max_decisions, register
from .observer import DurakObserver
from .params import DEFAULT_PARAMS, GAME_NAME, params_from_rules, rules_from_params

register()

__all__ = [
    "DEFAULT_PARAMS",
    "GAME_NAME",
    "DurakGame",
    "DurakObserver",
    "DurakSpielState",
    "GameConfig",
    "config_of",
    "deal_of_order",
    "load",
    "max_decisions",
    "params_from_rules",
    "register",
    "rules_from_params",
]
