"""OpenSpiel game parameters of ``python_joker`` and the rules they stand for.

OpenSpiel's game strings cannot hold a full joker rules string, so it comes in
parts (the table of :mod:`joker.env.openspiel`): ``preset``, ``players``,
``schedule`` (``;`` for ``,``), ``options`` (``name:value;…``) and ``episode``.
"""

from __future__ import annotations

from typing import Any

from joker.errors import JokerError
from joker.games.joker.rules import PRESETS, Rules, format_rules, preset
from joker.games.joker.rl.episode import rules_from

from ..spiel_params import changes_of, merged

GAME_NAME = "python_joker"
DEFAULT_PARAMS: dict[str, Any] = {"preset": "bus-angeles", "players": 0, "schedule": "", "options": "", "episode": "game"}
MAX_PLAYERS = 10


def rules_from_params(params: dict[str, Any]) -> Rules:
    """The :class:`Rules` of OpenSpiel game parameters (see the module table).
    Raises :class:`~joker.errors.JokerError` naming the bad parameter."""
    p = merged(params, DEFAULT_PARAMS)
    schedule = str(p["schedule"]).replace(" ", "").strip(";")
    changes = changes_of(p, "khishti:-500", schedule=schedule.replace(";", ","))
    rules = preset(str(p["preset"]))
    return rules.replace(**changes) if changes else rules


def params_from_rules(rules: Rules | str, episode: str = "game") -> dict[str, Any]:
    """OpenSpiel parameters for ``rules`` (the inverse of :func:`rules_from_params`).
    Raises :class:`~joker.errors.JokerError` for a rule set whose values cannot
    be written in a game string (a schedule or option value holding ``;`` or ``:``)."""
    rules = rules_from(rules)
    base = PRESETS[rules.preset]
    params: dict[str, Any] = {**DEFAULT_PARAMS, "preset": rules.preset, "episode": episode}
    if rules.players != base.players:
        params["players"] = rules.players
    if rules.schedule != base.schedule:
        schedule = rules.schedule.replace(",", ";")
        params["schedule"] = schedule + ";" if schedule.isdigit() else schedule  # a bare number would be an int
    text = format_rules(rules)
    if "(" in text:
        items = []
        for part in _split_options(text[text.index("(") + 1 : -1]):
            name, _, value = part.partition("=")
            if name in ("players", "schedule"):
                continue
            value = value.strip("'\"")
            if ";" in value or ":" in value:
                raise JokerError(f"rules option {name}={value!r} cannot be written as an OpenSpiel parameter")
            items.append(f"{name}:{value}")
        params["options"] = ";".join(items)
    return params


def _split_options(text: str) -> list[str]:
    """The ``name=value`` items of a rules string's parentheses (commas inside quotes kept)."""
    out, cur = [], ""
    quote = None
    for ch in text:
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == ",":
            out.append(cur)
            cur = ""
            continue
        cur += ch
    if cur:
        out.append(cur)
    return out
