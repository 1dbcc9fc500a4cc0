"""OpenSpiel game parameters of ``python_durak`` and the rules they stand for.

OpenSpiel's game strings cannot nest a Durak rules string (its parentheses and
commas), so the rules come in parts:

=============  ========  =====================================================================
parameter      default   meaning
=============  ========  =====================================================================
``preset``     durak     a preset name (:data:`joker.games.durak.rules.PRESETS`)
``players``    0         number of players 2…4; 0 keeps the preset's
``options``    ""        other rules fields as ``name:value`` pairs separated by ``;``
                         (``show_trump:off;throw_in:neighbours``)
=============  ========  =====================================================================
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from joker.games.durak.rl.episode import rules_from
from joker.games.durak.rules import PRESETS, DurakRules, preset

from ..spiel_params import changes_of, merged

GAME_NAME = "python_durak"
DEFAULT_PARAMS: dict[str, Any] = {"preset": "durak", "players": 0, "options": ""}


def rules_from_params(params: dict[str, Any]) -> DurakRules:
    """The :class:`DurakRules` of OpenSpiel game parameters (the module table).
    Raises :class:`~joker.errors.JokerError` naming the bad parameter."""
    p = merged(params, DEFAULT_PARAMS)
    changes = changes_of(p, "show_trump:off")
    rules = preset(str(p["preset"]))
    return rules.replace(**changes) if changes else rules


def params_from_rules(rules: DurakRules | str) -> dict[str, Any]:
    """OpenSpiel parameters for ``rules`` (a value, preset name or rules string; the
    inverse of :func:`rules_from_params`)."""
    r = rules_from(rules)
    base = PRESETS[r.preset]
    params: dict[str, Any] = {**DEFAULT_PARAMS, "preset": r.preset}
    if r.players != base.players:
        params["players"] = r.players
    items = []
    for f in dataclasses.fields(r):
        v = getattr(r, f.name)
        if f.name not in ("preset", "players") and getattr(base, f.name) != v:
            items.append(f"{f.name}:{v.value if isinstance(v, Enum) else v}")
    params["options"] = ";".join(items)
    return params
