"""``joker play --game durak``: Durak in the terminal, you in seat 1 against
bots (docs/durak.md, "Playing in the terminal").  Called by
:func:`joker.cli.play.play_command` with its options; ``--resume`` of a
Durak record comes here whatever ``--game`` says (:func:`is_durak_record`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console

from joker import registry
from joker.errors import JokerError
from joker.i18n import LANGS, Tr

from ..terminal import Starter, TerminalSession, default_save_path
from .game import GAME
from .session import load_session, new_session, resolve_bots


def is_durak_record(path: Path) -> bool:
    """Whether ``path`` holds a record whose ``"game"`` is Durak (anything unreadable: no)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return isinstance(data, dict) and data.get("game") == GAME


def play_durak(preset: str | None, rules: str | None, players: int | None, seed: str | None, bots: str | None,
               lang: str | None, name: str | None, resume: Path | None, save: Path | None) -> int:
    """Run the Durak terminal game; returns the exit code (raises ``typer.Exit`` for bad options)."""
    console = Console(highlight=False)
    tr = Tr(lang if lang in LANGS else "en", "durak_play")
    start = Starter(tr)
    start.check_lang(lang)
    game: TerminalSession[Any, Any, Any] | None
    if resume is not None:
        ignored = [opt for opt, v in (("--preset", preset), ("--rules", rules), ("--players", players),
                                      ("--seed", seed), ("--name", name)) if v]
        game = start.resume(lambda: load_session(resume, lang=lang, bots=bots, save_path=save, console=console),
                            resume, ignored)
        if game is None:
            return 0
    else:
        lang = lang or "en"
        durak = registry.game(GAME)
        try:
            r = durak.parse_rules(rules or preset or next(iter(durak.presets())))
            if players is not None and players != r.players:
                r = r.replace(players=players)
        except JokerError as e:
            start.fail(tr("bad_rules", error=e))
        try:
            bot_names = resolve_bots(bots, r.players - 1)
        except ValueError as e:
            start.fail_bots(e, r.players - 1)
        if save is not None and save.exists():
            start.fail(tr("save_exists", path=save))
        game = new_session(r, seed, bot_names, save if save is not None else default_save_path(), name=name,
                           lang=lang, console=console)
        game.welcome()
    return game.run()
