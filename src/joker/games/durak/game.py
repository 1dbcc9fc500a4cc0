"""Durak through the game protocol (:class:`joker.game.Game`): the object
:mod:`joker.registry` hands out as ``"durak"``, made of this package's rules,
engine, views and records (RULES.md §13).  ``start`` in ``new_game`` is the
seat attacking first in game 1 (``None``: §13.3)."""

from __future__ import annotations

from joker.game import PackageGame

from .actions import Action, parse_action
from .engine.state import DurakState, new_game
from .engine.views import public_view, view_of
from .record import DurakRecord, record_of, replay_steps, start_of
from .rules import PRESETS, DurakRules, parse_rules

GAME: PackageGame[DurakRules, DurakState, Action, DurakRecord] = PackageGame(
    name="durak",
    rules_parser=parse_rules,
    rule_presets=PRESETS,
    starter=lambda rules, seed, start: new_game(rules, seed, start),
    seat_view=view_of,
    spectator_view=public_view,
    action_parser=parse_action,
    bots_module="joker.games.durak.bots",
    recorder=record_of,
    record_reader=DurakRecord.from_dict,
    record_start=start_of,
    record_steps=replay_steps,
)
