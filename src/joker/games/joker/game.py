"""Joker through the game protocol (:class:`joker.game.Game`): the object the
registry hands to the shared machinery, made of this package's engine, rules
and records (RULES.md §1–§12).  Rules strings are :func:`~.rules.parse_rules`'s,
actions the notation of :mod:`.actions`, records :mod:`.record`'s; ``start``
in ``new_game`` is the first dealer."""

from __future__ import annotations

from joker.game import PackageGame

from .actions import Action, parse_action
from .engine.state import GameState, new_game
from .engine.views import public_view, view_of
from .record import GameRecord, record_from_state, replay_steps, start_state
from .rules import PRESETS, Rules, parse_rules

GAME: PackageGame[Rules, GameState, Action, GameRecord] = PackageGame(
    name="joker",
    rules_parser=parse_rules,
    rule_presets=PRESETS,
    starter=lambda rules, seed, start: new_game(rules, seed=seed, first_dealer=start),
    seat_view=view_of,
    spectator_view=public_view,
    action_parser=parse_action,
    bots_module="joker.games.joker.bots",
    recorder=lambda state, players, meta: record_from_state(state, players, None if meta is None else dict(meta)),
    record_reader=GameRecord.from_dict,
    record_start=start_state,
    record_steps=replay_steps,
)
