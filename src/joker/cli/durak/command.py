"""``joker play --game durak``: Durak in the terminal, you in seat 1 against
bots (docs/durak.md, "Playing in the terminal").  Called by
:func:`joker.cli.play.play_command` with its options; ``--resume`` of a
Durak record comes here whatever ``--game`` says (:func:`is_durak_record`)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console

from joker import registry
from joker.errors import JokerError
from joker.i18n import LANGS, Tr

from ..play_session import default_save_path
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
    err = Console(stderr=True, highlight=False)
    tr = Tr(lang if lang in LANGS else "en", "durak_play")

    def fail(message: str, code: int = 2) -> NoReturn:
        err.print(f"✗ {message}", markup=False, highlight=False)
        raise typer.Exit(code)

    def fail_bots(e: ValueError, count: int) -> NoReturn:
        key, val = e.args[0]
        fail(tr(key, count=count, given=val, error=val))

    if lang is not None and lang not in LANGS:
        fail(tr("bad_lang", langs=", ".join(LANGS)))
    if sys.stdin.isatty() and os.environ.get("TERM", "") != "dumb":
        try:
            import readline  # noqa: F401  -- line editing and history for input()
        except ImportError:  # pragma: no cover
            pass
    if resume is not None:
        ignored = [opt for opt, v in (("--preset", preset), ("--rules", rules), ("--players", players),
                                      ("--seed", seed), ("--name", name)) if v]
        try:
            game = load_session(resume, lang=lang, bots=bots, save_path=save, console=console)
        except ValueError as e:
            if isinstance(e, JokerError):
                fail(tr("bad_record", path=resume, error=e), 1)
            fail_bots(e, 0)
        game.welcome(resumed_from=resume)
        if ignored:
            game.say(game.tr("resume_ignored", options=", ".join(ignored)))
        if game.state.is_terminal():
            game.say(game.tr("already_over"))
            game.say(game.tr("record_at", path=resume))
            return 0
    else:
        lang = lang or "en"
        durak = registry.game(GAME)
        try:
            r = durak.parse_rules(rules or preset or next(iter(durak.presets())))
            if players is not None and players != r.players:
                r = r.replace(players=players)
        except JokerError as e:
            fail(tr("bad_rules", error=e))
        try:
            bot_names = resolve_bots(bots, r.players - 1)
        except ValueError as e:
            fail_bots(e, r.players - 1)
        if save is not None and save.exists():
            fail(tr("save_exists", path=save))
        game = new_session(r, seed, bot_names, save if save is not None else default_save_path(), name=name,
                           lang=lang, console=console)
        game.welcome()
    return game.run()
