"""Replays: eight Durak series recorded with the engine before its speed-up
(``evolve`` instead of ``dataclasses.replace``, shared public view facts),
replayed on the engine as it is now.  Every action must still be legal, and
the checkpoints (every 40 actions: the state's summary, the legal actions,
the public view and the view of the seat to move) and the final state must
be identical.

The games are data, not computed here: ``tests/data/durak_replays.json`` was
written by :func:`record` on the old engine (``python tests/test_durak_replays.py``
writes it again — only do that on purpose).  Heuristic games also check the
bot: it sees only its view, so a changed view would change its actions.
"""

from __future__ import annotations

import enum
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from joker import registry
from joker.bots import make_bot
from joker.games.durak.engine.state import DurakState
from joker.games.durak.engine.views import PlayerView, public_view, view_of
from joker.games.durak.rules import parse_rules

DATA = Path(__file__).parent / "data" / "durak_replays.json"
CHECK_EVERY = 40
CASES = [  # (rules, bot playing every seat, seed)
    ("durak", "random", 1),
    ("durak", "heuristic", 2),
    ("durak-36", "heuristic", 3),
    ("durak(players=3,show_trump=off)", "random", 4),
    ("durak(players=2,throw_in=neighbours)", "heuristic", 5),
    ("durak(show_trump=once_per_bout,first_bout_limit=5)", "random", 6),
    ("durak(games=3,next_game_lead=onto_fool)", "heuristic", 7),
    ("durak-36(players=3,games=2,throw_in=neighbours)", "random", 8),
]
G = registry.game("durak")


def summary(s: DurakState) -> dict[str, Any]:
    """Every field of the state that the series depends on, as JSON."""
    b = s.bout
    return {"game": s.game, "phase": s.phase.value, "results": list(s.results), "bouts": s.bouts, "idle": s.idle,
            "hands": list(s.hands), "prikups": list(s.prikups), "known": list(s.known), "stock": list(s.stock),
            "discard": s.discard, "shown": s.shown, "trump": None if s.trump is None else int(s.trump),
            "hidden_shown": s.hidden_shown, "actions": len(s.log),
            "bout": None if b is None else [b.leader, b.defender, list(b.attack), list(b.defence)]}


def _plain(x: Any) -> Any:
    if isinstance(x, enum.Enum):
        return x.value
    if isinstance(x, (tuple, list)):
        return [_plain(y) for y in x]
    if hasattr(x, "__dataclass_fields__"):  # an action
        return G.format_action(x)
    return x


def view_json(v: PlayerView) -> dict[str, Any]:
    """Every field of a view but the rules, as JSON."""
    return {f: _plain(getattr(v, f)) for f in v.__dataclass_fields__ if f != "rules"}


def checkpoint(s: DurakState, after: int) -> dict[str, Any]:
    p = s.current_player
    return {"after": after, "state": summary(s), "legal": [G.format_action(x) for x in s.legal_actions()],
            "public": view_json(public_view(s)), "seat_view": None if p is None else view_json(view_of(s, p))}


def record() -> dict[str, Any]:
    """Play the :data:`CASES` on the engine as it is (see the module doc)."""
    out = []
    for rules_text, bot, seed in CASES:
        rules = parse_rules(rules_text)
        s = G.new_game(rules, f"replay:{seed}")
        rng = random.Random(seed)
        bots = [make_bot(bot, f"replay:{seed}:{p}", game="durak") for p in range(rules.players)]
        actions: list[str] = []
        marks = []
        while not s.is_terminal():
            p = s.current_player
            assert p is not None
            a = rng.choice(s.legal_actions()) if bot == "random" else bots[p].choose(view_of(s, p))
            actions.append(G.format_action(a))
            s = s.apply(a)
            if len(actions) % CHECK_EVERY == 0:
                marks.append(checkpoint(s, len(actions)))
        out.append({"rules": rules_text, "seed": f"replay:{seed}", "bot": bot, "actions": actions,
                    "checkpoints": marks, "final": summary(s), "fools": list(s.fools())})
    return {"note": "8 Durak series recorded with the engine before the evolve speed-up "
                    "(tests/test_durak_replays.py)", "games": out}


GAMES = json.loads(DATA.read_text())["games"]


def test_the_data_covers_the_cases() -> None:
    assert [(g["rules"], g["bot"], g["seed"]) for g in GAMES] == [(r, b, f"replay:{s}") for r, b, s in CASES]
    assert sum(len(g["checkpoints"]) for g in GAMES) >= 40


@pytest.mark.parametrize("i", range(len(CASES)), ids=[f"{r}-{b}" for r, b, _ in CASES])
def test_replay_is_identical(i: int) -> None:
    rec = GAMES[i]
    s = G.new_game(parse_rules(rec["rules"]), rec["seed"])
    marks = iter(rec["checkpoints"])
    mark = next(marks, None)
    bots = [make_bot(rec["bot"], f"{rec['seed']}:{p}", game="durak") for p in range(s.players)]
    for n, text in enumerate(rec["actions"], 1):
        if rec["bot"] == "heuristic":  # the bot, seeing the new engine's view, still chooses the same
            p = s.current_player
            assert p is not None
            assert G.format_action(bots[p].choose(view_of(s, p))) == text, f"action {n}"
        s = s.apply(text)
        if mark is not None and mark["after"] == n:
            assert checkpoint(s, n) == mark, f"checkpoint after action {n}"
            mark = next(marks, None)
    assert mark is None
    assert s.is_terminal()
    assert summary(s) == rec["final"]
    assert list(s.fools()) == rec["fools"]


if __name__ == "__main__":  # pragma: no cover - writes the data again (module doc)
    DATA.write_text(json.dumps(record(), separators=(",", ":")) + "\n")
    print(f"wrote {DATA}", file=sys.stderr)
