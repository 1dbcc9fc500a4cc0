"""Joker as an OpenSpiel game, registered as ``python_joker`` on import.

    >>> import pyspiel, joker.env.openspiel
    >>> game = pyspiel.load_game("python_joker", {"preset": "camp", "episode": "deal"})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()
    True

The game is played by the :mod:`joker` engine; OpenSpiel sees:

* **Chance made explicit.**  ``episode="deal"`` first draws which deal of the
  schedule is played (outcome = its 0-based index, uniform), then its dealer
  (outcome = seat, uniform); a whole game (``episode="game"``) draws the first
  dealer only under drawn-dealer rules (RULES.md §3).  Then every deal's cards
  are chance outcomes one at a time (outcome = the card id of
  :mod:`joker.cards`, uniform over the undealt cards), in dealing order from
  the first hand round to the dealer, then the turned-up card when a stock is
  left and the trump is not chosen (RULES.md §5), and under the house rule
  ``turned_joker=next_card`` one more per turned joker.
* **Decisions**: the action ids of :mod:`joker.games.joker.rl.codec`
  (``num_distinct_actions`` = the codec's size), legal ids ascending.
* **Observations**: the tensor of :mod:`joker.games.joker.rl.observation` (observation:
  the seat's view now; information state: the same plus every finished trick
  of the deal), and strings: the observation string is the seat's view in
  words; the information-state string is the whole public history (each
  deal's header — size, kind, dealer, turned card — and every decision in
  notation) plus the cards the seat sees now.  Both are built from
  :func:`~joker.games.joker.engine.views.view_of` only.
* **Returns**: at the end, per seat, the game total (RULES.md §10) for a whole
  game, the deal score (§8, §9) for one deal; 0 before.  General-sum.

Game parameters (OpenSpiel's game strings cannot hold a full joker rules
string, so it comes in parts):

=============  ==============  ==============================================================
parameter      default         meaning
=============  ==============  ==============================================================
``preset``     bus-angeles     a preset name (:data:`joker.games.joker.rules.PRESETS`)
``players``    0               number of players; 0 keeps the preset's
``schedule``   ""              deal schedule in joker's syntax with ``;`` for ``,``
                               (``1;2|9:dark``); one deal needs a trailing ``;`` (``9;``),
                               as OpenSpiel reads a bare number as an integer;
                               "" keeps the preset's
``options``    ""              other rules fields as ``name:value`` pairs separated by ``;``
                               (``khishti:-500;must_trump:false``)
``episode``    game            ``game`` (the whole schedule) or ``deal`` (one deal)
=============  ==============  ==============================================================

:func:`load` builds the game from a :class:`~joker.games.joker.rules.Rules` or a rules string.
:meth:`JokerState.resample_from_infostate` deals the cards a seat cannot see
anew, consistently with everything its view shows (so OpenSpiel's
``ISMCTSBot`` can search the game).

One job per module: :mod:`.params` (game parameters), :mod:`.dealing` (the
cards as chance outcomes), :mod:`.strings` (observation and information-state
strings), :mod:`.resample` (resampling through the bots' sampler),
:mod:`.observer` (the Python observer) and :mod:`.game` (``JokerGame`` and
``JokerState``).
"""

from __future__ import annotations

from .game import GameConfig, JokerGame, JokerState, config_of, load, register, utility_bounds
from .observer import JokerObserver
from .params import DEFAULT_PARAMS, GAME_NAME, MAX_PLAYERS, params_from_rules, rules_from_params

register()

__all__ = [
    "DEFAULT_PARAMS",
    "GAME_NAME",
    "MAX_PLAYERS",
    "GameConfig",
    "JokerGame",
    "JokerObserver",
    "JokerState",
    "config_of",
    "load",
    "params_from_rules",
    "rules_from_params",
    "utility_bounds",
]
