"""``joker replay FILE`` for a Durak record: every action checked by the
engine (:func:`joker.records.steps`), then the series printed bout by bout
— the attack and defence cards, transfers, shows, jokers and the cards they
pass on, takes, the discards, the draws, the trump change, who went out and
the fool (:mod:`.events`) — or, with ``--json``, a machine summary::

    {"game": "durak", "rules": "durak", "players": [...], "finished": true,
     "games": [{"game": 1, "fool": "Dan", "fool_seat": 4, "bouts": [
         {"bout": 1, "leader": 1, "defender": 2, "pairs": [["8C", "KC"], ["8D", null]],
          "end": "take", "actions": ["8C", "8D", "done", "KC/8C", "take", ...]}, ...]}],
     "fools": [0, 0, 0, 1], "scores": [0, 0, 0, -1]}

Seats in the JSON are 1-based; ``pairs`` is the table as the bout ended
(each attack card and the card that beat it, ``null`` if none), after a
joker only the cards it passed on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from joker import records
from joker.cards import format_card
from joker.errors import RecordError
from joker.game import Game
from joker.games.durak.engine.state import DurakState
from joker.i18n import Tr

from ..terminal import print_invalid_record
from .events import bout_ended, bout_start, events, final_table, game_start, took

GAME = "durak"


def replay_other_game(file: Path, as_json: bool, lang: str = "en") -> bool:
    """Replay ``file`` here when it is a Durak record and return ``True``;
    return ``False`` for a Joker record, which ``joker replay`` then reads as it
    always has.  ``lang``: the language of the account and of the errors (``en``,
    ``ru``).  Exits 1 naming the problem (:func:`~joker.cli.terminal.print_invalid_record`)
    for a file that is not a record of a known game, or the first bad action of a
    Durak record that does not replay."""
    try:
        game, record = records.load(file)
    except RecordError as e:
        print_invalid_record(file, e, lang)
        raise typer.Exit(1)
    if game.name != GAME:
        return False
    try:
        lines, summary = _replay(game, record, lang)
    except RecordError as e:
        print_invalid_record(file, e, lang)
        raise typer.Exit(1)
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False, indent=2))
        return True
    console = Console(highlight=False)
    tr = Tr(lang, "durak_play")
    console.print(tr("replay_title", file=file.name, rules=summary["rules"], players=", ".join(record.players)),
                  style="bold", markup=False, soft_wrap=True)
    for text, style in lines:
        console.print(text, style=style, markup=False, highlight=False, emoji=False, soft_wrap=True)
    return True


def _replay(game: Game, record: Any, lang: str = "en") -> tuple[list[tuple[str, str | None]], dict[str, Any]]:
    """The printed lines (text, style) and the JSON summary of a Durak record.
    Raises :class:`RecordError` naming the first bad action."""
    tr = Tr(lang, "durak_play")
    names = tuple(record.players)
    state: DurakState = game.start_of(record)
    lines: list[tuple[str, str | None]] = []

    def head(ev: Any) -> None:
        lines.append((ev.say(tr), "bold"))

    head(game_start(state, names))
    first = bout_start(state, names)
    if first is not None:
        head(first)
    games: list[dict[str, Any]] = [{"game": 1, "fool": None, "fool_seat": None, "bouts": []}]
    actions: list[str] = []
    count = 0
    for step in records.steps(game, record):
        before, after, action = step.before, step.after, step.action
        assert step.seat is not None  # every Durak action is a seat's
        count += 1
        actions.append(str(action))
        for ev in events(before, step.seat, action, after, names):
            is_head = ev.kind in ("bout", "game", "game_joker", "fool", "draw_game")
            lines.append((ev.say(tr), "bold") if is_head else ("  " + ev.say(tr), None))
        if bout_ended(before, after):
            table = final_table(before, action)
            games[-1]["bouts"].append({
                "bout": len(games[-1]["bouts"]) + 1, "leader": table.leader + 1, "defender": table.defender + 1,
                "pairs": [[format_card(a), None if d is None else format_card(d)]
                          for a, d in zip(table.attack, table.defence)],
                "end": "take" if took(before, action, after) else "discard", "actions": actions,
            })
            actions = []
        if len(after.results) > len(before.results):
            fool = after.results[-1]
            games[-1]["fool"] = None if fool is None else names[fool]
            games[-1]["fool_seat"] = None if fool is None else fool + 1
            if not after.is_terminal():
                games.append({"game": len(games) + 1, "fool": None, "fool_seat": None, "bouts": []})
        state = after
    if state.is_terminal():
        fools = state.fools()
        lines.append((tr("replay_fools", items=", ".join(f"{names[s]} {fools[s]}" for s in range(len(names)))),
                      "bold"))
    else:
        lines.append((tr("replay_unfinished", games=len(state.results), total=state.rules.games, actions=count),
                      None))
    summary = {
        "game": GAME,
        "rules": str(state.rules),
        "players": list(names),
        "finished": state.is_terminal(),
        "games": games,
        "fools": list(state.fools()),
        "scores": list(state.scores()),
    }
    return lines, summary
